/*
 * sluice-bench-guest: the guest side of `sluice bench trap`.
 *
 *   sluice-bench-guest --ioctl ptn|tcgets --iters N --warmup W
 *
 * Opens /dev/ptmx, makes W untimed calls and then N timed calls of one ioctl
 * (TIOCGPTN or TCGETS), each timed with CLOCK_MONOTONIC, and prints one line:
 *
 *   bench ioctl=ptn iters=N median_ns=X p99_ns=Y mean_ns=Z min_ns=W
 *
 * Any failing call prints `bench error: ...` on stderr and exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum mode { MODE_PTN, MODE_TCGETS };

static void usage(void)
{
	fprintf(stderr, "usage: sluice-bench-guest --ioctl ptn|tcgets --iters N --warmup W\n");
	exit(2);
}

static long parse_count(const char *s, const char *what)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v < 0) {
		fprintf(stderr, "bench error: bad %s: %s\n", what, s);
		exit(2);
	}
	return v;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static inline uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* One call of the benchmarked ioctl; returns 0 or exits on failure. */
static inline void one_call(int fd, enum mode mode, int have_first, unsigned int *first)
{
	if (mode == MODE_PTN) {
		unsigned int u = 0;
		if (ioctl(fd, TIOCGPTN, &u) != 0) {
			fprintf(stderr, "bench error: ioctl TIOCGPTN: %s\n", strerrorname_np(errno));
			exit(1);
		}
		if (!have_first) {
			*first = u;
		} else if (u != *first) {
			fprintf(stderr, "bench error: ioctl TIOCGPTN: result %u differs from first result %u\n", u,
				*first);
			exit(1);
		}
	} else {
		struct termios t;
		if (ioctl(fd, TCGETS, &t) != 0) {
			fprintf(stderr, "bench error: ioctl TCGETS: %s\n", strerrorname_np(errno));
			exit(1);
		}
	}
}

int main(int argc, char **argv)
{
	const char *mode_name = NULL;
	long iters = -1, warmup = -1;

	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			usage();
		if (strcmp(argv[i], "--ioctl") == 0)
			mode_name = argv[++i];
		else if (strcmp(argv[i], "--iters") == 0)
			iters = parse_count(argv[++i], "--iters");
		else if (strcmp(argv[i], "--warmup") == 0)
			warmup = parse_count(argv[++i], "--warmup");
		else
			usage();
	}
	if (mode_name == NULL || iters <= 0 || warmup < 0)
		usage();

	enum mode mode;
	if (strcmp(mode_name, "ptn") == 0)
		mode = MODE_PTN;
	else if (strcmp(mode_name, "tcgets") == 0)
		mode = MODE_TCGETS;
	else
		usage();

	int fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "bench error: open /dev/ptmx: %s\n", strerrorname_np(errno));
		return 1;
	}

	uint64_t *ns = malloc((size_t)iters * sizeof *ns);
	if (ns == NULL) {
		fprintf(stderr, "bench error: malloc: %s\n", strerrorname_np(errno));
		return 1;
	}

	unsigned int first = 0;
	int have_first = 0;
	for (long i = 0; i < warmup; i++) {
		one_call(fd, mode, have_first, &first);
		have_first = 1;
	}
	for (long i = 0; i < iters; i++) {
		uint64_t t0 = now_ns();
		one_call(fd, mode, have_first, &first);
		uint64_t t1 = now_ns();
		have_first = 1;
		ns[i] = t1 - t0;
	}

	qsort(ns, (size_t)iters, sizeof *ns, cmp_u64);
	long double sum = 0;
	for (long i = 0; i < iters; i++)
		sum += ns[i];
	uint64_t median = ns[iters / 2];
	long p99_idx = (long)((iters * 99 + 99) / 100) - 1; /* nearest-rank: ceil(0.99 * N) - 1 */
	if (p99_idx < 0)
		p99_idx = 0;
	uint64_t p99 = ns[p99_idx];
	uint64_t mean = (uint64_t)(sum / iters + 0.5L);

	printf("bench ioctl=%s iters=%ld median_ns=%" PRIu64 " p99_ns=%" PRIu64 " mean_ns=%" PRIu64 " min_ns=%" PRIu64
	       "\n",
	       mode_name, iters, median, p99, mean, ns[0]);
	fflush(stdout);
	free(ns);
	close(fd);
	return 0;
}
