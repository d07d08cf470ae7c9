package dev.sluice.oci.daemon;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.cdi.ContainerConfig;
import dev.sluice.oci.hooks.HookRunner;
import dev.sluice.oci.hooks.SeccompAgent;
import dev.sluice.oci.ipc.DaemonReport;
import dev.sluice.oci.ipc.SentryAnswer;
import dev.sluice.oci.ipc.SentryRequest;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.ProxySelection;
import dev.sluice.oci.launch.WorkloadCredentials;
import dev.sluice.oci.spec.Spec;
import dev.sluice.sentry.SandboxRunner;
import dev.sluice.sentry.Sentry;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.launch.InitProcess;
import dev.sluice.sentry.launch.SeccompAgentHandoff;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.launch.Startup;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.notify.NotificationLoop;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.ProxyConfig;
import dev.sluice.sentry.spi.TrapRule;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The detached sentry of one OCI container that a device proxy serves: what {@code create} leaves
 * running. (A container no proxy serves gets none: create brings it up itself.)
 *
 * <p>{@code create} starts it (a second JVM, {@code sluice sentry-daemon}) with the container's
 * stdio as its fds 0-2, the caller's {@code --preserve-fds} after them, and a pipe after those, and
 * waits for its report on that pipe ({@link DaemonReport}). The daemon:
 *
 * <ol>
 *   <li>leaves the caller's session ({@code setsid});
 *   <li>loads the bundle's config and starts the proxies its devices and annotations ask for;
 *   <li>brings the container up to its workload's {@code READY} ({@link ContainerBringUp}: plan,
 *       cgroups, create hooks, the pty master to the console socket), with their notify rules;
 *   <li>starts answering on the workload's seccomp listener;
 *   <li>binds its control socket and reports {@code OK <init pid> <start time>} (or {@code ERROR
 *       <message>}) on the pipe ({@link DaemonReport}, after any {@code WARN}s); then points its
 *       own fds 0-2 away from the container's stdio, so that the container's pipes close when the
 *       container exits;
 *   <li>on {@code start}, runs the startContainer hooks, sends GO and answers once the workload has
 *       exec'd, then runs the poststart hooks;
 *   <li>while init lives, takes the seccomp listener of every process {@code exec} adds and serves
 *       it too, with the same proxies (one {@link Sentry} per listener);
 *   <li>serves each listener with the credentials of the process that handed it over ({@link
 *       WorkloadCredentials}: the first process's from config.json, an exec'd process's from its
 *       own process.json, sent along with its listener): the workers of a non-root process act as
 *       its uid with no capability, whatever the container's first process is;
 *   <li>serves trapped calls until no sandboxed task is left on any listener, then exits.
 * </ol>
 *
 * The runtime service usually has a warm spare ({@link SpareSentry}) become this instead: it runs
 * the same steps, with the caller starting sluice-init over its connection to the service.
 *
 * <p>If init exits before {@code start} (killed, or deleted), the daemon exits too. If any
 * notification loop fails, init is killed: fail closed, as in {@code sluice run}. If the daemon
 * itself is gone, exec cannot hand a listener over and refuses to run the process.
 */
public final class SentryDaemon {
    private static final Logger LOG = LoggerFactory.getLogger(SentryDaemon.class);
    public static final String LOG_FILE = "sentry.log";

    /**
     * Creates the proxies a container's config asks for (the CLI knows the installed providers).
     */
    @FunctionalInterface
    public interface Proxies {
        List<DeviceProxy> create(ProxyConfig config);
    }

    private final Path stateDir;
    private final String id;
    private final Path bundle;
    private final Path consoleSocket;
    private final Path initBinary;
    private final Proxies proxies;

    /** The pipe to create: warnings, then one report ({@link DaemonReport}). */
    private final Channel report;

    private final int preservedFds;

    /**
     * Who starts the container's sluice-init: this JVM for a sentry daemon create started (the
     * caller's child, so init is a descendant of the caller's), the caller itself for a spare
     * ({@link SpareSentry}, through the caller's connection to the service). Closed, if closeable,
     * before the report: the connection is the service's again from then on.
     */
    private final Spawner spawner;

    /** The config's hooks; set once config.json is loaded. */
    private HookRunner hooks;

    /** The container's init (host pid), for the hooks' state; set once create has it. */
    private int initPid;

    /**
     * Where the listener of the container's own profile goes on start (SCMP_ACT_NOTIFY), or null.
     */
    private SeccompAgentHandoff agent;

    private boolean reported;

    /**
     * @param consoleSocket where the pty master goes when {@code process.terminal} is true ({@code
     *     create --console-socket}, absolute), else null
     */
    public SentryDaemon(
            Path stateDir,
            String id,
            Path bundle,
            Path consoleSocket,
            Path initBinary,
            Proxies proxies,
            int reportFd,
            int preservedFds) {
        this(
                stateDir,
                id,
                bundle,
                consoleSocket,
                initBinary,
                proxies,
                reportFd,
                preservedFds,
                Spawner.LOCAL);
    }

    /**
     * A sentry whose container's sluice-init {@code spawner} starts: a spare's, started by the
     * service before its container was known, has the caller start it ({@link SpareSentry}), so
     * that the container's process is the caller's descendant, reparented to the caller's
     * subreaper, and inherits the caller's stdio and preserved fds, as with a sentry daemon.
     */
    SentryDaemon(
            Path stateDir,
            String id,
            Path bundle,
            Path consoleSocket,
            Path initBinary,
            Proxies proxies,
            int reportFd,
            int preservedFds,
            Spawner spawner) {
        this.spawner = spawner;
        this.preservedFds = preservedFds;
        this.stateDir = stateDir;
        this.id = id;
        this.bundle = bundle;
        this.consoleSocket = consoleSocket;
        this.initBinary = initBinary;
        this.proxies = proxies;
        this.report = Channel.pipe(HostFd.adopt(reportFd), "create", DaemonReport.MAX_FRAME);
    }

    /** Runs the container's sentry to its end; returns the daemon's exit code. */
    public int run() throws IOException {
        OciNative.setsid();
        // Logs go to the state directory from the start: fds 0-2 are the container's stdio.
        PrintStream log =
                new PrintStream(
                        new FileOutputStream(stateDir.resolve(LOG_FILE).toFile(), true),
                        true,
                        StandardCharsets.UTF_8);
        System.setErr(log);
        System.setOut(log);
        List<DeviceProxy> active = new ArrayList<>();
        ContainerBringUp.Up up = null;
        UnixSocket server = null;
        // The first process's sentry, then one per exec'd process; only the serving thread adds.
        List<Sentry> sentries = new ArrayList<>();
        try {
            String file = bundle.resolve("config.json").toString();
            Spec spec = ContainerConfig.load(bundle, stateDir);
            ProxyConfig config =
                    ProxySelection.of(spec, file, ContainerBringUp.recordedCgroup(stateDir, id));
            active.addAll(proxies.create(config));
            if (!OciPlanCompiler.acceptsRacyContinue(spec, file)) {
                DeviceProxy.racyWarning(active)
                        .ifPresent(
                                w -> {
                                    LOG.warn("container {}: {}", id, w);
                                    warn(
                                            w
                                                    + " (annotation "
                                                    + OciPlanCompiler
                                                            .ANNOTATION_ACCEPT_RACY_CONTINUE
                                                    + "=true accepts them)");
                                });
            }
            List<TrapRule> rules = new ArrayList<>();
            for (DeviceProxy p : active) {
                rules.addAll(p.trapRules());
                LOG.info("container {}: proxy {} active", id, p.name());
            }
            up =
                    ContainerBringUp.bringUp(
                            spawner,
                            stateDir,
                            id,
                            bundle,
                            spec,
                            consoleSocket,
                            initBinary,
                            rules,
                            active.stream().anyMatch(DeviceProxy::mediatesWrites),
                            active.stream().flatMap(p -> p.opensDevices().stream()).toList(),
                            preservedFds);
            hooks = up.hooks();
            initPid = up.pid1().pid();
            agent = SeccompAgent.of(spec, id, bundle, "created", initPid);
            int pidfd = up.pidfd();
            server = SentrySocket.listen(stateDir);
            report(new DaemonReport.Created(up.pid1().pid(), up.pid1().startTime()));
            OciNative.redirectStdio(stateDir.resolve(LOG_FILE).toString());
            // The workload waits for GO, so nothing is trapped before the loop runs. Started after
            // the redirection, so that the sentry's fd accounting does not count it as a leak.
            if (up.listener() != null) {
                try {
                    GuestCredentials credentials =
                            WorkloadCredentials.of(spec, spec.process(), file, initPid);
                    LOG.info(
                            "container {}: the sentry acts as the container's process: {}",
                            id,
                            credentials);
                    sentries.add(
                            Sentry.start(
                                    up.listener(),
                                    active,
                                    new CallStats(),
                                    null,
                                    SandboxRunner.Options.defaults(),
                                    credentials,
                                    failClosed(pidfd, "the container's process")));
                } catch (RuntimeException e) {
                    LOG.error(
                            "container {}: cannot start the sentry; killing the container (fail closed)",
                            id,
                            e);
                    OciNative.pidfdSendSignal(pidfd, SIGKILL);
                    throw e;
                }
            }

            UnixSocket listening = server;
            // Stop serving when init exits, or when the state directory is removed under us (the
            // container was deleted by hand): then init is killed, nothing lingers.
            Thread watcher =
                    new Thread(
                            () -> {
                                while (!OciNative.awaitExit(pidfd, 1000)) {
                                    if (!Files.isDirectory(stateDir)) {
                                        LOG.warn(
                                                "container {}: state directory {} is gone; killing the container",
                                                id,
                                                stateDir);
                                        OciNative.pidfdSendSignal(pidfd, SIGKILL);
                                    }
                                }
                                listening.shutdown();
                            },
                            "sluice-init-watcher");
            watcher.setDaemon(true);
            watcher.start();

            boolean started = serve(server, up.init(), active, pidfd, sentries);
            // Refuses connections from now on, but stays open until the sentries have stopped:
            // each one's fd accounting counts it, and a count below the start makes stop wait for
            // it to settle (Sentry#stop).
            server.shutdown();
            Files.deleteIfExists(stateDir.resolve(SentrySocket.NAME));
            if (started && !sentries.isEmpty()) {
                LOG.info("container {}: serving until no sandboxed task is left", id);
                sentries.forEach(s -> s.ended().join());
            }
            for (int i = sentries.size() - 1; i >= 0; i--) {
                sentries.get(i)
                        .stop(); // the latest first: each one's fd accounting spans the later ones
            }
            return 0;
        } catch (RuntimeException | IOException e) {
            LOG.debug("container {}: create failed", id, e);
            report(new DaemonReport.Failed(message(e)));
            for (int i = sentries.size() - 1; i >= 0; i--) {
                sentries.get(i).stop();
            }
            return 1;
        } finally {
            closeQuietly(server);
            if (up != null) {
                up.close();
            }
            active.forEach(DeviceProxy::close);
        }
    }

    /** What a sentry does when its loop fails: kill the container, so nothing runs unmediated. */
    private java.util.function.Consumer<NotificationLoop.Outcome> failClosed(
            int pidfd, String whose) {
        return outcome -> {
            LOG.error(
                    "container {}: the sentry stopped answering {} ({}); killing the container (fail closed)",
                    id,
                    whose,
                    outcome);
            OciNative.pidfdSendSignal(pidfd, SIGKILL);
        };
    }

    /**
     * Answers requests on the control socket ({@link SentrySocket}): {@code start} once, and the
     * listeners of exec'd processes while init lives. Returns whether {@code start} was served;
     * returns right after it when no sentry runs (nothing to mediate, so exec needs no listener
     * handed over), else once the watcher shuts the socket because init exited.
     */
    private boolean serve(
            UnixSocket server,
            InitProcess init,
            List<DeviceProxy> active,
            int pidfd,
            List<Sentry> sentries) {
        boolean started = false;
        while (!(started && sentries.isEmpty())) {
            UnixSocket conn;
            try {
                conn = server.accept(1000);
            } catch (ErrnoException e) {
                LOG.warn("container {}: control socket failed: {}", id, e.getMessage());
                return started;
            }
            if (conn == null) {
                if (server.isShut()) {
                    return started;
                }
                continue;
            }
            try (conn;
                    Channel c = conn.channel("a client", SentryRequest.MAX_FRAME)) {
                SentryRequest request;
                try {
                    request = c.receive(SentryRequest.PROTOCOL);
                } catch (ProtocolException e) {
                    c.send(new SentryAnswer.Refused("bad request " + e.getMessage()));
                    continue;
                }
                if (request == null) {
                    continue;
                }
                if (request instanceof SentryRequest.AdoptListener a) {
                    c.send(adopt(a, active, pidfd, sentries));
                    continue;
                }
                if (started) {
                    c.send(new SentryAnswer.Refused("cannot start an already running container"));
                    continue;
                }
                String failure = hooks.run("startContainer", "created", initPid, true);
                if (failure != null) {
                    OciNative.pidfdSendSignal(pidfd, SIGKILL);
                } else {
                    try {
                        init.go();
                        failure = Startup.awaitExec(init, agent);
                    } catch (RuntimeException e) {
                        failure = "the container's init exited before start";
                    }
                }
                if (failure == null) {
                    String post = hooks.run("poststart", "running", initPid, false);
                    if (post != null) {
                        LOG.warn(
                                "container {}: {}",
                                id,
                                post); // poststart failures are logged only (runtime spec)
                    }
                }
                started = true;
                c.send(
                        failure == null
                                ? new SentryAnswer.Done()
                                : new SentryAnswer.Refused(failure));
            } catch (ErrnoException e) {
                LOG.warn("container {}: control connection failed: {}", id, e.getMessage());
            }
        }
        return true;
    }

    /**
     * Starts serving the seccomp listener of a process exec'd into the container, with the same
     * proxies as the first process's and the exec'd process's own credentials. The answer goes back
     * to exec, which lets the process run only on {@code OK}.
     */
    private SentryAnswer adopt(
            SentryRequest.AdoptListener request,
            List<DeviceProxy> active,
            int pidfd,
            List<Sentry> sentries) {
        HostFd listener = request.listener();
        GuestCredentials as = request.as();
        try {
            sentries.add(
                    Sentry.start(
                            listener,
                            active,
                            new CallStats(),
                            null,
                            SandboxRunner.Options.defaults(),
                            as,
                            failClosed(pidfd, "an exec'd process")));
            LOG.info(
                    "container {}: serving the listener of an exec'd process acting as {} ({} in all)",
                    id,
                    as,
                    sentries.size());
            return new SentryAnswer.Done();
        } catch (RuntimeException e) {
            listener.close();
            LOG.error("container {}: cannot serve an exec'd process's listener", id, e);
            return new SentryAnswer.Refused("the sentry cannot serve the listener: " + message(e));
        }
    }

    /** A warning for create to print, ahead of the report; nothing once the report is written. */
    private void warn(String line) {
        if (!reported) {
            sendQuietly(new DaemonReport.Warning(line.replace('\n', ' ')));
        }
    }

    private void report(DaemonReport line) {
        if (reported) {
            return;
        }
        reported = true;
        if (spawner instanceof AutoCloseable caller) {
            closeQuietly(caller); // a spare's copy of the caller's connection: done with it
        }
        sendQuietly(
                line instanceof DaemonReport.Failed f
                        ? new DaemonReport.Failed(f.message().replace('\n', ' '))
                        : line);
        report.close();
    }

    /**
     * create may be gone (killed): then nobody reads the report, and nothing is lost by not writing
     * it.
     */
    private void sendQuietly(DaemonReport line) {
        try {
            report.send(line);
        } catch (ErrnoException e) {
            LOG.debug("container {}: create did not take the report: {}", id, e.getMessage());
        }
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
