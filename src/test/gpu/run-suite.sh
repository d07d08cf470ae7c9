#!/usr/bin/env bash
# The Sluice GPU suite, in one command, from the repository root after `mvn -B -q package -DskipTests`:
#
#   src/test/gpu/run-suite.sh [--out DIR] [--only a,b] [--timeout S] [--bench [N]] [--list] [--selftest]
#
# Builds the CUDA workloads of this directory with nvcc, runs every workload natively and then
# under `bin/sluice run --gpus all --stats`, and prints a table whose last line is
# `gpu suite: N passed, M failed` (exit 1 if M > 0). `hostile` attacks NVProxy with malformed
# ioctls and is judged on its sandboxed run alone. `--bench N` (default 5) runs memcpy_bw,
# torch_matmul and cuda_init N times per mode, alternating native and sandboxed, and adds a table
# of medians and per-pair ratios (`--only bench` runs just those). Logs, binaries, summary.md and results.json
# go to DIR (default /tmp/sluice-gpu-suite). On a host without an NVIDIA GPU it prints
# `gpu suite: skipped (no NVIDIA GPU: ...)` and exits 77. See README.md here.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

python=${SLUICE_GPU_PYTHON:-}
if [[ -z $python ]]; then
    python=$(command -v python3 || true)
fi

for arg in "$@"; do
    case $arg in
        --selftest | --list | -h | --help)
            # These need no GPU.
            [[ -n $python ]] || { echo "gpu suite: error: python3 not found" >&2; exit 2; }
            exec "$python" "$here/gpu_suite.py" "$@"
            ;;
    esac
done

if [[ ! -e /dev/nvidiactl ]]; then
    echo "gpu suite: skipped (no NVIDIA GPU: /dev/nvidiactl absent)"
    exit 77
fi
if ! command -v nvidia-smi >/dev/null 2>&1; then
    echo "gpu suite: skipped (no NVIDIA GPU: nvidia-smi not found)"
    exit 77
fi
if [[ -z $python ]]; then
    echo "gpu suite: error: python3 not found (it runs the suite and the PyTorch workloads)"
    exit 2
fi
if [[ $(id -u) -ne 0 ]]; then
    echo "gpu suite: error: sluice run needs root (effective uid $(id -u))"
    exit 2
fi
# nvcc is looked up in $NVCC, PATH, then /usr/local/cuda/bin.
if [[ -z ${NVCC:-} ]] && ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
    export NVCC=/usr/local/cuda/bin/nvcc
fi
exec "$python" "$here/gpu_suite.py" "$@"
