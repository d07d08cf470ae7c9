/*
 * Parses the NUL-token plan ("OPNAME\0N\0ARG1\0...ARGN\0" per op) into an op array. All
 * validation happens here, in the outer process, so that a malformed plan fails before any
 * namespace or mount exists. The ops' strings point into the static receive buffer.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "chan.h"
#include "ops.h"
#include "plan.h"

static const struct op_def defs[] = {
	{ "version", OP_VERSION, PH_NONE, 1, 1, "d", NULL },
	{ "detach", OP_DETACH, PH_OUTER, 0, 0, "", NULL },
	{ "setns", OP_SETNS, PH_OUTER, 2, 2, "sw", op_setns },
	{ "join", OP_JOIN, PH_OUTER, 3, 3, "wdw", op_join },
	{ "oom-score-adj", OP_OOM_SCORE_ADJ, PH_OUTER, 1, 1, "s", op_oom_score_adj },
	{ "reaper", OP_REAPER, PH_OUTER, 0, 0, "", NULL },
	{ "userns", OP_USERNS, PH_OUTER, 2, 2, "ss", op_userns },
	{ "setid", OP_SETID, PH_OUTER, 2, 2, "ww", op_setid },
	{ "unshare", OP_UNSHARE, PH_OUTER, 1, 1, "w", op_unshare },
	{ "cgroup", OP_CGROUP, PH_NONE, 1, 1, "s", NULL },
	{ "cgroupns", OP_CGROUPNS, PH_INIT, 0, 0, "", op_cgroupns },
	{ "hostname", OP_HOSTNAME, PH_INIT, 1, 1, "s", op_hostname },
	{ "ifup", OP_IFUP, PH_INIT, 1, 1, "s", op_ifup },
	{ "mount", OP_MOUNT, PH_INIT, 5, 5, "sssds", op_mount },
	{ "mount-setattr", OP_MOUNT_SETATTR, PH_INIT, 4, 4, "sddb", op_mount_setattr },
	{ "mkdir", OP_MKDIR, PH_INIT, 2, 2, "so", op_mkdir },
	{ "touch", OP_TOUCH, PH_INIT, 2, 2, "so", op_touch },
	{ "symlink", OP_SYMLINK, PH_INIT, 2, 2, "ss", op_symlink },
	{ "mknod", OP_MKNOD, PH_INIT, 7, 7, "ssowwww", op_mknod },
	{ "write-file", OP_WRITE_FILE, PH_INIT, 2, 2, "ss", op_write_file },
	{ "hooks-wait", OP_HOOKS_WAIT, PH_INIT, 0, 0, "", op_hooks_wait },
	{ "run", OP_RUN, PH_INIT, 2, 64, "s", op_run },
	{ "pivot-root", OP_PIVOT_ROOT, PH_INIT, 1, 1, "s", op_pivot_root },
	{ "make-private", OP_MAKE_PRIVATE, PH_INIT, 1, 1, "s", op_make_private },
	{ "ptrace-scope", OP_PTRACE_SCOPE, PH_PROC, 0, 0, "", op_ptrace_scope },
	{ "terminal", OP_TERMINAL, PH_PROC, 2, 2, "ww", op_terminal },
	{ "chdir", OP_CHDIR, PH_PROC, 1, 1, "s", op_chdir },
	{ "env", OP_ENV, PH_PROC, 1, 1, "s", NULL },
	{ "rlimit", OP_RLIMIT, PH_PROC, 3, 3, "wdd", op_rlimit },
	{ "user", OP_USER, PH_PROC, 2, -1, "ww", op_user },
	{ "caps", OP_CAPS, PH_PROC, 4, 4, "dddd", op_caps },
	{ "umask", OP_UMASK, PH_PROC, 1, 1, "o", op_umask },
	{ "personality", OP_PERSONALITY, PH_PROC, 1, 1, "w", op_personality },
	{ "no-new-privs", OP_NO_NEW_PRIVS, PH_PROC, 0, 0, "", op_no_new_privs },
	{ "preserve-fds", OP_PRESERVE_FDS, PH_PROC, 1, 1, "w", op_preserve_fds },
	{ "notify-ioctl", OP_NOTIFY_IOCTL, PH_PROC, 2, 2, "ww", NULL },
	{ "notify-syscall", OP_NOTIFY_SYSCALL, PH_PROC, 1, 1, "s", NULL },
	{ "deny-socket", OP_DENY_SOCKET, PH_PROC, 3, 3, "www", NULL },
	{ "deny-syscall", OP_DENY_SYSCALL, PH_PROC, 2, 2, "sw", NULL },
	{ "deny-syscall-arg", OP_DENY_SYSCALL_ARG, PH_PROC, 5, 5, "swwdd", NULL },
	{ "seccomp-default", OP_SECCOMP_DEFAULT, PH_PROC, 2, 2, "sw", NULL },
	{ "seccomp-arch", OP_SECCOMP_ARCH, PH_PROC, 1, 1, "s", NULL },
	{ "seccomp-flag", OP_SECCOMP_FLAG, PH_PROC, 1, 1, "s", NULL },
	{ "seccomp-rule", OP_SECCOMP_RULE, PH_PROC, 3, 27, "sws", NULL },
	{ "exec", OP_EXEC, PH_PROC, 2, -1, "", NULL },
};

/* A malformed plan is the sentry's bug, reported as EINVAL in phase "plan". */
#define plan_fail(...) (errno = EINVAL, bail("plan", __VA_ARGS__))

static char buf[PLAN_MAX + 1];

/* Strict parsing: digits only, no sign, no spaces, no overflow past max. */
static int parse_num(const char *s, int base, uint64_t max, uint64_t *out)
{
	char *end;

	if (*s < '0' || *s > (base == 8 ? '7' : '9'))
		return -1;
	errno = 0;
	*out = strtoull(s, &end, base);
	return (errno || *end || *out > max) ? -1 : 0;
}

static void parse_arg(struct op *op, int i, int at)
{
	const char *s = op->argv[i];
	char t = op->def->types[i];
	uint64_t max = t == 'w' ? UINT32_MAX : t == 'b' ? 1 : t == 'o' ? 07777 : UINT64_MAX;

	if (t == 's' || t == '\0')
		return;
	if (parse_num(s, t == 'o' ? 8 : 10, max, &op->num[i]) < 0)
		plan_fail("op %d (%s): argument %d is not a valid number: '%.40s'", at, op->def->name, i + 1, s);
}

static void check_u32(const struct op *op, int i, int at)
{
	uint64_t v;

	if (parse_num(op->argv[i], 10, UINT32_MAX, &v) < 0)
		plan_fail("op %d (%s): argument %d is not a valid number: '%.40s'", at, op->def->name, i + 1,
			  op->argv[i]);
}

static const struct op_def *find_def(const char *name)
{
	for (size_t i = 0; i < sizeof(defs) / sizeof(defs[0]); i++)
		if (strcmp(defs[i].name, name) == 0)
			return &defs[i];
	return NULL;
}

/* Returns the token at *pos and moves past its NUL; fails on a token that runs off the end. */
static char *next_token(size_t *pos, size_t len, int at)
{
	char *tok = buf + *pos;
	char *nul = *pos < len ? memchr(tok, '\0', len - *pos) : NULL;

	if (!nul)
		plan_fail("op %d: truncated token", at);
	*pos = nul - buf + 1;
	return tok;
}

static void parse(struct plan *p, size_t len)
{
	/* Every op has at least two tokens, every token ends in a NUL: this bounds both arrays. */
	size_t ntok = 0, pos = 0, used = 0;
	char **pool;

	for (size_t i = 0; i < len; i++)
		ntok += buf[i] == '\0';
	p->ops = calloc(ntok / 2 + 1, sizeof(*p->ops));
	pool = calloc(ntok + ntok / 2 + 1, sizeof(*pool));
	if (!p->ops || !pool)
		bail("plan", "allocating the plan");
	p->nops = 0;
	while (pos < len) {
		int at = p->nops;
		struct op *op = &p->ops[p->nops++];
		const char *name = next_token(&pos, len, at);
		uint64_t n;

		op->def = find_def(name);
		if (!op->def)
			plan_fail("op %d: unknown op '%.40s'", at, name);
		if (parse_num(next_token(&pos, len, at), 10, len, &n) < 0 || (int)n < op->def->min_args ||
		    (op->def->max_args >= 0 && (int)n > op->def->max_args))
			plan_fail("op %d (%s): bad argument count", at, op->def->name);
		op->argc = n;
		op->argv = pool + used;
		used += n + 1;
		for (int i = 0; i < op->argc; i++)
			op->argv[i] = next_token(&pos, len, at);
		op->argv[op->argc] = NULL;
		for (int i = 0; i < op->argc && op->def->types[i]; i++)
			parse_arg(op, i, at);
		/* user: UID GID then any number of supplementary gids, all 32-bit. */
		if (op->def->kind == OP_USER)
			for (int i = 2; i < op->argc; i++)
				check_u32(op, i, at);
	}
}

/*
 * A join plan (exec into a running container) has no init of its own: outer joins the
 * container's namespaces and forks the process itself, so nothing may create namespaces or
 * touch the container's filesystem.
 */
static void validate_join(const struct plan *p)
{
	int joins = 0, terminals = 0, userns = 0, cgroups = 0;

	for (int i = 1; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		cgroups += op->def->kind == OP_CGROUP;
		joins += op->def->kind == OP_JOIN;
		terminals += op->def->kind == OP_TERMINAL;
		userns += op->def->kind == OP_USERNS;
		if (op->def->kind == OP_JOIN && op->num[0] == 0)
			plan_fail("op %d: join pid 0 is no process", i);
	}
	if (joins > 1 || terminals > 1 || userns > 1 || cgroups > 1)
		plan_fail("'%s' may appear only once", joins > 1       ? "join"
						       : terminals > 1 ? "terminal"
						       : userns > 1    ? "userns"
								       : "cgroup");
	if (!joins)
		return;
	for (int i = 1; i < p->nops; i++) {
		const struct op_def *d = p->ops[i].def;

		if (d->phase == PH_INIT || d->kind == OP_UNSHARE || d->kind == OP_SETNS || d->kind == OP_USERNS ||
		    d->kind == OP_REAPER || d->kind == OP_PTRACE_SCOPE)
			plan_fail("op %d: '%s' cannot be in a plan with 'join'", i, d->name);
	}
}

/*
 * A profile's SCMP_ACT_NOTIFY (seccomp_profile.c): never the default action and never for sendmsg,
 * which both would notify the handover of the profile's own listener, so the workload would wait
 * forever; and never with notify-ioctl ops, whose listener is the sentry's: the kernel allows one
 * per process (a second is EBUSY; libseccomp then loads the filter without one).
 */
static void validate_profile_notify(const struct plan *p)
{
	int notify = 0;

	for (int i = 1; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		if ((op->def->kind != OP_SECCOMP_RULE && op->def->kind != OP_SECCOMP_DEFAULT) ||
		    strcmp(op->argv[0], "SCMP_ACT_NOTIFY") != 0)
			continue;
		if (op->def->kind == OP_SECCOMP_DEFAULT)
			plan_fail("op %d: seccomp-default may not be SCMP_ACT_NOTIFY", i);
		if (!strcmp(op->argv[2], "sendmsg"))
			plan_fail("op %d: seccomp-rule SCMP_ACT_NOTIFY for sendmsg would stall the listener's handover",
				  i);
		notify = 1;
	}
	if (notify && (plan_has(p, OP_NOTIFY_IOCTL) || plan_has(p, OP_NOTIFY_SYSCALL)))
		plan_fail("a seccomp-rule SCMP_ACT_NOTIFY cannot share a process with notify-ioctl or notify-syscall: "
			  "one "
			  "listener per process");
}

/* A syscall name as libseccomp spells them: lower-case letters, digits and '_', at most 64. */
static int syscall_name(const char *s)
{
	size_t n = strlen(s);

	return n > 0 && n <= 64 && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_") == n;
}

static void validate(const struct plan *p)
{
	if (p->nops == 0 || p->ops[0].def->kind != OP_VERSION || p->ops[0].num[0] != 1)
		plan_fail("the first op must be 'version 1'");
	if (p->ops[p->nops - 1].def->kind != OP_EXEC)
		plan_fail("the last op must be 'exec'");
	for (int i = 1; i < p->nops; i++) {
		const struct op *op = &p->ops[i];

		if (op->def->kind == OP_VERSION)
			plan_fail("op %d: 'version' may only be the first op", i);
		if (op->def->kind == OP_EXEC && i != p->nops - 1)
			plan_fail("op %d: 'exec' may only be the last op", i);
		/* Such a rule could never match: surely not what the sentry meant. */
		if (op->def->kind == OP_NOTIFY_IOCTL && (op->num[1] & ~op->num[0]))
			plan_fail("op %d: notify-ioctl value 0x%x has bits outside mask 0x%x", i, (unsigned)op->num[1],
				  (unsigned)op->num[0]);
		/* SCMP_ACT_ERRNO carries 16 bits; the kernel's errno values end at 4095. */
		if (op->def->kind == OP_DENY_SOCKET && (op->num[2] == 0 || op->num[2] > 4095))
			plan_fail("op %d: deny-socket errno %u is not in 1..4095", i, (unsigned)op->num[2]);
		if (op->def->kind == OP_DENY_SYSCALL && (op->num[1] == 0 || op->num[1] > 4095))
			plan_fail("op %d: deny-syscall errno %u is not in 1..4095", i, (unsigned)op->num[1]);
		if (op->def->kind == OP_DENY_SYSCALL && !syscall_name(op->argv[0]))
			plan_fail("op %d: deny-syscall '%.40s' is not a syscall name", i, op->argv[0]);
		if (op->def->kind == OP_DENY_SYSCALL_ARG && (op->num[1] == 0 || op->num[1] > 4095))
			plan_fail("op %d: deny-syscall-arg errno %u is not in 1..4095", i, (unsigned)op->num[1]);
		if (op->def->kind == OP_DENY_SYSCALL_ARG && !syscall_name(op->argv[0]))
			plan_fail("op %d: deny-syscall-arg '%.40s' is not a syscall name", i, op->argv[0]);
		/* seccomp_data carries six arguments; a value outside the mask could never match. */
		if (op->def->kind == OP_DENY_SYSCALL_ARG && op->num[2] > 5)
			plan_fail("op %d: deny-syscall-arg index %u is not 0..5", i, (unsigned)op->num[2]);
		if (op->def->kind == OP_DENY_SYSCALL_ARG && (op->num[4] & ~op->num[3]))
			plan_fail("op %d: deny-syscall-arg value has bits outside its mask", i);
		if (op->def->kind == OP_NOTIFY_SYSCALL && !syscall_name(op->argv[0]))
			plan_fail("op %d: notify-syscall '%.40s' is not a syscall name", i, op->argv[0]);
		/* The sentry answers notifications only once it holds the listener, which reaches it by
		 * sendmsg and is configured by ioctl: trapping either would stall the workload before it
		 * starts. The other syscalls sluice-init makes after loading the filter go over the
		 * channel (sendmsg) as well. */
		if (op->def->kind == OP_NOTIFY_SYSCALL &&
		    (!strcmp(op->argv[0], "sendmsg") || !strcmp(op->argv[0], "ioctl")))
			plan_fail("op %d: notify-syscall may not trap %s: the listener's handover needs it", i,
				  op->argv[0]);
		if (op->def->kind == OP_MKNOD && (strlen(op->argv[1]) != 1 || !strchr("cbp", op->argv[1][0])))
			plan_fail("op %d: mknod type '%.40s' is not c, b or p", i, op->argv[1]);
		if ((op->def->kind == OP_SECCOMP_RULE || op->def->kind == OP_SECCOMP_DEFAULT) && op->num[1] > 4095)
			plan_fail("op %d: %s errno %u is beyond 4095", i, op->def->name, (unsigned)op->num[1]);
		if (op->def->kind == OP_SECCOMP_RULE && (op->argc - 3) % 4 != 0)
			plan_fail("op %d: seccomp-rule conditions come in fours (INDEX OP VALUE VALUETWO)", i);
		/* A user namespace made by unshare would have no maps: that is the userns op's job. */
		if (op->def->kind == OP_UNSHARE && (op->num[0] & CLONE_NEWUSER))
			plan_fail("op %d: unshare may not make a user namespace (0x%x): use 'userns'", i,
				  CLONE_NEWUSER);
		/* The container's process is forked into its cgroup: a cgroup namespace made before
		 * that would be rooted at the caller's cgroup (and clone3 refuses a cgroup outside it). */
		if (op->def->kind == OP_UNSHARE && (op->num[0] & CLONE_NEWCGROUP) && plan_has(p, OP_CGROUP))
			plan_fail("op %d: unshare may not make the cgroup namespace in a plan with 'cgroup': use "
				  "'cgroupns'",
				  i);
		if (op->def->kind == OP_CGROUP && op->argv[0][0] != '/')
			plan_fail("op %d: cgroup '%.40s' is not an absolute path", i, op->argv[0]);
		if (op->def->kind == OP_CGROUP && plan_has(p, OP_REAPER))
			plan_fail("op %d: 'cgroup' cannot be in a plan with 'reaper'", i);
		if (op->def->kind == OP_ENV && !strchr(op->argv[0], '='))
			plan_fail("op %d: env '%.40s' is not NAME=VALUE", i, op->argv[0]);
	}
	validate_join(p);
	validate_profile_notify(p);
}

void plan_recv(struct plan *p)
{
	int truncated;
	ssize_t n = chan_recv_plan(buf, sizeof(buf), &truncated);

	if (n < 0)
		bail("plan", "receiving the plan");
	if (n == 0)
		plan_fail("no plan: empty message or closed control socket");
	if (truncated) {
		errno = EMSGSIZE;
		bail("plan", "plan too large (limit %d bytes)", PLAN_MAX);
	}
	parse(p, n);
	validate(p);
}

const struct op *plan_find(const struct plan *p, enum op_kind kind)
{
	for (int i = 0; i < p->nops; i++)
		if (p->ops[i].def->kind == kind)
			return &p->ops[i];
	return NULL;
}

int plan_has(const struct plan *p, enum op_kind kind)
{
	return plan_find(p, kind) != NULL;
}

void plan_run(const struct plan *p, enum phase ph)
{
	for (int i = 0; i < p->nops; i++)
		if (p->ops[i].def->phase == ph && p->ops[i].def->run)
			p->ops[i].def->run(&p->ops[i]);
}
