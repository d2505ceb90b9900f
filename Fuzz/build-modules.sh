#!/usr/bin/env bash
# Builds Trellis modules, whole and in dependency order, with libFuzzer's coverage and
# AddressSanitizer, as static libraries a fuzz target links against. Sourced by the run-*.sh
# scripts:
#
#   source Fuzz/build-modules.sh
#   fuzz_modules TrellisValues TrellisPredicates        # builds them into $fuzz_lib
#   fuzz_target Fuzz/predicates/PredicatesFuzzer.swift "$out/predicates-fuzz" TrellisPredicates TrellisValues
#
# Each module is compiled from every file under Sources/NAME, exactly as the package builds it,
# so the fuzzers exercise the modules' real boundaries (their public and package API).
set -euo pipefail
fuzz_lib=.build/fuzz/modules
mkdir -p "$fuzz_lib"

# The package name every module and fuzz target shares, so that `package` API is visible.
fuzz_package=trellis

fuzz_flags=(-sanitize=fuzzer,address -parse-as-library -O -use-ld=lld -package-name "$fuzz_package")

# Builds each named module (callers list dependencies first). NAME:FOLDER builds module NAME from
# one folder of it only (Sources/NAME when no folder is given).
fuzz_modules() {
  local spec name folder files
  for spec in "$@"; do
    name=${spec%%:*}
    folder=Sources/$name
    [[ $spec == *:* ]] && folder=${spec#*:}
    mapfile -t files < <(find "$folder" -name '*.swift' | sort)
    swiftc "${fuzz_flags[@]}" -module-name "$name" -I "$fuzz_lib" \
      -emit-module -emit-module-path "$fuzz_lib/$name.swiftmodule" \
      -emit-library -static -o "$fuzz_lib/lib$name.a" "${files[@]}"
  done
}

# Links one fuzz target (SOURCE, OUTPUT) against the named modules (dependents first).
fuzz_target() {
  local source=$1 output=$2
  shift 2
  local libs=()
  for name in "$@"; do libs+=("-l$name"); done
  swiftc "${fuzz_flags[@]}" -module-name FuzzTarget -I "$fuzz_lib" -L "$fuzz_lib" \
    -o "$output" "$source" "${libs[@]}"
}
