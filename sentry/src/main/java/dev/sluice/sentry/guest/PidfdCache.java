package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves guest fd numbers with {@code pidfd_getfd}, keeping one pidfd per guest thread so the
 * hot path costs one syscall instead of three.
 *
 * <p><b>Why a cached pidfd is safe.</b> A pidfd names one {@code struct pid}, never a number: if
 * the thread it named has exited and its tid was reused, {@code pidfd_getfd} fails with ESRCH
 * instead of reaching the new thread. On ESRCH the entry is replaced. An entry is only ever used
 * for a notification from its own tid, and a thread has at most one trapped call in flight, so
 * no two workers use (or replace) one entry at once.
 *
 * <p>Only pidfds that name exactly the thread are cached (see {@link GuestFds#openExactPidfd}).
 * The dups it returns are never cached: the sentry holding a device fd open after the guest
 * closed it would keep the driver from releasing what the guest freed (an NVIDIA RM client, for
 * one). The cache is bounded; past {@link #MAX_ENTRIES} it stops caching. {@link #close} at the
 * end of the sandbox closes every pidfd.
 *
 * <p><b>fds.</b> Entries of threads that have exited stay until their tid comes back, so a guest
 * that churns through threads fills the cache. It may therefore never hold more than a quarter of
 * the sentry's fd limit ({@link #FD_SHARE}, checked against the soft {@code RLIMIT_NOFILE} of the
 * moment): under a limit of 1024, a storm of 2,000 short-lived threads otherwise left the sentry
 * no fd to dup the next call's file into, and every later call of the sandbox failed with EMFILE.
 */
public final class PidfdCache implements AutoCloseable {
    public static final int MAX_ENTRIES = 4096;
    /** The cache holds at most 1/FD_SHARE of the soft fd limit. */
    public static final int FD_SHARE = 4;
    private final ConcurrentHashMap<Integer, HostFd> byTid = new ConcurrentHashMap<>();

    /** A dup of the guest's {@code guestFd} (the caller closes it), or {@code -errno}. */
    public long dup(int tid, int guestFd) {
        if (guestFd < 0) {
            return -Errno.EBADF;
        }
        HostFd cached = byTid.get(tid);
        if (cached != null) {
            int r = Native.pidfdGetfd(cached.fd(), guestFd);
            if (r != -Errno.ESRCH) {
                return r;
            }
            byTid.remove(tid, cached); // a previous thread with this tid
            cached.close();
        }
        int fd = GuestFds.openExactPidfd(tid);
        boolean cacheable = fd >= 0;
        if (fd == -Errno.EINVAL || fd == -Errno.ENOENT) {
            fd = GuestFds.openPidfd(tid); // the thread group's: used once, never cached
        }
        if (fd < 0) {
            return fd;
        }
        HostFd pidfd = HostFd.adopt(fd);
        int r = Native.pidfdGetfd(fd, guestFd);
        if (!cacheable || r == -Errno.ESRCH || byTid.size() >= capacity() || byTid.putIfAbsent(tid, pidfd) != null) {
            pidfd.close();
        }
        return r;
    }

    /** How many pidfds may be cached now: {@link #MAX_ENTRIES}, or a quarter of the soft fd limit if less. */
    public static int capacity() {
        long limit = Native.softFdLimit();
        if (limit < 0) {
            return MAX_ENTRIES;
        }
        return (int) Math.min(MAX_ENTRIES, limit / FD_SHARE);
    }

    /** Number of cached pidfds (for tests). */
    public int size() {
        return byTid.size();
    }

    /** Closes every cached pidfd. Call only when no call is in flight. */
    @Override
    public void close() {
        byTid.values().forEach(HostFd::close);
        byTid.clear();
    }
}
