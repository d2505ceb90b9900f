#!/usr/bin/env bash
# Builds the document fuzzer (libFuzzer + AddressSanitizer) against the Trellis modules it
# needs, and runs it. Usage: Fuzz/run-documents.sh [seconds, default 120] [extra libFuzzer flags]
# Crash inputs land in Fuzz/out/; the working corpus grows in Fuzz/corpus-run/documents/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-120}"
shift || true
out=Fuzz/out
corpus=Fuzz/corpus-run/documents
mkdir -p "$out" "$corpus"

source Fuzz/build-modules.sh
fuzz_modules TrellisValues TrellisDocuments
fuzz_target Fuzz/documents/DocumentsFuzzer.swift "$out/documents-fuzzer" \
  TrellisDocuments TrellisValues

cp -n Fuzz/documents/corpus/* "$corpus"/ 2>/dev/null || true
SWIFT_BACKTRACE=enable=no "$out/documents-fuzzer" "$corpus" \
  -dict=Fuzz/documents/documents.dict -max_len=8192 -max_total_time="$seconds" \
  -artifact_prefix="$out/" -print_final_stats=1 "$@"
