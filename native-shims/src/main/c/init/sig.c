/*
 * Signal forwarding, as tini and docker-init do it. Only signals that someone sent with kill()
 * or sigqueue() are forwarded: a terminal's SIGINT already reaches the whole foreground
 * process group, workload included, and forwarding it would deliver it twice.
 *
 * The forwarded signals stay blocked from before fork() until the handler knows the child's
 * pid. That matters for init as pid 1: the kernel drops a signal to a namespace's init that
 * has no handler, unless it is blocked, in which case it stays pending.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "chan.h"
#include "sig.h"

static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH };
#define NFORWARDED ((int)(sizeof(forwarded) / sizeof(forwarded[0])))

static volatile sig_atomic_t child_pid;

static void forward(int sig, siginfo_t *si, void *uc)
{
	int saved = errno;

	(void)uc;
	if (child_pid > 0 && (si->si_code == SI_USER || si->si_code == SI_QUEUE))
		kill(child_pid, sig);
	errno = saved;
}

static sigset_t forwarded_set(void)
{
	sigset_t set;

	sigemptyset(&set);
	for (int i = 0; i < NFORWARDED; i++)
		sigaddset(&set, forwarded[i]);
	return set;
}

void sig_reset(void)
{
	struct sigaction sa;
	sigset_t none;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	/* SIGKILL, SIGSTOP and glibc's internal signals refuse with EINVAL: nothing to reset. */
	for (int sig = 1; sig < NSIG; sig++)
		sigaction(sig, &sa, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

void sig_block(const char *phase)
{
	sigset_t set = forwarded_set();

	if (sigprocmask(SIG_BLOCK, &set, NULL) < 0)
		bail(phase, "blocking signals");
}

void sig_forward_to(const char *phase, pid_t child)
{
	struct sigaction sa;

	child_pid = child;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = forward;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigfillset(&sa.sa_mask);
	for (int i = 0; i < NFORWARDED; i++)
		if (sigaction(forwarded[i], &sa, NULL) < 0)
			bail(phase, "installing the handler for signal %d", forwarded[i]);
	sig_unblock(phase);
}

void sig_unblock(const char *phase)
{
	sigset_t set = forwarded_set();

	if (sigprocmask(SIG_UNBLOCK, &set, NULL) < 0)
		bail(phase, "unblocking signals");
}
