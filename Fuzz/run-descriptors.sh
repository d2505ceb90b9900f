#!/usr/bin/env bash
# Builds the descriptor readers' libFuzzer target (with AddressSanitizer) against the
# Trellis modules it needs (Fuzz/build-modules.sh), and runs it.
#
#   Fuzz/run-descriptors.sh [SECONDS]     (default 120)
#
# New inputs go to Fuzz/descriptors/corpus-work/ (not committed); crashes are written to
# Fuzz/descriptors/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build/fuzz
mkdir -p "$out" Fuzz/descriptors/corpus-work Fuzz/descriptors/crashes

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisDocuments TrellisPredicates TrellisThemes TrellisPropertyNames \
  TrellisDiff Trellis TrellisSettings TrellisDescriptors
fuzz_target Fuzz/descriptors/DescriptorsFuzzer.swift "$out/descriptors-fuzz" \
  TrellisDescriptors TrellisSettings Trellis TrellisDiff TrellisPropertyNames TrellisThemes \
  TrellisPredicates TrellisDocuments TrellisValues

export SWIFT_BACKTRACE=enable=no
"$out/descriptors-fuzz" Fuzz/descriptors/corpus-work Fuzz/descriptors/corpus \
  -max_total_time="$seconds" -max_len=8192 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/descriptors/crashes/ -dict=Fuzz/descriptors/descriptors.dict
