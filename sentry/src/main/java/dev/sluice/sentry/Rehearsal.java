package dev.sluice.sentry;

import dev.sluice.sentry.dispatch.Dispatcher;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.guest.WorkerCredentials;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.SelfTrap;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.observe.RateLimitedLog;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.DeviceProxy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The proxies' typical calls ({@link DeviceProxy#rehearsal}), made by the sentry itself while a
 * sandbox starts, so that the path they take is compiled before the sandbox makes its first call.
 *
 * <p><b>Why.</b> A sandbox's first calls run the sentry's code interpreted: its JIT compiles a
 * method only after some invocations (the launcher's thresholds, bin/sluice). CUDA's initialisation
 * is some 680 trapped calls made at once, and on the H200 the same program's CUDA initialisation
 * took 1.2× native in a fresh sentry but 1.0–1.1× in one that had served it before
 * (docs/benchmarks.md). The class-data archive holds classes, not compiled code, so only running
 * the code compiles it.
 *
 * <p><b>How.</b> A thread made for the purpose installs a filter on itself alone that hands its
 * ioctls to a new listener ({@link SelfTrap}); a {@link Dispatcher} and {@link NotificationLoop} of
 * the rehearsal's own answer them, with the rehearsals' own proxies and workers that take the
 * sandbox's credentials, exactly as the sandbox's are answered; the thread makes the calls and
 * exits, which orphans the filter and ends the loop. Everything runs beside the sandbox's start,
 * never before it: a rehearsal that fails or is slow costs the sandbox nothing but the speed-up.
 * {@code SLUICE_REHEARSAL=0} in the sentry's environment turns it off.
 *
 * <p><b>Isolation.</b> The calls are the sentry's own, on files the rehearsal thread opens,
 * answered by proxies that share no state with the sandbox's; their counts go to statistics of
 * their own. No guest takes part, and the sandbox's listener, dispatcher and workers are not
 * involved.
 */
public final class Rehearsal {
    private static final Logger LOG = LoggerFactory.getLogger(Rehearsal.class);

    /** The environment variable that turns rehearsals off with {@code 0}. */
    public static final String ENV = "SLUICE_REHEARSAL";

    /** How long the rehearsal may take before its thread is left behind. */
    static final long TIMEOUT_SECONDS = 30;

    /** What one rehearsal did. */
    public record Result(int calls, long nanos, CallStats stats) {}

    private Rehearsal() {}

    /**
     * Starts the rehearsals of {@code proxies} on threads of their own and returns at once; the
     * future completes when they are over (null when there were none, or they were turned off, or
     * they failed: the reason is logged).
     *
     * @param credentials what the sandbox's workers act as: the rehearsal's workers act the same
     */
    public static CompletableFuture<Result> start(
            List<DeviceProxy> proxies, GuestCredentials credentials) {
        CompletableFuture<Result> done = new CompletableFuture<>();
        if ("0".equals(System.getenv(ENV))) {
            done.complete(null);
            return done;
        }
        List<CallRehearsal> rehearsals = new ArrayList<>();
        for (DeviceProxy p : proxies) {
            CallRehearsal r = p.rehearsal();
            if (r != null) {
                rehearsals.add(r);
            }
        }
        if (rehearsals.isEmpty()) {
            done.complete(null);
            return done;
        }
        Thread coordinator =
                new Thread(
                        () -> {
                            Result r = null;
                            try {
                                r = run(rehearsals, credentials);
                            } catch (RuntimeException | Error e) {
                                LOG.debug("rehearsal failed: {}", e.toString());
                            } finally {
                                rehearsals.forEach(CallRehearsal::close);
                                done.complete(r);
                            }
                        },
                        "sentry-rehearsal");
        coordinator.setDaemon(true);
        coordinator.start();
        return done;
    }

    /**
     * Runs {@code rehearsals} to their end on the calling thread's behalf: the trapped thread makes
     * the calls, this one serves them. Package-private for tests.
     */
    static Result run(List<CallRehearsal> rehearsals, GuestCredentials credentials) {
        long start = System.nanoTime();
        CompletableFuture<HostFd> trapped = new CompletableFuture<>();
        CountDownLatch served = new CountDownLatch(1);
        int[] calls = {0};
        Thread caller =
                new Thread(
                        () -> {
                            Arena arena = new Arena(64 * 1024);
                            try {
                                trapped.complete(SelfTrap.trapIoctls(arena));
                            } catch (RuntimeException e) {
                                trapped.completeExceptionally(e);
                                return;
                            }
                            try {
                                if (!served.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                                    return;
                                }
                                for (CallRehearsal r : rehearsals) {
                                    calls[0] += r.perform(arena);
                                }
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "sentry-rehearsal-calls");
        caller.setDaemon(true);
        caller.start();
        HostFd fd = trapped.join();
        CallStats stats = new CallStats();
        List<DeviceProxy> proxies = rehearsals.stream().map(CallRehearsal::proxy).toList();
        try (Listener listener = new Listener(fd);
                Dispatcher dispatcher =
                        new Dispatcher(
                                listener,
                                proxies,
                                stats,
                                null,
                                new RateLimitedLog(LOG),
                                credentials)) {
            listener.setSyncWakeUp();
            NotificationLoop loop = new NotificationLoop(listener, dispatcher, 1, 2);
            loop.workerInit(() -> WorkerCredentials.become(credentials));
            loop.start();
            served.countDown();
            try {
                caller.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
                // The caller's exit orphans its filter, which ends the loop (GUESTS_GONE).
                loop.done().get(2, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
                LOG.debug("rehearsal: the loop did not end with its caller: {}", e.toString());
            } finally {
                loop.close();
            }
        }
        Result r = new Result(calls[0], System.nanoTime() - start, stats);
        LOG.debug(
                "rehearsal: {} calls in {} ms ({} trapped)",
                r.calls(),
                r.nanos() / 1_000_000,
                stats.total());
        return r;
    }
}
