/*
 * sluice-client: hands one runc-compatible command to the resident runtime service of its --root
 * (dev.sluice.oci.service.RuntimeService), so that a container manager's create, start, state, kill and
 * delete do not each pay for a JVM start. bin/sluice execs it for those commands:
 *
 *   sluice-client SOCKET N JAVA-ARGV(N words) ARGS...
 *
 * JAVA-ARGV is how bin/sluice would have run the command itself (the same JVM with ARGS after it).
 * If no service answers on SOCKET, this starts one in the background (the same JVM, `service`
 * command) and waits for it; if none answers within 10 s, it execs JAVA-ARGV ARGS for this
 * command: a missing service only costs time. The protocol is in ServiceProtocol.java: the caller's stdio as three fds, the
 * command line, then the service's requests to start (SPAWN) and wait for (WAIT) processes, which
 * must be this process's children, until EXIT.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_LINE (1024 * 1024)
#define MAX_FIELDS 8192

static int sock = -1;
static char line[MAX_LINE + 1];

static _Noreturn void die(const char *what)
{
	dprintf(2, "sluice: the runtime service: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* One line with at most one fd (SCM_RIGHTS). */
static void send_line(const char *text, int fd)
{
	size_t len = strlen(text);
	char *buf = malloc(len + 2);
	union {
		char b[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov;
	struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1 };
	size_t off = 0;

	if (!buf)
		die("out of memory");
	memcpy(buf, text, len);
	buf[len++] = '\n';
	while (off < len) {
		ssize_t n;

		iov.iov_base = buf + off;
		iov.iov_len = len - off;
		mh.msg_control = NULL;
		mh.msg_controllen = 0;
		if (fd >= 0 && off == 0) {
			struct cmsghdr *c;

			memset(&u, 0, sizeof(u));
			mh.msg_control = u.b;
			mh.msg_controllen = sizeof(u.b);
			c = CMSG_FIRSTHDR(&mh);
			c->cmsg_level = SOL_SOCKET;
			c->cmsg_type = SCM_RIGHTS;
			c->cmsg_len = CMSG_LEN(sizeof(int));
			memcpy(CMSG_DATA(c), &fd, sizeof(int));
		}
		n = sendmsg(sock, &mh, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("sending");
		off += n;
	}
	free(buf);
}

/* Reads one line into `line` (without its newline); *fd gets an fd sent with it, else -1. 0 at EOF. */
static int recv_line(int *fd)
{
	size_t len = 0;

	*fd = -1;
	while (len == 0 || line[len - 1] != '\n') {
		union {
			char b[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		struct iovec iov = { .iov_base = line + len, .iov_len = MAX_LINE - len };
		struct msghdr mh = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.b, .msg_controllen = sizeof(u.b) };
		struct cmsghdr *c;
		ssize_t n;

		if (len >= MAX_LINE) {
			errno = EMSGSIZE;
			die("reading a line");
		}
		memset(&u, 0, sizeof(u));
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("reading");
		if (n == 0)
			return 0;
		c = CMSG_FIRSTHDR(&mh);
		if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
			memcpy(fd, CMSG_DATA(c), sizeof(int));
		len += n;
	}
	line[len - 1] = '\0';
	return 1;
}

/* Appends `s` to `out` as one field: %, space and bytes up to 0x20 written %XX. */
static char *append_field(char *out, size_t *len, size_t *cap, const char *s)
{
	size_t need = *len + 1 + 3 * strlen(s) + 1;

	if (need > *cap) {
		*cap = need * 2;
		out = realloc(out, *cap);
		if (!out)
			die("out of memory");
	}
	out[(*len)++] = ' ';
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p <= 0x20 || *p == '%')
			*len += sprintf(out + *len, "%%%02X", *p);
		else
			out[(*len)++] = (char)*p;
	}
	out[*len] = '\0';
	return out;
}

/* Splits `line` after its verb into unescaped fields (in place). */
static int fields(char *text, char **f, int max)
{
	int n = 0;
	char *p = strchr(text, ' ');

	while (p && n < max) {
		char *start = ++p, *w = start;

		p = strchr(start, ' ');
		if (p)
			*p = '\0';
		for (char *r = start; *r; r++) {
			unsigned int v;

			if (*r == '%' && r[1] && r[2] && sscanf(r + 1, "%2x", &v) == 1) {
				*w++ = (char)v;
				r += 2;
			} else {
				*w++ = *r;
			}
		}
		*w = '\0';
		f[n++] = start;
	}
	return n;
}

/* SPAWN FILE ARGC ARG... ENVC ENV... N FD...: posix_spawn as our child; answers PID or ERR. */
static void do_spawn(char *text, int passed)
{
	static char *f[MAX_FIELDS];
	int n = fields(text, f, MAX_FIELDS - 1), at = 0, argc, envc, nfd, err;
	char **argv, **envp, *file;
	posix_spawn_file_actions_t fa;
	char answer[64];
	pid_t pid;

	if (n < 4)
		goto bad;
	file = f[at++];
	argc = atoi(f[at++]);
	if (argc < 1 || at + argc >= n)
		goto bad;
	argv = &f[at];
	at += argc;
	envc = atoi(f[at]);
	f[at++] = NULL;		/* ends argv */
	if (envc < 0 || at + envc >= n)
		goto bad;
	envp = &f[at];
	at += envc;
	nfd = atoi(f[at]);
	f[at++] = NULL;		/* ends envp */
	if (nfd < 0 || at + nfd != n)
		goto bad;
	posix_spawn_file_actions_init(&fa);
	for (int i = 0; i < nfd; i++) {
		int target = atoi(f[at + i] + 1);

		if (f[at + i][0] == 'd' && passed >= 0)
			posix_spawn_file_actions_adddup2(&fa, passed, target);
		else if (f[at + i][0] == 'n')
			posix_spawn_file_actions_addopen(&fa, target, "/dev/null", O_RDWR, 0);
		else
			goto bad;
	}
	err = posix_spawnp(&pid, file, &fa, NULL, argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	if (passed >= 0)
		close(passed);
	if (err)
		snprintf(answer, sizeof(answer), "ERR %d", err);
	else
		snprintf(answer, sizeof(answer), "PID %d", (int)pid);
	send_line(answer, -1);
	return;
bad:
	if (passed >= 0)
		close(passed);
	send_line("ERR 22", -1);
}

static void do_wait(const char *text)
{
	int st, r;
	char answer[64];

	do
		r = waitpid(atoi(text + 5), &st, 0);
	while (r < 0 && errno == EINTR);
	if (r < 0)
		snprintf(answer, sizeof(answer), "ERR %d", errno);
	else
		snprintf(answer, sizeof(answer), "STATUS %d", st);
	send_line(answer, -1);
}

/* This command, run by a JVM of its own: what bin/sluice does without a service. */
static _Noreturn void run_jvm(int jargc, char **jargv, int argc, char **argv)
{
	char **all = calloc(jargc + argc + 1, sizeof(char *));

	if (!all)
		die("out of memory");
	memcpy(all, jargv, jargc * sizeof(char *));
	memcpy(all + jargc, argv, argc * sizeof(char *));
	execvp(all[0], all);
	die(all[0]);
}

/*
 * Starts a service on `path` in the background (the same JVM, detached, in its own session, its
 * output appended to .sluice-service.log next to the socket) unless one holds the lock file
 * SOCKET.lock: then one is running or starting, and this command simply does not wait for it. The service inherits the locked file as fd 3 and holds the lock until it exits.
 */
static void start_service(const char *path, int jargc, char **jargv)
{
	char root[4096], file[4200];
	const char *slash = strrchr(path, '/');
	int lock;
	pid_t pid;

	if (!slash || (size_t)(slash - path) >= sizeof(root))
		return;
	memcpy(root, path, slash - path);
	root[slash - path] = '\0';
	snprintf(file, sizeof(file), "%s.lock", path);
	lock = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lock < 0 || flock(lock, LOCK_EX | LOCK_NB) < 0) {
		if (lock >= 0)
			close(lock);
		return;
	}
	pid = fork();
	if (pid == 0) {
		char **sv = calloc(jargc + 6, sizeof(char *));
		int fd, i = 0;

		if (!sv)
			_exit(1);
		setsid();
		if (fork() != 0)
			_exit(0);
		fd = open("/dev/null", O_RDWR);
		dup2(fd, 0);
		snprintf(file, sizeof(file), "%s/.sluice-service.log", root);
		fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0600);
		dup2(fd, 1);
		dup2(fd, 2);
		dup2(lock, 3);		/* not close-on-exec: the lock lives as long as the service */
		close_range(4, ~0U, 0);
		if (chdir("/") < 0)
			_exit(1);
		for (; i < jargc; i++)
			sv[i] = jargv[i];
		sv[i++] = "--root";
		sv[i++] = root;
		sv[i++] = "service";
		sv[i++] = "--socket";
		sv[i++] = (char *)path;
		sv[i] = NULL;
		execvp(sv[0], sv);
		_exit(127);
	}
	close(lock);
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

int main(int argc, char **argv)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	extern char **environ;
	char cwd[4096], *req = NULL;
	size_t len = 0, cap = 0;
	int jargc, fd, n;

	if (argc < 3 || (jargc = atoi(argv[2])) < 1 || 3 + jargc > argc) {
		dprintf(2, "usage: sluice-client SOCKET N JAVA-ARGV... ARGS...\n");
		return 2;
	}
	if (strlen(argv[1]) < sizeof(addr.sun_path)) {
		strcpy(addr.sun_path, argv[1]);
	} else {
		/* Too long for sockaddr_un: through the directory's fd, as the service binds it. */
		char dir[4096];
		const char *slash = strrchr(argv[1], '/');
		int dirfd;

		if (!slash || (size_t)(slash - argv[1]) >= sizeof(dir))
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
		memcpy(dir, argv[1], slash - argv[1]);
		dir[slash - argv[1]] = '\0';
		dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
		if (dirfd < 0 || (size_t)snprintf(addr.sun_path, sizeof(addr.sun_path), "/proc/self/fd/%d/%s", dirfd,
						   slash + 1) >= sizeof(addr.sun_path))
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
	}
	sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (sock < 0)
		run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
	if (connect(sock, (struct sockaddr *)&addr, sizeof(addr)) < 0) {
		/*
		 * Start one (or let the one that is starting finish) and wait for it: a JVM of our own
		 * beside a starting service would only slow both down. Without one in 10 s, run our own.
		 */
		int up = 0;

		start_service(argv[1], jargc, argv + 3);
		for (int i = 0; i < 1000 && !up; i++) {
			usleep(10000);
			up = connect(sock, (struct sockaddr *)&addr, sizeof(addr)) == 0;
		}
		if (!up)
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
	}
	for (int i = 0; i < 3; i++) {
		char text[16];

		snprintf(text, sizeof(text), "FD %d", i);
		send_line(text, i);
		if (!recv_line(&fd) || strcmp(line, "OK") != 0) {
			/* The service went away between connect and now (idle): run the command ourselves. */
			close(sock);
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
		}
	}
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd");
	req = malloc(cap = 4096);
	if (!req)
		die("out of memory");
	len = (size_t)sprintf(req, "RUN");
	req = append_field(req, &len, &cap, cwd);
	snprintf(line, 32, "%d", argc - 3 - jargc);
	req = append_field(req, &len, &cap, line);
	for (int i = 3 + jargc; i < argc; i++)
		req = append_field(req, &len, &cap, argv[i]);
	n = 0;
	while (environ[n])
		n++;
	snprintf(line, 32, "%d", n);
	req = append_field(req, &len, &cap, line);
	for (int i = 0; i < n; i++)
		req = append_field(req, &len, &cap, environ[i]);
	send_line(req, -1);
	free(req);
	for (;;) {
		if (!recv_line(&fd)) {
			errno = EPIPE;
			die("it ended during the command (see .sluice-service.log under --root)");
		}
		if (strncmp(line, "SPAWN ", 6) == 0) {
			do_spawn(line, fd);
		} else if (strncmp(line, "WAIT ", 5) == 0) {
			if (fd >= 0)
				close(fd);
			do_wait(line);
		} else if (strncmp(line, "EXIT ", 5) == 0) {
			/* Children that already exited (sluice-init's outer process) are ours to reap. */
			while (waitpid(-1, NULL, WNOHANG) > 0)
				;
			return atoi(line + 5);
		} else {
			errno = EPROTO;
			die(line);
		}
	}
}
