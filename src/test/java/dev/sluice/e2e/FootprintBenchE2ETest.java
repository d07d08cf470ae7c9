package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench footprint} with two sandboxes: it runs, prints one row per sandbox, and ends
 * with the per-sandbox PSS and RSS of Sluice's processes, which are positive and ordered (PSS never
 * exceeds RSS). The figures themselves are docs/benchmarks.md's, from the full run. Through the
 * runtime service, each sandbox is handed to a spare sentry and counts it, and the service and its
 * idle spares are shared among the sandboxes.
 */
@RequiresRoot
@Timeout(180)
class FootprintBenchE2ETest {
    @Test
    void twoSandboxesPrintTheirFootprint() {
        Sluice.Result r =
                Sluice.command("bench", "footprint", "--sandboxes", "2", "--settle-ms", "200")
                        .timeout(Duration.ofSeconds(150))
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        List<String> lines = r.stdoutLines();
        double[] m = lastLine(r);
        assertTrue(m[0] > 1 && m[0] <= m[1], "a JVM's PSS is some MiB and at most its RSS\n" + r);
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("baseline (the workload's own processes)")),
                "the baseline is printed\n" + r);
    }

    @Test
    @Timeout(300)
    void throughTheServiceEachSandboxCountsItsSpareSentryAndAShareOfTheService()
            throws IOException {
        Files.createDirectories(Path.of("/run/sluice")); // the default root: runs go to its service
        Sluice.Result own =
                Sluice.command("bench", "footprint", "--sandboxes", "2", "--settle-ms", "200")
                        .timeout(Duration.ofSeconds(150))
                        .run();
        Sluice.Result r =
                Sluice.command(
                                "bench",
                                "footprint",
                                "--sandboxes",
                                "2",
                                "--settle-ms",
                                "200",
                                "--gap-ms",
                                "3000",
                                "--through-service")
                        .timeout(Duration.ofSeconds(170))
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        List<String> lines = r.stdoutLines();
        assertTrue(
                lines.contains("handed to spare sentries: 2 of 2"),
                "both sandboxes were served by spares\n" + r);
        assertTrue(
                lines.stream().anyMatch(l -> l.matches("runtime service: pss_mib=\\d+\\.\\d; .*")),
                "the service's share is printed\n" + r);
        double[] handed = lastLine(r);
        double[] ownJvm = lastLine(own);
        assertTrue(handed[0] > 1 && handed[0] <= handed[1], "PSS at most RSS\n" + r);
        // A spare sentry is a JVM as the run's own is; with the service's JVM and its idle spares
        // shared between two sandboxes, each costs more than one JVM of its own.
        assertTrue(
                handed[0] > ownJvm[0],
                "the sentry outside the tree and the service are counted: "
                        + handed[0]
                        + " against "
                        + ownJvm[0]
                        + " MiB\n"
                        + r
                        + "\n"
                        + own);
    }

    /** PSS and RSS per sandbox from the last line. */
    private static double[] lastLine(Sluice.Result r) {
        List<String> lines = r.stdoutLines();
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        Matcher m =
                Pattern.compile(
                                "^footprint: sandboxes=2 pss_per_sandbox_mib=(\\d+\\.\\d) rss_per_sandbox_mib=(\\d+\\.\\d)$")
                        .matcher(last);
        assertTrue(m.matches(), "the last line, got '" + last + "'\n" + r);
        return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
    }
}
