#!/usr/bin/env bash
# Builds the terminal key decoder's libFuzzer target and runs it.
#
#   Fuzz/run-keys.sh [SECONDS]     (default 120)
#
# The target links the decoder's folder of TrellisTerminal (Sources/TrellisTerminal/Interactive/
# Keys), compiled whole (build-modules.sh) with the fuzzer and AddressSanitizer. New inputs go to
# Fuzz/keys/corpus-work/ (not committed); crashes are written to Fuzz/keys/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build/fuzz
mkdir -p "$out" Fuzz/keys/corpus-work Fuzz/keys/crashes

source Fuzz/build-modules.sh
fuzz_modules TrellisTerminal:Sources/TrellisTerminal/Interactive/Keys
fuzz_target Fuzz/keys/KeysFuzzer.swift "$out/keys-fuzz" TrellisTerminal

export SWIFT_BACKTRACE=enable=no
"$out/keys-fuzz" Fuzz/keys/corpus-work Fuzz/keys/corpus \
  -max_total_time="$seconds" -max_len=256 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/keys/crashes/
