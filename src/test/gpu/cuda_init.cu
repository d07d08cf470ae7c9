// cuda_init: how long CUDA takes to start. Times cuInit, then the first context: the primary
// context (cuDevicePrimaryCtxRetain + cuCtxSetCurrent) and a first cuMemAlloc/cuMemFree, which
// force its creation. Then checks that the context works (memset, copy back).
// Driver API; CUDA 13 style context (no cuCtxCreate).
// Build: nvcc -O2 -o cuda_init cuda_init.cu -lcuda        Run: cuda_init
#define WORKLOAD "cuda_init"
#include "gpu_common.h"
#include <cuda.h>

#define CU(x)                                                                                                          \
	do {                                                                                                           \
		CUresult r_ = (x);                                                                                     \
		if (r_ != CUDA_SUCCESS) {                                                                              \
			const char *s_ = "?", *n_ = "?";                                                               \
			cuGetErrorString(r_, &s_);                                                                     \
			cuGetErrorName(r_, &n_);                                                                       \
			fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #x, n_, s_);                       \
			gpu_fail(#x);                                                                                  \
		}                                                                                                      \
	} while (0)

int main()
{
	double t0 = now_ms();
	CU(cuInit(0));
	double t1 = now_ms();
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;
	CU(cuDeviceGet(&dev, 0));
	CU(cuDevicePrimaryCtxRetain(&ctx, dev));
	CU(cuCtxSetCurrent(ctx));
	CU(cuMemAlloc(&p, 1 << 20));
	CU(cuMemFree(p));
	double t2 = now_ms();

	const unsigned int words = 1024;
	unsigned int host[1024];
	CU(cuMemAlloc(&p, words * sizeof(unsigned int)));
	CU(cuMemsetD32(p, 0xc0ffee01u, words));
	CU(cuMemcpyDtoH(host, p, words * sizeof(unsigned int)));
	CU(cuMemFree(p));
	long bad = 0;
	for (unsigned int i = 0; i < words; i++)
		if (host[i] != 0xc0ffee01u)
			bad++;
	char name[128] = { 0 };
	CU(cuDeviceGetName(name, sizeof name - 1, dev));
	CU(cuDevicePrimaryCtxRelease(dev));

	printf("info device %s\n", name);
	metric("cuinit_ms", t1 - t0, "ms");
	metric("ctx_ms", t2 - t1, "ms");
	metric("init_ms", t2 - t0, "ms");
	check_line("bad", bad);
	char detail[96];
	snprintf(detail, sizeof detail, "init_ms=%.1f bad=%ld", t2 - t0, bad);
	return verdict(bad == 0, detail);
}
