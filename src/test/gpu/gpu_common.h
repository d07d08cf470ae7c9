// Shared helpers of the GPU suite's CUDA workloads (src/test/gpu/*.cu).
//
// Output contract of every workload: zero or more lines `metric <name> <value> <unit>`, optional
// lines `check <name> <value>` (compared verbatim between the native and the sandboxed run), and a
// last stdout line that contains PASS, FAIL or SKIP. Exit status 0 on PASS, 2 on SKIP, else 1.
// Diagnostics go to stderr. Define WORKLOAD (a string) before including this header.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

#ifndef WORKLOAD
#error "define WORKLOAD before including gpu_common.h"
#endif

// Any CUDA runtime error ends the workload with a FAIL line (the last line of stdout).
#define CK(x)                                                                                                          \
	do {                                                                                                           \
		cudaError_t e_ = (x);                                                                                  \
		if (e_ != cudaSuccess) {                                                                               \
			fprintf(stderr, "%s:%d: %s: %s (%s)\n", __FILE__, __LINE__, #x, cudaGetErrorName(e_),          \
				cudaGetErrorString(e_));                                                               \
			gpu_fail(#x);                                                                                  \
		}                                                                                                      \
	} while (0)

// Checks a kernel launch: the launch error at once, then any execution error after a sync.
#define CK_LAUNCH()                                                                                                    \
	do {                                                                                                           \
		CK(cudaGetLastError());                                                                                \
	} while (0)

[[noreturn]] static inline void gpu_fail(const char *what)
{
	fflush(stderr);
	printf("%s error=%s FAIL\n", WORKLOAD, what);
	fflush(stdout);
	exit(1);
}

[[noreturn]] static inline void gpu_skip(const char *why)
{
	printf("%s unsupported=%s SKIP\n", WORKLOAD, why);
	fflush(stdout);
	exit(2);
}

static inline void metric(const char *name, double value, const char *unit)
{
	printf("metric %s %.10g %s\n", name, value, unit);
}

static inline void check_line(const char *name, long long value)
{
	printf("check %s %lld\n", name, value);
}

// Ends the workload: the verdict line, then the exit status.
static inline int verdict(bool ok, const char *detail)
{
	printf("%s %s %s\n", WORKLOAD, detail, ok ? "PASS" : "FAIL");
	fflush(stdout);
	return ok ? 0 : 1;
}

// Milliseconds on CLOCK_MONOTONIC.
static inline double now_ms()
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

// One line naming the device, for the logs (not parsed).
static inline void print_device()
{
	int dev = 0;
	CK(cudaGetDevice(&dev));
	cudaDeviceProp p;
	CK(cudaGetDeviceProperties(&p, dev));
	int rt = 0, drv = 0;
	CK(cudaRuntimeGetVersion(&rt));
	CK(cudaDriverGetVersion(&drv));
	printf("info device %d %s sm_%d%d runtime %d driver %d\n", dev, p.name, p.major, p.minor, rt, drv);
}

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y ? 1 : 0;
}

// Median of n values (sorts them in place).
static inline double median(double *v, int n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
