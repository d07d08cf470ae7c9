/*
 * The init phase's filesystem: mounts, directories, nodes and files of the new root, the wait for
 * the host's create hooks once it is assembled, and pivot_root into it. These run in init, before
 * the workload exists, in the namespaces ops_ns.c made.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"
#include "sluice_compat.h"

/* For mount: an empty token means NULL. */
static const char *or_null(const char *s)
{
	return *s ? s : NULL;
}

void op_mount(const struct op *op)
{
	char *const *a = op->argv;

	if (mount(or_null(a[0]), a[1], or_null(a[2]), op->num[3], or_null(a[4])) < 0)
		bail("init", "mount %s on %s", *a[0] ? a[0] : "none", a[1]);
}

void op_mount_setattr(const struct op *op)
{
	struct mount_attr attr = { .attr_set = op->num[1], .attr_clr = op->num[2] };

	if (mount_setattr(AT_FDCWD, op->argv[0], op->num[3] ? AT_RECURSIVE : 0, &attr, sizeof(attr)) < 0)
		bail("init", "mount-setattr %s (set 0x%llx, clear 0x%llx)", op->argv[0], (unsigned long long)op->num[1],
		     (unsigned long long)op->num[2]);
}

/*
 * mkdir -p. MODE applies exactly (umask cleared for the call) to every directory this creates,
 * parents included; existing directories are left as they are.
 */
void op_mkdir(const struct op *op)
{
	char path[PATH_MAX];
	mode_t mode = op->num[1], old;
	struct stat st;

	if (!*op->argv[0] || strlen(op->argv[0]) >= sizeof(path)) {
		errno = *op->argv[0] ? ENAMETOOLONG : ENOENT;
		bail("init", "mkdir '%s'", op->argv[0]);
	}
	strcpy(path, op->argv[0]);
	old = umask(0);
	for (char *p = path + 1;; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char c = *p;
		*p = '\0';
		if (mkdir(path, mode) < 0 && errno != EEXIST)
			bail("init", "mkdir %s", path);
		*p = c;
		if (c == '\0')
			break;
	}
	umask(old);
	/* EEXIST above may have been a file, which must not pass as a directory. */
	if (stat(path, &st) < 0)
		bail("init", "mkdir %s: stat", path);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		bail("init", "mkdir %s", path);
	}
}

/*
 * An empty regular file to bind-mount a device node onto. mknod(S_IFREG) rather than open():
 * if something already exists there, opening it could be opening a device.
 */
void op_touch(const struct op *op)
{
	mode_t old = umask(0);

	if (mknod(op->argv[0], S_IFREG | op->num[1], 0) < 0 && errno != EEXIST)
		bail("init", "touch %s", op->argv[0]);
	umask(old);
}

void op_symlink(const struct op *op)
{
	if (symlink(op->argv[0], op->argv[1]) < 0)
		bail("init", "symlink %s -> %s", op->argv[1], op->argv[0]);
}

/*
 * pivot_root(".", ".") stacks the old root under the new one at "/"; detaching "." then
 * removes the old root without needing a directory to put it in (see pivot_root(2), NOTES).
 */
void op_pivot_root(const struct op *op)
{
	const char *root = op->argv[0];

	if (chdir(root) < 0)
		bail("init", "pivot-root %s: chdir", root);
	if (syscall(SYS_pivot_root, ".", ".") < 0)
		bail("init", "pivot-root %s: pivot_root", root);
	if (umount2(".", MNT_DETACH) < 0)
		bail("init", "pivot-root %s: umount the old root", root);
	if (chdir("/") < 0)
		bail("init", "pivot-root %s: chdir /", root);
}

/* The id of the mount PATH is on (statx STATX_MNT_ID, Linux 5.8+), or 0 where it cannot be read. */
static uint64_t mount_id(const char *path)
{
	struct statx st;

	if (statx(AT_FDCWD, path, AT_NO_AUTOMOUNT, STATX_MNT_ID, &st) < 0 || !(st.stx_mask & STATX_MNT_ID))
		return 0;
	return st.stx_mnt_id;
}

/*
 * The mount that holds PATH becomes MS_PRIVATE, not recursively: the topmost directory of PATH's
 * mount is found by walking up while the mount id stays the same. pivot_root refuses a shared new
 * root, a shared parent of it and a shared current root (EINVAL), so the compiler puts this
 * before the rootfs bind when linux.rootfsPropagation asks for shared, as runc makes the rootfs'
 * parent mount private.
 */
void op_make_private(const struct op *op)
{
	char path[PATH_MAX], parent[PATH_MAX];
	uint64_t id;

	if (op->argv[0][0] != '/' || strlen(op->argv[0]) >= sizeof(path))
		bail("init", "make-private %s: not an absolute path that fits", op->argv[0]);
	strcpy(path, op->argv[0]);
	id = mount_id(path);
	if (!id)
		bail("init", "make-private %s: statx", path);
	while (strcmp(path, "/") != 0) {
		char *slash = strrchr(path, '/');
		size_t n = slash == path ? 1 : (size_t)(slash - path);

		memcpy(parent, path, n);
		parent[n] = '\0';
		if (mount_id(parent) != id)
			break;
		strcpy(path, parent);
	}
	if (mount(NULL, path, NULL, MS_PRIVATE, NULL) < 0)
		bail("init", "make-private %s: mount MS_PRIVATE", path);
}

/* A device node (or fifo) with exactly MODE (umask ignored), owned by UID:GID. */
void op_mknod(const struct op *op)
{
	const char *path = op->argv[0];
	mode_t type = op->argv[1][0] == 'c' ? S_IFCHR : op->argv[1][0] == 'b' ? S_IFBLK : S_IFIFO;
	mode_t old = umask(0);

	if (mknod(path, type | op->num[2], makedev(op->num[3], op->num[4])) < 0)
		bail("init", "mknod %s %s %u:%u", path, op->argv[1], (unsigned)op->num[3], (unsigned)op->num[4]);
	umask(old);
	if (lchown(path, op->num[5], op->num[6]) < 0)
		bail("init", "mknod %s: chown %u:%u", path, (unsigned)op->num[5], (unsigned)op->num[6]);
}

/* Writes DATA into an existing file (a sysctl under /proc/sys); never creates or follows a link. */
void op_write_file(const struct op *op)
{
	const char *path = op->argv[0], *data = op->argv[1];
	size_t len = strlen(data);
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);

	if (fd < 0)
		bail("init", "write-file %s: open", path);
	if (write(fd, data, len) != (ssize_t)len)
		bail("init", "write-file %s: write '%.40s'", path, data);
	close(fd);
}

void op_hooks_wait(const struct op *op)
{
	const char *reply;
	int fd;

	(void)op;
	if (chan_send("HOOKS") < 0)
		bail("init", "hooks-wait: sending HOOKS");
	/* Anything but HOOKS-DONE means a hook failed and the sentry gave up: it needs no message. */
	if (chan_recv(&reply, &fd) != 1 || fd >= 0 || strcmp(reply, "HOOKS-DONE") != 0)
		_exit(125);
}

/*
 * run PATH ARGV0 [ARGS...]: a host program run to completion while the root is assembled, before
 * pivot_root (the host's ldconfig writing the cache of libraries bound into the root). PATH is the
 * host's, resolved before pivot_root; the environment is empty; a nonzero exit or a signal fails
 * the sandbox.
 */
void op_run(const struct op *op)
{
	static char *const no_env[] = { NULL };
	int status;
	pid_t pid = fork();

	if (pid < 0)
		bail("init", "run %s: fork", op->argv[0]);
	if (pid == 0) {
		execve(op->argv[0], op->argv + 1, no_env);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bail("init", "run %s: waitpid", op->argv[0]);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		errno = 0;
		bail("init", "run %s: %s %d", op->argv[0], WIFEXITED(status) ? "exit status" : "signal",
		     WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	}
}
