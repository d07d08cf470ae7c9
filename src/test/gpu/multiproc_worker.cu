// multiproc_worker: one of several processes that use the GPU at the same time (see multiproc.sh).
// Each creates its context and device buffers, then meets the others at a file barrier in DIR
// (every worker creates DIR/ready.ID and waits until N such files exist), so that all N contexts
// are alive at once; then it runs ITERS kernel launches and verifies the result.
// Build: nvcc -O2 -o multiproc_worker multiproc_worker.cu
// Run:   multiproc_worker DIR N ID [iters]
#define WORKLOAD "multiproc_worker"
#include "gpu_common.h"
#include <dirent.h>
#include <fcntl.h>
#include <cstring>
#include <unistd.h>

__global__ void step(float *x, int n, float add)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = x[i] + add;
}

static int count_ready(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	int c = 0;
	for (struct dirent *e; (e = readdir(d)) != nullptr;)
		if (strncmp(e->d_name, "ready.", 6) == 0)
			c++;
	closedir(d);
	return c;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: %s DIR N ID [iters]\n", argv[0]);
		gpu_fail("usage");
	}
	const char *dir = argv[1];
	int procs = atoi(argv[2]), id = atoi(argv[3]);
	int iters = argc > 4 ? atoi(argv[4]) : 2000;
	const int n = 1 << 22;
	print_device();
	double t_ctx = now_ms();
	float *x;
	CK(cudaMalloc(&x, (size_t)n * sizeof(float)));
	CK(cudaMemset(x, 0, (size_t)n * sizeof(float)));
	CK(cudaDeviceSynchronize());
	t_ctx = now_ms() - t_ctx;

	char path[4096];
	snprintf(path, sizeof path, "%s/ready.%d", dir, id);
	int fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd < 0) {
		perror(path);
		gpu_fail("barrier file");
	}
	close(fd);
	double t_wait = now_ms();
	int ready = 0;
	while ((ready = count_ready(dir)) < procs) {
		if (ready < 0 || now_ms() - t_wait > 60000) {
			fprintf(stderr, "worker %d: only %d of %d workers reached the barrier in 60 s\n", id, ready,
				procs);
			gpu_fail("barrier timeout");
		}
		usleep(1000);
	}
	t_wait = now_ms() - t_wait;

	double t_work = now_ms();
	float add = (float)(id + 1);
	for (int it = 0; it < iters; it++) {
		step<<<(n + 255) / 256, 256>>>(x, n, add);
		CK_LAUNCH();
	}
	CK(cudaDeviceSynchronize());
	t_work = now_ms() - t_work;

	float *h = (float *)malloc((size_t)n * sizeof(float));
	if (!h)
		gpu_fail("malloc");
	CK(cudaMemcpy(h, x, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
	const float want = (float)iters * add; // exact: small integers
	long bad = 0;
	for (int i = 0; i < n; i++)
		if (h[i] != want)
			bad++;
	free(h);
	CK(cudaFree(x));

	metric("ctx_ms", t_ctx, "ms");
	metric("barrier_wait_ms", t_wait, "ms");
	metric("work_ms", t_work, "ms");
	char detail[128];
	snprintf(detail, sizeof detail, "id=%d procs=%d iters=%d bad=%ld", id, procs, iters, bad);
	return verdict(bad == 0, detail);
}
