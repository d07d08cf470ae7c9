package dev.sluice.nvproxy.frontend;

import java.util.function.IntUnaryOperator;

/**
 * Process ids as a guest sees them. RM numbers the processes it reports in the pid namespace of the
 * process that asks ({@code pid_vnr} in {@code os_find_ns_pid}, kernel-open/nvidia/os-interface.c),
 * and drops those that namespace cannot see; for an emulated call that process is the sentry,
 * outside the sandbox, so the sentry translates the answer into the calling guest's namespace
 * itself.
 */
@FunctionalInterface
public interface GuestPids {
    /**
     * A translation of pids of the sentry's namespace into the pid namespace of guest thread {@code
     * tid}: the pid there, or 0 for a process the guest's namespace does not hold.
     */
    IntUnaryOperator of(int tid);

    /** A guest that sees no process (tests, and sandboxes without a pid namespace to look at). */
    GuestPids NONE = tid -> pid -> 0;
}
