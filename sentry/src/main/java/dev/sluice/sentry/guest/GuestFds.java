package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Pidfds of guest threads, from their tids. A notification names a thread. Kernels from 6.9 open a
 * pidfd for any thread ({@code PIDFD_THREAD}); older ones only for a thread-group leader, so there
 * the thread's {@code Tgid} is looked up in {@code /proc}.
 *
 * <p>A tid is only a number: what it names is known only while the trapped thread still waits. The
 * dispatcher therefore opens a pidfd once per call, through {@link CallerIdentity}, which checks
 * the notification right after, and never looks the tid up again.
 */
public final class GuestFds {
    private static volatile boolean threadPidfds = true;

    private GuestFds() {}

    /** A pidfd for the thread {@code tid} or its thread group, or {@code -errno}. */
    public static int openPidfd(int tid) {
        int fd = openExactPidfd(tid);
        if (fd != -Errno.EINVAL && fd != -Errno.ENOENT) {
            return fd;
        }
        // Not a thread-group leader on a pre-6.9 kernel: EINVAL (ENOENT on later kernels).
        return openGroupPidfd(tid);
    }

    /**
     * A pidfd for the thread group of {@code tid} (looked up in {@code /proc}), or {@code -errno}:
     * what a kernel before 6.9 offers for a thread that is not its group's leader. It names the
     * group, not the thread.
     */
    public static int openGroupPidfd(int tid) {
        int tgid = tgid(tid);
        return tgid > 0 ? Native.pidfdOpen(tgid, 0) : -Errno.ESRCH;
    }

    /**
     * A pidfd that names exactly the thread {@code tid} (a thread pidfd on 6.9+, or a process pidfd
     * when {@code tid} is a thread-group leader), or {@code -errno}: EINVAL/ENOENT when only the
     * thread group could be named. A thread-group pidfd outlives the thread and still answers for
     * the group after the thread is gone, which is why {@link CallerIdentity} checks the
     * notification after every use, whichever it got.
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
            for (String line :
                    Files.readAllLines(Path.of("/proc", Integer.toString(tid), "status"))) {
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
