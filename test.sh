#!/usr/bin/env bash
# Runs every test. Installs nothing the Go toolchain does not fetch itself.
set -euo pipefail
cd "$(dirname "$0")"
go test -count=1 ./...
