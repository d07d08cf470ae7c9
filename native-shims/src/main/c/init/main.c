/*
 * sluice-init: carries out a launch plan computed by the sentry (docs/launch-plan.md).
 *
 * No process of Sluice's stays inside a container's pid namespace once the container's own code
 * runs there: a workload granted CAP_SYS_PTRACE could seize it and make it do whatever it is
 * still allowed to (docs/security-model.md, "Sluice's own processes"). So, by plan:
 *
 *   OCI create   outer (host pid namespace): receives the plan, unshares, forks the container's
 *                process, reports PID1, exits (detach). The container's process is pid 1 of
 *                its pid namespace, as under runc: init-phase ops (mounts, pivot_root), then
 *                proc-phase ops, seccomp listener, READY, GO, execve.
 *   OCI exec     outer joins the container's namespaces and becomes, still outside its pid
 *   (join)       namespace, what the process will be: proc-phase ops (user, capabilities,
 *                no_new_privs), non-dumpable, the seccomp filter and listener, READY, GO. Only
 *                then does it fork the process into the container, which execs at once.
 *   sluice run   outer forks init, pid 1 of the sandbox, a reaper that forwards signals (the
 *   (reaper)     plan's reaper op). Once init has forked the workload it keeps no capability,
 *                sets no_new_privs, becomes non-dumpable and runs under a filter that allows
 *                only waiting, signals and exit (harden.c); the workload waits for that before
 *                it reports READY.
 *
 * outer (and init) forward kill()ed signals to their child and exit with its status, unless the
 * plan's detach op makes outer exit as soon as it has reported PID1; the container's process is
 * then reparented to the nearest subreaper (containerd's shim, conmon) or to the host's init.
 *
 * `sluice-init --watch ...` is a separate mode (watch.c): the watcher that ends a container when
 * its sentry dies.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
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

/*
 * In mid (an exec'd process forked from the container's cgroup, run_join_from_cgroup): the pipe
 * on which outer learns the process's pid, and a pidfd on outer, the process's parent.
 */
static int mid_pids = -1, outer_pidfd = -1;

static _Noreturn void usage(void)
{
	dprintf(2, "usage: sluice-init --control-fd N --parent-pid PID\n"
		   "       sluice-init --watch SENTRY-PID SENTRY-START PID START\n");
	_exit(125);
}

static long long parse_arg(const char *s, long long max)
{
	char *end;
	long long v;

	if (!s || *s < '0' || *s > '9')
		usage();
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v > max)
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
		return; /* no pidfds (before 5.3): PDEATHSIG alone */
	if (poll(&pfd, 1, 0) != 0)
		_exit(125); /* the parent is gone, and with it whoever wanted to know */
	close(parent_pidfd);
}

/*
 * fork() with the forwarded signals blocked (see sig.c) and a pidfd for die_with_parent; outer's
 * fork of the container's process goes into the container's cgroup (ops_cgroup.c).
 */
static pid_t fork_child(const char *phase, int *parent_pidfd)
{
	pid_t pid;

	*parent_pidfd = pidfd_open(getpid(), 0); /* always close-on-exec */
	sig_block(phase);
	pid = cgroup_fork(phase); /* fork(), into the container's cgroup where the plan names one */
	if (pid < 0)
		bail(phase, "fork");
	if (pid > 0 && *parent_pidfd >= 0)
		close(*parent_pidfd);
	return pid;
}

/* Waits for our only child, forwarding signals to it, and exits with its status. */
static _Noreturn void forward_and_wait(const char *phase, pid_t child)
{
	int st;

	sig_forward_to(phase, child);
	for (;;) {
		if (waitpid(child, &st, 0) == child)
			_exit(exit_code(st));
		if (errno != EINTR)
			bail(phase, "waitpid");
	}
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
	const char *msg;
	int fd, held = -1, r;

	for (;;) {
		r = chan_recv(&msg, &fd);
		if (r == 1 && fd >= 0 && held < 0 && strcmp(msg, "HOLD") == 0) {
			held = fd;
			if (chan_send_num("HELD", held) < 0)
				_exit(125);
			continue;
		}
		if (fd >= 0)
			close(fd);
		if (r == 1 && strcmp(msg, "GO") == 0)
			break;
		_exit(125);
	}
	if (held >= 0)
		close(held); /* close-on-exec anyway; nothing of it may reach the workload */
}

/* The workload's side, from the proc phase to execve: the container's process, or sluice run's. */
static _Noreturn void run_workload(void)
{
	plan_run(&plan, PH_PROC);
	seccomp_install(&plan);
	if (chan_send("READY") < 0)
		bail("proc", "sending READY");
	await_go();
	seccomp_profile_install(&plan);
	exec_workload(&plan);
}

/*
 * sluice run's init: pid 1 of the sandbox, a reaper. It forks the workload, then hardens itself
 * (harden.c) and tells the workload so by closing the pipe the workload waits on: the workload
 * reports READY, and so runs its command, only once pid 1 is harmless.
 */
static _Noreturn void run_reaper(void)
{
	int parent_pidfd, hardened[2], st;
	pid_t workload, pid;
	char c;

	plan_run(&plan, PH_INIT);
	if (pipe2(hardened, O_CLOEXEC) < 0)
		bail("init", "pipe2");
	workload = fork_child("init", &parent_pidfd);
	if (workload == 0) {
		die_with_parent("proc", parent_pidfd);
		sig_unblock("proc");
		close(hardened[1]);
		while (read(hardened[0], &c, 1) < 0 && errno == EINTR)
			; /* EOF: init is hardened, or dead (and PDEATHSIG kills us) */
		close(hardened[0]);
		run_workload();
	}
	chan_close();
	/*
	 * Init never execs, so close-on-exec does nothing for it: every fd above 2 it inherited (the
	 * sentry's files, the fds --preserve-fds passed, which are the workload's alone) goes now.
	 */
	if (hardened[1] > 3)
		close_range(3, hardened[1] - 1, 0);
	close_range(hardened[1] + 1, ~0U, 0);
	sig_forward_to("init", workload); /* before the filter, which refuses rt_sigaction */
	harden_init();
	close(hardened[1]);
	/* As pid 1 we inherit every orphan of the namespace: reap them all, exit with ours. */
	for (;;) {
		pid = waitpid(-1, &st, 0);
		if (pid == workload)
			_exit(exit_code(st));
		if (pid < 0 && errno != EINTR)
			bail("init", "waitpid");
	}
}

/*
 * An exec'd process (join plan). Outer has joined the container's namespaces but is not in its
 * pid namespace (setns only moves our children there), so nothing in the container can name it.
 * It becomes what the process will be first (its proc ops drop to the process's user and
 * capabilities; non-dumpable; the filter whose listener goes to the sentry), waits for GO, and
 * only then forks the process into the container, which takes its terminal, loads the
 * container's profile and execs at once. An exec failure comes back on a close-on-exec pipe.
 */
static _Noreturn void run_joiner(pid_t parent)
{
	int parent_pidfd, status[2], err = 0, agent = seccomp_profile_notifies(&plan);
	const struct op *term = plan_find(&plan, OP_TERMINAL);
	pid_t child;
	ssize_t n;

	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0)
		bail("proc", "PR_SET_DUMPABLE");
	terminal_defer_ctty = 1;
	plan_run(&plan, PH_PROC);
	/* The user op may have changed our ids, which clears the parent-death signal. */
	if (!detached && (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0 || getppid() != parent))
		_exit(125);
	seccomp_install(&plan);
	if (chan_send("READY") < 0)
		bail("proc", "sending READY");
	await_go();
	if (pipe2(status, O_CLOEXEC) < 0)
		bail("proc", "pipe2");
	if (mid_pids >= 0) {
		/* mid: the process is outer's child, born in the container's cgroup as mid is. */
		sig_block("proc");
		parent_pidfd = outer_pidfd;
		child = fork_sibling();
		if (child < 0)
			bail("proc", "clone(CLONE_PARENT)");
		if (child > 0 && parent_pidfd >= 0)
			close(parent_pidfd);
	} else {
		child = fork_child("proc", &parent_pidfd);
	}
	if (child == 0) {
		close(status[0]);
		if (!agent)
			chan_close(); /* the control socket never enters the container */
		if (!detached)
			die_with_parent("proc", parent_pidfd);
		else if (parent_pidfd >= 0)
			close(parent_pidfd);
		sig_unblock("proc");
		if (term)
			terminal_take_ctty();
		exec_status_fd = status[1];
		seccomp_profile_install(&plan);
		exec_workload(&plan);
	}
	close(status[1]);
	if (mid_pids >= 0) {
		if (write(mid_pids, &child, sizeof(child)) != sizeof(child))
			bail("proc", "telling outer the process's pid");
		close(mid_pids);
	}
	chan_send_num("PID1", child);
	while ((n = read(status[0], &err, sizeof(err))) < 0 && errno == EINTR)
		;
	if (n == sizeof(err))
		chan_send_exec_failed(err, plan.ops[plan.nops - 1].argv[0]);
	close(status[0]);
	chan_close();
	if (detached || mid_pids >= 0)
		_exit(0); /* mid: outer waits for the process */
	forward_and_wait("outer", child);
}

/*
 * An exec'd process on cgroup v2 (a join plan with a cgroup op): nothing is moved into the
 * container's cgroup. Outer stays in the caller's and forks mid into the container's (cgroup_fork);
 * mid runs the outer ops (join) and run_joiner, which forks the process with CLONE_PARENT, so that
 * the process is outer's child and born in the cgroup, sends outer its pid and exits once it has
 * reported. Outer closes its copy of the control socket at once (mid and the process hold it),
 * reaps mid, so that no zombie of it counts against the container's pids.max, and then, as for
 * any join plan, exits (detach) or forwards signals to the process and exits with its status.
 * Signals to outer stay blocked until then (fork_child), so none is lost.
 */
static _Noreturn void run_join_from_cgroup(void)
{
	int pids[2], self_pidfd, st;
	pid_t mid, proc = 0;
	ssize_t n;

	if (pipe2(pids, O_CLOEXEC) < 0)
		bail("outer", "pipe2");
	mid = fork_child("outer", &self_pidfd);
	if (mid == 0) {
		struct pollfd pfd = { .fd = self_pidfd, .events = POLLIN };

		close(pids[0]);
		mid_pids = pids[1];
		outer_pidfd = self_pidfd; /* the process dies with outer, its parent */
		if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
			bail("outer", "PR_SET_PDEATHSIG");
		if (self_pidfd >= 0 && poll(&pfd, 1, 0) != 0)
			_exit(125); /* outer is gone */
		plan_run(&plan, PH_OUTER);
		run_joiner(getppid());
	}
	close(pids[1]);
	chan_close();
	while ((n = read(pids[0], &proc, sizeof(proc))) < 0 && errno == EINTR)
		;
	close(pids[0]);
	while (waitpid(mid, &st, 0) < 0)
		if (errno != EINTR)
			bail("outer", "waitpid");
	if (n != sizeof(proc) || proc <= 0)
		_exit(exit_code(st) ? exit_code(st) : 125); /* mid failed, and said why */
	if (detached)
		_exit(0);
	forward_and_wait("outer", proc);
}

static _Noreturn void run_outer(pid_t parent)
{
	int sync[2], parent_pidfd;
	pid_t child;
	char c;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		bail("outer", "PR_SET_PDEATHSIG");
	if (getppid() != parent) {
		errno = ESRCH;
		bail("outer", "parent %d is gone", parent);
	}
	plan_recv(&plan);
	detached = plan_has(&plan, OP_DETACH);
	cgroup_open(&plan); /* with the caller's credentials, in its namespaces */
	if (plan_has(&plan, OP_JOIN) && plan_has(&plan, OP_CGROUP))
		run_join_from_cgroup();
	plan_run(&plan, PH_OUTER);
	if (plan_has(&plan, OP_JOIN))
		run_joiner(parent);
	/* The child waits on this pipe until PID1 is sent, so PID1 is always the first message. */
	if (pipe2(sync, O_CLOEXEC) < 0)
		bail("outer", "pipe2");
	child = fork_child("outer", &parent_pidfd);
	if (child == 0) {
		close(sync[1]);
		while (read(sync[0], &c, 1) < 0 && errno == EINTR)
			;
		close(sync[0]);
		if (detached)
			close(parent_pidfd); /* the container outlives outer: that is the point (-1: none) */
		else
			die_with_parent("init", parent_pidfd);
		if (plan_has(&plan, OP_REAPER))
			run_reaper();
		/* The container's own process, pid 1 of its pid namespace. */
		sig_unblock("init");
		plan_run(&plan, PH_INIT);
		run_workload();
	}
	close(sync[0]);
	if (chan_send_num("PID1", child) < 0)
		bail("outer", "sending PID1");
	chan_close();
	close(sync[1]);
	if (detached)
		_exit(0);
	forward_and_wait("outer", child);
}

int main(int argc, char **argv)
{
	long long fd = -1, parent = -1;

	if (argc == 6 && strcmp(argv[1], "--watch") == 0)
		run_watch((pid_t)parse_arg(argv[2], INT32_MAX), (unsigned long long)parse_arg(argv[3], INT64_MAX),
			  (pid_t)parse_arg(argv[4], INT32_MAX), (unsigned long long)parse_arg(argv[5], INT64_MAX));
	for (int i = 1; i < argc; i += 2) {
		if (strcmp(argv[i], "--control-fd") == 0 && fd < 0)
			fd = parse_arg(argv[i + 1], INT32_MAX);
		else if (strcmp(argv[i], "--parent-pid") == 0 && parent < 0)
			parent = parse_arg(argv[i + 1], INT32_MAX);
		else
			usage();
	}
	if (fd < 0 || parent <= 0)
		usage();
	/* The JVM blocks and handles signals of its own; none of that may reach the workload. */
	sig_reset();
	/* Only stdin, stdout and stderr are meant for the workload; no fd of the JVM's is. */
	close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
	chan_open((int)fd);
	run_outer((pid_t)parent);
}
