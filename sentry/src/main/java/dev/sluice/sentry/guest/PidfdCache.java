package dev.sluice.sentry.guest;

import dev.sluice.sentry.nativeio.Native;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pidfds of guest threads kept from one trapped call to the next, so that a thread's second call
 * does not open (and close) its pidfd again: on this kernel the pair costs some 4 µs, as much as
 * the rest of a trapped call's work together (docs/benchmarks.md, "Where a trapped call's time
 * goes").
 *
 * <p><b>Why a kept pidfd is safe.</b> A pidfd names a {@code struct pid}, never a number. One kept
 * for tid T names the pid that had T when it was opened (and was checked then to be a caller's).
 * When a later call from T uses it:
 *
 * <ul>
 *   <li>if that pid's task is gone, every use fails with ESRCH, and the kernel may meanwhile have
 *       given T to a new task: {@link CallerIdentity} then closes the kept pidfd and opens a fresh
 *       one from T, checked like any other;
 *   <li>if its task still lives, it still holds T (a number belongs to one live pid at a time), and
 *       the caller holds T while it waits: the check that follows every use ({@code
 *       NOTIF_ID_VALID}) proves the caller waited throughout, so the task the pidfd reached was the
 *       caller.
 * </ul>
 *
 * Only exact pidfds are kept: a thread pidfd ({@code PIDFD_THREAD}), or a process pidfd of a thread
 * group's leader. A process pidfd opened for a non-leader thread (kernels before 6.9) names the
 * group, not the thread, and is never kept.
 *
 * <p>A pidfd is taken out for the length of a call ({@link #take}) and given back after its answer
 * ({@link #give}); a thread has one call at a time, so no pidfd is used by two calls at once. At
 * most {@code capacity} are kept; the least recently used is closed first. Thread-safe.
 */
public final class PidfdCache implements AutoCloseable {
    /** How many pidfds a sentry keeps at most: one per guest thread that makes trapped calls. */
    public static final int MAX_CAPACITY = 256;

    /** The kept pidfds may take at most 1/FD_SHARE of the sentry's soft fd limit. */
    public static final int FD_SHARE = 8;

    private final int capacity;
    private final LinkedHashMap<Integer, Integer> kept;
    private boolean closed;

    /**
     * A cache for a sentry whose soft fd limit is {@code softFdLimit} (negative: unknown): at most
     * {@link #MAX_CAPACITY} pidfds, and never more than an eighth of the limit, so that a guest
     * that churns through threads cannot leave the sentry without fds for its calls (an earlier
     * cache of this kind, unbounded by the limit, did: docs/security-model.md, "Thread storm under
     * a fd limit").
     */
    public static PidfdCache forFdLimit(long softFdLimit) {
        long share = softFdLimit < 0 ? MAX_CAPACITY : softFdLimit / FD_SHARE;
        return new PidfdCache((int) Math.max(1, Math.min(MAX_CAPACITY, share)));
    }

    /** A cache that keeps at most {@code capacity} pidfds. */
    public PidfdCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
        this.kept = new LinkedHashMap<>(16, 0.75f, false);
    }

    /** The pidfd kept for {@code tid}, now the caller's to close or {@link #give} back; or -1. */
    public synchronized int take(int tid) {
        Integer fd = kept.remove(tid);
        return fd == null ? -1 : fd;
    }

    /**
     * Keeps {@code pidfd} (an exact pidfd of {@code tid}) for the thread's next call. If one is
     * kept already (a call that raced this one opened it), or the cache is closed, {@code pidfd} is
     * closed instead; beyond the capacity, the oldest kept one is closed.
     */
    public void give(int tid, int pidfd) {
        int close = -1;
        int evicted = -1;
        synchronized (this) {
            if (closed || kept.containsKey(tid)) {
                close = pidfd;
            } else {
                kept.put(tid, pidfd);
                if (kept.size() > capacity) {
                    Iterator<Map.Entry<Integer, Integer>> it = kept.entrySet().iterator();
                    evicted = it.next().getValue();
                    it.remove();
                }
            }
        }
        if (close >= 0) {
            Native.close(close);
        }
        if (evicted >= 0) {
            Native.close(evicted);
        }
    }

    /** How many pidfds are kept now. */
    public synchronized int size() {
        return kept.size();
    }

    /** Closes every kept pidfd; later ones given back are closed at once. */
    @Override
    public synchronized void close() {
        closed = true;
        for (int fd : kept.values()) {
            Native.close(fd);
        }
        kept.clear();
    }
}
