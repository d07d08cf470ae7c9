#!/usr/bin/env bash
# Usage: build-initramfs.sh KROOT KV OUT.gz   (called by setup.sh)
#
# Builds a tiny busybox initramfs whose /init mounts the host's / (9p, read-only) as the lower layer
# of an overlay with a tmpfs upper, switch_roots into it and execs the guest script named by
# sluicevm.init= on the kernel command line. The guest thus sees the host's userland (rdma-core,
# perftest, JDK, ...) unchanged and can write anywhere without touching the host.
set -euo pipefail
KROOT=$1 KV=$2 OUT=$3
[ -x /bin/busybox ] || { echo "build-initramfs.sh: /bin/busybox missing (apt-get install busybox-static)" >&2; exit 1; }

IR=$(mktemp -d)
trap 'rm -rf "$IR"' EXIT
mkdir -p "$IR"/{bin,dev,proc,sys,newroot,ro,rw,mods}
cp /bin/busybox "$IR/bin/busybox"
for a in sh mount umount mkdir insmod switch_root cat echo sleep poweroff ls sed grep; do
  ln -s busybox "$IR/bin/$a"
done

# Modules needed before the root filesystem is reachable: virtio-pci transport, 9p and overlay.
# modprobe --show-depends resolves the load order (dependencies first) from the depmod output, so
# this keeps working when a new kernel ABI moves or splits modules; builtins are reported as
# "builtin ..." and skipped.
: > "$IR/mods/order"
for m in virtio_pci 9pnet_virtio 9p overlay; do
  modprobe -d "$KROOT" -S "$KV" --show-depends "$m"
done | sed -n 's/^insmod \([^ ]*\).*/\1/p' | awk '!seen[$0]++' | while read -r ko; do
    cp "$ko" "$IR/mods/"
    basename "$ko" >> "$IR/mods/order"
  done
[ -s "$IR/mods/order" ] || { echo "build-initramfs.sh: no modules resolved from $KROOT" >&2; exit 1; }

cat > "$IR/init" <<'INIT'
#!/bin/sh
# PID 1 of the initramfs. A rescue shell is useless without a terminal (CI), so any failure
# prints a marker and powers the VM off instead; run.sh then reports "no verdict".
die() { echo "SLUICEVM initramfs_error=$1"; echo o > /proc/sysrq-trigger; sleep 5; }
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for m in $(cat /mods/order); do
  case $m in *.ko.xz|*.ko.zst|*.ko.gz) die "compressed_module_$m";; esac
  insmod /mods/$m || echo "insmod $m failed"
done
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose root /ro || die 9p_mount
mount -t tmpfs -o size=2g tmpfs /rw
mkdir -p /rw/upper /rw/work
mount -t overlay -o lowerdir=/ro,upperdir=/rw/upper,workdir=/rw/work overlay /newroot || die overlay_mount
INITSCRIPT=$(sed -n 's/.*sluicevm.init=\([^ ]*\).*/\1/p' /proc/cmdline)
[ -n "$INITSCRIPT" ] || die no_init_script
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /bin/bash "$INITSCRIPT"
INIT
chmod +x "$IR/init"
(cd "$IR" && find . | cpio -o -H newc --quiet | gzip -1 > "$OUT.tmp")
mv "$OUT.tmp" "$OUT"
echo "build-initramfs.sh: $OUT ($(wc -c < "$OUT") bytes, modules: $(tr '\n' ' ' < "$IR/mods/order"))"
