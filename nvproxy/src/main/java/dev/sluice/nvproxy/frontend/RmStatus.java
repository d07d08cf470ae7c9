package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

/**
 * Refusals the way RM reports them: the ioctl succeeds and the params' {@code status} field holds
 * the RM status ({@code NV_ERR_NOT_SUPPORTED} for a command the driver does not implement, and so
 * on). User space (CUDA, NVML) reads that field, so this is what it expects; the call is still
 * counted and logged as a denial.
 */
final class RmStatus {
    private RmStatus() {}

    /**
     * A refusal not yet answered: the RM status for the guest and the reason for the denial log.
     */
    record Refusal(int status, String reason) {}

    /** {@link #refuse(IoctlCall, int, int, String)} for {@code refusal}. */
    static IoctlResult refuse(IoctlCall call, int statusOffset, Refusal refusal) {
        return refuse(call, statusOffset, refusal.status(), refusal.reason());
    }

    /**
     * Writes {@code status} into the guest's params at {@code statusOffset} and answers the call as
     * denied with {@code reason}. If even that write faults, the guest gets {@code EFAULT}.
     */
    static IoctlResult refuse(IoctlCall call, int statusOffset, int status, String reason) {
        Pointer p = call.arena().alloc(4);
        p.putInt(0, status);
        int w = call.memory().write(call.request().arg() + statusOffset, p, 4);
        String why = reason + " -> " + NvStatus.name(status);
        return IoctlResult.deny(w < 0 ? Errno.EFAULT : 0, why);
    }
}
