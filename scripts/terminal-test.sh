#!/usr/bin/env bash
# Runs the terminal tests (Tests/Terminal): the real `trellis` and `trellis-demo` binaries in
# detached tmux sessions, driven with send-keys and read back with capture-pane.
# Installs tmux when it is missing. SWIFT_BUILD_FLAGS (say "--scratch-path .build-other") is
# passed to swift build. Captured screens are kept in artifacts/terminal/.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v tmux >/dev/null; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    tmux </dev/null
fi

# scripts/test.sh has built every product already; a build here would only plan again.
if [ -z "${TRELLIS_PRODUCTS_BUILT:-}" ]; then
  # shellcheck disable=SC2086
  swift build ${SWIFT_BUILD_FLAGS:-} --product trellis
  # shellcheck disable=SC2086
  swift build ${SWIFT_BUILD_FLAGS:-} --product trellis-demo
fi
# shellcheck disable=SC2086
BIN="$(swift build ${SWIFT_BUILD_FLAGS:-} --show-bin-path)"
mkdir -p artifacts/terminal
TRELLIS="$BIN/trellis" TRELLIS_DEMO="$BIN/trellis-demo" \
  python3 -m unittest discover -v -s Tests/Terminal -p 'test_*.py' "$@"
