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
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runs of {@code sluice bench soak} ({@link SoakBenchCommand} says what is measured and why):
 * the guest ({@code sluice-bench-soak}) untrapped, and under {@code sluice run --proxy pty --stats}
 * as a child JVM whose RSS, open fds and threads are sampled at each of the guest's interval lines,
 * one table row each as it comes. What the figures mean is {@link SoakVerdict}'s.
 */
final class SoakRun {
    static final int FD_READS = 100;
    static final int FD_READ_GAP_MS = 3;
    private static final Pattern START = Pattern.compile("^soak start threads=(\\d+)");
    private static final Pattern INTERVAL =
            Pattern.compile(
                    "^soak interval=(\\d+) t_ms=(\\d+) ms=(\\d+) calls=(\\d+) emulate=(\\d+) continue=(\\d+) p50_ns=(\\d+) p99_ns=(\\d+) max_ns=(\\d+)");
    private static final Pattern DONE =
            Pattern.compile(
                    "^soak done t_ms=(\\d+) calls=(\\d+) emulate=(\\d+) continue=(\\d+) p50_ns=(\\d+) p99_ns=(\\d+) max_ns=(\\d+)");
    private static final Pattern IDLE = Pattern.compile("^soak idle$");
    private static final Pattern STATS_FDS = Pattern.compile("sentry fds: start=(\\d+) end=(\\d+)");

    /** One interval line of the guest, with the sentry's figures sampled when it came. */
    record Sample(
            double tSec,
            double ms,
            long calls,
            long p50Ns,
            long p99Ns,
            long maxNs,
            long rssKiB,
            int fds,
            int sentryThreads,
            double load) {}

    /** The guest's {@code soak done} line. */
    record Done(
            double tSec, long calls, long emulate, long cont, long p50Ns, long p99Ns, long maxNs) {
        double rate() {
            return calls / tSec;
        }
    }

    /** The outcome of the sandboxed run. */
    static final class Sandboxed {
        final List<Sample> samples = new ArrayList<>();
        Done done;
        int exitCode;

        /**
         * The sandbox's own count ({@code --stats}: {@code sentry fds: start=S end=E}), or null if
         * it printed none.
         */
        int[] statsFds;
    }

    private final Path guest;
    private final int threads;
    private final Duration interval;
    private final PrintWriter out;
    private final PrintWriter err;

    /**
     * @param out where the table rows and the guest's other lines go
     * @param err where the sandbox's stderr is passed on
     */
    SoakRun(Path guest, int threads, Duration interval, PrintWriter out, PrintWriter err) {
        this.guest = guest;
        this.threads = threads;
        this.interval = interval;
        this.out = out;
        this.err = err;
    }

    /**
     * The guest run for {@code duration} under the sandbox, sampled; the guest lingers until its
     * last interval is.
     */
    Sandboxed sandboxed(Duration duration) throws IOException, InterruptedException {
        List<String> cmd = TrapBenchCommand.javaCommand();
        cmd.addAll(List.of("run", "--proxy", "pty", "--stats"));
        cmd.add("--");
        cmd.addAll(guestArgs(duration));
        cmd.add("--linger");
        // The child is the sentry: java exec'd directly, `sluice run` in it, the sandbox its
        // children.
        // stdin is a pipe the guest inherits: with --linger it waits for its EOF after its last
        // interval.
        // It inherits the environment too, so the tests' SLUICE_TEST_FAULTS reaches its sentry.
        Process p = new ProcessBuilder(cmd).start();
        long sentry = p.pid();
        Sandboxed soak = new Sandboxed();
        Thread errPump =
                new Thread(
                        () -> {
                            try (BufferedReader r =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    p.getErrorStream(), StandardCharsets.UTF_8))) {
                                for (String line; (line = r.readLine()) != null; ) {
                                    Matcher m = STATS_FDS.matcher(line);
                                    if (m.find()) {
                                        synchronized (soak) {
                                            soak.statsFds =
                                                    new int[] {
                                                        Integer.parseInt(m.group(1)),
                                                        Integer.parseInt(m.group(2))
                                                    };
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
                        },
                        "soak-stderr");
        errPump.setDaemon(true);
        errPump.start();
        boolean started = false;
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                Matcher m;
                if (START.matcher(line).find()) {
                    started = true;
                    out.printf(
                            "sentry: pid %d (%s)%n",
                            sentry,
                            ProcessHandle.of(sentry).flatMap(h -> h.info().command()).orElse("?"));
                    out.printf(
                            "%7s %10s %9s %9s %10s %9s %5s %8s %6s%n",
                            "t(s)",
                            "calls/s",
                            "p50(us)",
                            "p99(us)",
                            "max(us)",
                            "rss(MiB)",
                            "fds",
                            "threads",
                            "load");
                    record(soak, sample(sentry, 0, 0, 0, 0, 0, 0));
                } else if ((m = INTERVAL.matcher(line)).find()) {
                    record(
                            soak,
                            sample(
                                    sentry,
                                    Long.parseLong(m.group(2)) / 1000.0,
                                    Long.parseLong(m.group(3)),
                                    Long.parseLong(m.group(4)),
                                    Long.parseLong(m.group(7)),
                                    Long.parseLong(m.group(8)),
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
            throw new IllegalStateException(
                    "the sandboxed soak guest never started (sluice run exited "
                            + soak.exitCode
                            + "): "
                            + String.join(" ", cmd));
        }
        synchronized (soak) {
            return soak;
        }
    }

    /** The guest run for {@code d} with no sandbox and no filter: the baseline. */
    Done untrapped(Duration d) throws IOException, InterruptedException {
        Process p =
                new ProcessBuilder(guestArgs(d))
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
        Done done = null;
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                Matcher m = DONE.matcher(line);
                if (m.find()) {
                    done = done(m);
                }
            }
        }
        int code = p.waitFor();
        if (code != 0 || done == null) {
            throw new IllegalStateException(
                    "the untrapped baseline run failed (exit " + code + "); see its error above");
        }
        return done;
    }

    private void record(Sandboxed soak, Sample s) {
        soak.samples.add(s);
        if (s.tSec() == 0) {
            out.printf(
                    "%7.1f %10s %9s %9s %10s %9.1f %5d %8d %6.2f%n",
                    0.0,
                    "-",
                    "-",
                    "-",
                    "-",
                    s.rssKiB() / 1024.0,
                    s.fds(),
                    s.sentryThreads(),
                    s.load());
        } else {
            out.printf(
                    "%7.1f %10.0f %9.1f %9.1f %10.1f %9.1f %5d %8d %6.2f%n",
                    s.tSec(),
                    s.calls() * 1000.0 / s.ms(),
                    s.p50Ns() / 1000.0,
                    s.p99Ns() / 1000.0,
                    s.maxNs() / 1000.0,
                    s.rssKiB() / 1024.0,
                    s.fds(),
                    s.sentryThreads(),
                    s.load());
        }
    }

    /**
     * The guest's figures of one interval, with the sentry's RSS, fds and threads read now, and the
     * machine's load average (1 min), for reading the throughput on a shared machine.
     */
    private static Sample sample(
            long pid, double tSec, long ms, long calls, long p50, long p99, long maxNs)
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

    /**
     * The fewest open fds of {@code pid} in {@value #FD_READS} reads {@value #FD_READ_GAP_MS} ms
     * apart.
     */
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

    private List<String> guestArgs(Duration d) {
        return List.of(
                guest.toString(),
                "--threads",
                Integer.toString(threads),
                "--duration-ms",
                Long.toString(d.toMillis()),
                "--interval-ms",
                Long.toString(Math.min(interval.toMillis(), d.toMillis())));
    }

    private static Done done(Matcher m) {
        return new Done(
                Long.parseLong(m.group(1)) / 1000.0,
                Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4)),
                Long.parseLong(m.group(5)),
                Long.parseLong(m.group(6)),
                Long.parseLong(m.group(7)));
    }
}
