package dev.sluice.sentry.notify;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Receives trapped syscalls and hands each to a {@link Handler}, many at a time.
 *
 * <p><b>Threading.</b> One worker at a time blocks in {@code SECCOMP_IOCTL_NOTIF_RECV}; the kernel
 * wakes it on the trapping thread's CPU ({@code SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP}) and it handles
 * the call itself, so the common case pays no hand-off between threads and no extra {@code poll}.
 * Measured on the trap benchmark, two workers both blocked in RECV cost twice the round trip: the
 * kernel wakes waiters in FIFO order, so every call lands on the colder thread. Other workers
 * therefore stand by, parked, and a watchdog makes sure one slow call (a GPU firmware round trip)
 * never keeps the others waiting: when no worker has been in RECV for {@link #STALL_NANOS} while a
 * call is in flight, it sends a standby worker into RECV (or starts one, up to {@code maxWorkers}).
 * A call can thus wait at most about {@link #STALL_NANOS} behind a slow one. After its call a
 * worker goes back to RECV if nobody else waits there, else stands by (or retires, beyond {@code
 * idleWorkers} standbys). The watchdog sleeps for good after {@link #DEEP_SLEEP_NANOS} without a
 * call and is woken by the next one.
 *
 * <p><b>Shutdown.</b> A receive that fails with ENOENT while the listener polls {@code POLLHUP}
 * means the filter has no task left: {@link Outcome#GUESTS_GONE}. The runner also calls {@link
 * #close} once the sandbox has exited. Any failure of the listener itself ends the loop with {@link
 * Outcome#LISTENER_FAILED}, and the runner then kills the sandbox (fail closed). {@link #ended()}
 * completes as soon as the loop stops; {@link #done()} once, in addition, every call already taken
 * has been answered and counted.
 */
public final class NotificationLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NotificationLoop.class);
    private static final int ARENA_BLOCK = 64 * 1024;

    /** How long every worker may be busy before another is sent into RECV. */
    public static final long STALL_NANOS = 1_000_000;

    /** Idle time after which the watchdog stops waking up. */
    static final long DEEP_SLEEP_NANOS = 100_000_000;

    /** Handles one notification and must respond to it (or let it die with the guest). */
    @FunctionalInterface
    public interface Handler {
        void handle(Notification n, Arena arena);
    }

    /** Why the loop ended. */
    public enum Outcome {
        GUESTS_GONE,
        STOPPED,
        LISTENER_FAILED
    }

    private final Listener listener;
    private final Handler handler;
    private final int idleWorkers;
    private final int maxWorkers;
    private final AtomicInteger workers = new AtomicInteger();
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakWorkers = new AtomicInteger();
    private final AtomicInteger threadIds = new AtomicInteger();
    private final CompletableFuture<Outcome> ended = new CompletableFuture<>();
    private final CompletableFuture<Outcome> done = new CompletableFuture<>();
    private final ConcurrentLinkedDeque<Standby> standby = new ConcurrentLinkedDeque<>();
    private final Thread watchdog = new Thread(this::watch, "sentry-watchdog");
    private volatile long lastReceive = System.nanoTime();
    private volatile boolean watchdogAsleep;
    private volatile Runnable workerInit = () -> {};
    private volatile boolean stopping;

    public NotificationLoop(Listener listener, Handler handler, int idleWorkers, int maxWorkers) {
        if (idleWorkers < 1 || maxWorkers < idleWorkers) {
            throw new IllegalArgumentException(
                    "workers: idle " + idleWorkers + ", max " + maxWorkers);
        }
        this.listener = listener;
        this.handler = handler;
        this.idleWorkers = idleWorkers;
        this.maxWorkers = maxWorkers;
    }

    /**
     * Runs first on every worker thread, before it answers anything (per-thread setup: the guest's
     * credentials). Workers are started by {@link #start} and the watchdog only, never by another
     * worker, so each starts with the sentry's own credentials.
     */
    public void workerInit(Runnable init) {
        this.workerInit = init;
    }

    public void start() {
        watchdog.setDaemon(true);
        watchdog.start();
        spawn();
    }

    /** A parked worker; {@link #go} sends it into RECV. */
    private static final class Standby {
        final Thread thread = Thread.currentThread();
        volatile boolean go;
    }

    /** Completes with the reason the loop ended, once no call is in flight any more. */
    public CompletableFuture<Outcome> done() {
        return done;
    }

    /** Completes with the reason the loop ended, at once (calls may still be in flight). */
    public CompletableFuture<Outcome> ended() {
        return ended;
    }

    /** The most worker threads that ran at once. */
    public int peakWorkers() {
        return peakWorkers.get();
    }

    private void spawn() {
        while (true) {
            int n = workers.get();
            if (n >= maxWorkers) {
                return;
            }
            if (workers.compareAndSet(n, n + 1)) {
                peakWorkers.accumulateAndGet(n + 1, Math::max);
                break;
            }
        }
        try {
            Thread t = new Thread(this::work, "sentry-worker-" + threadIds.incrementAndGet());
            t.setDaemon(true);
            t.start();
        } catch (Throwable e) {
            workers.decrementAndGet(); // no thread (out of memory): the slot stays free
            throw e;
        }
    }

    private void work() {
        try {
            workerInit.run();
            serve(new Arena(ARENA_BLOCK));
        } catch (Throwable t) {
            // An Error outside any call (OutOfMemoryError in RECV's bookkeeping, say): a
            // notification may have been taken and never answered, and its thread would wait
            // forever. Fail closed rather than leave the sandbox half served.
            fail(t);
        } finally {
            workers.decrementAndGet();
        }
    }

    private void serve(Arena arena) {
        while (!stopping) {
            if (waiting.get() > 0) {
                // Someone already waits in RECV: stand by rather than share the queue.
                if (standby.size() >= idleWorkers) {
                    return;
                }
                Standby me = new Standby();
                standby.push(me);
                while (!me.go && !stopping) {
                    LockSupport.park(this);
                }
                standby.remove(me);
                if (!me.go) {
                    return;
                }
            }
            waiting.incrementAndGet();
            Notification n;
            try {
                n = listener.receive(arena);
            } catch (RuntimeException e) {
                // ErrnoException from the kernel, or IllegalStateException from a closed HostFd.
                fail(e);
                return;
            } finally {
                waiting.decrementAndGet();
                arena.reset();
            }
            lastReceive = System.nanoTime();
            if (watchdogAsleep) {
                watchdogAsleep = false;
                LockSupport.unpark(watchdog);
            }
            if (n == null) {
                // ENOENT: the caller was interrupted, or (6.6+ kernels wake receivers when
                // the filter is orphaned) no task is left.
                if (!stopping && guestsGone(arena)) {
                    finish(Outcome.GUESTS_GONE);
                }
                arena.reset();
                continue;
            }
            inFlight.incrementAndGet();
            try {
                handler.handle(n, arena);
            } catch (Throwable t) {
                // The handler answers guest errors itself; anything escaping is a sentry bug
                // or the JVM out of memory. Fail that one call and keep serving the others:
                // answer first, since logging can fail again while memory is short.
                listener.respond(arena, n.id(), 0, Errno.EIO, 0);
                try {
                    LOG.error(
                            "sentry fault while handling syscall {} from tid {}; failed it with EIO",
                            n.nr(),
                            n.tid(),
                            t);
                } catch (Throwable ignored) {
                    // out of memory again: the call is answered, that is what matters
                }
            } finally {
                arena.reset();
                inFlight.decrementAndGet();
                drained();
            }
        }
    }

    /** Sends another worker into RECV whenever every worker has been busy for too long. */
    private void watch() {
        while (!stopping) {
            try {
                watchOnce();
            } catch (Throwable t) {
                // Out of memory starting a worker: keep watching, the next tick may succeed.
                LockSupport.parkNanos(this, STALL_NANOS);
            }
        }
    }

    private void watchOnce() {
        if (inFlight.get() == 0 && System.nanoTime() - lastReceive > DEEP_SLEEP_NANOS) {
            watchdogAsleep = true;
            // Re-check after publishing the flag: a worker that received before seeing it
            // has already moved lastReceive.
            if (inFlight.get() == 0 && System.nanoTime() - lastReceive > DEEP_SLEEP_NANOS) {
                LockSupport.park(this);
            }
            watchdogAsleep = false;
            return;
        }
        LockSupport.parkNanos(this, STALL_NANOS);
        if (waiting.get() == 0
                && inFlight.get() > 0
                && System.nanoTime() - lastReceive >= STALL_NANOS) {
            Standby s = standby.poll();
            if (s != null) {
                s.go = true;
                LockSupport.unpark(s.thread);
            } else {
                spawn();
            }
        }
    }

    private boolean guestsGone(Arena arena) {
        try {
            return listener.poll(arena, 0) == Native.POLLHUP;
        } catch (IllegalStateException e) {
            return true; // the runner closed the listener: the sandbox is over
        }
    }

    private void finish(Outcome outcome) {
        ended.complete(outcome);
        stopping = true;
        standby.forEach(w -> LockSupport.unpark(w.thread));
        LockSupport.unpark(watchdog);
        drained();
    }

    private void drained() {
        if (stopping && inFlight.get() == 0) {
            done.complete(ended.join());
        }
    }

    /** Ends the loop because the listener broke: the runner kills the sandbox (fail closed). */
    public void fail(Throwable cause) {
        boolean first = !stopping;
        // End first, log after: out of memory, the log line itself can fail, and the runner's
        // kill (on ended()) must not depend on it.
        finish(Outcome.LISTENER_FAILED);
        if (first) {
            try {
                LOG.error("seccomp listener failed: {}; failing closed", cause.toString());
                LOG.debug("listener failure", cause);
            } catch (Throwable ignored) {
                // nothing left to report it with
            }
        }
    }

    /**
     * Stops taking calls; calls already taken finish. Workers still blocked in RECV stay there (the
     * kernel offers no way to interrupt it) until a notification or the listener's last task goes
     * away; they are daemon threads and hold no sentry resources.
     */
    @Override
    public void close() {
        finish(Outcome.STOPPED);
    }
}
