#!/usr/bin/env bash
# GPU containers from images, proven on an NVIDIA host (docs/oci.md, GPU containers):
#
#   src/test/gpu/containers.sh [--out DIR]
#
# Builds an image without a driver: an overlay of the host's root in which every library the ld
# cache lists whose real file ends in .so.<driver version>, nvidia-smi and /usr/local/nvidia are
# whited out (PyTorch stays). Then checks, each a line `PASS|FAIL <name>: <detail>`:
#   - without --gpus, torch.cuda.is_available() is False in the image;
#   - sluice run --rootfs IMAGE --gpus all: a torch bf16 matmul, nvidia-smi -L, libcuda.so.1 in
#     ldconfig -p, ModifyDeviceFiles: 0, NVProxy's trapped calls in --stats;
#   - sluice cdi generate, then sluice run --device nvidia.com/gpu=0 with that spec;
#   - the OCI path: a bundle edited by sluice cdi apply (the CDI spec's edits, as an engine makes
#     them) run with sluice run -b; and a bundle in dockerd's legacy-hook shape
#     (NVIDIA_VISIBLE_DEVICES=0 and the toolkit's prestart hook as a stub that records a run);
#   - the image's files are unchanged afterwards.
# The last line is `gpu containers: N passed, M failed` (exit 1 if M > 0); logs go to DIR.
# Without an NVIDIA GPU it prints `gpu containers: skipped (...)` and exits 77.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../../.." && pwd)
sluice=${SLUICE_BIN:-$repo/bin/sluice}
out=/tmp/sluice-gpu-containers
while [[ $# -gt 0 ]]; do
    case $1 in
        --out) out=$2; shift 2 ;;
        *) echo "gpu containers: error: unknown argument $1" >&2; exit 2 ;;
    esac
done
if [[ ! -e /dev/nvidiactl || ! -r /sys/module/nvidia/version ]]; then
    echo "gpu containers: skipped (no NVIDIA GPU: /dev/nvidiactl or /sys/module/nvidia/version absent)"
    exit 77
fi
[[ $(id -u) -eq 0 ]] || { echo "gpu containers: error: needs root" >&2; exit 2; }
ver=$(cat /sys/module/nvidia/version)
rm -rf "$out"; mkdir -p "$out"
w=$(mktemp -d /tmp/sluice-gpuc.XXXXXX)
upper=$w/upper; img=$w/img
mkdir -p "$upper" "$w/work" "$img"
passed=0; failed=0
check() { # name, condition (0 = pass), detail
    if [[ $2 -eq 0 ]]; then echo "PASS $1: $3"; passed=$((passed + 1)); else echo "FAIL $1: $3"; failed=$((failed + 1)); fi
}
whiteout() {
    local p=$1
    mkdir -p "$upper$(dirname "$p")"
    rm -rf "$upper$p"
    mknod "$upper$p" c 0 0
}
cleanup() {
    umount "$img" 2>/dev/null
    for c in "gpuc-cdi-$$" "gpuc-legacy-$$"; do "$sluice" delete --force "$c" >/dev/null 2>&1; done
    rm -rf "$w"
}
trap cleanup EXIT

# The driverless image.
ldconfig -p | awk '/=>/ {print $NF}' | sort -u > "$out/ldcache.txt"
n=0
while read -r lib; do
    real=$(readlink -f "$lib")
    if [[ $real == *.so.$ver ]]; then
        whiteout "$lib"; whiteout "$real"; n=$((n + 1))
    fi
done < "$out/ldcache.txt"
smi=$(command -v nvidia-smi)
whiteout "$smi"
[[ -e /usr/local/nvidia ]] && whiteout /usr/local/nvidia
mount -t overlay overlay -o "lowerdir=/,upperdir=$upper,workdir=$w/work" "$img" || { echo "gpu containers: error: cannot mount the image overlay" >&2; exit 2; }
# The image's ld cache, rebuilt without the driver (the host's lists it).
ldconfig -r "$img"
(cd "$upper" && find . -printf '%p %y %s %T@\n' | sort) > "$out/image-before.txt"
echo "image: $img ($n ld cache entries of driver $ver whited out, and $smi)"
py=$(command -v python3)
run() { "$sluice" run --rootfs "$img" "$@"; }

# Without --gpus: no GPU, no driver.
o=$(run -- "$py" -c 'import torch; print(torch.cuda.is_available())' 2>"$out/nogpu.err"); echo "$o" > "$out/nogpu.out"
check no-gpus-no-cuda "$([[ $o == False ]]; echo $?)" "torch.cuda.is_available()=$o without --gpus"
o=$(run -- sh -c 'ldconfig -p | grep -c "libcuda.so.1 " || true' 2>"$out/nodriver.err")
check image-has-no-driver "$([[ $o == 0 ]]; echo $?)" "libcuda.so.1 entries in the image's ld cache: $o"

# --rootfs IMAGE --gpus all.
matmul='import torch
a = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
b = torch.randn(4096, 4096, device="cuda", dtype=torch.bfloat16)
c = (a @ b).float()
ref = (a.double() @ b.double()).float()
err = ((c - ref).norm() / ref.norm()).item()
print("matmul ok" if err < 1e-2 else "matmul bad %g" % err, torch.cuda.get_device_name(0))'
o=$(run --gpus all --stats -- "$py" -c "$matmul" 2>"$out/matmul.err"); echo "$o" > "$out/matmul.out"
check torch-matmul "$([[ $o == "matmul ok"* ]]; echo $?)" "$o"
calls=$(grep -ciE 'nvproxy|nvidia' "$out/matmul.err")
check nvproxy-mediated "$([[ $calls -gt 0 ]]; echo $?)" "$calls --stats lines name NVProxy's devices ($out/matmul.err)"
o=$(run --gpus all -- nvidia-smi -L 2>"$out/smi.err"); echo "$o" > "$out/smi.out"
check nvidia-smi "$([[ $o == "GPU 0:"* ]]; echo $?)" "$(echo "$o" | head -1)"
o=$(run --gpus all -- sh -c 'ldconfig -p | grep "libcuda.so.1 "' 2>"$out/ldcache.err")
check ldcache "$([[ $o == *libcuda.so.1* ]]; echo $?)" "$(echo "$o" | head -1 | tr -s ' \t' ' ')"
o=$(run --gpus all -- sh -c 'grep ModifyDeviceFiles /proc/driver/nvidia/params; ls /proc/driver/nvidia/gpus | wc -l' 2>"$out/proc.err")
check proc-view "$([[ $o == "ModifyDeviceFiles: 0"* ]]; echo $?)" "$(echo $o)"

# sluice cdi generate, and the CDI device by name.
mkdir -p "$w/cdi"
"$sluice" cdi generate --output "$w/cdi/nvidia.json" 2>"$out/generate.err"; cp "$w/cdi/nvidia.json" "$out/" 2>/dev/null
o=$("$sluice" cdi list --spec-dir "$w/cdi" 2>&1 | tr '\n' ' ')
check cdi-generate "$([[ $o == *nvidia.com/gpu=all* && $o == *nvidia.com/gpu=0* ]]; echo $?)" "$o"
# Where NVIDIA's toolkit is installed: every library and tool its spec binds must be in Sluice's.
if command -v nvidia-ctk >/dev/null 2>&1; then
    nvidia-ctk cdi generate --format json --output "$out/nvidia-ctk.json" >"$out/nvidia-ctk.err" 2>&1
    missing=$("$py" - "$out/nvidia-ctk.json" "$w/cdi/nvidia.json" "$ver" <<'PY'
import json, sys
theirs, ours, ver = sys.argv[1:4]
def mounts(f):
    s = json.load(open(f))
    edits = [s.get("containerEdits", {})] + [d.get("containerEdits", {}) for d in s.get("devices", [])]
    return {m["hostPath"] for e in edits for m in e.get("mounts", [])}
tools = ("nvidia-smi", "nvidia-debugdump", "nvidia-persistenced", "nvidia-cuda-mps-control", "nvidia-cuda-mps-server")
want = {p for p in mounts(theirs) if p.endswith(".so." + ver) or p.rsplit("/", 1)[-1] in tools}
print(" ".join(sorted(want - mounts(ours))))
PY
)
    check nvidia-ctk-coverage "$([[ -z $missing ]]; echo $?)" "libraries and tools of nvidia-ctk's spec missing from Sluice's: ${missing:-none}"
else
    echo "SKIP nvidia-ctk-coverage: nvidia-ctk is not installed (not counted)"
fi
o=$(run --cdi-spec-dir "$w/cdi" --device nvidia.com/gpu=0 -- nvidia-smi -L 2>"$out/cdi-device.err")
check cdi-device "$([[ $o == "GPU 0:"* ]]; echo $?)" "$(echo "$o" | head -1)"

# The image is as it was after every sluice run above.
(cd "$upper" && find . -printf '%p %y %s %T@\n' | sort) > "$out/image-after.txt"
check image-unchanged "$(cmp -s "$out/image-before.txt" "$out/image-after.txt"; echo $?)" "$(wc -l < "$out/image-after.txt") entries in the image's layer, before and after"

# The OCI path: bundles whose root is the image itself (an engine's per-container snapshot: the
# CDI hooks write its ld cache and links there, as they do under runc).
bundle() { # dir
    local b=$1
    mkdir -p "$b"
    (cd "$b" && "$sluice" spec)
    "$py" - "$b/config.json" "$py" "$matmul" "$img" <<'PY'
import json, sys
f, py, matmul, img = sys.argv[1:5]
c = json.load(open(f))
c["process"]["terminal"] = False
c["process"]["args"] = ["sh", "-c", py + " -c '" + matmul.replace("'", "\"") + "' && nvidia-smi -L"]
c["root"] = {"path": img, "readonly": True}
json.dump(c, open(f, "w"), indent=1)
PY
}
bundle "$w/oci-cdi"
"$sluice" cdi apply --bundle "$w/oci-cdi" --spec-dir "$w/cdi" --device nvidia.com/gpu=all 2>"$out/oci-cdi-apply.err"
o=$("$sluice" run -b "$w/oci-cdi" "gpuc-cdi-$$" 2>"$out/oci-cdi.err"); rc=$?; echo "$o" > "$out/oci-cdi.out"
check oci-cdi "$([[ $rc -eq 0 && $o == *"matmul ok"* && $o == *"GPU 0:"* ]]; echo $?)" "rc=$rc $(echo $o)"

bundle "$w/oci-legacy"
stub=$w/stub/nvidia-container-runtime-hook
mkdir -p "$w/stub"; printf '#!/bin/sh\ntouch %s/stub-ran\n' "$w" > "$stub"; chmod +x "$stub"
"$py" - "$w/oci-legacy/config.json" "$stub" <<'PY'
import json, sys
f, stub = sys.argv[1:3]
c = json.load(open(f))
c["process"]["env"] += ["NVIDIA_VISIBLE_DEVICES=0", "NVIDIA_DRIVER_CAPABILITIES=compute,utility"]
c["hooks"] = {"prestart": [{"path": stub, "args": ["nvidia-container-runtime-hook", "prestart"], "env": ["PATH=/usr/bin:/bin"]}]}
json.dump(c, open(f, "w"), indent=1)
PY
o=$("$sluice" run -b "$w/oci-legacy" "gpuc-legacy-$$" 2>"$out/oci-legacy.err"); rc=$?; echo "$o" > "$out/oci-legacy.out"
check oci-legacy "$([[ $rc -eq 0 && $o == *"matmul ok"* && $(echo "$o" | grep -c '^GPU ') -eq 1 ]]; echo $?)" "rc=$rc $(echo $o)"
check legacy-hook-not-run "$([[ ! -e $w/stub-ran ]]; echo $?)" "the toolkit's hook stub did not run"

echo "gpu containers: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
