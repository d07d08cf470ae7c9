/*
 * The ops' implementations. Each one carries out exactly what its plan op says and bails on
 * failure, naming the op and its path; none of them decides anything on its own.
 */
#ifndef SLUICE_INIT_OPS_H
#define SLUICE_INIT_OPS_H

struct op;
struct plan;

/* ops_fs.c: the outer and init phases (namespaces, mounts, the root filesystem). */
void op_setns(const struct op *op);
void op_join(const struct op *op);
/*
 * watch-sentry PID STARTTIME: a pidfd of the container's sentry, opened in the host's pid namespace
 * and kept by init, which ends the container when it becomes readable (the sentry died).
 */
void op_watch_sentry(const struct op *op);
extern int sentry_pidfd;
void op_unshare(const struct op *op);
void op_hostname(const struct op *op);
void op_ifup(const struct op *op);
void op_mount(const struct op *op);
void op_mount_setattr(const struct op *op);
void op_mkdir(const struct op *op);
void op_touch(const struct op *op);
void op_symlink(const struct op *op);
void op_mknod(const struct op *op);
void op_write_file(const struct op *op);
/* Outer phase: writes SCORE to /proc/self/oom_score_adj, inherited by init and the workload. */
void op_oom_score_adj(const struct op *op);
void op_pivot_root(const struct op *op);
/* Sends HOOKS and waits for HOOKS-DONE (the OCI create hooks run meanwhile); anything else: exit 125. */
void op_hooks_wait(const struct op *op);

/* ops_userns.c: the outer phase's user namespace (maps written by a helper left outside it). */
void op_userns(const struct op *op);
void op_setid(const struct op *op);

/* ops_tty.c: the workload's terminal (process.terminal), first of the proc phase. */
void op_terminal(const struct op *op);

/* ops_proc.c: the workload's proc phase. */
void op_chdir(const struct op *op);
void op_rlimit(const struct op *op);
void op_user(const struct op *op);
void op_caps(const struct op *op);
void op_no_new_privs(const struct op *op);
/* Fds 3 to 3+N-1, inherited from the caller (--preserve-fds N), survive the workload's execve. */
void op_preserve_fds(const struct op *op);
/* execve()s the plan's exec op with the plan's env ops; reports EXEC-FAILED and exits if
 * that fails. */
_Noreturn void exec_workload(const struct plan *p);

/* seccomp.c: loads Sluice's filter (if the plan has notify-ioctl, deny-socket or deny-syscall ops)
 * and, with notify-ioctl ops, sends LISTENER. */
void seccomp_install(const struct plan *p);
/* seccomp_profile.c: loads the container's own profile (seccomp-* ops), if any; called last before exec. */
void seccomp_profile_install(const struct plan *p);

#endif
