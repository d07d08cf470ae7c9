package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice bench startup}: how long a mediated sandbox takes from the command to its
 * workload's exit, against runc. Each run starts {@code sluice run --proxy pty --rootfs ROOTFS --
 * /bin/true} (with {@code --gpus} when asked, so NVProxy is loaded too) and {@code runc run} of the
 * same rootfs (runc's default config running {@code /bin/true}), alternating, and times each as a
 * whole: the JVM's start, the sentry's and the sandbox's set-up, the workload and the tear-down.
 * The last line is {@code startup: sluice=<ms> runc=<ms> ratio=<sluice/runc>}, medians.
 *
 * <p>With {@code --device}, both get the same CDI devices: {@code sluice run} its own {@code
 * --device} and {@code --cdi-spec-dir}, runc a bundle of its own whose config.json has their edits
 * ({@link CdiBundleEdit}, as {@code sluice cdi apply} makes them). runc's bundle is not sluice's
 * rootfs: runc runs the specs' hooks on its rootfs, while {@code sluice run} makes their edits on
 * an overlay of its image, which must stay as it was.
 */
@Command(
        name = "startup",
        mixinStandardHelpOptions = true,
        description = "Start to exit of a mediated /bin/true: sluice run vs runc run.")
final class StartupBenchCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--runs",
            defaultValue = "10",
            description = "Runs per runtime, alternating (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--proxy",
            defaultValue = "pty",
            description = "The proxy of the sandbox (default ${DEFAULT-VALUE}; none: no proxy).")
    String proxy;

    @Option(
            names = "--gpus",
            description = "Also grant these GPUs (as `sluice run --gpus`), so NVProxy is loaded.")
    String gpus;

    @Mixin BenchBundle.Devices devices = new BenchBundle.Devices();

    @Mixin BenchBundle.Options against;

    @Override
    public Integer call() throws Exception {
        if (runs < 1) {
            throw new IllegalArgumentException("--runs must be at least 1");
        }
        Path work = Files.createTempDirectory("sluice-bench-startup");
        try {
            Path bundle = BenchBundle.create(work.resolve("bundle"), against.busybox);
            Path runcBundle = bundle;
            if (devices.any()) {
                // Before anything else: an unknown device fails here, before any run.
                runcBundle = BenchBundle.create(work.resolve("bundle-runc"), against.busybox);
                devices.applyTo(runcBundle);
            }
            Path sluice = BenchBundle.launcher();
            Path baseline = BenchBundle.onPath(against.runc);
            Path runcRoot = Files.createDirectories(work.resolve("root-runc"));
            List<String> mediated = new ArrayList<>(List.of(sluice.toString(), "run"));
            if (!proxy.equals("none")) {
                mediated.addAll(List.of("--proxy", proxy));
            }
            if (gpus != null) {
                mediated.addAll(List.of("--gpus", gpus));
            }
            for (Path d : devices.specDirs.dirs) {
                mediated.addAll(List.of("--cdi-spec-dir", d.toAbsolutePath().toString()));
            }
            for (String d : devices.names) {
                mediated.addAll(List.of("--device", d));
            }
            mediated.addAll(
                    List.of("--rootfs", bundle.resolve("rootfs").toString(), "--", "/bin/true"));
            PrintWriter out = spec.commandLine().getOut();
            out.printf(
                    "sluice bench startup: %d runs each of: %s%n",
                    runs, String.join(" ", mediated));
            out.printf(
                    "baseline: %s run -b %s (/bin/true%s)%n",
                    baseline,
                    runcBundle,
                    devices.any() ? "; CDI devices: " + String.join(",", devices.names) : "");
            double[] s = new double[runs];
            double[] r = new double[runs];
            for (int i = 0; i < runs; i++) {
                s[i] = timed(mediated);
                r[i] =
                        timed(
                                List.of(
                                        baseline.toString(),
                                        "--root",
                                        runcRoot.toString(),
                                        "run",
                                        "-b",
                                        runcBundle.toString(),
                                        "sluice-bench-startup-"
                                                + ProcessHandle.current().pid()
                                                + "-"
                                                + i));
                out.printf("run %d: sluice %.1f ms, runc %.1f ms%n", i + 1, s[i], r[i]);
            }
            double sm = median(s);
            double rm = median(r);
            out.printf("startup: sluice=%.1f runc=%.1f ratio=%.2f%n", sm, rm, sm / rm);
            return 0;
        } finally {
            BenchBundle.deleteTree(work);
        }
    }

    /** Milliseconds from start to exit of {@code cmd}, which must exit 0. */
    private static double timed(List<String> cmd) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Process p =
                new ProcessBuilder(cmd)
                        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        int rc = p.waitFor();
        double ms = (System.nanoTime() - t0) / 1e6;
        if (rc != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " exited " + rc);
        }
        return ms;
    }

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }
}
