/*
 * Control-socket messages and bail(). Every message is a single SEQPACKET record, so Java
 * reads whole messages and never has to frame them. MSG_NOSIGNAL everywhere: a sentry that
 * went away must give EPIPE, not kill us with SIGPIPE before we can report to stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "chan.h"

static int ctl = -1;

void chan_open(int fd)
{
	int type = 0;
	socklen_t len = sizeof(type);

	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &len) < 0 || type != SOCK_SEQPACKET) {
		dprintf(2, "sluice-init: --control-fd %d is not a SOCK_SEQPACKET socket\n", fd);
		_exit(125);
	}
	/* No copy of the control socket may survive into the workload's execve. */
	if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
		dprintf(2, "sluice-init: fcntl(%d, F_SETFD): %m\n", fd);
		_exit(125);
	}
	ctl = fd;
}

void chan_close(void)
{
	if (ctl >= 0)
		close(ctl);
	ctl = -1;
}

int chan_fd(void)
{
	return ctl;
}

static int send_buf(const char *buf, size_t len)
{
	ssize_t n;

	if (ctl < 0) {
		errno = EBADF;
		return -1;
	}
	do
		n = send(ctl, buf, len, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -1 : 0;
}

int send_msg(const char *fmt, ...)
{
	char buf[8192];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (len < 0)
		return -1;
	if ((size_t)len >= sizeof(buf))
		len = sizeof(buf) - 1;		/* a cut-off path in an error beats no error */
	return send_buf(buf, len);
}

int send_fd(const char *msg, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = (void *)msg, .iov_len = strlen(msg) };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	memset(&u, 0, sizeof(u));
	c = CMSG_FIRSTHDR(&mh);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	do
		n = sendmsg(ctl, &mh, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n < 0 ? -1 : 0;
}

ssize_t recv_msg_fd(char *buf, size_t size, int *truncated, int *fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = buf, .iov_len = size - 1 };
	struct msghdr mh = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *c;
	ssize_t n;

	*fd = -1;
	memset(&u, 0, sizeof(u));
	do
		n = recvmsg(ctl, &mh, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	c = CMSG_FIRSTHDR(&mh);
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
	    c->cmsg_len == CMSG_LEN(sizeof(int)))
		memcpy(fd, CMSG_DATA(c), sizeof(int));
	*truncated = (mh.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
	return n;
}

ssize_t recv_msg(char *buf, size_t size, int *truncated)
{
	int fd;
	ssize_t n = recv_msg_fd(buf, size, truncated, &fd);

	/* An fd nobody asked for is closed, and the message counts as cut off. */
	if (fd >= 0) {
		close(fd);
		*truncated = 1;
	}
	return n;
}

void bail(const char *phase, const char *fmt, ...)
{
	int err = errno;
	char text[8192];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (send_msg("ERROR %s %d %s: %s", phase, err, text, strerror(err)) < 0)
		dprintf(2, "sluice-init: %s: %s\n", text, strerror(err));
	_exit(125);
}
