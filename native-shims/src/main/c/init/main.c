/*
 * sluice-init: carries out a launch plan computed by the sentry (docs/launch-plan.md).
 *
 * Three processes, one function each:
 *   outer     host namespaces: receives the plan, unshares, forks init, reports PID1, waits;
 *   init      pid 1 of the new pid namespace: init-phase ops, forks the workload, reaps;
 *   workload  proc-phase ops, seccomp listener, READY, waits for GO, execve.
 * outer and init forward kill()ed signals to their child and exit with its status.
 *
 * With the plan's detach op (an OCI container, whose sentry runs as a daemon), outer exits as
 * soon as it has reported PID1, and init does not die with it: init is reparented to the nearest
 * subreaper (containerd's shim, conmon) or to the host's init, which collects its exit status.
 *
 * With the plan's join op (exec into a running container) there is no init: outer joins the
 * container's namespaces and forks the workload itself, which lands in the container's pid
 * namespace (PID1 then reports the workload's host pid).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"
#include "sig.h"

static struct plan plan;
static int detached;
static int joining;

static _Noreturn void usage(void)
{
	dprintf(2, "usage: sluice-init --control-fd N --parent-pid PID\n");
	_exit(125);
}

static long parse_arg(const char *s)
{
	char *end;
	long v;

	if (!s || *s < '0' || *s > '9')
		usage();
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v > INT32_MAX)
		usage();
	return v;
}

/* The shell's convention, which the contract uses for every level: 128+N for signal N. */
static int exit_code(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * PR_SET_PDEATHSIG only covers a parent that dies after the prctl, so check afterwards that
 * it is still there. getppid() cannot tell inside a new pid namespace (it is 0 either way),
 * so the parent opened a pidfd on itself before fork(): it polls readable once it has exited.
 */
static void die_with_parent(const char *phase, int parent_pidfd)
{
	struct pollfd pfd = { .fd = parent_pidfd, .events = POLLIN };

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		bail(phase, "PR_SET_PDEATHSIG");
	if (parent_pidfd < 0)
		return;			/* no pidfds (before 5.3): PDEATHSIG alone */
	if (poll(&pfd, 1, 0) != 0)
		_exit(125);		/* the parent is gone, and with it whoever wanted to know */
	close(parent_pidfd);
}

/* fork() with the forwarded signals blocked (see sig.c) and a pidfd for die_with_parent. */
static pid_t fork_child(const char *phase, int *parent_pidfd)
{
	pid_t pid;

	*parent_pidfd = pidfd_open(getpid(), 0);	/* always close-on-exec */
	sig_block(phase);
	pid = fork();
	if (pid < 0)
		bail(phase, "fork");
	if (pid > 0 && *parent_pidfd >= 0)
		close(*parent_pidfd);
	return pid;
}

/*
 * Waits for GO. Before it, Java may hand over its own end of the control socket (HOLD with
 * that fd attached) when no sentry stays to keep it: an OCI container without device proxies.
 * The workload then holds the only copy, answers HELD <fd>, and `sluice start` later takes a dup
 * of it with pidfd_getfd() to send GO (docs/launch-plan.md). Anything else, or EOF, means the
 * sentry gave up on this sandbox: exit 125 without a message.
 */
static void await_go(void)
{
	char msg[8];
	int truncated, fd, held = -1;
	ssize_t n;

	for (;;) {
		n = recv_msg_fd(msg, sizeof(msg), &truncated, &fd);
		if (n == 4 && !truncated && fd >= 0 && held < 0 && strcmp(msg, "HOLD") == 0) {
			held = fd;
			if (send_msg("HELD %d", held) < 0)
				_exit(125);
			continue;
		}
		if (fd >= 0)
			close(fd);
		if (n == 2 && !truncated && strcmp(msg, "GO") == 0)
			break;
		_exit(125);
	}
	if (held >= 0)
		close(held);	/* close-on-exec anyway; nothing of it may reach the workload */
}

static _Noreturn void run_workload(void)
{
	plan_run(&plan, PH_PROC);
	seccomp_install(&plan);
	if (send_msg("READY") < 0)
		bail("proc", "sending READY");
	await_go();
	seccomp_profile_install(&plan);
	exec_workload(&plan);
}

/*
 * Init's reaper when a sentry mediates the container (watch-sentry): the container must not outlive
 * it, since its trapped calls would then fail with ENOSYS forever. Polls the sentry's pidfd and the
 * workload's; orphans are reaped on each wake-up, at least every second. The sentry gone, pid 1
 * exits and the kernel kills everything left in the pid namespace.
 */
static _Noreturn void reap_watching_sentry(pid_t workload)
{
	struct pollfd pfd[2] = { { .fd = sentry_pidfd, .events = POLLIN }, { .fd = -1, .events = POLLIN } };
	pid_t pid;
	int st;

	pfd[1].fd = pidfd_open(workload, 0);
	for (;;) {
		while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
			if (pid == workload)
				_exit(exit_code(st));
		if (pid < 0 && errno != EINTR && errno != ECHILD)
			bail("init", "waitpid");
		if (poll(pfd, 2, 1000) < 0 && errno != EINTR)
			bail("init", "poll");
		if (pfd[0].revents) {
			kill(-1, SIGKILL);
			_exit(128 + SIGKILL);
		}
	}
}

static _Noreturn void run_init(void)
{
	int parent_pidfd, st;
	pid_t workload, pid;

	plan_run(&plan, PH_INIT);
	workload = fork_child("init", &parent_pidfd);
	if (workload == 0) {
		die_with_parent("proc", parent_pidfd);
		sig_unblock("proc");
		run_workload();
	}
	chan_close();
	/*
	 * Init never execs, so close-on-exec does nothing for it: every fd above 2 it inherited (the
	 * sentry's files, the fds --preserve-fds passed, which are the workload's alone) goes now.
	 * It needs none of them to reap and forward signals, but the sentry's pidfd if it watches one.
	 */
	if (sentry_pidfd > 3)
		close_range(3, sentry_pidfd - 1, 0);
	close_range(sentry_pidfd >= 3 ? sentry_pidfd + 1 : 3, ~0U, 0);
	sig_forward_to("init", workload);
	if (sentry_pidfd >= 0)
		reap_watching_sentry(workload);
	/* As pid 1 we inherit every orphan of the namespace: reap them all, exit with ours. */
	for (;;) {
		pid = waitpid(-1, &st, 0);
		if (pid == workload)
			_exit(exit_code(st));
		if (pid < 0 && errno != EINTR)
			bail("init", "waitpid");
	}
}

static _Noreturn void run_outer(pid_t parent)
{
	int sync[2], parent_pidfd, st;
	pid_t init;
	char c;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		bail("outer", "PR_SET_PDEATHSIG");
	if (getppid() != parent) {
		errno = ESRCH;
		bail("outer", "parent %d is gone", parent);
	}
	plan_recv(&plan);
	detached = plan_has(&plan, OP_DETACH);
	joining = plan_has(&plan, OP_JOIN);
	plan_run(&plan, PH_OUTER);
	/* init waits on this pipe until PID1 is sent, so PID1 is always the first message. */
	if (pipe2(sync, O_CLOEXEC) < 0)
		bail("outer", "pipe2");
	init = fork_child("outer", &parent_pidfd);
	if (init == 0) {
		close(sync[1]);
		while (read(sync[0], &c, 1) < 0 && errno == EINTR)
			;
		close(sync[0]);
		if (detached)
			close(parent_pidfd);	/* init outlives outer: that is the point (-1: none) */
		else
			die_with_parent(joining ? "proc" : "init", parent_pidfd);
		if (joining) {
			/* No init of our own: the container's pid 1 reaps what this process leaves. */
			sig_unblock("proc");
			run_workload();
		}
		run_init();
	}
	close(sync[0]);
	if (send_msg("PID1 %d", (int)init) < 0)
		bail("outer", "sending PID1");
	chan_close();
	close(sync[1]);
	if (detached)
		_exit(0);
	sig_forward_to("outer", init);
	for (;;) {
		if (waitpid(init, &st, 0) == init)
			_exit(exit_code(st));
		if (errno != EINTR)
			bail("outer", "waitpid");
	}
}

int main(int argc, char **argv)
{
	long fd = -1, parent = -1;

	for (int i = 1; i < argc; i += 2) {
		if (strcmp(argv[i], "--control-fd") == 0 && fd < 0)
			fd = parse_arg(argv[i + 1]);
		else if (strcmp(argv[i], "--parent-pid") == 0 && parent < 0)
			parent = parse_arg(argv[i + 1]);
		else
			usage();
	}
	if (fd < 0 || parent <= 0)
		usage();
	/* The JVM blocks and handles signals of its own; none of that may reach the workload. */
	sig_reset();
	/* Only stdin, stdout and stderr are meant for the workload; no fd of the JVM's is. */
	close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
	chan_open(fd);
	run_outer(parent);
}
