/*
 * The control socket (fd 3, AF_UNIX/SOCK_SEQPACKET) to the sentry: the plan, one record in its own
 * format, then frames (common/ipc.h), one per record. See docs/launch-plan.md, "Messages".
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

/* Sends the frame VERB, with no field; returns -1 with errno set on failure. */
int chan_send(const char *verb);
/* Sends VERB N (PID1, HELD). */
int chan_send_num(const char *verb, long long n);
/* Sends VERB with fd attached (SCM_RIGHTS): LISTENER, CONSOLE, AGENT-LISTENER. */
int chan_send_fd(const char *verb, int fd);
/* Sends EXEC-FAILED ERRNO FILE (a FILE too long for a frame is cut). */
int chan_send_exec_failed(int err, const char *file);
/*
 * Reads the next frame from the sentry, which has no field: GO, HOLD, HOOKS-DONE, AGENT-DONE.
 * Returns 1 with *verb (valid until the next call) and *fd (-1 if none, or the one fd that came
 * with it); 0 at end of file; -1 for anything else (a field, two fds, a malformed frame: its fds
 * are closed) or a failed read.
 */
int chan_recv(const char **verb, int *fd);
/* Reads the plan, one record: its length, 0 at EOF, -1 on error; *truncated if it did not fit. */
ssize_t chan_recv_plan(char *buf, size_t size, int *truncated);

/*
 * Reports "ERROR <phase> <errno> <text>: <strerror(errno)>" to the sentry and exits 125.
 * If the socket is closed or gone, prints "sluice-init: <text>: <strerror>" on stderr.
 */
_Noreturn void bail(const char *phase, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
