#!/usr/bin/env bash
# Runs tests as if it were another time, given as `date -d` reads it:
#   scripts/test-at.sh 'TZ="America/New_York" 2026-12-05 21:30' --project e2e-money e2e/deposits.test.ts
#
# The clock of this process and of everything it starts (the test run, the server the browser tests
# start, PGlite inside them) is moved to that moment and runs on from there, through libfaketime
# (Debian: apt-get install -y faketime); Chromium keeps the real clock and each page gets the moved
# one (e2e/support/browser.ts). For tests that may depend on the time of day, the weekday or the
# date: Bill Pay's and mobile deposit's cut-offs, the evening hours when the date in UTC is already
# tomorrow's, weekends, Federal Reserve holidays, the first and last day of a month. PostgreSQL
# outside the run keeps the real clock, so use the embedded database (no TEST_DATABASE_URL), and a
# test that compares a file's age with the moved clock sees every file as written long ago or later.
# Not for the cluster tests: the Redis and PostgreSQL servers they start do not serve under
# libfaketime (tried, 2026-11-30).
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: scripts/test-at.sh 'TZ=\"America/New_York\" 2026-12-05 21:30' [vitest args…]" >&2
  exit 2
fi
command -v faketime > /dev/null || { echo 'faketime is not installed (apt-get install -y faketime)' >&2; exit 2; }
target=$(date -d "$1" +%s)
shift
offset=$((target - $(date +%s)))
echo "test-at: $(date -u -d "@$target") (offset ${offset}s)" >&2
# Timers and timeouts keep the real monotonic clock; only the wall clock moves.
export FAKETIME_DONT_FAKE_MONOTONIC=1
if [ "$offset" -lt 0 ]; then shift_by="${offset}s"; else shift_by="+${offset}s"; fi
exec faketime -f "$shift_by" npx vitest run "$@"
