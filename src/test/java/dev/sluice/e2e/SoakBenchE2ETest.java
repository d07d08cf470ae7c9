package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench soak}, short: 64 guest threads of checked EMULATE and CONTINUE calls for 20
 * s. The test checks the headline (a pass, calls made of both kinds, the sentry's fds the same at
 * the end as after the warm-up), never the timing. A sentry that stops answering must fail it.
 */
@RequiresRoot
class SoakBenchE2ETest {
    private static final Pattern KV = Pattern.compile("([a-z_0-9]+)=(\\S+)");
    private static final Pattern ROW =
            Pattern.compile(
                    "^\\s+\\d+\\.\\d\\s+\\d+\\s+\\d+\\.\\d\\s+\\d+\\.\\d\\s+\\d+\\.\\d\\s+\\d+\\.\\d\\s+\\d+\\s+\\d+\\s+\\d+\\.\\d\\d$");
    private static final Pattern STATS_FDS = Pattern.compile("sentry fds: start=(\\d+) end=(\\d+)");

    @Test
    @Timeout(180)
    void soakOfTwentySecondsPassesWithTheSentrysFdsFlat() {
        Sluice.Result r =
                Sluice.command(
                                "bench",
                                "soak",
                                "--duration",
                                "20s",
                                "--threads",
                                "64",
                                "--interval",
                                "2s")
                        .timeout(Duration.ofSeconds(170))
                        .run();
        Map<String, String> h = headline(r);
        assertEquals("pass", h.get("verdict"), "the soak must pass\n" + r);
        assertEquals(0, r.exitCode(), "a passing soak exits 0\n" + r);
        assertEquals("none", h.get("growth"), r.toString());
        assertEquals("20s", h.get("duration"), r.toString());
        assertEquals("64", h.get("threads"), r.toString());
        long calls = Long.parseLong(h.get("calls"));
        long emulate = Long.parseLong(h.get("emulate"));
        long cont = Long.parseLong(h.get("continue"));
        assertTrue(
                emulate > 0 && cont > 0,
                "both EMULATE and CONTINUE calls must have been made\n" + r);
        assertEquals(calls, emulate + cont, r.toString());
        assertEquals(
                h.get("fds_start"),
                h.get("fds_end"),
                "the sentry's fds after the warm-up and at the end\n" + r);
        assertNotEquals("-", h.get("native_rate"), "the untrapped baseline must have run\n" + r);

        // One row per 2 s interval, plus the one at the guest's start.
        long rows = r.stdoutLines().stream().filter(l -> ROW.matcher(l).matches()).count();
        assertTrue(rows >= 10, "expected a row per interval, got " + rows + "\n" + r);
        // The sandbox's own count (--stats) agrees.
        Matcher m = STATS_FDS.matcher(r.stderr());
        assertTrue(m.find(), "the sandbox's --stats must report the sentry's fds\n" + r);
        assertEquals(m.group(1), m.group(2), r.toString());
    }

    @Test
    @Timeout(120)
    void aSentryThatStopsAnsweringFailsTheSoak() {
        Sluice.Result r =
                Sluice.command(
                                "bench",
                                "soak",
                                "--duration",
                                "20s",
                                "--threads",
                                "64",
                                "--interval",
                                "2s",
                                "--baseline",
                                "0s")
                        .faults("close-listener-after=5000")
                        .timeout(Duration.ofSeconds(110))
                        .run();
        Map<String, String> h = headline(r);
        assertEquals("fail", h.get("verdict"), r.toString());
        assertEquals(1, r.exitCode(), "a failed soak exits 1\n" + r);
        assertTrue(r.stdout().contains("FAIL: the sandboxed guest exited"), r.toString());
    }

    /** The last stdout line, {@code soak: key=value ...}, as a map. */
    private static Map<String, String> headline(Sluice.Result r) {
        List<String> lines = r.stdoutLines();
        assertFalse(lines.isEmpty(), "the benchmark must print its results on stdout\n" + r);
        String last = lines.get(lines.size() - 1);
        assertTrue(
                last.matches(
                        "^soak: duration=\\d+s threads=\\d+ calls=\\d+ .* fds_start=\\d+ fds_end=\\d+ fds_max=\\d+ "
                                + "growth=(none|RSS|FDS|RSS,FDS) verdict=(pass|fail)$"),
                "the last stdout line must be the headline, got '" + last + "'\n" + r);
        Map<String, String> m = new LinkedHashMap<>();
        Matcher k = KV.matcher(last);
        while (k.find()) {
            m.put(k.group(1), k.group(2));
        }
        return m;
    }
}
