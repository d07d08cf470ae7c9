"""torch_matmul: bf16 matmul throughput on the GPU, with a float64 check.

Multiplies two N x N bf16 matrices (default 8192) ITERS times after a warm-up, timed with CUDA
events, and reports TFLOP/s (2 N^3 per product). The result's first CHECK_ROWS rows are checked
against a float64 product of the same inputs: relative Frobenius error below 1e-2.

Prints `metric <name> <value> <unit>` lines and a last line with PASS or FAIL; exit 0 on PASS.
Usage: python3 torch_matmul.py [N] [ITERS]
"""
import sys
import time

WORKLOAD = "torch_matmul"


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 8192
    iters = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    warmup, check_rows, tol = 5, 256, 1e-2
    t_start = time.perf_counter()
    import torch
    import_s = time.perf_counter() - t_start

    if not torch.cuda.is_available():
        print(f"{WORKLOAD} error=torch.cuda.is_available()==False FAIL")
        return 1
    dev = torch.device("cuda")
    t_init = time.perf_counter()
    torch.zeros(1, device=dev).add_(1)
    torch.cuda.synchronize()
    cuda_init_s = time.perf_counter() - t_init
    print(f"info device {torch.cuda.get_device_name(dev)} torch {torch.__version__} cuda {torch.version.cuda}")
    gen = torch.Generator(device=dev)
    gen.manual_seed(0)
    a = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=gen)
    b = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=gen)
    c = torch.empty(n, n, device=dev, dtype=torch.bfloat16)
    for _ in range(warmup):
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        torch.matmul(a, b, out=c)
    end.record()
    end.synchronize()
    ms = start.elapsed_time(end)
    tflops = 2.0 * n ** 3 * iters / (ms / 1e3) / 1e12

    ref = a[:check_rows].double() @ b.double()
    got = c[:check_rows].double()
    rel = ((got - ref).norm() / ref.norm()).item()
    finite = bool(torch.isfinite(c).all().item())
    ok = finite and rel < tol

    print(f"metric n {n} count")
    print(f"metric iters {iters} count")
    print(f"metric matmul_ms {ms / iters:.6g} ms")
    print(f"metric tflops {tflops:.6g} TFLOP/s")
    print(f"metric rel_err {rel:.3e} ratio")
    print(f"metric import_s {import_s:.4g} s")
    print(f"metric cuda_init_s {cuda_init_s:.4g} s")
    print(f"metric total_s {time.perf_counter() - t_start:.4g} s")
    print(f"{WORKLOAD} n={n} iters={iters} rel_err={rel:.2e} finite={finite} {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
