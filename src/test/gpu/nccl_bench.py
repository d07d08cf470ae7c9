"""NCCL collectives through torch.distributed, one process per GPU: all-reduce, all-gather and
reduce-scatter over sizes from 1 MiB to 4 GiB, with every result checked against the reference
sum. Prints `metric busbw_<op>_<size> GB/s` lines (the NCCL-tests definition of bus bandwidth),
a table, and a verdict line. Run it natively and under `sluice run --gpus all` to compare.

Usage: python3 nccl_bench.py [--max-mib 4096] [--iters 20] [--gpus N]
NCCL_NVLS_ENABLE=0 is always set: NVLink multicast is not used.
"""
import argparse
import functools
import os
import sys
import time

os.environ["NCCL_NVLS_ENABLE"] = "0"


def bus_factor(op, n):
    # NCCL-tests: all-reduce 2(n-1)/n, all-gather and reduce-scatter (n-1)/n.
    if n == 1:
        return 1.0
    return 2.0 * (n - 1) / n if op == "all_reduce" else (n - 1) / n


def worker(rank, world, args, port, queue):
    import torch
    import torch.distributed as dist
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", rank=rank, world_size=world, device_id=torch.device("cuda", rank))
    results = []
    bad = 0
    sizes = []
    mib = 1
    while mib <= args.max_mib:
        sizes.append(mib)
        mib *= 4 if mib < args.max_mib // 4 or mib * 4 == args.max_mib else 2
    for op in ("all_reduce", "all_gather", "reduce_scatter"):
        for mib in sizes:
            nbytes = mib << 20
            count = nbytes // 4  # float32
            if op == "all_reduce":
                x = torch.full((count,), float(rank + 1), device="cuda")
                run = functools.partial(dist.all_reduce, x)
                expect = world * (world + 1) / 2.0
            elif op == "all_gather":
                per = count // world
                x = torch.full((per,), float(rank + 1), device="cuda")
                out = torch.empty((per * world,), device="cuda")
                run = functools.partial(dist.all_gather_into_tensor, out, x)
            else:
                per = count // world
                x = torch.full((per * world,), float(rank + 1), device="cuda")
                out = torch.empty((per,), device="cuda")
                run = functools.partial(dist.reduce_scatter_tensor, out, x)
            # Correctness: one call from known inputs.
            if op == "all_reduce":
                run()
                torch.cuda.synchronize()
                ok = bool(torch.all(x == expect).item())
            elif op == "all_gather":
                run()
                torch.cuda.synchronize()
                ref = torch.arange(1, world + 1, device="cuda", dtype=torch.float32).repeat_interleave(per)
                ok = bool(torch.equal(out, ref))
            else:
                run()
                torch.cuda.synchronize()
                ok = bool(torch.all(out == world * (world + 1) / 2.0).item())
            if not ok:
                bad += 1
            # Timing (all-reduce keeps growing values; only speed matters here).
            iters = max(2, args.iters if mib <= 256 else args.iters // 4)
            for _ in range(2):
                run()
            torch.cuda.synchronize()
            dist.barrier()
            t0 = time.perf_counter()
            for _ in range(iters):
                run()
            torch.cuda.synchronize()
            dt = (time.perf_counter() - t0) / iters
            algbw = nbytes / dt / 1e9
            results.append((op, mib, algbw, algbw * bus_factor(op, world), ok))
            del x, run
            torch.cuda.empty_cache()
    dist.destroy_process_group()
    if rank == 0:
        queue.put((results, bad))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-mib", type=int, default=4096)
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--gpus", type=int, default=0, help="processes (GPUs); default: all")
    args = ap.parse_args()
    import torch
    import torch.multiprocessing as mp
    world = args.gpus or torch.cuda.device_count()
    if world < 1:
        print("nccl_bench no GPU SKIP")
        return 2
    port = 29500 + os.getpid() % 1000
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    procs = [ctx.Process(target=worker, args=(r, world, args, port, queue)) for r in range(world)]
    for p in procs:
        p.start()
    import queue as queues
    deadline = time.monotonic() + 1800
    while True:
        try:
            results, bad = queue.get(timeout=1)
            break
        except queues.Empty:
            dead = [p.exitcode for p in procs if p.exitcode not in (None, 0)]
            if dead or time.monotonic() > deadline:
                for p in procs:
                    p.kill()
                print(f"nccl_bench ranks={world} worker_exit={dead or 'timeout'} FAIL")
                return 1
    for p in procs:
        p.join()
    failed = [p.exitcode for p in procs if p.exitcode != 0]
    print(f"info ranks {world} nccl {torch.cuda.nccl.version()}")
    print(f"{'op':<15}{'size':>10}{'algbw GB/s':>12}{'busbw GB/s':>12}  ok")
    for op, mib, alg, bus, ok in results:
        size = f"{mib} MiB" if mib < 1024 else f"{mib // 1024} GiB"
        print(f"{op:<15}{size:>10}{alg:>12.2f}{bus:>12.2f}  {'yes' if ok else 'NO'}")
        print(f"metric busbw_{op}_{mib}mib {bus:.4f} GB/s")
    good = bad == 0 and not failed
    print(f"nccl_bench ranks={world} bad={bad} {'PASS' if good else 'FAIL'}")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
