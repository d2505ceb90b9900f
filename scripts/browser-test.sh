#!/usr/bin/env bash
# Runs the browser tests (Tests/Browser) against `trellis-demo` in headless Chromium.
# Installs Chromium, its driver, selenium and pytest when they are missing.
# SWIFT_BUILD_FLAGS (say "--scratch-path .build-other") is passed to swift build.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  SUDO=""
  if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    chromium chromium-driver </dev/null
fi

# selenium and pytest in a virtual environment; without venv support, in the user's site.
VENV=.build-browser-venv
PYTHON="$VENV/bin/python"
if [ ! -x "$PYTHON" ] && ! python3 -m venv "$VENV"; then
  rm -rf "$VENV"
  PYTHON=python3
fi
if ! "$PYTHON" -c "import selenium, pytest" 2>/dev/null; then
  if [ "$PYTHON" = python3 ]; then
    python3 -m pip install --quiet --user --break-system-packages selenium pytest
  else
    "$PYTHON" -m pip install --quiet selenium pytest
  fi
fi

# scripts/test.sh has built every product already; a build here would only plan again.
# The sign-in tests add people with `trellis users`, found beside the demo.
if [ -z "${TRELLIS_PRODUCTS_BUILT:-}" ]; then
  # shellcheck disable=SC2086
  swift build ${SWIFT_BUILD_FLAGS:-} --product trellis-demo
  # shellcheck disable=SC2086
  swift build ${SWIFT_BUILD_FLAGS:-} --product trellis
fi
# shellcheck disable=SC2086
TRELLIS_DEMO="$(swift build ${SWIFT_BUILD_FLAGS:-} --show-bin-path)/trellis-demo" \
  "$PYTHON" -m pytest -q Tests/Browser "$@"
