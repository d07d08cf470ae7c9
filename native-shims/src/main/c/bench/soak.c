/*
 * sluice-bench-soak: the guest of `sluice bench soak`.
 *
 *   sluice-bench-soak --threads N --duration-ms D --interval-ms I [--linger]
 *
 * Starts N threads, each with a /dev/ptmx of its own, that alternate TIOCGPTN (EMULATE under
 * `sluice run --proxy pty`) and TCGETS (CONTINUE) for D ms. Every result is checked:
 *
 *   - TIOCGPTN must write the pty's index, which the thread read beforehand from
 *     /proc/self/fdinfo (`tty-index:`, not an ioctl, so never trapped); each thread's pty has
 *     an index of its own, so an answer meant for another thread is caught too;
 *   - TCGETS must fill the whole struct (it is poisoned before each call) with the same bytes
 *     as the thread's first TCGETS, and that first one must look like a pty master's
 *     (CS8 | CREAD).
 *
 * A wrong answer or a failed call prints `soak error: ...` on stderr and exits 1.
 *
 * Each call is timed with CLOCK_MONOTONIC into a per-thread log-linear histogram (exact below
 * 128 ns, then 64 sub-buckets per power of two: under 1.6% error). The main thread harvests the
 * histograms every I ms and prints one line per interval on stdout:
 *
 *   soak start threads=N duration_ms=D interval_ms=I
 *   soak interval=K t_ms=T ms=M calls=C emulate=E continue=O p50_ns=X p99_ns=Y max_ns=Z
 *   soak done t_ms=T calls=C emulate=E continue=O p50_ns=X p99_ns=Y max_ns=Z
 *
 * `ms` is the interval's measured length; `done` covers the whole run. With --linger, the last
 * interval line is followed by `soak idle`, printed once every thread has stopped, and the
 * program waits for EOF on stdin before `done`: the supervisor can then look at the sentry
 * with no call in flight and the sandbox still up.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define EXACT	 128 /* values below this have a bucket each */
#define SUB_BITS 6   /* then 64 sub-buckets per power of two */
#define MAX_EXP	 40  /* up to 2^41 ns (about 36 minutes) */
#define NBUCKETS (EXACT + (MAX_EXP - 7 + 1) * (1 << SUB_BITS))

struct worker {
	pthread_t thread;
	int index;
	int fd;
	unsigned int pty;	 /* the pty's index, from fdinfo */
	struct termios first;	 /* the first TCGETS result */
	uint64_t emulate, cont;	 /* calls, updated atomically */
	uint64_t hist[NBUCKETS]; /* updated atomically; harvested by exchange */
} __attribute__((aligned(64)));

static int stop;
static pthread_barrier_t ready;

static void bail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("soak error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	_exit(1);
}

static long parse_count(const char *s, const char *what)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v <= 0)
		bail("bad %s: %s", what, s);
	return v;
}

static inline uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static inline int bucket_of(uint64_t v)
{
	if (v < EXACT)
		return (int)v;
	int e = 63 - __builtin_clzll(v); /* >= 7 */
	if (e > MAX_EXP)
		return NBUCKETS - 1;
	int sub = (int)((v >> (e - SUB_BITS)) & ((1 << SUB_BITS) - 1));
	return EXACT + (e - 7) * (1 << SUB_BITS) + sub;
}

/* The middle of bucket b, in ns. */
static uint64_t value_of(int b)
{
	if (b < EXACT)
		return (uint64_t)b;
	int e = (b - EXACT) / (1 << SUB_BITS) + 7;
	uint64_t sub = (uint64_t)((b - EXACT) % (1 << SUB_BITS));
	uint64_t width = 1ull << (e - SUB_BITS);
	return ((1ull << SUB_BITS) + sub) * width + width / 2;
}

/* The value at quantile q (nearest rank) of a histogram holding n values. */
static uint64_t quantile(const uint64_t *h, uint64_t n, double q)
{
	uint64_t rank = (uint64_t)(q * (double)n + 0.999999);
	if (rank < 1)
		rank = 1;
	uint64_t seen = 0;
	for (int b = 0; b < NBUCKETS; b++) {
		seen += h[b];
		if (seen >= rank)
			return value_of(b);
	}
	return 0;
}

static unsigned int tty_index(int fd)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/self/fdinfo/%d", fd);
	int f = open(path, O_RDONLY | O_CLOEXEC);
	if (f < 0)
		bail("open %s: %m", path);
	ssize_t n = read(f, buf, sizeof buf - 1);
	if (n < 0)
		bail("read %s: %m", path);
	close(f);
	buf[n] = '\0';
	char *p = strstr(buf, "tty-index:");
	if (p == NULL)
		bail("%s has no tty-index (kernel too old?)", path);
	return (unsigned int)strtoul(p + strlen("tty-index:"), NULL, 10);
}

static void *run(void *arg)
{
	struct worker *w = arg;
	int fd = w->fd;
	struct termios t;

	memset(&t, 0xa5, sizeof t);
	if (ioctl(fd, TCGETS, &t) != 0)
		bail("thread %d: first TCGETS: %m", w->index);
	if ((t.c_cflag & CSIZE) != CS8 || !(t.c_cflag & CREAD))
		bail("thread %d: first TCGETS: c_cflag %#o is not a pty master's", w->index, t.c_cflag);
	w->first = t;
	pthread_barrier_wait(&ready);

	for (uint64_t i = 0; !__atomic_load_n(&stop, __ATOMIC_RELAXED); i++) {
		uint64_t t0, t1;
		if (i & 1) {
			memset(&t, 0xa5, sizeof t);
			t0 = now_ns();
			int r = ioctl(fd, TCGETS, &t);
			t1 = now_ns();
			if (r != 0)
				bail("thread %d: TCGETS: %m", w->index);
			if (memcmp(&t, &w->first, sizeof t) != 0)
				bail("thread %d: TCGETS: result differs from the first (c_cflag %#o, first %#o)",
				     w->index, t.c_cflag, w->first.c_cflag);
			__atomic_fetch_add(&w->cont, 1, __ATOMIC_RELAXED);
		} else {
			unsigned int u = 0xdeadbeef;
			t0 = now_ns();
			int r = ioctl(fd, TIOCGPTN, &u);
			t1 = now_ns();
			if (r != 0)
				bail("thread %d: TIOCGPTN: %m", w->index);
			if (u != w->pty)
				bail("thread %d: TIOCGPTN: result %u, but the pty is %u", w->index, u, w->pty);
			__atomic_fetch_add(&w->emulate, 1, __ATOMIC_RELAXED);
		}
		__atomic_fetch_add(&w->hist[bucket_of(t1 - t0)], 1, __ATOMIC_RELAXED);
	}
	return NULL;
}

/* Moves every worker's counts since the last harvest into h (zeroed first); returns the calls. */
static uint64_t harvest(struct worker *ws, int n, uint64_t *h, uint64_t *emulate, uint64_t *cont)
{
	memset(h, 0, NBUCKETS * sizeof *h);
	*emulate = *cont = 0;
	for (int i = 0; i < n; i++) {
		*emulate += __atomic_exchange_n(&ws[i].emulate, 0, __ATOMIC_RELAXED);
		*cont += __atomic_exchange_n(&ws[i].cont, 0, __ATOMIC_RELAXED);
		for (int b = 0; b < NBUCKETS; b++)
			if (__atomic_load_n(&ws[i].hist[b], __ATOMIC_RELAXED) != 0)
				h[b] += __atomic_exchange_n(&ws[i].hist[b], 0, __ATOMIC_RELAXED);
	}
	return *emulate + *cont;
}

static uint64_t max_of(const uint64_t *h)
{
	for (int b = NBUCKETS - 1; b >= 0; b--)
		if (h[b] != 0)
			return value_of(b);
	return 0;
}

int main(int argc, char **argv)
{
	long threads = -1, duration_ms = -1, interval_ms = -1;
	int linger = 0;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--linger") == 0) {
			linger = 1;
			continue;
		}
		if (i + 1 >= argc)
			bail("usage: sluice-bench-soak --threads N --duration-ms D --interval-ms I [--linger]");
		if (strcmp(argv[i], "--threads") == 0)
			threads = parse_count(argv[++i], "--threads");
		else if (strcmp(argv[i], "--duration-ms") == 0)
			duration_ms = parse_count(argv[++i], "--duration-ms");
		else if (strcmp(argv[i], "--interval-ms") == 0)
			interval_ms = parse_count(argv[++i], "--interval-ms");
		else
			bail("unknown option %s", argv[i]);
	}
	if (threads < 1 || duration_ms < 1 || interval_ms < 1)
		bail("usage: sluice-bench-soak --threads N --duration-ms D --interval-ms I [--linger]");

	struct worker *ws = aligned_alloc(64, (size_t)threads * sizeof *ws);
	uint64_t *h = malloc(NBUCKETS * sizeof *h);
	uint64_t *total = calloc(NBUCKETS, sizeof *total);
	if (ws == NULL || h == NULL || total == NULL)
		bail("malloc: %m");
	memset(ws, 0, (size_t)threads * sizeof *ws);
	if (pthread_barrier_init(&ready, NULL, (unsigned int)threads + 1) != 0)
		bail("pthread_barrier_init failed");
	for (long i = 0; i < threads; i++) {
		ws[i].index = (int)i;
		ws[i].fd = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
		if (ws[i].fd < 0)
			bail("open /dev/ptmx: %m");
		ws[i].pty = tty_index(ws[i].fd);
		int err = pthread_create(&ws[i].thread, NULL, run, &ws[i]);
		if (err != 0)
			bail("pthread_create: %s", strerror(err));
	}
	pthread_barrier_wait(&ready);

	uint64_t start = now_ns(), last = start, end = start + (uint64_t)duration_ms * 1000000ull;
	uint64_t all = 0, all_emulate = 0, all_cont = 0;
	printf("soak start threads=%ld duration_ms=%ld interval_ms=%ld\n", threads, duration_ms, interval_ms);
	fflush(stdout);
	for (int k = 1;; k++) {
		uint64_t due = start + (uint64_t)k * (uint64_t)interval_ms * 1000000ull;
		int final = due >= end;
		if (final)
			due = end;
		struct timespec ts = { .tv_sec = (time_t)(due / 1000000000ull),
				       .tv_nsec = (long)(due % 1000000000ull) };
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
		if (final) {
			__atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
			for (long i = 0; i < threads; i++)
				pthread_join(ws[i].thread, NULL);
		}
		uint64_t now = now_ns(), emulate, cont;
		uint64_t calls = harvest(ws, (int)threads, h, &emulate, &cont);
		printf("soak interval=%d t_ms=%" PRIu64 " ms=%" PRIu64 " calls=%" PRIu64 " emulate=%" PRIu64
		       " continue=%" PRIu64 " p50_ns=%" PRIu64 " p99_ns=%" PRIu64 " max_ns=%" PRIu64 "\n",
		       k, (now - start) / 1000000, (now - last) / 1000000, calls, emulate, cont,
		       quantile(h, calls, 0.50), quantile(h, calls, 0.99), max_of(h));
		fflush(stdout);
		last = now;
		all += calls;
		all_emulate += emulate;
		all_cont += cont;
		for (int b = 0; b < NBUCKETS; b++)
			total[b] += h[b];
		if (final)
			break;
	}
	if (linger) {
		char c;
		printf("soak idle\n");
		fflush(stdout);
		for (;;) {
			ssize_t n = read(0, &c, 1);
			if (n == 0 || (n < 0 && errno != EINTR))
				break;
		}
	}
	printf("soak done t_ms=%" PRIu64 " calls=%" PRIu64 " emulate=%" PRIu64 " continue=%" PRIu64 " p50_ns=%" PRIu64
	       " p99_ns=%" PRIu64 " max_ns=%" PRIu64 "\n",
	       (last - start) / 1000000, all, all_emulate, all_cont, quantile(total, all, 0.50),
	       quantile(total, all, 0.99), max_of(total));
	fflush(stdout);
	for (long i = 0; i < threads; i++)
		close(ws[i].fd);
	return 0;
}
