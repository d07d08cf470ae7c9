/*
 * The container's cgroup, on cgroup v2 (the plan's cgroup op): the container's process is forked
 * straight into it with clone3(CLONE_INTO_CGROUP) (Linux 5.7), so that no process is ever moved
 * there. A move (a write to cgroup.procs) takes the kernel's cgroup thread-group lock for writing,
 * which first waits for an RCU grace period unless another move came just before: 7 to 32 ms
 * measured on a cgroup v2 host (docs/benchmarks.md), for every create; and while it is held every
 * fork and exit of the host waits. A process forked into the cgroup takes that lock only for
 * reading, like any fork.
 *
 * Outer opens the directory and its cgroup.procs first thing, still with the caller's credentials
 * and in the caller's namespaces. Where clone3 is refused (a kernel before 5.7, or a seccomp filter
 * of the caller's that answers ENOSYS for it, as Docker's default profile does), outer forks, and
 * the child's first act is to move itself in through that cgroup.procs (the kernel checks such a
 * write against the credentials and cgroup namespace it was opened with, Linux 5.16 on): outer
 * stays in the caller's cgroup either way, and the child runs nothing of the plan outside the
 * container's, or fails naming both errors. The container's own cgroup namespace is made by the
 * container's process once it is there (the cgroupns op): one made by outer would be rooted at the
 * caller's cgroup.
 *
 * An exec'd process (a join plan) is forked into the cgroup the same way, one level up: outer
 * forks mid into it, mid does what outer does for any join plan and forks the process with
 * CLONE_PARENT (fork_sibling), so the process too is born there and is outer's child (main.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"
#include "sluice_compat.h"

static int cg_dir = -1, cg_procs = -1;
static const char *cg_path;

void cgroup_open(const struct plan *p)
{
	const struct op *op = plan_find(p, OP_CGROUP);
	int dir;

	if (!op)
		return;
	cg_path = op->argv[0];
	dir = open(cg_path, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir < 0)
		bail("outer", "cgroup %s: open", cg_path);
	cg_procs = openat(dir, "cgroup.procs", O_WRONLY | O_CLOEXEC);
	if (cg_procs < 0)
		bail("outer", "cgroup %s: open cgroup.procs", cg_path);
	cg_dir = dir;
}

/* Neither fd may reach the container: a cgroup.procs of the host's would let it leave its cgroup. */
static void cgroup_close(void)
{
	if (cg_dir >= 0)
		close(cg_dir);
	if (cg_procs >= 0)
		close(cg_procs);
	cg_dir = cg_procs = -1;
}

pid_t cgroup_fork(const char *phase)
{
	struct sluice_clone_args args;
	int clone_errno;
	pid_t pid;

	if (cg_dir < 0)
		return fork();
	memset(&args, 0, sizeof(args));
	args.flags = SLUICE_CLONE_INTO_CGROUP;
	args.exit_signal = SIGCHLD;
	args.cgroup = (__u64)cg_dir;
	/* Like fork(): the child returns here on a copy of this stack. Outer has one thread. */
	pid = syscall(SYS_clone3, &args, sizeof(args));
	if (pid < 0 && (errno == EAGAIN || errno == ENOMEM))
		bail(phase, "clone3 into cgroup %s", cg_path);
	if (pid < 0) {
		clone_errno = errno;
		pid = fork();
		/* The child moves itself in before it does anything else; outer stays where it is. */
		if (pid == 0 && write(cg_procs, "0", 1) != 1)
			bail(phase, "cgroup %s: clone3 refused (%s), and moving into it failed", cg_path,
			     strerror(clone_errno));
	}
	cgroup_close();
	return pid;
}

/* The container's cgroup namespace, made by its process once it is in its cgroup. */
void op_cgroupns(const struct op *op)
{
	(void)op;
	if (unshare(CLONE_NEWCGROUP) < 0)
		bail("init", "cgroupns: unshare(CLONE_NEWCGROUP)");
}

pid_t fork_sibling(void)
{
	/* Like fork(), but the child's parent is ours: raw clone, the child returns here. */
	return syscall(SYS_clone, CLONE_PARENT, 0, NULL, NULL, 0);
}
