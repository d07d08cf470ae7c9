/*
 * The workload's seccomp filter: every ioctl whose request matches a notify-ioctl rule, and
 * every call of a notify-syscall's syscall, goes to the sentry as a user notification; socket() calls that match a
 * deny-socket rule, every call of a deny-syscall's syscall, and every call of a deny-syscall-arg's syscall whose
 * argument matches its masked value, fail with the rule's errno; everything else is allowed.
 * The listener is sent to the sentry and closed here, so the guest can never answer its own notifications.
 *
 * This filter is Sluice's own policy, loaded before the container's profile (seccomp_profile.c):
 * a profile, or no profile at all, cannot allow what it denies, since the kernel returns the most
 * restrictive answer of all stacked filters (ERRNO beats ALLOW, kernel/seccomp.c).
 */
#include <errno.h>
#include <seccomp.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"
#include "sluice_compat.h"

/* libseccomp returns -errno instead of setting errno. */
static void check(int rc, const char *what)
{
	if (rc < 0) {
		errno = -rc;
		bail("proc", "seccomp: %s", what);
	}
}

/* Would our own SET_FLAGS ioctl on the listener be trapped? Nobody could answer it yet. */
static int traps_set_flags(const struct plan *p)
{
	for (int i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		if (op->def->kind == OP_NOTIFY_IOCTL &&
		    ((uint32_t)SECCOMP_IOCTL_NOTIF_SET_FLAGS & op->num[0]) == op->num[1])
			return 1;
	}
	return 0;
}

void seccomp_install(const struct plan *p)
{
	scmp_filter_ctx ctx;
	int notify = 0, deny = 0, fd;

	for (int i = 0; i < p->nops; i++) {
		notify += p->ops[i].def->kind == OP_NOTIFY_IOCTL || p->ops[i].def->kind == OP_NOTIFY_SYSCALL;
		deny += p->ops[i].def->kind == OP_DENY_SOCKET || p->ops[i].def->kind == OP_DENY_SYSCALL ||
			p->ops[i].def->kind == OP_DENY_SYSCALL_ARG;
	}
	if (!notify && !deny)
		return;
	ctx = seccomp_init(SCMP_ACT_ALLOW); /* native architecture only */
	if (!ctx) {
		errno = ENOMEM;
		bail("proc", "seccomp: seccomp_init");
	}
	/* Other ABIs (i386, x32) could issue ioctls the rules do not see: kill the whole process,
	 * not only the thread, so that no half-dead process is left behind. */
	check(seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS), "bad-arch action");
	check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1), "no_new_privs");
	for (int i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		if (op->def->kind == OP_DENY_SOCKET) {
			/*
			 * socket(int domain, int type, int protocol): the kernel sees the low 32
			 * bits of each, so the high words are masked out as for notify-ioctl. The
			 * type (with SOCK_CLOEXEC and friends) is not looked at.
			 */
			check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(op->num[2]), SCMP_SYS(socket), 2,
					       SCMP_A0(SCMP_CMP_MASKED_EQ, 0xffffffffu, op->num[0]),
					       SCMP_A2(SCMP_CMP_MASKED_EQ, 0xffffffffu, op->num[1])),
			      "adding a deny-socket rule");
			continue;
		}
		if (op->def->kind == OP_DENY_SYSCALL || op->def->kind == OP_NOTIFY_SYSCALL ||
		    op->def->kind == OP_DENY_SYSCALL_ARG) {
			/* Sluice's own policy: a name this libseccomp does not know fails closed. */
			int nr = seccomp_syscall_resolve_name(op->argv[0]);

			if (nr == __NR_SCMP_ERROR) {
				errno = EINVAL;
				bail("proc", "seccomp: %s: unknown syscall '%.40s'", op->def->name, op->argv[0]);
			}
			if (op->def->kind == OP_DENY_SYSCALL_ARG) {
				/* (arg[INDEX] & MASK) == VALUE on all 64 bits: mknod's mode_t is 32 bits,
				 * so the sentry's masks have a zero high word, as notify-ioctl's. */
				struct scmp_arg_cmp cmp = { .arg = (unsigned)op->num[2],
							    .op = SCMP_CMP_MASKED_EQ,
							    .datum_a = op->num[3],
							    .datum_b = op->num[4] };

				check(seccomp_rule_add_array(ctx, SCMP_ACT_ERRNO(op->num[1]), nr, 1, &cmp),
				      "adding a deny-syscall-arg rule");
			} else if (op->def->kind == OP_DENY_SYSCALL)
				check(seccomp_rule_add(ctx, SCMP_ACT_ERRNO(op->num[1]), nr, 0),
				      "adding a deny-syscall rule");
			else
				check(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 0), "adding a notify-syscall rule");
			continue;
		}
		if (op->def->kind != OP_NOTIFY_IOCTL)
			continue;
		/*
		 * The high 32 bits of MASK are zero, so libseccomp's test on the high word of arg1
		 * is (hi & 0) == 0, always true: a request that userspace sign-extended to 64 bits
		 * (0xffffffff80045430) still matches 0x80045430, as the kernel only sees the low 32.
		 */
		check(seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(ioctl), 1,
				       SCMP_A1(SCMP_CMP_MASKED_EQ, op->num[0], op->num[1])),
		      "adding a notify-ioctl rule");
	}
	check(seccomp_load(ctx), "loading the filter");
	if (!notify) {
		/* Nothing for the sentry to answer: no listener, no LISTENER message. */
		seccomp_release(ctx);
		return;
	}
	fd = seccomp_notify_fd(ctx);
	check(fd, "getting the listener");
	/* Wake the sentry on the CPU we run on (6.6+). Older kernels say EINVAL: fine. */
	if (!traps_set_flags(p) && ioctl(fd, SECCOMP_IOCTL_NOTIF_SET_FLAGS, SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP) < 0 &&
	    errno != EINVAL && errno != ENOTTY)
		bail("proc", "seccomp: SECCOMP_IOCTL_NOTIF_SET_FLAGS");
	if (chan_send_fd("LISTENER", fd) < 0)
		bail("proc", "seccomp: sending the listener");
	close(fd);
	seccomp_release(ctx);
}
