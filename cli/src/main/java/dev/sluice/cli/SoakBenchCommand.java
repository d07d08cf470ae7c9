package dev.sluice.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code sluice bench soak}: the sentry under a long load. A guest ({@code sluice-bench-soak})
 * runs N threads, each alternating {@code TIOCGPTN} (EMULATE) and {@code TCGETS} (CONTINUE) on
 * a {@code /dev/ptmx} of its own, checks every result, and reports per interval the calls made
 * and their latency (p50, p99, max), each call timed by the guest with CLOCK_MONOTONIC.
 *
 * <p>The sandbox runs as a child JVM, {@code sluice run --proxy pty --stats}, exactly as a user
 * runs it, so the child is the sentry and nothing else: its RSS ({@code VmRSS}) and open fds
 * are read from {@code /proc/PID} at every interval line, and this JVM's own memory and
 * threads (the table, the parsing) never count. The fd count of a sample is the lowest of
 * {@value #FD_READS} reads {@value #FD_READ_GAP_MS} ms apart: a call in flight holds a dup of the
 * guest's fd (and for EMULATE {@code /proc/TID/mem}), and under this load one is open in most
 * reads; the JVM itself opens a file now and then (its cgroup CPU quota); a leaked fd is there in
 * every read. Even so a sample can catch one more now and then, so a single sample never decides.
 * The last sample is taken with every guest thread stopped and the sandbox still up (the guest's
 * {@code --linger}): no call is in flight then, and its count is exact.
 *
 * <p>The same guest runs untrapped (no sandbox, no filter) for the baseline, half before the
 * soak and half after, so machine load that changes during the soak falls on both.
 *
 * <p><b>Growth is a failure.</b> Samples from the end of the warm-up on are split in thirds.
 * RSS grows if the highest RSS of the last third exceeds the highest of the first third by more
 * than {@code --rss-slack}: a JVM's heap and code cache settle during the warm-up and then
 * breathe within a bound, while a leak keeps climbing. Fds grow if the exact count at the end is
 * above the lowest count of the first third, if the lowest of the last third is above the lowest of
 * the first (a count that rose and stayed), or if the sentry's own count at the end of the
 * sandbox ({@code --stats}: {@code sentry fds: start=S end=E}) differs from its start. A wrong
 * answer to any call fails the guest, and so the run. The last line is the headline; the exit
 * code is 0 for {@code verdict=pass}, 1 otherwise.
 */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = "A long load of EMULATE and CONTINUE calls from many guest threads: throughput, p99, sentry RSS and fds over time.")
final class SoakBenchCommand implements Callable<Integer> {
    /** The shortest default warm-up: the sentry JVM's first young GCs (its eden touched) and JIT. */
    static final Duration WARMUP_MIN = Duration.ofSeconds(5);
    static final int FD_READS = 100;
    static final int FD_READ_GAP_MS = 3;
    private static final Pattern START = Pattern.compile("^soak start threads=(\\d+)");
    private static final Pattern INTERVAL = Pattern.compile(
            "^soak interval=(\\d+) t_ms=(\\d+) ms=(\\d+) calls=(\\d+) emulate=(\\d+) continue=(\\d+) p50_ns=(\\d+) p99_ns=(\\d+) max_ns=(\\d+)");
    private static final Pattern DONE = Pattern.compile(
            "^soak done t_ms=(\\d+) calls=(\\d+) emulate=(\\d+) continue=(\\d+) p50_ns=(\\d+) p99_ns=(\\d+) max_ns=(\\d+)");
    private static final Pattern IDLE = Pattern.compile("^soak idle$");
    private static final Pattern STATS_FDS = Pattern.compile("sentry fds: start=(\\d+) end=(\\d+)");

    @Spec
    CommandSpec spec;

    @Option(names = "--threads", defaultValue = "64", paramLabel = "N", description = "Guest threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--duration", defaultValue = "10m", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long the sandboxed guest runs: N, Ns, Nm or Nms (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(names = "--interval", defaultValue = "10s", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Sampling interval (default ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--warmup", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Samples before this are not judged for growth (default: a tenth of --duration, at least 5s).")
    Duration warmup;

    @Option(names = "--baseline", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Untrapped run of the same guest, half before and half after the soak (default: a tenth of --duration).")
    Duration baseline;

    @Option(names = "--rss-slack", defaultValue = "16", paramLabel = "MiB",
            description = "RSS the last third of the samples may exceed the first third's maximum by (default ${DEFAULT-VALUE} MiB).")
    double rssSlackMiB;

    /** One interval line of the guest, with the sentry's figures sampled when it came. */
    record Sample(double tSec, double ms, long calls, long p50Ns, long p99Ns, long maxNs, long rssKiB, int fds, int sentryThreads, double load) {}

    /** The guest's {@code soak done} line. */
    record Done(double tSec, long calls, long emulate, long cont, long p50Ns, long p99Ns, long maxNs) {
        double rate() {
            return calls / tSec;
        }
    }

    @Override
    public Integer call() throws Exception {
        if (threads < 1 || duration.toMillis() < 1 || interval.toMillis() < 100) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, --interval at least 100ms");
        }
        Duration warm = warmup != null ? warmup : max(duration.dividedBy(10), WARMUP_MIN);
        Duration base = baseline != null ? baseline : duration.dividedBy(10);
        if (duration.minus(warm).dividedBy(interval) < 3) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--duration must leave at least 3 intervals after the warm-up to judge growth");
        }
        Path guest = Runtime.helper("sluice-bench-soak");
        PrintWriter out = spec.commandLine().getOut();
        out.printf("sluice bench soak: %d guest threads alternating TIOCGPTN (EMULATE) and TCGETS (CONTINUE) on /dev/ptmx "
                + "for %ds under `sluice run --proxy pty`, sampled every %ss; warm-up %ss; untrapped baseline %ss%n",
                threads, duration.toSeconds(), seconds(interval), seconds(warm), seconds(base));
        out.flush();

        Duration half = base.dividedBy(2);
        Done native1 = half.toMillis() > 0 ? runNative(guest, half) : null;
        Soak soak = runSoak(guest);
        Done native2 = half.toMillis() > 0 ? runNative(guest, half) : null;

        List<String> failures = new ArrayList<>();
        if (soak.exitCode != 0) {
            failures.add("the sandboxed guest exited " + soak.exitCode + " (a wrong answer or a failed call: see above)");
        }
        Done d = soak.done;
        if (d == null || d.calls() == 0) {
            failures.add("the sandboxed guest reported no calls");
        }
        // From the first sample at or after the warm-up's end (a guest's interval line is never early).
        List<Sample> post = soak.samples.stream().filter(x -> x.tSec() >= warm.toMillis() / 1000.0 - 0.05).toList();
        List<String> growth = judge(post, rssSlackMiB, soak.statsFds, failures);

        out.println();
        out.printf("%-34s %12s %9s %9s%n", "run", "calls/s", "p50(us)", "p99(us)");
        printSummary(out, "untrapped, before", native1);
        printSummary(out, "sandboxed (sluice run --proxy pty)", d);
        printSummary(out, "untrapped, after", native2);
        if (soak.statsFds != null) {
            out.printf("sentry fds at the sandbox's start and end (--stats): %d, %d%n", soak.statsFds[0], soak.statsFds[1]);
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
        out.printf("soak: duration=%ds threads=%d calls=%d emulate=%d continue=%d rate=%.0f/s p50=%.1fus p99=%.1fus "
                        + "native_rate=%s native_p99=%s rate_ratio=%s p99_ratio=%s "
                        + "rss_start=%.1fMiB rss_end=%.1fMiB rss_max=%.1fMiB rss_slope=%+.3fMiB/min fds_start=%d fds_end=%d fds_max=%d "
                        + "growth=%s verdict=%s%n",
                duration.toSeconds(), threads, d == null ? 0 : d.calls(), d == null ? 0 : d.emulate(), d == null ? 0 : d.cont(),
                d == null ? 0.0 : d.rate(), d == null ? 0.0 : d.p50Ns() / 1000.0, d == null ? 0.0 : d.p99Ns() / 1000.0,
                nativeRate, nativeP99, rateRatio, p99Ratio,
                start == null ? 0.0 : start.rssKiB() / 1024.0, end == null ? 0.0 : end.rssKiB() / 1024.0,
                soak.samples.stream().mapToLong(Sample::rssKiB).max().orElse(0) / 1024.0, slope,
                post.size() < 3 ? 0 : fdsMin(post.subList(0, post.size() / 3)), end == null ? 0 : end.fds(),
                post.stream().mapToInt(Sample::fds).max().orElse(0),
                growth.isEmpty() ? "none" : String.join(",", growth), failures.isEmpty() ? "pass" : "fail");
        out.flush();
        return failures.isEmpty() ? 0 : 1;
    }

    /** The outcome of the sandboxed run. */
    private static final class Soak {
        final List<Sample> samples = new ArrayList<>();
        Done done;
        int exitCode;
        int[] statsFds;
    }

    private Soak runSoak(Path guest) throws IOException, InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<String> cmd = TrapBenchCommand.javaCommand();
        cmd.addAll(List.of("run", "--proxy", "pty", "--stats"));
        cmd.add("--");
        cmd.addAll(guestArgs(guest, duration));
        cmd.add("--linger");
        // The child is the sentry: java exec'd directly, `sluice run` in it, the sandbox its children.
        // stdin is a pipe the guest inherits: with --linger it waits for its EOF after its last interval.
        // It inherits the environment too, so the tests' SLUICE_TEST_FAULTS reaches its sentry.
        Process p = new ProcessBuilder(cmd).start();
        long sentry = p.pid();
        Soak soak = new Soak();
        Thread errPump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    Matcher m = STATS_FDS.matcher(line);
                    if (m.find()) {
                        synchronized (soak) {
                            soak.statsFds = new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
                        }
                    }
                    synchronized (err) {
                        err.println(line);
                        err.flush();
                    }
                }
            } catch (IOException e) {
                // the child is gone; what it printed has been passed on
            }
        }, "soak-stderr");
        errPump.setDaemon(true);
        errPump.start();
        boolean started = false;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                Matcher m;
                if (START.matcher(line).find()) {
                    started = true;
                    out.printf("sentry: pid %d (%s)%n", sentry, ProcessHandle.of(sentry).flatMap(h -> h.info().command()).orElse("?"));
                    out.printf("%7s %10s %9s %9s %10s %9s %5s %8s %6s%n",
                            "t(s)", "calls/s", "p50(us)", "p99(us)", "max(us)", "rss(MiB)", "fds", "threads", "load");
                    record(out, soak, sample(sentry, 0, 0, 0, 0, 0, 0));
                } else if ((m = INTERVAL.matcher(line)).find()) {
                    record(out, soak, sample(sentry, Long.parseLong(m.group(2)) / 1000.0, Long.parseLong(m.group(3)),
                            Long.parseLong(m.group(4)), Long.parseLong(m.group(7)), Long.parseLong(m.group(8)),
                            Long.parseLong(m.group(9))));
                } else if (IDLE.matcher(line).find()) {
                    p.getOutputStream().close(); // the last interval is sampled: let the guest end
                } else if ((m = DONE.matcher(line)).find()) {
                    soak.done = done(m);
                } else {
                    out.println(line);
                }
                out.flush();
            }
        }
        soak.exitCode = p.waitFor();
        errPump.join(10_000);
        if (!started) {
            throw new IllegalStateException("the sandboxed soak guest never started (sluice run exited " + soak.exitCode + "): "
                    + String.join(" ", cmd));
        }
        synchronized (soak) {
            return soak;
        }
    }

    /**
     * The growth criterion over the samples from the warm-up's end on (see the class comment).
     * Adds a line per failure to {@code failures}; returns what grew ({@code RSS}, {@code FDS}).
     */
    static List<String> judge(List<Sample> post, double rssSlackMiB, int[] statsFds, List<String> failures) {
        List<String> growth = new ArrayList<>();
        if (post.size() < 3) {
            failures.add("only " + post.size() + " samples after the warm-up; growth cannot be judged");
            return growth;
        }
        int third = post.size() / 3;
        long firstMax = post.subList(0, third).stream().mapToLong(Sample::rssKiB).max().orElseThrow();
        long lastMax = post.subList(post.size() - third, post.size()).stream().mapToLong(Sample::rssKiB).max().orElseThrow();
        if (lastMax - firstMax > rssSlackMiB * 1024) {
            growth.add("RSS");
            failures.add(String.format("sentry RSS grew: the last third's max %.1f MiB exceeds the first third's max %.1f MiB "
                    + "by more than %.0f MiB", lastMax / 1024.0, firstMax / 1024.0, rssSlackMiB));
        }
        int firstMin = fdsMin(post.subList(0, third));
        int lastMin = fdsMin(post.subList(post.size() - third, post.size()));
        int end = post.get(post.size() - 1).fds();
        boolean fdsGrew = false;
        if (end > firstMin) {
            fdsGrew = true;
            failures.add("the sentry holds " + end + " fds at the end, " + firstMin + " after the warm-up");
        }
        if (lastMin > firstMin) {
            fdsGrew = true;
            failures.add("the sentry's fds rose and stayed: at least " + lastMin + " in the last third, " + firstMin
                    + " in the first");
        }
        if (statsFds == null) {
            failures.add("the sandbox printed no `sentry fds: start= end=` line");
        } else if (statsFds[1] != statsFds[0]) {
            fdsGrew = true;
            failures.add("the sentry ended the sandbox with " + statsFds[1] + " fds; it started with " + statsFds[0]);
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

    private static void record(PrintWriter out, Soak soak, Sample s) {
        soak.samples.add(s);
        if (s.tSec() == 0) {
            out.printf("%7.1f %10s %9s %9s %10s %9.1f %5d %8d %6.2f%n", 0.0, "-", "-", "-", "-", s.rssKiB() / 1024.0, s.fds(),
                    s.sentryThreads(), s.load());
        } else {
            out.printf("%7.1f %10.0f %9.1f %9.1f %10.1f %9.1f %5d %8d %6.2f%n", s.tSec(), s.calls() * 1000.0 / s.ms(),
                    s.p50Ns() / 1000.0, s.p99Ns() / 1000.0, s.maxNs() / 1000.0, s.rssKiB() / 1024.0, s.fds(), s.sentryThreads(),
                    s.load());
        }
    }

    /**
     * The guest's figures of one interval, with the sentry's RSS, fds and threads read now, and
     * the machine's load average (1 min), for reading the throughput on a shared machine.
     */
    private static Sample sample(long pid, double tSec, long ms, long calls, long p50, long p99, long maxNs)
            throws IOException, InterruptedException {
        long rss = -1;
        int threads = -1;
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (l.startsWith("VmRSS:")) {
                rss = Long.parseLong(l.substring(6).trim().split("\\s+")[0]);
            } else if (l.startsWith("Threads:")) {
                threads = Integer.parseInt(l.substring(8).trim());
            }
        }
        double load = Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        return new Sample(tSec, ms, calls, p50, p99, maxNs, rss, persistentFds(pid), threads, load);
    }

    /** The fewest open fds of {@code pid} in {@value #FD_READS} reads {@value #FD_READ_GAP_MS} ms apart. */
    static int persistentFds(long pid) throws IOException, InterruptedException {
        Path dir = Path.of("/proc", Long.toString(pid), "fd");
        int min = Integer.MAX_VALUE;
        for (int i = 0; i < FD_READS; i++) {
            int n = 0;
            try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
                for (Path ignored : s) {
                    n++;
                }
            } catch (NoSuchFileException e) {
                throw new IllegalStateException("the sentry (pid " + pid + ") is gone", e);
            }
            min = Math.min(min, n);
            Thread.sleep(FD_READ_GAP_MS);
        }
        return min;
    }

    private Done runNative(Path guest, Duration d) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(guestArgs(guest, d)).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
        Done done = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                Matcher m = DONE.matcher(line);
                if (m.find()) {
                    done = done(m);
                }
            }
        }
        int code = p.waitFor();
        if (code != 0 || done == null) {
            throw new IllegalStateException("the untrapped baseline run failed (exit " + code + "); see its error above");
        }
        return done;
    }

    private List<String> guestArgs(Path guest, Duration d) {
        return List.of(guest.toString(), "--threads", Integer.toString(threads), "--duration-ms", Long.toString(d.toMillis()),
                "--interval-ms", Long.toString(Math.min(interval.toMillis(), d.toMillis())));
    }

    private static Done done(Matcher m) {
        return new Done(Long.parseLong(m.group(1)) / 1000.0, Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Long.parseLong(m.group(6)), Long.parseLong(m.group(7)));
    }

    private static void printSummary(PrintWriter out, String name, Done d) {
        if (d != null) {
            out.printf("%-34s %12.0f %9.2f %9.2f%n", name, d.rate(), d.p50Ns() / 1000.0, d.p99Ns() / 1000.0);
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

    private static Duration max(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static String seconds(Duration d) {
        double s = d.toMillis() / 1000.0;
        return s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s);
    }

    /** {@code N} (seconds), {@code Ns}, {@code Nm} or {@code Nms}. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m)?");
        private static final Map<String, java.util.function.LongFunction<Duration>> UNITS = new LinkedHashMap<>();

        static {
            UNITS.put("ms", Duration::ofMillis);
            UNITS.put("s", Duration::ofSeconds);
            UNITS.put("m", Duration::ofMinutes);
        }

        @Override
        public Duration convert(String value) {
            Matcher m = FORM.matcher(value.trim());
            if (!m.matches()) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a duration: N, Ns, Nm or Nms");
            }
            return UNITS.get(m.group(2) == null ? "s" : m.group(2)).apply(Long.parseLong(m.group(1)));
        }
    }
}
