/*
 * sluice-testguest: the guest program of Sluice's end-to-end tests.
 *
 * It runs inside the sandbox, where the sentry traps the tty ioctls of /dev/ptmx, and
 * reports what the ioctls did as `key=value` pairs (several per line allowed), one flush per
 * line. Errno values are printed by name (EFAULT) or as `0`. Every subcommand but mkdir first
 * opens /dev/ptmx with O_RDWR|O_NOCTTY.
 *
 *   ptn                 TIOCGPTN                              ptn=<n>
 *   unlock              unlock, open the pts, relock, reopen  unlock=ok|<e>  relock=ok|bad-<e|opened>
 *   peer                TIOCGPTPEER, echo through the pair    peerfd= peer_errno= / peerpath= / ptn= / echo=ok|bad
 *   deny                TIOCGPTLCK, FIONREAD                  deny_errno= fionread_errno=
 *   storm T I           T threads x I TIOCGPTN on own ptmx    storm_calls= storm_bad=
 *   race-winsz I        TIOCSWINSZ on a buffer flipped by a thread
 *                                                             race_set_ok= race_set_einval= race_set_other=
 * race_max_rows= fdrace I            I x TIOCGPTN while a thread swaps the fd fdrace_ok= fdrace_ebadf= fdrace_enotty=
 * fdrace_other= after= badptr              bad user pointers                     badptr_errno= / badptr_in_errno=
 *   hugesize            'T' 0x30 with a 16 KiB _IOC size      hugesize_errno=
 *   unknown             an unknown 'T' ioctl                  unknown_errno=
 *   signext             sign-extended request numbers        signext_deny_errno= / signext_ptn=ok|bad
 *   calls N             N x TIOCGPTN, then sleep 30 s         call=<i> rc= errno= (i from 0)
 *   exit CODE           exit with CODE
 *   sleep SECONDS       sleep
 *   mkdir PATH...       mkdir(2) of each PATH, then stat       mkdir_<i>_rc= mkdir_<i>_errno= mkdir_<i>_dir=yes|no
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

#include "guest.h"

#ifndef TIOCGPTPEER
/* include/uapi/asm-generic/ioctls.h: #define TIOCGPTPEER _IO('T', 0x41) */
#define TIOCGPTPEER _IO('T', 0x41)
#endif

/* ---- output ---------------------------------------------------------------------------- */

static void usage(void) __attribute__((noreturn));
static void usage(void)
{
	fprintf(stderr, "usage: sluice-testguest SUBCOMMAND [ARGS]\n"
			"  ptn | unlock | peer | deny | badptr | hugesize | unknown | signext\n"
			"  storm THREADS ITERS | race-winsz ITERS | fdrace ITERS | calls N\n"
			"  exit CODE | sleep SECONDS | mkdir PATH...\n");
	exit(2);
}

static int open_ptmx(void)
{
	return open("/dev/ptmx", O_RDWR | O_NOCTTY);
}

/* Reads /proc/self/fd/<fd> into buf; returns 0 or an errno. */
static int fd_path(int fd, char *buf, size_t size)
{
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, buf, size - 1);
	if (n < 0)
		return errno;
	buf[n] = '\0';
	return 0;
}

/* ---- simple subcommands ------------------------------------------------------------------ */

static int cmd_ptn(int fd)
{
	unsigned int n = 0;
	if (ioctl(fd, TIOCGPTN, &n) != 0) {
		out("ptn=-1 ptn_errno=%s", ename(errno));
		return 1;
	}
	out("ptn=%u", n);
	return 0;
}

static int cmd_unlock(int fd)
{
	unsigned int n = 0;
	if (ioctl(fd, TIOCGPTN, &n) != 0) {
		out("unlock=%s", ename(errno));
		return 1;
	}
	char path[64];
	snprintf(path, sizeof path, "/dev/pts/%u", n);

	int zero = 0, one = 1;
	if (ioctl(fd, TIOCSPTLCK, &zero) != 0) {
		out("unlock=%s", ename(errno));
	} else {
		int s = open(path, O_RDWR | O_NOCTTY);
		if (s >= 0) {
			out("unlock=ok");
			close(s);
		} else {
			out("unlock=%s", ename(errno));
		}
	}

	if (ioctl(fd, TIOCSPTLCK, &one) != 0) {
		out("relock=bad-%s", ename(errno));
		return 0;
	}
	int s = open(path, O_RDWR | O_NOCTTY);
	if (s >= 0) {
		out("relock=bad-opened");
		close(s);
	} else if (errno == EIO) {
		out("relock=ok");
	} else {
		out("relock=bad-%s", ename(errno));
	}
	return 0;
}

static int cmd_peer(int fd)
{
	int zero = 0;
	if (ioctl(fd, TIOCSPTLCK, &zero) != 0)
		fprintf(stderr, "sluice-testguest: TIOCSPTLCK: %s\n", ename(errno));

	int peer = ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	int perr = peer < 0 ? errno : 0;
	out("peerfd=%d peer_errno=%s", peer < 0 ? -1 : peer, ename(perr));

	char path[PATH_MAX];
	if (peer < 0)
		strcpy(path, "none");
	else {
		int e = fd_path(peer, path, sizeof path);
		if (e != 0)
			snprintf(path, sizeof path, "error-%s", ename(e));
	}
	out("peerpath=%s", path);

	unsigned int n = 0;
	if (ioctl(fd, TIOCGPTN, &n) == 0)
		out("ptn=%u", n);
	else
		out("ptn=-1 ptn_errno=%s", ename(errno));

	if (peer < 0) {
		out("echo=bad");
		return 0;
	}

	static const char msg[] = "hello\n";
	const size_t len = sizeof msg - 1;
	if (write(fd, msg, len) != (ssize_t)len) {
		out("echo=bad");
		close(peer);
		return 0;
	}
	/* Canonical mode delivers the whole line at once; still collect up to the newline. */
	char got[64];
	size_t have = 0;
	while (have < sizeof got - 1) {
		struct pollfd p = { .fd = peer, .events = POLLIN };
		int r = poll(&p, 1, 2000);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		ssize_t k = read(peer, got + have, sizeof got - 1 - have);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		have += (size_t)k;
		if (got[have - 1] == '\n')
			break;
	}
	out("echo=%s", have == len && memcmp(got, msg, len) == 0 ? "ok" : "bad");
	close(peer);
	return 0;
}

static int cmd_deny(int fd)
{
	int v = 0;
	int rc = ioctl(fd, TIOCGPTLCK, &v);
	out("deny_errno=%s", rc_ename(rc, errno));
	rc = ioctl(fd, FIONREAD, &v);
	out("fionread_errno=%s", rc_ename(rc, errno));
	return 0;
}

static int cmd_badptr(int fd)
{
	int rc = ioctl(fd, TIOCGPTN, (void *)1);
	out("badptr_errno=%s", rc_ename(rc, errno));
	rc = ioctl(fd, TIOCSWINSZ, NULL);
	out("badptr_in_errno=%s", rc_ename(rc, errno));
	return 0;
}

static int cmd_hugesize(int fd)
{
	static char buf[16384];
	int rc = ioctl(fd, _IOC(_IOC_READ, 'T', 0x30, 0x3fff), buf);
	out("hugesize_errno=%s", rc_ename(rc, errno));
	return 0;
}

static int cmd_unknown(int fd)
{
	int rc = ioctl(fd, _IOC(_IOC_NONE, 'T', 0xEE, 0), 0);
	out("unknown_errno=%s", rc_ename(rc, errno));
	return 0;
}

static int cmd_signext(int fd)
{
	int v = 0;
	/* TIOCGPTLCK (0x80045439) sign-extended to 64 bits: the kernel truncates cmd to 32. */
	long rc = syscall(SYS_ioctl, fd, (unsigned long)0xffffffff80045439UL, &v);
	out("signext_deny_errno=%s", rc_ename(rc == 0 ? 0 : -1, errno));

	unsigned int n1 = 0, n2 = 0;
	int r1 = ioctl(fd, TIOCGPTN, &n1);
	long r2 = syscall(SYS_ioctl, fd, (unsigned long)0xffffffff80045430UL /* TIOCGPTN */, &n2);
	out("signext_ptn=%s", r1 == 0 && r2 == 0 && n1 == n2 ? "ok" : "bad");
	return 0;
}

static int cmd_calls(int fd, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned int v = 0;
		int rc = ioctl(fd, TIOCGPTN, &v);
		out("call=%d rc=%d errno=%s", i, rc, rc_ename(rc, errno));
	}
	sleep(30);
	return 0;
}

/* ---- storm ------------------------------------------------------------------------------- */

struct storm_arg {
	int iters;
	long calls;
	long bad;
};

static void *storm_thread(void *p)
{
	struct storm_arg *a = p;
	int fd = open_ptmx();
	if (fd < 0) {
		fprintf(stderr, "sluice-testguest: storm: open /dev/ptmx: %s\n", ename(errno));
		a->bad++;
		return NULL;
	}
	int zero = 0;
	if (ioctl(fd, TIOCSPTLCK, &zero) != 0) {
		fprintf(stderr, "sluice-testguest: storm: TIOCSPTLCK: %s\n", ename(errno));
		a->bad++;
		close(fd);
		return NULL;
	}
	int peer = ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	if (peer < 0) {
		fprintf(stderr, "sluice-testguest: storm: TIOCGPTPEER: %s\n", ename(errno));
		a->bad++;
		close(fd);
		return NULL;
	}
	char path[PATH_MAX];
	unsigned int want;
	int e = fd_path(peer, path, sizeof path);
	close(peer);
	if (e != 0 || sscanf(path, "/dev/pts/%u", &want) != 1) {
		fprintf(stderr, "sluice-testguest: storm: peer path: %s\n", e ? ename(e) : path);
		a->bad++;
		close(fd);
		return NULL;
	}
	for (int i = 0; i < a->iters; i++) {
		unsigned int v = ~0u;
		if (ioctl(fd, TIOCGPTN, &v) == 0 && v == want)
			a->calls++;
		else
			a->bad++;
	}
	close(fd);
	return NULL;
}

static int cmd_storm(int threads, int iters)
{
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	struct storm_arg *a = calloc((size_t)threads, sizeof *a);
	if ((t == NULL || a == NULL) && threads > 0) {
		fprintf(stderr, "sluice-testguest: calloc failed\n");
		return 1;
	}
	long calls = 0, bad = 0;
	int started = 0;
	for (int i = 0; i < threads; i++) {
		a[i].iters = iters;
		int e = pthread_create(&t[i], NULL, storm_thread, &a[i]);
		if (e != 0) {
			fprintf(stderr, "sluice-testguest: pthread_create: %s\n", ename(e));
			bad++;
			break;
		}
		started++;
	}
	for (int i = 0; i < started; i++) {
		pthread_join(t[i], NULL);
		calls += a[i].calls;
		bad += a[i].bad;
	}
	out("storm_calls=%ld storm_bad=%ld", calls, bad);
	free(t);
	free(a);
	return 0;
}

/* ---- race-winsz -------------------------------------------------------------------------- */

static struct winsize race_ws = { .ws_row = 24, .ws_col = 80, .ws_xpixel = 0, .ws_ypixel = 0 };
static atomic_int race_stop;

static void *race_flipper(void *unused)
{
	(void)unused;
	volatile unsigned short *row = &race_ws.ws_row;
	while (!atomic_load_explicit(&race_stop, memory_order_relaxed)) {
		*row = 24;
		*row = 60000;
	}
	*row = 24;
	return NULL;
}

static int cmd_race_winsz(int fd, int iters)
{
	pthread_t t;
	int e = pthread_create(&t, NULL, race_flipper, NULL);
	if (e != 0) {
		fprintf(stderr, "sluice-testguest: pthread_create: %s\n", ename(e));
		return 1;
	}
	long ok = 0, einval = 0, other = 0;
	unsigned int max_rows = 0;
	for (int i = 0; i < iters; i++) {
		int rc = ioctl(fd, TIOCSWINSZ, &race_ws);
		if (rc == 0)
			ok++;
		else if (errno == EINVAL)
			einval++;
		else
			other++;
		struct winsize mine;
		if (ioctl(fd, TIOCGWINSZ, &mine) == 0 && mine.ws_row > max_rows)
			max_rows = mine.ws_row;
	}
	atomic_store(&race_stop, 1);
	pthread_join(t, NULL);
	out("race_set_ok=%ld race_set_einval=%ld race_set_other=%ld race_max_rows=%u", ok, einval, other, max_rows);
	return 0;
}

/* ---- fdrace ------------------------------------------------------------------------------ */

struct fdrace_arg {
	int x, p2, null, iters;
	atomic_int done;
};

static void *fdrace_thread(void *p)
{
	struct fdrace_arg *a = p;
	/* Swap what fd x refers to until the caller has made all its calls: a trapped call is far
	 * slower than dup2, so a fixed count of swaps would end long before the race is exercised. */
	while (!atomic_load(&a->done)) {
		dup2(a->null, a->x);
		dup2(a->p2, a->x);
		close(a->x);
		dup2(a->p2, a->x);
	}
	return NULL;
}

static int cmd_fdrace(int fd, int iters)
{
	struct fdrace_arg a = { .x = fd, .iters = iters };
	a.p2 = open_ptmx();
	a.null = open("/dev/null", O_RDWR);
	if (a.p2 < 0 || a.null < 0) {
		fprintf(stderr, "sluice-testguest: fdrace: open: %s\n", ename(errno));
		return 1;
	}
	atomic_init(&a.done, 0);
	pthread_t t;
	int e = pthread_create(&t, NULL, fdrace_thread, &a);
	if (e != 0) {
		fprintf(stderr, "sluice-testguest: pthread_create: %s\n", ename(e));
		return 1;
	}
	long ok = 0, ebadf = 0, enotty = 0, other = 0;
	for (int i = 0; i < a.iters; i++) {
		unsigned int v;
		if (ioctl(a.x, TIOCGPTN, &v) == 0)
			ok++;
		else if (errno == EBADF)
			ebadf++;
		else if (errno == ENOTTY)
			enotty++;
		else
			other++;
	}
	atomic_store(&a.done, 1);
	pthread_join(t, NULL);

	const char *after;
	int f = open_ptmx();
	unsigned int v;
	if (f < 0)
		after = ename(errno);
	else if (ioctl(f, TIOCGPTN, &v) != 0)
		after = ename(errno);
	else
		after = "ok";
	out("fdrace_ok=%ld fdrace_ebadf=%ld fdrace_enotty=%ld fdrace_other=%ld after=%s", ok, ebadf, enotty, other,
	    after);
	if (f >= 0)
		close(f);
	return 0;
}

/*
 * mkdir(2) itself (the raw syscall, so that a seccomp agent's fake return value shows as it is)
 * for each PATH, then whether a directory is there: mkdir_I_rc, mkdir_I_errno, mkdir_I_dir.
 */
static int cmd_mkdir(int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		long rc = syscall(SYS_mkdir, argv[i], 0755);
		int e = rc < 0 ? errno : 0;
		struct stat st;
		int dir = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode);

		out("mkdir_%d_rc=%ld mkdir_%d_errno=%s mkdir_%d_dir=%s", i - 2, rc, i - 2, ename(e), i - 2,
		    dir ? "yes" : "no");
	}
	return 0;
}

/* ---- main -------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
	if (argc < 2)
		usage();
	const char *cmd = argv[1];
	static const char *const known[] = {
		"ptn",	  "unlock",   "peer",	 "deny",    "storm", "race-winsz", "fdrace",
		"badptr", "hugesize", "unknown", "signext", "calls", "exit",	   "sleep",
	};
	int is_known = 0;
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (strcmp(cmd, known[i]) == 0)
			is_known = 1;
	if (!is_known && strcmp(cmd, "mkdir") != 0)
		usage();
	if (strcmp(cmd, "mkdir") == 0)
		return cmd_mkdir(argc, argv); /* needs no /dev/ptmx */

	int fd = open_ptmx();
	if (fd < 0) {
		out("open_errno=%s", ename(errno));
		return 1;
	}

	if (strcmp(cmd, "ptn") == 0)
		return cmd_ptn(fd);
	if (strcmp(cmd, "unlock") == 0)
		return cmd_unlock(fd);
	if (strcmp(cmd, "peer") == 0)
		return cmd_peer(fd);
	if (strcmp(cmd, "deny") == 0)
		return cmd_deny(fd);
	if (strcmp(cmd, "storm") == 0)
		return cmd_storm((int)arg_num(argc, argv, 2), (int)arg_num(argc, argv, 3));
	if (strcmp(cmd, "race-winsz") == 0)
		return cmd_race_winsz(fd, (int)arg_num(argc, argv, 2));
	if (strcmp(cmd, "fdrace") == 0)
		return cmd_fdrace(fd, (int)arg_num(argc, argv, 2));
	if (strcmp(cmd, "badptr") == 0)
		return cmd_badptr(fd);
	if (strcmp(cmd, "hugesize") == 0)
		return cmd_hugesize(fd);
	if (strcmp(cmd, "unknown") == 0)
		return cmd_unknown(fd);
	if (strcmp(cmd, "signext") == 0)
		return cmd_signext(fd);
	if (strcmp(cmd, "calls") == 0)
		return cmd_calls(fd, (int)arg_num(argc, argv, 2));
	if (strcmp(cmd, "exit") == 0)
		return (int)(arg_num(argc, argv, 2) & 0xff);
	if (strcmp(cmd, "sleep") == 0) {
		long s = arg_num(argc, argv, 2);
		while (s > 0)
			s = (long)sleep((unsigned int)s);
		return 0;
	}
	usage();
}
