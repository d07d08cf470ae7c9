/*
 * sluice-ptrace-probe: a container process granted CAP_SYS_PTRACE that tries to reach every other
 * process of its pid namespace, the way a hostile workload would try to seize a runtime's process
 * (docs/security-model.md, "Sluice's own processes").
 *
 *   scan MS   for MS milliseconds (or until SIGTERM), over and over: every pid in /proc but its own (it starts none)
 *             gets PTRACE_SEIZE, open("/proc/PID/mem", O_RDWR) and process_vm_readv. A seize that
 *             works is undone at once (PTRACE_INTERRUPT, wait, PTRACE_DETACH). Prints
 *             probe_ready first, then probe_targets (distinct pids seen), probe_seize_ok,
 *             probe_mem_ok, probe_vm_ok (successes, all attempts), one probe_hit=PID:COMM:WHAT per
 *             first success of a kind on a pid, and probe_seen=PID:COMM per pid.
 *   idle MS   sleeps MS milliseconds: what the harness execs into the container meanwhile.
 *
 * process_vm_readv reads one byte at 0x1000, which is never mapped: EFAULT means the permission
 * check passed (the copy comes after it), EPERM or ESRCH that it did not.
 */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest.h"

#define MAX_PIDS 4096

static struct target {
	int pid;
	char comm[32];
	int hits; /* bit 0 seize, 1 mem, 2 vm: first success of each already printed */
} targets[MAX_PIDS];
static int ntargets;
static volatile sig_atomic_t stop;

static void on_term(int sig)
{
	(void)sig;
	stop = 1;
}

static void usage(void)
{
	fprintf(stderr, "usage: sluice-ptrace-probe scan MS | idle MS\n");
	exit(2);
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static struct target *target(int pid)
{
	char path[64];
	int fd;
	ssize_t n;

	for (int i = 0; i < ntargets; i++)
		if (targets[i].pid == pid)
			return &targets[i];
	if (ntargets == MAX_PIDS)
		return NULL;
	struct target *t = &targets[ntargets++];
	t->pid = pid;
	snprintf(path, sizeof path, "/proc/%d/comm", pid);
	fd = open(path, O_RDONLY);
	n = fd < 0 ? -1 : read(fd, t->comm, sizeof t->comm - 1);
	if (fd >= 0)
		close(fd);
	t->comm[n > 0 ? n - 1 : 0] = '\0'; /* drop the newline */
	if (n <= 0)
		snprintf(t->comm, sizeof t->comm, "?");
	return t;
}

static void hit(struct target *t, int bit, const char *what, long *count)
{
	(*count)++;
	if (!(t->hits & bit))
		out("probe_hit=%d:%s:%s", t->pid, t->comm, what);
	t->hits |= bit;
}

static void attack(int pid, long counts[3])
{
	struct target *t = target(pid);
	char path[64], byte;
	struct iovec local = { &byte, 1 }, remote = { (void *)0x1000, 1 };
	int fd, st;

	if (!t)
		return;
	if (ptrace(PTRACE_SEIZE, pid, 0, 0) == 0) {
		hit(t, 1, "seize", &counts[0]);
		if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) == 0 && waitpid(pid, &st, __WALL) == pid)
			ptrace(PTRACE_DETACH, pid, 0, 0);
	}
	snprintf(path, sizeof path, "/proc/%d/mem", pid);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd >= 0) {
		hit(t, 2, "mem", &counts[1]);
		close(fd);
	}
	if (process_vm_readv(pid, &local, 1, &remote, 1, 0) >= 0 || errno == EFAULT)
		hit(t, 4, "vm", &counts[2]);
}

static int scan(long ms)
{
	long counts[3] = { 0, 0, 0 };
	long long end = now_ms() + ms;
	int self = getpid();

	out("probe_self=%d", self);
	/* Landlock's ABI version (0: none): with scopes (6+) the runtime puts the container in a domain. */
	long abi = syscall(444 /* SYS_landlock_create_ruleset */, NULL, 0, 1 /* _VERSION */);
	out("probe_landlock_abi=%ld", abi < 0 ? 0 : abi);
	signal(SIGTERM, on_term);
	out("probe_ready");
	while (!stop && now_ms() < end) {
		DIR *d = opendir("/proc");
		struct dirent *e;

		if (!d) {
			out("probe_error=opendir /proc: %s", ename(errno));
			return 1;
		}
		while ((e = readdir(d)) != NULL) {
			char *endp;
			long pid = strtol(e->d_name, &endp, 10);

			if (*endp || pid <= 0 || pid == self)
				continue;
			attack((int)pid, counts);
		}
		closedir(d);
	}
	for (int i = 0; i < ntargets; i++)
		out("probe_seen=%d:%s", targets[i].pid, targets[i].comm);
	out("probe_targets=%d", ntargets);
	out("probe_seize_ok=%ld", counts[0]);
	out("probe_mem_ok=%ld", counts[1]);
	out("probe_vm_ok=%ld", counts[2]);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3)
		usage();
	long ms = arg_num(argc, argv, 2);
	if (!strcmp(argv[1], "scan"))
		return scan(ms);
	if (!strcmp(argv[1], "idle")) {
		usleep((useconds_t)ms * 1000);
		return 0;
	}
	usage();
}
