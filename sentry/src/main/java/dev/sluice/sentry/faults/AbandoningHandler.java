package dev.sluice.sentry.faults;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.notify.NotificationLoop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@code close-listener-after}: the sentry answers {@code calls} calls and then stops answering,
 * for the fail-closed tests. The call after them is dropped unanswered, the listener closed and the
 * loop failed (so the runner kills the sandbox); any later call a worker still receives is dropped
 * too. Once no worker holds the listener, the kernel fails every pending and future trapped call
 * with ENOSYS, as if the sentry had died: {@link SentryFaults} therefore runs the loop with one
 * worker, so that the listener is released at once.
 */
final class AbandoningHandler implements NotificationLoop.Handler {
    private static final Logger LOG = LoggerFactory.getLogger(AbandoningHandler.class);

    private final NotificationLoop.Handler inner;
    private final Listener listener;
    private final int calls;
    private final Consumer<Throwable> failLoop;
    private final AtomicInteger received = new AtomicInteger();
    private volatile boolean abandoned;

    /**
     * @param failLoop ends the loop as a listener failure ({@link NotificationLoop#fail})
     */
    AbandoningHandler(
            NotificationLoop.Handler inner,
            Listener listener,
            int calls,
            Consumer<Throwable> failLoop) {
        this.inner = inner;
        this.listener = listener;
        this.calls = calls;
        this.failLoop = failLoop;
    }

    @Override
    public void handle(Notification n, Arena arena) {
        if (abandoned || received.incrementAndGet() > calls) {
            abandon();
            return; // unanswered
        }
        inner.handle(n, arena);
    }

    private synchronized void abandon() {
        if (abandoned) {
            return;
        }
        abandoned = true;
        listener.close();
        LOG.warn("fault injection: the sentry stops answering after {} calls", calls);
        failLoop.accept(new IllegalStateException("listener abandoned by fault injection"));
    }
}
