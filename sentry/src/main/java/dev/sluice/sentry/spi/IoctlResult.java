package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.HostFd;

/** How the sentry answers one trapped ioctl. Guest errors are values here, never exceptions. */
public sealed interface IoctlResult {

    /** The disposition this answer counts under. */
    Disposition disposition();

    /** EMULATE: the syscall returns {@code value}. */
    record Value(long value) implements IoctlResult {
        public Disposition disposition() {
            return Disposition.EMULATE;
        }
    }

    /** EMULATE: the emulated call failed the way the driver (or the proxy's validation) said. */
    record GuestError(int errno) implements IoctlResult {
        public Disposition disposition() {
            return Disposition.EMULATE;
        }
    }

    /**
     * EMULATE: the syscall returns a new guest fd, a dup of {@code fd}, installed and answered in
     * one step ({@code SECCOMP_ADDFD_FLAG_SEND}). The dispatcher closes {@code fd} afterwards.
     */
    record InjectFd(HostFd fd, int newFdFlags) implements IoctlResult {
        public Disposition disposition() {
            return Disposition.EMULATE;
        }
    }

    /** CONTINUE: the kernel runs the call in the guest's context. */
    record Continue() implements IoctlResult {
        public Disposition disposition() {
            return Disposition.CONTINUE;
        }
    }

    /**
     * DENY: refused with {@code errno}; {@code reason} goes to the rate-limited warning. With
     * {@code errno} 0 the syscall returns 0 and the refusal is in the params, the way the device
     * reports it (an NVIDIA RM status such as {@code NV_ERR_NOT_SUPPORTED}); the proxy has written
     * that status to the guest before answering. It is still counted and logged as a denial.
     */
    record Denied(int errno, String reason) implements IoctlResult {
        public Disposition disposition() {
            return Disposition.DENY;
        }
    }

    IoctlResult CONTINUE = new Continue();

    static IoctlResult value(long v) {
        return new Value(v);
    }

    static IoctlResult error(int errno) {
        return new GuestError(errno);
    }

    static IoctlResult deny(int errno, String reason) {
        return new Denied(errno, reason);
    }
}
