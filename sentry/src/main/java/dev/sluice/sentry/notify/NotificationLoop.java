package dev.sluice.sentry.notify;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.Native;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives trapped syscalls and hands each to a {@link Handler}, many at a time.
 *
 * <p><b>Threading: leader/followers.</b> Exactly one worker at a time (the leader, holding
 * {@link #leadership}) waits on the listener. As soon as it has taken a notification it passes
 * leadership on and handles the call itself, so the common case pays no hand-off between threads,
 * and a slow call (a GPU firmware round trip) never keeps the next notification waiting: another
 * worker is already polling. If no idle worker is left when a leader passes leadership on, it
 * starts one, up to {@code maxWorkers}; workers beyond {@code idleWorkers} idle ones retire.
 *
 * <p><b>Shutdown.</b> The loop ends by itself when the filter has no tasks left (the listener
 * polls {@code POLLHUP}); {@link #close} stops it early. {@link #done()} says why it ended: the
 * sandbox runner kills the sandbox when the loop ended for any other reason than
 * {@link Outcome#GUESTS_GONE}, so nothing runs unmediated (fail closed). {@link #ended()}
 * completes as soon as the loop stops taking notifications; {@link #done()} once, in addition,
 * every call already taken has been answered and counted.
 */
public final class NotificationLoop implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NotificationLoop.class);
    private static final int POLL_MILLIS = 200;
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
    private final Semaphore leadership = new Semaphore(1);
    private final AtomicInteger workers = new AtomicInteger();
    private final AtomicInteger idle = new AtomicInteger();
    private final AtomicInteger threadIds = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final CompletableFuture<Outcome> ended = new CompletableFuture<>();
    private final CompletableFuture<Outcome> done = new CompletableFuture<>();
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

    /** Current number of worker threads (for tests and stats). */
    public int workers() {
        return workers.get();
    }

    private boolean spawn() {
        while (true) {
            int n = workers.get();
            if (n >= maxWorkers) {
                return false;
            }
            if (workers.compareAndSet(n, n + 1)) {
                break;
            }
        }
        Thread t = new Thread(this::work, "sentry-worker-" + threadIds.incrementAndGet());
        t.setDaemon(true);
        t.start();
        return true;
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

    private void work() {
        Arena arena = new Arena(ARENA_BLOCK);
        try {
            while (!stopping) {
                inFlight.incrementAndGet();
                Notification n = lead(arena);
                if (n == null) {
                    inFlight.decrementAndGet();
                    drained();
                    continue;
                }
                if (idle.get() == 0) {
                    spawn();
                }
                try {
                    handler.handle(n, arena);
                } catch (Throwable t) {
                    // The handler answers guest errors itself; anything escaping is a sentry bug.
                    // Fail that one call and keep serving the others.
                    LOG.error("sentry fault while handling syscall {} from tid {}; failing it with EIO", n.nr(), n.tid(), t);
                    listener.respond(arena, n.id(), 0, dev.sluice.sentry.nativeio.Errno.EIO, 0);
                } finally {
                    arena.reset();
                    inFlight.decrementAndGet();
                    drained();
                }
                if (idle.get() >= idleWorkers && workers.get() > idleWorkers) {
                    return;
                }
            }
        } finally {
            workers.decrementAndGet();
        }
    }

    /** Becomes leader, waits for one notification, passes leadership on. Null when there is none. */
    private Notification lead(Arena arena) {
        idle.incrementAndGet();
        try {
            if (!leadership.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                return null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finish(Outcome.STOPPED);
            return null;
        } finally {
            idle.decrementAndGet();
        }
        try {
            while (!stopping) {
                int p = listener.poll(arena, POLL_MILLIS);
                if (p == Native.POLLIN) {
                    Notification n = listener.receive(arena);
                    if (n != null) {
                        return n;
                    }
                } else if (p == Native.POLLHUP) {
                    finish(Outcome.GUESTS_GONE);
                } else if (p == Native.POLLNVAL) {
                    throw new ErrnoException("poll(seccomp listener)", dev.sluice.sentry.nativeio.Errno.EBADF);
                } else if (p < 0 && p != -dev.sluice.sentry.nativeio.Errno.EINTR) {
                    throw new ErrnoException("poll(seccomp listener)", -p);
                }
            }
            return null;
        } catch (RuntimeException e) {
            // ErrnoException from the kernel, or IllegalStateException from a closed HostFd.
            fail(e);
            return null;
        } finally {
            leadership.release();
            arena.reset();
        }
    }

    /** Ends the loop because the listener broke: the runner kills the sandbox (fail closed). */
    public void fail(Exception cause) {
        if (!stopping) {
            LOG.error("seccomp listener failed: {}; failing closed", cause.toString(), cause);
        }
        finish(Outcome.LISTENER_FAILED);
    }

    /** Stops receiving. Calls already being handled finish; nothing new is taken. */
    @Override
    public void close() {
        finish(Outcome.STOPPED);
    }
}
