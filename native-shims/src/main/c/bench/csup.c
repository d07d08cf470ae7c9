/*
 * sluice-bench-csup: a minimal C seccomp user-notification supervisor.
 *
 *   sluice-bench-csup [--floor] -- PROG [ARGS...]
 *
 * The baseline that `sluice bench trap` compares the Java sentry against. It traps the tty
 * ioctl family ('T', (cmd & 0xff00) == 0x5400) of PROG and, per notification, does the same
 * work as the Java sentry, no more and no less:
 *
 *   a. the caller's pidfd: the one kept from the thread's last call, or pidfd_open(pid) and
 *      ID_VALID (the pid still names the caller); pidfd_getfd(args[0]) through it to get the
 *      guest's file (an ESRCH through a kept pidfd: its task is gone, so a fresh one is opened);
 *   b. fstat it: the sentry only answers for /dev/ptmx (char 5:2);
 *   c. TIOCGPTN on ptmx is answered by the supervisor (ID_VALID, as the dup is acted on; ioctl on
 *      its own copy; result written with pwrite to /proc/<pid>/mem after an ID_VALID check);
 *      every other ioctl is let through with SECCOMP_USER_NOTIF_FLAG_CONTINUE;
 *   d. SEND (which fails with ENOENT by itself if the caller stopped waiting), close the memory
 *      file and the copy, keep the pidfd for the thread's next call.
 *
 * With --floor it does none of that: each notification is answered at once (success, value 0),
 * the least a supervisor can do per trapped call: the floor the sentry's EMULATE round trip is
 * measured against. TIOCGPTN then writes nothing to the guest; the guest only times the call.
 *
 * Exits with PROG's status (128+N if PROG died of signal N).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <seccomp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sluice_compat.h"

#define PTMX_MAJOR 5
#define PTMX_MINOR 2

static void die(const char *what, int err)
{
	fprintf(stderr, "sluice-bench-csup: %s: %s\n", what, strerrorname_np(err));
	exit(125);
}

static void send_fd(int sock, int fd)
{
	char byte = 'L';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	memset(&u, 0, sizeof u);
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = u.buf,
		.msg_controllen = sizeof u.buf,
	};
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	if (sendmsg(sock, &msg, MSG_NOSIGNAL) != 1)
		die("child: sendmsg listener", errno);
}

static int recv_fd(int sock)
{
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr msg = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = u.buf,
		.msg_controllen = sizeof u.buf,
	};
	ssize_t n;
	do
		n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		die("recvmsg listener", errno);
	if (n == 0)
		return -1; /* the child failed before sending the listener */
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c != NULL; c = CMSG_NXTHDR(&msg, c)) {
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(sizeof(int))) {
			int fd;
			memcpy(&fd, CMSG_DATA(c), sizeof(int));
			return fd;
		}
	}
	return -1;
}

static void child(int sock, char **argv)
{
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
		die("child: prctl(PR_SET_PDEATHSIG)", errno);

	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL)
		die("child: seccomp_init", ENOMEM);
	int rc =
		seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(ioctl), 1, SCMP_A1(SCMP_CMP_MASKED_EQ, 0xff00, 0x5400));
	if (rc < 0)
		die("child: seccomp_rule_add", -rc);
	rc = seccomp_load(ctx);
	if (rc < 0)
		die("child: seccomp_load", -rc);
	int listener = seccomp_notify_fd(ctx);
	if (listener < 0)
		die("child: seccomp_notify_fd", -listener);
	send_fd(sock, listener);
	close(listener);
	seccomp_release(ctx);

	char go[4];
	ssize_t n;
	do
		n = read(sock, go, sizeof go);
	while (n < 0 && errno == EINTR);
	if (n <= 0)
		_exit(125); /* the supervisor went away */

	/* sock is SOCK_CLOEXEC: it is gone once PROG runs. */
	execvp(argv[0], argv);
	fprintf(stderr, "sluice-bench-csup: execvp %s: %s\n", argv[0], strerrorname_np(errno));
	_exit(errno == ENOENT ? 127 : 126);
}

static int wait_child(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			die("waitpid", errno);
	}
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return 125;
}

/* The pidfd kept from a thread's last call, as the sentry keeps them (one slot per tid hash). */
#define KEPT_SLOTS 64
static struct {
	__u32 tid;
	int pidfd;
} kept[KEPT_SLOTS];

/* A fresh pidfd for tid, checked to name the caller; -1 (with *gone set if it stopped waiting). */
static int open_pidfd(int listener, __u64 id, __u32 tid, int *gone)
{
	int pidfd = (int)syscall(SYS_pidfd_open, (pid_t)tid, 0);
	if (pidfd < 0)
		return -1;
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) != 0) {
		close(pidfd);
		*gone = 1;
		return -1;
	}
	return pidfd;
}

/* Answers one notification; resp is zeroed by the caller. */
static void handle(int listener, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	__u64 id = req->id;
	resp->id = id;

	/* a. the guest's file, through the kept pidfd or a fresh one checked to name the caller */
	int hostfd = -1;
	int memfd = -1;
	int gone = 0;
	unsigned slot = req->pid % KEPT_SLOTS;
	int pidfd = -1;
	int taken = kept[slot].pidfd > 0 && kept[slot].tid == req->pid;
	if (taken) {
		pidfd = kept[slot].pidfd;
		kept[slot].pidfd = 0;
	} else {
		pidfd = open_pidfd(listener, id, req->pid, &gone);
	}
	if (pidfd < 0) {
		if (gone)
			return;
		resp->error = -errno;
		goto respond;
	}
	hostfd = (int)syscall(SYS_pidfd_getfd, pidfd, (int)req->data.args[0], 0);
	if (hostfd < 0 && errno == ESRCH && taken) {
		/* The kept pidfd's task is gone: a fresh one, once. */
		close(pidfd);
		taken = 0;
		pidfd = open_pidfd(listener, id, req->pid, &gone);
		hostfd = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, (int)req->data.args[0], 0);
	}
	if (pidfd < 0 && gone)
		return;
	if (hostfd < 0) {
		resp->error = -errno;
		goto respond;
	}

	/* b. is it ours? */
	struct stat st;
	int owned = fstat(hostfd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == PTMX_MAJOR &&
		    minor(st.st_rdev) == PTMX_MINOR;

	/* c. answer TIOCGPTN, let everything else through */
	unsigned int cmd = (unsigned int)req->data.args[1];
	if (owned && cmd == TIOCGPTN) {
		unsigned int val = 0;
		if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) != 0) {
			close(hostfd);
			close(pidfd);
			return;
		}
		if (ioctl(hostfd, TIOCGPTN, &val) != 0) {
			resp->error = -errno;
			goto respond;
		}
		char path[64];
		snprintf(path, sizeof path, "/proc/%u/mem", req->pid);
		memfd = open(path, O_RDWR | O_CLOEXEC);
		if (memfd < 0) {
			resp->error = -errno;
			goto respond;
		}
		if (ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) != 0) {
			close(memfd);
			close(hostfd);
			close(pidfd);
			return; /* the guest is gone or the call was interrupted: nobody to answer */
		}
		ssize_t w = pwrite(memfd, &val, sizeof val, (off_t)req->data.args[2]);
		resp->val = 0;
		resp->error = (w == (ssize_t)sizeof val) ? 0 : -EFAULT;
		resp->flags = 0;
	} else {
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	}

respond:
	/* d. */
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) != 0 && errno != ENOENT)
		fprintf(stderr, "sluice-bench-csup: SECCOMP_IOCTL_NOTIF_SEND: %s\n", strerrorname_np(errno));
	if (memfd >= 0)
		close(memfd);
	if (hostfd >= 0)
		close(hostfd);
	if (pidfd >= 0) {
		if (kept[slot].pidfd > 0)
			close(kept[slot].pidfd);
		kept[slot].tid = req->pid;
		kept[slot].pidfd = pidfd;
	}
}

/* --floor: the answer with no work. */
static void answer_at_once(int listener, const struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	resp->id = req->id;
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) != 0 && errno != ENOENT)
		fprintf(stderr, "sluice-bench-csup: SECCOMP_IOCTL_NOTIF_SEND: %s\n", strerrorname_np(errno));
}

int main(int argc, char **argv)
{
	int floor = argc > 1 && strcmp(argv[1], "--floor") == 0;

	argc -= floor;
	argv += floor;
	if (argc < 3 || strcmp(argv[1], "--") != 0) {
		fprintf(stderr, "usage: sluice-bench-csup [--floor] -- PROG [ARGS...]\n");
		return 2;
	}

	int sv[2];
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
		die("socketpair", errno);

	pid_t pid = fork();
	if (pid < 0)
		die("fork", errno);
	if (pid == 0) {
		close(sv[0]);
		child(sv[1], argv + 2);
	}
	close(sv[1]);

	int listener = recv_fd(sv[0]);
	if (listener < 0) {
		close(sv[0]);
		return wait_child(pid);
	}

	__u64 flags = SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP;
	(void)ioctl(listener, SECCOMP_IOCTL_NOTIF_SET_FLAGS, flags); /* older kernels: EINVAL */

	struct seccomp_notif_sizes sizes;
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) != 0)
		die("seccomp(SECCOMP_GET_NOTIF_SIZES)", errno);
	size_t req_size =
		sizes.seccomp_notif > sizeof(struct seccomp_notif) ? sizes.seccomp_notif : sizeof(struct seccomp_notif);
	size_t resp_size = sizes.seccomp_notif_resp > sizeof(struct seccomp_notif_resp)
				   ? sizes.seccomp_notif_resp
				   : sizeof(struct seccomp_notif_resp);
	struct seccomp_notif *req = malloc(req_size);
	struct seccomp_notif_resp *resp = malloc(resp_size);
	if (req == NULL || resp == NULL)
		die("malloc", ENOMEM);

	if (send(sv[0], "go", 2, MSG_NOSIGNAL) != 2)
		die("send go", errno);
	close(sv[0]);

	for (;;) {
		struct pollfd p = { .fd = listener, .events = POLLIN };
		int n = poll(&p, 1, -1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			die("poll", errno);
		}
		if ((p.revents & POLLHUP) && !(p.revents & POLLIN))
			break;
		memset(req, 0, req_size);
		if (ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, req) != 0) {
			if (errno == ENOENT || errno == EINTR)
				continue;
			die("SECCOMP_IOCTL_NOTIF_RECV", errno);
		}
		memset(resp, 0, resp_size);
		if (floor)
			answer_at_once(listener, req, resp);
		else
			handle(listener, req, resp);
	}

	close(listener);
	return wait_child(pid);
}
