package dev.sluice.oci;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import java.util.List;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;
import jnr.posix.SpawnFileAction;

/**
 * The few system calls the OCI runtime makes itself: process plumbing for the detached sentry
 * (pipe, posix_spawn, setsid, dup2), pidfds to signal and watch a container's init without
 * racing a reused pid, and the child-subreaper flag of {@code sluice run} (OCI form). Every method
 * returns {@code -errno} on failure unless it says it throws.
 */
public final class OciNative {
    public static final POSIX POSIX = POSIXFactory.getNativePOSIX();

    // arch/x86/entry/syscalls/syscall_64.tbl
    static final int SYS_PRCTL = 157;
    static final int SYS_PIDFD_SEND_SIGNAL = 424;
    // include/uapi/linux/prctl.h
    static final int PR_SET_CHILD_SUBREAPER = 36;
    // include/uapi/asm-generic/fcntl.h
    static final int F_SETFD = 2;
    static final int FD_CLOEXEC = 1;
    static final int O_WRONLY = 1;
    static final int O_APPEND = 02000;
    static final int O_CREAT = 0100;

    private OciNative() {}

    /** A pipe whose ends are both close-on-exec: [0] read, [1] write. Throws on failure. */
    public static int[] pipe() {
        int[] fds = new int[2];
        if (POSIX.pipe(fds) < 0) {
            throw new OciException("pipe: " + Errno.describe(POSIX.errno()));
        }
        for (int fd : fds) {
            POSIX.fcntlInt(fd, jnr.constants.platform.Fcntl.F_SETFD, FD_CLOEXEC);
        }
        return fds;
    }

    /**
     * Starts {@code argv} with the caller's environment, stdin, stdout and stderr, and
     * {@code passFd} as fd 3. Returns the pid; throws if it cannot start.
     */
    public static int spawn(List<String> argv, int passFd) {
        List<SpawnFileAction> actions = List.of(SpawnFileAction.dup(passFd, 3));
        List<String> env = System.getenv().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList();
        long pid = POSIX.posix_spawnp(argv.get(0), actions, argv, env);
        if (pid <= 0) {
            throw new OciException("cannot start " + argv.get(0) + ": " + Errno.describe(POSIX.errno()));
        }
        return (int) pid;
    }

    /** Reads up to {@code max} bytes until end of file. */
    public static byte[] readAll(int fd, int max) {
        byte[] buf = new byte[max];
        int n = 0;
        while (n < max) {
            byte[] chunk = new byte[max - n];
            int r = POSIX.read(fd, chunk, chunk.length);
            if (r < 0 && POSIX.errno() == Errno.EINTR) {
                continue;
            }
            if (r <= 0) {
                break;
            }
            System.arraycopy(chunk, 0, buf, n, r);
            n += r;
        }
        return java.util.Arrays.copyOf(buf, n);
    }

    public static void write(int fd, byte[] data) {
        int off = 0;
        while (off < data.length) {
            byte[] rest = java.util.Arrays.copyOfRange(data, off, data.length);
            int r = POSIX.write(fd, rest, rest.length);
            if (r < 0 && POSIX.errno() == Errno.EINTR) {
                continue;
            }
            if (r <= 0) {
                return;
            }
            off += r;
        }
    }

    public static int close(int fd) {
        return POSIX.close(fd);
    }

    /** Leaves the caller's session and process group: no terminal signal reaches us. */
    public static int setsid() {
        int r = POSIX.setsid();
        return r < 0 ? -POSIX.errno() : r;
    }

    /** Points fds 0, 1 and 2 at /dev/null. Throws on failure. */
    public static void nullStdio() {
        redirectStdio("/dev/null");
    }

    /** Points fds 0 and 1 at /dev/null and fd 2 at {@code log} (appended). Throws on failure. */
    public static void redirectStdio(String log) {
        int nul = POSIX.open("/dev/null", Native.O_RDWR, 0);
        int out = POSIX.open(log, O_WRONLY | O_APPEND | O_CREAT, 0600);
        if (nul < 0 || out < 0) {
            throw new OciException("cannot open /dev/null or " + log + ": " + Errno.describe(POSIX.errno()));
        }
        POSIX.dup2(nul, 0);
        POSIX.dup2(nul, 1);
        POSIX.dup2(out, 2);
        POSIX.close(nul);
        POSIX.close(out);
    }

    /** A pidfd for {@code pid} (close-on-exec), or -errno. */
    public static int pidfdOpen(int pid) {
        return Native.pidfdOpen(pid, 0);
    }

    /** Sends {@code sig} through a pidfd: never to a process that reused the pid. */
    public static int pidfdSendSignal(int pidfd, int sig) {
        return (int) Native.ret(Native.LIBC.syscall(SYS_PIDFD_SEND_SIGNAL, pidfd, sig, 0, 0, 0, 0));
    }

    /**
     * Waits until the pidfd's process has exited (its pidfd polls readable), at most
     * {@code timeoutMillis} (-1: forever). Returns true once it has exited.
     */
    public static boolean awaitExit(int pidfd, int timeoutMillis) {
        Pointer pfd = Memory.allocateDirect(Native.RUNTIME, 8, true);
        pfd.putInt(0, pidfd);
        pfd.putShort(4, Native.POLLIN);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            int wait = timeoutMillis < 0 ? -1 : (int) Math.max(0, (deadline - System.nanoTime()) / 1_000_000L);
            int r = (int) Native.ret(Native.LIBC.poll(pfd.address(), 1, wait));
            if (r == -Errno.EINTR) {
                continue;
            }
            return r > 0;
        }
    }

    /** Makes this process the reaper of its orphaned descendants (the container's init among them). */
    public static int setChildSubreaper() {
        return (int) Native.ret(Native.LIBC.syscall(SYS_PRCTL, PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0, 0));
    }

    /** waitpid(pid, 0): the exit code, or 128+N for death by signal N, or -errno. */
    public static int waitpid(int pid) {
        int[] st = new int[1];
        int r;
        do {
            r = POSIX.waitpid(pid, st, 0);
        } while (r < 0 && POSIX.errno() == Errno.EINTR);
        if (r < 0) {
            return -POSIX.errno();
        }
        int sig = st[0] & 0x7f;
        return sig == 0 ? (st[0] >> 8) & 0xff : 128 + sig;
    }
}
