#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: Swift tests first, then browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
swift test 2>&1 | tee .test-output.log | grep -vE '^(◇|↳)' 
grep -qE 'Test run with [0-9]+ tests? .*passed' .test-output.log

# Browser tests: the demo server in a real headless Chromium, driven by selenium.
bash scripts/browser-test.sh
