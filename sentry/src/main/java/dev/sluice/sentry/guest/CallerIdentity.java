package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * The thread that made one trapped call, pinned for the call's life: one pidfd, opened once,
 * through which every dup of the caller's fds goes, and the call's one view of its memory.
 *
 * <p><b>Why.</b> A notification names its caller by tid, a number. A guest thread that dies
 * mid-call (a {@code CLONE_VM | CLONE_FILES} child its parent kills) frees that number, and the
 * kernel may give it to any new task of the host. Only while the trapped thread still waits for its
 * answer ({@code SECCOMP_IOCTL_NOTIF_ID_VALID}) can its tid not have been reused. Hence:
 *
 * <ol>
 *   <li>The pidfd is opened from the tid once, and the notification is checked right after: if the
 *       caller still waits, the pidfd names it. From then on the sentry names the caller by its
 *       {@code struct pid}, never by its number, so the tid is never looked up again.
 *   <li>Every dup through the pidfd ({@link #dup}) and the open of {@code /proc/TID/mem} ({@link
 *       #openMemory}) is followed by the same check before anything acts on what it found: a pidfd
 *       can change threads (an exec from another thread of the group hands the leader's pid to the
 *       exec'ing thread, {@code exchange_tids} in de_thread), but only once the trapped leader is
 *       dead, and that the check sees. The dispatcher's dup of the call's own fd ({@link #lookUp})
 *       may defer its check to {@link #verify}, which must come before anything acts on it: the
 *       dispatcher only classifies it ({@code fstat}) first, and a call that is continued or
 *       refused without acting is checked by the answer's own check.
 *   <li>Once a check fails, or the pidfd reports the caller gone (ESRCH), the identity is {@link
 *       #lost} for good: every later dup and memory access fails with ESRCH without a syscall
 *       toward the guest, and the dispatcher fails the call (EIO) and counts it.
 * </ol>
 *
 * There is no path that names the tid for a transfer ({@code process_vm_readv} would): memory goes
 * through the one {@code /proc/TID/mem} file the check vouched for, which holds that address space.
 *
 * <p>The two operations that reach into the guest run with the worker's credentials for that
 * ({@link WorkerCredentials#pidfdGetfd}, {@link WorkerCredentials#openProcMem}); without a worker
 * (unit tests) they run with the calling thread's own.
 *
 * <p><b>A thread's pidfd is kept between its calls</b> ({@link PidfdCache}): a call from a thread
 * whose pidfd is kept takes it instead of opening one, and gives it back when the call closes,
 * unless the identity was lost. A kept pidfd is not checked when it is taken (nothing acts on it
 * yet): its first use is checked as above, and if its task turns out gone (ESRCH: the tid may name
 * a new thread now) it is closed and a fresh pidfd is opened from the tid and checked, once.
 *
 * <p>One per call, used by the one worker handling it; not thread-safe.
 */
public final class CallerIdentity implements AutoCloseable {
    private final int tid;
    private final BooleanSupplier stillWaiting;
    private final WorkerCredentials worker;
    private final PidfdCache cache;
    private int pidfd = -1;

    /** The pidfd names exactly the caller's thread, so it may be kept for its next call. */
    private boolean exact;

    /**
     * The pidfd was taken from the cache: an ESRCH through it may be its task's, not the caller's.
     */
    private boolean taken;

    private int openError;
    private boolean lost;

    /** A lookup was made since the last check. */
    private boolean unchecked;

    private CallerIdentity(
            int tid, BooleanSupplier stillWaiting, WorkerCredentials worker, PidfdCache cache) {
        this.tid = tid;
        this.stillWaiting = stillWaiting;
        this.worker = worker;
        this.cache = cache;
    }

    /**
     * Pins the caller {@code tid}: opens its pidfd and checks {@code stillWaiting} (the call's
     * {@code NOTIF_ID_VALID}) right after. The result is {@link #lost} if the caller is gone, or
     * carries {@link #openError} if the pidfd could not be opened for another reason (EMFILE).
     *
     * @param worker the calling worker's credentials, or null to act with the thread's own
     */
    public static CallerIdentity open(
            int tid, BooleanSupplier stillWaiting, WorkerCredentials worker) {
        return open(tid, stillWaiting, worker, null);
    }

    /**
     * As {@link #open(int, BooleanSupplier, WorkerCredentials)}, but takes the pidfd {@code cache}
     * keeps for {@code tid} if there is one (checked at its first use instead), and gives the pidfd
     * back to it on {@link #close}.
     *
     * @param cache the sandbox's kept pidfds, or null to open and close one for this call
     */
    public static CallerIdentity open(
            int tid, BooleanSupplier stillWaiting, WorkerCredentials worker, PidfdCache cache) {
        CallerIdentity c = new CallerIdentity(tid, stillWaiting, worker, cache);
        int kept = cache != null ? cache.take(tid) : -1;
        if (kept >= 0) {
            c.pidfd = kept;
            c.exact = true;
            c.taken = true;
            c.unchecked = true;
        } else {
            c.openFresh();
        }
        return c;
    }

    /** Opens a pidfd from the tid and checks the notification right after. */
    private void openFresh() {
        int fd = GuestFds.openExactPidfd(tid);
        exact = fd >= 0;
        if (fd == -Errno.EINVAL || fd == -Errno.ENOENT) {
            fd = GuestFds.openGroupPidfd(tid);
        }
        if (fd == -Errno.ESRCH) {
            lost = true;
        } else if (fd < 0) {
            openError = fd;
        } else {
            pidfd = fd;
            check();
        }
    }

    /** The caller's tid, as the notification gave it (for logs and traces only). */
    public int tid() {
        return tid;
    }

    /**
     * Whether the caller is gone (or its tid may name another task now): nothing may act for it any
     * more.
     */
    public boolean lost() {
        return lost;
    }

    /**
     * Why the pidfd could not be opened, as {@code -errno}, other than the caller being gone; 0 if
     * it was.
     */
    public int openError() {
        return openError;
    }

    /**
     * A dup of the caller's {@code guestFd} in the sentry (the caller closes it), checked to be the
     * caller's: or {@code -EBADF} for a number the caller has no file under, {@code -ESRCH} once
     * the identity is lost, another {@code -errno} (EMFILE) otherwise.
     */
    public long dup(int guestFd) {
        long r = lookUp(guestFd);
        if (r >= 0 && !verify()) {
            Native.close((int) r);
            return -Errno.ESRCH;
        }
        return r;
    }

    /**
     * As {@link #dup}, but the check that the caller still waits is left to {@link #verify}, which
     * the caller must pass before anything acts on the dup (the dispatcher's dup of the call's own
     * fd, which it only classifies first).
     */
    public long lookUp(int guestFd) {
        if (lost) {
            return -Errno.ESRCH;
        }
        if (pidfd < 0) {
            return openError;
        }
        if (guestFd < 0) {
            return -Errno.EBADF;
        }
        int r = getfd(guestFd);
        if (r == -Errno.ESRCH && taken) {
            // The kept pidfd's task is gone; the tid may name the caller, a new thread, now.
            Native.close(pidfd);
            pidfd = -1;
            taken = false;
            unchecked = false;
            openFresh();
            if (lost || pidfd < 0) {
                return lost ? -Errno.ESRCH : openError;
            }
            r = getfd(guestFd);
        }
        if (r == -Errno.ESRCH) {
            lost = true;
        } else if (r >= 0) {
            unchecked = true;
        }
        return r;
    }

    private int getfd(int guestFd) {
        return worker != null
                ? worker.pidfdGetfd(pidfd, guestFd)
                : Native.pidfdGetfd(pidfd, guestFd);
    }

    /**
     * Checks that the caller still waits if anything was looked up since the last check (a {@link
     * #lookUp}); true while the identity holds.
     */
    public boolean verify() {
        return unchecked ? check() : !lost;
    }

    /**
     * Opens the caller's {@code /proc/TID/mem} (with {@code O_CLOEXEC}; the caller closes it) and
     * checks the identity right after: the fd, or {@code -ESRCH} once lost, another {@code -errno}
     * otherwise. {@code arena} holds the path.
     */
    public int openMemory(Arena arena) {
        return openProcFile(arena, "mem", Native.O_RDWR, WorkerCredentials::openProcMem);
    }

    /**
     * Opens the caller's namespace {@code kind} ({@code /proc/TID/ns/KIND}, read-only, {@code
     * O_CLOEXEC}; the caller closes it) and checks the identity right after, as {@link
     * #openMemory}: the fd, or {@code -ESRCH} once lost, another {@code -errno} otherwise.
     */
    public int openNamespace(Arena arena, String kind) {
        return openProcFile(
                arena, "ns/" + kind, Native.O_RDONLY, WorkerCredentials::openProcNamespace);
    }

    /**
     * Opens {@code /proc/TID/NAME} with {@code flags | O_CLOEXEC} (through {@code asWorker} when
     * there is a worker, which raises what the open needs) and checks the identity right after.
     */
    private int openProcFile(Arena arena, String name, int flags, ProcOpen asWorker) {
        if (lost) {
            return -Errno.ESRCH;
        }
        byte[] path = procPath(tid, name);
        Pointer p = arena.alloc(path.length + 1);
        p.put(0, path, 0, path.length);
        int fd =
                worker != null
                        ? asWorker.open(worker, p.address())
                        : (int)
                                Native.ret(
                                        Native.LIBC.open(p.address(), flags | Native.O_CLOEXEC, 0));
        if (fd == -Errno.ENOENT || fd == -Errno.ESRCH) {
            lost = true; // no such task: the caller died
            return -Errno.ESRCH;
        }
        if (fd >= 0 && !check()) {
            Native.close(fd);
            return -Errno.ESRCH;
        }
        return fd;
    }

    private static final byte[] PROC = "/proc/".getBytes(StandardCharsets.US_ASCII);

    /**
     * {@code /proc/TID/NAME} in ASCII, without a string concatenation (under C1 one is a chain of
     * method handle calls per call).
     */
    static byte[] procPath(int tid, String name) {
        String digits = Integer.toString(tid);
        byte[] b = new byte[PROC.length + digits.length() + 1 + name.length()];
        System.arraycopy(PROC, 0, b, 0, PROC.length);
        int at = PROC.length;
        for (int i = 0; i < digits.length(); i++) {
            b[at++] = (byte) digits.charAt(i);
        }
        b[at++] = '/';
        for (int i = 0; i < name.length(); i++) {
            b[at++] = (byte) name.charAt(i);
        }
        return b;
    }

    /**
     * A worker's open of a {@code /proc/TID} path at an address; an unbound method reference, so
     * that the call allocates no capturing lambda.
     */
    @FunctionalInterface
    private interface ProcOpen {
        int open(WorkerCredentials worker, long pathAddr);
    }

    /** Checks that the caller still waits; the identity is lost for good if not. */
    private boolean check() {
        if (!lost && !stillWaiting.getAsBoolean()) {
            lost = true;
        }
        unchecked = false;
        return !lost;
    }

    /**
     * Gives the pidfd back to the cache for the thread's next call if it is an exact one and the
     * identity was not lost; closes it otherwise. A pidfd given back unchecked (a call continued
     * without acting) is as safe as a checked one: each later use is checked all the same.
     */
    @Override
    public void close() {
        if (pidfd < 0) {
            return;
        }
        if (cache != null && exact && !lost) {
            cache.give(tid, pidfd);
        } else {
            Native.close(pidfd);
        }
        pidfd = -1;
    }
}
