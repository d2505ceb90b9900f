#!/usr/bin/env bash
# The REST servers the Swift tests talk to (Tests/Services/README.md says what they serve):
# a Django REST framework app and Datasette, both on 127.0.0.1, each on a free port.
#
#   bash scripts/services.sh start   install them (a virtual environment, .build-services-venv),
#                                    start them in the background, wait until both answer, and
#                                    write .build-services/env; does nothing if both are up
#   bash scripts/services.sh stop    stop both, with anything they spawned
#   bash scripts/services.sh reset   put both databases back to their 40 seed contacts
#   bash scripts/services.sh env     print .build-services/env (`source` it for the variables)
#   bash scripts/services.sh check   send every request of Tests/Services/README.md to the
#                                    running servers and check the answers (then reset both)
#
# Logs, pids, ports and databases live in .build-services/.
set -euo pipefail
cd "$(dirname "$0")/.."

STATE="$PWD/.build-services"
VENV=.build-services-venv
SERVICES="$PWD/Tests/Services"
REQUIREMENTS=(Django==5.2.19 djangorestframework==3.18.3 datasette==1.0a41)
WAIT_SECONDS=60

say() { echo "services: $*"; }
fail() { echo "services: error: $*" >&2; exit 1; }

# The Python that has the packages: the virtual environment's, or without venv support, python3
# with the packages in the user's site.
PYTHON="$VENV/bin/python"
# (A venv made without ensurepip has a python but no pip: it does not count.)
choose_python() {
  if [ "$PYTHON" = python3 ] || "$PYTHON" -m pip --version >/dev/null 2>&1; then return; fi
  rm -rf "$VENV"
  if python3 -m venv "$VENV" >/dev/null 2>&1 && "$PYTHON" -m pip --version >/dev/null 2>&1; then
    return
  fi
  rm -rf "$VENV"
  PYTHON=python3
}

packages_installed() {
  "$PYTHON" - "${REQUIREMENTS[@]}" <<'EOF'
import sys
from importlib.metadata import PackageNotFoundError, version
for requirement in sys.argv[1:]:
    name, wanted = requirement.split("==")
    try:
        if version(name) != wanted:
            sys.exit(1)
    except PackageNotFoundError:
        sys.exit(1)
EOF
}

install_packages() {
  choose_python
  if packages_installed; then return; fi
  say "installing ${REQUIREMENTS[*]}"
  if [ "$PYTHON" = python3 ]; then
    python3 -m pip install --quiet --user --break-system-packages --no-warn-script-location \
      --disable-pip-version-check "${REQUIREMENTS[@]}"
  else
    "$PYTHON" -m pip install --quiet --disable-pip-version-check "${REQUIREMENTS[@]}"
  fi
}

# GET a URL; succeeds on a 2xx answer within 3 seconds.
answers() {
  "$PYTHON" - "$1" <<'EOF' 2>/dev/null
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=3) as response:
    sys.exit(0 if 200 <= response.status < 300 else 1)
EOF
}

free_port() {
  "$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# A process that has exited counts as gone even while it waits, a zombie, to be reaped.
alive() {
  kill -0 "$1" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" != Z ]
}

pid_alive() { [ -f "$STATE/$1.pid" ] && alive "$(cat "$STATE/$1.pid")"; }

# The URL a server answers on when it is up: drf at /api/, datasette at /.
health_url() {
  local port
  port="$(cat "$STATE/$1.port" 2>/dev/null)" || return 1
  case "$1" in
    drf) echo "http://127.0.0.1:$port/api/" ;;
    datasette) echo "http://127.0.0.1:$port/-/versions.json" ;;
  esac
}

running() {
  local url
  our_pid "$1" >/dev/null && url="$(health_url "$1")" && answers "$url"
}

# Starts "$@" as server $1 in a session of its own (so that stop ends whatever it spawned).
spawn() {
  local name="$1"
  shift
  : >"$STATE/$name.log"
  PYTHONUNBUFFERED=1 setsid "$@" </dev/null >>"$STATE/$name.log" 2>&1 &
  echo $! >"$STATE/$name.pid"
}

wait_until_answering() {
  local name="$1" url deadline
  url="$(health_url "$name")"
  deadline=$((SECONDS + WAIT_SECONDS))
  until answers "$url"; do
    if ! pid_alive "$name"; then
      echo "services: error: the $name server exited before answering $url; the end of $STATE/$name.log:" >&2
      tail -n 30 "$STATE/$name.log" >&2
      exit 1
    fi
    if [ "$SECONDS" -ge "$deadline" ]; then
      echo "services: error: the $name server did not answer $url within ${WAIT_SECONDS}s; the end of $STATE/$name.log:" >&2
      tail -n 30 "$STATE/$name.log" >&2
      exit 1
    fi
    sleep 0.3
  done
  say "$name answers on $url"
}

manage() { TRELLIS_SERVICES_DIR="$STATE" "$PYTHON" "$SERVICES/drf/manage.py" "$@"; }

seed_drf() {
  manage migrate --noinput -v 0
  manage seed >/dev/null
}

seed_datasette() { "$PYTHON" "$SERVICES/seed.py" datasette "$STATE/contacts.db"; }

start_drf() {
  stop_one drf
  seed_drf
  free_port >"$STATE/drf.port"
  # runserver answers each request in a thread of its own.
  spawn drf env TRELLIS_SERVICES_DIR="$STATE" "$PYTHON" "$SERVICES/drf/manage.py" \
    runserver --noreload "127.0.0.1:$(cat "$STATE/drf.port")"
}

start_datasette() {
  stop_one datasette
  rm -f "$STATE"/contacts.db "$STATE"/contacts.db-*
  seed_datasette
  # The secret signs the API token; kept across restarts so that a token stays valid.
  if [ ! -s "$STATE/datasette.secret" ]; then
    "$PYTHON" -c 'import secrets; print(secrets.token_hex(32))' >"$STATE/datasette.secret"
  fi
  free_port >"$STATE/datasette.port"
  spawn datasette env DATASETTE_SECRET="$(cat "$STATE/datasette.secret")" "$PYTHON" -m datasette serve \
    "$STATE/contacts.db" --host 127.0.0.1 --port "$(cat "$STATE/datasette.port")" \
    --config "$SERVICES/datasette/datasette.yaml" --plugins-dir "$SERVICES/datasette/plugins"
}

write_env() {
  local token
  # The actor "trellis" may insert, update and delete rows (datasette.yaml); no expiry.
  token="$("$PYTHON" -m datasette create-token trellis --secret "$(cat "$STATE/datasette.secret")")"
  cat >"$STATE/env.tmp" <<EOF
export TRELLIS_DRF_URL=http://127.0.0.1:$(cat "$STATE/drf.port")/api/
export TRELLIS_DATASETTE_URL=http://127.0.0.1:$(cat "$STATE/datasette.port")/
export TRELLIS_DATASETTE_TOKEN=$token
export TRELLIS_DATASETTE_DB=contacts
export TRELLIS_DATASETTE_TABLE=contacts
EOF
  mv "$STATE/env.tmp" "$STATE/env"
}

start() {
  mkdir -p "$STATE"
  choose_python
  if running drf && running datasette && [ -s "$STATE/env" ]; then
    say "already running"
    return
  fi
  install_packages
  local started=()
  if ! running drf; then start_drf; started+=(drf); fi
  if ! running datasette; then start_datasette; started+=(datasette); fi
  for name in "${started[@]}"; do wait_until_answering "$name"; done
  write_env
  say "environment in $STATE/env"
}

# A pid file's process, if it is still one of ours (its command line names this checkout).
our_pid() {
  local pid
  [ -f "$STATE/$1.pid" ] || return 1
  pid="$(cat "$STATE/$1.pid")"
  alive "$pid" && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF "$PWD" \
    && echo "$pid"
}

stop_one() {
  local name="$1" pid
  if pid="$(our_pid "$name")"; then
    # The server leads its own session and process group: end the whole group.
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 100); do
      alive "$pid" || break
      sleep 0.1
    done
    kill -KILL -- "-$pid" 2>/dev/null || true
    say "stopped $name"
  fi
  rm -f "$STATE/$name.pid"
}

stop() {
  stop_one drf
  stop_one datasette
  rm -f "$STATE/env"
}

reset() {
  mkdir -p "$STATE"
  install_packages
  seed_drf
  if [ -f "$STATE/contacts.db" ]; then
    seed_datasette
  fi
  say "both databases hold their seed contacts again"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  reset) reset ;;
  env)
    [ -s "$STATE/env" ] || fail "not running: bash scripts/services.sh start"
    cat "$STATE/env"
    ;;
  check)
    [ -s "$STATE/env" ] || fail "not running: bash scripts/services.sh start"
    choose_python
    # shellcheck source=/dev/null
    (source "$STATE/env" && "$PYTHON" "$SERVICES/check.py")
    ;;
  *) fail "usage: bash scripts/services.sh start|stop|reset|env|check" ;;
esac
