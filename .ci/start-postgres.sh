#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on 127.0.0.1:$PGPORT and prints its URL.
# Usage: .ci/start-postgres.sh <dir>   (stop with: pg_ctl -D <dir>/data stop)
# Tests run with fsync off; PG_DURABLE=1 keeps it on (npm run bench measures durable commits).
# The product refuses to start on a server with fsync off unless ALLOW_NON_DURABLE_DATABASE=1 (docs/decisions/018).
set -euo pipefail
dir=${1:?data dir}
port=${PGPORT:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found" >&2; exit 1; }
mkdir -p "$dir"
run() { if [ "$(id -u)" = 0 ]; then chown -R postgres:postgres "$dir"; su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
run "'$bin/initdb' -D '$dir/data' -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null"
fsync=$([ "${PG_DURABLE:-}" = 1 ] && echo on || echo off)
run "'$bin/pg_ctl' -D '$dir/data' -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=300\" -l '$dir/log' -w start >/dev/null"
echo "postgres://postgres@127.0.0.1:$port/postgres"
