package dev.sluice.sentry.nativeio;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETTID;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Assumptions;

import java.nio.charset.StandardCharsets;

/**
 * Test support: real host fds and thread ids from this JVM, through the sentry's own {@link
 * Native}.
 */
public final class TestFds {
    private TestFds() {}

    /** {@code open(path, flags)}; fails the test on error. The caller closes the result. */
    public static int open(String path, int flags) {
        int fd = openOrErrno(path, flags);
        assertTrue(fd >= 0, "open(" + path + ") failed: " + Errno.describe(-fd));
        return fd;
    }

    /** {@code open(path, flags)}, or {@code -errno}. */
    public static int openOrErrno(String path, int flags) {
        byte[] b = path.getBytes(StandardCharsets.UTF_8);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, b.length + 1, true);
        p.put(0, b, 0, b.length);
        return (int) Native.ret(Native.LIBC.open(p.address(), flags, 0));
    }

    /** A fresh eventfd, the cheapest real fd; the caller closes it. */
    public static int eventfd() {
        int fd = (int) Native.ret(Native.LIBC.eventfd(0, Native.O_CLOEXEC));
        assertTrue(fd >= 0, "eventfd failed: " + Errno.describe(-fd));
        return fd;
    }

    /** Whether {@code fd} is open in this process ({@code fstat} succeeds). */
    public static boolean isOpen(int fd) {
        Pointer st = Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE, true);
        return Native.fstat(fd, st.address()) == 0;
    }

    /** The calling thread's kernel id. */
    public static int gettid() {
        return (int) Native.LIBC.syscall(SYS_GETTID, 0, 0, 0, 0, 0, 0);
    }

    /**
     * Skips the calling test class, visibly, where this process may not use {@code pidfd_getfd} on
     * itself (it needs pidfd support and ptrace access to itself).
     */
    public static void assumePidfdGetfd() {
        int pidfd = Native.pidfdOpen(Native.getpid(), 0);
        Assumptions.assumeTrue(
                pidfd >= 0, "pidfd_open unavailable here: " + Errno.describe(-pidfd));
        try {
            int fd = Native.pidfdGetfd(pidfd, 0);
            Assumptions.assumeTrue(
                    fd >= 0 || fd == -Errno.EBADF,
                    "pidfd_getfd unavailable here: " + Errno.describe(-fd));
            if (fd >= 0) {
                Native.close(fd);
            }
        } finally {
            Native.close(pidfd);
        }
    }
}
