// pinned: page-locked host memory two ways. `a` comes from cudaMallocHost; `b` is plain malloc'd
// memory registered with cudaHostRegister(cudaHostRegisterMapped). A kernel reads and writes both
// through their device pointers (zero-copy over the bus); then an async copy moves the registered
// buffer through device memory back into the cudaMallocHost buffer. Everything is verified.
// Build: nvcc -O2 -o pinned pinned.cu        Run: pinned [MiB]   (default 64)
#define WORKLOAD "pinned"
#include "gpu_common.h"

__global__ void touch(float *a, float *b, size_t n)
{
	size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
	size_t stride = (size_t)gridDim.x * blockDim.x;
	for (; i < n; i += stride) {
		float v = a[i];
		b[i] = 2.0f * v + 1.0f;
		a[i] = -v;
	}
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 64;
	if (mib == 0)
		gpu_fail("bad size");
	size_t bytes = mib << 20, n = bytes / sizeof(float);
	print_device();

	float *a = nullptr;
	CK(cudaMallocHost(&a, bytes));
	float *b = (float *)malloc(bytes);
	if (!b)
		gpu_fail("malloc");
	for (size_t i = 0; i < n; i++) {
		a[i] = (float)(i % 4096);
		b[i] = 0.0f;
	}
	double t_reg = now_ms();
	CK(cudaHostRegister(b, bytes, cudaHostRegisterMapped));
	t_reg = now_ms() - t_reg;

	float *da = nullptr, *db = nullptr;
	CK(cudaHostGetDevicePointer((void **)&da, a, 0));
	CK(cudaHostGetDevicePointer((void **)&db, b, 0));
	unsigned int flags = 0;
	CK(cudaHostGetFlags(&flags, a));
	printf("info cudaMallocHost flags %#x\n", flags);

	cudaEvent_t t0, t1;
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));
	CK(cudaEventRecord(t0));
	touch<<<264, 512>>>(da, db, n);
	CK_LAUNCH();
	CK(cudaEventRecord(t1));
	CK(cudaEventSynchronize(t1));
	float ms = 0;
	CK(cudaEventElapsedTime(&ms, t0, t1));

	long bad = 0;
	for (size_t i = 0; i < n; i++) {
		float v = (float)(i % 4096);
		if (b[i] != 2.0f * v + 1.0f || a[i] != -v)
			bad++;
	}

	// Registered host -> device -> cudaMallocHost buffer, asynchronously on a stream.
	float *dev = nullptr;
	cudaStream_t s;
	CK(cudaStreamCreate(&s));
	CK(cudaMalloc(&dev, bytes));
	CK(cudaMemcpyAsync(dev, b, bytes, cudaMemcpyHostToDevice, s));
	CK(cudaMemcpyAsync(a, dev, bytes, cudaMemcpyDeviceToHost, s));
	CK(cudaStreamSynchronize(s));
	long bad_copy = 0;
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			bad_copy++;

	metric("bytes", (double)bytes, "B");
	metric("zerocopy_ms", ms, "ms");
	metric("zerocopy_gbs", 3.0 * (double)bytes / ((double)ms * 1e6), "GB/s");
	metric("register_ms", t_reg, "ms");
	check_line("bad", bad);
	check_line("bad_copy", bad_copy);

	CK(cudaStreamDestroy(s));
	CK(cudaFree(dev));
	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaHostUnregister(b));
	free(b);
	CK(cudaFreeHost(a));
	char detail[96];
	snprintf(detail, sizeof detail, "bytes=%zu bad=%ld bad_copy=%ld", bytes, bad, bad_copy);
	return verdict(bad == 0 && bad_copy == 0, detail);
}
