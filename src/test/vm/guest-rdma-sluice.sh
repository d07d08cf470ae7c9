#!/usr/bin/env bash
# Guest script (runs as PID 1 inside the RDMA VM, see run.sh): brings up Soft-RoCE (rdma_rxe) on a
# dummy netdev and runs ibv_devinfo, ibv_rc_pingpong and rping -V twice: natively, and with server
# and client each under `sluice run --rdma rxe0 --stats` (RDMAProxy step 1: every RDMA_VERBS_IOCTL
# is checked against the uverbs schema, then continued). The repo and the host's JDK are visible
# over the 9p root. Prints KEY=VALUE result lines (for sluice runs, the trapped-ioctl totals from
# --stats) and a final verdict=pass|fail.
set -euo pipefail
. "$(dirname "$0")/guest-lib.sh"

DEV=rxe0
NETDEV=sluice0
IP=192.168.77.1
STEP_TIMEOUT=120     # per tool; JVM start under TCG is slow
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
SLUICE="$REPO/bin/sluice"
export SLUICE_JAVA=${SLUICE_JAVA:-$(command -v java || true)}
# A JVM crash report must outlive the guest's tmpfs: keep it with the results.
if [ -n "${SLUICEVM_OUT:-}" ]; then export SLUICE_JAVA_OPTS="-XX:ErrorFile=$SLUICEVM_OUT/hs_err_pid%p.log"; fi

ulimit -l unlimited  # verbs pin memory regions
ip link set lo up

if modprobe dummy numdummies=0 && ip link add "$NETDEV" type dummy && ip link set "$NETDEV" up \
   && ip addr add "$IP/24" dev "$NETDEV" && modprobe rdma_rxe \
   && rdma link add "$DEV" type rxe netdev "$NETDEV"; then
  result rxe=ok
else
  result rxe=fail; fail rxe; finish
fi
modprobe rdma_ucm 2>/dev/null || true
for _ in $(seq 50); do [ -c /dev/infiniband/uverbs0 ] && [ -c /dev/infiniband/rdma_cm ] && break; sleep 0.1; done
if [ -c /dev/infiniband/uverbs0 ]; then result uverbs=ok; else result uverbs=missing; fail uverbs; finish; fi
log "abi_version=$(cat /sys/class/infiniband_verbs/abi_version) devices: $(grep -i infiniband /proc/devices | tr '\n' ' ')"
if [ -x "$SLUICE_JAVA" ] && [ -x "$SLUICE" ]; then result sluice=found; else result sluice=missing; fail sluice; finish; fi

GID_WANT=$(printf '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x' ${IP//./ })
GID=
for _ in $(seq 50); do
  for g in /sys/class/infiniband/"$DEV"/ports/1/gids/*; do
    if [ "$(cat "$g" 2>/dev/null)" = "$GID_WANT" ]; then GID=${g##*/}; break; fi
  done
  [ -n "$GID" ] && break
  sleep 0.2
done
if [ -n "$GID" ]; then result "gid_index=$GID"; else result gid_index=none; fail gid; finish; fi

# stats MODE NAME LOG: for sluice runs, record the --stats summary line's totals and show the table.
stats() {
  [ "$1" = sluice ] || return 0
  local line total deny
  line=$(grep -m1 '^sluice: trapped ioctls:' "$3" || true)
  total=$(sed -n 's/^sluice: trapped ioctls: \([0-9]*\) total.*/\1/p' <<<"$line")
  deny=$(sed -n 's/.*DENY \([0-9]*\).*/\1/p' <<<"$line")
  result "${2}_trapped=${total:-none}" "${2}_denied=${deny:-0}"
  sed -n '/^sluice: trapped ioctls:/,/^[^ ]/p' "$3" | sed "s/^/  $2| /" | head -n 12
  grep -m3 'WARN' "$3" | sed "s/^/  $2 warn| /" || true
}

# wrap MODE: the command prefix for MODE (native: none; sluice: the sandbox).
wrap() {
  if [ "$1" = sluice ]; then echo "$SLUICE run --rdma $DEV ${2:-} --stats --"; fi
}

wait_listen() {
  local _
  for _ in $(seq 300); do
    ss -Hltn "sport = :$1" | grep -q . && return 0
    sleep 0.1
  done
  return 1
}

for MODE in native sluice; do
  P=$MODE
  # 1. ibv_devinfo
  RC=0
  timeout "$STEP_TIMEOUT" $(wrap $MODE) ibv_devinfo -d "$DEV" > "/tmp/$P.devinfo.log" 2>&1 || RC=$?
  STATE=$(sed -n 's/^[[:space:]]*state:[[:space:]]*\([A-Z_]*\).*/\1/p' "/tmp/$P.devinfo.log" | head -1)
  log "$P devinfo rc=$RC state=$STATE"
  if [ "$RC" = 0 ] && [ "$STATE" = PORT_ACTIVE ]; then result "${P}_devinfo=ok"; else
    result "${P}_devinfo=fail"; fail "${P}_devinfo"; tail -n 20 "/tmp/$P.devinfo.log"; fi
  stats $MODE "${P}_devinfo" "/tmp/$P.devinfo.log"

  # 2. ibv_rc_pingpong, server and client each in its own sandbox.
  PORT=$((18515 + ${#MODE}))
  SRV_RC=0; CLI_RC=0
  timeout "$STEP_TIMEOUT" $(wrap $MODE) ibv_rc_pingpong -d "$DEV" -g "$GID" -n 200 -c -p $PORT \
    > "/tmp/$P.pp.server.log" 2>&1 &
  SRV=$!
  wait_listen $PORT || log "$P pingpong: server never listened"
  timeout "$STEP_TIMEOUT" $(wrap $MODE) ibv_rc_pingpong -d "$DEV" -g "$GID" -n 200 -c -p $PORT 127.0.0.1 \
    > "/tmp/$P.pp.client.log" 2>&1 || CLI_RC=$?
  wait "$SRV" || SRV_RC=$?
  ITERS=$(sed -n 's/^\([0-9]*\) iters in .* = \([0-9.]*\) usec\/iter/\1 \2/p' "/tmp/$P.pp.client.log" | head -1)
  log "$P pingpong: server rc=$SRV_RC client rc=$CLI_RC iters=$ITERS"
  result "${P}_pingpong_server_rc=$SRV_RC" "${P}_pingpong_client_rc=$CLI_RC"
  if [ "$SRV_RC" = 0 ] && [ "$CLI_RC" = 0 ] && [ "${ITERS%% *}" = 200 ] \
     && ! grep -qi 'invalid data' "/tmp/$P.pp.server.log" "/tmp/$P.pp.client.log"; then
    result "${P}_pingpong=ok" "${P}_pingpong_usec_per_iter=${ITERS##* }"
  else
    result "${P}_pingpong=fail"; fail "${P}_pingpong"
    sed 's/^/  server| /' "/tmp/$P.pp.server.log" | tail -n 20
    sed 's/^/  client| /' "/tmp/$P.pp.client.log" | tail -n 20
  fi
  stats $MODE "${P}_pingpong_server" "/tmp/$P.pp.server.log"
  stats $MODE "${P}_pingpong_client" "/tmp/$P.pp.client.log"

  # 3. rping -V (client memcmp()s every buffer), each side in its own sandbox with rdma_cm granted.
  PORT=$((7174 + ${#MODE}))
  RP_SRV=0; RP_CLI=0
  timeout "$STEP_TIMEOUT" $(wrap $MODE --rdma-cm) rping -s -a "$IP" -p $PORT -C 20 -V > "/tmp/$P.rping.server.log" 2>&1 &
  RP_PID=$!
  for _ in $(seq 600); do rdma res show cm_id 2>/dev/null | grep -q LISTEN && break; sleep 0.1; done
  timeout "$STEP_TIMEOUT" $(wrap $MODE --rdma-cm) rping -c -a "$IP" -p $PORT -C 20 -V -v > "/tmp/$P.rping.client.log" 2>&1 || RP_CLI=$?
  wait "$RP_PID" || RP_SRV=$?
  PINGS=$(grep -c '^ping data: rdma-ping-' "/tmp/$P.rping.client.log" || true)
  log "$P rping: server rc=$RP_SRV client rc=$RP_CLI pings=$PINGS"
  result "${P}_rping_server_rc=$RP_SRV" "${P}_rping_client_rc=$RP_CLI" "${P}_rping_pings=$PINGS"
  if [ "$RP_CLI" = 0 ] && [ "$RP_SRV" = 0 ] && [ "$PINGS" = 20 ] && ! grep -q mismatch "/tmp/$P.rping.client.log"; then
    result "${P}_rping=ok"
  else
    result "${P}_rping=fail"; fail "${P}_rping"
    sed 's/^/  rping| /' "/tmp/$P.rping.client.log" "/tmp/$P.rping.server.log" | tail -n 30
  fi
  stats $MODE "${P}_rping_server" "/tmp/$P.rping.server.log"
  stats $MODE "${P}_rping_client" "/tmp/$P.rping.client.log"
done

finish
