// vector_add: the smallest CUDA runtime workload of the GPU suite. Adds two vectors of n floats
// on the GPU and verifies every element on the CPU.
// Build: nvcc -O2 -o vector_add vector_add.cu        Run: vector_add [n]   (default 16 M)
#define WORKLOAD "vector_add"
#include "gpu_common.h"

__global__ void add(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : (1 << 24);
	if (n <= 0)
		gpu_fail("bad n");
	size_t bytes = (size_t)n * sizeof(float);
	print_device();
	float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
	if (!a || !b || !c)
		gpu_fail("malloc");
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 1000) * 0.5f;
		b[i] = (float)(i % 777) * 2.0f;
		c[i] = -1.0f;
	}
	float *da, *db, *dc;
	CK(cudaMalloc(&da, bytes));
	CK(cudaMalloc(&db, bytes));
	CK(cudaMalloc(&dc, bytes));
	CK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
	CK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
	CK(cudaMemset(dc, 0xff, bytes));
	cudaEvent_t t0, t1;
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));
	// One warm-up launch (module load), then the timed one.
	add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
	CK_LAUNCH();
	CK(cudaMemset(dc, 0xff, bytes));
	CK(cudaEventRecord(t0));
	add<<<(n + 255) / 256, 256>>>(da, db, dc, n);
	CK_LAUNCH();
	CK(cudaEventRecord(t1));
	CK(cudaEventSynchronize(t1));
	float ms = 0;
	CK(cudaEventElapsedTime(&ms, t0, t1));
	CK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
	long bad = 0;
	for (int i = 0; i < n; i++)
		if (c[i] != a[i] + b[i])
			bad++;
	metric("elements", n, "count");
	metric("kernel_ms", ms, "ms");
	metric("kernel_gbs", 3.0 * (double)bytes / (ms * 1e6), "GB/s");
	check_line("bad", bad);
	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaFree(da));
	CK(cudaFree(db));
	CK(cudaFree(dc));
	free(a);
	free(b);
	free(c);
	char detail[96];
	snprintf(detail, sizeof detail, "n=%d bad=%ld", n, bad);
	return verdict(bad == 0, detail);
}
