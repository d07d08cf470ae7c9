package dev.sluice.oci.daemon;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.cdi.ContainerConfig;
import dev.sluice.oci.hooks.HookRunner;
import dev.sluice.oci.ipc.ClientSpawner;
import dev.sluice.oci.ipc.DaemonReport;
import dev.sluice.oci.ipc.ServiceMessage;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.oci.launch.NotifyRule;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.OciSpecChecks;
import dev.sluice.oci.launch.ProxySelection;
import dev.sluice.oci.launch.WorkloadCredentials;
import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.state.StateStore;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.ProxyConfig;
import dev.sluice.sentry.spi.TrapRule;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A container's sentry started before its container is known: the runtime service keeps one such
 * JVM warm and waiting (dev.sluice.oci.service.SpareSentries), so that {@code create} of a
 * container with device proxies costs no JVM start. It becomes exactly one container's {@link
 * SentryDaemon}, the same one {@code create} would have started, and is never handed a second.
 *
 * <p>Started by the service with its end of a socket pair as fd 3, {@code /dev/null} as stdin and
 * stdout and the service's log as stderr, in an environment of {@code PATH} alone. It:
 *
 * <ol>
 *   <li>leaves the service's session ({@code setsid}), as the sentry daemon leaves its caller's;
 *   <li>rehearses the sentry's part of create on a throwaway bundle of its own ({@link #warmUp}),
 *       so that the classes and native bindings a container needs are loaded and the hottest code
 *       compiled before one arrives; nothing of a container is known yet;
 *   <li>says {@link SpareMessage.Ready} with its build's id, and waits;
 *   <li>on {@link SpareMessage.Sandbox}, closes the socket and runs a caller's {@code sluice run}
 *       ({@link Sandboxes}): the cli module's command line, with the caller's directory,
 *       environment, stdout and stderr, its sluice-init started by the caller;
 *   <li>on {@link SpareMessage.Container}, closes the socket and runs the container's {@link
 *       SentryDaemon} to its end, with the caller's connection to the service as the way its
 *       sluice-init is started: the caller starts it ({@link ClientSpawner}), so the container's
 *       process is the caller's descendant, with the caller's stdio and preserved fds, reparented
 *       to the caller's subreaper, exactly as under a sentry daemon the caller started. The service
 *       has already moved the spare into the caller's cgroups, where that daemon would have been,
 *       and waits for the spare's report before it uses the connection again;
 *   <li>at end of file before a container (the service exited or was killed), exits.
 * </ol>
 */
public final class SpareSentry {
    private static final Logger LOG = LoggerFactory.getLogger(SpareSentry.class);

    /** The command a service starts a spare with: {@code sluice sentry-spare ROOT}. */
    public static final String COMMAND = "sentry-spare";

    /**
     * Rounds of the rehearsal: past the first, each brings the create path nearer the compile
     * thresholds of a sentry's JIT flags (bin/sluice); the spare's start is dominated by the JVM's
     * own (docs/benchmarks.md).
     */
    static final int ROUNDS = 3;

    /** The fd of the spare's end of the socket pair to its service. */
    public static final int CHANNEL_FD = 3;

    private SpareSentry() {}

    /**
     * Runs a spare to its end: until end of file on {@code channel} while idle, else until the
     * container it was handed is gone. Returns the process's exit code.
     *
     * @param root the {@code --root} whose service started the spare, where its container lives
     * @param build this build's id (bin/lib/sluice.id), for the service to check
     * @param debug turns on debug logging when the container's create asked for it
     */
    public static int run(
            HostFd channelFd,
            Path root,
            String build,
            Path initBinary,
            SentryDaemon.Proxies proxies,
            Consumer<Boolean> debug,
            Sandboxes sandboxes)
            throws IOException {
        OciNative.setsid();
        try {
            warmUp(initBinary, proxies);
        } catch (RuntimeException | IOException e) {
            // A rehearsal that fails costs the container speed only: create itself reports why.
            LOG.warn("spare sentry: the rehearsal failed: {}", e.toString());
        }
        SpareMessage work;
        try (Channel channel =
                Channel.socket(channelFd, "the runtime service", SpareMessage.MAX_FRAME)) {
            channel.send(new SpareMessage.Ready(build));
            work = receive(channel);
        } catch (ProtocolException | dev.sluice.sentry.nativeio.ErrnoException e) {
            LOG.warn("spare sentry: the service's hand-off failed: {}", e.getMessage());
            return 1;
        }
        if (work == null) {
            return 0; // the service went away before any container came
        }
        if (work instanceof SpareMessage.Sandbox sandbox) {
            LOG.debug("spare sentry: a sandbox for pid {}", sandbox.caller());
            return sandboxes.run(sandbox);
        }
        SpareMessage.Container h = (SpareMessage.Container) work;
        if (h.debug()) {
            debug.accept(true);
        }
        LOG.debug("spare sentry: container {} of {}", h.id(), h.bundle());
        return new SentryDaemon(
                        new StateStore(root).dir(h.id()),
                        h.id(),
                        Path.of(h.bundle()),
                        h.consoleSocket() == null ? null : Path.of(h.consoleSocket()),
                        initBinary,
                        proxies,
                        h.report().release(),
                        h.preservedFds(),
                        new ClientSpawner(
                                Channel.socket(
                                        h.client(), "sluice-client", ServiceMessage.MAX_FRAME),
                                h.caller()))
                .run();
    }

    /**
     * Runs a caller's {@code sluice run} sandbox handed to a spare: the command line's code, which
     * has sent the caller its exit status; the spare then exits with it.
     */
    @FunctionalInterface
    public interface Sandboxes {
        int run(SpareMessage.Sandbox sandbox);
    }

    /**
     * The container or sandbox the service hands over; null at end of file before it. Anything else
     * is a {@link ProtocolException}, every fd received closed.
     */
    static SpareMessage receive(Channel channel) {
        SpareMessage m = channel.receive(SpareMessage.PROTOCOL);
        if (m == null) {
            return null;
        }
        if (!(m instanceof SpareMessage.Container) && !(m instanceof SpareMessage.Sandbox)) {
            m.fds().forEach(HostFd::close);
            throw new ProtocolException("expected CONTAINER or SANDBOX, got " + m.frame().verb());
        }
        return m;
    }

    /**
     * The sentry's part of create, rehearsed on a throwaway bundle (runc's default config, the pty
     * proxy asked for) in a temporary directory: the config read and checked, the proxies made and
     * closed, the plan compiled and encoded, the trap file written, the report framed through a
     * pipe, one {@code posix_spawn} of sluice-init (which exits at once, no plan given). Nothing of
     * any container, and nothing outside that directory, is touched; it is removed afterwards. Also
     * what {@code sluice cds-train} runs, so the class-data archive holds these classes.
     */
    public static void warmUp(Path initBinary, SentryDaemon.Proxies proxies) throws IOException {
        Path work = Files.createTempDirectory("sluice-spare");
        try {
            Path bundle = work.resolve("bundle");
            Path state = Files.createDirectories(work.resolve("state"));
            Path sh = Files.createDirectories(bundle.resolve("rootfs/bin")).resolve("sh");
            Files.writeString(sh, "#!/bin/sh\n");
            sh.toFile().setExecutable(true);
            ObjectMapper json = new ObjectMapper();
            ObjectNode config = (ObjectNode) json.readTree(DefaultSpec.json());
            ((ObjectNode) config.get("process")).put("terminal", false);
            config.putObject("annotations").put(OciPlanCompiler.ANNOTATION_PROXIES, "pty");
            Files.write(bundle.resolve("config.json"), json.writeValueAsBytes(config));
            String file = bundle.resolve("config.json").toString();
            for (int round = 0; round < ROUNDS; round++) {
                Spec spec = ContainerConfig.load(bundle, state);
                OciSpecChecks.check(spec, file, bundle);
                ProxyConfig pc = ProxySelection.of(spec, file, Map.of());
                List<DeviceProxy> active = proxies.create(pc);
                try {
                    OciPlanCompiler.acceptsRacyContinue(spec, file);
                    DeviceProxy.racyWarning(active);
                    List<TrapRule> rules = new ArrayList<>();
                    active.forEach(p -> rules.addAll(p.trapRules()));
                    boolean writes = active.stream().anyMatch(DeviceProxy::mediatesWrites);
                    List<Path> opened =
                            active.stream().flatMap(p -> p.opensDevices().stream()).toList();
                    TrapFile.write(state, NotifyRule.of(rules), writes, !opened.isEmpty());
                    OciPlanCompiler.compile(
                                    spec,
                                    file,
                                    bundle,
                                    new OciPlanCompiler.Mediation(rules, writes, opened),
                                    0,
                                    Map.of())
                            .encode();
                    new HookRunner(spec, "spare", bundle, state);
                    WorkloadCredentials.of(
                            spec, spec.process(), file, (int) ProcessHandle.current().pid());
                } finally {
                    active.forEach(DeviceProxy::close);
                }
                int[] pipe = OciNative.pipe();
                try (Channel w =
                                Channel.pipe(
                                        HostFd.adopt(pipe[1]), "warm-up", DaemonReport.MAX_FRAME);
                        Channel r =
                                Channel.pipe(
                                        HostFd.adopt(pipe[0]), "warm-up", DaemonReport.MAX_FRAME)) {
                    w.send(new DaemonReport.Warning("rehearsal"));
                    w.send(new DaemonReport.Created(1, 1));
                    r.receive(DaemonReport.PROTOCOL);
                    r.receive(DaemonReport.PROTOCOL);
                }
            }
            if (initBinary != null && Files.isExecutable(initBinary)) {
                int pid =
                        Spawner.LOCAL.spawn(
                                initBinary.toString(),
                                List.of(initBinary.toString()),
                                List.of(),
                                List.of(
                                        Spawner.Fd.devNull(0),
                                        Spawner.Fd.devNull(1),
                                        Spawner.Fd.devNull(2)));
                Spawner.LOCAL.waitFor(pid);
            }
        } finally {
            try (Stream<Path> walk = Files.walk(work)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
