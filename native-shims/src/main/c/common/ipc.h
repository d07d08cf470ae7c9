/*
 * Sluice's one wire form between processes (the Java side is dev.sluice.sentry.ipc; the grammar
 * is in docs/launch-plan.md, "Frames"): a frame is one line, a verb and escaped text fields
 * separated by single spaces, then one "@" per file descriptor that travels with it in
 * SCM_RIGHTS, then a newline. sluice-init speaks it on the control socket, sluice-client on the
 * runtime service's socket. Nothing here allocates: a frame is built in, and read into, memory
 * the caller gives, so that sluice-init may send one where it must make no syscall but sendmsg.
 */
#ifndef SLUICE_IPC_H
#define SLUICE_IPC_H

#include <stddef.h>
#include <sys/types.h>

/* At most this many fds travel with one frame (Frame.MAX_FDS on the Java side). */
#define IPC_MAX_FDS 8

/* A frame being built: ipc_begin, then fields, then ipc_send. */
struct ipc_out {
	char *buf;
	size_t cap, len;
	int fds[IPC_MAX_FDS];
	int nfds;
	int overflow; /* a field or fd did not fit: ipc_send fails with EMSGSIZE */
};

/* A socket being read frame by frame; buf (cap bytes) holds one frame at most. */
struct ipc_in {
	int sock;
	char *buf;
	size_t cap, len, used;	  /* len bytes held, the first `used` of them the last frame returned */
	int fds[2 * IPC_MAX_FDS]; /* received, not yet taken by a frame */
	int nfds;
};

/* A frame read: its verb and text fields point into the reader's buffer until the next read. */
struct ipc_frame {
	const char *verb;
	char **text;
	int ntext;
	int fds[IPC_MAX_FDS]; /* the frame's own, close-on-exec: the caller's to close */
	int nfds;
};

void ipc_begin(struct ipc_out *o, char *buf, size_t cap, const char *verb);
void ipc_text(struct ipc_out *o, const char *field);
void ipc_num(struct ipc_out *o, long long value);
void ipc_fd(struct ipc_out *o, int fd);
/* Ends the frame and sends it, its fds with its first byte; 0, or -1 with errno set. */
int ipc_send(int sock, struct ipc_out *o);

void ipc_reader(struct ipc_in *in, int sock, char *buf, size_t cap);
/*
 * Reads the next frame; its text fields go to text[0..max). Returns 1, 0 at end of file before
 * any byte, or -1 with errno set: EPROTO for a malformed frame or fds that do not match it (they
 * are closed), EMSGSIZE for one longer than the buffer, else recvmsg's own.
 */
int ipc_recv(struct ipc_in *in, struct ipc_frame *f, char **text, int max);
/* Closes the fds of a frame the caller does not want. */
void ipc_close_fds(struct ipc_frame *f);
/* A field that is a decimal number of digits only, at most max; 0, or -1 (EINVAL, ERANGE). */
int ipc_number(const char *field, unsigned long long max, unsigned long long *value);

/* The one sendmsg/recvmsg binding: MSG_NOSIGNAL, MSG_CMSG_CLOEXEC, EINTR retried. */
ssize_t ipc_sendmsg(int sock, const void *data, size_t len, const int *fds, int nfds);
/* Received fds beyond maxfds are closed and MSG_CTRUNC set in *flags. */
ssize_t ipc_recvmsg(int sock, void *data, size_t size, int *fds, int maxfds, int *nfds, int *flags);

#endif
