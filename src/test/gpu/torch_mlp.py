"""torch_mlp: trains a small MLP for 200 steps with a fixed seed and deterministic settings.

Data and initial weights come from CPU generators seeded with 0, TF32 is off, cuBLAS has a fixed
workspace configuration (CUBLAS_WORKSPACE_CONFIG), and the model uses only ops that are
deterministic on CUDA (GEMMs, elementwise ops, reductions without atomics, Adam), so two runs on
the same GPU and software give the same final loss; torch.use_deterministic_algorithms guards
that (it raises on a nondeterministic op). The suite compares the sandboxed run's final loss with
the native one's. PASS when the loss is finite and fell to under half its initial value.
(config_s is mostly PyTorch's lazy import of torch._dynamo, about 4 s in 2.11: host CPU time
that the sandbox does not change.)

Prints `metric <name> <value> <unit>` lines and a last line with PASS or FAIL; exit 0 on PASS.
Usage: python3 torch_mlp.py [STEPS]
"""
import os
import sys
import time

# Needed by cuBLAS for deterministic results; must be set before CUDA starts.
os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

WORKLOAD = "torch_mlp"


def no_tf32(torch) -> None:
    # The MLP has no convolutions; only cuBLAS matters. New API first (torch >= 2.9), else the old.
    try:
        torch.backends.cuda.matmul.fp32_precision = "ieee"
    except (AttributeError, TypeError, ValueError, RuntimeError):
        torch.backends.cuda.matmul.allow_tf32 = False


def main() -> int:
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    t_start = time.perf_counter()
    import torch
    import_s = time.perf_counter() - t_start

    if not torch.cuda.is_available():
        print(f"{WORKLOAD} error=torch.cuda.is_available()==False FAIL")
        return 1
    t_cfg = time.perf_counter()
    torch.manual_seed(0)
    torch.use_deterministic_algorithms(True)
    torch.backends.cudnn.benchmark = False
    torch.backends.cudnn.deterministic = True
    no_tf32(torch)
    config_s = time.perf_counter() - t_cfg
    dev = torch.device("cuda")
    t_init = time.perf_counter()
    torch.zeros(1, device=dev).add_(1)
    torch.cuda.synchronize()
    cuda_init_s = time.perf_counter() - t_init
    print(f"info device {torch.cuda.get_device_name(dev)} torch {torch.__version__}")

    t_setup = time.perf_counter()
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(4096, 64, generator=gen)
    w = torch.randn(64, 1, generator=gen)
    y = torch.sin(x @ w) + 0.1 * (x[:, :1] ** 2)
    x, y = x.to(dev), y.to(dev)
    torch.manual_seed(0)
    model = torch.nn.Sequential(
        torch.nn.Linear(64, 256), torch.nn.ReLU(),
        torch.nn.Linear(256, 256), torch.nn.ReLU(),
        torch.nn.Linear(256, 1),
    ).to(dev)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    loss_fn = torch.nn.MSELoss()

    with torch.no_grad():
        initial = loss_fn(model(x), y).item()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    setup_s = t0 - t_setup
    for _ in range(steps):
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
    torch.cuda.synchronize()
    step_ms = (time.perf_counter() - t0) * 1e3 / steps
    final = loss.item()
    finite = final == final and final not in (float("inf"), float("-inf"))
    ok = finite and final < 0.5 * initial

    print(f"metric steps {steps} count")
    print(f"metric initial_loss {initial:.9g} loss")
    print(f"metric final_loss {final:.9g} loss")
    print(f"metric step_ms {step_ms:.6g} ms")
    print(f"metric import_s {import_s:.4g} s")
    print(f"metric config_s {config_s:.4g} s")
    print(f"metric cuda_init_s {cuda_init_s:.4g} s")
    print(f"metric setup_s {setup_s:.4g} s")
    print(f"metric total_s {time.perf_counter() - t_start:.4g} s")
    print(f"{WORKLOAD} steps={steps} initial_loss={initial:.6f} final_loss={final:.6f} {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
