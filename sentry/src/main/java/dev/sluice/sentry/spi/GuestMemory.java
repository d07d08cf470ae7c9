package dev.sluice.sentry.spi;

import jnr.ffi.Pointer;

/**
 * The calling guest's address space, for copying ioctl params in and results out. Every read lands
 * in sentry memory, so what the sentry validated is exactly what it uses: a guest thread rewriting
 * the params mid-call cannot change the sentry's copy.
 *
 * <p>Methods return 0 on success and {@code -errno} on failure ({@code -EFAULT} for an unmapped or
 * short range), ready to hand to the guest.
 */
public interface GuestMemory {
    int read(long guestAddr, Pointer dst, long length);

    int write(long guestAddr, Pointer src, long length);
}
