#!/usr/bin/env bash
# Builds the theme parser's libFuzzer target and runs it.
#
#   Fuzz/run-theme.sh [SECONDS]     (default 120)
#
# The target is compiled straight from the Trellis sources it needs (Themes and Diagnostics),
# with the fuzzer and AddressSanitizer. New inputs go to Fuzz/theme/corpus-work/ (not committed);
# crashes are written to Fuzz/theme/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build/fuzz
mkdir -p "$out" Fuzz/theme/corpus-work Fuzz/theme/crashes

swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
  -module-name ThemeFuzz -o "$out/theme-fuzz" \
  Fuzz/theme/ThemeFuzz.swift Sources/Trellis/Themes/*.swift Sources/Trellis/Diagnostics/*.swift

export SWIFT_BACKTRACE=enable=no
"$out/theme-fuzz" Fuzz/theme/corpus-work Fuzz/theme/corpus \
  -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/theme/crashes/ -dict=Fuzz/theme/sct.dict
