#!/usr/bin/env bash
# Builds the descriptor readers' libFuzzer target (with AddressSanitizer) straight from the
# Trellis sources it needs, and runs it.
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

sources=(
  Fuzz/descriptors/DescriptorsFuzzer.swift
  Sources/Trellis/Descriptors/TableDescriptor.swift
  Sources/Trellis/Descriptors/TableDescriptor+Reading.swift
  Sources/Trellis/Descriptors/RowDescriptor.swift
  Sources/Trellis/Descriptors/DescriptorFormat.swift
  Sources/Trellis/Descriptors/DescriptorNode.swift
  Sources/Trellis/Descriptors/DescriptorFetcher.swift
  Sources/Trellis/Descriptors/CanonicalDescriptorReader.swift
  Sources/Trellis/Descriptors/RCSTableKitReader.swift
  Sources/Trellis/Descriptors/RMSTableViewsReader.swift
  Sources/Trellis/Documents/*.swift
  Sources/Trellis/Values/*.swift
  Sources/Trellis/Bindings/*.swift
  Sources/Trellis/Diagnostics/*.swift
  Sources/Trellis/Predicates/*.swift
  Sources/Trellis/Model/RowKind.swift
  Sources/Trellis/Model/RowAttributes.swift
  Sources/Trellis/Screens/NavigationBarType.swift
)
swiftc -sanitize=fuzzer,address -parse-as-library -O -use-ld=lld \
  -module-name Trellis -o "$out/descriptors-fuzz" "${sources[@]}"

export SWIFT_BACKTRACE=enable=no
"$out/descriptors-fuzz" Fuzz/descriptors/corpus-work Fuzz/descriptors/corpus \
  -max_total_time="$seconds" -max_len=8192 -timeout=10 -print_final_stats=1 \
  -artifact_prefix=Fuzz/descriptors/crashes/ -dict=Fuzz/descriptors/descriptors.dict
