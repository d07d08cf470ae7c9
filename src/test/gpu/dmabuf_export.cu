// dmabuf_export: exports GPU memory as a dma-buf (cuMemGetHandleForAddressRange with
// CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD) ROUNDS times, and checks each fd before closing it:
// /proc/self/fd/N must link to "/dmabuf:..." and lseek(fd, 0, SEEK_END) must give the size.
// Also checks that the process holds no more fds at the end than at the start.
// Driver API; CUDA 13 style context (primary context, no cuCtxCreate).
// Build: nvcc -O2 -o dmabuf_export dmabuf_export.cu -lcuda        Run: dmabuf_export [rounds]
#define WORKLOAD "dmabuf_export"
#include "gpu_common.h"
#include <cuda.h>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

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

static int open_fds()
{
	DIR *d = opendir("/proc/self/fd");
	if (!d)
		return -1;
	int c = 0;
	for (struct dirent *e; (e = readdir(d)) != nullptr;)
		if (e->d_name[0] != '.')
			c++;
	closedir(d);
	return c - 1; // the directory's own fd
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 1000;
	if (rounds <= 0)
		gpu_fail("bad rounds");
	const size_t size = 2u << 20;
	CUdevice dev;
	CUcontext ctx;
	CUdeviceptr p;
	CU(cuInit(0));
	CU(cuDeviceGet(&dev, 0));
	int supported = 0;
	CU(cuDeviceGetAttribute(&supported, CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED, dev));
	if (!supported)
		gpu_skip("CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED=0");
	CU(cuDevicePrimaryCtxRetain(&ctx, dev));
	CU(cuCtxSetCurrent(ctx));
	CU(cuMemAlloc(&p, size));
	CU(cuMemsetD32(p, 0x5a5a5a5au, size / 4));
	CU(cuCtxSynchronize());

	int fds_before = open_fds();
	int ok = 0;
	double t0 = now_ms();
	for (int i = 0; i < rounds; i++) {
		int fd = -1;
		CU(cuMemGetHandleForAddressRange(&fd, p, size, CU_MEM_RANGE_HANDLE_TYPE_DMA_BUF_FD, 0));
		char link[64], target[256] = { 0 };
		snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
		ssize_t n = readlink(link, target, sizeof target - 1);
		off_t end = lseek(fd, 0, SEEK_END);
		if (fd >= 0 && n > 0 && strncmp(target, "/dmabuf:", 8) == 0 && end == (off_t)size) {
			ok++;
		} else if (rounds - ok <= 10 || i < 10) {
			fprintf(stderr, "round %d: fd %d -> %s size %lld\n", i, fd, n > 0 ? target : "?",
				(long long)end);
		}
		if (fd >= 0 && close(fd) != 0)
			perror("close");
	}
	double ms = now_ms() - t0;
	int fds_after = open_fds();

	metric("exports", ok, "count");
	metric("rounds", rounds, "count");
	metric("export_us", ms * 1e3 / rounds, "us");
	metric("guest_fds_leaked", fds_after - fds_before, "count");
	check_line("exports", ok);
	check_line("guest_fds_leaked", fds_after - fds_before);
	CU(cuMemFree(p));
	CU(cuDevicePrimaryCtxRelease(dev));
	char detail[128];
	snprintf(detail, sizeof detail, "rounds=%d ok=%d fds_before=%d fds_after=%d", rounds, ok, fds_before,
		 fds_after);
	return verdict(ok == rounds && fds_after == fds_before, detail);
}
