/*
 * sluice run's init, once it has forked the workload, keeps nothing the workload lacks: it is pid 1
 * of the sandbox, visible to the workload, and a process that can be traced (ptrace, /proc/1/mem)
 * can be made to run any syscall its credentials and filters allow. So it drops every capability
 * (bounding set included), sets no_new_privs, becomes non-dumpable (ptrace, /proc/1/mem and
 * process_vm_* then need CAP_SYS_PTRACE, which sluice run never grants) and loads a filter that
 * allows only what a reaper and signal forwarder does from then on: wait, kill, return from a
 * signal handler, write an error line, close its own fds (the pipe that tells the workload init is
 * hardened), exit. Everything else, device ioctls included, is EPERM.
 *
 * OCI containers have no such init: their own process is pid 1 (main.c).
 */
#include <errno.h>
#include <seccomp.h>
#include <sys/prctl.h>

#include "chan.h"
#include "ops.h"

void harden_init(void)
{
	static const int allowed[] = {
		SCMP_SYS(wait4), SCMP_SYS(waitid), SCMP_SYS(kill), SCMP_SYS(rt_sigreturn), SCMP_SYS(restart_syscall),
		SCMP_SYS(write), SCMP_SYS(close),  SCMP_SYS(exit), SCMP_SYS(exit_group),
	};
	scmp_filter_ctx ctx;
	int rc;

	if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0)
		bail("init", "harden: PR_SET_DUMPABLE");
	caps_keep(0, "init");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
		bail("init", "harden: no-new-privs");
	ctx = seccomp_init(SCMP_ACT_ERRNO(EPERM));
	if (!ctx) {
		errno = ENOMEM;
		bail("init", "harden: seccomp_init");
	}
	rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
	for (size_t i = 0; rc == 0 && i < sizeof(allowed) / sizeof(allowed[0]); i++)
		rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, allowed[i], 0);
	if (rc == 0)
		rc = seccomp_load(ctx);
	if (rc < 0) {
		errno = -rc;
		bail("init", "harden: loading the filter");
	}
	/* No seccomp_release(): freeing could munmap or trim the heap, which the filter refuses. */
}
