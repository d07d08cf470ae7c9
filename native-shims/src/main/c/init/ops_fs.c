/*
 * The outer phase (unshare) and the init phase: hostname, loopback, mounts and the new root.
 * These run in init, before the workload exists, in the namespaces the plan asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
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

/* Joins the namespace at PATH (e.g. /proc/PID/ns/net); NSTYPE is its CLONE_NEW* flag. */
void op_setns(const struct op *op)
{
	int fd = open(op->argv[0], O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		bail("outer", "setns %s: open", op->argv[0]);
	if (setns(fd, (int)op->num[1]) < 0)
		bail("outer", "setns %s (0x%x)", op->argv[0], (unsigned)op->num[1]);
	close(fd);
}

unsigned long long start_time(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long t = 0;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* comm may hold spaces and parentheses: the fields start after the last ')'. */
	p = strrchr(buf, ')');
	for (int field = 2; p && field < 22; field++)
		p = strchr(p + 1, ' ');
	if (p)
		t = strtoull(p + 1, NULL, 10);
	return t;
}

/*
 * Joins the namespaces in FLAGS (CLONE_NEW* bits) of process PID at once, through a pidfd
 * (setns(2) with a pidfd, Linux 5.8). The pidfd is opened first and the start time checked
 * after: if PID is still the process that started at STARTTIME, the pidfd names that process
 * and not one that reused its pid in between.
 */
void op_join(const struct op *op)
{
	pid_t pid = op->num[0];
	int fd = pidfd_open(pid, 0);

	if (fd < 0)
		bail("outer", "join %d: pidfd_open", (int)pid);
	if (start_time(pid) != op->num[1]) {
		errno = ESRCH;
		bail("outer", "join %d: not the process that started at %llu", (int)pid,
		     (unsigned long long)op->num[1]);
	}
	if (setns(fd, (int)op->num[2]) < 0)
		bail("outer", "join %d: setns(0x%x)", (int)pid, (unsigned)op->num[2]);
	close(fd);
}

void op_unshare(const struct op *op)
{
	if (unshare((int)op->num[0]) < 0)
		bail("outer", "unshare(0x%llx)", (unsigned long long)op->num[0]);
}

void op_hostname(const struct op *op)
{
	if (sethostname(op->argv[0], strlen(op->argv[0])) < 0)
		bail("init", "hostname %s", op->argv[0]);
}

/* A new network namespace has only "lo", and it starts down. */
void op_ifup(const struct op *op)
{
	struct ifreq ifr;
	int s;

	if (strlen(op->argv[0]) >= sizeof(ifr.ifr_name)) {
		errno = ENAMETOOLONG;
		bail("init", "ifup %s", op->argv[0]);
	}
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, op->argv[0]);
	s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (s < 0)
		bail("init", "ifup %s: socket", op->argv[0]);
	if (ioctl(s, SIOCGIFFLAGS, &ifr) < 0)
		bail("init", "ifup %s: SIOCGIFFLAGS", op->argv[0]);
	ifr.ifr_flags |= IFF_UP;
	if (ioctl(s, SIOCSIFFLAGS, &ifr) < 0)
		bail("init", "ifup %s: SIOCSIFFLAGS", op->argv[0]);
	close(s);
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

	if (mount_setattr(AT_FDCWD, op->argv[0], op->num[3] ? AT_RECURSIVE : 0,
			  &attr, sizeof(attr)) < 0)
		bail("init", "mount-setattr %s (set 0x%llx, clear 0x%llx)", op->argv[0],
		     (unsigned long long)op->num[1], (unsigned long long)op->num[2]);
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
	for (char *p = path + 1; ; p++) {
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

/*
 * process.oomScoreAdj, written by outer in the host's namespaces: lowering the score needs
 * CAP_SYS_RESOURCE there (proc(5), /proc/PID/oom_score_adj), which a process in a user namespace
 * of its own does not have. init and the workload inherit it across fork.
 */
void op_oom_score_adj(const struct op *op)
{
	const char *score = op->argv[0];
	size_t len = strlen(score);
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		bail("outer", "oom-score-adj: open /proc/self/oom_score_adj");
	if (write(fd, score, len) != (ssize_t)len)
		bail("outer", "oom-score-adj: write '%.40s'", score);
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
