#!/usr/bin/env bash
# Guest script of the RDMA netns suite (mvn -Prdma-vm verify, RdmaVmE2ETest#rdmaNetnsSuite): Soft-RoCE
# devices whose netdevs move into sandboxes' own network namespaces (docs/rdma-networking.md).
#
# A veth pair rn0/rn1 (192.168.79.1/24, .2/24) carries rxe0 and rxe1. Two sandboxes run side by side,
# `sluice run --rdma rxe0 --rdma-netdev rn0` (the server) and `--rdma rxe1 --rdma-netdev rn1` (the
# client), each moving its netdev into its own namespace, and run ibv_rc_pingpong between them over
# the veth. Twice:
#   plain   with SLUICE_TEST_FAULTS=netdev=plain-move: the netdevs move as a plain runtime moves them
#           (no addresses, no routes). This is the run "without the fix": it must fail.
#   sluice  as shipped: the addresses come back inside, RoCE GIDs are populated, arp_ignore=1 and
#           arp_announce=2 are set, `sluice rdma doctor` in the server's sandbox reports rxe0 with
#           the GID of its address and no warning, and the pingpong must get at least as far as the
#           kernel allows.
# After each, the host's netdevs must be back with their addresses, and rxe0/rxe1 with their GIDs.
#
# The data path: rdma_rxe sends and receives through UDP sockets of the initial network namespace
# only, until kernels that gained per-namespace sockets (rxe_ns.c). Sluice cannot change that. The
# script detects it (a socket on UDP port 4791 in the sandbox's namespace, /proc/net/udp) and then
# judges the whole pingpong; without it, it judges everything up to the data path: both ends find
# the GID of their address, exchange it over TCP, and bring their QPs to RTS (no "Failed to modify
# QP" line, both "remote address" lines).
#
# Results: MODE_{server,client}_gid=yes|no, MODE_qp_rts=yes|no, MODE_pingpong=ok|fail,
# MODE_arp=IGNOREANNOUNCE, MODE_host_restored=yes|no, rxe_netns_sockets=yes|no,
# sluice_doctor_rc, sluice_doctor_report=ok|fail, verdict.
set -uo pipefail
. "$(dirname "$0")/guest-lib.sh"

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
SLUICE="$REPO/bin/sluice"
export SLUICE_JAVA=${SLUICE_JAVA:-$(command -v java || true)}
# Interpreted in the VM, as in guest-rdma-sluice.sh (the JIT under TCG crashed now and then).
SLUICE_JAVA_OPTS="-Xint"
if [ -n "${SLUICEVM_OUT:-}" ]; then SLUICE_JAVA_OPTS="$SLUICE_JAVA_OPTS -XX:ErrorFile=$SLUICEVM_OUT/hs_err_pid%p.log"; fi
export SLUICE_JAVA_OPTS
STEP_TIMEOUT=200

# diagnose: what is still running, and where in the kernel the helpers and init wait (a hung run).
diagnose() {
  log "diagnose: processes"
  ps -eo pid,ppid,stat,etime,args | grep -v '\[' | tail -30
  local p
  for p in $(pgrep -x ip; pgrep -x rdma; pgrep -x nsenter; pgrep -f sluice-init; pgrep -f side.sh); do
    echo "== $p $(tr '\0' ' ' < /proc/$p/cmdline 2>/dev/null)"; cat /proc/$p/stack 2>/dev/null | head -12
  done
  ls /run/netns /run/sluice/netdevs /sys/class/infiniband 2>&1
}

ulimit -l unlimited
ip link set lo up
gid_of() { printf '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x' ${1//./ }; }

if modprobe veth && modprobe rdma_rxe \
   && ip link add rn0 type veth peer name rn1 \
   && ip link set rn0 up && ip link set rn1 up \
   && ip addr add 192.168.79.1/24 dev rn0 && ip addr add 192.168.79.2/24 dev rn1 \
   && rdma link add rxe0 type rxe netdev rn0 && rdma link add rxe1 type rxe netdev rn1; then
  result rxe=ok
else
  result rxe=fail; fail rxe; finish
fi
if [ -x "$SLUICE_JAVA" ] && [ -x "$SLUICE" ]; then result sluice=found; else result sluice=missing; fail sluice; finish; fi

# host_has DEV IBDEV IP: the netdev has IP and IBDEV shows its GID (polled: rxe fills it from a work queue).
host_has() {
  local want; want=$(gid_of "$3")
  for _ in $(seq 50); do
    # One grep over the table (1,024 entries on rxe): a cat per entry takes seconds under TCG.
    if ip -o addr show dev "$1" 2>/dev/null | grep -q "inet $3/24" \
       && grep -qx "$want" /sys/class/infiniband/"$2"/ports/1/gids/* 2>/dev/null; then
      return 0
    fi
    sleep 0.2
  done
  return 1
}
host_has rn0 rxe0 192.168.79.1 && host_has rn1 rxe1 192.168.79.2 || { result host_gids=missing; fail host_gids; finish; }

# The sandbox side: finds the GID index of its own address (none without it), prints the ARP
# settings and whether rdma_rxe has a socket in this namespace, then runs ibv_rc_pingpong.
cat > /tmp/side.sh <<'SIDE'
#!/bin/sh
dev=$1 ip=$2 peer=$3 doctor=${4:-}
want=$(printf '0000:0000:0000:0000:0000:ffff:%02x%02x:%02x%02x' $(echo "$ip" | tr . ' '))
idx=
for i in $(seq 15); do
  g=$(grep -lx "$want" /sys/class/infiniband/$dev/ports/1/gids/* 2>/dev/null | head -1)
  [ -n "$g" ] && idx=${g##*/} && break
  sleep 0.2
done
echo "gid_index=${idx:-none}"
echo "arp=$(cat /proc/sys/net/ipv4/conf/all/arp_ignore)$(cat /proc/sys/net/ipv4/conf/all/arp_announce)"
if grep -qi ':12B7 ' /proc/net/udp /proc/net/udp6 2>/dev/null; then echo "rxe_sockets=yes"; else echo "rxe_sockets=no"; fi
[ -n "$idx" ] || { echo "no GID for $ip"; exit 3; }
# `sluice rdma doctor` inside the sandbox, on the real device: the direct path as the workload sees it.
if [ -n "$doctor" ]; then
  "$doctor" rdma doctor --device "$dev" > /tmp/doctor.log 2>&1
  echo "doctor_rc=$?"
  sed 's/^/doctor| /' /tmp/doctor.log
fi
# Line-buffered, so that a run killed at its timeout still shows how far it got.
if [ -z "$peer" ]; then
  exec timeout 150 stdbuf -oL ibv_rc_pingpong -d "$dev" -g "$idx" -n 50
fi
# The client retries only while the server is not listening yet (its JVM starts in ~20 s under TCG).
for i in $(seq 90); do
  timeout 60 stdbuf -oL ibv_rc_pingpong -d "$dev" -g "$idx" -n 50 "$peer" > /tmp/attempt.log 2>&1
  rc=$?
  if ! grep -q "Couldn't connect" /tmp/attempt.log; then cat /tmp/attempt.log; exit $rc; fi
  sleep 1
done
cat /tmp/attempt.log
exit 1
SIDE
chmod +x /tmp/side.sh

for MODE in plain sluice; do
  FAULT=
  [ "$MODE" = plain ] && FAULT="netdev=plain-move"
  log "$MODE: two sandboxes"
  ( sleep $((STEP_TIMEOUT - 15)); diagnose ) &
  WD=$!
  DOCTOR=
  [ "$MODE" = sluice ] && DOCTOR=$SLUICE
  SLUICE_TEST_FAULTS="$FAULT" timeout "$STEP_TIMEOUT" "$SLUICE" --log-level=info run --rdma rxe0 --rdma-netdev rn0 -- /tmp/side.sh rxe0 192.168.79.1 "" $DOCTOR > /tmp/$MODE.server.log 2>&1 &
  SP=$!
  SLUICE_TEST_FAULTS="$FAULT" timeout "$STEP_TIMEOUT" "$SLUICE" --log-level=info run --rdma rxe1 --rdma-netdev rn1 -- /tmp/side.sh rxe1 192.168.79.2 192.168.79.1 > /tmp/$MODE.client.log 2>&1
  CRC=$?
  if [ "$CRC" != 0 ]; then sleep 5; kill "$SP" 2>/dev/null; fi
  wait "$SP"; SRC=$?
  kill "$WD" 2>/dev/null; wait "$WD" 2>/dev/null
  log "$MODE: server rc=$SRC client rc=$CRC"
  for side in server client; do
    L=/tmp/$MODE.$side.log
    sed "s/^/  $MODE $side| /" "$L" | tail -n 25
    if grep -q '^gid_index=[0-9]' "$L"; then result "${MODE}_${side}_gid=yes"; else result "${MODE}_${side}_gid=no"; fi
  done
  result "${MODE}_arp=$(sed -n 's/^arp=//p' /tmp/$MODE.server.log | head -1)"
  if [ "$MODE" = sluice ]; then
    result "rxe_netns_sockets=$(sed -n 's/^rxe_sockets=//p' /tmp/$MODE.server.log | head -1)"
    result "sluice_doctor_rc=$(sed -n 's/^doctor_rc=//p' /tmp/$MODE.server.log | head -1)"
    if grep -q "^doctor| rxe0 (uverbs0)" /tmp/$MODE.server.log && grep -q "^doctor| .*::ffff:192.168.79.1" /tmp/$MODE.server.log; then
      result sluice_doctor_report=ok; else result sluice_doctor_report=fail; fi
  fi
  QP=no
  if [ "$(grep -c 'remote address' /tmp/$MODE.server.log /tmp/$MODE.client.log | awk -F: '{ s += ($2 > 0) } END { print s }')" = 2 ] \
     && ! grep -q "Failed to modify QP\|Couldn't modify QP" /tmp/$MODE.server.log /tmp/$MODE.client.log; then QP=yes; fi
  result "${MODE}_qp_rts=$QP"
  if [ "$SRC" = 0 ] && [ "$CRC" = 0 ] && grep -q ' iters in ' /tmp/$MODE.client.log; then
    result "${MODE}_pingpong=ok"; else result "${MODE}_pingpong=fail"; fi
  if host_has rn0 rxe0 192.168.79.1 && host_has rn1 rxe1 192.168.79.2 && [ -z "$(ls /run/sluice/netdevs 2>/dev/null)" ]; then
    result "${MODE}_host_restored=yes"
  else
    result "${MODE}_host_restored=no"; fail "${MODE}_host_restored"
    ip -o addr show; ls /sys/class/infiniband /run/sluice/netdevs 2>&1
  fi
done

# Without the fix the pingpong must fail; with it the GIDs, ARP settings and QPs must be right, and
# the pingpong itself too where rdma_rxe has sockets in the sandbox's namespace.
GOT() { sed -n "s/^$1=//p" "$SLUICEVM_OUT/results" 2>/dev/null | tail -1; }
[ "$(GOT plain_pingpong)" = fail ] || fail plain_pingpong_must_fail
[ "$(GOT plain_server_gid)" = no ] || fail plain_gid_must_be_missing
[ "$(GOT sluice_server_gid)" = yes ] && [ "$(GOT sluice_client_gid)" = yes ] || fail sluice_gid
[ "$(GOT sluice_arp)" = 12 ] || fail sluice_arp
[ "$(GOT sluice_qp_rts)" = yes ] || fail sluice_qp_rts
[ "$(GOT sluice_doctor_rc)" = 0 ] && [ "$(GOT sluice_doctor_report)" = ok ] || fail sluice_doctor
if [ "$(GOT rxe_netns_sockets)" = yes ]; then
  [ "$(GOT sluice_pingpong)" = ok ] || fail sluice_pingpong
fi
finish
