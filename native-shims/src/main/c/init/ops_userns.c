/*
 * The outer phase's user namespace ops (docs/launch-plan.md): userns makes a user namespace with
 * the plan's uid and gid maps, setid makes outer a user of the namespace it is now in.
 *
 * Why a helper process: after unshare(CLONE_NEWUSER) a process can write only a one-line map of
 * its own ids into its uid_map; a map of other ids needs a writer with CAP_SETUID (CAP_SETGID for
 * gid_map) in the *parent* user namespace (user_namespaces(7), "Defining user and group ID
 * mappings: writing to uid_map and gid_map"). So outer forks a helper first, which stays in the
 * parent namespace, unshares, and lets the helper write /proc/OUTER/{uid_map,gid_map}. The maps
 * are the plan's text as is: the sentry decided and checked every line.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"

/* The kernel takes a map in one write(2) at offset 0 (user_namespaces(7)). */
static void write_map(pid_t pid, const char *file, const char *map)
{
	char path[64];
	size_t len = strlen(map);
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		bail("outer", "userns: open %s", path);
	if (write(fd, map, len) != (ssize_t)len)
		bail("outer", "userns: writing %s (%zu bytes)", path, len);
	close(fd);
}

/* The helper: waits until outer has unshared, writes its maps, exits 0. */
static _Noreturn void map_writer(pid_t outer, int go, const struct op *op)
{
	ssize_t n;
	char c;

	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		bail("outer", "userns: PR_SET_PDEATHSIG");
	if (getppid() != outer)
		_exit(125);
	do
		n = read(go, &c, 1);
	while (n < 0 && errno == EINTR);
	/* EOF: outer failed before it unshared, and reported why. */
	if (n != 1)
		_exit(125);
	write_map(outer, "uid_map", op->argv[0]);
	write_map(outer, "gid_map", op->argv[1]);
	_exit(0);
}

void op_userns(const struct op *op)
{
	pid_t outer = getpid(), helper;
	int go[2], st;

	if (pipe2(go, O_CLOEXEC) < 0)
		bail("outer", "userns: pipe2");
	helper = fork();
	if (helper < 0)
		bail("outer", "userns: fork");
	if (helper == 0) {
		close(go[1]);
		map_writer(outer, go[0], op);
	}
	close(go[0]);
	if (unshare(CLONE_NEWUSER) < 0)
		bail("outer", "userns: unshare(CLONE_NEWUSER)");
	if (write(go[1], "u", 1) != 1)
		bail("outer", "userns: waking the map writer");
	close(go[1]);
	while (waitpid(helper, &st, 0) < 0)
		if (errno != EINTR)
			bail("outer", "userns: waitpid");
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return;
	if (WIFEXITED(st))
		_exit(125); /* the helper sent ERROR itself */
	errno = ECHILD;
	bail("outer", "userns: the map writer died of signal %d", WTERMSIG(st));
}

/*
 * Outer becomes UID:GID of the user namespace it has just made or joined (uid 0 keeps the
 * capabilities that entering the namespace gave; capabilities(7), "Effect of user ID changes on
 * capabilities"), with no supplementary groups: the host's would show as the overflow gid. Every
 * process that follows (init, the workload) then creates files as a mapped user.
 */
void op_setid(const struct op *op)
{
	uid_t uid = op->num[0];
	gid_t gid = op->num[1];
	pid_t parent = getppid();

	if (setgroups(0, NULL) < 0)
		bail("outer", "setid: setgroups(0)");
	if (setresgid(gid, gid, gid) < 0)
		bail("outer", "setid: setresgid %u", (unsigned)gid);
	if (setresuid(uid, uid, uid) < 0)
		bail("outer", "setid: setresuid %u", (unsigned)uid);
	/* A change of the effective ids clears the parent-death signal (prctl(2), PR_SET_PDEATHSIG). */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) < 0)
		bail("outer", "setid: PR_SET_PDEATHSIG");
	if (getppid() != parent) {
		errno = ESRCH;
		bail("outer", "setid: parent %d is gone", (int)parent);
	}
}
