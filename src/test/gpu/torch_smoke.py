"""PyTorch smoke workload of the GPU suite: a checked bf16 matmul and a small MLP trained 200 steps."""
import sys
import torch

torch.manual_seed(0)
dev = torch.device("cuda")
a = torch.randn(4096, 4096, device=dev, dtype=torch.bfloat16)
b = torch.randn(4096, 4096, device=dev, dtype=torch.bfloat16)
c = a @ b
ref = a.double() @ b.double()
rel = ((c.double() - ref).norm() / ref.norm()).item()
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 1)).to(dev)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(1024, 64, device=dev)
y = x.sum(dim=1, keepdim=True)
for _ in range(200):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
torch.cuda.synchronize()
ok = rel < 1e-2
print(f"torch_smoke matmul_rel_err={rel:.2e} final_loss={loss.item():.6f} {'PASS' if ok else 'FAIL'}")
sys.exit(0 if ok else 1)
