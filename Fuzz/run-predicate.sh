#!/usr/bin/env bash
# Builds the predicate-language fuzzer with libFuzzer and AddressSanitizer, and runs it.
#
#   Fuzz/run-predicate.sh [SECONDS]     (default 60)
#
# TrellisDiff is compiled first as a static library; the Trellis sources are compiled with the
# fuzz target as one module (named Trellis, as its sources expect) that imports it. The binary
# goes to Fuzz/out/, the growing corpus to Fuzz/corpus-run/predicate/ (both ignored by git); the
# seed corpus in Fuzz/predicate/corpus/ is only read. Crash inputs are written to Fuzz/out/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
out=Fuzz/out
corpus=Fuzz/corpus-run/predicate
mkdir -p "$out" "$corpus"

lib="$out/predicate-lib"
mkdir -p "$lib"
swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
  -module-name TrellisDiff -emit-module -emit-module-path "$lib/TrellisDiff.swiftmodule" \
  -emit-library -static -o "$lib/libTrellisDiff.a" \
  $(find Sources/TrellisDiff -name '*.swift')

swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
  -module-name Trellis -I "$lib" -L "$lib" -lTrellisDiff \
  $(find Sources/Trellis -name '*.swift') \
  Fuzz/predicate/PredicateFuzzer.swift \
  -o "$out/predicate-fuzzer"

# Swift's own crash handler would take the signal before libFuzzer could save the input.
export SWIFT_BACKTRACE=enable=no
"$out/predicate-fuzzer" "$corpus" Fuzz/predicate/corpus \
  -max_total_time="$seconds" -max_len=512 -timeout=10 \
  -artifact_prefix="$out/" -print_final_stats=1
