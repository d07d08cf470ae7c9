// managed: unified memory. cudaMallocManaged, initialised on the CPU, prefetched to the GPU with
// cudaMemPrefetchAsync where the device supports concurrent managed access, transformed by a
// kernel, prefetched back and verified on the CPU. A second kernel runs on pages the CPU touched
// last without a prefetch (demand migration).
// Build: nvcc -O2 -o managed managed.cu        Run: managed [MiB]   (default 64)
#define WORKLOAD "managed"
#include "gpu_common.h"

__global__ void scale(float *x, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (; i < n; i += stride)
		x[i] = 3.0f * x[i] + 1.0f;
}

static void prefetch(const void *p, size_t bytes, bool to_device, int dev, cudaStream_t s)
{
#if CUDART_VERSION >= 13000
	cudaMemLocation loc = {};
	loc.type = to_device ? cudaMemLocationTypeDevice : cudaMemLocationTypeHost;
	loc.id = to_device ? dev : 0;
	CK(cudaMemPrefetchAsync(p, bytes, loc, 0, s));
#else
	CK(cudaMemPrefetchAsync(p, bytes, to_device ? dev : cudaCpuDeviceId, s));
#endif
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 64;
	if (mib == 0)
		gpu_fail("bad size");
	size_t bytes = mib << 20, n = bytes / sizeof(float);
	print_device();
	int dev = 0, managed = 0, concurrent = 0;
	CK(cudaGetDevice(&dev));
	CK(cudaDeviceGetAttribute(&managed, cudaDevAttrManagedMemory, dev));
	if (!managed)
		gpu_skip("cudaDevAttrManagedMemory=0");
	CK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, dev));

	float *x = nullptr;
	CK(cudaMallocManaged(&x, bytes));
	for (size_t i = 0; i < n; i++)
		x[i] = (float)(i % 1000);
	cudaStream_t s;
	CK(cudaStreamCreate(&s));
	cudaEvent_t t0, t1;
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));

	double t_pf = now_ms();
	if (concurrent)
		prefetch(x, bytes, true, dev, s);
	CK(cudaStreamSynchronize(s));
	t_pf = now_ms() - t_pf;
	CK(cudaEventRecord(t0, s));
	scale<<<264, 512, 0, s>>>(x, n);
	CK_LAUNCH();
	CK(cudaEventRecord(t1, s));
	if (concurrent)
		prefetch(x, bytes, false, dev, s);
	CK(cudaStreamSynchronize(s));
	float ms = 0;
	CK(cudaEventElapsedTime(&ms, t0, t1));
	long bad = 0;
	for (size_t i = 0; i < n; i++)
		if (x[i] != 3.0f * (float)(i % 1000) + 1.0f)
			bad++;

	// Demand paging: the CPU just read every page; the GPU faults them back in.
	CK(cudaEventRecord(t0, s));
	scale<<<264, 512, 0, s>>>(x, n);
	CK_LAUNCH();
	CK(cudaEventRecord(t1, s));
	CK(cudaStreamSynchronize(s));
	float ms_fault = 0;
	CK(cudaEventElapsedTime(&ms_fault, t0, t1));
	long bad2 = 0;
	for (size_t i = 0; i < n; i++)
		if (x[i] != 3.0f * (3.0f * (float)(i % 1000) + 1.0f) + 1.0f)
			bad2++;

	metric("bytes", (double)bytes, "B");
	metric("prefetch", concurrent, "bool");
	metric("prefetch_ms", t_pf, "ms");
	metric("kernel_ms", ms, "ms");
	metric("fault_kernel_ms", ms_fault, "ms");
	check_line("bad", bad);
	check_line("bad_demand", bad2);
	check_line("prefetch", concurrent);

	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaStreamDestroy(s));
	CK(cudaFree(x));
	char detail[96];
	snprintf(detail, sizeof detail, "bytes=%zu prefetch=%d bad=%ld bad_demand=%ld", bytes, concurrent, bad, bad2);
	return verdict(bad == 0 && bad2 == 0, detail);
}
