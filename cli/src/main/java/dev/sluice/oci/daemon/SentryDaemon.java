package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.CgroupFs;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.ProxySelection;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.oci.state.HostProcess;
import dev.sluice.oci.state.StateStore;
import dev.sluice.sentry.SandboxRunner;
import dev.sluice.sentry.Sentry;
import dev.sluice.sentry.launch.InitProcess;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.Startup;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.ProxyConfig;
import dev.sluice.sentry.spi.TrapRule;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The detached sentry of one OCI container: what {@code create} leaves running.
 *
 * <p>{@code create} starts it (a second JVM, {@code sluice sentry-daemon}) with the container's
 * stdio as its fds 0-2 and a pipe as fd 3, and waits for one line on that pipe. The daemon:
 * <ol>
 *   <li>leaves the caller's session ({@code setsid});</li>
 *   <li>loads the bundle's config, starts the proxies its devices and annotations ask for, and
 *       compiles the launch plan with their trap rules;</li>
 *   <li>starts {@code sluice-init} (with the container's stdio), moves it into the container's
 *       cgroups (which create made and recorded) before handing it the plan; the plan's {@code detach} op makes
 *       the outer process exit once init exists, so init is reparented to the caller's subreaper
 *       (containerd's shim, conmon), never the daemon's child;</li>
 *   <li>receives the seccomp listener and starts answering on it;</li>
 *   <li>binds its control socket and reports {@code OK <init pid> <start time>} (or
 *       {@code ERR <message>}) on fd 3; then points its own fds 0-2 away from the container's
 *       stdio, so that the container's pipes close when the container exits;</li>
 *   <li>on {@code start}, sends GO and answers once the workload has exec'd;</li>
 *   <li>serves trapped calls until no sandboxed task is left, then exits. Without an active
 *       proxy it has nothing to serve and exits right after {@code start}.</li>
 * </ol>
 * If init exits before {@code start} (killed, or deleted), the daemon exits too. If the
 * notification loop fails, init is killed: fail closed, as in {@code sluice run}.
 */
public final class SentryDaemon {
    private static final Logger LOG = LoggerFactory.getLogger(SentryDaemon.class);
    public static final String LOG_FILE = "sentry.log";
    /** The empty directory in the state dir on which the root is assembled. */
    public static final String ROOTFS = "rootfs";
    private static final int SIGKILL = 9;

    /** Creates the proxies a container's config asks for (the CLI knows the installed providers). */
    @FunctionalInterface
    public interface Proxies {
        List<DeviceProxy> create(ProxyConfig config);
    }

    private final Path stateDir;
    private final String id;
    private final Path bundle;
    private final Path initBinary;
    private final Proxies proxies;
    private final int reportFd;
    private boolean reported;

    public SentryDaemon(Path stateDir, String id, Path bundle, Path initBinary, Proxies proxies, int reportFd) {
        this.stateDir = stateDir;
        this.id = id;
        this.bundle = bundle;
        this.initBinary = initBinary;
        this.proxies = proxies;
        this.reportFd = reportFd;
    }

    /** Runs the container's sentry to its end; returns the daemon's exit code. */
    public int run() throws IOException {
        OciNative.setsid();
        // Logs go to the state directory from the start: fds 0-2 are the container's stdio.
        PrintStream log = new PrintStream(new FileOutputStream(stateDir.resolve(LOG_FILE).toFile(), true), true,
                StandardCharsets.UTF_8);
        System.setErr(log);
        System.setOut(log);
        List<DeviceProxy> active = new ArrayList<>();
        InitProcess init = null;
        ServerSocketChannel server = null;
        Sentry sentry = null;
        try {
            String file = bundle.resolve("config.json").toString();
            Spec spec = SpecLoader.load(bundle);
            ProxyConfig config = ProxySelection.of(spec, file);
            active.addAll(proxies.create(config));
            List<TrapRule> rules = new ArrayList<>();
            for (DeviceProxy p : active) {
                rules.addAll(p.trapRules());
                LOG.info("container {}: proxy {} active", id, p.name());
            }
            Path staging = Files.createDirectories(stateDir.resolve(ROOTFS));
            LaunchPlan plan = OciPlanCompiler.compile(spec, file, bundle, staging, rules);
            Cgroup cgroup = recordedCgroup();
            init = InitProcess.spawn(initBinary, plan, pid -> enter(cgroup, pid));
            Startup startup = Startup.await(init);
            init.waitFor(); // the outer process exits once init exists (detach)
            if (startup.failure() != null) {
                report("ERR " + startup.failure());
                return 1;
            }
            HostProcess pid1 = HostProcess.of(startup.pid1());
            int pidfd = pid1 == null ? -1 : OciNative.pidfdOpen(pid1.pid());
            if (pid1 == null || pidfd < 0 || !pid1.alive()) {
                report("ERR the container's init exited during create");
                return 1;
            }
            server = SentrySocket.listen(stateDir);
            report("OK " + pid1.pid() + " " + pid1.startTime());
            OciNative.redirectStdio(stateDir.resolve(LOG_FILE).toString());
            // The workload waits for GO, so nothing is trapped before the loop runs. Started after
            // the redirection, so that the sentry's fd accounting does not count it as a leak.
            if (startup.listener() != null) {
                try {
                    sentry = Sentry.start(startup.listener(), active, new CallStats(), null,
                            SandboxRunner.Options.defaults(), outcome -> {
                                LOG.error("container {}: the sentry stopped answering ({}); killing the container"
                                        + " (fail closed)", id, outcome);
                                OciNative.pidfdSendSignal(pidfd, SIGKILL);
                            });
                } catch (RuntimeException e) {
                    LOG.error("container {}: cannot start the sentry; killing the container (fail closed)", id, e);
                    OciNative.pidfdSendSignal(pidfd, SIGKILL);
                    throw e;
                }
            }

            ServerSocketChannel listening = server;
            // Until start: stop serving when init exits, or when the state directory is removed
            // under us (the container was deleted by hand): then init is killed, nothing lingers.
            Thread watcher = new Thread(() -> {
                while (!OciNative.awaitExit(pidfd, 1000)) {
                    if (!Files.isDirectory(stateDir)) {
                        LOG.warn("container {}: state directory {} is gone; killing the container", id, stateDir);
                        OciNative.pidfdSendSignal(pidfd, SIGKILL);
                    }
                }
                closeQuietly(listening);
            }, "sluice-init-watcher");
            watcher.setDaemon(true);
            watcher.start();

            boolean started = serve(server, init);
            closeQuietly(server);
            Files.deleteIfExists(stateDir.resolve(SentrySocket.NAME));
            if (sentry != null) {
                if (started) {
                    LOG.info("container {}: serving until no sandboxed task is left", id);
                    sentry.ended().join();
                }
                sentry.stop();
            }
            OciNative.close(pidfd);
            return 0;
        } catch (RuntimeException | IOException e) {
            LOG.debug("container {}: create failed", id, e);
            report("ERR " + message(e));
            if (sentry != null) {
                sentry.stop();
            }
            return 1;
        } finally {
            closeQuietly(server);
            if (init != null) {
                init.close();
            }
            active.forEach(DeviceProxy::close);
        }
    }

    /** The cgroup create made for the container (state.json), or null. */
    private Cgroup recordedCgroup() {
        return new StateStore(stateDir.getParent()).read(id).map(s -> Cgroup.of(s.cgroups(), CgroupFs.HOST)).orElse(null);
    }

    /**
     * Moves the outer sluice-init, still waiting for its plan, into the container's cgroups: init
     * and the workload are forked there. The daemon itself stays out (see the cgroup package).
     */
    private static void enter(Cgroup cgroup, int pid) {
        if (cgroup == null) {
            return;
        }
        try {
            cgroup.enter(pid);
        } catch (IOException e) {
            throw new OciException("cannot move the container's init into its cgroup " + cgroup.dirs().values() + ": " + e.getMessage(), e);
        }
    }

    /** Answers requests until {@code start} was served (true) or init exited first (false). */
    private boolean serve(ServerSocketChannel server, InitProcess init) {
        while (true) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (IOException e) {
                return false; // closed by the watcher: init has exited
            }
            try (ch) {
                String request = SentrySocket.readLine(ch);
                if (!"start".equals(request)) {
                    SentrySocket.writeLine(ch, "error unknown request " + request);
                    continue;
                }
                String failure;
                try {
                    init.go();
                    failure = Startup.awaitExec(init);
                } catch (RuntimeException e) {
                    failure = "the container's init exited before start";
                }
                SentrySocket.writeLine(ch, failure == null ? "ok" : "error " + failure);
                return true;
            } catch (IOException e) {
                LOG.warn("container {}: control connection failed: {}", id, e.toString());
            }
        }
    }

    private void report(String line) {
        if (reported) {
            return;
        }
        reported = true;
        OciNative.write(reportFd, (line.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
        OciNative.close(reportFd);
    }

    private static String message(Throwable e) {
        if (e instanceof OciException) {
            return e.getMessage();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    private static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception e) {
                // nothing to add
            }
        }
    }
}
