package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sluice bench lifecycle}: the cost of a container's whole life through the runc-compatible
 * CLI, Sluice against runc in one run. Both drive the same bundle (runc's default config, running
 * {@code /bin/true} from a static busybox) through the same C driver, {@code
 * sluice-bench-lifecycle}, which does what a container manager's shim does: create with a pid file,
 * start, wait for init as its child subreaper, delete. Rounds alternate between the runtimes to
 * spread machine noise; the figure per runtime is the mean over all its cycles. The last line is
 * {@code lifecycle: sluice=<ms per cycle> runc=<ms per cycle> ratio=<sluice/runc>}.
 *
 * <p>With {@code --device}, the CDI edits of those devices are made to the bundle's config.json
 * first ({@link CdiBundleEdit}, as {@code sluice cdi apply} and a CDI-aware engine make them), and
 * both runtimes run that config: on Sluice, NVIDIA device nodes start NVProxy by themselves, so
 * {@code --device nvidia.com/gpu=all} races mediated GPU containers against runc's raw ones.
 */
@Command(
        name = "lifecycle",
        mixinStandardHelpOptions = true,
        description = "Create, start, wait and delete cycles of /bin/true: sluice vs runc.")
final class LifecycleBenchCommand implements Callable<Integer> {
    private static final Pattern LINE =
            Pattern.compile("lifecycle cycles=(\\d+) mean_ms=([0-9.]+) median_ms=([0-9.]+)");

    @Spec CommandSpec spec;

    @Option(
            names = "--cycles",
            defaultValue = "50",
            description = "Cycles per runtime (default ${DEFAULT-VALUE}).")
    int cycles;

    @Option(
            names = "--rounds",
            defaultValue = "5",
            description =
                    "Alternating rounds the cycles are split into (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--proxy",
            split = ",",
            paramLabel = "NAME",
            description =
                    "Mediate Sluice's containers with this proxy (annotation dev.sluice.proxies;"
                            + " repeatable or a comma list, e.g. pty). Default: none.")
    List<String> proxies = new ArrayList<>();

    @Mixin BenchBundle.Devices devices = new BenchBundle.Devices();

    @Mixin BenchBundle.Options against;

    /** Mean and median of one run of the driver, ms per cycle. */
    record Figures(int cycles, double meanMs, double medianMs) {}

    @Override
    public Integer call() throws Exception {
        if (cycles < rounds || rounds < 1) {
            throw new IllegalArgumentException(
                    "--cycles must be at least --rounds, and --rounds at least 1");
        }
        Path work = Files.createTempDirectory("sluice-bench-lifecycle");
        try {
            Path bundle = BenchBundle.create(work.resolve("bundle"), against.busybox);
            if (devices.any()) {
                // Before anything else: an unknown device fails here, before any cycle.
                devices.applyTo(bundle);
            }
            Path driver = Installation.helper("sluice-bench-lifecycle");
            Path sluice = BenchBundle.launcher();
            Path baseline = BenchBundle.onPath(against.runc);
            // Derived from the edited config: Sluice's copy carries the devices too.
            Path mediated =
                    proxies.isEmpty()
                            ? bundle
                            : BenchBundle.withProxies(
                                    bundle, work.resolve("bundle-mediated"), proxies);
            var out = spec.commandLine().getOut();
            out.printf(
                    "sluice bench lifecycle: %d cycles per runtime in %d alternating rounds: create, start, wait, delete of "
                            + "/bin/true (bundle %s%s%s)%n",
                    cycles,
                    rounds,
                    bundle,
                    devices.any() ? "; CDI devices: " + String.join(",", devices.names) : "",
                    proxies.isEmpty()
                            ? ""
                            : "; sluice's with dev.sluice.proxies: " + String.join(",", proxies));
            List<Figures> s = new ArrayList<>();
            List<Figures> r = new ArrayList<>();
            for (int i = 0; i < rounds; i++) {
                int n = cycles / rounds + (i < cycles % rounds ? 1 : 0);
                s.add(drive(driver, sluice, work.resolve("root-sluice"), mediated, n, "s" + i));
                r.add(drive(driver, baseline, work.resolve("root-runc"), bundle, n, "r" + i));
                out.printf(
                        "round %d: sluice %.1f ms/cycle, runc %.1f ms/cycle (%d cycles each)%n",
                        i + 1, s.get(i).meanMs(), r.get(i).meanMs(), n);
            }
            double sm = mean(s);
            double rm = mean(r);
            out.printf("lifecycle: sluice=%.1f runc=%.1f ratio=%.2f%n", sm, rm, sm / rm);
            return 0;
        } finally {
            BenchBundle.deleteTree(work);
        }
    }

    private static Figures drive(
            Path driver, Path runtime, Path root, Path bundle, int n, String id)
            throws IOException, InterruptedException {
        Files.createDirectories(root);
        Process p =
                new ProcessBuilder(
                                driver.toString(),
                                "--runtime",
                                runtime.toString(),
                                "--root",
                                root.toString(),
                                "--bundle",
                                bundle.toString(),
                                "--cycles",
                                Integer.toString(n),
                                "--id",
                                "bench-" + id)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        Figures f = null;
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                Matcher m = LINE.matcher(line);
                if (m.find()) {
                    f =
                            new Figures(
                                    Integer.parseInt(m.group(1)),
                                    Double.parseDouble(m.group(2)),
                                    Double.parseDouble(m.group(3)));
                }
            }
        }
        int rc = p.waitFor();
        if (rc != 0 || f == null) {
            throw new IllegalStateException(
                    runtime
                            + ": the lifecycle driver failed (exit "
                            + rc
                            + "); see its error above");
        }
        return f;
    }

    private static double mean(List<Figures> fs) {
        double sum = 0;
        int n = 0;
        for (Figures f : fs) {
            sum += f.meanMs() * f.cycles();
            n += f.cycles();
        }
        return sum / n;
    }
}
