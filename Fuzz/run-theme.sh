#!/usr/bin/env bash
# Builds the theme parser's libFuzzer target and runs it.
#
#   Fuzz/run-theme.sh [SECONDS]     (default 120)
#
# The target links the TrellisValues and TrellisThemes modules, compiled whole (build-modules.sh)
# with the fuzzer and AddressSanitizer. New inputs go to Fuzz/theme/corpus-work/ (not committed);
# crashes are written to Fuzz/theme/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build/fuzz
mkdir -p "$out" Fuzz/theme/corpus-work Fuzz/theme/crashes

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisThemes
fuzz_target Fuzz/theme/ThemeFuzz.swift "$out/theme-fuzz" TrellisThemes TrellisValues

export SWIFT_BACKTRACE=enable=no
"$out/theme-fuzz" Fuzz/theme/corpus-work Fuzz/theme/corpus \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/theme/crashes/ -dict=Fuzz/theme/sct.dict
