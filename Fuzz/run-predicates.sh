#!/usr/bin/env bash
# Builds the predicate language's libFuzzer target (with AddressSanitizer) straight from the
# Trellis sources it needs, and runs it.
#
#   Fuzz/run-predicates.sh [SECONDS]     (default 120)
#
# New inputs go to Fuzz/predicates/corpus-work/ (not committed); crashes are written to
# Fuzz/predicates/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build/fuzz
mkdir -p "$out" Fuzz/predicates/corpus-work Fuzz/predicates/crashes

sources=(
  Fuzz/predicates/PredicatesFuzzer.swift
  Sources/Trellis/Predicates/*.swift
  Sources/Trellis/Values/*.swift
  Sources/Trellis/Bindings/*.swift
  Sources/Trellis/Diagnostics/*.swift
)
swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
  -module-name Trellis -o "$out/predicates-fuzz" "${sources[@]}"

export SWIFT_BACKTRACE=enable=no
# The standard library's regex parser (MATCHES and LIKE compile regexes) keeps allocations that
# LeakSanitizer reports at exit; they are not Trellis's, so leak detection is off.
export ASAN_OPTIONS=detect_leaks=0
"$out/predicates-fuzz" Fuzz/predicates/corpus-work Fuzz/predicates/corpus \
  -max_total_time="$seconds" -max_len=1024 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/predicates/crashes/ -dict=Fuzz/predicates/predicates.dict \
  -detect_leaks=0
