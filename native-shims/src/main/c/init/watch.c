/*
 * `sluice-init --watch SENTRY-PID SENTRY-START PID START`: ends an OCI container when its sentry
 * dies, so that no container outlives the gate of its device calls (its trapped calls would fail
 * with ENOSYS forever). The sentry starts it once the container's process exists. It runs in the
 * host's pid namespace, outside the container's cgroups, where nothing in the container can name
 * it: the container's own process is pid 1 of its namespace and no process of Sluice's lives
 * there (main.c).
 *
 * It opens pidfds of both processes and checks their start times (field 22 of /proc/PID/stat)
 * after opening, so neither can be a process that reused a pid; then it forks, the parent exits
 * (0: watching), and the child, in a session of its own, waits for either pidfd to become
 * readable. The sentry gone: SIGKILL through the container's pidfd (pid 1 of its pid namespace,
 * so the kernel kills everything in it). The container's process gone: nothing left to do.
 * Exit codes of the parent: 0 watching, 3 the container's process is gone, 4 the sentry is
 * gone (the container was killed), 5 fork failed (the container was killed).
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/pidfd.h>
#include <unistd.h>

#include "ops.h"
#include "sig.h"

_Noreturn void run_watch(pid_t sentry, unsigned long long sentry_start, pid_t pid, unsigned long long start)
{
	struct pollfd pfd[2] = { { .fd = -1, .events = POLLIN }, { .fd = -1, .events = POLLIN } };

	sig_reset();
	close_range(3, ~0U, 0);
	pfd[1].fd = pidfd_open(pid, 0);
	if (pfd[1].fd < 0 || start_time(pid) != start)
		_exit(3);
	pfd[0].fd = pidfd_open(sentry, 0);
	if (pfd[0].fd < 0 || start_time(sentry) != sentry_start) {
		pidfd_send_signal(pfd[1].fd, SIGKILL, NULL, 0);
		_exit(4);
	}
	switch (fork()) {
	case -1:
		pidfd_send_signal(pfd[1].fd, SIGKILL, NULL, 0);
		_exit(5);
	case 0:
		break;
	default:
		_exit(0);
	}
	setsid(); /* a terminal's signals to the caller's process group are not for us */
	for (;;) {
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			pidfd_send_signal(pfd[1].fd, SIGKILL, NULL, 0);
			_exit(1);
		}
		if (pfd[1].revents)
			_exit(0);
		if (pfd[0].revents) {
			pidfd_send_signal(pfd[1].fd, SIGKILL, NULL, 0);
			_exit(0);
		}
	}
}
