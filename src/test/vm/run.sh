#!/usr/bin/env bash
# Usage: run.sh GUEST_SCRIPT [OUTDIR]
#
# Boots the Debian kernel prepared by setup.sh under qemu-system-x86_64 with TCG (software
# emulation: KVM does not work with stock kernels on our machines, and TCG works everywhere),
# with the host's / shared read-only over 9p (the guest puts a tmpfs overlay on top) and no NIC
# (-nic none: all RDMA traffic stays inside the VM). The guest runs GUEST_SCRIPT (an absolute or
# relative host path; the guest sees the host's files) as PID 1; the script sources guest-lib.sh.
#
# Prints the guest's KEY=VALUE result lines on stdout. Exit code: 0 if the guest reported
# verdict=pass, 1 if verdict=fail, 3 if it reported no verdict (boot failure, crash),
# 124 if the VM ran past SLUICE_VM_TIMEOUT seconds (default 240).
# OUTDIR (created if missing; default: a temporary dir removed at exit) receives results and
# console.log (the full serial console).
#
# Environment: SLUICE_VM_DIR (cache, default /var/cache/sluice-vm), SLUICE_VM_TIMEOUT,
# SLUICE_VM_MEM (MiB, default 2048), SLUICE_VM_SMP (default 2), SLUICE_VM_VERBOSE=1 (print the
# whole console log, not just its tail on failure).
set -euo pipefail

[ $# -ge 1 ] || { echo "usage: $0 GUEST_SCRIPT [OUTDIR]" >&2; exit 2; }
GUEST=$(realpath -e "$1")
W=${SLUICE_VM_DIR:-/var/cache/sluice-vm}
[ -f "$W/current" ] || { echo "run.sh: $W is not set up; run src/test/vm/setup.sh first" >&2; exit 2; }
# shellcheck disable=SC1091
. "$W/current"
K=$W/$KV
for f in "$K/vmlinux" "$K/initramfs.gz" "$K/root/lib/modules/$KV/modules.dep"; do
  [ -f "$f" ] || { echo "run.sh: $f missing; run src/test/vm/setup.sh" >&2; exit 2; }
done
command -v qemu-system-x86_64 >/dev/null || { echo "run.sh: qemu-system-x86_64 not installed" >&2; exit 2; }

if [ $# -ge 2 ]; then
  OUTDIR=$(mkdir -p "$2" && realpath "$2")
  rm -f "$OUTDIR/results" "$OUTDIR/console.log"    # never report a previous run's results
else
  OUTDIR=$(mktemp -d)
  trap 'rm -rf "$OUTDIR"' EXIT
fi

START=$(date +%s%N)
QRC=0
# -kernel vmlinux: PVH direct boot of the uncompressed ELF (no in-guest decompression under TCG).
# quiet/loglevel: keep the kernel's chatter out of the console log, the guest's lines stay visible.
timeout --kill-after=10 "${SLUICE_VM_TIMEOUT:-240}" \
  qemu-system-x86_64 -accel tcg,thread=multi -cpu max \
    -m "${SLUICE_VM_MEM:-2048}" -smp "${SLUICE_VM_SMP:-2}" \
    -display none -monitor none -serial "file:$OUTDIR/console.log" -no-reboot \
    -kernel "$K/vmlinux" -initrd "$K/initramfs.gz" \
    -append "console=ttyS0 panic=-1 quiet loglevel=3 sluicevm.init=$GUEST sluicevm.modules=$K/root/lib/modules" \
    -virtfs local,path=/,mount_tag=root,security_model=none,readonly=on,multidevs=remap \
    -virtfs "local,path=$OUTDIR,mount_tag=out,security_model=none,multidevs=remap" \
    -nic none </dev/null || QRC=$?
MS=$(( ($(date +%s%N) - START) / 1000000 ))
ELAPSED=$(printf '%d.%03d' $((MS / 1000)) $((MS % 1000)))

# Results: the 9p file is authoritative; the console copy covers a guest that could not mount it.
if [ -s "$OUTDIR/results" ]; then
  RESULTS=$(cat "$OUTDIR/results")
else
  RESULTS=$(sed -n 's/\r$//; s/^SLUICEVM //p' "$OUTDIR/console.log" 2>/dev/null || true)
fi
[ -z "$RESULTS" ] || echo "$RESULTS"
printf '%s\n' "vm_seconds=$ELAPSED" "qemu_rc=$QRC" "kernel=$KV"

VERDICT=$(printf '%s\n' "$RESULTS" | sed -n 's/^verdict=//p' | tail -1)
if [ "${SLUICE_VM_VERBOSE:-0}" = 1 ]; then
  echo "---- console.log"; cat "$OUTDIR/console.log"
elif [ "$VERDICT" != pass ]; then
  echo "---- console.log (last 60 lines)" >&2; tail -n 60 "$OUTDIR/console.log" >&2 || true
fi
if [ "$QRC" = 124 ] || [ "$QRC" = 137 ]; then
  echo "run.sh: the VM ran past ${SLUICE_VM_TIMEOUT:-240} s" >&2; exit 124
fi
case $VERDICT in
  pass) exit 0 ;;
  fail) exit 1 ;;
  *) echo "run.sh: the guest reported no verdict (qemu exit $QRC)" >&2; exit 3 ;;
esac
