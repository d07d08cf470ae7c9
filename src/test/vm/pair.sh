#!/usr/bin/env bash
# Runs a verbs server and its client side by side and reports both, so that the suite can run the
# same pair natively and inside ONE sandbox (`sluice run ... -- bash pair.sh ...`): the logs go to
# this process's own /tmp (a sandbox's /tmp is private to it) and are printed on stdout at the end.
#
#   pair.sh tcp PORT CMD ARGS...   server: CMD ARGS -p PORT; client: CMD ARGS -p PORT 127.0.0.1
#                                  (ibv_rc_pingpong, ib_write_bw, ib_send_lat); the client starts
#                                  once the server listens on PORT (ss)
#   pair.sh rping PORT ADDR        server: rping -s -d -a ADDR -p PORT -C 20 -V; client:
#                                  rping -c -a ADDR -p PORT -C 20 -V -v, once the server is about
#                                  to call rdma_listen (its -d log says so, line-buffered: RDMA CM
#                                  has no socket to watch); a client rejected before the listen
#                                  took effect is retried (up to 3 tries while the server runs)
#   pair.sh cm PORT ADDR CMD ARGS...  perftest over RDMA CM (-R): server: CMD ARGS -R -p PORT;
#                                  client: CMD ARGS -R -p PORT ADDR after 2 s (RDMA CM has no socket
#                                  to watch, and perftest logs nothing before it listens), retried
#                                  up to 4 times while the server runs
#
# Output: "server| ..." and "client| ..." lines, then "pair: server_rc=N client_rc=M".
# Exit code: 0 if both ends exited 0, else 1. Each end is bounded by PAIR_TIMEOUT (default 90 s).
set -u
KIND=$1 PORT=$2
shift 2
T=${PAIR_TIMEOUT:-90}
LOGS=$(mktemp -d)
SRV_RC=0 CLI_RC=0

waited=no
case $KIND in
  tcp)
    timeout "$T" "$@" -p "$PORT" > "$LOGS/server" 2>&1 &
    SRV=$!
    for _ in $(seq 600); do
      if ss -Hltn "sport = :$PORT" | grep -q .; then waited=yes; break; fi
      kill -0 "$SRV" 2>/dev/null || break
      sleep 0.1
    done
    timeout "$T" "$@" -p "$PORT" 127.0.0.1 > "$LOGS/client" 2>&1 || CLI_RC=$?
    ;;
  rping)
    ADDR=$1
    timeout "$T" stdbuf -oL rping -s -d -a "$ADDR" -p "$PORT" -C 20 -V > "$LOGS/server" 2>&1 &
    SRV=$!
    for _ in $(seq 600); do
      if grep -q 'rdma_listen' "$LOGS/server" 2>/dev/null; then waited=yes; break; fi
      kill -0 "$SRV" 2>/dev/null || break
      sleep 0.1
    done
    sleep 0.5
    for try in 1 2 3; do
      CLI_RC=0
      timeout "$T" rping -c -a "$ADDR" -p "$PORT" -C 20 -V -v > "$LOGS/client" 2>&1 || CLI_RC=$?
      { [ "$CLI_RC" = 0 ] || ! grep -q REJECTED "$LOGS/client" || ! kill -0 "$SRV" 2>/dev/null; } && break
      echo "client try $try rejected (rc $CLI_RC); retrying" >> "$LOGS/tries"
      sleep 1
    done
    ;;
  cm)
    ADDR=$1
    shift
    timeout "$T" "$@" -R -p "$PORT" > "$LOGS/server" 2>&1 &
    SRV=$!
    sleep 2
    waited=yes
    for try in 1 2 3 4; do
      CLI_RC=0
      timeout "$T" "$@" -R -p "$PORT" "$ADDR" > "$LOGS/client" 2>&1 || CLI_RC=$?
      { [ "$CLI_RC" = 0 ] || ! kill -0 "$SRV" 2>/dev/null; } && break
      echo "client try $try failed (rc $CLI_RC); retrying" >> "$LOGS/tries"
      sleep 2
    done
    ;;
  *) echo "pair.sh: unknown kind $KIND" >&2; exit 2 ;;
esac
wait "$SRV" || SRV_RC=$?
sed 's/^/server| /' "$LOGS/server"
sed 's/^/client| /' "$LOGS/client"
[ -f "$LOGS/tries" ] && sed 's/^/pair| /' "$LOGS/tries"
echo "pair: server_rc=$SRV_RC client_rc=$CLI_RC server_ready=$waited"
rm -rf "$LOGS"
[ "$SRV_RC" = 0 ] && [ "$CLI_RC" = 0 ]
