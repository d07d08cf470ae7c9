/*
 * The workload's proc phase: working directory, capabilities, no_new_privs, and finally the
 * execve with the environment and PATH taken from the plan alone.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"

/* What execvp uses when there is no PATH (glibc's default is the same without the sbins). */
#define DEFAULT_PATH "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

void op_chdir(const struct op *op)
{
	if (chdir(op->argv[0]) < 0)
		bail("proc", "chdir %s", op->argv[0]);
}

void op_no_new_privs(const struct op *op)
{
	(void)op;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		bail("proc", "no-new-privs");
}

void op_preserve_fds(const struct op *op)
{
	unsigned int n = (unsigned int)op->num[0];

	for (unsigned int fd = 3; fd < 3 + n; fd++) {
		int flags = fcntl((int)fd, F_GETFD);

		if (flags < 0)
			bail("proc", "preserve-fds %u: fd %u", n, fd);
		if (fd == (unsigned int)chan_fd()) {
			errno = EBADF;
			bail("proc", "preserve-fds %u: fd %u is the control socket", n, fd);
		}
		if (fcntl((int)fd, F_SETFD, flags & ~FD_CLOEXEC) < 0)
			bail("proc", "preserve-fds %u: fd %u", n, fd);
	}
}

void op_rlimit(const struct op *op)
{
	struct rlimit rl = { .rlim_cur = op->num[1], .rlim_max = op->num[2] };

	if (setrlimit((int)op->num[0], &rl) < 0)
		bail("proc", "rlimit %u: setrlimit to soft %llu, hard %llu", (unsigned)op->num[0],
		     (unsigned long long)op->num[1], (unsigned long long)op->num[2]);
}

/*
 * Becomes UID:GID with exactly the supplementary groups listed. PR_SET_KEEPCAPS keeps the
 * permitted set across setresuid; the effective set, which the kernel clears, is raised again
 * to it, so the caps op that follows can still choose what stays. execve clears the flag, and
 * a non-root user then keeps no capability (there are no ambient ones), as with runc.
 */
void op_user(const struct op *op)
{
	int n = op->argc - 2;
	gid_t *groups = calloc(n + 1, sizeof(*groups));
	uid_t uid = op->num[0];
	gid_t gid = op->num[1];
	pid_t parent = getppid();
	int deathsig = 0;

	if (!groups)
		bail("proc", "user: allocating %d groups", n);
	for (int i = 0; i < n; i++)
		groups[i] = strtoul(op->argv[i + 2], NULL, 10); /* plan.c checked: digits, 32-bit */
	if (prctl(PR_GET_PDEATHSIG, &deathsig, 0, 0, 0) < 0)
		bail("proc", "user: PR_GET_PDEATHSIG");
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) < 0)
		bail("proc", "user: PR_SET_KEEPCAPS");
	if (setgroups(n, groups) < 0)
		bail("proc", "user: setgroups (%d groups)", n);
	if (setresgid(gid, gid, gid) < 0)
		bail("proc", "user: setresgid %u", (unsigned)gid);
	if (setresuid(uid, uid, uid) < 0)
		bail("proc", "user: setresuid %u", (unsigned)uid);
	free(groups);
	/* A change of the effective ids clears the parent-death signal (prctl(2)): set it again. */
	if (deathsig && prctl(PR_SET_PDEATHSIG, deathsig, 0, 0, 0) < 0)
		bail("proc", "user: PR_SET_PDEATHSIG");
	if (deathsig && parent > 0 && getppid() != parent)
		_exit(125); /* the parent died meanwhile, and with it whoever wanted to know */
	/* A uid change from 0 cleared the effective set; the caps op needs CAP_SETPCAP back. */
	if (uid != 0) {
		struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
		struct __user_cap_data_struct data[2];

		if (syscall(SYS_capget, &hdr, data) < 0)
			bail("proc", "user: capget");
		for (int i = 0; i < 2; i++)
			data[i].effective = data[i].permitted;
		if (syscall(SYS_capset, &hdr, data) < 0)
			bail("proc", "user: capset (effective = permitted)");
	}
}

/*
 * The highest capability this kernel knows: PR_CAPBSET_READ fails with EINVAL past it. Same
 * answer as /proc/sys/kernel/cap_last_cap, without needing /proc in the new root.
 */
static int cap_last_cap(void)
{
	int cap = 0;

	while (cap < 63 && prctl(PR_CAPBSET_READ, cap + 1, 0, 0, 0) >= 0)
		cap++;
	return cap;
}

/*
 * The capability sets of the workload: the bounding set is cut to BOUNDING first (which needs
 * CAP_SETPCAP, hence before capset); permitted becomes PERMITTED & the current permitted set,
 * effective the same (the kernel recomputes effective at execve: permitted for root, ambient
 * for anyone else, so what a config lists as effective changes nothing after the exec);
 * inheritable becomes INHERITABLE (the kernel refuses
 * one outside the bounding set); ambient is cleared and each of AMBIENT raised (the kernel
 * refuses one outside permitted and inheritable). The raw capset syscall keeps libcap out of a
 * static binary.
 */
void caps_set(uint64_t bounding, uint64_t permitted, uint64_t inheritable, uint64_t ambient, const char *phase)
{
	uint64_t perm;
	struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct data[2];
	int last = cap_last_cap();

	for (int cap = 0; cap <= last && cap < 64; cap++)
		if (!(bounding & (1ULL << cap)) && prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0)
			bail(phase, "caps: dropping capability %d from the bounding set", cap);
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0)
		bail(phase, "caps: clearing the ambient set");
	if (syscall(SYS_capget, &hdr, data) < 0)
		bail(phase, "caps: capget");
	perm = (data[0].permitted | (uint64_t)data[1].permitted << 32) & permitted;
	for (int i = 0; i < 2; i++) {
		data[i].effective = data[i].permitted = (uint32_t)(perm >> (32 * i));
		data[i].inheritable = (uint32_t)(inheritable >> (32 * i));
	}
	if (syscall(SYS_capset, &hdr, data) < 0)
		bail(phase, "caps: capset to permitted 0x%llx, inheritable 0x%llx", (unsigned long long)perm,
		     (unsigned long long)inheritable);
	for (int cap = 0; cap <= last && cap < 64; cap++)
		if ((ambient & (1ULL << cap)) && prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0) < 0)
			bail(phase,
			     "caps: raising capability %d in the ambient set (it must be permitted and inheritable)",
			     cap);
}

/* Only KEEP, in the bounding, permitted and effective sets; nothing inheritable or ambient. */
void caps_keep(uint64_t keep, const char *phase)
{
	caps_set(keep, keep, 0, 0, phase);
}

void op_caps(const struct op *op)
{
	caps_set(op->num[0], op->num[1], op->num[2], op->num[3], "proc");
}

/* process.user.umask: the workload's file mode creation mask (0 to 0777). */
void op_umask(const struct op *op)
{
	umask((mode_t)op->num[0]);
}

/* personality(2): the execution domain the process and its children run in (PER_LINUX32: uname -m
 * says i686). */
void op_personality(const struct op *op)
{
	if (personality((unsigned long)op->num[0]) < 0)
		bail("proc", "personality %#lx", (unsigned long)op->num[0]);
}

/* The environment is exactly the plan's env ops, in order; PATH is looked up among them. */
static char **plan_env(const struct plan *p, const char **path)
{
	char **env = calloc(p->nops + 1, sizeof(*env));
	int n = 0;

	if (!env)
		bail("proc", "exec: allocating the environment");
	*path = DEFAULT_PATH;
	for (int i = 0; i < p->nops; i++) {
		if (p->ops[i].def->kind != OP_ENV)
			continue;
		env[n++] = p->ops[i].argv[0];
		if (strncmp(p->ops[i].argv[0], "PATH=", 5) == 0)
			*path = p->ops[i].argv[0] + 5; /* the last PATH wins, as in getenv */
	}
	return env;
}

/*
 * Like execvpe, but with the plan's PATH rather than ours: EACCES anywhere is remembered and
 * reported if nothing else works, the "not here" errors move on to the next directory, and
 * anything else stops the search. No /bin/sh fallback for ENOEXEC.
 */
static int exec_search(const char *file, char **argv, char **env, const char *path)
{
	char buf[PATH_MAX];
	int seen_eacces = 0;

	if (!*file)
		return ENOENT;
	if (strchr(file, '/')) {
		execve(file, argv, env);
		return errno;
	}
	for (const char *dir = path, *end;; dir = end + 1) {
		end = strchrnul(dir, ':');
		/* An empty PATH element means the current directory, as for execvp. */
		int len = end == dir ? snprintf(buf, sizeof(buf), "%s", file)
				     : snprintf(buf, sizeof(buf), "%.*s/%s", (int)(end - dir), dir, file);
		if (len < (int)sizeof(buf)) {
			execve(buf, argv, env);
			if (errno == EACCES)
				seen_eacces = 1;
			else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ENODEV &&
				 errno != ETIMEDOUT)
				return errno;
		}
		if (!*end)
			break;
	}
	return seen_eacces ? EACCES : ENOENT;
}

int exec_status_fd = -1;

void exec_workload(const struct plan *p)
{
	const struct op *ex = &p->ops[p->nops - 1]; /* plan.c checked that exec is last */
	const char *path;
	char **env = plan_env(p, &path);
	int err;

	/* chan.c set FD_CLOEXEC on the control socket; make sure nothing cleared it since. */
	if (chan_fd() >= 0 && fcntl(chan_fd(), F_SETFD, FD_CLOEXEC) < 0)
		bail("proc", "exec: setting FD_CLOEXEC on the control socket");
	err = exec_search(ex->argv[0], ex->argv + 1, env, path);
	if (exec_status_fd >= 0)
		(void)!write(exec_status_fd, &err, sizeof(err));
	else
		chan_send_exec_failed(err, ex->argv[0]);
	_exit(err == ENOENT ? 127 : 126);
}
