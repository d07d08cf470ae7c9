package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockingDetails;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mockito.invocation.Invocation;
import org.slf4j.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RateLimitedLogTest {

    private static final long SECOND = 1_000_000_000L;
    private static final String FMT = "denied ioctl({}, {}) from pid {}";

    private Logger log;

    /** Starts negative on purpose: nanoTime values may be, and only differences count. */
    private final AtomicLong clock = new AtomicLong(-5 * SECOND);

    private RateLimitedLog limited;

    /** One WARN call as the logger saw it. */
    private record Warn(String format, Object[] args) {}

    @BeforeEach
    void setUp() {
        log = mock(Logger.class);
        limited = new RateLimitedLog(log, Duration.ofSeconds(10), clock::get);
    }

    /** The warn(String, Object...) calls made on the mock, in order, with their raw arguments. */
    private List<Warn> warns() {
        List<Warn> out = new ArrayList<>();
        for (Invocation i : mockingDetails(log).getInvocations()) {
            if (i.getMethod().getName().equals("warn")) {
                Object[] raw = i.getRawArguments();
                assertEquals(2, raw.length, "only warn(String, Object...) is used: " + i);
                out.add(new Warn((String) raw[0], (Object[]) raw[1]));
            }
        }
        return out;
    }

    @Test
    void firstCallLogsAndLaterOnesWithinTheIntervalAreSuppressed() {
        assertTrue(
                limited.warn("ctl/0xc030462b", FMT, "nvidiactl", "0xc030462b", 7),
                "the first call logs");
        for (int i = 0; i < 5; i++) {
            clock.addAndGet(SECOND);
            assertFalse(
                    limited.warn("ctl/0xc030462b", FMT, "nvidiactl", "0xc030462b", 7),
                    "a call " + (i + 1) + " s after the last line is suppressed");
        }
        List<Warn> w = warns();
        assertEquals(1, w.size(), "one WARN line for six calls within 10 s");
        assertEquals(FMT, w.get(0).format(), "the first line has no suppression suffix");
        assertArrayEquals(
                new Object[] {"nvidiactl", "0xc030462b", 7},
                w.get(0).args(),
                "args are passed through");
    }

    @Test
    void firstCallAfterTheIntervalLogsWithTheSuppressedCount() {
        limited.warn("k", FMT, "a", "b", 1);
        clock.addAndGet(SECOND);
        limited.warn("k", FMT, "a", "b", 2);
        limited.warn("k", FMT, "a", "b", 3);
        clock.addAndGet(9 * SECOND); // Exactly 10 s after the first line: the interval has passed.
        assertTrue(
                limited.warn("k", FMT, "a", "b", 4),
                "a call one interval after the last line logs");
        List<Warn> w = warns();
        assertEquals(2, w.size(), "two lines: the first and the one after the interval");
        assertEquals(
                FMT + " ({} similar suppressed)",
                w.get(1).format(),
                "the suffix reports suppression");
        assertArrayEquals(
                new Object[] {"a", "b", 4, 2L},
                w.get(1).args(),
                "the count of suppressed calls comes last");

        // The count restarts after being reported.
        clock.addAndGet(10 * SECOND);
        assertTrue(limited.warn("k", FMT, "a", "b", 5), "again one interval later");
        assertEquals(
                FMT,
                warns().get(2).format(),
                "nothing was suppressed since the last line, so no suffix");
    }

    @Test
    void theIntervalCountsFromTheLastLoggedLineNotTheLastCall() {
        limited.warn("k", "x");
        for (int i = 0; i < 12; i++) {
            clock.addAndGet(SECOND);
            limited.warn("k", "x");
        }
        // Suppressed calls do not push the window forward: at 10 s the second line goes out.
        assertEquals(2, warns().size(), "steady calls still log once per interval");
    }

    @Test
    void keysAreLimitedIndependently() {
        assertTrue(limited.warn("a", "x"), "key a logs");
        assertTrue(limited.warn("b", "x"), "key b logs although a just did");
        assertFalse(limited.warn("a", "x"), "key a is limited");
        assertEquals(2, warns().size(), "one line per key");
    }

    @Test
    void aTrailingThrowableStaysLastSoSlf4jLogsItsStackTrace() {
        IllegalStateException boom = new IllegalStateException("boom");
        limited.warn("k", "failed {}", "x", boom);
        limited.warn("k", "failed {}", "x", boom);
        clock.addAndGet(10 * SECOND);
        limited.warn("k", "failed {}", "x", boom);
        Warn w = warns().get(1);
        assertEquals("failed {} ({} similar suppressed)", w.format(), "suffix added");
        assertEquals(3, w.args().length, "argument, count, throwable");
        assertEquals(1L, w.args()[1], "the count goes before the throwable");
        assertSame(boom, w.args()[2], "the throwable stays last");
    }

    @Test
    void distinctKeysAreCappedAndShareAnOverflowLimiter() {
        for (int i = 0; i < RateLimitedLog.MAX_KEYS; i++) {
            assertTrue(limited.warn("key-" + i, "x"), "each of the first MAX_KEYS keys logs once");
        }
        assertEquals(RateLimitedLog.MAX_KEYS, limited.trackedKeys(), "all of them are tracked");
        assertTrue(
                limited.warn("extra-0", "x"),
                "the first key past the cap logs through the overflow limiter");
        assertFalse(
                limited.warn("extra-1", "x"), "a different key past the cap shares that limiter");
        assertFalse(limited.warn("extra-0", "x"), "and so does the same key again");
        assertEquals(
                RateLimitedLog.MAX_KEYS,
                limited.trackedKeys(),
                "the map does not grow past the cap");
        clock.addAndGet(10 * SECOND);
        assertTrue(
                limited.warn("extra-2", "x"), "the overflow limiter logs again after the interval");
        assertEquals(
                " ({} similar suppressed)",
                warns().get(warns().size() - 1).format().substring(1),
                "the overflow line reports what it swallowed");
    }

    @Test
    void concurrentCallersLogOncePerKeyAndInterval() throws Exception {
        int threads = 8;
        int perThread = 10_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong logged = new AtomicLong();
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    for (int i = 0; i < perThread; i++) {
                                        if (limited.warn("k" + (i % 4), "x")) {
                                            logged.incrementAndGet();
                                        }
                                    }
                                    return null;
                                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(
                4, logged.get(), "with the clock standing still, each of 4 keys logs exactly once");
        assertEquals(4, warns().size(), "the logger saw exactly those lines");
        clock.addAndGet(10 * SECOND);
        limited.warn("k0", "x");
        Warn last = warns().get(4);
        long suppressedForK0 = (long) threads * perThread / 4 - 1;
        assertEquals(
                suppressedForK0,
                last.args()[0],
                "every suppressed call was counted, none lost to races");
    }

    @Test
    void rejectsANegativeInterval() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new RateLimitedLog(log, Duration.ofSeconds(-1), clock::get),
                "a negative interval is a bug");
    }

    @Test
    void convenienceConstructorLogsTheFirstCall() {
        RateLimitedLog real = new RateLimitedLog(log);
        assertTrue(real.warn("k", "x"), "the first call logs");
        assertFalse(real.warn("k", "x"), "an immediate repeat is within 10 s");
    }
}
