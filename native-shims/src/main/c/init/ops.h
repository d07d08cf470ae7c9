/*
 * The ops' implementations. Each one carries out exactly what its plan op says and bails on
 * failure, naming the op and its path; none of them decides anything on its own.
 */
#ifndef SLUICE_INIT_OPS_H
#define SLUICE_INIT_OPS_H

#include <stdint.h>
#include <sys/types.h>

struct op;
struct plan;

/*
 * ops_ns.c: the namespaces. Outer phase, in the host's namespaces first: the oom score, then
 * the namespaces joined (setns, join) and made (unshare). Init phase: the new UTS and network
 * namespaces' hostname and loopback.
 */
/* Writes SCORE to /proc/self/oom_score_adj, inherited by init and the workload. */
void op_oom_score_adj(const struct op *op);
void op_setns(const struct op *op);
void op_join(const struct op *op);
void op_unshare(const struct op *op);
void op_hostname(const struct op *op);
void op_ifup(const struct op *op);
/* Field 22 of /proc/PID/stat, the start time in clock ticks since boot; 0 if unreadable. */
unsigned long long start_time(pid_t pid);

/*
 * ops_cgroup.c: the container's cgroup v2 (cgroup op). cgroup_open, in outer before any namespace
 * op, opens it; cgroup_fork forks the container's process into it (a plain fork() without the op)
 * and closes both fds on both sides. The cgroupns op makes the container's cgroup namespace, in
 * the init phase, once its process is in its cgroup.
 */
void cgroup_open(const struct plan *p);
pid_t cgroup_fork(const char *phase);
/* fork(), with our parent as the child's (CLONE_PARENT): mid's fork of an exec'd process. */
pid_t fork_sibling(void);
void op_cgroupns(const struct op *op);

/* ops_fs.c: the init phase's filesystem (mounts, directories, nodes, files, the new root). */
void op_mount(const struct op *op);
void op_mount_setattr(const struct op *op);
void op_mkdir(const struct op *op);
void op_touch(const struct op *op);
void op_symlink(const struct op *op);
void op_mknod(const struct op *op);
void op_write_file(const struct op *op);
void op_pivot_root(const struct op *op);
void op_make_private(const struct op *op);
/* Sends HOOKS and waits for HOOKS-DONE (the OCI create hooks run meanwhile); anything else: exit 125. */
void op_hooks_wait(const struct op *op);
void op_run(const struct op *op);

/* ops_userns.c: the outer phase's user namespace (maps written by a helper left outside it). */
void op_userns(const struct op *op);
void op_setid(const struct op *op);

/* ops_scope.c: a Landlock domain of the container's own (proc phase, first). */
void op_ptrace_scope(const struct op *op);

/* ops_tty.c: the workload's terminal (process.terminal), first of the proc phase. */
void op_terminal(const struct op *op);
/*
 * Set by an exec'd process's outer before its proc phase: op_terminal then leaves the new
 * session and the controlling terminal to the process it forks (terminal_take_ctty), since a
 * session led by outer would lose its terminal when outer exits.
 */
extern int terminal_defer_ctty;
/* setsid() and the pty on fd 0 as controlling terminal (TIOCSCTTY). */
void terminal_take_ctty(void);

/* ops_proc.c: the workload's proc phase. */
void op_chdir(const struct op *op);
void op_rlimit(const struct op *op);
void op_user(const struct op *op);
void op_caps(const struct op *op);
void op_umask(const struct op *op);
void op_personality(const struct op *op);
/* What op_caps does, for any caller: keeps only the capabilities in KEEP, in every set. */
void caps_keep(uint64_t keep, const char *phase);
void caps_set(uint64_t bounding, uint64_t permitted, uint64_t inheritable, uint64_t ambient, const char *phase);
void op_no_new_privs(const struct op *op);
/* Fds 3 to 3+N-1, inherited from the caller (--preserve-fds N), survive the workload's execve. */
void op_preserve_fds(const struct op *op);
/* execve()s the plan's exec op with the plan's env ops; reports EXEC-FAILED and exits if
 * that fails: as a message, or, when exec_status_fd is set (an exec'd process, which holds no
 * control socket), as the errno written there for outer to report. */
_Noreturn void exec_workload(const struct plan *p);
extern int exec_status_fd;

/* seccomp.c: loads Sluice's filter (if the plan has notify-ioctl, notify-syscall, deny-socket or
 * deny-syscall ops) and, with notify-ioctl or notify-syscall ops, sends LISTENER. */
void seccomp_install(const struct plan *p);
/* seccomp_profile.c: loads the container's own profile (seccomp-* ops), if any; called last before exec. */
void seccomp_profile_install(const struct plan *p);
/* Whether the profile has SCMP_ACT_NOTIFY rules, whose listener goes over the control socket. */
int seccomp_profile_notifies(const struct plan *p);

/* harden.c: sluice run's init, once it has forked the workload: no capability, no_new_privs,
 * non-dumpable, a filter allowing only waiting, signals and exit. Bails on any failure. */
void harden_init(void);

/* watch.c: `sluice-init --watch`: kills PID (started at START) when the sentry SENTRY dies. */
_Noreturn void run_watch(pid_t sentry, unsigned long long sentry_start, pid_t pid, unsigned long long start);

#endif
