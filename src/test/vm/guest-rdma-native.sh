#!/usr/bin/env bash
# Guest script (runs as PID 1 inside the RDMA VM, see run.sh): brings up Soft-RoCE (rdma_rxe) on a
# dummy netdev and runs the stock verbs tools NATIVELY, not under sluice: the baseline. Its last step
# is the one sandboxed check of plain `mvn verify`: a legacy command written under --rdma-strict.
# Prints KEY=VALUE result lines and a final verdict=pass|fail. Figures from perftest are recorded
# but not judged: its calibration flakes under TCG (r^2 < 0.9, 0 Gb/s); exit codes are judged.
set -euo pipefail
. "$(dirname "$0")/guest-lib.sh"

DEV=rxe0
NETDEV=sluice0
IP=192.168.77.1
STEP_TIMEOUT=60      # per tool; the whole VM is bounded by run.sh's timeout anyway

ulimit -l unlimited  # verbs pin memory regions
ip link set lo up

# 1. Soft-RoCE on a dummy netdev: needs no NIC, traffic loops back inside the rxe driver.
if modprobe dummy numdummies=0 && ip link add "$NETDEV" type dummy && ip link set "$NETDEV" up \
   && ip addr add "$IP/24" dev "$NETDEV" && modprobe rdma_rxe \
   && rdma link add "$DEV" type rxe netdev "$NETDEV"; then
  result rxe=ok
else
  result rxe=fail; fail rxe; finish
fi
for _ in $(seq 50); do [ -c /dev/infiniband/uverbs0 ] && break; sleep 0.1; done
if [ -c /dev/infiniband/uverbs0 ]; then result uverbs=ok; else result uverbs=missing; fail uverbs; fi
log "rdma link: $(rdma link show | tr '\n' ' ')"

# 2. The verbs device list and port state.
if ibv_devices | tee /tmp/devices.log | grep -qw "$DEV"; then result devices=ok; else result devices=fail; fail devices; fi
STATE=$(ibv_devinfo -d "$DEV" 2>&1 | tee /tmp/devinfo.log | sed -n 's/^[[:space:]]*state:[[:space:]]*\([A-Z_]*\).*/\1/p' | head -1 || true)
result "port_state=${STATE:-unknown}"
if [ "$STATE" = PORT_ACTIVE ]; then result devinfo=ok; else result devinfo=fail; fail devinfo; cat /tmp/devinfo.log; fi

# RoCE v2 needs the GID that carries the netdev's IPv4 address (IPv4-mapped, ::ffff:a.b.c.d).
# rxe populates the GID table asynchronously after the address is added, so poll for it. Read it
# from sysfs rather than `ibv_devinfo -v`: every process start costs ~0.5 s under TCG.
GID_WANT=$(printf '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x' ${IP//./ })
GID=
for _ in $(seq 50); do
  for g in /sys/class/infiniband/"$DEV"/ports/1/gids/*; do
    if [ "$(cat "$g" 2>/dev/null)" = "$GID_WANT" ]; then GID=${g##*/}; break; fi
  done
  [ -n "$GID" ] && break
  sleep 0.2
done
log "gid lookup done"
if [ -n "$GID" ]; then result "gid_index=$GID"; else result gid_index=none; fail gid; finish; fi

# wait_listen PORT: the client must not connect before the server listens (it does not retry).
wait_listen() {
  local _
  for _ in $(seq 100); do
    ss -Hltn "sport = :$1" | grep -q . && return 0
    sleep 0.1
  done
  return 1
}

# run_pair NAME PORT CMD...: server in the background, client against 127.0.0.1; sets
# SRV_RC/CLI_RC and leaves the logs in /tmp/NAME.{server,client}.log.
run_pair() {
  local name=$1 port=$2; shift 2
  SRV_RC=0; CLI_RC=0
  log "$name: starting"
  timeout "$STEP_TIMEOUT" "$@" -p "$port" > "/tmp/$name.server.log" 2>&1 &
  local srv=$!
  if wait_listen "$port"; then log "$name: server listening"; else log "$name: server never listened"; fi
  timeout "$STEP_TIMEOUT" "$@" -p "$port" 127.0.0.1 > "/tmp/$name.client.log" 2>&1 || CLI_RC=$?
  wait "$srv" || SRV_RC=$?
  log "$name: server rc=$SRV_RC client rc=$CLI_RC"
  sed 's/^/  client| /' "/tmp/$name.client.log" | tail -n 8
  if [ "$SRV_RC" != 0 ] || [ "$CLI_RC" != 0 ]; then sed 's/^/  server| /' "/tmp/$name.server.log" | tail -n 20; fi
}

# 3. RC ping-pong with buffer validation. -c is weak in rdma-core 44: the server compares one byte
#    per page against a pattern that both sides pre-fill, and a mismatch only prints "invalid data
#    in page N" (exit code unchanged), so grep for it; the real data check is rping -V below.
run_pair pingpong 18515 ibv_rc_pingpong -d "$DEV" -g "$GID" -n 200 -c
result "pingpong_server_rc=$SRV_RC" "pingpong_client_rc=$CLI_RC"
if grep -qi 'invalid data' /tmp/pingpong.server.log /tmp/pingpong.client.log; then
  result pingpong_data=corrupt; fail pingpong_data
elif [ "$SRV_RC" = 0 ] && [ "$CLI_RC" = 0 ]; then
  result pingpong_data=ok
else
  result pingpong_data=unchecked
fi
ITERS=$(sed -n 's/^\([0-9]*\) iters in .* = \([0-9.]*\) usec\/iter/\1 \2/p' /tmp/pingpong.client.log | head -1)
if [ "$SRV_RC" = 0 ] && [ "$CLI_RC" = 0 ] && [ "${ITERS%% *}" = 200 ]; then
  result pingpong=ok "pingpong_iters=200" "pingpong_usec_per_iter=${ITERS##* }"
else
  result pingpong=fail; fail pingpong
fi

# 4. Data integrity over RDMA CM: rping's client -V memcmp()s every ping buffer after the RDMA
#    READ/WRITE round trip and fails ("data mismatch") on any difference; -v prints each ping.
#    rdma_cm listens without a TCP socket, so wait for the LISTEN cm_id instead.
log "rping: starting"
modprobe rdma_ucm 2>/dev/null || true
RP_SRV=0; RP_CLI=0
timeout "$STEP_TIMEOUT" rping -s -a "$IP" -p 7174 -C 20 -V > /tmp/rping.server.log 2>&1 &
RP_PID=$!
for _ in $(seq 100); do rdma res show cm_id 2>/dev/null | grep -q LISTEN && break; sleep 0.1; done
timeout "$STEP_TIMEOUT" rping -c -a "$IP" -p 7174 -C 20 -V -v > /tmp/rping.client.log 2>&1 || RP_CLI=$?
wait "$RP_PID" || RP_SRV=$?
PINGS=$(grep -c '^ping data: rdma-ping-' /tmp/rping.client.log || true)
log "rping: server rc=$RP_SRV client rc=$RP_CLI pings=$PINGS"
result "rping_server_rc=$RP_SRV" "rping_client_rc=$RP_CLI" "rping_pings=$PINGS"
if [ "$RP_CLI" = 0 ] && [ "$RP_SRV" = 0 ] && [ "$PINGS" = 20 ] && ! grep -q mismatch /tmp/rping.client.log; then
  result rping=ok
else
  result rping=fail; fail rping
  sed 's/^/  rping| /' /tmp/rping.client.log /tmp/rping.server.log | tail -n 20
fi

# perftest figure: the data row follows the "#bytes" header; field N of it.
perf_figure() { awk -v n="$2" 'h && NF >= n { print $n; exit } /#bytes/ { h = 1 }' "$1"; }

# 5. perftest: RDMA write bandwidth and send latency (-F: no cpufreq warning; TCG has no cpufreq).
run_pair write_bw 18516 ib_write_bw -d "$DEV" -x "$GID" -F -n 500 --report_gbits
result "write_bw_server_rc=$SRV_RC" "write_bw_rc=$CLI_RC" "write_bw_gbps=$(perf_figure /tmp/write_bw.client.log 4)"
if [ "$SRV_RC" != 0 ] || [ "$CLI_RC" != 0 ]; then fail write_bw; fi

run_pair send_lat 18517 ib_send_lat -d "$DEV" -x "$GID" -F -n 200
result "send_lat_server_rc=$SRV_RC" "send_lat_rc=$CLI_RC" "send_lat_usec_typical=$(perf_figure /tmp/send_lat.client.log 5)"
if [ "$SRV_RC" != 0 ] || [ "$CLI_RC" != 0 ]; then fail send_lat; fi

# 6. RDMAProxy's strict mode, the one sandboxed step of this script (docs/rdma-drivers.md#strict-mode):
# a legacy REG_MR carrying driver data no plugin models (src/test/c/uverbs-legacy-write.c), once by
# write() and once by the INVOKE_WRITE ioctl, under `sluice run --rdma rxe0 --rdma-strict` (the uverbs
# file is the sentry's there: the sentry decides the write first and refuses it, before the kernel's
# EACCES for a write on a file another opened could apply): both
# must be refused with EINVAL (22) and both refusals counted. Skipped, and said so, where the
# repository's bin/sluice, java or the program are missing (the e2e module builds them first).
REPO=$(cd "$(dirname "$0")/../../.." && pwd)
LW="$REPO/src/test/target/guests/sluice-uverbs-legacy-write"
export SLUICE_JAVA=${SLUICE_JAVA:-$(command -v java || true)}
export SLUICE_JAVA_OPTS="-Xint"   # as guest-rdma-sluice.sh: the JIT under TCG is not trusted
if [ -x "$REPO/bin/sluice" ] && [ -x "$SLUICE_JAVA" ] && [ -x "$LW" ]; then
  STRICT_RC=0
  timeout 150 "$REPO/bin/sluice" run --rdma "$DEV" --rdma-strict --stats -- "$LW" -d "$DEV" \
    > /tmp/strict.log 2>&1 || STRICT_RC=$?
  W=$(sed -n 's/^legacy_write path=write errno=\([0-9]*\)/\1/p' /tmp/strict.log | head -1)
  I=$(sed -n 's/^legacy_write path=ioctl errno=\([0-9]*\)/\1/p' /tmp/strict.log | head -1)
  DENY=$(sed -n 's/^sluice: trapped calls:.*DENY \([0-9]*\).*/\1/p' /tmp/strict.log | head -1)
  result "strict_rc=$STRICT_RC" "strict_legacy_write_errnos=$W,$I" "strict_deny=${DENY:-none}"
  if [ "$STRICT_RC" = 0 ] && [ "$W,$I" = 22,22 ] && [ "${DENY:-}" = 2 ]; then
    result strict=ok
  else
    result strict=fail; fail strict; sed 's/^/  strict| /' /tmp/strict.log | tail -n 20
  fi
else
  result "strict=skipped: bin/sluice, java or sluice-uverbs-legacy-write missing"
fi

finish
