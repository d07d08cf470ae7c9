/*
 * sluice-hostile: the hostile guest of Sluice's end-to-end tests (HostileGuestE2ETest,
 * GuestReachE2ETest, SentryFaultsE2ETest).
 *
 * Like sluice-testguest it runs inside a sandbox whose pty proxy traps the tty ioctls of
 * /dev/ptmx, and reports what happened as `key=value` pairs, errno values by name. Each
 * subcommand is one attack; it never asserts anything itself (the tests do), it only counts.
 *
 *   threadstorm WAVES THREADS ITERS   WAVES x THREADS short-lived threads, ITERS x TIOCGPTN each
 *                                     ts_threads= ts_calls= ts_bad=
 *   forkstorm PROCS ITERS             PROCS processes (each forks one more), ITERS x TIOCGPTN each
 *                                     (fs_procs counts runs of calls: a child makes two, around its fork)
 *                                     fs_procs= fs_calls= fs_bad=
 *   pending THREADS ROUNDS            THREADS threads released at once, ROUNDS x TIOCGPTN each; the
 *                                     peak of calls entered and not returned
 *                                     pending_threads= pending_peak= pending_calls= pending_bad=
 *   outrace ITERS                     TIOCGPTN / TIOCSPTLCK on a page another thread unmaps and
 *                                     remaps               outrace_ok= outrace_efault= outrace_other=
 *   exitmid N                         N children killed (or exiting) while a TIOCGPTPEER of theirs
 *                                     is in the sentry     exitmid_children= exitmid_bad= after=
 *   noread ITERS                      TIOCGPTPEER results never read: the fds kept open under a
 *                                     low RLIMIT_NOFILE, the calls interrupted by signals
 *                                     noread_ok= noread_eintr= noread_emfile= noread_other= noread_stray=
 *   probe-sentry FILE                 waits for the sentry's host pid in FILE, then tries to see,
 *                                     signal, ptrace and read it      probe_*=
 *   fhandle PATH                      (on the host) the file handle of PATH: handle=TYPE:HEX
 *   openhandle MOUNTPATH TYPE:HEX     open_by_handle_at through MOUNTPATH's mount: openhandle_errno=
 *   reach HOSTDEV MAJOR MINOR         mknod, devtmpfs, /proc/N/root and /proc/N/cwd toward HOSTDEV
 *   hosterr                           EMULATE'd calls the host driver fails    hosterr_*=
 *   forever                           TIOCGPTN every 20 ms until killed: ready=1 once 3 succeeded,
 *                                     fail_errno= at the first failure, ok_after_fail= if one
 *                                     succeeds afterwards
 *   phases DIR N                      for each phase i of 1..N: waits for DIR/go-i, makes 20
 *                                     TIOCGPTN and 5 TIOCGPTPEER on fresh ptmxs, prints
 *                                     phase=i ok= emfile= other= opened=
 *   spray N                           N distinct unknown 'T' requests      spray_enotty= spray_einval= spray_other=
 * after= await FILE SUBCOMMAND [ARGS]      prints awaiting=1, waits (up to 60 s) for FILE, then runs SUBCOMMAND
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"

#ifndef TIOCGPTPEER
#define TIOCGPTPEER _IO('T', 0x41)
#endif

static void usage(void) __attribute__((noreturn));
static void usage(void)
{
	fprintf(stderr, "usage: sluice-hostile SUBCOMMAND [ARGS] (see the head of hostile.c)\n");
	exit(2);
}

static int open_ptmx(void)
{
	return open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
}

static void msleep(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	if (d == NULL)
		return -1;
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;)
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1; /* the listing's own */
}

/* The pty number of a fresh, unlocked ptmx's peer, read from the peer's path: what TIOCGPTN
 * must return, known without asking the sentry. */
static int expected_ptn(int fd, unsigned int *want)
{
	if (ioctl(fd, TIOCGPTN, want) != 0)
		return -1;
	return 0;
}

/* ---- threadstorm: tid churn while calls are trapped ------------------------------------- */

struct ts_shared {
	int fd;
	unsigned int want;
	int iters;
	atomic_long calls, bad;
};

static void *ts_thread(void *p)
{
	struct ts_shared *s = p;
	for (int i = 0; i < s->iters; i++) {
		unsigned int v = ~0u;
		if (ioctl(s->fd, TIOCGPTN, &v) == 0 && v == s->want)
			atomic_fetch_add(&s->calls, 1);
		else
			atomic_fetch_add(&s->bad, 1);
	}
	return NULL;
}

static int cmd_threadstorm(int waves, int threads, int iters)
{
	struct ts_shared s = { .iters = iters };
	s.fd = open_ptmx();
	if (s.fd < 0 || expected_ptn(s.fd, &s.want) != 0) {
		out("ts_threads=0 ts_calls=0 ts_bad=1 ts_errno=%s", ename(errno));
		return 1;
	}
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	long started = 0;
	for (int w = 0; w < waves; w++) {
		int n = 0;
		for (; n < threads; n++) {
			if (pthread_create(&t[n], &attr, ts_thread, &s) != 0) {
				atomic_fetch_add(&s.bad, 1);
				break;
			}
		}
		for (int i = 0; i < n; i++)
			pthread_join(t[i], NULL);
		started += n;
	}
	out("ts_threads=%ld ts_calls=%ld ts_bad=%ld", started, atomic_load(&s.calls), atomic_load(&s.bad));
	free(t);
	return 0;
}

/* ---- forkstorm: process churn while calls are trapped ----------------------------------- */

struct fs_shared {
	atomic_long calls, bad, procs;
};

static void fs_calls(struct fs_shared *s, int fd, unsigned int want, int iters)
{
	atomic_fetch_add(&s->procs, 1);
	for (int i = 0; i < iters; i++) {
		unsigned int v = ~0u;
		if (ioctl(fd, TIOCGPTN, &v) == 0 && v == want)
			atomic_fetch_add(&s->calls, 1);
		else
			atomic_fetch_add(&s->bad, 1);
	}
}

static int cmd_forkstorm(int procs, int iters)
{
	struct fs_shared *s = mmap(NULL, sizeof *s, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (s == MAP_FAILED)
		return 1;
	int fd = open_ptmx();
	unsigned int want;
	if (fd < 0 || expected_ptn(fd, &want) != 0) {
		out("fs_procs=0 fs_calls=0 fs_bad=1 fs_errno=%s", ename(errno));
		return 1;
	}
	int forked = 0;
	for (int p = 0; p < procs; p++) {
		pid_t c = fork();
		if (c < 0) {
			atomic_fetch_add(&s->bad, 1);
			break;
		}
		if (c == 0) {
			/* Each child forks a grandchild mid-way, and both go on calling on the inherited fd. */
			fs_calls(s, fd, want, iters / 2);
			pid_t g = fork();
			if (g == 0) {
				fs_calls(s, fd, want, iters);
				_exit(0);
			}
			fs_calls(s, fd, want, iters - iters / 2);
			if (g > 0)
				waitpid(g, NULL, 0);
			else
				atomic_fetch_add(&s->bad, 1);
			_exit(0);
		}
		forked++;
	}
	fs_calls(s, fd, want, iters);
	for (int p = 0; p < forked; p++) {
		int st;
		if (wait(&st) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			atomic_fetch_add(&s->bad, 1);
	}
	out("fs_procs=%ld fs_calls=%ld fs_bad=%ld", atomic_load(&s->procs), atomic_load(&s->calls),
	    atomic_load(&s->bad));
	return 0;
}

/* ---- pending: a large queue of notifications -------------------------------------------- */

struct pend_shared {
	int fd;
	unsigned int want;
	int rounds;
	pthread_barrier_t go;
	atomic_long in, done, bad;
	atomic_int stop;
};

static void *pend_thread(void *p)
{
	struct pend_shared *s = p;
	pthread_barrier_wait(&s->go);
	for (int i = 0; i < s->rounds; i++) {
		unsigned int v = ~0u;
		atomic_fetch_add(&s->in, 1);
		int rc = ioctl(s->fd, TIOCGPTN, &v);
		atomic_fetch_add(&s->done, 1);
		if (rc != 0 || v != s->want)
			atomic_fetch_add(&s->bad, 1);
	}
	return NULL;
}

static void *pend_monitor(void *p)
{
	struct pend_shared *s = p;
	long peak = 0;
	while (!atomic_load(&s->stop)) {
		long inflight = atomic_load(&s->in) - atomic_load(&s->done);
		if (inflight > peak)
			peak = inflight;
		msleep(1);
	}
	return (void *)peak;
}

static int cmd_pending(int threads, int rounds)
{
	struct pend_shared s = { .rounds = rounds };
	s.fd = open_ptmx();
	if (s.fd < 0 || expected_ptn(s.fd, &s.want) != 0) {
		out("pending_threads=0 pending_peak=0 pending_calls=0 pending_bad=1 pending_errno=%s", ename(errno));
		return 1;
	}
	pthread_barrier_init(&s.go, NULL, (unsigned)threads + 1);
	pthread_t *t = calloc((size_t)threads, sizeof *t);
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 64 * 1024);
	int n = 0;
	for (; n < threads; n++)
		if (pthread_create(&t[n], &attr, pend_thread, &s) != 0)
			break;
	if (n < threads) {
		fprintf(stderr, "sluice-hostile: pending: only %d threads: %s\n", n, ename(errno));
		out("pending_threads=%d pending_peak=0 pending_calls=0 pending_bad=1", n);
		_exit(1); /* the started ones wait on the barrier forever */
	}
	pthread_t mon;
	pthread_create(&mon, NULL, pend_monitor, &s);
	pthread_barrier_wait(&s.go);
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	atomic_store(&s.stop, 1);
	void *peak;
	pthread_join(mon, &peak);
	out("pending_threads=%d pending_peak=%ld pending_calls=%ld pending_bad=%ld", n, (long)peak,
	    atomic_load(&s.done), atomic_load(&s.bad));
	return 0;
}

/* ---- outrace: the result page unmapped and remapped during the call --------------------- */

static char *outrace_page;
static atomic_int outrace_stop;

static void *outrace_thread(void *unused)
{
	(void)unused;
	long ps = sysconf(_SC_PAGESIZE);
	while (!atomic_load(&outrace_stop)) {
		munmap(outrace_page, (size_t)ps);
		mmap(outrace_page, (size_t)ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	}
	return NULL;
}

static int cmd_outrace(int iters)
{
	long ps = sysconf(_SC_PAGESIZE);
	int fd = open_ptmx();
	if (fd < 0)
		return 1;
	outrace_page = mmap(NULL, (size_t)ps, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (outrace_page == MAP_FAILED)
		return 1;
	pthread_t t;
	pthread_create(&t, NULL, outrace_thread, NULL);
	long ok = 0, efault = 0, other = 0;
	for (int i = 0; i < iters; i++) {
		/* An output (TIOCGPTN) and an input (TIOCSPTLCK of 1, the lock a fresh ptmx has). */
		int rc = (i & 1) ? ioctl(fd, TIOCGPTN, outrace_page + 64) : ioctl(fd, TIOCSPTLCK, outrace_page + 128);
		if (rc == 0)
			ok++;
		else if (errno == EFAULT)
			efault++;
		else {
			other++;
			fprintf(stderr, "sluice-hostile: outrace: %s\n", ename(errno));
		}
	}
	atomic_store(&outrace_stop, 1);
	pthread_join(t, NULL);
	out("outrace_ok=%ld outrace_efault=%ld outrace_other=%ld", ok, efault, other);
	return 0;
}

/* ---- exitmid: the guest dies while the sentry works on its call ------------------------- */

static void *exitmid_peer(void *p)
{
	int fd = *(int *)p;
	ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	return NULL;
}

/* The child: one thread in TIOCGPTPEER, told the parent, then killed (even i) or exits by
 * itself from its main thread (odd i) while that call is still in the sentry. */
static void exitmid_child(int i, int report)
{
	int fd = open_ptmx();
	int zero = 0;
	if (fd < 0 || ioctl(fd, TIOCSPTLCK, &zero) != 0)
		_exit(3);
	pthread_t t;
	if (pthread_create(&t, NULL, exitmid_peer, &fd) != 0)
		_exit(4);
	msleep(30); /* let the thread reach the trap */
	if (write(report, "x", 1) != 1)
		_exit(5);
	if (i & 1) {
		msleep(50);
		_exit(0); /* exit_group: the thread in the sentry dies with the process */
	}
	pause();
	_exit(6);
}

static int cmd_exitmid(int n)
{
	long bad = 0, done = 0;
	for (int i = 0; i < n; i++) {
		int p[2];
		if (pipe(p) != 0)
			return 1;
		pid_t c = fork();
		if (c == 0) {
			close(p[0]);
			exitmid_child(i, p[1]);
		}
		close(p[1]);
		char x;
		if (read(p[0], &x, 1) != 1)
			bad++;
		close(p[0]);
		if ((i & 1) == 0) {
			msleep(50);
			kill(c, SIGKILL);
		}
		int st;
		waitpid(c, &st, 0);
		int want_ok = (i & 1) ? (WIFEXITED(st) && WEXITSTATUS(st) == 0)
				      : (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
		if (!want_ok) {
			bad++;
			fprintf(stderr, "sluice-hostile: exitmid: child %d status 0x%x\n", i, st);
		}
		done++;
	}
	int fd = open_ptmx();
	unsigned int v;
	const char *after = fd < 0 ? ename(errno) : ioctl(fd, TIOCGPTN, &v) != 0 ? ename(errno) : "ok";
	out("exitmid_children=%ld exitmid_bad=%ld after=%s", done, bad, after);
	return 0;
}

/* ---- noread: results the guest never reads ---------------------------------------------- */

static void on_usr1(int sig)
{
	(void)sig;
}

struct noread_arg {
	pthread_t target;
	atomic_int stop;
};

static void *noread_signaller(void *p)
{
	struct noread_arg *a = p;
	while (!atomic_load(&a->stop)) {
		pthread_kill(a->target, SIGUSR1);
		msleep(3);
	}
	return NULL;
}

static int cmd_noread(int iters)
{
	int fd = open_ptmx();
	int zero = 0;
	if (fd < 0 || ioctl(fd, TIOCSPTLCK, &zero) != 0) {
		out("noread_ok=0 noread_eintr=0 noread_emfile=0 noread_other=1 noread_stray=-1");
		return 1;
	}
	/* No SA_RESTART: an interrupted trapped call returns EINTR, whatever the sentry did for it. */
	struct sigaction sa = { .sa_handler = on_usr1 };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	struct rlimit rl = { .rlim_cur = 48, .rlim_max = 1024 };
	setrlimit(RLIMIT_NOFILE, &rl);
	int base = count_fds();

	struct noread_arg a = { .target = pthread_self() };
	pthread_t t;
	pthread_create(&t, NULL, noread_signaller, &a);
	long ok = 0, eintr = 0, emfile = 0, other = 0;
	for (int i = 0; i < iters; i++) {
		int peer = ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
		if (peer >= 0)
			ok++; /* kept open and never read */
		else if (errno == EINTR)
			eintr++;
		else if (errno == EMFILE)
			emfile++;
		else {
			other++;
			fprintf(stderr, "sluice-hostile: noread: %s\n", ename(errno));
		}
	}
	atomic_store(&a.stop, 1);
	pthread_join(t, NULL);
	/* Every fd the guest holds is one it was told about: none was injected behind its back.
	 * (Room for the listing's own fd first.) */
	rl.rlim_cur = 1024;
	setrlimit(RLIMIT_NOFILE, &rl);
	int stray = count_fds() - base - (int)ok;
	out("noread_ok=%ld noread_eintr=%ld noread_emfile=%ld noread_other=%ld noread_stray=%d", ok, eintr, emfile,
	    other, stray);
	return 0;
}

/* ---- probe-sentry: the sentry from inside ------------------------------------------------- */

static int visible_java(int *procs)
{
	DIR *d = opendir("/proc");
	int java = 0;
	*procs = 0;
	if (d == NULL)
		return -1;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		(*procs)++;
		char path[300], buf[4096];
		snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
		int f = open(path, O_RDONLY);
		if (f < 0)
			continue;
		ssize_t n = read(f, buf, sizeof buf - 1);
		close(f);
		if (n <= 0)
			continue;
		for (ssize_t i = 0; i < n; i++)
			if (buf[i] == '\0')
				buf[i] = ' ';
		buf[n] = '\0';
		if (strstr(buf, "java") != NULL || strstr(buf, "sluice.jar") != NULL)
			java++;
	}
	closedir(d);
	return java;
}

static int cmd_probe_sentry(const char *file)
{
	long pid = 0;
	for (int i = 0; i < 200 && pid <= 0; i++) {
		FILE *f = fopen(file, "r");
		if (f != NULL) {
			if (fscanf(f, "%ld", &pid) != 1)
				pid = 0;
			fclose(f);
		}
		if (pid <= 0)
			msleep(50);
	}
	if (pid <= 0) {
		out("probe_pid=none");
		return 1;
	}
	int procs;
	int java = visible_java(&procs);
	out("probe_pid=%ld probe_visible_procs=%d probe_visible_java=%d", pid, procs, java);

	out("probe_kill=%s", kill((pid_t)pid, 0) == 0 ? "0" : ename(errno));
	out("probe_attach=%s", ptrace(PTRACE_ATTACH, (pid_t)pid, 0, 0) == 0 ? "0" : ename(errno));
	out("probe_seize=%s", ptrace(PTRACE_SEIZE, (pid_t)pid, 0, 0) == 0 ? "0" : ename(errno));
	char path[64];
	snprintf(path, sizeof path, "/proc/%ld/mem", pid);
	int m = open(path, O_RDWR);
	out("probe_mem=%s", m >= 0 ? "0" : ename(errno));
	snprintf(path, sizeof path, "/proc/%ld/root", pid);
	int r = open(path, O_RDONLY | O_DIRECTORY);
	out("probe_root=%s", r >= 0 ? "0" : ename(errno));
	long pfd = syscall(SYS_pidfd_open, (pid_t)pid, 0);
	out("probe_pidfd=%s", pfd >= 0 ? "0" : ename(errno));
	char buf[8];
	struct iovec local = { buf, sizeof buf }, remote = { (void *)0x400000, sizeof buf };
	ssize_t n = process_vm_readv((pid_t)pid, &local, 1, &remote, 1, 0);
	out("probe_vmread=%s", n >= 0 ? "0" : ename(errno));
	/* Sluice's own processes in the sandbox: pid 1 is sluice-init. Even if the guest could
	 * attach to it, it holds no listener; report only. */
	out("probe_attach_init=%s", ptrace(PTRACE_ATTACH, 1, 0, 0) == 0 ? "0" : ename(errno));
	return 0;
}

/* ---- file handles --------------------------------------------------------------------------- */

static int cmd_fhandle(const char *path)
{
	struct file_handle *h = malloc(sizeof *h + MAX_HANDLE_SZ);
	h->handle_bytes = MAX_HANDLE_SZ;
	int mnt;
	if (name_to_handle_at(AT_FDCWD, path, h, &mnt, 0) != 0) {
		out("handle=none handle_errno=%s", ename(errno));
		return 1;
	}
	printf("handle=%d:", h->handle_type);
	for (unsigned i = 0; i < h->handle_bytes; i++)
		printf("%02x", h->f_handle[i]);
	out("%s", "");
	return 0;
}

static int open_handle(const char *mountpath, const char *spec)
{
	struct file_handle *h = calloc(1, sizeof *h + MAX_HANDLE_SZ);
	char *colon = strchr(spec, ':');
	if (colon == NULL)
		return -EINVAL;
	h->handle_type = atoi(spec);
	const char *hex = colon + 1;
	size_t len = strlen(hex) / 2;
	if (len > MAX_HANDLE_SZ)
		return -EINVAL;
	for (size_t i = 0; i < len; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		h->f_handle[i] = (unsigned char)v;
	}
	h->handle_bytes = (unsigned)len;
	int mfd = open(mountpath, O_RDONLY | O_NOCTTY);
	if (mfd < 0)
		return -errno;
	int fd = open_by_handle_at(mfd, h, O_RDONLY);
	int e = fd < 0 ? errno : 0;
	if (fd >= 0)
		close(fd);
	close(mfd);
	return -e;
}

static int cmd_openhandle(const char *mountpath, const char *spec)
{
	out("openhandle_errno=%s", ename(-open_handle(mountpath, spec)));
	return 0;
}

/* ---- reach: device nodes that were not granted ---------------------------------------------- */

static int cmd_reach(const char *hostdev, int major, int minor)
{
	int fd = open(hostdev, O_RDONLY);
	out("reach_open=%s", fd >= 0 ? "0" : ename(errno));
	if (fd >= 0)
		close(fd);

	unlink("/tmp/hostile-node");
	int rc = mknod("/tmp/hostile-node", S_IFCHR | 0600, makedev(major, minor));
	out("reach_mknod=%s", rc == 0 ? "0" : ename(errno));
	if (rc == 0) {
		fd = open("/tmp/hostile-node", O_RDONLY);
		out("reach_mknod_open=%s", fd >= 0 ? "0" : ename(errno));
	}
	rc = mknod("/dev/hostile-node", S_IFCHR | 0600, makedev(major, minor));
	out("reach_mknod_dev=%s", rc == 0 ? "0" : ename(errno));

	mkdir("/tmp/hostile-devtmpfs", 0700);
	rc = mount("devtmpfs", "/tmp/hostile-devtmpfs", "devtmpfs", 0, NULL);
	out("reach_devtmpfs=%s", rc == 0 ? "0" : ename(errno));

	/* Every process's root and cwd, and the thread-self and self aliases. */
	DIR *d = opendir("/proc");
	int tried = 0, opened = 0;
	int first = 0;
	for (struct dirent *e; d != NULL && (e = readdir(d)) != NULL;) {
		if ((e->d_name[0] < '0' || e->d_name[0] > '9') && strcmp(e->d_name, "self") != 0 &&
		    strcmp(e->d_name, "thread-self") != 0)
			continue;
		static const char *const via[] = { "root", "cwd" };
		for (int k = 0; k < 2; k++) {
			char path[PATH_MAX];
			snprintf(path, sizeof path, "/proc/%s/%s%s", e->d_name, via[k], hostdev);
			int f = open(path, O_RDONLY);
			tried++;
			if (f >= 0) {
				opened++;
				close(f);
				fprintf(stderr, "sluice-hostile: reach: opened %s\n", path);
			} else if (first == 0) {
				first = errno;
			}
		}
	}
	if (d != NULL)
		closedir(d);
	out("reach_procroot_tried=%d reach_procroot_opened=%d reach_procroot_errno=%s", tried, opened, ename(first));
	return 0;
}

/* ---- hosterr: the host driver fails an emulated call ---------------------------------------- */

static int cmd_hosterr(void)
{
	/* A fresh ptmx is locked: the driver refuses to open its peer (pty_open: EIO). */
	int fd = open_ptmx();
	int peer = ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	out("hosterr_peer_locked=%s", peer >= 0 ? "0" : ename(errno));
	if (peer >= 0)
		close(peer);
	/* A ptmx opened O_PATH: not a file the driver's ioctls run on. */
	int p = open("/dev/ptmx", O_PATH);
	unsigned int v;
	int rc = ioctl(p, TIOCGPTN, &v);
	out("hosterr_opath=%s", rc == 0 ? "0" : ename(errno));
	return 0;
}

/* ---- forever: until the sentry is gone -------------------------------------------------- */

static int cmd_forever(void) __attribute__((noreturn));
static int cmd_forever(void)
{
	int fd = open_ptmx();
	int ok = 0, failed = 0;
	for (;;) {
		unsigned int v;
		int rc = ioctl(fd, TIOCGPTN, &v);
		if (rc == 0) {
			if (failed)
				out("ok_after_fail=1");
			else if (++ok == 3)
				out("ready=1");
		} else if (!failed) {
			failed = 1;
			out("fail_errno=%s", ename(errno));
		}
		msleep(20);
	}
}

/* ---- phases: calls made when the test says so --------------------------------------------- */

static int cmd_phases(const char *dir, int n)
{
	for (int i = 1; i <= n; i++) {
		char path[PATH_MAX];
		snprintf(path, sizeof path, "%s/go-%d", dir, i);
		out("waiting=%d", i);
		for (int k = 0; k < 600 && access(path, F_OK) != 0; k++)
			msleep(50);
		int ok = 0, emfile = 0, other = 0, opened = 0;
		const char *first_other = "0";
		for (int c = 0; c < 5; c++) {
			int fd = open_ptmx();
			if (fd < 0) {
				other++;
				continue;
			}
			opened++;
			for (int k = 0; k < 4; k++) {
				unsigned int v;
				if (ioctl(fd, TIOCGPTN, &v) == 0)
					ok++;
				else if (errno == EMFILE)
					emfile++;
				else {
					other++;
					first_other = ename(errno);
				}
			}
			int zero = 0;
			ioctl(fd, TIOCSPTLCK, &zero);
			int peer = ioctl(fd, TIOCGPTPEER, O_RDWR | O_NOCTTY);
			if (peer >= 0) {
				ok++;
				close(peer);
			} else if (errno == EMFILE)
				emfile++;
			else {
				other++;
				first_other = ename(errno);
			}
			close(fd);
		}
		out("phase=%d ok=%d emfile=%d other=%d other_errno=%s opened=%d", i, ok, emfile, other, first_other,
		    opened);
	}
	return 0;
}

/* ---- spray: requests the sentry has never heard of -------------------------------------- */

static int cmd_spray(int n)
{
	static char buf[16384];
	int fd = open_ptmx();
	long enotty = 0, einval = 0, other = 0;
	unsigned long sent = 0;
	for (unsigned long i = 0; sent < (unsigned long)n; i++) {
		unsigned dir = (unsigned)(i & 3);
		unsigned nr = (unsigned)((i >> 2) & 0xff);
		unsigned size = (unsigned)((i >> 10) * 7 + 1) & 0x3fff;
		unsigned long cmd = _IOC(dir, 'T', nr, size);
		/* Never a request the proxy serves (nr 0x30, 0x31, 0x41) nor a legacy tty number. */
		if (nr == 0x30 || nr == 0x31 || nr == 0x41 || dir == 0)
			continue;
		sent++;
		if (ioctl(fd, cmd, buf) == 0)
			other++;
		else if (errno == ENOTTY)
			enotty++;
		else if (errno == EINVAL)
			einval++;
		else
			other++;
	}
	unsigned int v;
	const char *after = ioctl(fd, TIOCGPTN, &v) == 0 ? "ok" : ename(errno);
	out("spray_sent=%lu spray_enotty=%ld spray_einval=%ld spray_other=%ld after=%s", sent, enotty, einval, other,
	    after);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		usage();
	if (strcmp(argv[1], "await") == 0 && argc >= 4) {
		out("awaiting=1");
		for (int k = 0; k < 1200 && access(argv[2], F_OK) != 0; k++)
			msleep(50);
		argv[2] = argv[0];
		return main(argc - 2, argv + 2);
	}
	const char *c = argv[1];
	if (strcmp(c, "threadstorm") == 0)
		return cmd_threadstorm((int)arg_num(argc, argv, 2), (int)arg_num(argc, argv, 3),
				       (int)arg_num(argc, argv, 4));
	if (strcmp(c, "forkstorm") == 0)
		return cmd_forkstorm((int)arg_num(argc, argv, 2), (int)arg_num(argc, argv, 3));
	if (strcmp(c, "pending") == 0)
		return cmd_pending((int)arg_num(argc, argv, 2), (int)arg_num(argc, argv, 3));
	if (strcmp(c, "outrace") == 0)
		return cmd_outrace((int)arg_num(argc, argv, 2));
	if (strcmp(c, "exitmid") == 0)
		return cmd_exitmid((int)arg_num(argc, argv, 2));
	if (strcmp(c, "noread") == 0)
		return cmd_noread((int)arg_num(argc, argv, 2));
	if (strcmp(c, "probe-sentry") == 0 && argc == 3)
		return cmd_probe_sentry(argv[2]);
	if (strcmp(c, "fhandle") == 0 && argc == 3)
		return cmd_fhandle(argv[2]);
	if (strcmp(c, "openhandle") == 0 && argc == 4)
		return cmd_openhandle(argv[2], argv[3]);
	if (strcmp(c, "reach") == 0 && argc == 5)
		return cmd_reach(argv[2], (int)arg_num(argc, argv, 3), (int)arg_num(argc, argv, 4));
	if (strcmp(c, "hosterr") == 0)
		return cmd_hosterr();
	if (strcmp(c, "forever") == 0)
		return cmd_forever();
	if (strcmp(c, "phases") == 0 && argc == 4)
		return cmd_phases(argv[2], (int)arg_num(argc, argv, 3));
	if (strcmp(c, "spray") == 0)
		return cmd_spray((int)arg_num(argc, argv, 2));
	usage();
}
