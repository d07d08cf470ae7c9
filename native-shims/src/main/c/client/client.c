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
 * command: a missing service only costs time. The messages are frames (common/ipc.h; their list is
 * in dev.sluice.oci.ipc.ClientMessage and ServiceMessage): the caller's stdio as three fds, the
 * command line, then the service's requests to start (SPAWN) and wait for (WAIT, and WAITRUN for a
 * foreground run's container or exec's process, forwarding signals) processes, which must be this
 * process's children, until EXIT; SUBREAPER makes this process its descendants' subreaper (a
 * foreground run), SIGNALS makes it take the signals to forward (a foreground exec; a run's
 * SUBREAPER does too), and LOCAL says the service does not run this command: this process then
 * runs it as without a service.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ipc.h"

#define MAX_FRAME  (1024 * 1024)
#define MAX_FIELDS 8192

static int sock = -1;
static pid_t last_spawned;	     /* the last process SPAWN started, 0 before one */
static int last_spawned_status = -1; /* its wait status once a WAIT reaped it */

static _Noreturn void service_gone(void);
static char in_buf[MAX_FRAME];
static char *field[MAX_FIELDS];
static struct ipc_in in;

static _Noreturn void die(const char *what)
{
	dprintf(2, "sluice: the runtime service: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* Sends a frame of at most a few numbers. */
static void send_small(const char *verb, long long n)
{
	char buf[64];
	struct ipc_out o;

	ipc_begin(&o, buf, sizeof(buf), verb);
	ipc_num(&o, n);
	if (ipc_send(sock, &o) < 0) {
		if (errno == EPIPE || errno == ECONNRESET)
			service_gone();
		die("sending");
	}
}

/* A field that must be a number up to max; -1 if it is not. */
static long long number(const char *text, unsigned long long max)
{
	unsigned long long v;

	return ipc_number(text, max, &v) < 0 ? -1 : (long long)v;
}

/*
 * SPAWN FILE ARGC ARG... ENVC ENV... N MAP... @...: posix_spawn as our child; answers PID or
 * ERRNO. A MAP is dT (fd T becomes the frame's next fd) or nT (fd T becomes /dev/null).
 */
static void do_spawn(struct ipc_frame *f)
{
	char **t = f->text, **argv, **envp;
	int n = f->ntext, at = 1, argc, envc, nfd, err, next = 0;
	posix_spawn_file_actions_t fa;
	pid_t pid;

	if (n < 4 || (argc = number(t[at++], MAX_FIELDS)) < 1 || at + argc >= n)
		goto bad;
	argv = &t[at];
	at += argc;
	envc = number(t[at], MAX_FIELDS);
	t[at++] = NULL; /* ends argv */
	if (envc < 0 || at + envc >= n)
		goto bad;
	envp = &t[at];
	at += envc;
	nfd = number(t[at], MAX_FIELDS);
	t[at++] = NULL; /* ends envp */
	if (nfd < 0 || at + nfd != n)
		goto bad;
	posix_spawn_file_actions_init(&fa);
	for (int i = 0; i < nfd; i++) {
		long long target = number(t[at + i] + (t[at + i][0] ? 1 : 0), INT32_MAX);

		if (target < 0 || (t[at + i][0] == 'd' && next >= f->nfds)) {
			posix_spawn_file_actions_destroy(&fa);
			goto bad;
		}
		if (t[at + i][0] == 'd') {
			posix_spawn_file_actions_adddup2(&fa, f->fds[next++], (int)target);
		} else if (t[at + i][0] == 'n') {
			posix_spawn_file_actions_addopen(&fa, (int)target, "/dev/null", O_RDWR, 0);
		} else {
			posix_spawn_file_actions_destroy(&fa);
			goto bad;
		}
	}
	if (next != f->nfds) {
		posix_spawn_file_actions_destroy(&fa);
		goto bad;
	}
	err = posix_spawnp(&pid, t[0], &fa, NULL, argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	ipc_close_fds(f);
	if (err) {
		send_small("ERRNO", err);
	} else {
		last_spawned = pid;
		send_small("PID", pid);
	}
	return;
bad:
	ipc_close_fds(f);
	send_small("ERRNO", EINVAL);
}

/*
 * The service, or the spare sentry that had this command, went away before the command's end. A
 * process we started for it (a sandbox's sluice-init, whose sandbox the spare's watcher ends) then
 * tells how the command ended, as it would have under a JVM of its own that died: its exit code, or
 * 128+N for signal N (waited for here unless a WAIT reaped it). Without one, 1.
 */
static _Noreturn void service_gone(void)
{
	int st = last_spawned_status, r = 0;

	dprintf(2, "sluice: the runtime service: it ended during the command (see .sluice-service.log under --root)\n");
	if (last_spawned <= 0)
		exit(1);
	if (st < 0) {
		do
			r = waitpid(last_spawned, &st, 0);
		while (r < 0 && errno == EINTR);
	}
	if (r < 0)
		exit(1);
	exit(WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
}

/* WAIT PID: answers STATUS (the raw wait status) or ERRNO. */
static void do_wait(struct ipc_frame *f)
{
	long long pid = f->ntext == 1 ? number(f->text[0], INT32_MAX) : -1;
	int st, r;

	ipc_close_fds(f);
	if (pid <= 0) {
		send_small("ERRNO", EINVAL);
		return;
	}
	do
		r = waitpid((pid_t)pid, &st, 0);
	while (r < 0 && errno == EINTR);
	if (r < 0) {
		send_small("ERRNO", errno);
	} else {
		if (r == last_spawned)
			last_spawned_status = st;
		send_small("STATUS", st);
	}
}

/*
 * A foreground run's signals (dev.sluice.sentry.nativeio.Signals.CONTAINER_FORWARDED, as the JVM's
 * run): from SUBREAPER on they are this process's to pass on, as runc's are from before its
 * container starts; to the container once WAITRUN names it, kept until then (the container may run,
 * and a supervisor stop it, before the service has asked for the wait). A signal the caller's
 * parent left ignored is forwarded too, as runc does.
 */
static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGUSR2 };
static volatile pid_t forward_to;
static volatile sig_atomic_t pending[sizeof(forwarded) / sizeof(forwarded[0])];

static void forward(int sig)
{
	if (forward_to > 0) {
		kill(forward_to, sig);
		return;
	}
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++)
		if (forwarded[i] == sig)
			pending[i] = 1;
}

/* From now on the signals a foreground process gets are this process's to pass on. */
static void take_signals(void)
{
	struct sigaction sa = { .sa_handler = forward }; /* no SA_RESTART: waitpid sees EINTR */

	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++)
		sigaction(forwarded[i], &sa, NULL);
}

/* SUBREAPER: this process becomes its descendants' subreaper and takes the run's signals. */
static void do_subreaper(void)
{
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0)
		die("PR_SET_CHILD_SUBREAPER");
	take_signals();
}

/*
 * WAITRUN PID: as WAIT, for a foreground run's container or exec's outer process, which gets the
 * kept signals and those that come meanwhile (taken from SUBREAPER or SIGNALS on, else from here).
 */
static void do_wait_run(struct ipc_frame *f)
{
	long long pid = f->ntext == 1 ? number(f->text[0], INT32_MAX) : -1;
	sigset_t all, old;
	siginfo_t si;
	int r;

	if (pid <= 0) {
		ipc_close_fds(f);
		send_small("ERRNO", EINVAL);
		return;
	}
	sigemptyset(&all);
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++)
		sigaddset(&all, forwarded[i]);
	sigprocmask(SIG_BLOCK, &all, &old);
	take_signals();
	forward_to = (pid_t)pid;
	for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++) {
		if (pending[i]) {
			pending[i] = 0;
			kill(forward_to, forwarded[i]);
		}
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	/*
	 * Wait for its exit without reaping it, so that a signal that comes meanwhile never reaches
	 * another process that took its pid; then stop forwarding, and reap it.
	 */
	do
		r = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT);
	while (r < 0 && errno == EINTR);
	forward_to = 0;
	do_wait(f);
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
 * SOCKET.lock: then one is running or starting. The service inherits the locked file as fd 3 and
 * holds the lock until it exits. 1 when a service is running or starting (the caller waits for
 * it), 0 when none can start (the lock file cannot be opened: another user's root, say).
 */
static int start_service(const char *path, int jargc, char **jargv)
{
	char root[4096], file[4200];
	const char *slash = strrchr(path, '/');
	int lock;
	pid_t pid;

	if (!slash || (size_t)(slash - path) >= sizeof(root))
		return 0;
	memcpy(root, path, slash - path);
	root[slash - path] = '\0';
	snprintf(file, sizeof(file), "%s.lock", path);
	lock = open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (lock < 0)
		return 0; /* not ours to start (another user's root, a read-only one) */
	if (flock(lock, LOCK_EX | LOCK_NB) < 0) {
		close(lock);
		return 1; /* one is running or starting */
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
		dup2(lock, 3); /* not close-on-exec: the lock lives as long as the service */
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
	return pid > 0;
}

int main(int argc, char **argv)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };
	extern char **environ;
	char cwd[4096], small[64], *req;
	struct ipc_out out;
	struct ipc_frame f;
	size_t cap;
	int jargc, n;

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

		/*
		 * A root that is not ours to reach (another user's): no service of ours can start there
		 * either, and the command, run as without a service, says at once what it lacks.
		 */
		if (errno == EACCES || errno == EPERM || !start_service(argv[1], jargc, argv + 3))
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
		for (int i = 0; i < 1000 && !up; i++) {
			usleep(10000);
			up = connect(sock, (struct sockaddr *)&addr, sizeof(addr)) == 0;
		}
		if (!up)
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
	}
	ipc_reader(&in, sock, in_buf, sizeof(in_buf));
	ipc_begin(&out, small, sizeof(small), "STDIO");
	for (int i = 0; i < 3; i++)
		ipc_fd(&out, i);
	if (ipc_send(sock, &out) < 0)
		die("sending");
	n = ipc_recv(&in, &f, field, MAX_FIELDS);
	if (n < 0)
		die("reading");
	if (n == 0 || strcmp(f.verb, "OK") != 0 || f.ntext != 0 || f.nfds != 0) {
		/* The service went away between connect and now (idle): run the command ourselves. */
		if (n > 0)
			ipc_close_fds(&f);
		close(sock);
		run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
	}
	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd");
	n = 0;
	while (environ[n])
		n++;
	cap = 64 + 3 * strlen(cwd);
	for (int i = 3 + jargc; i < argc; i++)
		cap += 1 + 3 * strlen(argv[i]);
	for (int i = 0; i < n; i++)
		cap += 1 + 3 * strlen(environ[i]);
	req = malloc(cap);
	if (!req)
		die("out of memory");
	ipc_begin(&out, req, cap, "RUN");
	ipc_text(&out, cwd);
	ipc_num(&out, argc - 3 - jargc);
	for (int i = 3 + jargc; i < argc; i++)
		ipc_text(&out, argv[i]);
	ipc_num(&out, n);
	for (int i = 0; i < n; i++)
		ipc_text(&out, environ[i]);
	if (ipc_send(sock, &out) < 0)
		die("sending the command");
	free(req);
	for (;;) {
		int r = ipc_recv(&in, &f, field, MAX_FIELDS);

		if (r == 0)
			service_gone();
		if (r < 0)
			die("reading");
		if (strcmp(f.verb, "SPAWN") == 0) {
			do_spawn(&f);
		} else if (strcmp(f.verb, "WAIT") == 0) {
			do_wait(&f);
		} else if (strcmp(f.verb, "WAITRUN") == 0) {
			do_wait_run(&f);
		} else if (strcmp(f.verb, "SUBREAPER") == 0 && f.ntext == 0 && f.nfds == 0) {
			do_subreaper();
		} else if (strcmp(f.verb, "SIGNALS") == 0 && f.ntext == 0 && f.nfds == 0) {
			take_signals(); /* a foreground exec's, kept until WAITRUN */
		} else if (strcmp(f.verb, "LOCAL") == 0 && f.ntext == 0 && f.nfds == 0) {
			/* Not one of the service's commands: run it as bin/sluice would have. */
			close(sock);
			run_jvm(jargc, argv + 3, argc - 3 - jargc, argv + 3 + jargc);
		} else if (strcmp(f.verb, "EXIT") == 0 && f.ntext == 1 && f.nfds == 0 && number(f.text[0], 255) >= 0) {
			/* Children that already exited (sluice-init's outer process) are ours to reap. */
			while (waitpid(-1, NULL, WNOHANG) > 0)
				;
			return (int)number(f.text[0], 255);
		} else {
			ipc_close_fds(&f);
			errno = EPROTO;
			die(f.verb);
		}
	}
}
