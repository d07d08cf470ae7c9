package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.ThreadCaps;
import dev.sluice.sentry.nativeio.ThreadIds;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.IntSupplier;

/**
 * A sentry worker thread acting as one sandbox's guest ({@link GuestCredentials}): what a driver
 * sees when the sentry executes a call for the guest is the guest, not the sentry. Credentials are
 * per thread in the kernel, so each worker takes them itself, before it answers anything ({@link
 * #become}), through the raw syscalls ({@link ThreadIds}, {@link ThreadCaps}); the rest of the JVM
 * keeps the sentry's.
 *
 * <p><b>What a worker holds</b>, for a guest of uid U, gid G and capabilities C:
 *
 * <ul>
 *   <li>effective uid U and gid G: what drivers read as the caller (RM's client security token is
 *       the euid, {@code osGetSecurityToken} in NVIDIA's os-interface.c);
 *   <li>effective capabilities C: what {@code capable()} sees;
 *   <li>real and saved ids the sentry's own (root). With one of them 0 the permitted set survives
 *       the change of euid (capabilities(7), "Effect of user ID changes on capabilities"), so a
 *       capability can be raised again below; and a signal reaches a task only from a sender whose
 *       real or effective uid is that task's real or saved uid ({@code kill_ok_by_cred},
 *       kernel/signal.c), so a host process running as U cannot stop or kill the sentry through a
 *       worker thread;
 *   <li>file-system ids the sentry's own: the JVM may open its own files on a worker thread (a
 *       class from a jar, a log), and the sentry opens no file a guest names. No driver reads them
 *       for an ioctl.
 * </ul>
 *
 * <p><b>The only operations beyond C</b> are the two that reach into the guest itself, and the
 * mount syscalls of a device open ({@link #asMounter}), each with the capabilities it needs raised
 * just around the syscall and lowered right after: {@code pidfd_getfd} ({@link #pidfdGetfd}: {@code
 * CAP_SYS_PTRACE}, since the worker's real uid is not the guest's, {@code
 * PTRACE_MODE_ATTACH_REALCREDS}) and the open of {@code /proc/TID/mem} ({@link #openProcMem}:
 * {@code CAP_SYS_PTRACE}, and {@code CAP_DAC_OVERRIDE} because the file is mode 0600 owned by the
 * guest's euid, or by root when the guest is not dumpable, and the worker's fs uid is the
 * sentry's). Where the worker's real ids are the guest's (a root guest) the operation is first
 * tried without raising anything and raised only on EPERM or EACCES (a guest that made itself
 * non-dumpable or changed its ids), so a root sandbox pays no {@code capset} per call.
 *
 * <p><b>Fail closed.</b> A worker that could not take the guest's credentials, or could not lower a
 * raised capability again, refuses every call from then on ({@link #actsAs} is false, and the
 * dispatcher answers without acting).
 */
public final class WorkerCredentials {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerCredentials.class);
    private static final ThreadLocal<WorkerCredentials> CURRENT = new ThreadLocal<>();

    /** Raised around {@code pidfd_getfd}. */
    static final long FOR_GETFD = 1L << ThreadCaps.CAP_SYS_PTRACE;

    /** Raised around the open of {@code /proc/TID/mem}. */
    static final long FOR_PROC_MEM = FOR_GETFD | 1L << ThreadCaps.CAP_DAC_OVERRIDE;

    /** Raised around the mount syscalls of a device open ({@link #asMounter}). */
    static final long FOR_MOUNT = 1L << ThreadCaps.CAP_SYS_ADMIN;

    private final GuestCredentials guest;
    private final Thread thread = Thread.currentThread();
    private ThreadCaps.Switch caps;
    private boolean raiseFirst = true;

    /** Read and written by the owning thread only. */
    private boolean failed = true;

    private WorkerCredentials(GuestCredentials guest) {
        this.guest = guest;
    }

    /**
     * Makes the calling thread act as {@code guest}; returns 0, or {@code -errno} when it could
     * not, in which case the thread refuses every call ({@link #actsAs} is false). Call once per
     * thread, on a thread that still has the sentry's own credentials.
     */
    public static int become(GuestCredentials guest) {
        WorkerCredentials w = new WorkerCredentials(guest);
        CURRENT.set(w);
        int r = w.take();
        if (r < 0) {
            LOG.error(
                    "sentry worker {} cannot act as the guest ({}): {}; it refuses every call",
                    w.thread.getName(),
                    guest,
                    Errno.describe(-r));
        }
        return r;
    }

    /** The calling thread's, or null on a thread that never called {@link #become}. */
    public static WorkerCredentials current() {
        return CURRENT.get();
    }

    /** Whether the calling thread acts as {@code guest} and nothing more. */
    public static boolean actsAs(GuestCredentials guest) {
        WorkerCredentials w = CURRENT.get();
        return w != null && !w.failed && w.guest.equals(guest);
    }

    private int take() {
        ThreadCaps.Sets sets = ThreadCaps.read();
        ThreadIds.Ids uids = ThreadIds.uids();
        ThreadIds.Ids gids = ThreadIds.gids();
        if (sets == null || uids == null || gids == null) {
            return -Errno.EPERM;
        }
        if ((guest.capabilities() & ~sets.permitted()) != 0) {
            LOG.error(
                    "the sentry does not hold capabilities 0x{} that the guest has",
                    Long.toHexString(guest.capabilities() & ~sets.permitted()));
            return -Errno.EPERM;
        }
        // Group first: setresgid needs CAP_SETGID, which changing the euid away from 0 clears.
        if (gids.effective() != guest.gid()) {
            int r = ThreadIds.setEffectiveGid(guest.gid());
            if (r < 0) {
                return r;
            }
            ThreadIds.setFsGid(gids.fs()); // allowed: it is the real gid
        }
        if (uids.effective() != guest.uid()) {
            int r = ThreadIds.setEffectiveUid(guest.uid());
            if (r < 0) {
                return r;
            }
            ThreadIds.setFsUid(uids.fs());
        }
        caps = new ThreadCaps.Switch(sets.permitted(), sets.inheritable());
        int r = caps.to(guest.capabilities());
        if (r < 0) {
            return r;
        }
        ThreadIds.Ids u = ThreadIds.uids();
        ThreadIds.Ids g = ThreadIds.gids();
        ThreadCaps.Sets now = ThreadCaps.read();
        if (u == null
                || g == null
                || now == null
                || u.effective() != guest.uid()
                || u.fs() != uids.fs()
                || g.effective() != guest.gid()
                || g.fs() != gids.fs()
                || now.effective() != guest.capabilities()) {
            LOG.error(
                    "sentry worker credentials are not what was asked: uids {}, gids {}, caps {}",
                    u,
                    g,
                    now);
            return -Errno.EPERM;
        }
        raiseFirst = uids.real() != guest.uid() || gids.real() != guest.gid();
        failed = false;
        return 0;
    }

    /**
     * {@code pidfd_getfd(pidfd, targetFd)} with {@code CAP_SYS_PTRACE} raised where the guest's own
     * ids do not suffice: a new fd, or {@code -errno}.
     */
    public int pidfdGetfd(int pidfd, int targetFd) {
        return asTracer(FOR_GETFD, WorkerCredentials::getfd, pidfd, targetFd);
    }

    /**
     * {@code open(path, O_RDWR | O_CLOEXEC)} of a {@code /proc/TID/mem} path at {@code pathAddr},
     * with {@code CAP_SYS_PTRACE} and {@code CAP_DAC_OVERRIDE} raised where needed: an fd, or
     * {@code -errno}.
     */
    public int openProcMem(long pathAddr) {
        return asTracer(FOR_PROC_MEM, WorkerCredentials::open, pathAddr, Native.O_RDWR);
    }

    /**
     * {@code open(path, O_RDONLY | O_CLOEXEC)} of a {@code /proc/TID/ns/KIND} path at {@code
     * pathAddr}, with {@code CAP_SYS_PTRACE} raised where needed (the link asks {@code
     * PTRACE_MODE_READ_FSCREDS}, proc_ns_get_link): an fd, or {@code -errno}.
     */
    public int openProcNamespace(long pathAddr) {
        return asTracer(FOR_GETFD, WorkerCredentials::open, pathAddr, Native.O_RDONLY);
    }

    /**
     * Runs {@code op} (a mount syscall of {@code DeviceOpener}: {@code open_tree} or {@code
     * mount_setattr} on a detached clone, which return an fd or {@code -errno}) with {@code
     * CAP_SYS_ADMIN} raised where the guest's own capabilities do not suffice ({@code may_mount},
     * fs/namespace.c). The only mount the worker can touch that way is the clone it just made.
     */
    public int asMounter(IntSupplier op) {
        return asTracer(FOR_MOUNT, (a, b) -> op.getAsInt(), 0, 0);
    }

    /** One syscall of two arguments that returns an fd or {@code -errno}. */
    @FunctionalInterface
    private interface FdCall {
        int call(long a, long b);
    }

    private static int getfd(long pidfd, long targetFd) {
        return Native.pidfdGetfd((int) pidfd, (int) targetFd);
    }

    private static int open(long pathAddr, long flags) {
        return (int) Native.ret(Native.LIBC.open(pathAddr, (int) flags | Native.O_CLOEXEC, 0));
    }

    /**
     * Runs {@code op(a, b)} (which returns an fd or {@code -errno}) with {@code extra} capabilities
     * raised, if needed. The hot path's ops are static methods, so that a call allocates no
     * capturing lambda (under C1 each is a call into the VM; docs/benchmarks.md).
     */
    private int asTracer(long extra, FdCall op, long a, long b) {
        if (failed || Thread.currentThread() != thread) {
            return -Errno.EPERM;
        }
        if (!raiseFirst) {
            int r = op.call(a, b);
            if (r != -Errno.EPERM && r != -Errno.EACCES) {
                return r;
            }
        }
        int raised = caps.to(guest.capabilities() | extra);
        if (raised < 0) {
            LOG.warn(
                    "sentry worker {} cannot raise capabilities 0x{}: {}",
                    thread.getName(),
                    Long.toHexString(extra),
                    Errno.describe(-raised));
            return -Errno.EPERM;
        }
        int r = op.call(a, b);
        int lowered = caps.to(guest.capabilities());
        if (lowered < 0) {
            failed = true;
            if (r >= 0) {
                Native.close(r);
            }
            LOG.error(
                    "sentry worker {} cannot lower its capabilities again: {}; it refuses every call",
                    thread.getName(),
                    Errno.describe(-lowered));
            return -Errno.EPERM;
        }
        return r;
    }

    @Override
    public String toString() {
        return "WorkerCredentials(" + guest + (failed ? ", refusing)" : ")");
    }
}
