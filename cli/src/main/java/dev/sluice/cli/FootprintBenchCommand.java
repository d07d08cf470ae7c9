package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code sluice bench footprint [--sandboxes N]}: the memory Sluice costs per sandbox on a node
 * that runs many. It starts N {@code sluice run --proxy pty -- sh -c 'echo ready; exec sleep'}
 * sandboxes through this installation's launcher (the product's own JVM flags, each sentry the JVM
 * the launcher starts, not the runtime service's spare: {@code SLUICE_SERVICE=0}), waits until
 * every one is ready and a moment more, then reads {@code /proc/PID/smaps_rollup} of each sandbox's
 * processes: Sluice's (the JVM that runs the sentry, {@code sluice-init}) apart from the workload's
 * ({@code sleep}, the baseline: what the same sandbox costs without Sluice's processes). PSS
 * divides shared pages among their users, so N sandboxes' PSS adds up to what they cost together;
 * RSS counts shared pages in full in each. The last line is {@code footprint: sandboxes=N
 * pss_per_sandbox_mib=X rss_per_sandbox_mib=Y}, of Sluice's processes.
 */
@Command(
        name = "footprint",
        mixinStandardHelpOptions = true,
        description =
                "Memory per sandbox with N sandboxes running: PSS and RSS of Sluice's processes, the workload's as baseline.")
final class FootprintBenchCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--sandboxes",
            defaultValue = "10",
            description = "Sandboxes running at once (default ${DEFAULT-VALUE}).")
    int sandboxes;

    @Option(
            names = "--proxy",
            defaultValue = "pty",
            description =
                    "The proxy each sandbox runs (default ${DEFAULT-VALUE}; none: a sandbox without a sentry's proxy).")
    String proxy;

    @Option(
            names = "--gpus",
            description =
                    "Also grant each sandbox these GPUs (as `sluice run --gpus`), so each sentry loads NVProxy.")
    String gpus;

    @Option(
            names = "--settle-ms",
            defaultValue = "15000",
            description =
                    "How long to wait once all are ready (default ${DEFAULT-VALUE}): long enough for"
                            + " the sentries' start-up memory (compilations, the first"
                            + " collections) to be given back, so the figure is what running"
                            + " sandboxes hold.")
    long settleMs;

    /** PSS and RSS, in KiB. */
    record Memory(long pssKib, long rssKib) {
        Memory plus(Memory o) {
            return new Memory(pssKib + o.pssKib, rssKib + o.rssKib);
        }
    }

    static final Memory NONE = new Memory(0, 0);

    @Override
    public Integer call() throws Exception {
        if (sandboxes < 1) {
            throw new IllegalArgumentException("--sandboxes must be at least 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        List<String> cmd = new ArrayList<>(List.of(Installation.launcher().toString(), "run"));
        if (!proxy.equals("none")) {
            cmd.addAll(List.of("--proxy", proxy));
        }
        if (gpus != null) {
            cmd.addAll(List.of("--gpus", gpus));
        }
        cmd.addAll(List.of("--", "sh", "-c", "echo ready; exec sleep 3600"));
        out.printf(
                "sluice bench footprint: %d sandboxes of: %s%n", sandboxes, String.join(" ", cmd));
        List<Process> running = new ArrayList<>();
        try {
            for (int i = 0; i < sandboxes; i++) {
                ProcessBuilder pb =
                        new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
                // Each sandbox's sentry a JVM of its own, the launched process: a run the runtime
                // service hands to a spare sentry has its sentry outside this process's tree.
                pb.environment().put("SLUICE_SERVICE", "0");
                running.add(pb.start());
            }
            for (Process p : running) {
                awaitReady(p);
            }
            Thread.sleep(settleMs);
            Memory sluice = NONE;
            Memory workload = NONE;
            out.printf("%-9s %12s %12s %14s%n", "sandbox", "pss(MiB)", "rss(MiB)", "workload pss");
            for (int i = 0; i < running.size(); i++) {
                Memory[] m = measure(running.get(i).toHandle());
                sluice = sluice.plus(m[0]);
                workload = workload.plus(m[1]);
                out.printf(
                        "%-9d %12.1f %12.1f %14.1f%n",
                        i, mib(m[0].pssKib()), mib(m[0].rssKib()), mib(m[1].pssKib()));
            }
            out.printf(
                    "baseline (the workload's own processes): pss_per_sandbox_mib=%.1f%n",
                    mib(workload.pssKib()) / sandboxes);
            out.printf(
                    "footprint: sandboxes=%d pss_per_sandbox_mib=%.1f rss_per_sandbox_mib=%.1f%n",
                    sandboxes, mib(sluice.pssKib()) / sandboxes, mib(sluice.rssKib()) / sandboxes);
            out.flush();
            return 0;
        } finally {
            for (Process p : running) {
                p.destroy(); // SIGTERM: sluice forwards it to the sandbox and exits with it
            }
            for (Process p : running) {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
        }
    }

    private static void awaitReady(Process p) throws IOException {
        BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = r.readLine();
        if (!"ready".equals(line)) {
            throw new IllegalStateException(
                    "a sandbox did not start (exit "
                            + (p.isAlive() ? "none yet" : Integer.toString(p.exitValue()))
                            + ", first line "
                            + line
                            + ")");
        }
    }

    /** Sluice's processes of one sandbox ({@code [0]}) and its workload's ({@code [1]}). */
    static Memory[] measure(ProcessHandle sandbox) {
        Memory sluice = read(sandbox.pid());
        Memory workload = NONE;
        try (Stream<ProcessHandle> s = sandbox.descendants()) {
            for (ProcessHandle h : s.toList()) {
                Memory m = read(h.pid());
                if (isWorkload(h.pid())) {
                    workload = workload.plus(m);
                } else {
                    sluice = sluice.plus(m);
                }
            }
        }
        return new Memory[] {sluice, workload};
    }

    private static boolean isWorkload(long pid) {
        try {
            return !Files.readString(Path.of("/proc/" + pid + "/comm"))
                    .strip()
                    .startsWith("sluice");
        } catch (IOException e) {
            return false;
        }
    }

    /** PSS and RSS of process {@code pid}; none if it is gone. */
    static Memory read(long pid) {
        try {
            return parse(Files.readString(Path.of("/proc/" + pid + "/smaps_rollup")));
        } catch (IOException e) {
            return NONE;
        }
    }

    /** The {@code Pss:} and {@code Rss:} lines of an {@code smaps_rollup}. */
    static Memory parse(String smapsRollup) {
        long pss = 0;
        long rss = 0;
        for (String line : smapsRollup.split("\n")) {
            if (line.startsWith("Pss:")) {
                pss = kib(line);
            } else if (line.startsWith("Rss:")) {
                rss = kib(line);
            }
        }
        return new Memory(pss, rss);
    }

    private static long kib(String line) {
        String[] f = line.trim().split("\\s+");
        return Long.parseLong(f[1]);
    }

    private static double mib(long kib) {
        return kib / 1024.0;
    }
}
