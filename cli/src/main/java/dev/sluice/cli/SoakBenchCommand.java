package dev.sluice.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench soak}: the sentry under a long load. A guest ({@code sluice-bench-soak}) runs
 * N threads, each alternating {@code TIOCGPTN} (EMULATE) and {@code TCGETS} (CONTINUE) on a {@code
 * /dev/ptmx} of its own, checks every result, and reports per interval the calls made and their
 * latency (p50, p99, max), each call timed by the guest with CLOCK_MONOTONIC.
 *
 * <p>The sandbox runs as a child JVM, {@code sluice run --proxy pty --stats}, exactly as a user
 * runs it, so the child is the sentry and nothing else: its RSS ({@code VmRSS}) and open fds are
 * read from {@code /proc/PID} at every interval line, and this JVM's own memory and threads (the
 * table, the parsing) never count. The fd count of a sample is the lowest of {@value
 * SoakRun#FD_READS} reads {@value SoakRun#FD_READ_GAP_MS} ms apart: a call in flight holds a dup of
 * the guest's fd (and for EMULATE {@code /proc/TID/mem}), and under this load one is open in most
 * reads; the JVM itself opens a file now and then (its cgroup CPU quota); a leaked fd is there in
 * every read. Even so a sample can catch one more now and then, so a single sample never decides.
 * The last sample is taken with every guest thread stopped and the sandbox still up (the guest's
 * {@code --linger}): no call is in flight then, and its count is exact.
 *
 * <p>The same guest runs untrapped (no sandbox, no filter) for the baseline, half before the soak
 * and half after, so machine load that changes during the soak falls on both.
 *
 * <p><b>Growth is a failure.</b> Samples from the end of the warm-up on are split in thirds. RSS
 * grows if the highest RSS of the last third exceeds the highest of the first third by more than
 * {@code --rss-slack}: a JVM's heap and code cache settle during the warm-up and then breathe
 * within a bound, while a leak keeps climbing. Fds grow if the exact count at the end is above the
 * lowest count of the first third, if the lowest of the last third is above the lowest of the first
 * (a count that rose and stayed), or if the sentry's own count at the end of the sandbox ({@code
 * --stats}: {@code sentry fds: start=S end=E}) differs from its start. A wrong answer to any call
 * fails the guest, and so the run. The last line is the headline; the exit code is 0 for {@code
 * verdict=pass}, 1 otherwise.
 *
 * <p>This command reads the options and orders the runs; {@link SoakRun} runs and samples, {@link
 * SoakVerdict} judges and reports.
 */
@Command(
        name = "soak",
        mixinStandardHelpOptions = true,
        description =
                "A long load of EMULATE and CONTINUE calls from many guest threads: throughput, p99, sentry RSS and fds over time.")
final class SoakBenchCommand implements Callable<Integer> {
    /**
     * The shortest default warm-up: the sentry JVM's first young GCs (its eden touched) and JIT.
     */
    static final Duration WARMUP_MIN = Duration.ofSeconds(5);

    @Spec CommandSpec spec;

    @Option(
            names = "--threads",
            defaultValue = "64",
            paramLabel = "N",
            description = "Guest threads (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(
            names = "--duration",
            defaultValue = "10m",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description =
                    "How long the sandboxed guest runs: N, Ns, Nm or Nms (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(
            names = "--interval",
            defaultValue = "10s",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "Sampling interval (default ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(
            names = "--warmup",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description =
                    "Samples before this are not judged for growth (default: a tenth of --duration, at least 5s).")
    Duration warmup;

    @Option(
            names = "--baseline",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description =
                    "Untrapped run of the same guest, half before and half after the soak (default: a tenth of --duration).")
    Duration baseline;

    @Option(
            names = "--rss-slack",
            defaultValue = "16",
            paramLabel = "MiB",
            description =
                    "RSS the last third of the samples may exceed the first third's maximum by (default ${DEFAULT-VALUE} MiB).")
    double rssSlackMiB;

    @Override
    public Integer call() throws Exception {
        if (threads < 1 || duration.toMillis() < 1 || interval.toMillis() < 100) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--threads must be at least 1, --interval at least 100ms");
        }
        Duration warm = warmup != null ? warmup : max(duration.dividedBy(10), WARMUP_MIN);
        Duration base = baseline != null ? baseline : duration.dividedBy(10);
        if (duration.minus(warm).dividedBy(interval) < 3) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--duration must leave at least 3 intervals after the warm-up to judge growth");
        }
        Path guest = Installation.helper("sluice-bench-soak");
        PrintWriter out = spec.commandLine().getOut();
        out.printf(
                "sluice bench soak: %d guest threads alternating TIOCGPTN (EMULATE) and TCGETS (CONTINUE) on /dev/ptmx "
                        + "for %ds under `sluice run --proxy pty`, sampled every %ss; warm-up %ss; untrapped baseline %ss%n",
                threads, duration.toSeconds(), seconds(interval), seconds(warm), seconds(base));
        out.flush();

        SoakRun run = new SoakRun(guest, threads, interval, out, spec.commandLine().getErr());
        Duration half = base.dividedBy(2);
        SoakRun.Done native1 = half.toMillis() > 0 ? run.untrapped(half) : null;
        SoakRun.Sandboxed soak = run.sandboxed(duration);
        SoakRun.Done native2 = half.toMillis() > 0 ? run.untrapped(half) : null;
        return SoakVerdict.report(
                out, duration, threads, warm, rssSlackMiB, native1, soak, native2);
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
        private static final Map<String, java.util.function.LongFunction<Duration>> UNITS =
                new LinkedHashMap<>();

        static {
            UNITS.put("ms", Duration::ofMillis);
            UNITS.put("s", Duration::ofSeconds);
            UNITS.put("m", Duration::ofMinutes);
        }

        @Override
        public Duration convert(String value) {
            Matcher m = FORM.matcher(value.trim());
            if (!m.matches()) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a duration: N, Ns, Nm or Nms");
            }
            return UNITS.get(m.group(2) == null ? "s" : m.group(2))
                    .apply(Long.parseLong(m.group(1)));
        }
    }
}
