#!/usr/bin/env bash
# Builds the names-string fuzzer with libFuzzer and AddressSanitizer, and runs it.
#
#   Fuzz/run-names.sh [SECONDS]     (default 60)
#
# The modules are compiled whole (Fuzz/build-modules.sh) and the target links them. The
# binary goes to Fuzz/out/, the growing corpus to Fuzz/corpus-run/names/ (both ignored by git);
# the seed corpus in Fuzz/names/corpus/ is only read. Crash inputs are written to Fuzz/out/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
out=Fuzz/out
corpus=Fuzz/corpus-run/names
mkdir -p "$out" "$corpus"

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisPropertyNames
fuzz_target Fuzz/names/NamesFuzzer.swift "$out/names-fuzzer" TrellisPropertyNames TrellisValues

# Swift's own crash handler would take the signal before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
"$out/names-fuzzer" "$corpus" Fuzz/names/corpus \
  -max_total_time="$seconds" -max_len=512 -timeout=10 \
  -artifact_prefix="$out/" -print_final_stats=1
