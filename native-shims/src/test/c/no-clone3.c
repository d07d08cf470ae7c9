/*
 * sluice-no-clone3 PROGRAM ARGS...: runs PROGRAM under a seccomp filter that answers clone3 with
 * ENOSYS, as Docker's default profile does, and allows everything else. The sentry's tests start
 * sluice-init through it to take the path where clone3 is refused.
 */
#include <errno.h>
#include <seccomp.h>
#include <stdio.h>
#include <unistd.h>

#include "sluice_compat.h"

int main(int argc, char **argv)
{
	scmp_filter_ctx ctx;

	if (argc < 2) {
		dprintf(2, "usage: sluice-no-clone3 PROGRAM ARGS...\n");
		return 125;
	}
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (!ctx || seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SYS_clone3, 0) < 0 ||
	    seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0) < 0 || seccomp_load(ctx) < 0) {
		dprintf(2, "sluice-no-clone3: cannot load the filter\n");
		return 125;
	}
	execv(argv[1], argv + 1);
	dprintf(2, "sluice-no-clone3: exec %s failed\n", argv[1]);
	return 127;
}
