#!/bin/sh
# multiproc: N processes use the GPU at the same time (default 2). Starts N multiproc_worker
# processes in the background, waits for each, prints their output (prefixed, so that only this
# script's own `metric` lines are parsed), then a verdict line: PASS when every worker passed.
# Usage: multiproc.sh WORKER [N] [ITERS]
worker=${1:?usage: multiproc.sh WORKER [N] [ITERS]}
n=${2:-2}
iters=${3:-2000}
dir=$(mktemp -d "${TMPDIR:-/tmp}/sluice-gpu-multiproc.XXXXXX" 2>/dev/null || mktemp -d /tmp/sluice-gpu-multiproc.XXXXXX) ||
    { echo "multiproc error=mktemp FAIL"; exit 1; }
trap 'rm -rf "$dir"' EXIT

start=$(date +%s%N)
pids=
i=0
while [ "$i" -lt "$n" ]; do
    "$worker" "$dir" "$n" "$i" "$iters" >"$dir/out.$i" 2>&1 &
    pids="$pids $!"
    i=$((i + 1))
done
i=0
passed=0
work_max=0
for p in $pids; do
    wait "$p"
    rc=$?
    sed "s/^/[worker $i] /" "$dir/out.$i"
    if [ "$rc" -eq 0 ] && tail -n 1 "$dir/out.$i" | grep -q PASS; then
        passed=$((passed + 1))
    else
        echo "[worker $i] exit status $rc" >&2
    fi
    w=$(awk '$1 == "metric" && $2 == "work_ms" { print $3 }' "$dir/out.$i")
    if [ -n "$w" ]; then
        work_max=$(awk -v a="$work_max" -v b="$w" 'BEGIN { print (b > a) ? b : a }')
    fi
    i=$((i + 1))
done
end=$(date +%s%N)

echo "metric procs $n count"
echo "metric passed $passed count"
echo "metric work_ms_max $work_max ms"
echo "metric wall_ms $(( (end - start) / 1000000 )) ms"
echo "check passed $passed"
if [ "$passed" -eq "$n" ]; then
    echo "multiproc procs=$n passed=$passed PASS"
    exit 0
fi
echo "multiproc procs=$n passed=$passed FAIL"
exit 1
