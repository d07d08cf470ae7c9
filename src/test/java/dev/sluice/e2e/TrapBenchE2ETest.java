package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

/**
 * {@code sluice bench trap} runs and reports its figures; tests check the format, never the timing.
 */
@RequiresRoot
class TrapBenchE2ETest {

    @Test
    @Timeout(180)
    void trapBenchPrintsTheRoundTripSummary() {
        Sluice.Result r =
                Sluice.command(
                                "bench",
                                "trap",
                                "--iters",
                                "20000",
                                "--warmup",
                                "5000",
                                "--rounds",
                                "1")
                        .timeout(Duration.ofSeconds(170))
                        .run();
        assertEquals(0, r.exitCode(), "the benchmark must exit 0\n" + r);
        List<String> lines = r.stdoutLines();
        assertFalse(lines.isEmpty(), "the benchmark must print its results on stdout\n" + r);
        String last = lines.get(lines.size() - 1);
        assertTrue(
                last.matches("^trap round trip: java=\\d+\\.\\d+ c=\\d+\\.\\d+ ratio=\\d+\\.\\d+$"),
                "the last stdout line must be the round-trip summary, got '" + last + "'\n" + r);
        String floor = lines.size() < 2 ? "" : lines.get(lines.size() - 2);
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile(
                                "^emulate vs floor: java=(\\d+\\.\\d+) floor=(\\d+\\.\\d+) ratio=\\d+\\.\\d+$")
                        .matcher(floor);
        assertTrue(
                m.matches(),
                "the line before it compares with the floor, got '" + floor + "'\n" + r);
        assertTrue(
                Double.parseDouble(m.group(2)) > 0
                        && Double.parseDouble(m.group(2)) < Double.parseDouble(m.group(1)),
                "a supervisor that does nothing answers faster than the sentry\n" + r);
    }
}
