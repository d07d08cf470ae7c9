package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench footprint} with two sandboxes: it runs, prints one row per sandbox, and ends
 * with the per-sandbox PSS and RSS of Sluice's processes, which are positive and ordered (PSS never
 * exceeds RSS). The figures themselves are docs/benchmarks.md's, from the full run.
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
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        Matcher m =
                Pattern.compile(
                                "^footprint: sandboxes=2 pss_per_sandbox_mib=(\\d+\\.\\d) rss_per_sandbox_mib=(\\d+\\.\\d)$")
                        .matcher(last);
        assertTrue(m.matches(), "the last line, got '" + last + "'\n" + r);
        double pss = Double.parseDouble(m.group(1));
        double rss = Double.parseDouble(m.group(2));
        assertTrue(pss > 1 && pss <= rss, "a JVM's PSS is some MiB and at most its RSS\n" + r);
        assertTrue(
                lines.stream()
                        .anyMatch(l -> l.startsWith("baseline (the workload's own processes)")),
                "the baseline is printed\n" + r);
    }
}
