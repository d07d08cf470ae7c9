// ioctl_times.c: an LD_PRELOAD library that times every ioctl(2) a program makes through libc,
// to set a program's own native call times beside the sentry's trace of the same calls
// (docs/benchmarks.md, "Call by call"). At exit it writes one line per call,
//   INDEX CMD FD TID START_NS DURATION_NS
// to the file named by IOCTL_TIMES_OUT, or to stdout prefixed "IT " when it is "-" (inside a
// sandbox, whose files the caller may not see). Up to 65,536 calls are kept.
//
//   cc -O2 -shared -fPIC -o libioctl_times.so ioctl_times.c -ldl -lpthread
//   IOCTL_TIMES_OUT=native.txt LD_PRELOAD=./libioctl_times.so ./cuda_init
#define _GNU_SOURCE
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_CALLS 65536

struct call {
	unsigned long cmd;
	int fd;
	int tid;
	long long start;
	long long duration;
};

static struct call calls[MAX_CALLS];
static int count;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int ioctl(int fd, unsigned long cmd, ...)
{
	va_list ap;
	va_start(ap, cmd);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	long long t0 = now_ns();
	long r = syscall(SYS_ioctl, fd, cmd, arg);
	long long t1 = now_ns();
	pthread_mutex_lock(&lock);
	if (count < MAX_CALLS) {
		calls[count] = (struct call){ cmd, fd, (int)syscall(SYS_gettid), t0, t1 - t0 };
		count++;
	}
	pthread_mutex_unlock(&lock);
	return (int)r;
}

__attribute__((destructor)) static void write_calls(void)
{
	const char *path = getenv("IOCTL_TIMES_OUT");
	if (path == NULL) {
		return;
	}
	int to_stdout = path[0] == '-' && path[1] == 0;
	FILE *f = to_stdout ? stdout : fopen(path, "w");
	if (f == NULL) {
		return;
	}
	for (int i = 0; i < count; i++) {
		fprintf(f, "%s%d %#lx %d %d %lld %lld\n", to_stdout ? "IT " : "", i, calls[i].cmd, calls[i].fd,
			calls[i].tid, calls[i].start, calls[i].duration);
	}
	if (to_stdout) {
		fflush(f);
	} else {
		fclose(f);
	}
}
