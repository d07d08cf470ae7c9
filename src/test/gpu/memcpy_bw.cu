// memcpy_bw: host-to-device, device-to-host and device-to-device copy bandwidth with pinned host
// memory (cudaMallocHost), timed with CUDA events; the data is verified end to end
// (host -> device -> device -> host must give back the bytes that went in).
// Bandwidth is bytes copied / time (a D2D copy reads and writes each byte; it counts once).
// Build: nvcc -O2 -o memcpy_bw memcpy_bw.cu        Run: memcpy_bw [MiB] [reps]   (default 256, 10)
#define WORKLOAD "memcpy_bw"
#include "gpu_common.h"
#include <cstring>
#include <cstdint>

static const int WARMUP = 2;

// Times `reps` copies after WARMUP untimed ones; returns the best and the median in GB/s.
static void measure(const char *name, void *dst, const void *src, size_t bytes, cudaMemcpyKind kind, int reps,
		    cudaStream_t s, cudaEvent_t t0, cudaEvent_t t1)
{
	double *gbs = (double *)malloc(sizeof(double) * reps);
	double best = 0;
	for (int r = 0; r < WARMUP + reps; r++) {
		CK(cudaEventRecord(t0, s));
		CK(cudaMemcpyAsync(dst, src, bytes, kind, s));
		CK(cudaEventRecord(t1, s));
		CK(cudaEventSynchronize(t1));
		float ms = 0;
		CK(cudaEventElapsedTime(&ms, t0, t1));
		if (r < WARMUP)
			continue;
		double v = (double)bytes / ((double)ms * 1e6);
		gbs[r - WARMUP] = v;
		if (v > best)
			best = v;
	}
	char key[64];
	snprintf(key, sizeof key, "%s_gbs", name);
	metric(key, best, "GB/s");
	snprintf(key, sizeof key, "%s_gbs_median", name);
	metric(key, median(gbs, reps), "GB/s");
	free(gbs);
}

int main(int argc, char **argv)
{
	size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 256;
	int reps = argc > 2 ? atoi(argv[2]) : 10;
	if (mib == 0 || reps <= 0)
		gpu_fail("bad arguments");
	size_t bytes = mib << 20;
	size_t words = bytes / sizeof(uint32_t);
	print_device();

	uint32_t *hsrc, *hdst;
	CK(cudaMallocHost(&hsrc, bytes));
	CK(cudaMallocHost(&hdst, bytes));
	for (size_t i = 0; i < words; i++)
		hsrc[i] = (uint32_t)(i * 2654435761u) ^ 0x5bd1e995u;
	memset(hdst, 0, bytes);
	void *da, *db;
	CK(cudaMalloc(&da, bytes));
	CK(cudaMalloc(&db, bytes));
	CK(cudaMemset(db, 0, bytes));
	cudaStream_t s;
	CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	cudaEvent_t t0, t1;
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));

	measure("h2d", da, hsrc, bytes, cudaMemcpyHostToDevice, reps, s, t0, t1);
	measure("d2d", db, da, bytes, cudaMemcpyDeviceToDevice, reps, s, t0, t1);
	measure("d2h", hdst, db, bytes, cudaMemcpyDeviceToHost, reps, s, t0, t1);
	CK(cudaStreamSynchronize(s));

	size_t bad = 0;
	for (size_t i = 0; i < words; i++)
		if (hdst[i] != hsrc[i])
			bad++;
	metric("bytes", (double)bytes, "B");
	metric("reps", reps, "count");
	check_line("bad_words", (long long)bad);

	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaStreamDestroy(s));
	CK(cudaFree(da));
	CK(cudaFree(db));
	CK(cudaFreeHost(hsrc));
	CK(cudaFreeHost(hdst));
	char detail[96];
	snprintf(detail, sizeof detail, "bytes=%zu reps=%d bad_words=%zu", bytes, reps, bad);
	return verdict(bad == 0, detail);
}
