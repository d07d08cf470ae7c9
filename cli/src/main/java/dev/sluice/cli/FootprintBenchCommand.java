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
 *
 * <p>With {@code --through-service} the sandboxes start as a user's {@code sluice run} does where
 * the runtime service runs (the default root exists): one at a time, each handed to a ready spare
 * sentry of the service, whose JVM is then not in the sandbox's process tree. A sandbox's processes
 * are then its tree (the caller's {@code sluice-client}, {@code sluice-init}), its sentry and the
 * sentry's watcher ({@code sluice-init --watch}, which names both), and an equal share of what the
 * path keeps besides: the service's JVM and its idle spares, ready for the next sandboxes. A
 * sandbox that was not handed over (no spare was ready) is started again, up to {@value #ATTEMPTS}
 * times, and counted as its own JVM's if none was; how many were handed over is printed.
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

    @Option(
            names = "--through-service",
            description =
                    "Start the sandboxes through the runtime service of the default root, one at a"
                            + " time, each handed to a spare sentry; count each sandbox's sentry,"
                            + " watcher and a share of the service and its idle spares.")
    boolean throughService;

    @Option(
            names = "--gap-ms",
            defaultValue = "2000",
            description =
                    "With --through-service: the pause after each sandbox's start, for the"
                            + " service's pool to have a spare ready for the next (default"
                            + " ${DEFAULT-VALUE}); a sandbox no spare served is started again"
                            + " after it, up to 5 times.")
    long gapMs;

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
        if (throughService && !Files.isDirectory(Path.of(Main.DEFAULT_ROOT))) {
            throw new IllegalArgumentException(
                    "--through-service: the runtime service's root "
                            + Main.DEFAULT_ROOT
                            + " does not exist, so no run would go through it");
        }
        List<Process> running = new ArrayList<>();
        try {
            for (int i = 0; i < sandboxes; i++) {
                if (throughService) {
                    running.add(handedOver(cmd));
                } else {
                    ProcessBuilder pb =
                            new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
                    // Each sandbox's sentry a JVM of its own, the launched process.
                    pb.environment().put("SLUICE_SERVICE", "0");
                    running.add(pb.start());
                }
            }
            for (Process p : running) {
                if (!throughService) {
                    awaitReady(p);
                }
            }
            Thread.sleep(settleMs);
            Memory sluice = NONE;
            Memory workload = NONE;
            List<Watcher> watchers = watchers();
            List<Long> sentries = new ArrayList<>();
            out.printf("%-9s %12s %12s %14s%n", "sandbox", "pss(MiB)", "rss(MiB)", "workload pss");
            for (int i = 0; i < running.size(); i++) {
                Memory[] m = measure(running.get(i).toHandle(), watchers, sentries);
                sluice = sluice.plus(m[0]);
                workload = workload.plus(m[1]);
                out.printf(
                        "%-9d %12.1f %12.1f %14.1f%n",
                        i, mib(m[0].pssKib()), mib(m[0].rssKib()), mib(m[1].pssKib()));
            }
            out.printf(
                    "baseline (the workload's own processes): pss_per_sandbox_mib=%.1f%n",
                    mib(workload.pssKib()) / sandboxes);
            if (throughService) {
                out.printf("handed to spare sentries: %d of %d%n", sentries.size(), sandboxes);
                Memory kept = servicesShare(out, sentries);
                sluice = sluice.plus(kept);
            }
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

    /** Attempts at a sandbox the service hands over, with {@code --through-service}. */
    static final int ATTEMPTS = 5;

    /**
     * A sandbox started through the runtime service and ready, handed to a spare sentry if one of
     * {@value #ATTEMPTS} attempts was (a run finding no spare ready is its own JVM's: it is stopped
     * and started again after {@code --gap-ms}); the last attempt is kept either way.
     */
    private Process handedOver(List<String> cmd) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            Process p =
                    new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            awaitReady(p);
            Thread.sleep(gapMs);
            List<Long> sentries = new ArrayList<>();
            measure(p.toHandle(), watchers(), sentries);
            if (!sentries.isEmpty() || attempt == ATTEMPTS) {
                return p;
            }
            p.destroy();
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
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

    /**
     * Sluice's processes of one sandbox ({@code [0]}) and its workload's ({@code [1]}): its process
     * tree, and a sentry outside it (a spare's) with its watcher, found by the watcher naming a
     * process of the tree. Such sentries are added to {@code sentries}.
     */
    static Memory[] measure(ProcessHandle sandbox, List<Watcher> watchers, List<Long> sentries) {
        Memory sluice = read(sandbox.pid());
        Memory workload = NONE;
        List<Long> tree = new ArrayList<>(List.of(sandbox.pid()));
        try (Stream<ProcessHandle> s = sandbox.descendants()) {
            for (ProcessHandle h : s.toList()) {
                tree.add(h.pid());
                Memory m = read(h.pid());
                if (isWorkload(h.pid())) {
                    workload = workload.plus(m);
                } else {
                    sluice = sluice.plus(m);
                }
            }
        }
        for (Watcher w : watchers) {
            if (tree.contains(w.container()) && !tree.contains(w.sentry())) {
                sluice = sluice.plus(read(w.pid())).plus(read(w.sentry()));
                sentries.add(w.sentry());
            }
        }
        return new Memory[] {sluice, workload};
    }

    /** A sentry's watcher: {@code sluice-init --watch SENTRY START CONTAINER START}. */
    record Watcher(long pid, long sentry, long container) {}

    /** The watcher whose command line is {@code argv}, or null if it is none. */
    static Watcher watcher(long pid, List<String> argv) {
        if (argv.size() != 6 || !argv.get(1).equals("--watch")) {
            return null;
        }
        try {
            return new Watcher(pid, Long.parseLong(argv.get(2)), Long.parseLong(argv.get(4)));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Every sentry watcher on the host. */
    private static List<Watcher> watchers() {
        List<Watcher> found = new ArrayList<>();
        try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
            for (ProcessHandle h : all.toList()) {
                Watcher w = watcher(h.pid(), cmdline(h.pid()));
                if (w != null) {
                    found.add(w);
                }
            }
        }
        return found;
    }

    /**
     * What the service path keeps for all its sandboxes, printed: the runtime service's JVM (the
     * parent of the spares that serve them) and its idle spares. Returns it all, to be shared
     * equally among the sandboxes.
     */
    private static Memory servicesShare(PrintWriter out, List<Long> sentries) {
        if (sentries.isEmpty()) {
            return NONE;
        }
        long service =
                ProcessHandle.of(sentries.get(0))
                        .flatMap(ProcessHandle::parent)
                        .map(ProcessHandle::pid)
                        .orElse(-1L);
        if (service < 0 || !cmdline(service).contains("service")) {
            // The service exits after a minute without a command, and stops its idle spares.
            out.printf("runtime service: gone (it exits once idle); idle spares: 0%n");
            return NONE;
        }
        Memory kept = read(service);
        Memory idle = NONE;
        int spares = 0;
        try (Stream<ProcessHandle> children = ProcessHandle.of(service).stream()) {
            for (ProcessHandle c : children.flatMap(ProcessHandle::children).toList()) {
                if (!sentries.contains(c.pid())
                        && cmdline(c.pid()).contains(dev.sluice.oci.daemon.SpareSentry.COMMAND)) {
                    idle = idle.plus(read(c.pid()));
                    spares++;
                }
            }
        }
        out.printf(
                "runtime service: pss_mib=%.1f; idle spares: %d, pss_mib=%.1f (shared among the"
                        + " sandboxes)%n",
                mib(kept.pssKib()), spares, mib(idle.pssKib()));
        return kept.plus(idle);
    }

    private static List<String> cmdline(long pid) {
        try {
            String s =
                    new String(
                            Files.readAllBytes(Path.of("/proc/" + pid + "/cmdline")),
                            StandardCharsets.UTF_8);
            return s.isEmpty() ? List.of() : List.of(s.split("\0"));
        } catch (IOException e) {
            return List.of();
        }
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
