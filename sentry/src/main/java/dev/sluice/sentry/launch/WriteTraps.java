package dev.sluice.sentry.launch;

import dev.sluice.sentry.spi.WriteRequest;

/**
 * The filter of a sandbox whose writes a proxy mediates ({@link
 * dev.sluice.sentry.spi.DeviceProxy#mediatesWrites}, RDMAProxy's strict mode): the write family
 * ({@link WriteRequest#SYSCALLS}) goes to the sentry, and io_uring is refused whatever the user
 * asked ({@link IoUring}): a ring's write operations reach a file's {@code ->write} without any
 * syscall the filter sees ({@code loop_rw_iter}, io_uring/rw.c, serves files without {@code
 * ->write_iter}, as uverbs and rdma_cm are), so allowing one would open the path the mode closes.
 */
public final class WriteTraps {
    private WriteTraps() {}

    /** Adds the {@code notify-syscall} ops and the io_uring refusals to {@code b}. */
    public static void add(LaunchPlan.Builder b) {
        for (String s : WriteRequest.SYSCALLS) {
            b.notifySyscall(s);
        }
        IoUring.deny(b);
    }
}
