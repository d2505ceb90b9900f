#!/usr/bin/env bash
# A throwaway PostgreSQL server for the TrellisPostgres tests, on 127.0.0.1 and a free port.
#
#   bash scripts/postgres.sh start   install Debian's postgresql package if initdb and pg_ctl
#                                    are missing, make a fresh cluster in a temporary
#                                    directory, start it, wait until it answers, and write
#                                    .build-postgres-db/env; does nothing if it is up
#   bash scripts/postgres.sh restart [S]  stop it (every connection drops), wait S seconds,
#                                    and start it again on the same port and data
#   bash scripts/postgres.sh stop    stop the server and remove the cluster
#   bash scripts/postgres.sh env     print .build-postgres-db/env (`source` it for the variable)
#
# The cluster trusts local connections for the user "trellis": it is for tests only. Run as
# root, the server runs as the "postgres" user, which owns the cluster's directory.
set -euo pipefail
cd "$(dirname "$0")/.."

# TRELLIS_POSTGRES_STATE keeps a second cluster apart, for trying things beside a running one.
STATE="${TRELLIS_POSTGRES_STATE:-$PWD/.build-postgres-db}"
# The cluster lives in a temporary directory (which the server's user can reach); its path is
# kept in $STATE/cluster.
CLUSTER="$(cat "$STATE/cluster" 2>/dev/null || true)"
DATA="${CLUSTER:+$CLUSTER/data}"
WAIT_SECONDS=30

say() { echo "postgres: $*"; }
fail() {
  echo "postgres: error: $*" >&2
  exit 1
}

# The directory holding initdb and pg_ctl, newest version first; empty when there is none.
server_bin() {
  local dir
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v pg_ctl)")"
    return
  fi
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return
    fi
  done
}

install_server() {
  if [ -n "$(server_bin)" ]; then return; fi
  command -v apt-get >/dev/null 2>&1 \
    || fail "initdb and pg_ctl are missing and there is no apt-get to install PostgreSQL with"
  local sudo=()
  [ "$(id -u)" = 0 ] || sudo=(sudo)
  say "installing the postgresql package"
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null \
    || { "${sudo[@]}" apt-get update -q >/dev/null \
      && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql >/dev/null; } \
    || fail "apt-get could not install postgresql"
  [ -n "$(server_bin)" ] || fail "postgresql is installed but initdb and pg_ctl were not found"
}

# Runs a server command as the user who owns the cluster: "postgres" when we are root.
as_owner() {
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then
      runuser -u postgres -- "$@"
    else
      su postgres -s /bin/sh -c "$(printf '%q ' "$@")"
    fi
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

answering() {
  local bin port
  bin="$(server_bin)"
  port="$(cat "$STATE/port" 2>/dev/null)" || return 1
  [ -n "$bin" ] && "$bin/pg_isready" -q -h 127.0.0.1 -p "$port" -t 2 2>/dev/null
}

running() { [ -s "$STATE/env" ] && [ -n "$DATA" ] && [ -d "$DATA" ] && answering; }

# Starts the cluster's server on port $1 and waits until it answers.
launch() {
  local bin port="$1" deadline
  bin="$(server_bin)"
  as_owner "$bin/pg_ctl" -D "$DATA" -l "$CLUSTER/server.log" -w -t "$WAIT_SECONDS" \
    -o "-p $port -k $CLUSTER -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=500" \
    start >/dev/null || {
    tail -n 20 "$CLUSTER/server.log" >&2 || true
    fail "the server did not start on port $port"
  }
  deadline=$((SECONDS + WAIT_SECONDS))
  until answering; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the server did not answer on port $port"
    sleep 0.2
  done
}

start() {
  if running; then
    say "already running on port $(cat "$STATE/port")"
    return
  fi
  install_server
  local bin port deadline
  bin="$(server_bin)"
  stop_server
  rm -rf "$STATE"
  mkdir -p "$STATE"
  CLUSTER="$(mktemp -d "${TMPDIR:-/tmp}/trellis-postgres.XXXXXX")"
  DATA="$CLUSTER/data"
  echo "$CLUSTER" >"$STATE/cluster"
  chmod 755 "$CLUSTER"
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || fail "there is no 'postgres' user to run the server as"
    chown postgres "$CLUSTER"
  fi
  as_owner "$bin/initdb" -D "$DATA" -U trellis --auth=trust --encoding=UTF8 --locale=C.UTF-8 \
    >"$STATE/initdb.log" 2>&1 || {
    tail -n 20 "$STATE/initdb.log" >&2
    fail "initdb failed"
  }
  port="$(free_port)"
  echo "$port" >"$STATE/port"
  launch "$port"
  cat >"$STATE/env.tmp" <<EOF
export TRELLIS_POSTGRES_URL=postgres://trellis@127.0.0.1:$port/postgres
EOF
  mv "$STATE/env.tmp" "$STATE/env"
  say "answers on 127.0.0.1:$port; environment in $STATE/env"
}

stop_server() {
  local bin
  bin="$(server_bin)"
  if [ -n "$bin" ] && [ -n "$DATA" ] && [ -f "$DATA/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  if [ -n "$CLUSTER" ]; then rm -rf "$CLUSTER"; fi
}

# Restarts the running server on the same port and data, as an outage would: every connection
# drops, the server stays down for $1 seconds (0 by default), then answers again.
restart() {
  running || fail "the server is not running (start it first)"
  local bin down="${1:-0}"
  bin="$(server_bin)"
  as_owner "$bin/pg_ctl" -D "$DATA" -m fast -w -t "$WAIT_SECONDS" stop >/dev/null \
    || fail "the server did not stop"
  sleep "$down"
  launch "$(cat "$STATE/port")"
  say "restarted on port $(cat "$STATE/port") after ${down}s down"
}

stop() {
  stop_server
  rm -rf "$STATE"
  say "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart) restart "${2:-0}" ;;
  env) cat "$STATE/env" ;;
  *)
    echo "usage: $0 start|stop|restart [seconds down]|env" >&2
    exit 2
    ;;
esac
