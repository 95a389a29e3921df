#!/bin/sh
# Starts INSTANCES collaboration servers (default 2) that share one
# PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL): what every host of a
# deployment runs (INSTANCES=1 on each host), or several on one machine.
# Ports FIRST_PORT, FIRST_PORT+1, ... (default 8701; 0 lets the OS pick each).
# Every other variable of `npm start` (HOST, EDITOR_URL, EDITOR_DIR, DOC)
# passes through. SERVER is the command of one instance (default the built
# server, `node dist/main.js`). Ctrl-C or SIGTERM stops them all, each after
# saving. It ends with the first instance that fails to start.
set -eu
: "${DATABASE_URL:?set DATABASE_URL=postgres://USER@HOST:5432/DATABASE (every instance shares it)}"
: "${REDIS_URL:?set REDIS_URL=redis://HOST:6379 (every instance shares it)}"
INSTANCES="${INSTANCES:-2}"
FIRST_PORT="${FIRST_PORT:-8701}"
SERVER="${SERVER:-node $(dirname "$0")/../dist/main.js}"
export DATABASE_URL REDIS_URL

pids=""
stop() {
  trap - INT TERM
  # shellcheck disable=SC2086 # one pid per word
  kill -TERM $pids 2>/dev/null || true
  wait
}
trap 'stop; exit 0' INT TERM

i=0
while [ "$i" -lt "$INSTANCES" ]; do
  # shellcheck disable=SC2086 # SERVER is a command with its arguments
  PORT=$((FIRST_PORT == 0 ? 0 : FIRST_PORT + i)) $SERVER &
  pids="$pids $!"
  i=$((i + 1))
done
# Any instance ending on its own (a start it could not make) ends the rest.
while :; do
  for pid in $pids; do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" || status=$?
      stop
      exit "${status:-0}"
    fi
  done
  sleep 1
done
