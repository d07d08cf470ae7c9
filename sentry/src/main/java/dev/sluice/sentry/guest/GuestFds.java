package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Turns a guest's fd number into a dup in the sentry's own fd table with {@code pidfd_getfd}.
 * The dup refers to the same open file description as the guest's fd at the moment of the call;
 * whatever the guest does to its number afterwards (close, dup2) cannot change what the sentry
 * holds. Every dup is a {@link HostFd} the caller must close.
 *
 * <p>A notification names a thread. Kernels from 6.9 open a pidfd for any thread
 * ({@code PIDFD_THREAD}); older ones only for a thread-group leader, so there the thread's
 * {@code Tgid} is looked up in {@code /proc}.
 */
public final class GuestFds {
    private static volatile boolean threadPidfds = true;

    private GuestFds() {}

    /** A dup of the guest's {@code guestFd}, or a negative errno ({@code -EBADF}, {@code -ESRCH}). */
    public static long dup(int tid, int guestFd) {
        if (guestFd < 0) {
            return -Errno.EBADF;
        }
        int pidfd = openPidfd(tid);
        if (pidfd < 0) {
            return pidfd;
        }
        try {
            return Native.pidfdGetfd(pidfd, guestFd);
        } finally {
            Native.close(pidfd);
        }
    }

    /** A pidfd for the thread {@code tid} or its thread group, or {@code -errno}. */
    public static int openPidfd(int tid) {
        int fd = openExactPidfd(tid);
        if (fd != -Errno.EINVAL && fd != -Errno.ENOENT) {
            return fd;
        }
        // Not a thread-group leader on a pre-6.9 kernel: EINVAL (ENOENT on later kernels).
        int tgid = tgid(tid);
        return tgid > 0 ? Native.pidfdOpen(tgid, 0) : -Errno.ESRCH;
    }

    /**
     * A pidfd that names exactly the thread {@code tid} (a thread pidfd on 6.9+, or a process
     * pidfd when {@code tid} is a thread-group leader), or {@code -errno}: EINVAL/ENOENT when only
     * the thread group could be named. Only such pidfds may be cached by tid: a thread-group pidfd
     * would outlive the thread and still answer for the group after the tid was reused.
     */
    public static int openExactPidfd(int tid) {
        if (threadPidfds) {
            int fd = Native.pidfdOpen(tid, Native.PIDFD_THREAD);
            if (fd != -Errno.EINVAL) {
                return fd;
            }
            threadPidfds = false; // pre-6.9 kernel: the flag is unknown
        }
        return Native.pidfdOpen(tid, 0);
    }

    /** The thread group of {@code tid}, from {@code /proc/TID/status}; -1 if the thread is gone. */
    public static int tgid(int tid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Integer.toString(tid), "status"))) {
                if (line.startsWith("Tgid:")) {
                    return Integer.parseInt(line.substring(5).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
