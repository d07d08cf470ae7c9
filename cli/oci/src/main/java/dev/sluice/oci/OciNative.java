package dev.sluice.oci;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_DUP2;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_FCNTL;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PIPE2;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PRCTL;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PRLIMIT64;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETSID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_WAIT4;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;

/**
 * The few system calls the OCI runtime makes itself: process plumbing for the detached sentry
 * (pipe, setsid, dup2; processes are started by a {@code Spawner}), pidfds to signal and watch a
 * container's init without racing a reused pid, and the child-subreaper flag of {@code sluice run}
 * (OCI form). Every method returns {@code -errno} on failure unless it says it throws.
 *
 * <p>Everything goes through the sentry's small jnr-ffi binding ({@link Native}). jnr-posix, whose
 * binding of all of libc took about 0.6 s to generate at every start, is loaded only by what spawns
 * processes ({@link #posix()} for hooks, and {@code Spawner.LOCAL}); never by start, state, kill or
 * delete of a container without hooks.
 */
public final class OciNative {
    // include/uapi/linux/prctl.h
    static final int PR_SET_CHILD_SUBREAPER = 36;
    // include/uapi/asm-generic/fcntl.h
    static final int F_GETFD = 1;
    static final int F_SETFD = 2;
    static final int FD_CLOEXEC = 1;
    static final int O_WRONLY = 1;
    static final int O_APPEND = 02000;
    static final int O_CREAT = 0100;

    private OciNative() {}

    /** jnr-posix, bound on first use (see the class comment). */
    public static POSIX posix() {
        return Posix.INSTANCE;
    }

    private static final class Posix {
        static final POSIX INSTANCE = POSIXFactory.getNativePOSIX();
    }

    /** A pipe whose ends are both close-on-exec: [0] read, [1] write. Throws on failure. */
    public static int[] pipe() {
        Pointer fds = Memory.allocateDirect(Native.RUNTIME, 8, true);
        long r =
                Native.ret(
                        Native.LIBC.syscall(
                                SYS_PIPE2, fds.address(), Native.O_CLOEXEC, 0, 0, 0, 0));
        if (r < 0) {
            throw new OciException("pipe: " + Errno.describe((int) -r));
        }
        return new int[] {fds.getInt(0), fds.getInt(4)};
    }

    /** Marks {@code fd} close-on-exec; 0 or -errno. */
    public static int setCloseOnExec(int fd) {
        return (int) Native.ret(Native.LIBC.syscall(SYS_FCNTL, fd, F_SETFD, FD_CLOEXEC, 0, 0, 0));
    }

    /** Whether {@code fd} is open in this process. */
    public static boolean isOpen(int fd) {
        return Native.ret(Native.LIBC.syscall(SYS_FCNTL, fd, F_GETFD, 0, 0, 0, 0)) >= 0;
    }

    /** Reads up to {@code max} bytes until end of file. */
    public static byte[] readAll(int fd, int max) {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, Math.max(1, max), true);
        int n = 0;
        while (n < max) {
            long r = Native.ret(Native.LIBC.read(fd, buf.address() + n, max - n));
            if (r == -Errno.EINTR) {
                continue;
            }
            if (r <= 0) {
                break;
            }
            n += (int) r;
        }
        byte[] out = new byte[n];
        buf.get(0, out, 0, n);
        return out;
    }

    public static void write(int fd, byte[] data) {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, Math.max(1, data.length), true);
        buf.put(0, data, 0, data.length);
        int off = 0;
        while (off < data.length) {
            long r = Native.ret(Native.LIBC.write(fd, buf.address() + off, data.length - off));
            if (r == -Errno.EINTR) {
                continue;
            }
            if (r <= 0) {
                return;
            }
            off += (int) r;
        }
    }

    public static int close(int fd) {
        return Native.close(fd);
    }

    /** Leaves the caller's session and process group: no terminal signal reaches us. */
    public static int setsid() {
        return (int) Native.ret(Native.LIBC.syscall(SYS_SETSID, 0, 0, 0, 0, 0, 0));
    }

    /** {@code open(path, flags, mode)}: the fd, or -errno. */
    public static int open(String path, int flags, int mode) {
        byte[] p = path.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, p.length + 1, true);
        buf.put(0, p, 0, p.length);
        buf.putByte(p.length, (byte) 0);
        return (int) Native.ret(Native.LIBC.open(buf.address(), flags, mode));
    }

    /** Points fds 0 and 1 at /dev/null and fd 2 at {@code log} (appended). Throws on failure. */
    public static void redirectStdio(String log) {
        int nul = open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC, 0);
        int out = open(log, O_WRONLY | O_APPEND | O_CREAT | Native.O_CLOEXEC, 0600);
        if (nul < 0 || out < 0) {
            close(nul);
            close(out);
            throw new OciException(
                    "cannot open /dev/null or "
                            + log
                            + ": "
                            + Errno.describe((int) -Math.min(nul, out)));
        }
        dup2(nul, 0);
        dup2(nul, 1);
        dup2(out, 2);
        close(nul);
        close(out);
    }

    /** Makes {@code to} a copy of {@code from}; -errno on failure. */
    public static int dup2(int from, int to) {
        return (int) Native.ret(Native.LIBC.syscall(SYS_DUP2, from, to, 0, 0, 0, 0));
    }

    /**
     * Raises process {@code pid}'s soft {@code RLIMIT_NOFILE} to its hard limit, as a JVM raises
     * its own at its start (HotSpot's {@code MaxFDLimit}), so that what {@code pid} starts
     * afterwards inherits what a JVM's children do. 0, or -errno.
     */
    public static int raiseOpenFilesLimit(int pid) {
        Pointer limit = Memory.allocateDirect(Native.RUNTIME, 16, true);
        int r = openFilesLimit(pid, 0, limit.address());
        if (r < 0) {
            return r;
        }
        limit.putLong(0, limit.getLong(8));
        return openFilesLimit(pid, limit.address(), 0);
    }

    /** prlimit64(2) of {@code pid}'s {@code RLIMIT_NOFILE}: sets from, reads into (0: neither). */
    private static int openFilesLimit(int pid, long newLimit, long oldLimit) {
        return (int)
                Native.ret(
                        Native.LIBC.syscall(
                                SYS_PRLIMIT64,
                                pid,
                                Native.RLIMIT_NOFILE,
                                newLimit,
                                oldLimit,
                                0,
                                0));
    }

    /** A pidfd for {@code pid} (close-on-exec), or -errno. */
    public static int pidfdOpen(int pid) {
        return Native.pidfdOpen(pid, 0);
    }

    /** Sends {@code sig} through a pidfd: never to a process that reused the pid. */
    public static int pidfdSendSignal(int pidfd, int sig) {
        return Native.pidfdSendSignal(pidfd, sig);
    }

    /**
     * Waits until the pidfd's process has exited (its pidfd polls readable), at most {@code
     * timeoutMillis} (-1: forever). Returns true once it has exited.
     */
    public static boolean awaitExit(int pidfd, int timeoutMillis) {
        Pointer pfd = Memory.allocateDirect(Native.RUNTIME, 8, true);
        pfd.putInt(0, pidfd);
        pfd.putShort(4, Native.POLLIN);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            int wait =
                    timeoutMillis < 0
                            ? -1
                            : (int) Math.max(0, (deadline - System.nanoTime()) / 1_000_000L);
            int r = (int) Native.ret(Native.LIBC.poll(pfd.address(), 1, wait));
            if (r == -Errno.EINTR) {
                continue;
            }
            return r > 0;
        }
    }

    /**
     * Makes this process the reaper of its orphaned descendants (the container's init among them).
     */
    public static int setChildSubreaper() {
        return (int)
                Native.ret(Native.LIBC.syscall(SYS_PRCTL, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0, 0));
    }

    /** waitpid(pid, 0): the exit code, or 128+N for death by signal N, or -errno. */
    public static int waitpid(int pid) {
        Pointer st = Memory.allocateDirect(Native.RUNTIME, 4, true);
        long r;
        do {
            r = Native.ret(Native.LIBC.syscall(SYS_WAIT4, pid, st.address(), 0, 0, 0, 0));
        } while (r == -Errno.EINTR);
        if (r < 0) {
            return (int) r;
        }
        return exitCode(st.getInt(0));
    }

    /** A raw wait status as a shell says it: the exit status, or 128+N for signal N. */
    public static int exitCode(int status) {
        int sig = status & 0x7f;
        return sig == 0 ? (status >> 8) & 0xff : 128 + sig;
    }
}
