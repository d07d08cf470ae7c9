package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.GuestMemory;

import jnr.ffi.Pointer;

/**
 * One call's view of its caller's memory: the caller's {@code /proc/TID/mem}, opened on first use
 * through the call's {@link CallerIdentity} (which checks the notification right after opening, so
 * the file is known to hold the caller's address space) and closed with the call. Every transfer
 * goes through that one file; nothing names the tid again, and there is no {@code
 * process_vm_readv}/{@code writev} fallback, which would name it on each transfer. If the file
 * cannot be opened (EMFILE, say) every access fails with that errno; once the identity is lost,
 * with ESRCH.
 *
 * <p>Host failures map to {@code -EFAULT} for the guest: an unmapped range reads as EIO from
 * procfs, and a short transfer is a fault too.
 */
public final class ProcMemory implements GuestMemory, AutoCloseable {
    /** No single copy may exceed this; larger params are refused before any I/O. */
    public static final long MAX_COPY = 64L << 20;

    private final CallerIdentity caller;
    private final Arena arena;
    private int fd = -1;

    public ProcMemory(CallerIdentity caller, Arena arena) {
        this.caller = caller;
        this.arena = arena;
    }

    private int open() {
        if (caller.lost()) {
            return -Errno.ESRCH;
        }
        if (fd >= 0) {
            return 0;
        }
        int r = caller.openMemory(arena);
        if (r < 0) {
            return r;
        }
        fd = r;
        return 0;
    }

    @Override
    public int read(long guestAddr, Pointer dst, long length) {
        return transfer(guestAddr, dst, length, false);
    }

    @Override
    public int write(long guestAddr, Pointer src, long length) {
        return transfer(guestAddr, src, length, true);
    }

    private int transfer(long guestAddr, Pointer local, long length, boolean write) {
        if (length == 0) {
            return 0;
        }
        if (length < 0 || length > MAX_COPY || length > local.size()) {
            return -Errno.EINVAL;
        }
        int r = open();
        if (r < 0) {
            return r;
        }
        long n =
                write
                        ? Native.pwrite(fd, local.address(), length, guestAddr)
                        : Native.pread(fd, local.address(), length, guestAddr);
        return n == length ? 0 : -Errno.EFAULT;
    }

    @Override
    public void close() {
        if (fd >= 0) {
            Native.close(fd);
            fd = -1;
        }
    }
}
