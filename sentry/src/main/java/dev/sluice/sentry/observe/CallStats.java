package dev.sluice.sentry.observe;

import com.fasterxml.jackson.core.JsonGenerator;

import dev.sluice.sentry.spi.Disposition;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per-(device, request, disposition) counters of trapped calls, for {@code sluice run --stats}:
 * ioctls, and where a proxy mediates them the writes and opens it traps (RDMAProxy's strict mode
 * and rdma_cm).
 *
 * <p>Every sentry worker thread calls {@link #record(CallKey, boolean, long)} once per answered
 * notification. Once a key has been seen, recording takes no lock and allocates nothing: a map
 * lookup, two {@link LongAdder} adds and one {@link LatencyHistogram#record(long)}.
 *
 * <p>Memory is bounded even though the guest chooses the request numbers: after {@value #MAX_KEYS}
 * distinct keys, calls under a new key are counted in one row per (device, disposition) named
 * {@value #OVERFLOW_NAME} with request 0, so totals stay exact while the table stops growing.
 *
 * <p>Readers ({@link #rows()}, {@link #format()}, {@link #toJson(JsonGenerator)}) may run while
 * workers still record. Each row is then a slightly racy view (its count may be one ahead of its
 * histogram), but {@link #format()} and {@link #toJson(JsonGenerator)} derive their totals from the
 * same row snapshot they print, so a report always adds up.
 */
public final class CallStats {

    /** Sorted by device name, then busiest first; request and name only make the order total. */
    private static final Comparator<Row> ROW_ORDER =
            Comparator.comparing((Row r) -> r.key().device())
                    .thenComparing(Comparator.comparingLong(Row::count).reversed())
                    .thenComparingInt(r -> r.key().cmd())
                    .thenComparing(r -> r.key().name())
                    .thenComparing(r -> r.key().disposition());

    private static final String[] HEADERS = {
        "device", "request", "name", "disposition", "calls", "errors", "p50(us)", "p99(us)"
    };

    /** Distinct keys with their own row before new keys are folded into overflow rows. */
    public static final int MAX_KEYS = 4096;

    /** The name of the row that counts calls under keys beyond {@link #MAX_KEYS}. */
    public static final String OVERFLOW_NAME = "(other)";

    private final ConcurrentHashMap<CallKey, Entry> entries = new ConcurrentHashMap<>();

    /** Reserved rows among {@link #MAX_KEYS}; overflow rows are not counted against it. */
    private final AtomicInteger keyCount = new AtomicInteger();

    /** Creates empty stats. */
    public CallStats() {}

    /**
     * One aggregated row of the report: a snapshot, not a live view.
     *
     * @param key the call this row counts
     * @param count how many times it was trapped
     * @param errors how many of those returned an errno to the guest
     * @param p50Nanos median time from notification to response, in nanoseconds
     * @param p99Nanos 99th percentile of the same, in nanoseconds
     * @param maxNanos the slowest one, in nanoseconds
     */
    public record Row(
            CallKey key, long count, long errors, long p50Nanos, long p99Nanos, long maxNanos) {}

    /** The live counters behind one key. */
    private static final class Entry {
        final LongAdder count = new LongAdder();
        final LongAdder errors = new LongAdder();
        final LatencyHistogram latency = new LatencyHistogram();
    }

    /**
     * Counts one answered call.
     *
     * @param key which call it was and what the sentry did with it
     * @param guestError whether the guest's result was an errno (a DENY, or an emulated call that
     *     failed); host-side faults the guest never sees are not counted here
     * @param nanos time from receiving the notification to sending the response
     */
    public void record(CallKey key, boolean guestError, long nanos) {
        // get() first: computeIfAbsent locks the bin even when the key is present, and allocating
        // a capturing lambda per call would defeat the point of a lock-free histogram.
        Entry e = entries.get(key);
        if (e == null) {
            e = newEntry(Objects.requireNonNull(key, "key"));
        }
        e.count.increment();
        if (guestError) {
            e.errors.increment();
        }
        e.latency.record(nanos);
    }

    /** Adds a row for a first-seen key, or finds its overflow row once the table is full. */
    private Entry newEntry(CallKey key) {
        Entry e =
                entries.computeIfAbsent(
                        key,
                        k -> {
                            if (keyCount.getAndIncrement() >= MAX_KEYS) {
                                keyCount.decrementAndGet();
                                return null; // No mapping is made; fall through to the overflow
                                // row.
                            }
                            return new Entry();
                        });
        if (e != null) {
            return e;
        }
        // Overflow rows are exempt from the cap: there are at most three per device, and device
        // names come from the proxies, not from the guest.
        CallKey folded = new CallKey(key.device(), 0, OVERFLOW_NAME, key.disposition());
        return entries.computeIfAbsent(folded, k -> new Entry());
    }

    /** Returns a snapshot of every row, sorted by device, then by count, descending. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>(entries.size());
        for (Map.Entry<CallKey, Entry> me : entries.entrySet()) {
            Entry e = me.getValue();
            rows.add(
                    new Row(
                            me.getKey(),
                            e.count.sum(),
                            e.errors.sum(),
                            e.latency.percentile(50),
                            e.latency.percentile(99),
                            e.latency.max()));
        }
        rows.sort(ROW_ORDER);
        return rows;
    }

    /** Returns the number of calls recorded, over all keys. */
    public long total() {
        long n = 0;
        for (Entry e : entries.values()) {
            n += e.count.sum();
        }
        return n;
    }

    /** Returns the number of calls recorded with disposition {@code d}. */
    public long count(Disposition d) {
        Objects.requireNonNull(d, "d");
        long n = 0;
        for (Map.Entry<CallKey, Entry> me : entries.entrySet()) {
            if (me.getKey().disposition() == d) {
                n += me.getValue().count.sum();
            }
        }
        return n;
    }

    /** Returns the number of denied calls; a sandbox that works as intended usually has none. */
    public long denials() {
        return count(Disposition.DENY);
    }

    /**
     * Formats the report printed to stderr at exit by {@code sluice run --stats}: one summary line,
     * then a column-aligned table with latencies in microseconds to one decimal. With no trapped
     * calls it is the summary line alone. The result ends without a newline.
     */
    public String format() {
        List<Row> rows = rows();
        Map<Disposition, Long> byDisposition = byDisposition(rows);
        long total = 0;
        for (Row r : rows) {
            total += r.count();
        }
        StringBuilder sb = new StringBuilder(128 + rows.size() * 96);
        sb.append("sluice: trapped calls: ").append(total).append(" total (");
        String sep = "";
        for (Map.Entry<Disposition, Long> e : byDisposition.entrySet()) {
            sb.append(sep).append(e.getKey().name()).append(' ').append(e.getValue());
            sep = ", ";
        }
        sb.append(')');
        if (rows.isEmpty()) {
            return sb.toString();
        }

        List<String[]> cells = new ArrayList<>(rows.size() + 1);
        cells.add(HEADERS);
        for (Row r : rows) {
            cells.add(
                    new String[] {
                        r.key().device(),
                        r.key().cmdHex(),
                        r.key().name(),
                        r.key().disposition().name(),
                        Long.toString(r.count()),
                        Long.toString(r.errors()),
                        micros(r.p50Nanos()),
                        micros(r.p99Nanos()),
                    });
        }
        int[] width = new int[HEADERS.length];
        for (String[] line : cells) {
            for (int c = 0; c < line.length; c++) {
                width[c] = Math.max(width[c], line[c].length());
            }
        }
        for (String[] line : cells) {
            StringBuilder l = new StringBuilder("  ");
            for (int c = 0; c < line.length; c++) {
                l.append(line[c]);
                if (c < line.length - 1) {
                    l.append(" ".repeat(width[c] - line[c].length() + 2));
                }
            }
            sb.append('\n').append(l);
        }
        return sb.toString();
    }

    /**
     * The unsupported-call report: one line per denied (device, request, name), so a user who hits
     * a missing control command or method learns exactly which one, e.g. {@code sluice: denied:
     * nvproxy 0xc020462a NV_ESC_RM_CONTROL NV2080_CTRL_CMD_X (0x20801234) x3}. Empty when nothing
     * was denied; otherwise ends without a newline.
     */
    public String deniedReport() {
        StringBuilder sb = new StringBuilder();
        for (Row r : rows()) {
            if (r.key().disposition() == Disposition.DENY) {
                sb.append(sb.length() == 0 ? "" : "\n")
                        .append("sluice: denied: ")
                        .append(r.key().device())
                        .append(' ')
                        .append(r.key().cmdHex())
                        .append(' ')
                        .append(r.key().name())
                        .append(" x")
                        .append(r.count());
            }
        }
        return sb.toString();
    }

    /**
     * Writes the same data as {@link #format()} as one JSON object, for tests and tools:
     *
     * <pre>{@code
     * {"total":N,"byDisposition":{"EMULATE":N,"CONTINUE":N,"DENY":N},
     *  "calls":[{"device":"pty","request":"0x80045430","name":"TIOCGPTN","disposition":"EMULATE",
     *            "count":N,"errors":N,"p50_us":6.1,"p99_us":14.2,"max_us":20.0}]}
     * }</pre>
     *
     * Latencies are microseconds as JSON numbers with fractions; {@code calls} is in {@link
     * #rows()} order. The generator is neither flushed nor closed.
     *
     * @param g where to write the object, positioned where a value may start
     * @throws IOException if the generator fails
     */
    public void toJson(JsonGenerator g) throws IOException {
        List<Row> rows = rows();
        long total = 0;
        for (Row r : rows) {
            total += r.count();
        }
        g.writeStartObject();
        g.writeNumberField("total", total);
        g.writeObjectFieldStart("byDisposition");
        for (Map.Entry<Disposition, Long> e : byDisposition(rows).entrySet()) {
            g.writeNumberField(e.getKey().name(), e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("calls");
        for (Row r : rows) {
            g.writeStartObject();
            g.writeStringField("device", r.key().device());
            g.writeStringField("request", r.key().cmdHex());
            g.writeStringField("name", r.key().name());
            g.writeStringField("disposition", r.key().disposition().name());
            g.writeNumberField("count", r.count());
            g.writeNumberField("errors", r.errors());
            g.writeNumberField("p50_us", r.p50Nanos() / 1000.0);
            g.writeNumberField("p99_us", r.p99Nanos() / 1000.0);
            g.writeNumberField("max_us", r.maxNanos() / 1000.0);
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /** Sums rows per disposition; every disposition is present, in declaration order. */
    private static Map<Disposition, Long> byDisposition(List<Row> rows) {
        Map<Disposition, Long> m = new EnumMap<>(Disposition.class);
        for (Disposition d : Disposition.values()) {
            m.put(d, 0L);
        }
        for (Row r : rows) {
            m.merge(r.key().disposition(), r.count(), Long::sum);
        }
        return m;
    }

    /** Nanoseconds as microseconds with one decimal; ROOT locale so a German host prints a dot. */
    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1000.0);
    }
}
