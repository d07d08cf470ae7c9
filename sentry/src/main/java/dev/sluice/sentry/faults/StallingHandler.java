package dev.sluice.sentry.faults;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.notify.NotificationLoop;

import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code stall-ms}: from the first trapped call on, every call waits until the stall is over before
 * it is handled, so the workers stop receiving and the kernel's queue of notifications fills. The
 * wait is not counted in the call's latency (it comes before the handler).
 */
final class StallingHandler implements NotificationLoop.Handler {
    private final NotificationLoop.Handler inner;
    private final long stallNanos;
    private final AtomicLong stallUntil = new AtomicLong();

    StallingHandler(NotificationLoop.Handler inner, int stallMillis) {
        this.inner = inner;
        this.stallNanos = stallMillis * 1_000_000L;
    }

    @Override
    public void handle(Notification n, Arena arena) {
        stallUntil.compareAndSet(0, System.nanoTime() + stallNanos);
        Pause.until(stallUntil.get());
        inner.handle(n, arena);
    }
}
