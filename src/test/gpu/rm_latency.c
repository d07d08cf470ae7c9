// Latency of one RM control call, natively and through the sentry (EMULATE): allocates an RM
// client on /dev/nvidiactl and issues NV0000_CTRL_CMD_SYSTEM_GET_FEATURES on it N times, timing
// each call. Prints the median of the first 100 calls (cold: the sentry's JIT has not compiled
// its path yet) and of the rest (warm).
// Build: cc -O2 -o rm_latency rm_latency.c
//
// Layouts from NVIDIA open-gpu-kernel-modules 580.142: src/common/sdk/nvidia/inc/nvos.h
// (NVOS00/NVOS21/NVOS54_PARAMETERS), kernel-open/common/inc/nv-ioctl-numbers.h and
// src/nvidia/arch/nvalloc/unix/include/nv_escape.h (escape numbers),
// src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000system.h (the command).
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

struct nvos00 {
	uint32_t hRoot, hObjectParent, hObjectOld, status;
};
struct nvos21 {
	uint32_t hRoot, hObjectParent, hObjectNew, hClass;
	uint64_t pAllocParms;
	uint32_t paramsSize, status;
};
struct nvos54 {
	uint32_t hClient, hObject, cmd, flags;
	uint64_t params;
	uint32_t paramsSize, status;
};

#define NV_IOWR(nr, type)		    _IOWR('F', nr, type)
#define NV_ESC_RM_FREE			    0x29
#define NV_ESC_RM_CONTROL		    0x2a
#define NV_ESC_RM_ALLOC			    0x2b
#define NV0000_CTRL_CMD_SYSTEM_GET_FEATURES 0x1f0

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	return v[n / 2];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2000;
	if (n < 200)
		n = 200;
	int fd = open("/dev/nvidiactl", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("open /dev/nvidiactl");
		return 1;
	}
	struct nvos21 alloc = { 0 };
	if (ioctl(fd, NV_IOWR(NV_ESC_RM_ALLOC, struct nvos21), &alloc) != 0 || alloc.status != 0) {
		fprintf(stderr, "root client alloc failed: status 0x%x\n", alloc.status);
		return 1;
	}
	uint32_t client = alloc.hObjectNew;
	double *lat = calloc((size_t)n, sizeof *lat);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		uint32_t features = 0;
		struct nvos54 c = {
			client,		 client, NV0000_CTRL_CMD_SYSTEM_GET_FEATURES, 0, (uint64_t)(uintptr_t)&features,
			sizeof features, 0
		};
		double t0 = now_us();
		int rc = ioctl(fd, NV_IOWR(NV_ESC_RM_CONTROL, struct nvos54), &c);
		lat[i] = now_us() - t0;
		if (rc != 0 || c.status != 0)
			bad++;
	}
	struct nvos00 fr = { client, 0, client, 0 };
	ioctl(fd, NV_IOWR(NV_ESC_RM_FREE, struct nvos00), &fr);
	double cold = median(lat, 100);
	double warm = median(lat + 100, n - 100);
	printf("metric rm_control_cold_us %.1f us\nmetric rm_control_warm_us %.1f us\n", cold, warm);
	printf("rm_latency calls=%d bad=%d %s\n", n, bad, bad == 0 ? "PASS" : "FAIL");
	return bad == 0 ? 0 : 1;
}
