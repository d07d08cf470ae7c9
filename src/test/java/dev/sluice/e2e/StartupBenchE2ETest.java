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
 * {@code sluice bench startup} with three runs: it races a mediated {@code /bin/true} against runc
 * on the same rootfs, prints one line per run, and ends with the medians and their ratio, which
 * agree with each other. The figures themselves are docs/benchmarks.md's, from the full run.
 */
@RequiresRoot
@Timeout(180)
class StartupBenchE2ETest {
    @Test
    void threeRunsPrintTheMediansAndTheirRatio() {
        Sluice.Result r =
                Sluice.command("bench", "startup", "--runs", "3")
                        .timeout(Duration.ofSeconds(150))
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        List<String> lines = r.stdoutLines();
        assertEquals(
                3,
                lines.stream()
                        .filter(l -> l.matches("^run \\d: sluice .* ms, runc .* ms$"))
                        .count(),
                "one line per run\n" + r);
        String last = lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        Matcher m =
                Pattern.compile(
                                "^startup: sluice=(\\d+\\.\\d) runc=(\\d+\\.\\d) ratio=(\\d+\\.\\d\\d)$")
                        .matcher(last);
        assertTrue(m.matches(), "the last line, got '" + last + "'\n" + r);
        double sluice = Double.parseDouble(m.group(1));
        double runc = Double.parseDouble(m.group(2));
        double ratio = Double.parseDouble(m.group(3));
        assertTrue(sluice > 1 && runc > 1, "both runtimes take some milliseconds\n" + r);
        // The medians are printed to 0.1 ms and the ratio to 0.01, each computed before rounding:
        // the printed ratio lies between the ratios the printed medians allow, give or take its
        // own rounding (runc's ~20 ms makes 0.05 ms of rounding worth 0.03 of ratio).
        double low = (sluice - 0.05) / (runc + 0.05) - 0.005;
        double high = (sluice + 0.05) / (runc - 0.05) + 0.005;
        assertTrue(
                ratio >= low && ratio <= high,
                "the ratio is of the two medians: "
                        + ratio
                        + " not in ["
                        + low
                        + ", "
                        + high
                        + "]\n"
                        + r);
    }
}
