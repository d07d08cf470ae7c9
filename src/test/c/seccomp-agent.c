/*
 * sluice-seccomp-agent: a small seccomp agent for the e2e suites, the receiving end of an OCI
 * profile's linux.seccomp.listenerPath (runtime-spec config-linux.md, "Seccomp" and "The Container
 * Process State").
 *
 *   sluice-seccomp-agent SOCKET OUTDIR [PATH=ANSWER]...
 *
 * Listens on the unix socket SOCKET (SOCK_STREAM). Each connection carries one container process
 * state (one JSON object, maybe in several pieces) with the listener in SCM_RIGHTS with its
 * first byte; the JSON is written to OUTDIR/state-N.json (N from
 * 1, written whole, then renamed into place) and "listener n=N fds=F" is printed. Then every
 * notification of every listener is answered: mkdir or mkdirat of a PATH given on the command
 * line gets its ANSWER, "errno:E" (fails with errno E) or "ret:V" (returns V, nothing done);
 * anything else continues (SECCOMP_USER_NOTIF_FLAG_CONTINUE). Each notification prints
 * "notif pid=P syscall=S path=X answer=A" (P: the notifying task as the agent sees it).
 * Runs until killed. Facts from include/uapi/linux/seccomp.h and seccomp_unotify(2).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#define MAX_LISTENERS 32
#define MAX_STATE     65536

struct rule {
	const char *path;
	int is_errno;
	long value;
};

static struct rule rules[16];
static int nrules;
static const char *outdir;

static void die(const char *what)
{
	fprintf(stderr, "sluice-seccomp-agent: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "usage: sluice-seccomp-agent SOCKET OUTDIR [PATH=errno:E|PATH=ret:V]...\n");
	exit(2);
}

static void parse_rule(char *arg)
{
	char *eq = strrchr(arg, '='), *end;

	if (!eq || nrules == (int)(sizeof(rules) / sizeof(rules[0])))
		usage();
	*eq = '\0';
	rules[nrules].path = arg;
	if (!strncmp(eq + 1, "errno:", 6))
		rules[nrules].is_errno = 1;
	else if (strncmp(eq + 1, "ret:", 4))
		usage();
	rules[nrules].value = strtol(strchr(eq + 1, ':') + 1, &end, 10);
	if (*end)
		usage();
	nrules++;
}

/*
 * Whether buf holds one whole JSON object: its braces balance (outside strings). The runtime may
 * send the state in several sendmsg calls and need not close the connection at once (runc 1.1
 * keeps it open), so the end of the object, not end of file, ends the message.
 */
static int json_complete(const char *buf, size_t len)
{
	int depth = 0, in_string = 0, started = 0;

	for (size_t i = 0; i < len; i++) {
		char c = buf[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = 0;
		} else if (c == '"') {
			in_string = 1;
		} else if (c == '{') {
			depth++;
			started = 1;
		} else if (c == '}' && --depth == 0 && started) {
			return 1;
		}
	}
	return 0;
}

/* Receives the state and the listener of one connection; returns the listener or -1. */
static int take_listener(int conn, int n)
{
	static char state[MAX_STATE];
	union {
		char buf[CMSG_SPACE(sizeof(int) * 4)];
		struct cmsghdr align;
	} u;
	size_t len = 0;
	int fd = -1, nfds = 0;

	for (;;) {
		struct iovec iov = { state + len, sizeof(state) - 1 - len };
		struct msghdr mh = {
			.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf, .msg_controllen = sizeof(u.buf)
		};
		ssize_t r = recvmsg(conn, &mh, MSG_CMSG_CLOEXEC);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			die("recvmsg");
		for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
			if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
				continue;
			nfds = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
			if (fd < 0 && nfds > 0)
				memcpy(&fd, CMSG_DATA(c), sizeof(int));
		}
		len += r;
		if (r == 0 || len >= sizeof(state) - 1 || json_complete(state, len))
			break;
	}
	state[len] = '\0';

	char tmp[PATH_MAX], final[PATH_MAX];
	snprintf(tmp, sizeof(tmp), "%s/.state-%d.json", outdir, n);
	snprintf(final, sizeof(final), "%s/state-%d.json", outdir, n);
	FILE *f = fopen(tmp, "w");
	if (!f || fwrite(state, 1, len, f) != len || fclose(f) != 0 || rename(tmp, final) < 0)
		die("writing the state");
	printf("listener n=%d fds=%d\n", n, nfds);
	return fd;
}

/* Reads the NUL-terminated string at addr in pid's memory; returns 0 or -1. */
static int read_path(pid_t pid, unsigned long long addr, char *buf, size_t size)
{
	char mem[64];
	int fd;
	ssize_t r;

	snprintf(mem, sizeof(mem), "/proc/%d/mem", pid);
	fd = open(mem, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	r = pread(fd, buf, size - 1, (off_t)addr);
	close(fd);
	if (r <= 0)
		return -1;
	buf[r] = '\0';
	return strnlen(buf, size) < size ? 0 : -1;
}

static void answer(int listener, struct seccomp_notif *req, struct seccomp_notif_resp *resp)
{
	char path[PATH_MAX] = "";
	const char *name = "other";
	const struct rule *hit = NULL;
	unsigned long long addr = 0;
	int has_path = 0;

	if (req->data.nr == SYS_mkdir) {
		name = "mkdir";
		addr = req->data.args[0];
		has_path = 1;
	} else if (req->data.nr == SYS_mkdirat) {
		name = "mkdirat";
		addr = req->data.args[1];
		has_path = 1;
	}
	if (has_path && read_path(req->pid, addr, path, sizeof(path)) == 0 &&
	    ioctl(listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &req->id) == 0) {
		for (int i = 0; i < nrules; i++)
			if (!strcmp(rules[i].path, path))
				hit = &rules[i];
	}
	memset(resp, 0, sizeof(*resp));
	resp->id = req->id;
	if (!hit) {
		resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	} else if (hit->is_errno) {
		resp->error = -(int)hit->value;
	} else {
		resp->val = hit->value;
	}
	printf("notif pid=%d syscall=%s path=%s answer=%s\n", req->pid, name, has_path ? path : "-",
	       !hit	       ? "continue"
	       : hit->is_errno ? "errno"
			       : "ret");
	if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, resp) < 0 && errno != ENOENT)
		die("SECCOMP_IOCTL_NOTIF_SEND");
}

int main(int argc, char **argv)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct seccomp_notif_sizes sizes;
	struct pollfd fds[1 + MAX_LISTENERS];
	int nfds = 1, accepted = 0, srv;

	if (argc < 3)
		usage();
	outdir = argv[2];
	for (int i = 3; i < argc; i++)
		parse_rule(argv[i]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sizes) < 0)
		die("SECCOMP_GET_NOTIF_SIZES");
	/* The kernel's structs may be larger than this program's headers know. */
	struct seccomp_notif *req = calloc(1, sizes.seccomp_notif > sizeof(*req) ? sizes.seccomp_notif : sizeof(*req));
	struct seccomp_notif_resp *resp =
		calloc(1, sizes.seccomp_notif_resp > sizeof(*resp) ? sizes.seccomp_notif_resp : sizeof(*resp));
	if (!req || !resp)
		die("calloc");
	if (strlen(argv[1]) >= sizeof(sa.sun_path)) {
		errno = ENAMETOOLONG;
		die(argv[1]);
	}
	strcpy(sa.sun_path, argv[1]);
	srv = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (srv < 0 || bind(srv, (struct sockaddr *)&sa, sizeof(sa)) < 0 || listen(srv, 8) < 0)
		die(argv[1]);
	printf("ready\n");
	fds[0] = (struct pollfd){ .fd = srv, .events = POLLIN };
	for (;;) {
		if (poll(fds, nfds, -1) < 0) {
			if (errno == EINTR)
				continue;
			die("poll");
		}
		if (fds[0].revents & POLLIN) {
			int conn = accept4(srv, NULL, NULL, SOCK_CLOEXEC);

			if (conn < 0)
				die("accept");
			int l = take_listener(conn, ++accepted);
			close(conn);
			if (l >= 0 && nfds < 1 + MAX_LISTENERS)
				fds[nfds++] = (struct pollfd){ .fd = l, .events = POLLIN };
		}
		for (int i = 1; i < nfds; i++) {
			if (fds[i].revents & POLLIN) {
				memset(req, 0, sizes.seccomp_notif);
				if (ioctl(fds[i].fd, SECCOMP_IOCTL_NOTIF_RECV, req) == 0)
					answer(fds[i].fd, req, resp);
				else if (errno != ENOENT && errno != EINTR)
					die("SECCOMP_IOCTL_NOTIF_RECV");
			} else if (fds[i].revents & (POLLHUP | POLLERR | POLLNVAL)) {
				/* No task uses the filter any more. */
				printf("listener-closed\n");
				close(fds[i].fd);
				fds[i--] = fds[--nfds];
			}
		}
	}
}
