/*
 * The container's own seccomp profile (OCI linux.seccomp), compiled with libseccomp from the
 * plan's seccomp-* ops and loaded as a second filter, after Sluice's notify filter and right
 * before exec, as runc loads it. Two stacked filters compose by the kernel's precedence (kill >
 * trap > errno > user-notif > trace > log > allow, kernel/seccomp.c): a profile that allows an
 * ioctl cannot take it away from the sentry, and a profile that denies one denies it.
 *
 * A profile with SCMP_ACT_NOTIFY rules gets a listener of its own, for the seccomp agent at
 * linux.seccomp.listenerPath: it goes to the sentry (AGENT-LISTENER), which passes it on, and the
 * workload execs only once the sentry answers AGENT-DONE. The kernel allows one listener per
 * process (kernel/seccomp.c, has_duplicate_listener: EBUSY), so plan.c refuses such rules in a
 * plan with notify-ioctl ops: the sentry's listener comes first.
 *
 * Ops (docs/launch-plan.md): seccomp-default ACTION ERRNO, seccomp-arch NAME, seccomp-flag NAME,
 * seccomp-rule ACTION ERRNO SYSCALL [INDEX OP VALUE VALUETWO]... The sentry has checked the names;
 * anything else here is a plan error.
 */
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"

static void check(int rc, const char *what, const char *name)
{
	if (rc < 0) {
		errno = -rc;
		bail("proc", "seccomp profile: %s %s", what, name);
	}
}

static uint32_t action(const char *name, uint64_t err)
{
	if (!strcmp(name, "SCMP_ACT_ALLOW"))
		return SCMP_ACT_ALLOW;
	if (!strcmp(name, "SCMP_ACT_ERRNO"))
		return SCMP_ACT_ERRNO((uint16_t)err);
	if (!strcmp(name, "SCMP_ACT_KILL") || !strcmp(name, "SCMP_ACT_KILL_THREAD"))
		return SCMP_ACT_KILL_THREAD;
	if (!strcmp(name, "SCMP_ACT_KILL_PROCESS"))
		return SCMP_ACT_KILL_PROCESS;
	if (!strcmp(name, "SCMP_ACT_TRAP"))
		return SCMP_ACT_TRAP;
	if (!strcmp(name, "SCMP_ACT_TRACE"))
		return SCMP_ACT_TRACE((uint16_t)err);
	if (!strcmp(name, "SCMP_ACT_LOG"))
		return SCMP_ACT_LOG;
	if (!strcmp(name, "SCMP_ACT_NOTIFY"))
		return SCMP_ACT_NOTIFY; /* rules only: plan.c refuses it as the default action */
	errno = EINVAL;
	bail("plan", "seccomp profile: unknown action '%.40s'", name);
}

static enum scmp_compare compare(const char *name)
{
	static const struct {
		const char *name;
		enum scmp_compare op;
	} ops[] = {
		{ "SCMP_CMP_NE", SCMP_CMP_NE },
		{ "SCMP_CMP_LT", SCMP_CMP_LT },
		{ "SCMP_CMP_LE", SCMP_CMP_LE },
		{ "SCMP_CMP_EQ", SCMP_CMP_EQ },
		{ "SCMP_CMP_GE", SCMP_CMP_GE },
		{ "SCMP_CMP_GT", SCMP_CMP_GT },
		{ "SCMP_CMP_MASKED_EQ", SCMP_CMP_MASKED_EQ },
	};

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(ops[i].name, name))
			return ops[i].op;
	errno = EINVAL;
	bail("plan", "seccomp profile: unknown comparison '%.40s'", name);
}

static uint64_t number(const char *s, uint64_t max)
{
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (*s < '0' || *s > '9' || errno || *end || v > max) {
		errno = EINVAL;
		bail("plan", "seccomp profile: bad number '%.40s'", s);
	}
	return v;
}

/* Adds the rule of op; returns 1 when it is a SCMP_ACT_NOTIFY rule that went into the filter. */
static int add_rule(scmp_filter_ctx ctx, uint32_t def, const struct op *op)
{
	uint32_t act = action(op->argv[0], op->num[1]);
	int nr = seccomp_syscall_resolve_name(op->argv[2]);
	int nconds = (op->argc - 3) / 4, distinct = 1;
	struct scmp_arg_cmp conds[6];

	if ((op->argc - 3) % 4 != 0 || nconds > 6) {
		errno = EINVAL;
		bail("plan", "seccomp profile: %s: conditions come in fours, at most six", op->argv[2]);
	}
	/* A name this architecture lacks (or libseccomp does not know) cannot match: skipped, as runc does. */
	if (nr == __NR_SCMP_ERROR || act == def)
		return 0;
	for (int i = 0; i < nconds; i++) {
		const char *const *c = (const char *const *)&op->argv[3 + 4 * i];

		conds[i].arg = (unsigned)number(c[0], 5);
		conds[i].op = compare(c[1]);
		conds[i].datum_a = number(c[2], UINT64_MAX);
		conds[i].datum_b = number(c[3], UINT64_MAX);
		for (int j = 0; j < i; j++)
			distinct &= conds[j].arg != conds[i].arg;
	}
	if (distinct) {
		check(seccomp_rule_add_array(ctx, act, nr, nconds, conds), "adding the rule for", op->argv[2]);
		return act == SCMP_ACT_NOTIFY;
	}
	/* Two conditions on one argument: libseccomp cannot AND them; runc adds one rule each. */
	for (int i = 0; i < nconds; i++)
		check(seccomp_rule_add_array(ctx, act, nr, 1, &conds[i]), "adding a rule for", op->argv[2]);
	return act == SCMP_ACT_NOTIFY;
}

/*
 * Hands the profile's listener to the sentry and waits until the seccomp agent has it. From the
 * load to the sendmsg the workload makes no other syscall (the heap is not trimmed, see
 * seccomp_profile_install), so whatever the profile notifies, nothing waits for an agent that
 * cannot have the listener yet; plan.c refuses SCMP_ACT_NOTIFY for sendmsg itself. What follows
 * (close, recvmsg, execve) may be notified: the agent answers it.
 */
static void hand_over(int fd)
{
	const char *answer;
	int passed;

	if (chan_send_fd("AGENT-LISTENER", fd) < 0)
		bail("proc", "seccomp profile: sending the listener");
	close(fd); /* the guest must never answer its own notifications */
	/* Anything but AGENT-DONE: the agent could not be reached; the sentry reports why. */
	if (chan_recv(&answer, &passed) != 1 || passed >= 0 || strcmp(answer, "AGENT-DONE") != 0)
		_exit(125);
}

int seccomp_profile_notifies(const struct plan *p)
{
	if (!plan_has(p, OP_SECCOMP_DEFAULT))
		return 0;
	for (int i = 0; i < p->nops; i++)
		if (p->ops[i].def->kind == OP_SECCOMP_RULE && !strcmp(p->ops[i].argv[0], "SCMP_ACT_NOTIFY"))
			return 1;
	return 0;
}

void seccomp_profile_install(const struct plan *p)
{
	const struct op *def_op = NULL;
	scmp_filter_ctx ctx;
	uint32_t def;
	int notify = 0;

	for (int i = 0; i < p->nops; i++)
		if (p->ops[i].def->kind == OP_SECCOMP_DEFAULT)
			def_op = &p->ops[i];
	if (!def_op)
		return;
	def = action(def_op->argv[0], def_op->num[1]);
	ctx = seccomp_init(def);
	if (!ctx) {
		errno = ENOMEM;
		bail("proc", "seccomp profile: seccomp_init");
	}
	/* Caps are dropped by now: without no_new_privs the kernel would refuse the filter. */
	check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 1), "setting", "no_new_privs");
	for (int i = 0; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		if (op->def->kind == OP_SECCOMP_ARCH) {
			uint32_t arch = seccomp_arch_resolve_name(op->argv[0]);
			int rc;

			if (arch == 0) {
				errno = EINVAL;
				bail("plan", "seccomp profile: unknown architecture '%.40s'", op->argv[0]);
			}
			rc = seccomp_arch_add(ctx, arch);
			if (rc != -EEXIST)
				check(rc, "adding architecture", op->argv[0]);
		} else if (op->def->kind == OP_SECCOMP_FLAG) {
			if (!strcmp(op->argv[0], "SECCOMP_FILTER_FLAG_TSYNC"))
				check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1), "setting", op->argv[0]);
			else if (!strcmp(op->argv[0], "SECCOMP_FILTER_FLAG_LOG"))
				check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_LOG, 1), "setting", op->argv[0]);
			else if (!strcmp(op->argv[0], "SECCOMP_FILTER_FLAG_SPEC_ALLOW"))
				check(seccomp_attr_set(ctx, SCMP_FLTATR_CTL_SSB, 1), "setting", op->argv[0]);
			else {
				errno = EINVAL;
				bail("plan", "seccomp profile: unknown flag '%.40s'", op->argv[0]);
			}
		}
	}
	for (int i = 0; i < p->nops; i++)
		if (p->ops[i].def->kind == OP_SECCOMP_RULE)
			notify |= add_rule(ctx, def, &p->ops[i]);
	/* libseccomp frees its BPF buffer right after the load: that free must not trim the heap
	 * (brk), a syscall the profile could notify before anyone has the listener. */
	if (notify && mallopt(M_TRIM_THRESHOLD, INT_MAX) != 1)
		bail("proc", "seccomp profile: mallopt(M_TRIM_THRESHOLD)");
	check(seccomp_load(ctx), "loading", "the filter");
	if (notify) {
		int fd = seccomp_notify_fd(ctx);

		check(fd, "getting", "the listener");
		hand_over(fd);
	}
	seccomp_release(ctx);
}
