package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.sentry.observe.CallStats.Row;
import dev.sluice.sentry.spi.Disposition;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallStatsTest {

    private static final CallKey TIOCGPTN =
            new CallKey("pty", 0x80045430, "TIOCGPTN", Disposition.EMULATE);
    private static final CallKey TCGETS =
            new CallKey("pty", 0x5401, "TCGETS", Disposition.CONTINUE);
    private static final CallKey RM_CONTROL =
            new CallKey("nvidiactl", 0xc030462b, "NV_ESC_RM_CONTROL", Disposition.EMULATE);
    private static final CallKey UNKNOWN =
            new CallKey("nvidiactl", 0xc00446ff, "?", Disposition.DENY);

    /** 100 TIOCGPTN at 6 us, 5 TCGETS at 1 us, 3 RM_CONTROL (one failing) at 50 us, 2 denials. */
    private static CallStats sample() {
        CallStats s = new CallStats();
        for (int i = 0; i < 100; i++) {
            s.record(TIOCGPTN, false, 6_000);
        }
        for (int i = 0; i < 5; i++) {
            s.record(TCGETS, false, 1_000);
        }
        s.record(RM_CONTROL, false, 50_000);
        s.record(RM_CONTROL, true, 50_000);
        s.record(RM_CONTROL, false, 50_000);
        s.record(UNKNOWN, true, 2_000);
        s.record(UNKNOWN, true, 2_000);
        return s;
    }

    @Test
    void aggregatesPerKeyAndPerDisposition() {
        CallStats s = sample();
        assertEquals(110, s.total(), "total counts every call");
        assertEquals(103, s.count(Disposition.EMULATE), "EMULATE = 100 TIOCGPTN + 3 RM_CONTROL");
        assertEquals(5, s.count(Disposition.CONTINUE), "CONTINUE = 5 TCGETS");
        assertEquals(2, s.count(Disposition.DENY), "DENY = 2 unknown");
        assertEquals(2, s.denials(), "denials() is count(DENY)");

        Row rm = rowOf(s.rows(), RM_CONTROL);
        assertEquals(3, rm.count(), "RM_CONTROL was called 3 times");
        assertEquals(1, rm.errors(), "one RM_CONTROL returned an errno to the guest");
        assertEquals(
                50_000, rm.p50Nanos(), "p50 of identical 50 us calls is capped at 50 us exactly");
        assertEquals(50_000, rm.maxNanos(), "max of RM_CONTROL is 50 us");
        assertEquals(2, rowOf(s.rows(), UNKNOWN).errors(), "every denial is a guest error");
    }

    @Test
    void rowsSortByDeviceThenCountDescending() {
        List<Row> rows = sample().rows();
        List<CallKey> order = rows.stream().map(Row::key).toList();
        assertEquals(
                List.of(RM_CONTROL, UNKNOWN, TIOCGPTN, TCGETS),
                order,
                "nvidiactl before pty, and within a device the busiest first");
    }

    @Test
    void deniedReportNamesEveryDeniedCallOnce() {
        assertEquals(
                "sluice: denied: nvidiactl 0xc00446ff ? x2",
                sample().deniedReport(),
                "one line per denied key");
        assertEquals("", new CallStats().deniedReport(), "nothing denied, no report");
    }

    @Test
    void formatHasSummaryLineAndOneRowPerKey() {
        String text = sample().format();
        String[] lines = text.split("\n");
        assertEquals(
                "sluice: trapped calls: 110 total (EMULATE 103, CONTINUE 5, DENY 2)",
                lines[0],
                "summary line counts total and each disposition");
        assertTrue(lines[1].startsWith("  device"), "second line is the header: " + lines[1]);
        for (String h :
                new String[] {
                    "request", "name", "disposition", "calls", "errors", "p50(us)", "p99(us)"
                }) {
            assertTrue(lines[1].contains(h), "header has column " + h + ": " + lines[1]);
        }
        assertEquals(6, lines.length, "summary, header and 4 rows: " + text);
        assertTrue(
                lines[4].matches(
                        "\\s+pty\\s+0x80045430\\s+TIOCGPTN\\s+EMULATE\\s+100\\s+0\\s+6\\.0\\s+6\\.0"),
                "TIOCGPTN row shows hex request, counts and microseconds with one decimal: '"
                        + lines[4]
                        + "'");
        assertTrue(
                lines[2].matches(
                        "\\s+nvidiactl\\s+0xc030462b\\s+NV_ESC_RM_CONTROL\\s+EMULATE\\s+3\\s+1\\s+50\\.0\\s+50\\.0"),
                "RM_CONTROL row: '" + lines[2] + "'");
        assertFalse(text.endsWith("\n"), "format() leaves the final newline to the printer");
    }

    @Test
    void formatColumnsAreAligned() {
        String[] lines = sample().format().split("\n");
        int col = lines[1].indexOf("request");
        for (int i = 2; i < lines.length; i++) {
            assertEquals(
                    "0x",
                    lines[i].substring(col, col + 2),
                    "request column starts at " + col + " in: " + lines[i]);
        }
        int calls = lines[1].indexOf("calls");
        assertEquals(
                "100",
                lines[4].substring(calls, calls + 3),
                "calls column lines up with its header");
    }

    @Test
    void formatOfNothingIsJustTheSummary() {
        assertEquals(
                "sluice: trapped calls: 0 total (EMULATE 0, CONTINUE 0, DENY 0)",
                new CallStats().format(),
                "with no calls there is no table");
    }

    @Test
    void jsonParsesAndCarriesEveryField() throws Exception {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
            sample().toJson(g);
        }
        JsonNode root = new ObjectMapper().readTree(w.toString());
        assertEquals(110, root.path("total").asLong(-1), "total field");
        assertEquals(
                103,
                root.path("byDisposition").path("EMULATE").asLong(-1),
                "byDisposition.EMULATE");
        assertEquals(
                5,
                root.path("byDisposition").path("CONTINUE").asLong(-1),
                "byDisposition.CONTINUE");
        assertEquals(2, root.path("byDisposition").path("DENY").asLong(-1), "byDisposition.DENY");
        JsonNode calls = root.path("calls");
        assertTrue(calls.isArray(), "calls is an array: " + root);
        assertEquals(4, calls.size(), "one entry per key");
        for (JsonNode c : calls) {
            for (String f : new String[] {"device", "request", "name", "disposition"}) {
                assertTrue(c.path(f).isTextual(), f + " is a string in " + c);
            }
            for (String f : new String[] {"count", "errors"}) {
                assertTrue(c.path(f).isIntegralNumber(), f + " is an integer in " + c);
            }
            for (String f : new String[] {"p50_us", "p99_us", "max_us"}) {
                assertTrue(c.path(f).isNumber(), f + " is a number in " + c);
            }
            assertTrue(
                    c.path("request").asText().matches("0x[0-9a-f]{8}"),
                    "request is 0x%08x in " + c);
        }
        JsonNode rm = calls.get(0);
        assertEquals("nvidiactl", rm.path("device").asText(), "first entry follows rows() order");
        assertEquals("0xc030462b", rm.path("request").asText(), "request in hex");
        assertEquals("NV_ESC_RM_CONTROL", rm.path("name").asText(), "name");
        assertEquals("EMULATE", rm.path("disposition").asText(), "disposition");
        assertEquals(3, rm.path("count").asLong(), "count");
        assertEquals(1, rm.path("errors").asLong(), "errors");
        assertEquals(50.0, rm.path("p50_us").asDouble(), 1e-9, "p50 in microseconds");
        assertEquals(50.0, rm.path("max_us").asDouble(), 1e-9, "max in microseconds");
    }

    @Test
    void distinctKeysAreCappedAndTheRestFolded() {
        CallStats s = new CallStats();
        int extra = 10;
        for (int i = 0; i < CallStats.MAX_KEYS + extra; i++) {
            s.record(new CallKey("nvidiactl", 0xc0004600 + i, "?", Disposition.DENY), true, 1_000);
        }
        List<Row> rows = s.rows();
        assertEquals(
                CallStats.MAX_KEYS + 1,
                rows.size(),
                "the table stops at MAX_KEYS rows plus one overflow row");
        assertEquals(CallStats.MAX_KEYS + extra, s.total(), "no call is lost to the cap");
        Row overflow =
                rows.stream()
                        .filter(r -> r.key().name().equals(CallStats.OVERFLOW_NAME))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("an overflow row exists"));
        assertEquals(extra, overflow.count(), "the overflow row counts the calls beyond the cap");
        assertEquals(
                Disposition.DENY,
                overflow.key().disposition(),
                "the overflow row keeps the disposition");
        // A key seen before the cap still has its own row.
        CallKey first = new CallKey("nvidiactl", 0xc0004600, "?", Disposition.DENY);
        s.record(first, true, 1_000);
        assertEquals(
                2,
                rowOf(s.rows(), first).count(),
                "a key seen before the cap keeps counting in its own row");
        assertEquals(
                extra,
                rowOf(s.rows(), overflow.key()).count(),
                "known keys do not fall into overflow");
    }

    @Test
    void concurrentRecordsAreCountedExactly() throws Exception {
        int threads = 8;
        int perThread = 50_000;
        CallStats s = new CallStats();
        CallKey[] keys = {TIOCGPTN, TCGETS, RM_CONTROL, UNKNOWN};
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(
                        pool.submit(
                                () -> {
                                    start.await();
                                    for (int i = 0; i < perThread; i++) {
                                        // Every other round over the keys fails, so each key gets
                                        // exactly half errors.
                                        s.record(
                                                keys[i % keys.length],
                                                (i / keys.length) % 2 == 0,
                                                1_000 + i % 100);
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
        long n = (long) threads * perThread;
        assertEquals(n, s.total(), "no record is lost under contention");
        for (CallKey k : keys) {
            Row r = rowOf(s.rows(), k);
            assertEquals(n / keys.length, r.count(), "each key gets an equal share: " + k);
            assertEquals(
                    n / keys.length / 2, r.errors(), "half of each key's calls were errors: " + k);
        }
    }

    private static Row rowOf(List<Row> rows, CallKey key) {
        return rows.stream()
                .filter(r -> r.key().equals(key))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + key + " in " + rows));
    }
}
