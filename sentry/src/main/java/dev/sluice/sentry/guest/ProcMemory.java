package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.GuestMemory;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import jnr.ffi.Pointer;

/**
 * One call's view of a guest thread's memory through {@code /proc/TID/mem}, opened on first use
 * and closed with the call. Right after opening, the notification id is checked again: only while
 * the trapped thread still waits can its pid not have been reused, so only then is the file known
 * to be the right address space. If {@code /proc} cannot be opened (no procfs, EACCES) it falls
 * back to {@code process_vm_readv}/{@code process_vm_writev}.
 *
 * <p>Host failures map to {@code -EFAULT} for the guest: an unmapped range reads as EIO from
 * procfs and as EFAULT from process_vm_*, and a short transfer is a fault too.
 */
public final class ProcMemory implements GuestMemory, AutoCloseable {
    /** No single copy may exceed this; larger params are refused before any I/O. */
    public static final long MAX_COPY = 64L << 20;

    private final int tid;
    private final Arena arena;
    private final BooleanSupplier stillValid;
    private int fd = -1;
    private boolean useVm;
    /** The notification was no longer valid right after opening: nothing opened may be used. */
    private boolean stale;

    public ProcMemory(int tid, Arena arena, BooleanSupplier stillValid) {
        this.tid = tid;
        this.arena = arena;
        this.stillValid = stillValid;
    }

    private int open() {
        if (stale) {
            return -Errno.ESRCH;
        }
        if (fd >= 0 || useVm) {
            return 0;
        }
        byte[] path = ("/proc/" + tid + "/mem").getBytes(StandardCharsets.US_ASCII);
        Pointer p = arena.alloc(path.length + 1);
        p.put(0, path, 0, path.length);
        int r = (int) Native.ret(Native.LIBC.open(p.address(), Native.O_RDWR | Native.O_CLOEXEC, 0));
        if (r < 0) {
            if (r == -Errno.ENOENT) {
                return -Errno.ESRCH;
            }
            useVm = true;
        } else {
            fd = r;
        }
        if (!stillValid.getAsBoolean()) {
            stale = true;
            return -Errno.ESRCH;
        }
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
        long n;
        if (!useVm) {
            n = write ? Native.pwrite(fd, local.address(), length, guestAddr)
                    : Native.pread(fd, local.address(), length, guestAddr);
        } else {
            Pointer iov = arena.alloc(32);
            iov.putLong(0, local.address());
            iov.putLong(8, length);
            iov.putLong(16, guestAddr);
            iov.putLong(24, length);
            n = Native.ret(Native.LIBC.syscall(write ? Native.SYS_PROCESS_VM_WRITEV : Native.SYS_PROCESS_VM_READV,
                    tid, iov.address(), 1, iov.address() + 16, 1, 0));
        }
        if (n == -Errno.ESRCH) {
            return -Errno.ESRCH;
        }
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
