/*
 * The namespaces: the outer phase joins those the plan names (setns, join) and makes the others
 * (unshare), after writing the oom score while still in the host's; the init phase then gives the
 * new UTS and network namespaces their hostname and loopback. The user namespace, with its maps,
 * is ops_userns.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/pidfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"
#include "sluice_compat.h"

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
