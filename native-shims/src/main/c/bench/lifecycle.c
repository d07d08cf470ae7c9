/*
 * sluice-bench-lifecycle: the driver of `sluice bench lifecycle`. It times container lifecycles
 * through a runc-compatible CLI exactly as a container manager's shim drives one, so that Sluice and
 * runc are measured by the same code:
 *
 *   sluice-bench-lifecycle --runtime PATH --root DIR --bundle DIR --cycles N --id PREFIX
 *
 * Each cycle runs, one after the other and each to completion:
 *   RUNTIME --root DIR create --bundle BUNDLE --pid-file DIR/PREFIX-I.pid PREFIX-I
 *   RUNTIME --root DIR start PREFIX-I
 *   (waits for the container's init, reparented to this process, which is a child subreaper as
 *    containerd's shim is, and checks that it exited 0)
 *   RUNTIME --root DIR delete PREFIX-I
 * and is timed with CLOCK_MONOTONIC from before create to after delete. Orphans it inherits (a
 * detached daemon of the runtime) are reaped on the way. Prints one line:
 *
 *   lifecycle cycles=N mean_ms=X median_ms=Y min_ms=Z max_ms=W
 *
 * Any failing step prints `lifecycle error: ...` on stderr and exits 1. The runtimes' own output
 * goes to this process's stderr; the container's stdin is /dev/null.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CYCLES 10000

static void die(const char *what)
{
	fprintf(stderr, "lifecycle error: %s\n", what);
	exit(1);
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int status_code(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The container's init of the current cycle, and its exit status once reaped (-1 before). */
static pid_t init_pid = -1;
static int init_status = -1;

/*
 * Waits for `pid`, reaping any other child on the way: an orphan the runtime left, or the
 * container's init, which may exit while `start` still runs (its status is kept).
 */
static int wait_for(pid_t pid)
{
	int st;
	pid_t w;

	if (pid == init_pid && init_status >= 0)
		return init_status;
	for (;;) {
		w = waitpid(-1, &st, 0);
		if (w > 0 && w == init_pid)
			init_status = status_code(st);
		if (w == pid)
			return status_code(st);
		if (w < 0 && errno != EINTR) {
			fprintf(stderr, "lifecycle error: waiting for %d: %s\n", (int)pid, strerror(errno));
			exit(1);
		}
	}
}

/* Runs argv with stdin /dev/null and stdout on stderr; returns its exit status. */
static int run(char *const argv[])
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork failed");
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY | O_CLOEXEC);

		if (null < 0 || dup2(null, 0) < 0 || dup2(2, 1) < 0)
			_exit(127);
		execv(argv[0], argv);
		fprintf(stderr, "lifecycle error: exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	return wait_for(pid);
}

static int compare(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	const char *runtime = NULL, *root = NULL, *bundle = NULL, *prefix = NULL;
	long cycles = -1;
	static double times[MAX_CYCLES];
	double sum = 0;

	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--runtime"))
			runtime = argv[i + 1];
		else if (!strcmp(argv[i], "--root"))
			root = argv[i + 1];
		else if (!strcmp(argv[i], "--bundle"))
			bundle = argv[i + 1];
		else if (!strcmp(argv[i], "--id"))
			prefix = argv[i + 1];
		else if (!strcmp(argv[i], "--cycles"))
			cycles = strtol(argv[i + 1], NULL, 10);
		else
			die("usage: sluice-bench-lifecycle --runtime PATH --root DIR --bundle DIR --cycles N --id "
			    "PREFIX");
	}
	if (!runtime || !root || !bundle || !prefix || cycles < 1 || cycles > MAX_CYCLES || argc % 2 == 0)
		die("usage: sluice-bench-lifecycle --runtime PATH --root DIR --bundle DIR --cycles N --id PREFIX");
	if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) < 0)
		die("PR_SET_CHILD_SUBREAPER failed");

	for (long c = 0; c < cycles; c++) {
		char id[256], pidfile[4096], buf[32] = { 0 }, msg[512];
		int fd, code;
		pid_t init;

		init_pid = -1;
		init_status = -1;

		snprintf(id, sizeof(id), "%s-%ld", prefix, c);
		snprintf(pidfile, sizeof(pidfile), "%s/%s.pid", root, id);
		char *create[] = { (char *)runtime, "--root",	  (char *)root, "create", "--bundle",
				   (char *)bundle,  "--pid-file", pidfile,	id,	  NULL };
		char *start[] = { (char *)runtime, "--root", (char *)root, "start", id, NULL };
		char *delete[] = { (char *)runtime, "--root", (char *)root, "delete", id, NULL };

		double t0 = now_ms();
		if ((code = run(create)) != 0) {
			snprintf(msg, sizeof(msg), "%s create %s exited %d", runtime, id, code);
			die(msg);
		}
		fd = open(pidfile, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0 || (init = (pid_t)atoi(buf)) <= 0)
			die("no pid in the pid file after create");
		close(fd);
		init_pid = init;
		if ((code = run(start)) != 0) {
			snprintf(msg, sizeof(msg), "%s start %s exited %d", runtime, id, code);
			die(msg);
		}
		if ((code = wait_for(init)) != 0) {
			snprintf(msg, sizeof(msg), "container %s exited %d, not 0", id, code);
			die(msg);
		}
		if ((code = run(delete)) != 0) {
			snprintf(msg, sizeof(msg), "%s delete %s exited %d", runtime, id, code);
			die(msg);
		}
		times[c] = now_ms() - t0;
		sum += times[c];
		unlink(pidfile);
	}
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	qsort(times, (size_t)cycles, sizeof(double), compare);
	printf("lifecycle cycles=%ld mean_ms=%.2f median_ms=%.2f min_ms=%.2f max_ms=%.2f\n", cycles, sum / cycles,
	       times[cycles / 2], times[0], times[cycles - 1]);
	return 0;
}
