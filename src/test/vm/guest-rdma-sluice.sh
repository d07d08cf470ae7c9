#!/usr/bin/env bash
# Guest script of the RDMA VM suite (runs as PID 1 inside the VM, see run.sh). Brings up two
# Soft-RoCE devices, rxe0 on the dummy netdev sluice0 (the one granted) and rxe1 on sluice1 (never
# granted), and runs every test twice in the same boot: natively, then under
# `sluice run --rdma rxe0 [--rdma-cm] --stats` (RDMAProxy). A pair (server and client) runs in ONE
# sandbox through pair.sh, so that each test costs one JVM start (~20 s under TCG).
#
#   devices     ibv_devices, ibv_devinfo and /sys/class/infiniband{,_verbs}: natively rxe0 and rxe1;
#               in the sandbox rxe0 only, abi_version 6, port active
#   pingpong    ibv_rc_pingpong -c, 200 iterations, no "invalid data"           (usec/iter)
#   write_bw    ib_write_bw, both ends exit 0                                   (Gb/s, reported only)
#   send_lat    ib_send_lat, both ends exit 0                                   (typical usec)
#   rdma_write  sluice-rdma-write (src/test/c/rdma-write.c): RDMA WRITEs between two QPs, bytes
#               checked; its connection setup time and per-verb latencies      (setup ms)
#   rping       rping -V over RDMA CM (--rdma-cm): 20 validated pings
#
# Then strict mode (`--rdma-strict`, docs/rdma-drivers.md#strict-mode: every write() passes the
# sentry, and rxe rings its send doorbell with one): pingpong, write_bw and rdma_write again, which
# must pass and deny nothing, and legacy_write (src/test/c/uverbs-legacy-write.c): REG_MR with
# driver data by write() and by the INVOKE_WRITE ioctl, both refused (EINVAL) and counted in strict
# mode, only the ioctl without it; and writes (dd: 20000 writes of 64 bytes to /dev/null) in all
# three modes, for what strict mode costs a write-heavy workload. Mediated rdma_cm: send_lat_cm
# (ib_send_lat -R) natively and under --rdma-cm, rping under --rdma-strict.
#
# Results: MODE_TEST=ok|fail, MODE_TEST_value (the figure in brackets above), for sandboxed runs
# sluice_TEST_{trapped,emulate,continue,deny} from the --stats summary, rdma_write's per-verb
# figures as MODE_rdma_write_VERB_us, and a final verdict=pass|fail. A sandboxed run must trap
# uverbs ioctls and deny none. perftest's figures are reported, never judged: its calibration
# flakes under TCG; exit codes and data checks are judged. RdmaVmE2ETest prints the table.
#
# SLUICE_RDMA_MODES (default "native sluice") picks the passes. Mode "generic" (guest-rdma-generic.sh)
# runs each test under `sluice run --rdma rxe0 --rdma-generic=force`: rxe0 served by the generic
# plugin instead of rxe's, to see what still works and what is refused. There a test is judged by
# generic_verdict below: generic_TEST=ok (it worked), refused (it failed, and every call the proxy
# denied was a driver-data refusal of the generic plugin) or fail (anything else), with
# generic_TEST_{trapped,emulate,continue,deny,driver_data,other_deny,refused_at}; the refusal lines
# go to generic-refusals.log beside the results.
set -uo pipefail
. "$(dirname "$0")/guest-lib.sh"
MODES=${SLUICE_RDMA_MODES:-native sluice}

DEV=rxe0
OTHER=rxe1
IP=192.168.77.1
STEP_TIMEOUT=150     # per sandboxed run; a JVM start under TCG alone takes ~20 s
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
SLUICE="$REPO/bin/sluice"
PAIR="$HERE/pair.sh"
export SLUICE_JAVA=${SLUICE_JAVA:-$(command -v java || true)}
# The sentry's JVM runs interpreted (-Xint) in the VM: with the JIT on, JVMs under QEMU/TCG died of
# SIGSEGV now and then (once in C1's installation of a compiled method, CodeBuffer::
# finalize_oop_references; once in JIT-compiled code), never on a real CPU. Interpreted, a JVM start
# costs about 10% more here. A JVM crash report must outlive the guest's tmpfs: kept with the results.
SLUICE_JAVA_OPTS="-Xint"
if [ -n "${SLUICEVM_OUT:-}" ]; then SLUICE_JAVA_OPTS="$SLUICE_JAVA_OPTS -XX:ErrorFile=$SLUICEVM_OUT/hs_err_pid%p.log"; fi
export SLUICE_JAVA_OPTS

ulimit -l unlimited  # verbs pin memory regions
ip link set lo up

# 1. Two Soft-RoCE devices on dummy netdevs: no NIC, traffic loops back inside rdma_rxe.
if modprobe dummy numdummies=0 && modprobe rdma_rxe \
   && ip link add sluice0 type dummy && ip link set sluice0 up && ip addr add "$IP/24" dev sluice0 \
   && ip link add sluice1 type dummy && ip link set sluice1 up && ip addr add 192.168.78.1/24 dev sluice1 \
   && rdma link add "$DEV" type rxe netdev sluice0 && rdma link add "$OTHER" type rxe netdev sluice1; then
  result rxe=ok
else
  result rxe=fail; fail rxe; finish
fi
modprobe rdma_ucm 2>/dev/null || true
for _ in $(seq 50); do
  [ -c /dev/infiniband/uverbs0 ] && [ -c /dev/infiniband/uverbs1 ] && [ -c /dev/infiniband/rdma_cm ] && break
  sleep 0.1
done
if [ -c /dev/infiniband/uverbs1 ]; then result uverbs=ok; else result uverbs=missing; fail uverbs; finish; fi
if [ -x "$SLUICE_JAVA" ] && [ -x "$SLUICE" ]; then result sluice=found; else result sluice=missing; fail sluice; finish; fi

# RoCE v2 needs the GID that carries sluice0's IPv4 address (::ffff:a.b.c.d); rxe fills the GID
# table asynchronously after the address is added.
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

# The project's own RDMA WRITE program: built by the e2e module's make (needs libibverbs-dev on the
# host); compiled here when it is missing or older than its source.
RW="$REPO/src/test/target/guests/sluice-rdma-write"
RW_SRC="$REPO/src/test/c/rdma-write.c"
if [ ! -x "$RW" ] || [ "$RW_SRC" -nt "$RW" ]; then
  log "compiling $RW_SRC in the guest"
  RW=/tmp/sluice-rdma-write
  gcc -O2 -Wall -o "$RW" "$RW_SRC" -libverbs > /tmp/rw-build.log 2>&1 || { cat /tmp/rw-build.log; RW=; }
fi

LW="$REPO/src/test/target/guests/sluice-uverbs-legacy-write"
LW_SRC="$REPO/src/test/c/uverbs-legacy-write.c"
if [ ! -x "$LW" ] || [ "$LW_SRC" -nt "$LW" ]; then
  LW=/tmp/sluice-uverbs-legacy-write
  gcc -O2 -Wall -o "$LW" "$LW_SRC" -libverbs -pthread > /tmp/lw-build.log 2>&1 || { cat /tmp/lw-build.log; LW=; }
fi

# run MODE TEST [--rdma-cm] -- CMD...: CMD natively or in a sandbox granted rxe0 (MODE strict: with
# --rdma-strict); output in /tmp/MODE.TEST.log, exit code in RC.
run() {
  local mode=$1 test=$2 extra=
  shift 2
  if [ "$1" = --rdma-cm ]; then extra=--rdma-cm; shift; fi
  [ "$1" = -- ] && shift
  [ "$mode" = strict ] && extra="$extra --rdma-strict"
  [ "$mode" = generic ] && extra="$extra --rdma-generic=force"
  local log=/tmp/$mode.$test.log t0
  t0=$(date +%s%N)
  RC=0
  if [ "$mode" != native ]; then
    timeout "$STEP_TIMEOUT" "$SLUICE" run --rdma "$DEV" $extra --stats -- "$@" > "$log" 2>&1 || RC=$?
  else
    timeout "$STEP_TIMEOUT" "$@" > "$log" 2>&1 || RC=$?
  fi
  log "$mode $test: rc=$RC in $(( ($(date +%s%N) - t0) / 1000000 )) ms"
  result "${mode}_${test}_rc=$RC" "${mode}_${test}_ms=$(( ($(date +%s%N) - t0) / 1000000 ))"
}

# verdict MODE TEST OK [VALUE]: record the outcome (and the figure); a sandboxed run must also have
# trapped uverbs ioctls and denied none (the --stats summary line).
verdict() {
  local mode=$1 test=$2 ok=$3 value=${4:-} denials=${5:-0} log=/tmp/$1.$2.log
  [ -n "$value" ] && result "${mode}_${test}_value=$value"
  if [ "$mode" = generic ]; then generic_verdict "$test" "$ok" "$log"; return; fi
  if [ "$mode" != native ]; then
    local line total emu cont deny
    line=$(grep -m1 '^sluice: trapped calls:' "$log" || true)
    total=$(sed -n 's/^sluice: trapped calls: \([0-9]*\) total.*/\1/p' <<<"$line")
    emu=$(sed -n 's/.*EMULATE \([0-9]*\).*/\1/p' <<<"$line")
    cont=$(sed -n 's/.*CONTINUE \([0-9]*\).*/\1/p' <<<"$line")
    deny=$(sed -n 's/.*DENY \([0-9]*\).*/\1/p' <<<"$line")
    result "${mode}_${test}_trapped=${total:-none}" "${mode}_${test}_emulate=${emu:-0}" \
           "${mode}_${test}_continue=${cont:-0}" "${mode}_${test}_deny=${deny:-0}"
    if [ "${total:-0}" -le 0 ] || [ "${deny:-0}" != "$denials" ]; then ok=no; fi
    grep -m3 'WARN\|hs_err\|SIGSEGV' "$log" | sed "s/^/  $test warn| /" || true
  fi
  if [ "$ok" = yes ]; then
    result "${mode}_${test}=ok"
  else
    result "${mode}_${test}=fail"; fail "${mode}_${test}"
    tail -n 30 "$log" | sed "s/^/  $mode $test| /"
  fi
}

# generic_verdict TEST OK LOG: a run forced through the generic plugin. Each method the --stats
# report lists as denied ("sluice: denied: rdmaproxy 0x... RDMA_VERBS_IOCTL NAME xN") counts as
# driver data when every WARN line of that name says "refuses driver data"; any other denial
# (counted as deny minus those) fails the test, as does a run that trapped nothing or that failed
# without a driver-data refusal. A test that worked (OK=yes) is "ok", one that failed with
# driver-data refusals only is "refused".
generic_verdict() {
  local test=$1 ok=$2 log=$3 line total emu cont deny dd=0 other names= name n warns outcome
  line=$(grep -m1 '^sluice: trapped calls:' "$log" || true)
  total=$(sed -n 's/^sluice: trapped calls: \([0-9]*\) total.*/\1/p' <<<"$line")
  emu=$(sed -n 's/.*EMULATE \([0-9]*\).*/\1/p' <<<"$line")
  cont=$(sed -n 's/.*CONTINUE \([0-9]*\).*/\1/p' <<<"$line")
  deny=$(sed -n 's/.*DENY \([0-9]*\).*/\1/p' <<<"$line")
  while read -r name n; do
    [ -n "$name" ] || continue
    warns=$(grep -F "denied ioctl" "$log" | grep -F "(RDMA_VERBS_IOCTL $name)" || true)
    if [ -n "$warns" ] && ! grep -qvF 'refuses driver data' <<<"$warns"; then
      dd=$((dd + n))
      names="${names:+$names,}$name"
    fi
  done < <(sed -n 's/^sluice: denied: [^ ]* [^ ]* RDMA_VERBS_IOCTL \([^ ]*\) x\([0-9]*\)$/\1 \2/p' "$log")
  other=$(( ${deny:-0} - dd ))
  if [ "${total:-0}" -le 0 ] || [ "$other" != 0 ]; then outcome=fail
  elif [ "$ok" = yes ]; then outcome=ok
  elif [ "$dd" -gt 0 ]; then outcome=refused
  else outcome=fail; fi
  result "generic_${test}=$outcome" "generic_${test}_trapped=${total:-none}" \
         "generic_${test}_emulate=${emu:-0}" "generic_${test}_continue=${cont:-0}" \
         "generic_${test}_deny=${deny:-0}" "generic_${test}_driver_data=$dd" \
         "generic_${test}_other_deny=$other" "generic_${test}_refused_at=${names:-none}"
  if [ -n "${SLUICEVM_OUT:-}" ]; then
    grep -F 'denied ioctl' "$log" | sed "s/^/$test| /" >> "$SLUICEVM_OUT/generic-refusals.log" || true
  fi
  grep -m2 -F 'denied ioctl' "$log" | sed "s/^/  $test refusal| /" || true
  log "generic $test: $outcome (trapped ${total:-none}, denied ${deny:-0}: $dd driver data, $other other)"
  if [ "$outcome" = fail ]; then
    fail "generic_${test}"
    tail -n 30 "$log" | sed "s/^/  generic $test| /"
  fi
}

# perf_figure LOG N: field N of perftest's data row (the line after the "#bytes" header).
perf_figure() { awk -v n="$2" 'h && NF >= n { print $n; exit } /#bytes/ { h = 1 }' "$1"; }
pair_rc() { sed -n "s/^pair: .*$1_rc=\\([0-9]*\\).*/\\1/p" "$2" | tail -1; }

# Warm-up, not measured: under TCG the first run of a code path (rdma_rxe, libibverbs, the tools)
# pays for its translation, and the native pass comes first. Without this its ibv_rc_pingpong
# figure came out several times the sandboxed one.
log "warm-up: $(bash "$PAIR" tcp 18514 ibv_rc_pingpong -d "$DEV" -g "$GID" -n 100 2>&1 | tail -1)"

# The tests that run in more than one mode, each MODE [PORT]: run, judge, record.
# pingpong: ibv_rc_pingpong -c (rdma-core 44 only compares one byte per page and merely prints
# "invalid data" on a mismatch, so that line is looked for; rdma_write checks every byte).
t_pingpong() {
  local L=/tmp/$1.pingpong.log ITERS OK=no
  run "$1" pingpong -- bash "$PAIR" tcp "$2" ibv_rc_pingpong -d "$DEV" -g "$GID" -n 200 -c
  ITERS=$(sed -n 's/^client| \([0-9]*\) iters in .* = \([0-9.]*\) usec\/iter/\1 \2/p' "$L" | head -1)
  if [ "$RC" = 0 ] && [ "${ITERS%% *}" = 200 ] && ! grep -qi 'invalid data' "$L"; then OK=yes; fi
  verdict "$1" pingpong $OK "${ITERS##* }"
}

# write_bw: RDMA WRITE bandwidth (-F: TCG has no cpufreq to check).
t_write_bw() {
  local L=/tmp/$1.write_bw.log OK=no
  run "$1" write_bw -- bash "$PAIR" tcp "$2" ib_write_bw -d "$DEV" -x "$GID" -F -n 500 --report_gbits
  [ "$RC" = 0 ] && [ "$(pair_rc server "$L")" = 0 ] && [ "$(pair_rc client "$L")" = 0 ] && OK=yes
  verdict "$1" write_bw $OK "$(grep '^client| ' "$L" | sed 's/^client| //' > /tmp/c.log; perf_figure /tmp/c.log 4)"
}

# rdma_write: the project's own program (two QPs, RDMA WRITEs both ways, every byte checked).
t_rdma_write() {
  local L=/tmp/$1.rdma_write.log LINE SETUP_US kv OK=no
  if [ -n "$RW" ]; then
    run "$1" rdma_write -- "$RW" -d "$DEV" -g "$GID" -n 64 -s 65536
  else
    RC=127; echo "sluice-rdma-write could not be built" > "$L"
  fi
  LINE=$(grep -m1 '^rdma_write result=' "$L" || true)
  for kv in $LINE; do
    case $kv in *_us=*|mb_per_s=*|writes=*|bytes=*) result "${1}_rdma_write_$kv" ;; esac
  done
  SETUP_US=$(sed -n 's/.* setup_us=\([0-9]*\).*/\1/p' <<<"$LINE")
  [ "$RC" = 0 ] && grep -q '^rdma_write result=ok' "$L" && OK=yes
  verdict "$1" rdma_write $OK "$( [ -n "$SETUP_US" ] && awk -v u="$SETUP_US" 'BEGIN { printf "%.1f", u / 1000 }')"
}

# rping: RDMA CM (rdma_cm granted) with rping's own data check (-V).
t_rping() {
  local L=/tmp/$1.rping.log PINGS OK=no
  run "$1" rping --rdma-cm -- bash "$PAIR" rping "$2" "$IP"
  PINGS=$(grep -c '^client| ping data: rdma-ping-' "$L" || true)
  [ "$RC" = 0 ] && [ "$PINGS" = 20 ] && ! grep -q mismatch "$L" && OK=yes
  verdict "$1" rping $OK "$PINGS"
}

for MODE in $MODES; do
  # devices: what libibverbs and sysfs show. Natively both devices; in the sandbox rxe0 only.
  run $MODE devices -- sh -c 'echo "devices: $(ibv_devices | awk "NR > 2 { print \$1 }" | sort | paste -sd, -)";
    echo "hcas: $(ibv_devinfo | sed -n "s/^hca_id:[[:space:]]*//p" | sort | paste -sd, -)";
    echo "state: $(ibv_devinfo -d rxe0 | sed -n "s/^[[:space:]]*state:[[:space:]]*\([A-Z_]*\).*/\1/p" | head -1)";
    echo "sys_ib: $(ls /sys/class/infiniband | paste -sd, -)";
    echo "sys_verbs: $(ls /sys/class/infiniband_verbs | paste -sd, -)";
    echo "sys_virtual: $(ls /sys/devices/virtual/infiniband | paste -sd, -)";
    echo "abi: $(cat /sys/class/infiniband_verbs/abi_version)"'
  L=/tmp/$MODE.devices.log
  field() { sed -n "s/^$1: //p" "$L" | head -1; }
  result "${MODE}_devices_list=$(field devices)" "${MODE}_hcas=$(field hcas)" "${MODE}_port_state=$(field state)" \
         "${MODE}_sys_ib=$(field sys_ib)" "${MODE}_sys_verbs=$(field sys_verbs)" "${MODE}_abi=$(field abi)"
  if [ "$MODE" = native ]; then WANT_DEV="$DEV,$OTHER" WANT_VERBS="abi_version,uverbs0,uverbs1"
  else WANT_DEV="$DEV" WANT_VERBS="abi_version,uverbs0"; fi
  OK=no
  if [ "$RC" = 0 ] && [ "$(field devices)" = "$WANT_DEV" ] && [ "$(field hcas)" = "$WANT_DEV" ] \
     && [ "$(field state)" = PORT_ACTIVE ] && [ "$(field sys_ib)" = "$WANT_DEV" ] \
     && [ "$(field sys_virtual)" = "$WANT_DEV" ] && [ "$(field sys_verbs)" = "$WANT_VERBS" ] \
     && [ "$(field abi)" = 6 ]; then OK=yes; fi
  verdict $MODE devices $OK "$(field devices | tr ',' '\n' | grep -c .)"

  t_pingpong $MODE 18515
  t_write_bw $MODE 18516

  # send_lat: send latency.
  run $MODE send_lat -- bash "$PAIR" tcp 18517 ib_send_lat -d "$DEV" -x "$GID" -F -n 200
  L=/tmp/$MODE.send_lat.log
  OK=no; [ "$RC" = 0 ] && [ "$(pair_rc server "$L")" = 0 ] && [ "$(pair_rc client "$L")" = 0 ] && OK=yes
  verdict $MODE send_lat $OK "$(grep '^client| ' "$L" | sed 's/^client| //' > /tmp/c.log; perf_figure /tmp/c.log 5)"

  t_rdma_write $MODE
  t_rping $MODE 7174
done

# The strict-mode passes belong to the main boot (MODES with sluice), not to the generic one.
case " $MODES " in *" sluice "*) STRICT_PASSES=yes ;; *) STRICT_PASSES=no ;; esac
if [ "$STRICT_PASSES" = yes ]; then
# legacy_write RC LOG: "WRITE_ERRNO IOCTL_ERRNO" from sluice-uverbs-legacy-write's lines.
legacy_errnos() {
  echo "$(sed -n 's/^legacy_write path=write errno=\([0-9]*\)/\1/p' "$1" | head -1) $(sed -n 's/^legacy_write path=ioctl errno=\([0-9]*\)/\1/p' "$1" | head -1)"
}

# Strict mode: the data path again (rxe's every post is a write() through the sentry), then the
# legacy command by write() and by ioctl; without strict mode only the ioctl is refused.
t_pingpong strict 18525
t_write_bw strict 18526
t_rdma_write strict

# Mediated rdma_cm (docs/rdma-drivers.md#rdma_cm): ib_send_lat over RDMA CM (-R) natively and
# under --rdma-cm, and rping under --rdma-strict; every rdma_cm command is decided by the policy and
# none may be refused.
for MODE in native sluice; do
  run $MODE send_lat_cm --rdma-cm -- bash "$PAIR" cm 18527 "$IP" ib_send_lat -d "$DEV" -F -n 200
  L=/tmp/$MODE.send_lat_cm.log
  OK=no; [ "$RC" = 0 ] && [ "$(pair_rc server "$L")" = 0 ] && [ "$(pair_rc client "$L")" = 0 ] && OK=yes
  verdict $MODE send_lat_cm $OK "$(grep '^client| ' "$L" | sed 's/^client| //' > /tmp/c.log; perf_figure /tmp/c.log 5)"
done
t_rping strict 7175

for MODE in sluice strict; do
  if [ -n "$LW" ]; then run $MODE legacy_write -- "$LW" -d "$DEV"
  else RC=127; echo "sluice-uverbs-legacy-write could not be built" > "/tmp/$MODE.legacy_write.log"; fi
  L=/tmp/$MODE.legacy_write.log
  E=$(legacy_errnos "$L")
  result "${MODE}_legacy_write_errnos=${E// /,}"
  # EINVAL is 22. Without strict mode the write is not trapped and the kernel runs it (rxe takes
  # REG_MR's driver data without looking); the ioctl is refused either way, and counted. In strict
  # mode the sentry decides the write first and refuses it (EINVAL); the kernel would refuse it
  # too (EACCES, 13: the file is the sentry's, ib_safe_file_access), but it never gets to.
  if [ "$MODE" = strict ]; then WANT="22 22" WANT_DENY=2; else WANT="0 22" WANT_DENY=1; fi
  OK=no; [ "$RC" = 0 ] && [ "$E" = "$WANT" ] && grep -q '^legacy_write result=done' "$L" && OK=yes
  verdict $MODE legacy_write $OK "" "$WANT_DENY"
done

# Strict mode's hostile steps (sluice-uverbs-legacy-write -H): the node opened under another name
# and the command fd reopened through /proc/self/fd both fail EACCES (13: nodev mounts), and a
# thread swapping the command fd onto a pipe's number while writes go there never gets a write
# run by the kernel on the uverbs file (race_kernel_runs=0). The sentry's refusals of the writes
# it saw on the uverbs file are counted as denials, so only the lines are judged here.
if [ -n "$LW" ]; then run strict legacy_hostile -- "$LW" -d "$DEV" -H
else RC=127; echo "sluice-uverbs-legacy-write could not be built" > /tmp/strict.legacy_hostile.log; fi
L=/tmp/strict.legacy_hostile.log
H=$(grep -m1 '^legacy_write hostile ' "$L" | sed 's/^legacy_write hostile //' || true)
result "strict_legacy_hostile_line=${H// /,}"
OK=no
if [ "$RC" = 0 ] && grep -q ' open=13 reopen=13 ' <<<" $H " && grep -q ' race_kernel_runs=0 ' <<<" $H "; then OK=yes; fi
[ "$OK" = yes ] && result strict_legacy_hostile=ok || result strict_legacy_hostile=fail
[ "$OK" = yes ] || { fail strict_legacy_hostile; tail -n 30 "$L" | sed 's/^/  strict legacy_hostile| /'; }

# rdma_cm's hostile steps (sluice-rdma-cm-hostile) under --rdma-cm, where the sentry opens the
# rdma_cm file and executes the commands it allows: a plain CREATE_ID runs (create=0), an id of no
# file of its own is refused (foreign=22), a response at unmapped memory fails EFAULT (efault=14),
# another name of the node and a reopen through /proc/self/fd fail EACCES (13: nodev), and a thread
# swapping the rdma_cm fd and a pipe onto the number that refused CREATE_IDs are written to never
# gets one run by the kernel (race_kernel_runs=0: ib_safe_file_access refuses the guest's own
# writes on the sentry's file, race_eacces counts those it refused). The policy's refusals count as
# denials, so only the line is judged.
CMH="$REPO/src/test/target/guests/sluice-rdma-cm-hostile"
CMH_SRC="$REPO/src/test/c/rdma-cm-hostile.c"
if [ ! -x "$CMH" ] || [ "$CMH_SRC" -nt "$CMH" ]; then
  CMH=/tmp/sluice-rdma-cm-hostile
  gcc -O2 -Wall -o "$CMH" "$CMH_SRC" -pthread > /tmp/cmh-build.log 2>&1 || { cat /tmp/cmh-build.log; CMH=; }
fi
if [ -n "$CMH" ]; then run sluice cm_hostile --rdma-cm -- "$CMH"
else RC=127; echo "sluice-rdma-cm-hostile could not be built" > /tmp/sluice.cm_hostile.log; fi
L=/tmp/sluice.cm_hostile.log
H=$(grep -m1 '^rdma_cm hostile ' "$L" | sed 's/^rdma_cm hostile //' || true)
result "sluice_cm_hostile_line=${H// /,}"
OK=no
if [ "$RC" = 0 ] && grep -q ' create=0 foreign=22 efault=14 open=13 reopen=13 ' <<<" $H " \
   && grep -q ' race_kernel_runs=0 ' <<<" $H "; then OK=yes; fi
[ "$OK" = yes ] && result sluice_cm_hostile=ok || result sluice_cm_hostile=fail
[ "$OK" = yes ] || { fail sluice_cm_hostile; tail -n 30 "$L" | sed 's/^/  sluice cm_hostile| /'; }

# writes: what strict mode costs a write-heavy workload that never touches the device: 20000
# write()s of 64 bytes to /dev/null (dd), natively, sandboxed and in strict mode, where each one
# is a trap round trip continued by the sentry. Reported as microseconds per write, not judged
# beyond dd's exit code (the sentry runs interpreted under TCG: the ratio overstates a real CPU's).
for MODE in native sluice strict; do
  run $MODE writes -- dd if=/dev/zero of=/dev/null bs=64 count=20000
  SECS=$(sed -n 's/.* copied, \([0-9.]*\) s.*/\1/p' "/tmp/$MODE.writes.log" | head -1)
  US=$(awk -v s="$SECS" 'BEGIN { if (s != "") printf "%.2f", s * 1000000 / 20000 }')
  result "${MODE}_writes_value=$US"
  if [ "$RC" = 0 ] && [ -n "$US" ]; then result "${MODE}_writes=ok"; else result "${MODE}_writes=fail"; fail "${MODE}_writes"; fi
done
fi

finish
