# Sourced by guest scripts (bash, running as PID 1 inside the RDMA VM after switch_root).
# Sets up the minimal runtime a guest test needs and the result channel back to the host:
#   result KEY=VALUE...   one line per pair on the serial console ("SLUICEVM KEY=VALUE") and in
#                         /out/results (9p-shared with run.sh's OUTDIR)
#   finish                records verdict=pass/fail (fail if any check_* failed) and powers off
#   log MSG               timestamped progress line on the console
# An EXIT trap guarantees a verdict line and a poweroff even when the script dies half way:
# if PID 1 just exited the kernel would panic and the host would learn nothing.

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C

SLUICEVM_VERDICT=
SLUICEVM_FAILED=

log() { printf '[t=%7.2fs] %s\n' "$(cut -d' ' -f1 /proc/uptime)" "$*"; }

result() {
  local kv
  for kv in "$@"; do
    echo "SLUICEVM $kv"
    if [ -n "${SLUICEVM_OUT:-}" ]; then echo "$kv" >> "$SLUICEVM_OUT/results"; fi
  done
}

# fail NAME: remember that a check failed (the verdict is computed at the end, so that one failing
# step does not hide the results of the others).
fail() { SLUICEVM_FAILED="${SLUICEVM_FAILED:+$SLUICEVM_FAILED,}$1"; }

poweroff_now() {
  sync
  if [ -n "${SLUICEVM_OUT:-}" ]; then umount "$SLUICEVM_OUT" 2>/dev/null || true; fi
  # sysrq 'o' powers off immediately; /proc/sysrq-trigger works whatever kernel.sysrq says.
  echo o > /proc/sysrq-trigger
  # Wait for the power-off without exec'ing anything (the 9p root goes away under us, so even
  # `sleep` fails with EIO): fd 9 is a pipe nobody writes to (opened below). Bounded, so that a
  # broken fd cannot spin forever: if PID 1 exits, the kernel panics and panic=-1 + qemu's
  # -no-reboot end the VM anyway, just with a noisier console.
  local i
  for ((i = 0; i < 20; i++)); do read -r -t 3 -u 9 _ 2>/dev/null || true; done
}

finish() {
  if [ -z "$SLUICEVM_FAILED" ]; then SLUICEVM_VERDICT=pass; else SLUICEVM_VERDICT=fail; result "failed=$SLUICEVM_FAILED"; fi
  result "verdict=$SLUICEVM_VERDICT"
  poweroff_now
}

on_exit() {
  local rc=$?
  if [ -z "$SLUICEVM_VERDICT" ]; then
    SLUICEVM_VERDICT=fail
    result "guest_script_exit=$rc" "verdict=fail"
  fi
  poweroff_now
}
trap on_exit EXIT

cmdline_arg() { sed -n "s/.*[[:space:]]$1=\\([^[:space:]]*\\).*/\\1/p" /proc/cmdline; }

mount -t proc proc /proc
mount -t sysfs sysfs /sys
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd     # devtmpfs has no /dev/fd; bash's <(...) needs it
exec 9<> <(:)
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs tmpfs /run
# The guest gets a /tmp of its own. A repository checked out under the host's /tmp (CI clones often
# are) would vanish under it, bin/sluice included: keep the host's /tmp reachable and copy what the
# suites run back to the repository's own path. Copied, not bound: a sandbox's /tmp is an overlay of
# this one, which shows its files but not mounts below it.
SLUICEVM_REPO=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p /run/host-tmp
mount --bind /tmp /run/host-tmp
mount -t tmpfs tmpfs /tmp
case "$SLUICEVM_REPO" in
  /tmp/*)
    for d in bin src/test/vm src/test/c src/test/target/guests; do
      if [ -d "/run/host-tmp/${SLUICEVM_REPO#/tmp/}/$d" ]; then
        mkdir -p "$SLUICEVM_REPO/$d"
        cp -a "/run/host-tmp/${SLUICEVM_REPO#/tmp/}/$d/." "$SLUICEVM_REPO/$d/"
      fi
    done
    ;;
esac

# The host's /lib/modules belongs to the host kernel: show the unpacked Debian kernel's instead.
SLUICEVM_MODULES=$(cmdline_arg sluicevm.modules)
mkdir -p /lib/modules
mount --bind "$SLUICEVM_MODULES" /lib/modules

# The writable result channel (run.sh exports OUTDIR with mount_tag=out).
SLUICEVM_OUT=/sluicevm-out
mkdir -p "$SLUICEVM_OUT"
if mount -t 9p -o trans=virtio,version=9p2000.L,cache=none out "$SLUICEVM_OUT"; then
  : > "$SLUICEVM_OUT/results"
else
  echo "guest-lib: cannot mount the 9p output dir; results go to the console only"
  SLUICEVM_OUT=
fi
log "guest up: kernel $(uname -r), script $0"
