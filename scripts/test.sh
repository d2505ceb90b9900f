#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: Swift tests first, then browser tests.
#
# Each phase has a time limit, so that a hang fails the run with the phase named (and, for the
# Swift tests, with their output up to the hang) instead of stalling it.
set -euo pipefail
cd "$(dirname "$0")/.."

phase() { echo "== $(date -u +%H:%M:%S) $*"; }

# Apple platforms: no target may use a declaration newer than the package's minimums
# (scripts/availability-check.py); and the check must catch one, as it did Atomic under
# macOS 14 and iOS 17.
phase "availability against the Apple minimums"
python3 scripts/availability-check.py
if python3 scripts/availability-check.py --macos 14 --ios 17 > .test-output-availability.log; then
  echo "the availability check let Atomic through under macOS 14 / iOS 17" >&2
  exit 1
fi
grep -q "'Atomic' (Synchronization) needs macOS 15.0" .test-output-availability.log

# SWIFT_BUILD_FLAGS is passed to every swift build of the run (the terminal and browser
# scripts read it too), so that they all build the same way and none builds again.
phase "swift build --build-tests ${SWIFT_BUILD_FLAGS:-}"
# shellcheck disable=SC2086
timeout --kill-after=60 45m swift build ${SWIFT_BUILD_FLAGS:-} --build-tests
# Every product is built: the terminal and browser scripts need not build them again.
export TRELLIS_PRODUCTS_BUILT=1

# The compiler keeps screens, models, sections and drafts on their owner's domain: snippets
# that would share one across domains must not compile (scripts/isolation/).
phase "isolation checks"
timeout --kill-after=30 5m bash scripts/isolation-check.sh

# The REST servers the remote-source tests talk to (Tests/Services): Django REST framework and
# Datasette, installed into a virtual environment and run on loopback; stopped on any exit.
phase "services: start Django REST framework and Datasette"
stop_servers() {
  bash scripts/services.sh stop >/dev/null 2>&1 || true
  bash scripts/postgres.sh stop >/dev/null 2>&1 || true
}
trap stop_servers EXIT
timeout --kill-after=30 10m bash scripts/services.sh start
timeout --kill-after=30 2m bash scripts/services.sh check
# shellcheck source=/dev/null
source .build-services/env
export TRELLIS_REQUIRE_SERVICES=1

# The PostgreSQL server the TrellisPostgres tests use: a throwaway cluster on loopback
# (Debian's postgresql package is installed when missing); stopped on any exit.
phase "postgres: start a throwaway cluster"
timeout --kill-after=30 10m bash scripts/postgres.sh start
# shellcheck source=/dev/null
source .build-postgres-db/env
export TRELLIS_REQUIRE_POSTGRES=1

# Runs `swift test` with the given selection, line-buffered (the log shows every finished test
# even if the run is stopped), into the given log; fails the script with the last tests
# started and ended unless the run passed.
run_swift_tests() {
  local log="$1" status=0
  shift
  timeout --kill-after=60 20m stdbuf -oL -eL swift test --skip-build "$@" 2>&1 \
    | tee "$log" | grep --line-buffered -vE '^(◇|↳)' || status=$?
  if ! grep -qE 'Test run with [0-9]+ tests? .*passed' "$log"; then
    phase "swift test $* did not pass (status $status); the last tests started and ended:"
    grep -E '^(◇|✔|✘)' "$log" | tail -20 || true
    python3 scripts/unfinished-tests.py "$log" || true
    exit 1
  fi
}

# The PostgreSQL suites first, by themselves and one test at a time: they share one database
# server, whose answers they time (side by side, on two cores, an answer now and then took
# longer than a store's timeout), and the rest of the run would compete with it for the
# machine's cores. The terminal host's loop over an async store runs with them: its pages
# arrive through the cooperative pool, which the rest of the run keeps busy for minutes.
alone="TrellisPostgresTests|TrellisTerminalTests.AsyncListHostTests"
phase "swift test: the PostgreSQL suites and the terminal loop over an async store"
run_swift_tests .test-output-postgres.log --no-parallel --filter "$alone"
# Servers sharing one database end equal to it: three stores with 20 sessions, random
# concurrent adds, renames through forms, moves and deletes on the same rows, connections cut
# and a server replaced; every list, a fresh one and the history are checked at rest.
phase "trellis-bench converge: 3 servers × 20 sessions on PostgreSQL, with faults"
timeout --kill-after=30 5m .build/debug/trellis-bench converge \
  --servers 3 --sessions 20 --steps 600 --fault-every 150 --runs 2 --seed 7001
phase "swift test: everything else"
run_swift_tests .test-output.log --skip "$alone"
phase "terminal tests" && timeout --kill-after=60 15m bash scripts/terminal-test.sh

phase "services: stop (PostgreSQL stays up for the browser tests of servers sharing it)"
bash scripts/services.sh stop >/dev/null 2>&1 || true

# Browser tests: the demo server in a real headless Chromium, driven by selenium; two demo
# servers share the PostgreSQL database, which one test restarts.
phase "browser tests"
timeout --kill-after=60 20m bash scripts/browser-test.sh
phase "all tests passed"
