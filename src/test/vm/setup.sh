#!/usr/bin/env bash
# Prepares the RDMA VM harness (Soft-RoCE inside a QEMU/TCG guest) on a Debian host, as root.
#
# Why a VM: rdma_rxe is not available in the host kernels we run on, and Debian's
# linux-image-<abi>-amd64-unsigned kernel has it (the -cloud- flavour has neither rdma_rxe nor 9p).
# Nothing is installed into /boot or /lib/modules: the kernel is unpacked into a cache directory.
#
# Cache layout ($SLUICE_VM_DIR, default /var/cache/sluice-vm):
#   debs/                      downloaded .deb files
#   <kv>/root/                 dpkg -x of linux-image-<kv>-unsigned (+ depmod output)
#   <kv>/vmlinux               uncompressed ELF for qemu's PVH direct boot
#   <kv>/initramfs.gz          busybox initramfs (see build-initramfs.sh)
#   current                    shell fragment "KV=<kv>" read by run.sh
#
# Idempotent: every step is skipped when its output exists, so a warm run costs ~1 s (apt-cache
# lookup + initramfs rebuild only when its inputs changed). Needs: apt-get, dpkg, depmod (kmod),
# python3, busybox-static, cpio (installed by .ci/run).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
W=${SLUICE_VM_DIR:-/var/cache/sluice-vm}
mkdir -p "$W/debs"

# The kernel ABI number (-NN) changes as Debian publishes point releases and old packages leave the
# mirror, so resolve it from the linux-image-amd64 metapackage every time rather than hard-coding it.
# If apt has no answer (offline, no lists), fall back to what a previous run cached.
KV=$(apt-cache depends linux-image-amd64 2>/dev/null \
     | sed -n 's/^ *Depends: linux-image-\([0-9][^ ]*-amd64\)$/\1/p' | head -1 || true)
if [ -z "$KV" ]; then
  if [ -f "$W/current" ]; then
    # shellcheck disable=SC1091
    . "$W/current"
    echo "setup.sh: apt-cache cannot resolve linux-image-amd64; using cached kernel $KV" >&2
  else
    echo "setup.sh: cannot resolve the kernel ABI (apt-cache depends linux-image-amd64) and nothing is cached; run apt-get update" >&2
    exit 1
  fi
fi
K=$W/$KV
KROOT=$K/root
mkdir -p "$K"

# 1. Download the .deb (apt-get download writes into the current directory).
PKG=linux-image-$KV-unsigned
if ! ls "$W/debs/${PKG}"_*.deb >/dev/null 2>&1; then
  echo "setup.sh: downloading $PKG"
  # apt-get download as root warns that it cannot drop privileges to _apt unless _apt can write here.
  chown _apt "$W/debs" 2>/dev/null || true
  (cd "$W/debs" && apt-get download -q "$PKG")
fi
DEB=$(ls "$W/debs/${PKG}"_*.deb | head -1)

# 2. Unpack it and generate modules.dep (the .deb ships none; depmod runs from its postinst).
#    Unpack into a temporary sibling and rename, so an interrupted run never leaves a half tree.
if [ ! -f "$KROOT/lib/modules/$KV/modules.dep" ]; then
  echo "setup.sh: unpacking $(basename "$DEB")"
  TMP=$(mktemp -d "$K/root.XXXXXX")
  dpkg -x "$DEB" "$TMP"
  depmod -b "$TMP" "$KV"
  rm -rf "$KROOT"
  mv "$TMP" "$KROOT"
fi

# 3. Uncompressed vmlinux: qemu can PVH-boot the ELF directly, which skips the in-guest xz
#    decompression (seconds under TCG). Debian's bzImage carries an xz stream after the setup code.
if [ ! -f "$K/vmlinux" ]; then
  echo "setup.sh: extracting vmlinux"
  python3 - "$KROOT/boot/vmlinuz-$KV" "$K/vmlinux.tmp" <<'PY'
import lzma, sys
src, dst = sys.argv[1], sys.argv[2]
d = open(src, 'rb').read()
i = d.find(b'\xfd7zXZ\x00')
if i < 0:
    sys.exit("no xz stream in " + src)
out = lzma.LZMADecompressor().decompress(d[i:])
if out[:4] != b'\x7fELF':
    sys.exit("decompressed kernel is not an ELF image")
open(dst, 'wb').write(out)
PY
  mv "$K/vmlinux.tmp" "$K/vmlinux"
fi

# 4. The initramfs: rebuilt only when its builder changed (cheap either way, but keeps warm runs quiet).
if [ ! -f "$K/initramfs.gz" ] || [ "$HERE/build-initramfs.sh" -nt "$K/initramfs.gz" ] \
   || [ /bin/busybox -nt "$K/initramfs.gz" ]; then
  echo "setup.sh: building initramfs"
  bash "$HERE/build-initramfs.sh" "$KROOT" "$KV" "$K/initramfs.gz"
fi

# Point run.sh at this kernel (atomic rename so a concurrent run.sh never reads a partial file).
printf 'KV=%s\n' "$KV" > "$W/current.tmp"
mv "$W/current.tmp" "$W/current"

# Keep the cache bounded: drop kernels and debs of ABIs other than the current one.
for d in "$W"/*-amd64; do
  if [ -d "$d" ] && [ "$d" != "$K" ]; then echo "setup.sh: removing stale $d"; rm -rf "$d"; fi
done
for f in "$W"/debs/linux-image-*.deb; do
  if [ -e "$f" ] && [ "$f" != "$DEB" ]; then rm -f "$f"; fi
done
echo "setup.sh: ready: kernel $KV in $K"
