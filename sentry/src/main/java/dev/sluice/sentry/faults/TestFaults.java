package dev.sluice.sentry.faults;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The faults the tests ask for, from {@value #VARIABLE}: parsed once, on first use, for the life of
 * the process. Unset or empty, there is none ({@link #NONE}), and every decorator of this package
 * hands back what it was given.
 *
 * <p>Syntax: comma-separated {@code key=value} items, each key at most once:
 *
 * <ul>
 *   <li>{@code stall-ms=MS}: from the first trapped call on, the sentry answers nothing for MS
 *       milliseconds, so that the kernel's queue of notifications fills;
 *   <li>{@code delay-ms=MS}: every call a device proxy handled waits MS milliseconds between the
 *       proxy's decision and the answer, so that its guest can die or be interrupted mid-call;
 *   <li>{@code close-listener-after=N}: the sentry answers N calls, then drops the next one
 *       unanswered and closes its seccomp listener, as if it had died (it runs one worker);
 *   <li>{@code netdev=after-move|plain-move}: moving a netdev into a sandbox fails right after the
 *       move ({@code after-move}, the roll-back), or moves it as a plain runtime does, with no
 *       addresses, routes or GID check inside ({@code plain-move}).
 * </ul>
 *
 * Numbers are decimal and not negative; 0 is no fault. Example: {@code
 * SLUICE_TEST_FAULTS=stall-ms=3000} or {@code SLUICE_TEST_FAULTS=close-listener-after=5}.
 *
 * @param stallMillis {@code stall-ms}, 0: none
 * @param delayMillis {@code delay-ms}, 0: none
 * @param closeListenerAfter {@code close-listener-after}, 0: never
 * @param netdev {@code netdev}
 */
public record TestFaults(int stallMillis, int delayMillis, int closeListenerAfter, Netdev netdev) {
    /** The one switch. */
    public static final String VARIABLE = "SLUICE_TEST_FAULTS";

    /** No fault: production. */
    public static final TestFaults NONE = new TestFaults(0, 0, 0, Netdev.NONE);

    /** A fault of the netdev mover ({@code rdmaproxy.net}). */
    public enum Netdev {
        NONE("none"),
        /** Fail right after the move, before anything is set up inside: the roll-back runs. */
        AFTER_MOVE("after-move"),
        /** Move as a plain runtime does: no addresses, routes or GID check inside. */
        PLAIN_MOVE("plain-move");

        private final String word;

        Netdev(String word) {
            this.word = word;
        }

        /** As written in {@value TestFaults#VARIABLE}. */
        public String word() {
            return word;
        }

        static Netdev of(String word) {
            for (Netdev n : values()) {
                if (n.word.equals(word)) {
                    return n;
                }
            }
            throw new IllegalArgumentException(
                    "netdev="
                            + word
                            + ": one of "
                            + Arrays.stream(values())
                                    .map(Netdev::word)
                                    .collect(Collectors.joining(", ")));
        }
    }

    public TestFaults {
        if (stallMillis < 0 || delayMillis < 0 || closeListenerAfter < 0 || netdev == null) {
            throw new IllegalArgumentException(
                    "negative or missing fault: "
                            + stallMillis
                            + ", "
                            + delayMillis
                            + ", "
                            + closeListenerAfter
                            + ", "
                            + netdev);
        }
    }

    private static TestFaults active;

    /**
     * The faults of this process, from {@value #VARIABLE}, parsed on the first call and kept; an
     * {@link IllegalArgumentException} naming the variable if its value is malformed. Called at
     * start only (where the sentry and the netdev mover are built), never per call.
     */
    public static synchronized TestFaults active() {
        if (active == null) {
            active = fromEnvironment(System.getenv(VARIABLE));
        }
        return active;
    }

    /**
     * Whether no fault is asked for. Field by field, not the record's {@code equals}: that one is
     * bootstrapped on its first call (some 7 ms of a spare sentry's hand-off, every sentry's
     * start).
     */
    public boolean none() {
        return stallMillis == 0
                && delayMillis == 0
                && closeListenerAfter == 0
                && netdev == Netdev.NONE;
    }

    static TestFaults fromEnvironment(String value) {
        try {
            return parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(VARIABLE + "='" + value + "': " + e.getMessage(), e);
        }
    }

    /** Parses the syntax above; null or blank is {@link #NONE}. */
    public static TestFaults parse(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        Map<String, String> items = new LinkedHashMap<>();
        for (String item : value.split(",", -1)) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + item + "' is not key=value");
            }
            String key = item.substring(0, eq).strip();
            if (items.put(key, item.substring(eq + 1).strip()) != null) {
                throw new IllegalArgumentException(key + " is given twice");
            }
        }
        int stall = 0;
        int delay = 0;
        int closeAfter = 0;
        Netdev netdev = Netdev.NONE;
        for (Map.Entry<String, String> e : items.entrySet()) {
            switch (e.getKey()) {
                case "stall-ms" -> stall = count(e);
                case "delay-ms" -> delay = count(e);
                case "close-listener-after" -> closeAfter = count(e);
                case "netdev" -> netdev = Netdev.of(e.getValue());
                default ->
                        throw new IllegalArgumentException(
                                "unknown fault '"
                                        + e.getKey()
                                        + "' (known: stall-ms, delay-ms, close-listener-after, netdev)");
            }
        }
        return new TestFaults(stall, delay, closeAfter, netdev);
    }

    private static int count(Map.Entry<String, String> e) {
        String v = e.getValue();
        if (v.isEmpty() || v.length() > 9 || !v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(
                    e.getKey() + "=" + v + ": a decimal count from 0 to 999999999");
        }
        return Integer.parseInt(v);
    }
}
