#!/usr/bin/env bash
# Checks that the compiler keeps screens, models, sections and drafts on their owner's domain:
# each file in scripts/isolation/ is compiled against the debug build's modules, and must
# compile (`// expect: compiles`) or fail with the diagnostic its first line names.
# Run after `swift build` (scripts/test.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
failed=0
for file in scripts/isolation/*.swift; do
  expect="$(head -n 1 "$file" | sed -n 's|^// expect: ||p')"
  if output="$(swiftc -emit-sil -o /dev/null -parse-as-library -swift-version 6 -I "$modules" "$file" 2>&1)"; then
    if [ "$expect" != "compiles" ]; then
      echo "FAIL $file compiled; expected: $expect"
      failed=1
    else
      echo "ok   $file compiles"
    fi
  elif [ "$expect" = "compiles" ]; then
    echo "FAIL $file did not compile:"
    echo "$output" | grep -E "error" | head -5
    failed=1
  elif grep -qF -- "$expect" <<<"$output"; then
    echo "ok   $file refused ($expect)"
  else
    echo "FAIL $file refused, but not with: $expect"
    echo "$output" | grep -E "error" | head -5
    failed=1
  fi
done
exit $failed
