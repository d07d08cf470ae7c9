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

    /**
     * Whether the calling thread still waits for the answer ({@code SECCOMP_IOCTL_NOTIF_ID_VALID}):
     * false once it died or a signal interrupted its call. A proxy that waits for something on the
     * guest's behalf (an event) asks again and again, and stops waiting once it is false.
     */
    boolean stillWaiting();

    /**
     * A dup of another fd of the calling guest, as {@link IoctlCall#guestFile}: the new fd (the
     * caller closes it) or {@code -errno}.
     */
    long guestFile(int guestFd);

    /**
     * The caller's network namespace: a new fd of its {@code /proc/TID/ns/net} (the caller closes
     * it), opened through the pinned caller and checked to be the caller's (the thread still waited
     * right after the open), or {@code -errno}. For a proxy that executes, on a thread of its own
     * in that namespace, what the kernel would have run in the guest's.
     */
    long callerNetns();
}
