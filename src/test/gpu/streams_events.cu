// streams_events: several non-blocking streams joined by events. Each stream fills its own buffer;
// then each stream waits (cudaStreamWaitEvent) on its neighbour's "ready" event and combines both
// buffers, copies the result to pinned host memory and runs a host callback (cudaLaunchHostFunc);
// stream 0 waits on every stream's "done" event. A blocking-sync event (cudaEventBlockingSync)
// ends the run; cudaEventElapsedTime times it. Every element is verified.
// A second phase launches one spinning kernel per stream and reports how far they overlapped.
// Build: nvcc -O2 -o streams_events streams_events.cu        Run: streams_events [streams]
#define WORKLOAD "streams_events"
#include "gpu_common.h"
#include <atomic>

static const int MAX_STREAMS = 16;
static const int N = 1 << 22; // floats per stream

__global__ void fill(float *buf, int n, int id)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k < n)
		buf[k] = (float)(k % 1000 + 1000 * id);
}

__global__ void combine(float *out, const float *mine, const float *next, int n)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k < n)
		out[k] = 2.0f * mine[k] + next[k];
}

__device__ __forceinline__ unsigned long long globaltimer_ns()
{
	unsigned long long t;
	asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
	return t;
}

// Spins one thread for `ns` nanoseconds of GPU time.
__global__ void spin(unsigned long long ns, int *sink)
{
	unsigned long long start = globaltimer_ns();
	int x = 0;
	while (globaltimer_ns() - start < ns)
		x++;
	if (x == -1)
		*sink = x;
}

static std::atomic<int> callbacks{ 0 };

static void CUDART_CB on_done(void *arg)
{
	(void)arg;
	callbacks.fetch_add(1);
}

int main(int argc, char **argv)
{
	int ns = argc > 1 ? atoi(argv[1]) : 4;
	if (ns < 2 || ns > MAX_STREAMS)
		gpu_fail("streams must be 2..16");
	print_device();
	size_t bytes = (size_t)N * sizeof(float);
	cudaStream_t s[MAX_STREAMS];
	cudaEvent_t ready[MAX_STREAMS], done[MAX_STREAMS], t0, t1, blk;
	float *buf[MAX_STREAMS], *out[MAX_STREAMS], *host;
	for (int i = 0; i < ns; i++) {
		CK(cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking));
		CK(cudaEventCreateWithFlags(&ready[i], cudaEventDisableTiming));
		CK(cudaEventCreateWithFlags(&done[i], cudaEventDisableTiming));
		CK(cudaMalloc(&buf[i], bytes));
		CK(cudaMalloc(&out[i], bytes));
	}
	CK(cudaEventCreate(&t0));
	CK(cudaEventCreate(&t1));
	CK(cudaEventCreateWithFlags(&blk, cudaEventBlockingSync | cudaEventDisableTiming));
	CK(cudaMallocHost(&host, bytes * ns));
	for (size_t k = 0; k < (size_t)N * ns; k++)
		host[k] = -1.0f;

	int threads = 256, blocks = (N + threads - 1) / threads;
	CK(cudaEventRecord(t0, s[0]));
	for (int i = 0; i < ns; i++) {
		CK(cudaStreamWaitEvent(s[i], t0, 0));
		fill<<<blocks, threads, 0, s[i]>>>(buf[i], N, i);
		CK_LAUNCH();
		CK(cudaEventRecord(ready[i], s[i]));
	}
	for (int i = 0; i < ns; i++) {
		int j = (i + 1) % ns;
		CK(cudaStreamWaitEvent(s[i], ready[j], 0));
		combine<<<blocks, threads, 0, s[i]>>>(out[i], buf[i], buf[j], N);
		CK_LAUNCH();
		CK(cudaMemcpyAsync(host + (size_t)i * N, out[i], bytes, cudaMemcpyDeviceToHost, s[i]));
		CK(cudaLaunchHostFunc(s[i], on_done, nullptr));
		CK(cudaEventRecord(done[i], s[i]));
	}
	for (int i = 1; i < ns; i++)
		CK(cudaStreamWaitEvent(s[0], done[i], 0));
	CK(cudaEventRecord(t1, s[0]));
	CK(cudaEventRecord(blk, s[0]));
	CK(cudaEventSynchronize(blk));
	CK(cudaEventQuery(t1)); // must be complete: cudaSuccess, not cudaErrorNotReady
	for (int i = 0; i < ns; i++)
		CK(cudaStreamQuery(s[i]));
	float ms = 0;
	CK(cudaEventElapsedTime(&ms, t0, t1));

	long bad = 0;
	for (int i = 0; i < ns; i++) {
		int j = (i + 1) % ns;
		for (int k = 0; k < N; k++) {
			float want = 2.0f * (float)(k % 1000 + 1000 * i) + (float)(k % 1000 + 1000 * j);
			if (host[(size_t)i * N + k] != want)
				bad++;
		}
	}
	int cbs = callbacks.load();

	// Phase 2: one 20 ms spinning kernel per stream; overlap = (streams * 20 ms) / elapsed.
	const unsigned long long spin_ns = 20ull * 1000 * 1000;
	int *sink;
	CK(cudaMalloc(&sink, sizeof(int)));
	CK(cudaDeviceSynchronize());
	CK(cudaEventRecord(t0, s[0]));
	for (int i = 1; i < ns; i++)
		CK(cudaStreamWaitEvent(s[i], t0, 0));
	for (int i = 0; i < ns; i++) {
		spin<<<1, 1, 0, s[i]>>>(spin_ns, sink);
		CK_LAUNCH();
		CK(cudaEventRecord(done[i], s[i]));
	}
	for (int i = 1; i < ns; i++)
		CK(cudaStreamWaitEvent(s[0], done[i], 0));
	CK(cudaEventRecord(t1, s[0]));
	CK(cudaEventSynchronize(t1));
	float spin_ms = 0;
	CK(cudaEventElapsedTime(&spin_ms, t0, t1));

	metric("streams", ns, "count");
	metric("elapsed_ms", ms, "ms");
	metric("callbacks", cbs, "count");
	metric("spin_elapsed_ms", spin_ms, "ms");
	metric("overlap", ns * 20.0 / spin_ms, "x");
	check_line("bad", bad);
	check_line("callbacks", cbs);

	CK(cudaFree(sink));
	for (int i = 0; i < ns; i++) {
		CK(cudaFree(buf[i]));
		CK(cudaFree(out[i]));
		CK(cudaEventDestroy(ready[i]));
		CK(cudaEventDestroy(done[i]));
		CK(cudaStreamDestroy(s[i]));
	}
	CK(cudaEventDestroy(t0));
	CK(cudaEventDestroy(t1));
	CK(cudaEventDestroy(blk));
	CK(cudaFreeHost(host));
	char detail[128];
	snprintf(detail, sizeof detail, "streams=%d bad=%ld callbacks=%d/%d", ns, bad, cbs, ns);
	return verdict(bad == 0 && cbs == ns, detail);
}
