/*
 * sluice-syscalls: the guest of the syscall-profile suites (SyscallProfileE2ETest). It plays a
 * workload that wants more of the host kernel than a container should reach, and reports what each
 * call got, one key=value per call ("0" for success, else the errno's name):
 *
 *   probe       unshare(CLONE_NEWUSER), clone(CLONE_NEWUSER), clone3(CLONE_NEWUSER),
 *               io_uring_setup, add_key, keyctl, bpf, perf_event_open
 *   uring-socket DOMAIN TYPE PROTOCOL
 *               a socket made through an io_uring (IORING_OP_SOCKET), past any seccomp rule on
 *               socket(): uring_setup=, uring_socket=, uring_socket_protocol=
 *
 * Where a call cannot succeed for an ordinary reason (bpf and perf_event_open need capabilities
 * the sandbox lacks), its arguments are chosen so that the kernel answers with an errno of its own
 * (EINVAL for an unknown bpf command, EFAULT for a NULL perf_event_attr): EPERM then means a
 * seccomp filter answered, not the kernel. Calls that change the process (a user namespace) run in
 * a child.
 */
#include <linux/io_uring.h>
#include <linux/keyctl.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "guest.h"

static void usage(void)
{
	fprintf(stderr, "usage: sluice-syscalls probe | uring-socket DOMAIN TYPE PROTOCOL\n");
	exit(2);
}

/* errno name of a raw syscall's result: "0" for success. */
static const char *result(long rc)
{
	return rc >= 0 ? "0" : ename(errno);
}

/* Runs one clone-like call; the child exits at once. Returns the call's result. */
static long in_child_exit(long rc)
{
	if (rc == 0)
		_exit(0);
	if (rc > 0)
		waitpid((pid_t)rc, NULL, 0);
	return rc;
}

static int cmd_probe(void)
{
	/* unshare in a child: the parent stays in its own user namespace for the other calls. */
	int pipefd[2];
	if (pipe(pipefd) != 0)
		return 1;
	pid_t pid = fork();
	if (pid == 0) {
		int e = unshare(CLONE_NEWUSER) == 0 ? 0 : errno;
		(void)!write(pipefd[1], &e, sizeof e);
		_exit(0);
	}
	int e = -1;
	(void)!read(pipefd[0], &e, sizeof e);
	waitpid(pid, NULL, 0);
	out("unshare_user=%s", e == 0 ? "0" : ename(e));

	long rc = in_child_exit(syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0));
	out("clone_newuser=%s", result(rc));

	struct clone_args ca = { .flags = CLONE_NEWUSER, .exit_signal = SIGCHLD };
	rc = in_child_exit(syscall(SYS_clone3, &ca, sizeof ca));
	out("clone3_newuser=%s", result(rc));

	struct io_uring_params p = { 0 };
	rc = syscall(SYS_io_uring_setup, 1, &p);
	out("io_uring_setup=%s", result(rc));
	if (rc >= 0)
		close((int)rc);

	rc = syscall(SYS_add_key, "user", "sluice-probe", "x", 1, KEY_SPEC_PROCESS_KEYRING);
	out("add_key=%s", result(rc));

	rc = syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_PROCESS_KEYRING, 1);
	out("keyctl=%s", result(rc));

	/* An unknown command: the kernel says EINVAL once the call reaches it. */
	char attr[128] = { 0 };
	rc = syscall(SYS_bpf, 0x7fff, attr, sizeof attr);
	out("bpf=%s", result(rc));

	/* A NULL attr: the kernel says EFAULT when it copies it in. */
	rc = syscall(SYS_perf_event_open, NULL, 0, -1, -1, 0);
	out("perf_event_open=%s", result(rc));
	return 0;
}

/*
 * One IORING_OP_SOCKET (Linux 5.19) through a ring of one entry, with the single mapping of both
 * rings (IORING_FEAT_SINGLE_MMAP, 5.4); the kernel makes the socket without a socket() call.
 */
static int cmd_uring_socket(int domain, int type, int protocol)
{
	struct io_uring_params p = { 0 };
	int fd = (int)syscall(SYS_io_uring_setup, 1, &p);
	out("uring_setup=%s", fd >= 0 ? "0" : ename(errno));
	if (fd < 0)
		return 0;
	size_t sq = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	size_t cq = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	size_t len = sq > cq ? sq : cq;
	uint8_t *ring = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQ_RING);
	struct io_uring_sqe *sqes = mmap(NULL, p.sq_entries * sizeof(struct io_uring_sqe), PROT_READ | PROT_WRITE,
					 MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
	if (ring == MAP_FAILED || sqes == MAP_FAILED || !(p.features & IORING_FEAT_SINGLE_MMAP)) {
		out("uring_socket=%s", ename(errno ? errno : EOPNOTSUPP));
		return 1;
	}
	memset(&sqes[0], 0, sizeof sqes[0]);
	sqes[0].opcode = IORING_OP_SOCKET;
	sqes[0].fd = domain;
	sqes[0].off = (uint64_t)type;
	sqes[0].len = (uint32_t)protocol;
	((unsigned *)(ring + p.sq_off.array))[0] = 0;
	__atomic_store_n((unsigned *)(ring + p.sq_off.tail), 1, __ATOMIC_RELEASE);
	if (syscall(SYS_io_uring_enter, fd, 1, 1, IORING_ENTER_GETEVENTS, NULL, 0) < 0) {
		out("uring_socket=%s", ename(errno));
		return 0;
	}
	unsigned head = __atomic_load_n((unsigned *)(ring + p.cq_off.head), __ATOMIC_ACQUIRE);
	unsigned mask = *(unsigned *)(ring + p.cq_off.ring_mask);
	int res = ((struct io_uring_cqe *)(ring + p.cq_off.cqes))[head & mask].res;
	out("uring_socket=%s", res >= 0 ? "0" : ename(-res));
	if (res >= 0) {
		int proto = -1;
		socklen_t sl = sizeof proto;
		getsockopt(res, SOL_SOCKET, SO_PROTOCOL, &proto, &sl);
		out("uring_socket_protocol=%d", proto);
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "probe") == 0)
		return cmd_probe();
	if (argc == 5 && strcmp(argv[1], "uring-socket") == 0)
		return cmd_uring_socket((int)arg_num(argc, argv, 2), (int)arg_num(argc, argv, 3),
					(int)arg_num(argc, argv, 4));
	usage();
}
