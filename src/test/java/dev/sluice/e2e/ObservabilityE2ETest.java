package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code --stats} and {@code --trace}: every trapped call is counted once and traced once. */
@RequiresRoot
class ObservabilityE2ETest {

    private static final Set<String> DISPOSITIONS = Set.of("EMULATE", "CONTINUE", "DENY");

    @Test
    @Timeout(120)
    void traceHasOneWellFormedEventPerTrappedCall() throws IOException {
        Path trace = Sluice.workDir().resolve(Sluice.unique("trace") + ".json");
        try {
            Sluice.Result r =
                    Sluice.run(
                            "run",
                            "--proxy",
                            "pty",
                            "--stats",
                            "--trace",
                            trace.toString(),
                            "--",
                            Sluice.guest("storm", "2", "500"));
            assertEquals(0, r.exitCode(), "the storm guest must exit 0\n" + r);
            assertEquals("1000", r.value("storm_calls"), "all storm calls must succeed\n" + r);
            assertTrue(
                    Files.isRegularFile(trace),
                    "--trace must write " + trace + " on the host\n" + r);

            JsonNode root = new ObjectMapper().readTree(trace.toFile());
            assertTrue(root != null && root.isObject(), "the trace must be one JSON object");
            JsonNode events = root.get("traceEvents");
            assertTrue(
                    events != null && events.isArray(), "the trace must have a traceEvents array");

            long complete = 0;
            Set<String> names = new HashSet<>();
            for (JsonNode e : events) {
                if (!"X".equals(e.path("ph").asText())) {
                    continue;
                }
                complete++;
                assertTrue(e.path("name").isTextual(), "X event needs a string name: " + e);
                assertTrue(e.path("cat").isTextual(), "X event needs a string cat: " + e);
                assertTrue(
                        e.path("ts").isNumber() && e.path("ts").asDouble() >= 0,
                        "X event needs a numeric ts >= 0: " + e);
                assertTrue(
                        e.path("dur").isNumber() && e.path("dur").asDouble() >= 0,
                        "X event needs a numeric dur >= 0: " + e);
                assertTrue(
                        e.path("pid").isIntegralNumber() && e.path("pid").canConvertToInt(),
                        "X event needs an int pid: " + e);
                assertTrue(
                        e.path("tid").isIntegralNumber() && e.path("tid").canConvertToInt(),
                        "X event needs an int tid: " + e);
                assertTrue(
                        DISPOSITIONS.contains(e.path("args").path("disposition").asText()),
                        "X event needs args.disposition in " + DISPOSITIONS + ": " + e);
                names.add(e.get("name").asText());
            }
            StatsReport s = r.stats();
            assertEquals(
                    s.total(),
                    complete,
                    "the trace must hold one X event per trapped call counted by --stats\n" + r);
            assertTrue(names.contains("TIOCGPTN"), "the trace must name TIOCGPTN; names: " + names);
            assertTrue(
                    names.contains("TIOCGPTPEER"),
                    "the trace must name TIOCGPTPEER; names: " + names);
        } finally {
            Files.deleteIfExists(trace);
        }
    }

    @Test
    @Timeout(60)
    void statsTotalsAddUp() {
        Sluice.Result r =
                Sluice.run(
                        "run",
                        "--proxy",
                        "pty",
                        "--stats",
                        "--",
                        "sh",
                        "-c",
                        Sluice.guestBinary() + " peer; " + Sluice.guestBinary() + " deny");
        assertEquals(0, r.exitCode(), "the guests must succeed\n" + r);
        StatsReport s = r.stats();
        assertEquals(
                DISPOSITIONS,
                s.byDisposition().keySet(),
                "the total line must count each disposition\n" + r);
        long sum = s.byDisposition().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(s.total(), sum, "the per-disposition counts must add up to the total\n" + r);
        assertEquals(s.total(), s.rowCallsSum(), "the table's rows must add up to the total\n" + r);
        for (String d : DISPOSITIONS) {
            long rows =
                    s.rows().stream()
                            .filter(x -> x.disposition().equals(d))
                            .mapToLong(StatsReport.Row::calls)
                            .sum();
            assertEquals(
                    s.byDisposition().get(d).longValue(),
                    rows,
                    "the rows with " + d + " must add up to its count\n" + r);
        }
        assertTrue(
                s.byDisposition().get("EMULATE") > 0 && s.byDisposition().get("DENY") > 0,
                "peer and deny must produce EMULATE and DENY calls\n" + r);
    }

    @Test
    @Timeout(60)
    void statsReportIsOneLinePerRow() {
        Sluice.Result r =
                Sluice.run("run", "--proxy", "pty", "--stats", "--", Sluice.guest("peer"));
        assertEquals(0, r.exitCode(), "the guest must succeed\n" + r);
        StatsReport s = r.stats();
        List<String> lines = r.stderrLines();
        assertTrue(
                lines.stream()
                        .anyMatch(
                                l ->
                                        Pattern.matches(
                                                "sluice: trapped calls: \\d+ total \\(EMULATE \\d+, CONTINUE \\d+, DENY \\d+\\)",
                                                l)),
                "the total line must be a line of its own\n" + r);
        assertTrue(
                lines.stream()
                        .anyMatch(
                                l ->
                                        Pattern.matches(
                                                " {2}device +request +name +disposition +calls +errors +p50\\(us\\) +p99\\(us\\)",
                                                l)),
                "the table header must be a line of its own\n" + r);
        long rowLines =
                lines.stream()
                        .filter(
                                l ->
                                        Pattern.matches(
                                                " {2}\\S+ +0x[0-9a-f]{8} +\\S+ +(EMULATE|CONTINUE|DENY) +\\d+ +\\d+ +\\d+\\.\\d +\\d+\\.\\d",
                                                l))
                        .count();
        assertEquals(
                s.rows().size(),
                rowLines,
                "every table row must be a line of its own (nothing appended after p99)\n" + r);
        assertTrue(
                lines.stream()
                        .anyMatch(
                                l -> Pattern.matches("sluice: sentry fds: start=\\d+ end=\\d+", l)),
                "'sluice: sentry fds: start=N end=N' must be a line of its own\n" + r);
    }
}
