package dev.sluice.sentry.observe;

import org.slf4j.Logger;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Rate-limits WARN lines per key, so that a guest hammering a denied ioctl cannot flood the log
 * (and the disk behind it) while the first occurrence is still reported at once.
 *
 * <p>For each key, the first call logs. Calls within {@code interval} of the last line logged for
 * that key are suppressed and counted; the first call after the interval logs again, with {@code "
 * ({} similar suppressed)"} appended when anything was suppressed. Suppressed lines are never
 * replayed: the count is all that survives of them.
 *
 * <p>Memory is bounded, because keys usually come from guest input (device and ioctl number): after
 * {@value #MAX_KEYS} distinct keys, every further new key shares one overflow limiter, so a guest
 * cycling through request numbers still gets at most one line per interval from them.
 *
 * <p>Thread-safe. The decision takes a short lock on the key's own state; the logging itself
 * happens outside any lock.
 */
public final class RateLimitedLog {

    /** Distinct keys tracked before new keys fall into the shared overflow limiter. */
    public static final int MAX_KEYS = 4096;

    /** The interval of the convenience constructor. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

    private static final String SUPPRESSED_SUFFIX = " ({} similar suppressed)";

    private final Logger log;
    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final ConcurrentHashMap<String, State> states = new ConcurrentHashMap<>();

    /** Counts reserved slots, so the cap holds exactly even when new keys race. */
    private final AtomicInteger keyCount = new AtomicInteger();

    private final State overflow = new State();

    /** When a key last logged, and how much it has swallowed since. Guarded by its own monitor. */
    private static final class State {
        boolean logged;
        long lastLoggedNanos;
        long suppressed;
    }

    /**
     * Creates a limiter with an explicit clock, for tests.
     *
     * @param log where lines go, at WARN
     * @param interval the minimum time between two lines for one key; zero disables limiting
     * @param nanoClock a monotonic clock in nanoseconds, like {@link System#nanoTime()}
     */
    public RateLimitedLog(Logger log, Duration interval, LongSupplier nanoClock) {
        this.log = Objects.requireNonNull(log, "log");
        if (interval.isNegative()) {
            throw new IllegalArgumentException("interval must not be negative: " + interval);
        }
        this.intervalNanos = interval.toNanos();
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
    }

    /** Creates a limiter with a 10 s interval on {@link System#nanoTime()}. */
    public RateLimitedLog(Logger log) {
        this(log, DEFAULT_INTERVAL, System::nanoTime);
    }

    /**
     * Logs {@code format} at WARN unless this key logged less than one interval ago.
     *
     * @param key what counts as "the same" line, e.g. {@code "nvidiactl/0xc030462b"}
     * @param format an SLF4J format with {@code {}} placeholders
     * @param args the arguments; a trailing {@link Throwable} is still logged as the exception
     * @return whether the line was logged
     */
    public boolean warn(String key, String format, Object... args) {
        State s = stateFor(Objects.requireNonNull(key, "key"));
        long now = nanoClock.getAsLong();
        long suppressed;
        synchronized (s) {
            // Subtract, never compare raw values: nanoTime may be negative and may wrap.
            if (s.logged && now - s.lastLoggedNanos < intervalNanos) {
                s.suppressed++;
                return false;
            }
            suppressed = s.suppressed;
            s.suppressed = 0;
            s.lastLoggedNanos = now;
            s.logged = true;
        }
        if (suppressed == 0) {
            log.warn(format, args);
        } else {
            log.warn(format + SUPPRESSED_SUFFIX, withCount(args, suppressed));
        }
        return true;
    }

    /** Returns the number of keys with their own limiter; never more than {@link #MAX_KEYS}. */
    int trackedKeys() {
        return states.size();
    }

    private State stateFor(String key) {
        State s = states.get(key);
        if (s != null) {
            return s;
        }
        s =
                states.computeIfAbsent(
                        key,
                        k -> {
                            if (keyCount.getAndIncrement() >= MAX_KEYS) {
                                keyCount.decrementAndGet();
                                return null; // Leaves no mapping; the caller falls back to the
                                // overflow limiter.
                            }
                            return new State();
                        });
        return s != null ? s : overflow;
    }

    /**
     * Appends the suppressed count for the extra placeholder. SLF4J only treats a Throwable as the
     * exception when it is the last argument, so the count goes in front of it.
     */
    private static Object[] withCount(Object[] args, long suppressed) {
        Object[] a = args == null ? new Object[0] : args;
        Object[] out = Arrays.copyOf(a, a.length + 1);
        if (a.length > 0 && a[a.length - 1] instanceof Throwable t) {
            out[a.length - 1] = suppressed;
            out[a.length] = t;
        } else {
            out[a.length] = suppressed;
        }
        return out;
    }
}
