/*
 * Frames (ipc.h): the encoder, the decoder and the one sendmsg/recvmsg binding of the C side.
 * The decoder accepts exactly what the encoder writes, like dev.sluice.sentry.ipc.FrameCodec:
 * a verb of upper-case letters, digits and '-', fields in which the bytes 0x00-0x20, '%', '@'
 * and 0x7f are written %XX (upper-case hex) and no other byte is, and "@" tokens only after
 * every field.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "ipc.h"

#define VERB_MAX 32

static int escaped(unsigned char c)
{
	return c <= 0x20 || c == '%' || c == '@' || c == 0x7f;
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static void put(struct ipc_out *o, const char *s, size_t n)
{
	if (o->overflow || o->cap - o->len < n) {
		o->overflow = 1;
		return;
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

void ipc_begin(struct ipc_out *o, char *buf, size_t cap, const char *verb)
{
	o->buf = buf;
	o->cap = cap;
	o->len = 0;
	o->nfds = 0;
	o->overflow = 0;
	put(o, verb, strlen(verb));
}

void ipc_text(struct ipc_out *o, const char *field)
{
	static const char digits[] = "0123456789ABCDEF";

	put(o, " ", 1);
	for (const unsigned char *p = (const unsigned char *)field; *p; p++) {
		char e[3] = { '%', digits[*p >> 4], digits[*p & 0xf] };

		if (escaped(*p))
			put(o, e, 3);
		else
			put(o, (const char *)p, 1);
	}
}

void ipc_num(struct ipc_out *o, long long value)
{
	char n[24];

	snprintf(n, sizeof(n), "%lld", value);
	ipc_text(o, n);
}

void ipc_fd(struct ipc_out *o, int fd)
{
	if (o->nfds >= IPC_MAX_FDS) {
		o->overflow = 1;
		return;
	}
	o->fds[o->nfds++] = fd;
}

int ipc_send(int sock, struct ipc_out *o)
{
	size_t off = 0;

	for (int i = 0; i < o->nfds; i++)
		put(o, " @", 2);
	put(o, "\n", 1);
	if (o->overflow) {
		errno = EMSGSIZE;
		return -1;
	}
	/* A stream socket may take part of it: the rest follows, the fds only with the first byte. */
	while (off < o->len) {
		ssize_t n = ipc_sendmsg(sock, o->buf + off, o->len - off, off ? NULL : o->fds, off ? 0 : o->nfds);

		if (n < 0)
			return -1;
		off += n;
	}
	return 0;
}

void ipc_reader(struct ipc_in *in, int sock, char *buf, size_t cap)
{
	in->sock = sock;
	in->buf = buf;
	in->cap = cap;
	in->len = 0;
	in->used = 0;
	in->nfds = 0;
}

static void close_all(int *fds, int *n)
{
	for (int i = 0; i < *n; i++)
		close(fds[i]);
	*n = 0;
}

void ipc_close_fds(struct ipc_frame *f)
{
	close_all(f->fds, &f->nfds);
}

/* Splits and unescapes the frame in buf[0..end) in place; fields end with NUL. */
static int parse(struct ipc_in *in, char *end, struct ipc_frame *f, char **text, int max)
{
	char *p = in->buf;
	int ats = 0;

	f->verb = p;
	f->text = text;
	f->ntext = 0;
	f->nfds = 0;
	if (p == end || *p < 'A' || *p > 'Z')
		return -1;
	while (p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '-'))
		p++;
	if (p - in->buf > VERB_MAX || (p < end && *p != ' '))
		return -1;
	while (p < end) {
		char *w, *start;

		*p++ = '\0'; /* the space before this token */
		if (p < end && *p == '@' && (p + 1 == end || p[1] == ' ')) {
			ats++;
			p++;
			continue;
		}
		if (ats || f->ntext >= max)
			return -1; /* a field after an fd, or more fields than the caller takes */
		start = w = p;
		while (p < end && *p != ' ') {
			int hi, lo;

			if (*p != '%') {
				if (escaped((unsigned char)*p))
					return -1;
				*w++ = *p++;
				continue;
			}
			if (end - p < 3 || (hi = hex(p[1])) < 0 || (lo = hex(p[2])) < 0 ||
			    !escaped((unsigned char)(hi << 4 | lo)))
				return -1;
			*w++ = (char)(hi << 4 | lo);
			p += 3;
		}
		/* Unescaping shortened it: end it here (else the space or end after it is made NUL). */
		if (w < p)
			*w = '\0';
		text[f->ntext++] = start;
	}
	*end = '\0';
	if (ats > in->nfds || ats > IPC_MAX_FDS)
		return -1;
	memcpy(f->fds, in->fds, ats * sizeof(int));
	f->nfds = ats;
	memmove(in->fds, in->fds + ats, (in->nfds - ats) * sizeof(int));
	in->nfds -= ats;
	/* An fd comes with the first byte of its frame: one with no byte held after this frame has none. */
	if (in->nfds > 0 && in->used == in->len) {
		close_all(f->fds, &f->nfds);
		return -1;
	}
	return 1;
}

int ipc_recv(struct ipc_in *in, struct ipc_frame *f, char **text, int max)
{
	char *nl;

	f->nfds = 0;
	if (in->used) {
		memmove(in->buf, in->buf + in->used, in->len - in->used);
		in->len -= in->used;
		in->used = 0;
	}
	while (!(nl = memchr(in->buf, '\n', in->len))) {
		int got, flags;
		ssize_t n;

		if (in->len >= in->cap) {
			close_all(in->fds, &in->nfds);
			errno = EMSGSIZE;
			return -1;
		}
		n = ipc_recvmsg(in->sock, in->buf + in->len, in->cap - in->len, in->fds + in->nfds,
				2 * IPC_MAX_FDS - in->nfds, &got, &flags);
		if (n < 0)
			return -1;
		in->nfds += got;
		if (flags & (MSG_TRUNC | MSG_CTRUNC)) {
			close_all(in->fds, &in->nfds);
			errno = flags & MSG_TRUNC ? EMSGSIZE : EPROTO;
			return -1;
		}
		if (n == 0) {
			if (in->len == 0 && in->nfds == 0)
				return 0;
			close_all(in->fds, &in->nfds);
			errno = EPROTO; /* end of file inside a frame */
			return -1;
		}
		in->len += n;
	}
	in->used = nl - in->buf + 1;
	if (parse(in, nl, f, text, max) < 0) {
		close_all(in->fds, &in->nfds);
		errno = EPROTO;
		return -1;
	}
	return 1;
}

int ipc_number(const char *field, unsigned long long max, unsigned long long *value)
{
	unsigned long long v = 0;

	if (!*field) {
		errno = EINVAL;
		return -1;
	}
	for (const char *p = field; *p; p++) {
		if (*p < '0' || *p > '9') {
			errno = EINVAL;
			return -1;
		}
		if (v > (max - (*p - '0')) / 10) {
			errno = ERANGE;
			return -1;
		}
		v = v * 10 + (*p - '0');
	}
	*value = v;
	return 0;
}

ssize_t ipc_sendmsg(int sock, const void *data, size_t len, const int *fds, int nfds)
{
	union {
		char b[CMSG_SPACE(sizeof(int) * IPC_MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = (void *)data, .iov_len = len };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t n;

	if (nfds < 0 || nfds > IPC_MAX_FDS) {
		errno = EINVAL;
		return -1;
	}
	if (nfds > 0) {
		struct cmsghdr *c;

		memset(&u, 0, sizeof(u));
		mh.msg_control = u.b;
		mh.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
		memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
	}
	do
		n = sendmsg(sock, &mh, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return n;
}

ssize_t ipc_recvmsg(int sock, void *data, size_t size, int *fds, int maxfds, int *nfds, int *flags)
{
	union {
		char b[CMSG_SPACE(sizeof(int) * IPC_MAX_FDS)];
		struct cmsghdr align;
	} u;
	struct iovec iov = { .iov_base = data, .iov_len = size };
	struct msghdr mh = {
		.msg_iov = &iov,
		.msg_iovlen = 1,
		.msg_control = u.b,
		.msg_controllen = sizeof(u.b),
	};
	ssize_t n;

	*nfds = 0;
	*flags = 0;
	memset(&u, 0, sizeof(u));
	do
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	*flags = mh.msg_flags;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
		size_t count;

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		for (size_t i = 0; i < count; i++) {
			int fd;

			memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof(int));
			if (*nfds < maxfds) {
				fds[(*nfds)++] = fd;
			} else {
				close(fd);
				*flags |= MSG_CTRUNC;
			}
		}
	}
	return n;
}
