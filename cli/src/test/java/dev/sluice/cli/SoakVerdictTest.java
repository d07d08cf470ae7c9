package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.cli.SoakRun.Done;
import dev.sluice.cli.SoakRun.Sample;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** The soak's judgement on made-up samples: what counts as growth, and the report's last line. */
class SoakVerdictTest {
    /** Samples one second apart with these RSS (KiB) and fd counts. */
    private static List<Sample> samples(long[] rssKiB, int[] fds) {
        List<Sample> out = new ArrayList<>();
        for (int i = 0; i < rssKiB.length; i++) {
            out.add(new Sample(i + 1, 1000, 1000, 1000, 2000, 3000, rssKiB[i], fds[i], 20, 0.5));
        }
        return out;
    }

    private static final int MIB = 1024;

    @Test
    void aFlatSentryPasses() {
        List<String> failures = new ArrayList<>();
        List<String> growth =
                SoakVerdict.judge(
                        samples(
                                new long[] {
                                    100 * MIB, 104 * MIB, 101 * MIB, 103 * MIB, 102 * MIB, 104 * MIB
                                },
                                new int[] {12, 13, 12, 12, 13, 12}),
                        16,
                        new int[] {12, 12},
                        failures);
        assertEquals(
                List.of(),
                growth,
                "RSS within the slack, fds back to the first third's lowest: " + failures);
        assertEquals(List.of(), failures, "no failure");
    }

    @Test
    void rssBeyondTheSlackIsGrowth() {
        List<String> failures = new ArrayList<>();
        List<String> growth =
                SoakVerdict.judge(
                        samples(
                                new long[] {
                                    100 * MIB, 100 * MIB, 110 * MIB, 115 * MIB, 120 * MIB, 130 * MIB
                                },
                                new int[] {12, 12, 12, 12, 12, 12}),
                        16,
                        new int[] {12, 12},
                        failures);
        assertEquals(List.of("RSS"), growth, failures.toString());
        assertTrue(failures.get(0).contains("sentry RSS grew"), failures.toString());
    }

    @Test
    void fdsThatRiseAndStayOrDifferAtTheEndAreGrowth() {
        List<String> failures = new ArrayList<>();
        assertEquals(
                List.of("FDS"),
                SoakVerdict.judge(
                        samples(
                                new long[] {MIB, MIB, MIB, MIB, MIB, MIB},
                                new int[] {12, 12, 13, 14, 14, 14}),
                        16,
                        new int[] {12, 12},
                        failures),
                failures.toString());
        assertTrue(
                failures.stream().anyMatch(f -> f.contains("rose and stayed")),
                failures.toString());
        failures.clear();
        assertEquals(
                List.of("FDS"),
                SoakVerdict.judge(
                        samples(
                                new long[] {MIB, MIB, MIB, MIB, MIB, MIB},
                                new int[] {12, 12, 12, 12, 12, 12}),
                        16,
                        new int[] {12, 13},
                        failures),
                "the sandbox's own count differs");
        failures.clear();
        SoakVerdict.judge(
                samples(new long[] {MIB, MIB, MIB}, new int[] {12, 12, 12}), 16, null, failures);
        assertTrue(
                failures.stream().anyMatch(f -> f.contains("no `sentry fds")),
                "a missing --stats line fails: " + failures);
    }

    @Test
    void tooFewSamplesCannotBeJudged() {
        List<String> failures = new ArrayList<>();
        SoakVerdict.judge(
                samples(new long[] {MIB, MIB}, new int[] {1, 1}), 16, new int[] {1, 1}, failures);
        assertEquals(
                List.of("only 2 samples after the warm-up; growth cannot be judged"), failures);
    }

    @Test
    void theReportEndsWithTheHeadlineAndTheExitCodeFollowsTheVerdict() {
        SoakRun.Sandboxed soak = new SoakRun.Sandboxed();
        soak.samples.addAll(
                samples(
                        new long[] {0, 100 * MIB, 100 * MIB, 100 * MIB, 100 * MIB},
                        new int[] {12, 12, 12, 12, 12}));
        soak.done = new Done(5, 5000, 2500, 2500, 1000, 2000, 3000);
        soak.statsFds = new int[] {12, 12};
        Done base = new Done(1, 10_000, 5000, 5000, 100, 200, 300);
        StringWriter text = new StringWriter();
        int code =
                SoakVerdict.report(
                        new PrintWriter(text),
                        Duration.ofSeconds(5),
                        4,
                        Duration.ofSeconds(2),
                        16,
                        base,
                        soak,
                        base);
        String[] lines = text.toString().split("\n");
        String headline = lines[lines.length - 1];
        assertEquals(0, code, text.toString());
        assertTrue(
                headline.startsWith(
                        "soak: duration=5s threads=4 calls=5000 emulate=2500 continue=2500 rate=1000/s"),
                headline);
        assertTrue(
                headline.contains(
                        "native_rate=10000/s native_p99=0.20us rate_ratio=0.1000 p99_ratio=10 "),
                "against the untrapped halves: " + headline);
        assertTrue(
                headline.endsWith("fds_start=12 fds_end=12 fds_max=12 growth=none verdict=pass"),
                headline);

        soak.exitCode = 1;
        text = new StringWriter();
        code =
                SoakVerdict.report(
                        new PrintWriter(text),
                        Duration.ofSeconds(5),
                        4,
                        Duration.ofSeconds(2),
                        16,
                        null,
                        soak,
                        null);
        assertEquals(1, code, "a guest that failed fails the soak");
        assertTrue(text.toString().contains("FAIL: the sandboxed guest exited 1"), text.toString());
        assertTrue(text.toString().trim().endsWith("verdict=fail"), text.toString());
        assertTrue(text.toString().contains("native_rate=- native_p99=-"), "no baseline: " + text);
    }
}
