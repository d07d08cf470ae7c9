package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * One trapped ioctl, as a proxy sees it: the request, decoded once ({@link #request()}), and what
 * the proxy may reach through the call. Everything here is either a race-free fact (the registers,
 * the device of the sentry's own dup) or an accessor that copies.
 */
public interface IoctlCall {
    /**
     * The call's registers: the guest's fd, the 32-bit request and its {@code _IOC} fields, the
     * argument.
     */
    IoctlRequest request();

    /** The device behind the sentry's dup of the guest's fd. */
    CharDevice device();

    /**
     * The sentry's dup of the guest's fd, borrowed: the dispatcher closes it after the call. It
     * throws (and the call fails with EIO) if the caller is found gone when the proxy first asks.
     */
    HostFd hostFd();

    GuestMemory memory();

    /** Per-call native scratch memory, freed after the response. */
    Arena arena();

    /** Rollback actions; released by the handler once everything has succeeded. */
    Cleanup cleanup();

    /**
     * A dup of another fd of the calling guest, {@code guestFd} as numbered in the caller's fd
     * table, for params that carry fd numbers: the sentry must act on the guest's file, never on
     * whatever its own table holds under that number. Returns the new fd (the caller owns it and
     * must close it, e.g. through {@link #cleanup()}) or {@code -errno} ({@code -EBADF} for a
     * number the guest has no file under, {@code -ESRCH} once the caller is found gone: the
     * dispatcher then fails the call with EIO, whatever the proxy answers).
     */
    long guestFile(int guestFd);

    /**
     * Installs a dup of {@code fd} in the guest's fd table (without completing the syscall) and
     * returns the guest's number, or {@code -errno}.
     */
    int injectFd(HostFd fd, int newFdFlags);
}
