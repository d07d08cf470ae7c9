#!/bin/sh
# nvidia_smi: runs `nvidia-smi ARGS...` and judges its output. PASS when it exits 0 and its output
# names the GPU: with -q, a "Product Name" line (and EXPECT in it, if given); without, EXPECT (the
# GPU's name, as the host's nvidia-smi reports it; long names are matched on their first 16
# characters, as the table may cut them) or else a "Driver Version" header.
# Usage: nvidia_smi.sh [--expect-name NAME] [NVIDIA-SMI ARGS...]
expect=
if [ "$1" = "--expect-name" ]; then
    expect=$2
    shift 2
fi
out=$(nvidia-smi "$@" 2>&1)
rc=$?
printf '%s\n' "$out"
case " $* " in
    *" -q "*|*" --query "*) mode=query ;;
    *) mode=table ;;
esac
short=$(printf '%s' "$expect" | cut -c1-16)
found=0
if [ "$mode" = query ]; then
    names=$(printf '%s\n' "$out" | grep -c 'Product Name')
    found=$names
    if [ -n "$expect" ] && ! printf '%s\n' "$out" | grep 'Product Name' | grep -qF -- "$short"; then
        found=0
    fi
else
    if [ -n "$expect" ]; then
        found=$(printf '%s\n' "$out" | grep -cF -- "$short")
    else
        found=$(printf '%s\n' "$out" | grep -c 'Driver Version')
    fi
fi
echo "metric exit_status $rc code"
echo "metric gpu_name_lines $found count"
echo "metric output_lines $(printf '%s\n' "$out" | wc -l) count"
if [ "$rc" -eq 0 ] && [ "$found" -gt 0 ]; then
    echo "nvidia_smi args='$*' rc=$rc name_lines=$found PASS"
    exit 0
fi
echo "nvidia_smi args='$*' rc=$rc name_lines=$found FAIL"
exit 1
