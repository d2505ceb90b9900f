#!/usr/bin/env bash
# Builds the predicate language's libFuzzer target (with AddressSanitizer) against the
# Trellis modules it needs (Fuzz/build-modules.sh), and runs it.
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

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisPredicates TrellisSQL
fuzz_target Fuzz/predicates/PredicatesFuzzer.swift "$out/predicates-fuzz" \
  TrellisSQL TrellisPredicates TrellisValues

export SWIFT_BACKTRACE=enable=no
# The standard library's regex parser (MATCHES and LIKE compile regexes) keeps allocations that
# LeakSanitizer reports at exit; they are not Trellis's, so leak detection is off.
export ASAN_OPTIONS=detect_leaks=0
"$out/predicates-fuzz" Fuzz/predicates/corpus-work Fuzz/predicates/corpus \
  -max_total_time="$seconds" -max_len=1024 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/predicates/crashes/ -dict=Fuzz/predicates/predicates.dict \
  -detect_leaks=0
