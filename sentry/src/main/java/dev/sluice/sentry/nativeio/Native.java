package dev.sluice.sentry.nativeio;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_FSTAT;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_FSTATFS;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PIDFD_GETFD;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PIDFD_OPEN;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_PRLIMIT64;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_RT_SIGACTION;

import jnr.ffi.LastError;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/**
 * Typed wrappers over {@link LibC}. Every wrapper returns the raw result on success and {@code
 * -errno} on failure, so callers can turn a host error into a guest-visible errno without an
 * exception; {@link #check} converts one into an {@link ErrnoException} where a failure is a sentry
 * fault.
 *
 * <p>Constants are x86_64 Linux; each cites its header.
 */
public final class Native {
    public static final LibC LIBC = LibraryLoader.create(LibC.class).load("c");
    public static final Runtime RUNTIME = Runtime.getRuntime(LIBC);

    /** include/uapi/asm-generic/resource.h */
    public static final int RLIMIT_NOFILE = 7;

    // include/uapi/asm-generic/fcntl.h
    public static final int O_RDONLY = 0;
    public static final int O_RDWR = 2;
    public static final int O_EXCL = 0x80;
    public static final int O_NOCTTY = 0x100;
    public static final int O_NONBLOCK = 0x800;
    public static final int O_CLOEXEC = 0x80000;

    /** include/uapi/linux/pidfd.h (6.9+): a pidfd for a thread, not only a thread-group leader. */
    public static final int PIDFD_THREAD = O_EXCL;

    // include/uapi/asm-generic/poll.h
    public static final short POLLIN = 0x1;
    public static final short POLLERR = 0x8;
    public static final short POLLHUP = 0x10;
    public static final short POLLNVAL = 0x20;

    private Native() {}

    /** errno saved by the last {@link LibC} call on this thread. */
    public static int errno() {
        return LastError.getLastError(RUNTIME);
    }

    /** {@code r} if non-negative, else {@code -errno}. */
    public static long ret(long r) {
        return r >= 0 ? r : -errno();
    }

    /** {@code r} if non-negative; otherwise throws {@link ErrnoException} naming {@code op}. */
    public static long check(long r, String op) {
        if (r < 0) {
            throw new ErrnoException(op, (int) -r);
        }
        return r;
    }

    public static int ioctl(int fd, long request, long arg) {
        return (int) ret(LIBC.ioctl(fd, request, arg));
    }

    public static int close(int fd) {
        return (int) ret(LIBC.close(fd));
    }

    public static int pidfdOpen(int pid, int flags) {
        return (int) ret(LIBC.syscall(SYS_PIDFD_OPEN, pid, flags, 0, 0, 0, 0));
    }

    /** Sends {@code sig} through a pidfd: never to a process that reused the pid. */
    public static int pidfdSendSignal(int pidfd, int sig) {
        return (int) ret(LIBC.syscall(Syscalls.SYS_PIDFD_SEND_SIGNAL, pidfd, sig, 0, 0, 0, 0));
    }

    public static int pidfdGetfd(int pidfd, int targetFd) {
        return (int) ret(LIBC.syscall(SYS_PIDFD_GETFD, pidfd, targetFd, 0));
    }

    private static final ThreadLocal<jnr.ffi.Pointer> RLIMIT =
            ThreadLocal.withInitial(() -> jnr.ffi.Memory.allocateDirect(RUNTIME, 16, true));

    /**
     * This process's current soft {@code RLIMIT_NOFILE} (read each time: an administrator may
     * change it with prlimit while the sentry runs), or {@code -errno}. RLIM_INFINITY reads as
     * {@link Long#MAX_VALUE}.
     */
    public static long softFdLimit() {
        jnr.ffi.Pointer p = RLIMIT.get();
        long r = ret(LIBC.syscall(SYS_PRLIMIT64, 0, RLIMIT_NOFILE, 0, p.address(), 0, 0));
        if (r < 0) {
            return r;
        }
        long soft = p.getLong(0);
        return soft < 0 ? Long.MAX_VALUE : soft;
    }

    public static long pread(int fd, long buf, long count, long offset) {
        return ret(LIBC.pread(fd, buf, count, offset));
    }

    public static long pwrite(int fd, long buf, long count, long offset) {
        return ret(LIBC.pwrite(fd, buf, count, offset));
    }

    /** Raw {@code fstat(2)} into a {@code struct stat} at {@code statbuf} ({@link StatLayout}). */
    public static int fstat(int fd, long statbuf) {
        return (int) ret(LIBC.syscall(SYS_FSTAT, fd, statbuf, 0));
    }

    /**
     * Raw {@code fstatfs(2)} into a {@code struct statfs} at {@code buf} (120 bytes; {@code f_type}
     * at 0).
     */
    public static int fstatfs(int fd, long buf) {
        return (int) ret(LIBC.syscall(SYS_FSTATFS, fd, buf, 0, 0, 0, 0));
    }

    /**
     * Where {@code sig} is ignored (inherited so: a job a non-interactive shell put in the
     * background, {@code nohup}), sets it back to its default action, so that a handler can be
     * installed: the JVM keeps an inherited ignored SIGINT, SIGTERM or SIGHUP ignored and installs
     * no handler for it. Raw {@code rt_sigaction} on the kernel's {@code struct sigaction} (handler
     * first; all zero is {@code SIG_DFL}). Returns whether it was ignored.
     */
    public static boolean unignore(int sig) {
        Pointer old = Memory.allocateDirect(RUNTIME, KERNEL_SIGACTION_SIZE, true);
        Pointer dfl = Memory.allocateDirect(RUNTIME, KERNEL_SIGACTION_SIZE, true);
        if (LIBC.syscall(SYS_RT_SIGACTION, sig, 0, old.address(), KERNEL_SIGSET_SIZE, 0, 0) < 0
                || old.getLong(0) != SIG_IGN) {
            return false;
        }
        return LIBC.syscall(SYS_RT_SIGACTION, sig, dfl.address(), 0, KERNEL_SIGSET_SIZE, 0, 0) == 0;
    }

    /** The kernel's struct sigaction: handler, flags, restorer, one 64-bit mask. */
    private static final int KERNEL_SIGACTION_SIZE = 32;

    private static final int KERNEL_SIGSET_SIZE = 8;
    private static final long SIG_IGN = 1;

    public static int kill(int pid, int sig) {
        return (int) ret(LIBC.kill(pid, sig));
    }

    public static int getpid() {
        return LIBC.getpid();
    }

    /** {@code geteuid(2)}. */
    public static int geteuid() {
        return (int) LIBC.syscall(Syscalls.SYS_GETEUID, 0, 0, 0, 0, 0, 0);
    }
}
