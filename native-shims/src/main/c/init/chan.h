/*
 * The control socket (fd 3, AF_UNIX/SOCK_SEQPACKET) to the sentry: one message per write.
 * See docs/launch-plan.md, "Messages from C to Java".
 */
#ifndef SLUICE_INIT_CHAN_H
#define SLUICE_INIT_CHAN_H

#include <stddef.h>
#include <sys/types.h>

/* Adopts fd as the control socket; exits 125 (stderr) if it is not a SEQPACKET socket. */
void chan_open(int fd);
/* Closes this process's copy; later bail()s go to stderr. */
void chan_close(void);
int chan_fd(void);

/* Sends one printf-formatted message; returns -1 with errno set on failure. */
int send_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Sends msg with fd attached (SCM_RIGHTS); returns -1 with errno set on failure. */
int send_fd(const char *msg, int fd);
/* Reads one message into buf (NUL-terminated); returns its length, 0 at EOF, -1 on error.
 * *truncated is set when the message did not fit. */
ssize_t recv_msg(char *buf, size_t size, int *truncated);
/* As recv_msg; *fd is the one fd attached (SCM_RIGHTS, close-on-exec), else -1. */
ssize_t recv_msg_fd(char *buf, size_t size, int *truncated, int *fd);

/*
 * Reports "ERROR <phase> <errno> <text>: <strerror(errno)>" to the sentry and exits 125.
 * If the socket is closed or gone, prints "sluice-init: <text>: <strerror>" on stderr.
 */
_Noreturn void bail(const char *phase, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
