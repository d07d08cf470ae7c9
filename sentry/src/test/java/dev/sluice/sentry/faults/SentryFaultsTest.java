package dev.sluice.sentry.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.SandboxRunner;
import dev.sluice.sentry.dispatch.Dispatcher;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.notify.NotificationLoop.Outcome;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/** The decorators the test switch puts around the sentry, against a mocked listener. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SentryFaultsTest {
    private static Notification notif(long id) {
        return new Notification(
                id, 1234, Syscalls.SYS_IOCTL, SeccompAbi.AUDIT_ARCH_X86_64, new long[6]);
    }

    /** A listener that hands out {@code ids} and then reports the guests gone. */
    private static Listener listener(long... ids) {
        Listener listener = mock(Listener.class);
        Notification first = notif(ids[0]);
        Notification[] rest = new Notification[ids.length];
        for (int i = 1; i < ids.length; i++) {
            rest[i - 1] = notif(ids[i]);
        }
        when(listener.receive(any())).thenReturn(first, rest);
        when(listener.poll(any(), anyInt())).thenReturn((int) Native.POLLHUP);
        return listener;
    }

    /**
     * The hooks the production loop, dispatcher and runner options carried for fault injection are
     * gone: it lives in this package alone.
     */
    @Test
    void theProductionClassesHoldNoFaultHook() {
        Map<Class<?>, Set<String>> former =
                Map.of(
                        NotificationLoop.class, Set.of("abandonAfter", "abandon", "received"),
                        Dispatcher.class,
                                Set.of(
                                        "injectDelays",
                                        "stallNanos",
                                        "delayNanos",
                                        "stallUntil",
                                        "sleepUntil"),
                        SandboxRunner.Options.class,
                                Set.of("failAfter", "stallMillis", "delayMillis"));
        former.forEach(
                (c, names) -> {
                    List<String> found = new ArrayList<>();
                    Stream.concat(
                                    Arrays.stream(c.getDeclaredFields()).map(Field::getName),
                                    Arrays.stream(c.getDeclaredMethods()).map(Method::getName))
                            .filter(names::contains)
                            .forEach(found::add);
                    assertEquals(
                            List.of(),
                            found,
                            c.getSimpleName()
                                    + " must leave fault injection to dev.sluice.sentry.faults");
                });
    }

    @Test
    void withoutFaultsTheProxiesAreHandedBackAsTheyAre() {
        List<DeviceProxy> proxies = List.of(new FixedProxy());
        assertSame(
                proxies,
                SentryFaults.proxies(TestFaults.NONE, proxies),
                "no decorator in production");
        assertSame(
                proxies,
                SentryFaults.proxies(
                        TestFaults.parse("stall-ms=5,close-listener-after=1"), proxies),
                "only delay-ms touches the proxies");
    }

    @Test
    void withoutFaultsTheLoopServesEveryCallWithTheWorkersAsked() throws Exception {
        Listener listener = listener(1, 2, 3);
        List<Long> handled = new CopyOnWriteArrayList<>();
        NotificationLoop loop =
                SentryFaults.loop(TestFaults.NONE, listener, (n, a) -> handled.add(n.id()), 2, 64);
        loop.start();
        assertEquals(Outcome.GUESTS_GONE, loop.done().get(30, TimeUnit.SECONDS));
        assertEquals(List.of(1L, 2L, 3L), handled, "every call reaches the handler");
        verify(listener, never()).close();
    }

    /** Moved here from NotificationLoopTest with the fault itself. */
    @Test
    void closeListenerAfterDropsTheListener() throws Exception {
        Listener listener = listener(1, 2);
        List<Long> handled = new CopyOnWriteArrayList<>();
        NotificationLoop loop =
                SentryFaults.loop(
                        TestFaults.parse("close-listener-after=1"),
                        listener,
                        (n, arena) -> handled.add(n.id()),
                        2,
                        64);
        loop.start();
        assertEquals(
                Outcome.LISTENER_FAILED,
                loop.done().get(30, TimeUnit.SECONDS),
                "fault injection ends the loop as a failure");
        assertEquals(List.of(1L), handled, "only the first call is answered");
        verify(listener, atLeastOnce()).close();
        verify(listener, never()).respond(any(), eq(2L), anyLong(), anyInt(), anyInt());
    }

    @Test
    void closeListenerAfterRunsOneWorkerWhateverWasAsked() throws Exception {
        Listener listener = listener(1, 2, 3, 4, 5, 6);
        NotificationLoop loop =
                SentryFaults.loop(
                        TestFaults.parse("close-listener-after=5"),
                        listener,
                        (n, arena) -> {
                            // Slow calls: with more workers allowed, the watchdog would start
                            // another after 1 ms.
                            sleep(20);
                        },
                        2,
                        64);
        loop.start();
        assertEquals(Outcome.LISTENER_FAILED, loop.done().get(30, TimeUnit.SECONDS));
        assertEquals(
                1,
                loop.peakWorkers(),
                "a second worker in RECV would keep the abandoned listener open");
    }

    @Test
    void stallHoldsEveryCallUntilItEndsFromTheFirstCallOn() throws Exception {
        Listener listener = listener(1, 2);
        List<Long> at = new CopyOnWriteArrayList<>();
        long start = System.nanoTime();
        NotificationLoop loop =
                SentryFaults.loop(
                        TestFaults.parse("stall-ms=200"),
                        listener,
                        (n, arena) -> at.add(System.nanoTime()),
                        1,
                        1);
        loop.start();
        assertEquals(Outcome.GUESTS_GONE, loop.done().get(30, TimeUnit.SECONDS));
        assertEquals(2, at.size(), "both calls are handled after the stall");
        assertTrue(
                at.get(0) - start >= 200_000_000L,
                "the first call waited out the stall: " + (at.get(0) - start) / 1_000_000 + " ms");
    }

    @Test
    void delayHoldsTheProxysAnswerAndForwardsTheRest() {
        FixedProxy inner = new FixedProxy();
        DeviceProxy p =
                SentryFaults.proxies(TestFaults.parse("delay-ms=100"), List.of(inner)).get(0);
        assertInstanceOf(DelayingProxy.class, p);
        long t0 = System.nanoTime();
        assertSame(FixedProxy.RESULT, p.handle(mock(IoctlCall.class)), "the proxy's own result");
        assertTrue(System.nanoTime() - t0 >= 100_000_000L, "held for delay-ms");
        assertEquals("fixed", p.name());
        assertSame(inner.trapRules(), p.trapRules());
        assertTrue(p.owns(new CharDevice(5, 2)));
        assertFalse(p.owns(new CharDevice(1, 3)));
        assertEquals("NAME_7", p.ioctlName(7));
        assertEquals("racy", p.racyRows());
        p.close();
        assertEquals(0, inner.closed.get(), "whoever made the proxy closes it, not the decorator");
    }

    @Test
    void delayHoldsAProxyFaultToo() {
        DeviceProxy p =
                SentryFaults.proxies(
                                TestFaults.parse("delay-ms=50"),
                                List.of(
                                        new FixedProxy() {
                                            @Override
                                            public Verdict handle(IoctlCall call) {
                                                throw new IllegalStateException("proxy bug");
                                            }
                                        }))
                        .get(0);
        long t0 = System.nanoTime();
        assertThrows(IllegalStateException.class, () -> p.handle(mock(IoctlCall.class)));
        assertTrue(
                System.nanoTime() - t0 >= 50_000_000L,
                "held before the dispatcher answers EIO, as before");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static class FixedProxy implements DeviceProxy {
        static final Verdict RESULT = new Verdict(IoctlResult.CONTINUE, "fixed call");
        private final List<TrapRule> rules =
                List.of(new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty"));
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public String name() {
            return "fixed";
        }

        @Override
        public List<TrapRule> trapRules() {
            return rules;
        }

        @Override
        public boolean owns(CharDevice device) {
            return device.major() == 5;
        }

        @Override
        public Verdict handle(IoctlCall call) {
            return RESULT;
        }

        @Override
        public String ioctlName(int cmd) {
            return "NAME_" + cmd;
        }

        @Override
        public String racyRows() {
            return "racy";
        }

        @Override
        public void close() {
            closed.incrementAndGet();
        }
    }
}
