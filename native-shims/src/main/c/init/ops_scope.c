/*
 * ptrace-scope: puts the container's process, and so every process it starts, in a Landlock domain
 * of its own. A process in a Landlock domain may ptrace, open /proc/PID/mem of, or
 * process_vm_read/write only processes in the same domain or one nested in it, whatever its
 * capabilities (security/landlock: ptrace_access_check, since Linux 5.13): so a workload granted
 * CAP_SYS_PTRACE still cannot reach a process of Sluice's (an exec'd process while it is still
 * sluice-init, between its fork into the container and its execve; sluice run's init) nor an
 * exec'd process at all, which stays outside the domain. Processes exec'd into the container
 * (kubectl exec py-spy) can still trace the container's: a tracer outside every domain may.
 *
 * A domain must restrict something. The least intrusive is the signal scope (Linux 6.12, Landlock
 * ABI 6): processes in the domain cannot signal processes outside it, which for a container with a
 * pid namespace of its own are only the exec'd processes. Restricting files (any older ABI) would
 * also forbid mount(2) inside the domain, so on kernels without scopes the op does nothing: the
 * exec'd process then holds the exec'd process's credentials and filters before it can be named
 * (main.c, run_joiner), and that is the guarantee (docs/security-model.md).
 */
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "chan.h"
#include "ops.h"
#include "sluice_compat.h"

void op_ptrace_scope(const struct op *op)
{
	struct sluice_landlock_ruleset_attr attr = { .scoped = SLUICE_LANDLOCK_SCOPE_SIGNAL };
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, SLUICE_LANDLOCK_CREATE_RULESET_VERSION);
	int fd;

	(void)op;
	if (abi < 6)
		return; /* no Landlock (ENOSYS), disabled (EOPNOTSUPP), or no scopes yet */
	fd = syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0);
	if (fd < 0)
		bail("proc", "ptrace-scope: landlock_create_ruleset");
	/* Still root with every capability of the setup here: CAP_SYS_ADMIN stands in for no_new_privs. */
	if (syscall(SYS_landlock_restrict_self, fd, 0) < 0)
		bail("proc", "ptrace-scope: landlock_restrict_self");
	close(fd);
}
