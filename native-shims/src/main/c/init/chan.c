/*
 * The control socket and bail(). Every frame is a single SEQPACKET record (common/ipc.c sends it
 * whole), so nothing is ever read across two. MSG_NOSIGNAL everywhere (ipc_sendmsg): a sentry
 * that went away must give EPIPE, not kill us with SIGPIPE before we can report to stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "chan.h"
#include "ipc.h"

/*
 * A text field is cut at 8 KiB (a cut-off path in an error beats no error); an ERROR's adds the
 * strerror text. Escaped, each byte takes at most 3.
 */
#define TEXT_MAX  8192
#define LINE_MAX_ (TEXT_MAX + 256)
#define FRAME_MAX (3 * LINE_MAX_ + 256)

static int ctl = -1;
static char in_buf[4096];
static struct ipc_in in;

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
	ipc_reader(&in, fd, in_buf, sizeof(in_buf));
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

static int send_frame(struct ipc_out *o)
{
	if (ctl < 0) {
		errno = EBADF;
		return -1;
	}
	return ipc_send(ctl, o);
}

int chan_send(const char *verb)
{
	char buf[64];
	struct ipc_out o;

	ipc_begin(&o, buf, sizeof(buf), verb);
	return send_frame(&o);
}

int chan_send_num(const char *verb, long long n)
{
	char buf[64];
	struct ipc_out o;

	ipc_begin(&o, buf, sizeof(buf), verb);
	ipc_num(&o, n);
	return send_frame(&o);
}

/* No syscall but the sendmsg: seccomp_profile.c sends its listener where nothing else may run. */
int chan_send_fd(const char *verb, int fd)
{
	char buf[64];
	struct ipc_out o;

	ipc_begin(&o, buf, sizeof(buf), verb);
	ipc_fd(&o, fd);
	return send_frame(&o);
}

int chan_send_exec_failed(int err, const char *file)
{
	static char buf[FRAME_MAX];
	char cut[TEXT_MAX];
	struct ipc_out o;

	snprintf(cut, sizeof(cut), "%s", file);
	ipc_begin(&o, buf, sizeof(buf), "EXEC-FAILED");
	ipc_num(&o, err);
	ipc_text(&o, cut);
	return send_frame(&o);
}

int chan_recv(const char **verb, int *fd)
{
	struct ipc_frame f;
	int r;

	*fd = -1;
	if (ctl < 0) {
		errno = EBADF;
		return -1;
	}
	r = ipc_recv(&in, &f, NULL, 0);
	if (r <= 0)
		return r;
	if (f.nfds > 1) {
		ipc_close_fds(&f);
		errno = EPROTO;
		return -1;
	}
	*verb = f.verb;
	if (f.nfds == 1)
		*fd = f.fds[0];
	return 1;
}

ssize_t chan_recv_plan(char *buf, size_t size, int *truncated)
{
	int fds[IPC_MAX_FDS], nfds, flags;
	ssize_t n = ipc_recvmsg(ctl, buf, size - 1, fds, IPC_MAX_FDS, &nfds, &flags);

	if (n < 0)
		return -1;
	buf[n] = '\0';
	/* An fd nobody asked for is closed, and the plan counts as cut off. */
	for (int i = 0; i < nfds; i++)
		close(fds[i]);
	*truncated = nfds > 0 || (flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
	return n;
}

void bail(const char *phase, const char *fmt, ...)
{
	int err = errno;
	static char frame[FRAME_MAX];
	char text[TEXT_MAX], line[LINE_MAX_];
	struct ipc_out o;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	snprintf(line, sizeof(line), "%s: %s", text, strerror(err));
	ipc_begin(&o, frame, sizeof(frame), "ERROR");
	ipc_text(&o, phase);
	ipc_num(&o, err);
	ipc_text(&o, line);
	if (send_frame(&o) < 0)
		dprintf(2, "sluice-init: %s\n", line);
	_exit(125);
}
