package dev.sluice.sentry;

import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.launch.InitProcess;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.launch.SandboxSpec;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.launch.Startup;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.Signals;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.observe.TraceWriter;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.TrapRule;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import sun.misc.Signal;
import sun.misc.SignalHandler;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one sandbox to completion with the sentry in this JVM: {@code sluice run}.
 *
 * <p>Order of events: load the proxies the sandbox needs; compile the launch plan with their trap
 * rules; start {@code sluice-init}; receive the seccomp listener; start the notification loop;
 * forward SIGINT/SIGTERM/SIGHUP; say GO; wait for the sandbox; report.
 *
 * <p><b>Fail closed.</b> If the notification loop ends while the sandbox still runs (the listener
 * broke or was closed), the sandbox is killed with SIGKILL: no trapped call may go unanswered and
 * nothing may run unmediated. If this JVM dies, PR_SET_PDEATHSIG kills the sandbox.
 */
public final class SandboxRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SandboxRunner.class);
    private static final List<String> FORWARDED = Signals.names(Signals.RUN_FORWARDED);

    /** sluice's own exit code when the sandbox could not be set up (as docker run). */
    public static final int SETUP_FAILED = 125;

    /**
     * What a {@code sluice run} workload may do itself, and so its sentry's workers: the plan
     * leaves it root (no user op) with {@link PlanCompiler#DEFAULT_CAPS} (its caps op), in the
     * host's user namespace.
     */
    public static final GuestCredentials RUN_CREDENTIALS =
            GuestCredentials.root(PlanCompiler.DEFAULT_CAPS);

    /**
     * @param stats print a summary of trapped calls to {@code err} at exit
     * @param trace write a Chrome/Perfetto trace of every trapped call here, or null
     * @param idleWorkers notification workers kept parked as standbys
     * @param maxWorkers most notification workers at once
     */
    public record Options(boolean stats, Path trace, int idleWorkers, int maxWorkers) {
        public static Options defaults() {
            return new Options(false, null, 2, 64);
        }
    }

    private final Path libexec;
    private final PrintStream err;
    private final Spawner spawner;
    private final SentryGuard guard;

    /** A runner whose sandbox is this JVM's child: its death kills the sandbox. */
    public SandboxRunner(Path libexec, PrintStream err) {
        this(libexec, err, Spawner.LOCAL, null);
    }

    /**
     * A runner whose sluice-init {@code spawner} starts: another process (the caller of the runtime
     * service, when a spare sentry runs the sandbox for it) is then its parent, whose death kills
     * the sandbox, and whose signals it forwards; {@code guard} then ends the sandbox when this JVM
     * dies.
     */
    public SandboxRunner(Path libexec, PrintStream err, Spawner spawner, SentryGuard guard) {
        if (spawner != Spawner.LOCAL && guard == null) {
            throw new IllegalArgumentException(
                    "a sandbox started by another process needs a guard for its sentry's death");
        }
        this.libexec = libexec;
        this.err = err;
        this.spawner = spawner;
        this.guard = guard;
    }

    /**
     * Ends the sandbox if this JVM dies, where {@code PR_SET_PDEATHSIG} does not (its parent is
     * another process): set up once the sandbox's pid 1 exists, before the workload goes.
     */
    public interface SentryGuard {
        /**
         * Watches this JVM for the sandbox whose pid 1 has host pid {@code pid1}; returns why it
         * could not, or null.
         */
        String watch(int pid1);
    }

    /**
     * Work on the host while sluice-init waits with its namespaces made and nothing mounted yet
     * ({@link SandboxSpec#hostSetup()}): moving netdevs into the sandbox's network namespace.
     */
    public interface HostSetup {
        /**
         * Sets the sandbox whose pid 1 has host pid {@code pid1} up; returns why it failed, or
         * null.
         */
        String setUp(int pid1);
    }

    /**
     * Runs {@code spec} and returns sluice's exit code. Call from a thread that lives until it
     * returns.
     */
    public int run(SandboxSpec spec, List<DeviceProxy> proxies, Options options)
            throws IOException {
        return run(spec, proxies, options, null);
    }

    /**
     * As {@link #run(SandboxSpec, List, Options)}, with {@code setup} run at the plan's stop for
     * the host.
     */
    public int run(SandboxSpec spec, List<DeviceProxy> proxies, Options options, HostSetup setup)
            throws IOException {
        if (spec.rootfs() != null && !spec.injection().changesRoot()) {
            // An injecting sandbox's root is an overlay, which gets them instead (PlanCompiler).
            Staging.ensureMountPoints(spec.rootfs());
        }
        Path staging = Staging.create();
        CallStats stats = new CallStats();
        try (TraceWriter trace =
                        options.trace() == null ? null : TraceWriter.open(options.trace());
                InitProcess init =
                        spawn(libexec.resolve("sluice-init"), plan(spec, proxies, staging, true))) {
            AtomicBoolean setupFailed = new AtomicBoolean();
            Startup startup =
                    Startup.await(
                            init,
                            setup == null
                                    ? null
                                    : pid1 -> {
                                        String failure = setup.setUp(pid1);
                                        setupFailed.set(failure != null);
                                        return failure;
                                    });
            if (startup.failure() != null) {
                err.println("sluice: " + startup.failure());
                if (setupFailed.get()) {
                    init.signal(
                            Signals.SIGKILL); // it waits at its stop for a go that will not come
                    init.waitFor();
                    return SETUP_FAILED;
                }
                int code = init.waitFor();
                return startup.exitCode(code);
            }
            String unguarded = guard == null ? null : guard.watch(startup.pid1());
            if (unguarded != null) {
                err.println("sluice: " + unguarded);
                init.signal(Signals.SIGKILL); // it waits for a go that will not come
                init.waitFor();
                closeQuietly(startup);
                return SETUP_FAILED;
            }
            AtomicBoolean exited = new AtomicBoolean();
            Sentry sentry =
                    startup.listener() == null
                            ? null
                            : Sentry.start(
                                    startup.listener(),
                                    proxies,
                                    stats,
                                    trace,
                                    options,
                                    RUN_CREDENTIALS,
                                    outcome -> {
                                        if (!exited.get()) {
                                            // Kill first: out of memory, printing the reason can
                                            // fail too.
                                            init.signal(Signals.SIGKILL);
                                            err.println(
                                                    "sluice: the sentry stopped answering ("
                                                            + outcome
                                                            + "); killed the sandbox (fail closed)");
                                        }
                                    });
            List<Signal> signals = new ArrayList<>();
            List<SignalHandler> previous = new ArrayList<>();
            for (String name : FORWARDED) {
                Signal s = new Signal(name);
                signals.add(s);
                Native.unignore(s.getNumber()); // a kill sent to sluice is forwarded, as runc's
                previous.add(Signal.handle(s, sig -> init.signal(sig.getNumber())));
            }
            int code;
            try {
                init.go();
                String execFailure = Startup.awaitExec(init);
                code = init.waitForeground();
                exited.set(true);
                if (execFailure != null) {
                    err.println("sluice: " + execFailure);
                }
            } finally {
                for (int i = 0; i < signals.size(); i++) {
                    Signal.handle(signals.get(i), previous.get(i));
                }
            }
            if (sentry != null) {
                int fdsAtEnd = sentry.stop();
                if (options.stats()) {
                    err.println(stats.format());
                    String denied = stats.deniedReport();
                    if (!denied.isEmpty()) {
                        err.println(denied);
                    }
                    err.printf(
                            "sluice: sentry fds: start=%d end=%d%n", sentry.fdsAtStart(), fdsAtEnd);
                    err.println("sluice: sentry memory: " + sentry.memory());
                    err.printf(
                            "sluice: calls abandoned by the guest: %d%n", sentry.abandonedCalls());
                    err.printf(
                            "sluice: calls whose caller was gone before the sentry acted: %d%n",
                            sentry.callersGone());
                }
            } else if (options.stats()) {
                err.println("sluice: no device proxy was active; nothing was trapped");
            }
            return code;
        } finally {
            Staging.remove(staging);
        }
    }

    /**
     * The launch plan of {@code spec} with the trap rules of {@code proxies} (each logged with
     * {@code log}), its staging directory {@code staging}.
     */
    private static LaunchPlan plan(
            SandboxSpec spec, List<DeviceProxy> proxies, Path staging, boolean log) {
        List<TrapRule> rules = new ArrayList<>();
        for (DeviceProxy p : proxies) {
            rules.addAll(p.trapRules());
            for (TrapRule r : p.trapRules()) {
                if (log) {
                    LOG.info(
                            "{}: trapping ioctl requests with (request & 0x{}) == 0x{} ({}; unowned"
                                    + " fds: {})",
                            p.name(),
                            Integer.toHexString(r.mask()),
                            Integer.toHexString(r.value()),
                            r.description(),
                            r.unowned());
                }
            }
        }
        return PlanCompiler.compile(
                spec,
                rules,
                proxies.stream().anyMatch(DeviceProxy::mediatesWrites),
                proxies.stream().flatMap(p -> p.opensDevices().stream()).toList(),
                staging);
    }

    /**
     * What {@link #run} does before it starts sluice-init, on {@code spec} and {@code proxies}: the
     * plan compiled and encoded against a staging directory that is removed at once. Nothing is
     * started and nothing outside that directory is touched: a spare sentry's rehearsal of a
     * sandbox run, so that this code is loaded and compiled before a caller's run comes.
     */
    public static void rehearse(SandboxSpec spec, List<DeviceProxy> proxies) throws IOException {
        Path staging = Files.createTempDirectory("sluice-rehearsal");
        try {
            Files.createDirectory(PlanCompiler.scratch(staging));
            plan(spec, proxies, staging, false).encode();
        } finally {
            Staging.remove(staging);
        }
    }

    /**
     * Starts sluice-init with {@code plan}: the caller of another spawner takes the sandbox's
     * signals first, as this JVM does for its own child below.
     */
    private InitProcess spawn(Path initBinary, LaunchPlan plan) {
        spawner.holdSignals();
        return InitProcess.spawn(spawner, initBinary, plan, 0, false, pid -> {});
    }

    private static void closeQuietly(Startup startup) {
        if (startup.listener() != null) {
            startup.listener().close();
        }
        if (startup.console() != null) {
            startup.console().close();
        }
    }

    /**
     * The empty host directories under which the sandbox's root and its /tmp layer are mounted (in
     * the sandbox's own mount namespace only).
     */
    static final class Staging {
        private Staging() {}

        static Path create() throws IOException {
            Path base =
                    Files.isDirectory(Path.of("/run"))
                            ? Path.of("/run/sluice")
                            : Path.of("/tmp/sluice");
            Files.createDirectories(base);
            sweep(base);
            Path staging = Files.createTempDirectory(base, "run-");
            Files.createDirectory(PlanCompiler.scratch(staging));
            return staging;
        }

        /**
         * Removes staging directories that a sluice killed with SIGKILL left behind. They are empty
         * on the host (the mounts lived in the dead sandbox's namespace); only old ones are
         * touched, so a sandbox still starting up keeps its own.
         */
        private static void sweep(Path base) {
            long cutoff = System.currentTimeMillis() - 10 * 60 * 1000;
            try (var dirs = Files.newDirectoryStream(base, "run-*")) {
                for (Path d : dirs) {
                    try {
                        if (Files.getLastModifiedTime(d).toMillis() < cutoff) {
                            Files.deleteIfExists(d);
                        }
                    } catch (IOException e) {
                        // Not empty, or raced with another sweep: leave it.
                    }
                }
            } catch (IOException e) {
                LOG.debug("cannot sweep {}: {}", base, e.toString());
            }
        }

        /** Mount points the plan needs inside a user-supplied rootfs, created as runc does. */
        static void ensureMountPoints(Path rootfs) throws IOException {
            if (!Files.isDirectory(rootfs)) {
                throw new IOException("rootfs " + rootfs + " is not a directory");
            }
            for (String d : PlanCompiler.MOUNT_POINTS) {
                Files.createDirectories(rootfs.resolve(d));
            }
        }

        static void remove(Path staging) {
            try {
                Files.deleteIfExists(PlanCompiler.scratch(staging));
                Files.deleteIfExists(staging);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
