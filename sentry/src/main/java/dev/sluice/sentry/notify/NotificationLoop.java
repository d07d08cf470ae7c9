package dev.sluice.sentry.notify;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives trapped syscalls and hands each to a {@link Handler}, many at a time.
 *
 * <p><b>Threading.</b> Every idle worker blocks in {@code SECCOMP_IOCTL_NOTIF_RECV} on the
 * listener itself. The kernel gives each notification to exactly one waiting receiver and, with
 * {@code SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP}, wakes it on the trapping thread's CPU; the worker
 * that took a call handles it itself. So the common case pays no hand-off between threads and no
 * extra {@code poll}, and a slow call (a GPU firmware round trip) never keeps the next one
 * waiting: the other workers are still blocked in RECV. When a worker takes a call and none is
 * left waiting, it starts another (up to {@code maxWorkers}); workers beyond {@code idleWorkers}
 * idle ones retire after their call.
 *
 * <p><b>Shutdown.</b> A receive that fails with ENOENT while the listener polls {@code POLLHUP}
 * means the filter has no task left: {@link Outcome#GUESTS_GONE}. The runner also calls
 * {@link #close} once the sandbox has exited. Any failure of the listener itself ends the loop
 * with {@link Outcome#LISTENER_FAILED}, and the runner then kills the sandbox (fail closed).
 * {@link #ended()} completes as soon as the loop stops; {@link #done()} once, in addition,
 * every call already taken has been answered and counted.
 */
public final class NotificationLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NotificationLoop.class);
    private static final int ARENA_BLOCK = 64 * 1024;

    /** Handles one notification and must respond to it (or let it die with the guest). */
    @FunctionalInterface
    public interface Handler {
        void handle(Notification n, Arena arena);
    }

    /** Why the loop ended. */
    public enum Outcome { GUESTS_GONE, STOPPED, LISTENER_FAILED }

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
    private final AtomicInteger received = new AtomicInteger();
    private volatile int abandonAfter;
    private volatile boolean abandoned;
    private volatile boolean stopping;

    public NotificationLoop(Listener listener, Handler handler, int idleWorkers, int maxWorkers) {
        if (idleWorkers < 1 || maxWorkers < idleWorkers) {
            throw new IllegalArgumentException("workers: idle " + idleWorkers + ", max " + maxWorkers);
        }
        this.listener = listener;
        this.handler = handler;
        this.idleWorkers = idleWorkers;
        this.maxWorkers = maxWorkers;
    }

    /**
     * Fault injection for the fail-closed tests: the sentry answers {@code calls} calls and then
     * stops answering. The worker that receives the next one drops it unanswered and closes the
     * listener; so does any worker still blocked in RECV when it wakes. Once no worker holds the
     * listener, the kernel fails every pending and future trapped call with ENOSYS, as if the
     * sentry had died. (Run it with a single worker to release the listener at once.)
     */
    public void abandonAfter(int calls) {
        this.abandonAfter = calls;
    }

    public void start() {
        for (int i = 0; i < idleWorkers; i++) {
            spawn();
        }
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
        Thread t = new Thread(this::work, "sentry-worker-" + threadIds.incrementAndGet());
        t.setDaemon(true);
        t.start();
    }

    private void work() {
        Arena arena = new Arena(ARENA_BLOCK);
        try {
            while (!stopping) {
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
                if (abandoned || (n != null && abandonAfter > 0 && received.incrementAndGet() > abandonAfter)) {
                    abandon();
                    return; // drop the call unanswered, and our reference to the listener
                }
                if (n == null) {
                    if (listener.poll(arena, 0) == Native.POLLHUP) {
                        finish(Outcome.GUESTS_GONE);
                    }
                    arena.reset();
                    continue;
                }
                inFlight.incrementAndGet();
                if (waiting.get() == 0) {
                    spawn();
                }
                try {
                    handler.handle(n, arena);
                } catch (Throwable t) {
                    // The handler answers guest errors itself; anything escaping is a sentry bug.
                    // Fail that one call and keep serving the others.
                    LOG.error("sentry fault while handling syscall {} from tid {}; failing it with EIO", n.nr(), n.tid(), t);
                    listener.respond(arena, n.id(), 0, Errno.EIO, 0);
                } finally {
                    arena.reset();
                    inFlight.decrementAndGet();
                    drained();
                }
                if (waiting.get() >= idleWorkers && workers.get() > idleWorkers) {
                    return;
                }
            }
        } finally {
            workers.decrementAndGet();
        }
    }

    private void abandon() {
        if (abandoned) {
            return;
        }
        abandoned = true;
        listener.close();
        LOG.warn("fault injection: the sentry stops answering after {} calls", abandonAfter);
        fail(new IllegalStateException("listener abandoned by fault injection"));
    }

    private void finish(Outcome outcome) {
        ended.complete(outcome);
        stopping = true;
        drained();
    }

    private void drained() {
        if (stopping && inFlight.get() == 0) {
            done.complete(ended.join());
        }
    }

    /** Ends the loop because the listener broke: the runner kills the sandbox (fail closed). */
    public void fail(Exception cause) {
        if (!stopping) {
            LOG.error("seccomp listener failed: {}; failing closed", cause.toString(), cause);
        }
        finish(Outcome.LISTENER_FAILED);
    }

    /**
     * Stops taking calls; calls already taken finish. Workers still blocked in RECV stay there
     * (the kernel offers no way to interrupt it) until a notification or the listener's last task
     * goes away; they are daemon threads and hold no sentry resources.
     */
    @Override
    public void close() {
        finish(Outcome.STOPPED);
    }
}
