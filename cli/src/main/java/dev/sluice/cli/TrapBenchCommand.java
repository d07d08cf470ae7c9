package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench trap}: the cost of one trapped ioctl round trip, in one run:
 *
 * <ul>
 *   <li>untrapped: the ioctl with no seccomp filter;
 *   <li>C: answered by {@code sluice-bench-csup}, a minimal C supervisor doing the same per-call
 *       work as the sentry (pidfd_getfd, fstat, ioctl on the dup, /proc/PID/mem, ID_VALID, SEND);
 *   <li>Java: answered by the sentry, through {@code sluice run --proxy pty}, the product's path;
 *   <li>floor: answered at once by {@code sluice-bench-csup --floor}, which does no per-call work:
 *       the least any supervisor pays per trapped call, which the sentry's EMULATE is compared with
 *       on the line before the last.
 * </ul>
 *
 * EMULATE uses {@code TIOCGPTN} (result written through a guest pointer); CONTINUE uses {@code
 * TCGETS}. The guest ({@code sluice-bench-guest}) times each call itself, so every mode is measured
 * the same way. Rounds are interleaved to spread machine noise evenly; the median over rounds is
 * reported.
 */
@Command(
        name = "trap",
        mixinStandardHelpOptions = true,
        description = "Trapped ioctl round trip: untrapped vs C supervisor vs Java sentry.")
final class TrapBenchCommand implements Callable<Integer> {
    private static final Pattern LINE =
            Pattern.compile("median_ns=(\\d+) p99_ns=(\\d+) mean_ns=(\\d+)");

    @Spec CommandSpec spec;

    @Option(
            names = "--iters",
            defaultValue = "200000",
            description = "Timed calls per run (default ${DEFAULT-VALUE}).")
    int iters;

    @Option(
            names = "--warmup",
            defaultValue = "50000",
            description = "Untimed calls first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--rounds",
            defaultValue = "3",
            description = "Interleaved rounds (default ${DEFAULT-VALUE}).")
    int rounds;

    record Figures(double medianUs, double p99Us) {}

    @Override
    public Integer call() throws Exception {
        Path guest = Installation.helper("sluice-bench-guest");
        Path csup = Installation.helper("sluice-bench-csup");
        List<String> java = javaCommand();
        Map<String, List<String>> modes = new LinkedHashMap<>();
        modes.put("untrapped", List.of());
        modes.put("floor (answered at once)", List.of(csup.toString(), "--floor", "--"));
        modes.put("C supervisor, EMULATE (TIOCGPTN)", List.of(csup.toString(), "--"));
        modes.put("Java sentry, EMULATE (TIOCGPTN)", concat(java, "run", "--proxy", "pty", "--"));
        modes.put("C supervisor, CONTINUE (TCGETS)", List.of(csup.toString(), "--"));
        modes.put("Java sentry, CONTINUE (TCGETS)", concat(java, "run", "--proxy", "pty", "--"));

        Map<String, List<Figures>> results = new LinkedHashMap<>();
        modes.keySet().forEach(k -> results.put(k, new ArrayList<>()));
        var out = spec.commandLine().getOut();
        out.printf(
                "sluice bench trap: %d timed calls per run after %d warm-up calls, %d interleaved rounds, on /dev/ptmx%n",
                iters, warmup, rounds);
        for (int r = 0; r < rounds; r++) {
            for (var e : modes.entrySet()) {
                String ioctl = e.getKey().contains("TCGETS") ? "tcgets" : "ptn";
                List<String> cmd =
                        concat(
                                e.getValue(),
                                guest.toString(),
                                "--ioctl",
                                ioctl,
                                "--iters",
                                Integer.toString(iters),
                                "--warmup",
                                Integer.toString(warmup));
                results.get(e.getKey()).add(runGuest(cmd));
            }
        }
        Figures c = median(results.get("C supervisor, EMULATE (TIOCGPTN)"));
        Figures cCont = median(results.get("C supervisor, CONTINUE (TCGETS)"));
        out.printf("%-36s %11s %9s %7s%n", "mode", "median(us)", "p99(us)", "vs C");
        for (var e : results.entrySet()) {
            Figures f = median(e.getValue());
            Figures base = e.getKey().contains("CONTINUE") ? cCont : c;
            String ratio =
                    e.getKey().equals("untrapped")
                            ? "-"
                            : String.format("%.2f", f.medianUs / base.medianUs);
            out.printf("%-36s %11.2f %9.2f %7s%n", e.getKey(), f.medianUs, f.p99Us, ratio);
        }
        Figures j = median(results.get("Java sentry, EMULATE (TIOCGPTN)"));
        Figures floor = median(results.get("floor (answered at once)"));
        out.printf(
                "emulate vs floor: java=%.2f floor=%.2f ratio=%.2f%n",
                j.medianUs, floor.medianUs, j.medianUs / floor.medianUs);
        out.printf(
                "trap round trip: java=%.2f c=%.2f ratio=%.2f%n",
                j.medianUs, c.medianUs, j.medianUs / c.medianUs);
        return 0;
    }

    private static Figures runGuest(List<String> cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p = pb.start();
        String found = null;
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith("bench ")) {
                    found = line;
                }
            }
        }
        int code = p.waitFor();
        Matcher m = found == null ? null : LINE.matcher(found);
        if (code != 0 || m == null || !m.find()) {
            throw new IllegalStateException(
                    "benchmark run failed (exit " + code + "): " + String.join(" ", cmd));
        }
        return new Figures(
                Long.parseLong(m.group(1)) / 1000.0, Long.parseLong(m.group(2)) / 1000.0);
    }

    private static Figures median(List<Figures> runs) {
        double[] med = runs.stream().mapToDouble(Figures::medianUs).sorted().toArray();
        double[] p99 = runs.stream().mapToDouble(Figures::p99Us).sorted().toArray();
        return new Figures(med[med.length / 2], p99[p99.length / 2]);
    }

    /**
     * This JVM's java binary and flags, running sluice's main class: the product's own path (also
     * the soak's).
     */
    static List<String> javaCommand() {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.addAll(java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        return cmd;
    }

    private static List<String> concat(List<String> head, String... tail) {
        List<String> l = new ArrayList<>(head);
        l.addAll(Arrays.asList(tail));
        return l;
    }
}
