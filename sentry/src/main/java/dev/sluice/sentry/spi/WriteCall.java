package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.HostFd;

/**
 * One trapped write-family call on a device a proxy owns, as the proxy sees it ({@link
 * DeviceProxy#write}): the registers, decoded once, the device of the sentry's own dup, and guest
 * memory to copy the written bytes from ({@link GuestIovec}). Everything here is a race-free fact
 * or an accessor that copies.
 */
public interface WriteCall {
    WriteRequest request();

    /** The device behind the sentry's dup of the guest's fd. */
    CharDevice device();

    /**
     * The sentry's dup of the guest's fd, borrowed; it throws (and the call fails with EIO) if the
     * caller is found gone when the proxy first asks.
     */
    HostFd hostFd();

    GuestMemory memory();

    /** Per-call native scratch memory, freed after the response. */
    Arena arena();
}
