#!/usr/bin/env bash
# Runs every test. Besides the Go modules the toolchain fetches, it installs
# Debian's chromium for the web app's browser tests when it is missing and
# this is a root shell with apt-get (as on CI); under CI=true a missing
# browser fails those tests.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v chromium >/dev/null 2>&1 && [ -z "${CHROMIUM:-}" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test.sh: installing chromium for the browser tests (apt-get install chromium)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null ||
    echo "test.sh: could not install chromium; the browser tests will skip (or fail under CI=true)" >&2
fi
# The library's PostgreSQL tests start a throwaway cluster with initdb and
# pg_ctl (Debian's postgresql package); without it they skip (or fail under
# CI=true).
if ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "test.sh: installing postgresql for the library's PostgreSQL tests (apt-get install postgresql)"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; } >/dev/null ||
    echo "test.sh: could not install postgresql; the PostgreSQL tests will skip (or fail under CI=true)" >&2
fi
go test -count=1 ./...
