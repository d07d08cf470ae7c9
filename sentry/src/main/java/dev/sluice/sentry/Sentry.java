package dev.sluice.sentry;

import dev.sluice.sentry.dispatch.Dispatcher;
import dev.sluice.sentry.faults.SentryFaults;
import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.guest.WorkerCredentials;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.observe.FdCount;
import dev.sluice.sentry.observe.ProcessMemory;
import dev.sluice.sentry.observe.RateLimitedLog;
import dev.sluice.sentry.observe.TraceWriter;
import dev.sluice.sentry.spi.DeviceProxy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The gate of one sandbox: the seccomp listener, the {@link Dispatcher} that decides each trapped
 * call, and the {@link NotificationLoop} that feeds it. Started once the workload has handed over
 * its listener, stopped once the sandbox has exited.
 *
 * <p>Used by {@link SandboxRunner} ({@code sluice run}) and by the detached sentry of an OCI
 * container.
 *
 * <p>Lock ordering: none. The loop's workers share only thread-safe state (stats, trace, the
 * dispatcher's caches); the listener's ioctls are safe from many threads.
 */
public final class Sentry {
    private static final Logger LOG = LoggerFactory.getLogger(Sentry.class);

    private final Listener listener;
    private final Dispatcher dispatcher;
    private final NotificationLoop loop;
    private final int fdsAtStart;
    private final Map<Integer, String> fdsBefore;
    private final ProcessMemory.Sample memoryAtStart = ProcessMemory.sample();

    private Sentry(
            Listener listener,
            Dispatcher dispatcher,
            NotificationLoop loop,
            int fdsAtStart,
            Map<Integer, String> fdsBefore) {
        this.fdsBefore = fdsBefore;
        this.listener = listener;
        this.dispatcher = dispatcher;
        this.loop = loop;
        this.fdsAtStart = fdsAtStart;
    }

    /**
     * Starts answering on {@code listenerFd}. {@code onFailure} runs (once, on a worker thread) if
     * the loop ends for any reason but "no task left": the caller must then kill the sandbox.
     *
     * @param credentials what the process that handed over {@code listenerFd} may do itself: every
     *     worker acts as exactly that ({@link WorkerCredentials}), and refuses calls if it cannot
     */
    public static Sentry start(
            HostFd listenerFd,
            List<DeviceProxy> proxies,
            CallStats stats,
            TraceWriter trace,
            SandboxRunner.Options options,
            GuestCredentials credentials,
            Consumer<NotificationLoop.Outcome> onFailure) {
        int fdsAtStart = FdCount.openFds();
        Map<Integer, String> fdsBefore = FdCount.snapshot();
        Listener listener = new Listener(listenerFd);
        listener.setSyncWakeUp();
        // Test-only faults (SLUICE_TEST_FAULTS); without them the proxies come back as they are and
        // the loop is built as asked.
        TestFaults faults = TestFaults.active();
        Dispatcher dispatcher =
                new Dispatcher(
                        listener,
                        SentryFaults.proxies(faults, proxies),
                        stats,
                        trace,
                        new RateLimitedLog(LoggerFactory.getLogger(Dispatcher.class)),
                        credentials);
        NotificationLoop loop =
                SentryFaults.loop(
                        faults, listener, dispatcher, options.idleWorkers(), options.maxWorkers());
        // Each worker takes the guest's credentials before it answers anything (they are per
        // thread); one that cannot refuses every call it receives.
        loop.workerInit(() -> WorkerCredentials.become(credentials));
        loop.ended()
                .thenAccept(
                        outcome -> {
                            if (outcome != NotificationLoop.Outcome.GUESTS_GONE) {
                                onFailure.accept(outcome);
                            }
                        });
        loop.start();
        if (faults.none()) {
            // Beside the workload's start: the proxies' typical calls, so that their path is
            // compiled before the first of the workload's arrives.
            Rehearsal.start(proxies, credentials);
        }
        return new Sentry(listener, dispatcher, loop, fdsAtStart, fdsBefore);
    }

    /**
     * Completes when the notification loop ends: {@code GUESTS_GONE} once no sandboxed task is
     * left, anything else on a failure (after {@code onFailure} ran). A detached sentry (an OCI
     * container's) waits on this to know when its work is over.
     */
    public java.util.concurrent.CompletableFuture<NotificationLoop.Outcome> ended() {
        return loop.ended();
    }

    /** The sentry's open-fd count when it started (the listener included). */
    public int fdsAtStart() {
        return fdsAtStart;
    }

    /** Calls whose guest stopped waiting (died, or was interrupted) before the sentry's answer. */
    public long abandonedCalls() {
        return dispatcher.abandoned();
    }

    /**
     * Calls failed because their caller was found gone while the sentry looked it up or reached
     * into it.
     */
    public long callersGone() {
        return dispatcher.callersGone();
    }

    /**
     * The sentry's memory now against its start ({@code rss_start=N KiB rss_end=N KiB rss_peak=N
     * KiB heap_used=N KiB heap_max=N KiB}), for {@code --stats}: a guest must not be able to make
     * it grow without bound.
     */
    public String memory() {
        return ProcessMemory.report(memoryAtStart, ProcessMemory.sample());
    }

    /**
     * Stops after the sandbox exited: waits for calls in flight, releases the per-sandbox caches,
     * and returns the sentry's open-fd count before the listener itself is closed.
     */
    public int stop() {
        loop.close();
        try {
            loop.done().get(2, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException
                | java.util.concurrent.ExecutionException e) {
            LOG.warn("the notification loop did not end with the sandbox: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        dispatcher.close();
        int fdsAtEnd = FdCount.openFds();
        // The JVM closes some fds of its own asynchronously (the process reaper closes the
        // sandbox's pipes after the exit): give the count a moment to settle before calling a
        // difference a leak.
        for (int i = 0; i < 50 && fdsAtEnd != fdsAtStart; i++) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            fdsAtEnd = FdCount.openFds();
        }
        if (fdsAtEnd != fdsAtStart) {
            Map<Integer, String> now = FdCount.snapshot();
            now.forEach(
                    (fd, target) -> {
                        if (!target.equals(fdsBefore.get(fd))) {
                            LOG.warn(
                                    "sentry fd {} ({}) was opened during the sandbox's life and is still open",
                                    fd,
                                    target);
                        }
                    });
        }
        listener.close();
        return fdsAtEnd;
    }
}
