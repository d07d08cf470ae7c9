package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

/**
 * The common EMULATE case: params of a fixed size with no embedded pointers or fds. Copy in what
 * the direction says the driver reads, validate the sentry's copy, issue the ioctl on the sentry's
 * dup with the sentry's buffer, and copy out what the driver writes. Write hand-made handlers only
 * for requests that carry fds or pointers.
 */
public final class SimpleHandlers {
    /** Checks the sentry's private copy of the params; returns 0 or an errno for the guest. */
    @FunctionalInterface
    public interface Validator {
        int validate(Pointer params);
    }

    private SimpleHandlers() {}

    /** Copy in, ioctl, copy out, by the entry's direction and param size. */
    public static Verdict simple(IoctlCall call, IoctlEntry entry) {
        return entry.verdict(run(call, entry, p -> 0));
    }

    /** Like {@link #simple}, with {@code validator} run on the sentry's copy before the ioctl. */
    public static IoctlHandler validated(Validator validator) {
        return (call, entry) -> entry.verdict(run(call, entry, validator));
    }

    private static IoctlResult run(IoctlCall call, IoctlEntry entry, Validator validator) {
        IoctlRequest req = call.request();
        int size = entry.paramSize();
        int dir = entry.dir();
        Pointer params = call.arena().alloc(Math.max(size, 8));
        if ((dir & Ioctl.WRITE) != 0) {
            int r = call.memory().read(req.arg(), params, size);
            if (r < 0) {
                return IoctlResult.error(-r);
            }
        }
        int v = validator.validate(params);
        if (v != 0) {
            return IoctlResult.error(v);
        }
        int r =
                Native.ioctl(
                        call.hostFd().fd(), Integer.toUnsignedLong(req.cmd()), params.address());
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        if ((dir & Ioctl.READ) != 0) {
            int w = call.memory().write(req.arg(), params, size);
            if (w < 0) {
                return IoctlResult.error(-w);
            }
        }
        return IoctlResult.value(r);
    }
}
