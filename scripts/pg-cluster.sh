#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: created in a temp directory, listening on loopback only,
# trusting local connections, tuned for speed (fsync off: the data is disposable).
#
#   scripts/pg-cluster.sh start DIR [PORT]   create and start a cluster in DIR (made if missing);
#                                            prints the admin URL postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/pg-cluster.sh stop DIR           stop it (fast) and remove DIR; safe to call twice
#
# PORT defaults to $PG_PORT or the first free port from 55432. initdb refuses to run as root, so
# as root the cluster runs as the `postgres` system user (created by Debian's postgresql package).
set -euo pipefail

usage() {
  echo "usage: $0 start DIR [PORT] | stop DIR" >&2
  exit 2
}

pg_bindir() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then
      echo "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
    dirname "$(command -v initdb)"
    return 0
  fi
  echo "error: PostgreSQL binaries not found (run scripts/install-test-deps.sh)" >&2
  return 1
}

# Runs a command as the cluster owner.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

free_port() {
  local port
  for ((port = 55432; port < 55532; port++)); do
    if ! port_in_use "$port"; then
      echo "$port"
      return 0
    fi
  done
  echo "error: no free port in 55432-55531" >&2
  return 1
}

start() {
  local dir=$1 port=${2:-${PG_PORT:-}}
  local bin
  bin=$(pg_bindir)
  [[ -n "$port" ]] || port=$(free_port)
  if port_in_use "$port"; then
    echo "error: port $port is already in use" >&2
    return 1
  fi
  mkdir -p "$dir"
  if [[ -e "$dir/data/PG_VERSION" ]]; then
    echo "error: $dir already holds a cluster; stop it first" >&2
    return 1
  fi
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || { echo "error: no postgres user (install the postgresql package)" >&2; return 1; }
    chown postgres:postgres "$dir"
  fi
  chmod 700 "$dir"
  # The owner may not be allowed into the caller's working directory.
  cd "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  cat >>"$dir/data/postgresql.conf" <<EOF

# scripts/pg-cluster.sh: disposable test cluster
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
checkpoint_timeout = 30min
max_wal_size = 4GB
shared_buffers = 128MB
log_min_messages = warning
log_min_error_statement = panic
EOF
  echo "$port" >"$dir/port"
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -s start || {
    echo "error: PostgreSQL did not start; its log:" >&2
    cat "$dir/server.log" >&2 || true
    return 1
  }
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

stop() {
  local dir=$1
  [[ -d "$dir" ]] || return 0
  if [[ -f "$dir/data/postmaster.pid" ]]; then
    local bin
    bin=$(pg_bindir)
    (cd "$dir" && as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 -s stop) || {
      # Last resort: the postmaster's pid is the first line of postmaster.pid.
      local pid
      pid=$(head -n1 "$dir/data/postmaster.pid" 2>/dev/null || true)
      [[ -n "$pid" ]] && kill -9 "$pid" 2>/dev/null || true
      sleep 0.5
    }
  fi
  rm -rf "$dir"
}

[[ $# -ge 2 ]] || usage
case "$1" in
  start) start "$2" "${3:-}" ;;
  stop) stop "$2" ;;
  *) usage ;;
esac
