package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TraceWriterTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void concurrentWritersProduceAValidCompleteTrace() throws Exception {
        int threads = 8;
        int perThread = 10_000; // 80 Ki events: more than the queue holds, so callers also block.
        int pid = 4242;
        Path file = dir.resolve("trace.json");
        TraceWriter w = TraceWriter.open(file);
        w.processName(pid, "guest");
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int tid = 100 + t;
                done.add(
                        pool.submit(
                                () -> {
                                    w.threadName(pid, tid, "worker-" + tid);
                                    start.await();
                                    for (int i = 0; i < perThread; i++) {
                                        long t0 = System.nanoTime();
                                        w.complete(
                                                "NV_ESC_RM_CONTROL",
                                                "ioctl,nvidiactl",
                                                t0,
                                                1_234 + i,
                                                pid,
                                                tid,
                                                Map.of(
                                                        "cmd",
                                                        "0xc030462b",
                                                        "seq",
                                                        i,
                                                        "ok",
                                                        i % 2 == 0));
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
        w.close();

        JsonNode root = MAPPER.readTree(file.toFile());
        assertEquals("ns", root.path("displayTimeUnit").asText(), "displayTimeUnit is ns");
        assertEquals(
                "sluice",
                root.path("otherData").path("tool").asText(),
                "otherData.tool names the writer");
        assertEquals(0, root.path("otherData").path("dropped").asLong(-1), "nothing was dropped");
        assertEquals(0, w.dropped(), "dropped() agrees with the file");

        JsonNode events = root.path("traceEvents");
        assertTrue(events.isArray(), "traceEvents is an array");
        int complete = 0;
        int processNames = 0;
        Set<Long> namedThreads = new HashSet<>();
        Map<Long, Long> perTid = new LinkedHashMap<>();
        for (JsonNode e : events) {
            assertTrue(e.path("name").isTextual(), () -> "name is a string: " + e);
            assertTrue(e.path("cat").isTextual(), () -> "cat is a string: " + e);
            assertTrue(e.path("ph").isTextual(), () -> "ph is a string: " + e);
            assertTrue(e.path("ts").isNumber(), () -> "ts is a number: " + e);
            assertTrue(e.path("ts").asDouble() >= 0, () -> "ts is not negative: " + e);
            assertTrue(e.path("pid").isIntegralNumber(), () -> "pid is an integer: " + e);
            assertTrue(e.path("tid").isIntegralNumber(), () -> "tid is an integer: " + e);
            assertTrue(e.path("args").isObject(), () -> "args is an object: " + e);
            String ph = e.path("ph").asText();
            switch (ph) {
                case "X" -> {
                    complete++;
                    assertTrue(
                            e.path("dur").isNumber(), () -> "an X event has a numeric dur: " + e);
                    assertTrue(e.path("dur").asDouble() >= 0, () -> "dur is not negative: " + e);
                    assertEquals("NV_ESC_RM_CONTROL", e.path("name").asText(), "name round-trips");
                    assertEquals("ioctl,nvidiactl", e.path("cat").asText(), "cat round-trips");
                    assertEquals(pid, e.path("pid").asInt(), "pid round-trips");
                    JsonNode args = e.path("args");
                    assertEquals(
                            "0xc030462b",
                            args.path("cmd").asText(),
                            () -> "string arg round-trips: " + e);
                    assertTrue(
                            args.path("seq").isIntegralNumber(),
                            () -> "int arg stays a number: " + e);
                    assertTrue(
                            args.path("ok").isBoolean(), () -> "boolean arg stays a boolean: " + e);
                    long seq = args.path("seq").asLong();
                    assertEquals(
                            (1_234 + seq) / 1000.0,
                            e.path("dur").asDouble(),
                            1e-9,
                            () -> "dur is the duration in fractional microseconds: " + e);
                    perTid.merge(e.path("tid").asLong(), 1L, Long::sum);
                }
                case "M" -> {
                    assertFalse(e.has("dur"), () -> "metadata events carry no dur: " + e);
                    assertTrue(
                            e.path("args").path("name").isTextual(),
                            () -> "metadata args.name is a string: " + e);
                    if (e.path("name").asText().equals("process_name")) {
                        processNames++;
                        assertEquals(
                                "guest",
                                e.path("args").path("name").asText(),
                                "process name round-trips");
                    } else {
                        assertEquals(
                                "thread_name",
                                e.path("name").asText(),
                                "the other metadata is thread_name");
                        namedThreads.add(e.path("tid").asLong());
                    }
                }
                default -> throw new AssertionError("unexpected ph " + ph + " in " + e);
            }
        }
        assertEquals(threads * perThread, complete, "every complete event was written once");
        assertEquals(
                threads * perThread + threads + 1,
                events.size(),
                "events = complete + thread names + process name");
        assertEquals(1, processNames, "one process_name event");
        assertEquals(threads, namedThreads.size(), "one thread_name per worker");
        for (Map.Entry<Long, Long> e : perTid.entrySet()) {
            assertEquals(perThread, e.getValue(), "thread " + e.getKey() + " has all its events");
        }
    }

    @Test
    void timestampsAreRelativeMicrosecondsWithFractions() throws Exception {
        Path file = dir.resolve("ts.json");
        long before = System.nanoTime() - 1_000_000_000L; // A second before open: clamps to 0.
        long later;
        try (TraceWriter w = TraceWriter.open(file)) {
            later = System.nanoTime() + 1_500; // 1.5 us after "now", so after the writer's origin.
            w.complete("early", "test", before, 2_500, 1, 1, null);
            w.complete("late", "test", later, -7, 1, 1, Map.of());
        }
        JsonNode events = MAPPER.readTree(file.toFile()).path("traceEvents");
        assertEquals(2, events.size(), "both events written");
        JsonNode early = events.get(0);
        JsonNode late = events.get(1);
        assertEquals(
                0.0, early.path("ts").asDouble(), 0.0, "a start before open() is clamped to ts 0");
        assertEquals(2.5, early.path("dur").asDouble(), 1e-9, "2500 ns is 2.5 us");
        assertTrue(
                early.path("dur").isFloatingPointNumber(), "dur is written as a fractional number");
        assertTrue(
                late.path("ts").asDouble() >= 1.5, "ts counts microseconds from open(): " + late);
        assertTrue(
                late.path("ts").asDouble() < 60_000_000,
                "ts is relative, not an absolute nanoTime: " + late);
        assertEquals(0.0, late.path("dur").asDouble(), 0.0, "a negative duration is clamped to 0");
        assertTrue(late.path("args").isObject() && late.path("args").isEmpty(), "empty args is {}");
        assertTrue(
                early.path("args").isObject() && early.path("args").isEmpty(), "null args is {}");
    }

    @ParameterizedTest
    @CsvSource({
        "0, 0.000",
        "5, 0.005",
        "50, 0.050",
        "999, 0.999",
        "1000, 1.000",
        "2500, 2.500",
        "1234567, 1234.567",
        "9223372036854775807, 9223372036854775.807"
    })
    void microsecondsKeepEveryNanosecond(long nanos, String expected) {
        assertEquals(
                expected,
                TraceWriter.micros(nanos),
                nanos + " ns in microseconds with three decimals");
    }

    @Test
    void argsAreSnapshottedAndTyped() throws Exception {
        Path file = dir.resolve("args.json");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("long", 0xffffffffL);
        args.put("double", 1.25);
        args.put("counter", new AtomicLong(7));
        args.put("list", List.of(1, "two"));
        args.put("nested", Map.of("k", 3));
        args.put("nul", null);
        args.put("path", Path.of("/dev/nvidiactl"));
        try (TraceWriter w = TraceWriter.open(file)) {
            w.complete("x", "test", System.nanoTime(), 1, 1, 1, args);
            args.put("long", -1L); // Too late: the event already holds its own copy.
        }
        JsonNode a = MAPPER.readTree(file.toFile()).path("traceEvents").get(0).path("args");
        assertEquals(0xffffffffL, a.path("long").asLong(), "args are copied at the call: " + a);
        assertEquals(1.25, a.path("double").asDouble(), 0.0, "doubles stay numbers: " + a);
        assertEquals(
                7, a.path("counter").asLong(), "atomic counters are written as their value: " + a);
        assertTrue(
                a.path("list").isArray() && a.path("list").get(0).isNumber(),
                "lists become arrays: " + a);
        assertEquals(3, a.path("nested").path("k").asInt(), "maps become objects: " + a);
        assertTrue(a.has("nul") && a.path("nul").isNull(), "null values are JSON null: " + a);
        assertEquals(
                "/dev/nvidiactl",
                a.path("path").asText(),
                "other objects become their toString(): " + a);
    }

    @Test
    void aFullQueueBlocksCallersInsteadOfDropping() throws Exception {
        Path file = dir.resolve("small.json");
        int threads = 4;
        int perThread = 5_000;
        // Capacity 2 forces almost every put to wait for the writer thread.
        TraceWriter w = TraceWriter.open(file, 2);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int tid = t;
                done.add(
                        pool.submit(
                                () -> {
                                    for (int i = 0; i < perThread; i++) {
                                        w.complete(
                                                "e", "test", System.nanoTime(), 10, 1, tid, null);
                                    }
                                }));
            }
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        w.close();
        JsonNode root = MAPPER.readTree(file.toFile());
        assertEquals(
                threads * perThread,
                root.path("traceEvents").size(),
                "a tiny queue still loses nothing");
        assertEquals(
                0, root.path("otherData").path("dropped").asLong(-1), "otherData.dropped is 0");
    }

    @Test
    void closeIsIdempotentAndLaterEventsAreCountedAsDropped() throws Exception {
        Path file = dir.resolve("idem.json");
        TraceWriter w = TraceWriter.open(file);
        w.threadName(1, 2, "t");
        w.close();
        byte[] first = Files.readAllBytes(file);
        assertDoesNotThrow(w::close, "a second close is a no-op");
        w.complete("late", "test", System.nanoTime(), 1, 1, 2, null);
        w.processName(1, "late");
        assertEquals(2, w.dropped(), "events after close are counted as dropped");
        assertDoesNotThrow(w::close, "a third close is a no-op too");
        assertEquals(
                new String(first, java.nio.charset.StandardCharsets.UTF_8),
                Files.readString(file),
                "nothing is written after the first close");
        JsonNode root = MAPPER.readTree(first);
        assertEquals(
                1, root.path("traceEvents").size(), "only the event before close is in the file");
    }

    @Test
    void anEmptyTraceIsStillValid() throws Exception {
        Path file = dir.resolve("empty.json");
        TraceWriter.open(file).close();
        JsonNode root = MAPPER.readTree(file.toFile());
        assertTrue(
                root.path("traceEvents").isArray() && root.path("traceEvents").isEmpty(),
                "empty traceEvents array");
        assertEquals("ns", root.path("displayTimeUnit").asText(), "displayTimeUnit still written");
    }

    @Test
    void openFailsOnAnUnwritablePath() {
        Path file = dir.resolve("no-such-dir").resolve("trace.json");
        assertThrows(
                IOException.class,
                () -> TraceWriter.open(file),
                "a missing directory fails open(), not a later write");
    }
}
