#!/usr/bin/env bash
# Builds the web-service answer fuzzer (libFuzzer + AddressSanitizer) against the core modules
# and the definition half of TrellisWebService, and runs it.
# Usage: Fuzz/run-services.sh [seconds, default 120] [extra libFuzzer flags]
# Crash inputs land in Fuzz/out/; the working corpus grows in Fuzz/corpus-run/services/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-120}"
shift || true
out=Fuzz/out
corpus=Fuzz/corpus-run/services
mkdir -p "$out" "$corpus"

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisDocuments TrellisPredicates TrellisThemes TrellisPropertyNames \
  TrellisDiff Trellis TrellisWebService:Sources/TrellisWebService/Definition
fuzz_target Fuzz/services/ServicesFuzzer.swift "$out/services-fuzzer" \
  TrellisWebService Trellis TrellisDiff TrellisPropertyNames TrellisThemes TrellisPredicates \
  TrellisDocuments TrellisValues

cp -n Fuzz/services/corpus/* "$corpus"/ 2>/dev/null || true
SWIFT_BACKTRACE=enable=no "$out/services-fuzzer" "$corpus" \
  -dict=Fuzz/services/services.dict -max_len=8192 -max_total_time="$seconds" \
  -artifact_prefix="$out/" -print_final_stats=1 "$@"
