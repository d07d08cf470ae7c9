/*
 * sluice-console: the receiving end of --console-socket for the OCI terminal tests, standing in
 * for containerd's shim and conmon: it listens on a unix socket, takes the pty master that the
 * runtime sends (one message, its data the master's name, one fd in SCM_RIGHTS), types a line
 * into the terminal and prints everything the terminal shows.
 *
 *   sluice-console SOCKET INPUT TIMEOUT_S
 *
 * Prints, one flushed line each:
 *   listening=SOCKET           once the socket accepts connections
 *   name=<payload> fds=<n>     what the one message carried
 *   output=<bytes, C-escaped>  everything read from the master until the terminal hung up
 *                              (EIO: no process holds the other side any more) or TIMEOUT_S
 *   end=hangup|timeout
 * or error=<text>.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static char out[1 << 16];
static size_t outlen;

static void put_escaped(const char *buf, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = buf[i];

		if (c == '\n')
			fputs("\\n", stdout);
		else if (c == '\r')
			fputs("\\r", stdout);
		else if (c == '\\')
			fputs("\\\\", stdout);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\x%02x", c);
		else
			putchar(c);
	}
}

int main(int argc, char **argv)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	char name[4096], cbuf[CMSG_SPACE(4 * sizeof(int))];
	struct iovec iov = { .iov_base = name, .iov_len = sizeof(name) - 1 };
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	int s, c, master = -1, nfds = 0;
	ssize_t n;
	time_t deadline;

	if (argc != 4) {
		fprintf(stderr, "usage: sluice-console SOCKET INPUT TIMEOUT_S\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	deadline = time(NULL) + atoi(argv[3]);
	snprintf(addr.sun_path, sizeof(addr.sun_path), "%s", argv[1]);
	s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s < 0 || bind(s, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(s, 1) < 0) {
		printf("error=listen %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	printf("listening=%s\n", argv[1]);
	c = accept4(s, NULL, NULL, SOCK_CLOEXEC);
	if (c < 0) {
		printf("error=accept: %s\n", strerror(errno));
		return 1;
	}
	n = recvmsg(c, &mh, MSG_CMSG_CLOEXEC);
	if (n < 0) {
		printf("error=recvmsg: %s\n", strerror(errno));
		return 1;
	}
	name[n] = '\0';
	for (struct cmsghdr *h = CMSG_FIRSTHDR(&mh); h; h = CMSG_NXTHDR(&mh, h)) {
		if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS)
			continue;
		nfds += (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		memcpy(&master, CMSG_DATA(h), sizeof(int));
	}
	printf("name=%s fds=%d\n", name, nfds);
	if (master < 0) {
		printf("error=no fd came with the message\n");
		return 1;
	}
	if (write(master, argv[2], strlen(argv[2])) < 0 || write(master, "\n", 1) < 0) {
		printf("error=writing to the master: %s\n", strerror(errno));
		return 1;
	}
	for (;;) {
		struct pollfd p = { .fd = master, .events = POLLIN };
		int left = (int)(deadline - time(NULL));

		if (left <= 0 || poll(&p, 1, left * 1000) == 0) {
			fputs("output=", stdout);
			put_escaped(out, outlen);
			printf("\nend=timeout\n");
			return 0;
		}
		n = read(master, out + outlen, sizeof(out) - outlen);
		if (n > 0 && outlen + n < sizeof(out)) {
			outlen += n;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		/* EIO: the last holder of the slave is gone. */
		fputs("output=", stdout);
		put_escaped(out, outlen);
		printf("\nend=hangup\n");
		return 0;
	}
}
