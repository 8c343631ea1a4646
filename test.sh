#!/usr/bin/env bash
# Runs every test: go test -count=1 ./... (under 15 minutes on a 2-core
# machine). Before that, as root with apt-get (as on CI), it installs what
# the optional tests need when it is missing, saying so:
#   - Debian's chromium, for the web app's browser tests (web/browser_test.go);
#   - Debian's postgresql, for the library's PostgreSQL tests (initdb, pg_ctl).
# Without them those tests skip; under CI=true (.ci/run sets it) they fail.
# It says before and after the run which of them run and which skip.
set -euo pipefail
cd "$(dirname "$0")"

have_browser() {
  [ -n "${CHROMIUM:-}" ] && return 0
  local n
  for n in chromium chromium-browser google-chrome headless_shell; do
    command -v "$n" >/dev/null 2>&1 && return 0
  done
  return 1
}
have_postgres() {
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
}
can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; }
updated=
apt_install() { # package, what for
  echo "test.sh: installing $1 for $2 (apt-get install $1, as root)"
  if [ -z "$updated" ]; then apt-get update -qq >/dev/null || true; updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$1" >/dev/null ||
    echo "test.sh: could not install $1" >&2
}

if ! have_browser && can_install; then apt_install chromium "the web app's browser tests"; fi
if ! have_postgres && can_install; then apt_install postgresql "the library's PostgreSQL tests"; fi

report() {
  local verb=$1
  if have_browser; then echo "test.sh: browser tests (chromium): $verb"
  elif [ "${CI:-}" = true ]; then echo "test.sh: browser tests: no chromium, they fail under CI=true"
  else echo "test.sh: browser tests: skipped (no chromium; install it or set CHROMIUM=/path/to/chrome)"; fi
  if have_postgres; then echo "test.sh: PostgreSQL tests (initdb, pg_ctl): $verb"
  elif [ "${CI:-}" = true ]; then echo "test.sh: PostgreSQL tests: no PostgreSQL, they fail under CI=true"
  else echo "test.sh: PostgreSQL tests: skipped (no initdb; apt-get install postgresql)"; fi
}
report "will run"
echo "test.sh: go test -count=1 ./... (a line per package as it ends; several minutes)"
status=0
go test -count=1 ./... || status=$?
report "ran"
exit $status
