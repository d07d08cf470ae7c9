/*
 * The launch plan: a list of ops received as one message from the sentry and validated as a
 * whole before anything runs. See docs/launch-plan.md for the wire format and the op table.
 */
#ifndef SLUICE_INIT_PLAN_H
#define SLUICE_INIT_PLAN_H

#include <stdint.h>

#define PLAN_MAX    (256 * 1024)
#define OP_MAX_NUMS 8

enum phase { PH_NONE, PH_OUTER, PH_INIT, PH_PROC };

enum op_kind {
	OP_VERSION,
	OP_UNSHARE,
	OP_HOSTNAME,
	OP_IFUP,
	OP_MOUNT,
	OP_MOUNT_SETATTR,
	OP_MKDIR,
	OP_TOUCH,
	OP_SYMLINK,
	OP_PIVOT_ROOT,
	OP_MAKE_PRIVATE,
	OP_CHDIR,
	OP_ENV,
	OP_CAPS,
	OP_UMASK,
	OP_PERSONALITY,
	OP_NO_NEW_PRIVS,
	OP_NOTIFY_IOCTL,
	OP_NOTIFY_SYSCALL,
	OP_DENY_SOCKET,
	OP_DENY_SYSCALL,
	OP_DENY_SYSCALL_ARG,
	OP_EXEC,
	OP_DETACH,
	OP_SETNS,
	OP_MKNOD,
	OP_WRITE_FILE,
	OP_RLIMIT,
	OP_USER,
	OP_SECCOMP_DEFAULT,
	OP_SECCOMP_ARCH,
	OP_SECCOMP_FLAG,
	OP_SECCOMP_RULE,
	OP_JOIN,
	OP_TERMINAL,
	OP_HOOKS_WAIT,
	OP_RUN,
	OP_PRESERVE_FDS,
	OP_USERNS,
	OP_SETID,
	OP_OOM_SCORE_ADJ,
	OP_REAPER,
	OP_PTRACE_SCOPE,
	OP_CGROUP,
	OP_CGROUPNS,
};

struct op;
typedef void (*op_fn)(const struct op *);

struct op_def {
	const char *name;
	enum op_kind kind;
	enum phase phase;
	int min_args, max_args; /* max_args < 0: any number */
	/* One letter per argument: s string, d decimal u64, w decimal u32, o octal, b 0 or 1. */
	const char *types;
	op_fn run; /* NULL: the op is consumed elsewhere (env, exec, ...) */
};

struct op {
	const struct op_def *def;
	int argc;
	char **argv;		   /* argc strings, then NULL (exec uses it as-is) */
	uint64_t num[OP_MAX_NUMS]; /* numeric arguments, by argument index */
};

struct plan {
	struct op *ops;
	int nops;
};

/* Receives and validates the plan from the control socket; bails on any error. */
void plan_recv(struct plan *p);
/* Runs the ops of one phase, in plan order, through their op_def.run. */
void plan_run(const struct plan *p, enum phase ph);
/* Whether the plan has an op of this kind (for flag ops such as detach). */
int plan_has(const struct plan *p, enum op_kind kind);
/* The first op of this kind, or NULL. */
const struct op *plan_find(const struct plan *p, enum op_kind kind);

#endif
