/*
 * sluice-reaper: a child subreaper for the OCI end-to-end tests, standing in for containerd's
 * shim (which is one): a container's init is reparented to it, so it can wait for that init and
 * report its exit status, as the shim does from the pid file.
 *
 *   sluice-reaper OUT ERR PIDFILE CMD [ARGS...]
 *
 * Runs CMD (e.g. `sluice create --pid-file PIDFILE ID`) with stdin /dev/null, stdout OUT and
 * stderr ERR (the container inherits them), and prints, one flushed line each:
 *   cmd=<CMD's exit status>
 *   pid=<the pid in PIDFILE>     (only if CMD exited 0)
 *   parent=<that process's parent pid, which must be ours>
 *   exit=<its exit code, or 128+N if killed by signal N>
 * or error=<text>. Any other child it inherits (the detached sentry) is reaped and ignored.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static int status_code(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int parent_of(pid_t pid)
{
	char path[64], buf[512], *p;
	int ppid = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')))
		sscanf(p + 2, "%*c %d", &ppid);
	fclose(f);
	return ppid;
}

int main(int argc, char **argv)
{
	pid_t cmd, target, w;
	int st, fd;
	char buf[32] = { 0 };

	if (argc < 5) {
		fprintf(stderr, "usage: sluice-reaper OUT ERR PIDFILE CMD [ARGS...]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0) {
		printf("error=PR_SET_CHILD_SUBREAPER: %s\n", strerror(errno));
		return 1;
	}
	cmd = fork();
	if (cmd < 0) {
		printf("error=fork: %s\n", strerror(errno));
		return 1;
	}
	if (cmd == 0) {
		int in = open("/dev/null", O_RDONLY);
		int out = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int err = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
			_exit(126);
		execvp(argv[4], argv + 4);
		_exit(127);
	}
	while ((w = waitpid(cmd, &st, 0)) < 0 && errno == EINTR)
		;
	printf("cmd=%d\n", status_code(st));
	if (status_code(st) != 0)
		return 0;
	fd = open(argv[3], O_RDONLY);
	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0) {
		printf("error=cannot read %s\n", argv[3]);
		return 1;
	}
	close(fd);
	target = atoi(buf);
	printf("pid=%d\n", (int)target);
	printf("parent=%d\n", parent_of(target));
	for (;;) {
		w = waitpid(-1, &st, 0);
		if (w == target) {
			printf("exit=%d\n", status_code(st));
			return 0;
		}
		if (w < 0 && errno != EINTR) {
			printf("error=waitpid: %s (pid %d is not our child)\n", strerror(errno), (int)target);
			return 1;
		}
	}
}
