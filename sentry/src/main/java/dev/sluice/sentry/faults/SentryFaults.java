package dev.sluice.sentry.faults;

import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.spi.DeviceProxy;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Puts the {@link TestFaults} of the sentry around the parts {@code Sentry} builds, once, at start:
 * the device proxies ({@code delay-ms}) and the notification loop's handler ({@code stall-ms},
 * {@code close-listener-after}). With no fault asked for, each method hands back what it was given
 * and builds the loop exactly as asked.
 */
public final class SentryFaults {
    private SentryFaults() {}

    /** {@code proxies}, each held {@code delay-ms} after it decided a call. */
    public static List<DeviceProxy> proxies(TestFaults faults, List<DeviceProxy> proxies) {
        if (faults.delayMillis() == 0) {
            return proxies;
        }
        return proxies.stream()
                .<DeviceProxy>map(p -> new DelayingProxy(p, faults.delayMillis()))
                .toList();
    }

    /**
     * The notification loop over {@code handler} with the given worker counts, the handler wrapped
     * in the faults asked for. {@code close-listener-after} runs one worker, whatever the counts: a
     * second worker blocked in RECV would keep the abandoned listener open.
     */
    public static NotificationLoop loop(
            TestFaults faults,
            Listener listener,
            NotificationLoop.Handler handler,
            int idleWorkers,
            int maxWorkers) {
        NotificationLoop.Handler h = handler;
        if (faults.stallMillis() > 0) {
            h = new StallingHandler(h, faults.stallMillis());
        }
        if (faults.closeListenerAfter() == 0) {
            return new NotificationLoop(listener, h, idleWorkers, maxWorkers);
        }
        AtomicReference<NotificationLoop> loop = new AtomicReference<>();
        // The loop calls its handler only once started, so the reference is set by then.
        h =
                new AbandoningHandler(
                        h, listener, faults.closeListenerAfter(), cause -> loop.get().fail(cause));
        loop.set(new NotificationLoop(listener, h, 1, 1));
        return loop.get();
    }
}
