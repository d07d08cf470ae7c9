/*
 * Signals in outer and init: start clean, and pass kill()ed signals on to the one child.
 */
#ifndef SLUICE_INIT_SIG_H
#define SLUICE_INIT_SIG_H

#include <sys/types.h>

/* Unblocks every signal and sets every disposition to SIG_DFL (the JVM leaves its own). */
void sig_reset(void);
/* phase names the caller in a (very unlikely) ERROR message. */
/* Blocks the forwarded signals, so that none is lost between fork() and sig_forward_to(). */
void sig_block(const char *phase);
/* Installs the forwarding handlers for child, then unblocks: pending ones are forwarded. */
void sig_forward_to(const char *phase, pid_t child);
/* Unblocks everything, for a child that does not forward. */
void sig_unblock(const char *phase);

#endif
