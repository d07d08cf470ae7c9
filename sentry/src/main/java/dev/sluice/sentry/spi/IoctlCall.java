package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * One trapped ioctl, as a proxy sees it. Everything here is either a race-free fact (the
 * registers, the device of the sentry's own dup) or an accessor that copies.
 */
public interface IoctlCall {
    /** The calling thread (a pid in the sentry's namespace). */
    int tid();

    /** The guest's fd number: a plain value, never closed by the sentry. */
    int guestFd();

    /** The request, truncated to 32 bits exactly as the kernel does. */
    int cmd();

    /** The raw third argument: a guest pointer for most requests. */
    long arg();

    /** The device behind the sentry's dup of the guest's fd. */
    CharDevice device();

    /** The sentry's dup of the guest's fd, borrowed: the dispatcher closes it after the call. */
    HostFd hostFd();

    GuestMemory memory();

    /** Per-call native scratch memory, freed after the response. */
    Arena arena();

    /** Rollback actions; released by the handler once everything has succeeded. */
    Cleanup cleanup();

    /**
     * Installs a dup of {@code fd} in the guest's fd table (without completing the syscall) and
     * returns the guest's number, or {@code -errno}.
     */
    int injectFd(HostFd fd, int newFdFlags);
}
