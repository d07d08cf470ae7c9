/*
 * process.terminal: the workload gets a new pty as its controlling terminal and stdio, and the
 * master goes to the sentry (CONSOLE message), which passes it on to the caller's console
 * socket. The pty is made here, in the container's mount namespace, so it belongs to the
 * container's devpts instance (/dev/ptmx is a link to pts/ptmx there), as runc's does.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"

#ifndef TIOCGPTPEER
/* include/uapi/asm-generic/ioctls.h (4.13+): open the peer without a path lookup. */
#define TIOCGPTPEER _IO('T', 0x41)
#endif

int terminal_defer_ctty;

void terminal_take_ctty(void)
{
	/* A new session, so that the pty (fd 0 by now) can become its controlling terminal. */
	if (setsid() < 0)
		bail("proc", "terminal: setsid");
	if (ioctl(0, TIOCSCTTY, 0) < 0)
		bail("proc", "terminal: TIOCSCTTY");
}

/* terminal ROWS COLS: both 0 leaves the kernel's default size. Runs before the filter exists. */
void op_terminal(const struct op *op)
{
	struct winsize ws = { .ws_row = op->num[0], .ws_col = op->num[1] };
	int unlock = 0, master, slave;

	master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (master < 0)
		bail("proc", "terminal: open /dev/ptmx");
	if (ioctl(master, TIOCSPTLCK, &unlock) < 0)
		bail("proc", "terminal: unlocking the pty");
	/* The peer by fd, not by /dev/pts/N: no path the container could have swapped. */
	slave = ioctl(master, TIOCGPTPEER, O_RDWR | O_NOCTTY);
	if (slave < 0)
		bail("proc", "terminal: opening the pty's peer");
	if ((ws.ws_row || ws.ws_col) && ioctl(master, TIOCSWINSZ, &ws) < 0)
		bail("proc", "terminal: setting the size to %ux%u", ws.ws_row, ws.ws_col);
	for (int fd = 0; fd < 3; fd++)
		if (dup2(slave, fd) < 0)
			bail("proc", "terminal: dup2 to fd %d", fd);
	if (slave > 2)
		close(slave);
	if (!terminal_defer_ctty)
		terminal_take_ctty();
	if (chan_send_fd("CONSOLE", master) < 0)
		bail("proc", "terminal: sending the pty master");
	close(master);
}
