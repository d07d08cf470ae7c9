package dev.sluice.cli;

import dev.sluice.cli.SoakRun.Done;
import dev.sluice.cli.SoakRun.Sample;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The judgement of {@code sluice bench soak}'s runs ({@link SoakRun}) and its report: the growth
 * criterion of {@link SoakBenchCommand}'s class comment over the samples from the warm-up's end on,
 * the summary table, the failures, and the headline, the last line, with the verdict.
 */
final class SoakVerdict {
    private SoakVerdict() {}

    /**
     * Judges the runs and prints the report; returns the exit code, 0 for {@code verdict=pass}, 1
     * otherwise.
     *
     * @param native1 the untrapped half before the soak, or null when there was no baseline
     * @param native2 the untrapped half after it, or null
     */
    static int report(
            PrintWriter out,
            Duration duration,
            int threads,
            Duration warm,
            double rssSlackMiB,
            Done native1,
            SoakRun.Sandboxed soak,
            Done native2) {
        List<String> failures = new ArrayList<>();
        if (soak.exitCode != 0) {
            failures.add(
                    "the sandboxed guest exited "
                            + soak.exitCode
                            + " (a wrong answer or a failed call: see above)");
        }
        Done d = soak.done;
        if (d == null || d.calls() == 0) {
            failures.add("the sandboxed guest reported no calls");
        }
        // From the first sample at or after the warm-up's end (a guest's interval line is never
        // early).
        List<Sample> post =
                soak.samples.stream()
                        .filter(x -> x.tSec() >= warm.toMillis() / 1000.0 - 0.05)
                        .toList();
        List<String> growth = judge(post, rssSlackMiB, soak.statsFds, failures);

        out.println();
        out.printf("%-34s %12s %9s %9s%n", "run", "calls/s", "p50(us)", "p99(us)");
        printSummary(out, "untrapped, before", native1);
        printSummary(out, "sandboxed (sluice run --proxy pty)", d);
        printSummary(out, "untrapped, after", native2);
        if (soak.statsFds != null) {
            out.printf(
                    "sentry fds at the sandbox's start and end (--stats): %d, %d%n",
                    soak.statsFds[0], soak.statsFds[1]);
        }
        double slope = post.size() < 2 ? 0 : slopeMiBPerMinute(post);
        out.printf("sentry RSS after the warm-up: least-squares slope %+.3f MiB/min%n", slope);
        for (String f : failures) {
            out.println("FAIL: " + f);
        }

        // The headline: the sandboxed run against the untrapped halves' combined rate and mean p99.
        String nativeRate = "-";
        String nativeP99 = "-";
        String rateRatio = "-";
        String p99Ratio = "-";
        if (native1 != null && native2 != null && d != null) {
            double nr = (native1.calls() + native2.calls()) / (native1.tSec() + native2.tSec());
            double np = (native1.p99Ns() + native2.p99Ns()) / 2.0;
            nativeRate = String.format("%.0f/s", nr);
            nativeP99 = String.format("%.2fus", np / 1000);
            rateRatio = String.format("%.4f", d.rate() / nr);
            p99Ratio = String.format("%.0f", d.p99Ns() / np);
        }
        Sample start = post.isEmpty() ? null : post.get(0);
        Sample end = post.isEmpty() ? null : post.get(post.size() - 1);
        out.printf(
                "soak: duration=%ds threads=%d calls=%d emulate=%d continue=%d rate=%.0f/s p50=%.1fus p99=%.1fus "
                        + "native_rate=%s native_p99=%s rate_ratio=%s p99_ratio=%s "
                        + "rss_start=%.1fMiB rss_end=%.1fMiB rss_max=%.1fMiB rss_slope=%+.3fMiB/min fds_start=%d fds_end=%d fds_max=%d "
                        + "growth=%s verdict=%s%n",
                duration.toSeconds(),
                threads,
                d == null ? 0 : d.calls(),
                d == null ? 0 : d.emulate(),
                d == null ? 0 : d.cont(),
                d == null ? 0.0 : d.rate(),
                d == null ? 0.0 : d.p50Ns() / 1000.0,
                d == null ? 0.0 : d.p99Ns() / 1000.0,
                nativeRate,
                nativeP99,
                rateRatio,
                p99Ratio,
                start == null ? 0.0 : start.rssKiB() / 1024.0,
                end == null ? 0.0 : end.rssKiB() / 1024.0,
                soak.samples.stream().mapToLong(Sample::rssKiB).max().orElse(0) / 1024.0,
                slope,
                post.size() < 3 ? 0 : fdsMin(post.subList(0, post.size() / 3)),
                end == null ? 0 : end.fds(),
                post.stream().mapToInt(Sample::fds).max().orElse(0),
                growth.isEmpty() ? "none" : String.join(",", growth),
                failures.isEmpty() ? "pass" : "fail");
        out.flush();
        return failures.isEmpty() ? 0 : 1;
    }

    /**
     * The growth criterion over the samples from the warm-up's end on (see {@link
     * SoakBenchCommand}'s class comment). Adds a line per failure to {@code failures}; returns what
     * grew ({@code RSS}, {@code FDS}).
     */
    static List<String> judge(
            List<Sample> post, double rssSlackMiB, int[] statsFds, List<String> failures) {
        List<String> growth = new ArrayList<>();
        if (post.size() < 3) {
            failures.add(
                    "only " + post.size() + " samples after the warm-up; growth cannot be judged");
            return growth;
        }
        int third = post.size() / 3;
        long firstMax =
                post.subList(0, third).stream().mapToLong(Sample::rssKiB).max().orElseThrow();
        long lastMax =
                post.subList(post.size() - third, post.size()).stream()
                        .mapToLong(Sample::rssKiB)
                        .max()
                        .orElseThrow();
        if (lastMax - firstMax > rssSlackMiB * 1024) {
            growth.add("RSS");
            failures.add(
                    String.format(
                            "sentry RSS grew: the last third's max %.1f MiB exceeds the first third's max %.1f MiB "
                                    + "by more than %.0f MiB",
                            lastMax / 1024.0, firstMax / 1024.0, rssSlackMiB));
        }
        int firstMin = fdsMin(post.subList(0, third));
        int lastMin = fdsMin(post.subList(post.size() - third, post.size()));
        int end = post.get(post.size() - 1).fds();
        boolean fdsGrew = false;
        if (end > firstMin) {
            fdsGrew = true;
            failures.add(
                    "the sentry holds "
                            + end
                            + " fds at the end, "
                            + firstMin
                            + " after the warm-up");
        }
        if (lastMin > firstMin) {
            fdsGrew = true;
            failures.add(
                    "the sentry's fds rose and stayed: at least "
                            + lastMin
                            + " in the last third, "
                            + firstMin
                            + " in the first");
        }
        if (statsFds == null) {
            failures.add("the sandbox printed no `sentry fds: start= end=` line");
        } else if (statsFds[1] != statsFds[0]) {
            fdsGrew = true;
            failures.add(
                    "the sentry ended the sandbox with "
                            + statsFds[1]
                            + " fds; it started with "
                            + statsFds[0]);
        }
        if (fdsGrew) {
            growth.add("FDS");
        }
        return growth;
    }

    /** The lowest fd count of some samples. */
    static int fdsMin(List<Sample> samples) {
        return samples.stream().mapToInt(Sample::fds).min().orElseThrow();
    }

    private static void printSummary(PrintWriter out, String name, Done d) {
        if (d != null) {
            out.printf(
                    "%-34s %12.0f %9.2f %9.2f%n",
                    name, d.rate(), d.p50Ns() / 1000.0, d.p99Ns() / 1000.0);
        }
    }

    /** Least-squares slope of RSS over time, MiB per minute. */
    static double slopeMiBPerMinute(List<Sample> s) {
        double n = s.size();
        double mt = s.stream().mapToDouble(Sample::tSec).sum() / n;
        double mr = s.stream().mapToDouble(x -> x.rssKiB() / 1024.0).sum() / n;
        double num = 0;
        double den = 0;
        for (Sample x : s) {
            num += (x.tSec() - mt) * (x.rssKiB() / 1024.0 - mr);
            den += (x.tSec() - mt) * (x.tSec() - mt);
        }
        return den == 0 ? 0 : num / den * 60;
    }
}
