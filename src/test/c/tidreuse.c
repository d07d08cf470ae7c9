/*
 * sluice-tidreuse: a guest thread dies while the sentry holds its call, and its tid is given to
 * another task outside the sandbox. The sentry must never act on that task (TidReuseE2ETest).
 *
 *   guest DIR       in the sandbox (SLUICE_TEST_FAULTS=stall-ms=MS sluice run --proxy pty, which
 *                   holds the first trapped call for MS before the sentry looks at it). Opens /dev/ptmx as
 *                   fd 10 and starts a CLONE_VM | CLONE_FILES child named "tidreuse-child" whose
 *                   TIOCGPTPEER on fd 10 is the sandbox's first trapped call. Once the child waits
 *                   in it: prints child=PID (its pid in the sandbox) call_ns=T (CLOCK_MONOTONIC when
 *                   it called), waits for DIR/kill, kills and reaps the child (child_killed=1),
 *                   waits for DIR/after, then makes one more call on a fresh ptmx (after=ok ptn=N).
 *
 *   victim TID DIR  run by the test in the sentry's pid namespace (nsenter), after the child is
 *                   gone: forks, with ns_last_pid set to TID - 1, until a child gets TID (or
 *                   prints victim_taken=1 when another task already has it). That child is the
 *                   victim: a task of the host like any other, holding an unlocked pty master as
 *                   its fd 10, as the dead guest thread did. It watches its pty's slave with
 *                   inotify, prints victim_ready=1 pid=TID ready_ns=T, waits for DIR/stop, and
 *                   prints victim_opens=N (opens of its slave by anyone) victim_master=E (what a
 *                   non-blocking read of its master says: EAGAIN while no slave was ever opened and
 *                   closed, EIO after one was).
 *
 * The guest's lines go out with write(2) at once: stdio could ask the terminal (TCGETS, a trapped
 * call) before the child's call, and the sentry holds the first one. The victim runs untrapped.
 */
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"

#ifndef TIOCGPTPEER
#define TIOCGPTPEER _IO('T', 0x41) /* include/uapi/asm-generic/ioctls.h */
#endif

#define GUEST_FD   10
#define STACK_SIZE (256 * 1024)

static void usage(void)
{
	fprintf(stderr, "usage: sluice-tidreuse guest DIR | victim TID DIR\n");
	exit(2);
}

/* One result line, written at once with write(2). */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof buf - 2)
		n = sizeof buf - 2;
	buf[n++] = '\n';
	if (write(1, buf, n) != n)
		_exit(99);
}

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Waits (up to 60 s) until DIR/NAME exists; exits 3 if it never does. */
static void await_file(const char *dir, const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	for (int i = 0; i < 12000; i++) {
		if (access(path, F_OK) == 0)
			return;
		usleep(5000);
	}
	say("timeout_waiting_for=%s", name);
	exit(3);
}

/* ---- guest ---------------------------------------------------------------------------------- */

static volatile long long child_call_ns;

static int child_main(void *arg)
{
	(void)arg;
	prctl(PR_SET_NAME, "tidreuse-child", 0, 0, 0);
	child_call_ns = now_ns();
	/* The sentry holds this call; the parent kills us meanwhile. */
	syscall(SYS_ioctl, GUEST_FD, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	_exit(4);
}

/* Whether task PID (in this pid namespace) is in the ioctl syscall: /proc/PID/syscall starts with its number. */
static int in_ioctl(pid_t pid)
{
	char path[64], buf[64];
	snprintf(path, sizeof path, "/proc/%d/syscall", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtol(buf, NULL, 10) == SYS_ioctl;
}

static int guest(const char *dir)
{
	int ptmx = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (ptmx < 0 || dup2(ptmx, GUEST_FD) < 0) {
		say("guest_setup=%s", ename(errno));
		return 1;
	}
	close(ptmx);
	char *stack = mmap(NULL, STACK_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
	if (stack == MAP_FAILED) {
		say("guest_setup=%s", ename(errno));
		return 1;
	}
	pid_t child = clone(child_main, stack + STACK_SIZE, CLONE_VM | CLONE_FILES | SIGCHLD, NULL);
	if (child < 0) {
		say("guest_setup=%s", ename(errno));
		return 1;
	}
	/* Wait until the child waits in its ioctl, then a little longer for the sentry to take it. */
	for (int i = 0; i < 6000 && !in_ioctl(child); i++)
		usleep(5000);
	if (!in_ioctl(child)) {
		say("child_never_called=1");
		return 1;
	}
	usleep(100000);
	say("child=%d call_ns=%lld", child, child_call_ns);
	await_file(dir, "kill");
	kill(child, SIGKILL);
	int st = 0;
	if (waitpid(child, &st, __WALL) != child) {
		say("child_killed=0 wait=%s", ename(errno));
		return 1;
	}
	say("child_killed=%d", WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	await_file(dir, "after");
	int fresh = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	unsigned int n = 0;
	if (fresh < 0 || ioctl(fresh, TIOCGPTN, &n) != 0) {
		say("after=%s", ename(errno));
		return 1;
	}
	say("after=ok ptn=%u", n);
	return 0;
}

/* ---- victim --------------------------------------------------------------------------------- */

static int victim_body(const char *dir)
{
	int ptmx = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	int unlock = 0;
	unsigned int n = 0;
	if (ptmx < 0 || ioctl(ptmx, TIOCSPTLCK, &unlock) != 0 || ioctl(ptmx, TIOCGPTN, &n) != 0 ||
	    dup2(ptmx, GUEST_FD) < 0) {
		out("victim_setup=%s", ename(errno));
		return 1;
	}
	close(ptmx);
	char pts[64];
	snprintf(pts, sizeof pts, "/dev/pts/%u", n);
	int in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	if (in < 0 || inotify_add_watch(in, pts, IN_OPEN | IN_CLOSE) < 0) {
		out("victim_setup=%s", ename(errno));
		return 1;
	}
	out("victim_ready=1 pid=%d pts=%u ready_ns=%lld", getpid(), n, now_ns());
	await_file(dir, "stop");
	int opens = 0;
	char buf[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
	ssize_t len;
	while ((len = read(in, buf, sizeof buf)) > 0) {
		for (char *p = buf; p < buf + len;) {
			struct inotify_event *e = (struct inotify_event *)p;
			if (e->mask & IN_OPEN)
				opens++;
			p += sizeof *e + e->len;
		}
	}
	char c;
	ssize_t r = read(GUEST_FD, &c, 1);
	out("victim_opens=%d victim_master=%s", opens, r < 0 ? ename(errno) : "data");
	return 0;
}

static int victim(pid_t tid, const char *dir)
{
	for (int attempt = 0; attempt < 200; attempt++) {
		if (kill(tid, 0) == 0 || errno != ESRCH) {
			out("victim_taken=1 attempt=%d", attempt);
			return 2;
		}
		int fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
		if (fd < 0 || dprintf(fd, "%d", tid - 1) < 0) {
			out("victim_setup=%s", ename(errno));
			return 1;
		}
		close(fd);
		pid_t pid = fork();
		if (pid < 0) {
			out("victim_setup=%s", ename(errno));
			return 1;
		}
		if (pid == 0) {
			if (getpid() != tid)
				_exit(1);
			_exit(victim_body(dir));
		}
		int st = 0;
		waitpid(pid, &st, 0);
		if (pid == tid)
			return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	}
	out("victim_taken=1 attempt=200");
	return 2;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "guest") == 0)
		return guest(argv[2]);
	if (argc == 4 && strcmp(argv[1], "victim") == 0)
		return victim((pid_t)arg_num(argc, argv, 2), argv[3]);
	usage();
}
