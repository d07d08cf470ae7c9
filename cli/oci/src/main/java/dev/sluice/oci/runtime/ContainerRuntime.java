package dev.sluice.oci.runtime;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.ContainerConfig;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.CgroupFs;
import dev.sluice.oci.cgroup.CgroupHost;
import dev.sluice.oci.cgroup.ContainerCgroup;
import dev.sluice.oci.daemon.ContainerBringUp;
import dev.sluice.oci.daemon.ContainerNetdevs;
import dev.sluice.oci.daemon.SentryDaemon;
import dev.sluice.oci.daemon.SentrySocket;
import dev.sluice.oci.hooks.HookRunner;
import dev.sluice.oci.hooks.SeccompAgent;
import dev.sluice.oci.ipc.DaemonReport;
import dev.sluice.oci.launch.OciSpecChecks;
import dev.sluice.oci.launch.ProxySelection;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.state.ContainerState;
import dev.sluice.oci.state.HeldStart;
import dev.sluice.oci.state.StateStore;
import dev.sluice.oci.state.Status;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.launch.HeldWorkload;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.ProxyConfig;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The runc-compatible operations on the containers under one {@code --root}: what {@code sluice
 * create/start/state/kill/delete/list/pause/resume/ps} do, with the CLI only parsing arguments.
 * Every failure the user can cause is an {@link OciException} whose message names the container,
 * the argument or the config field.
 */
public final class ContainerRuntime {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerRuntime.class);

    /** How long delete waits for a killed container, and then for its sentry, to exit. */
    static final int EXIT_WAIT_MS = 10_000;

    private final StateStore store;
    private final boolean systemdCgroup;
    private final Supplier<CgroupHost> cgroupHost;
    private final CgroupFs cgroupFs;

    public ContainerRuntime(Path root) {
        this(root, false);
    }

    /**
     * @param systemdCgroup {@code --systemd-cgroup}: cgroupsPath is {@code slice:prefix:name}
     */
    public ContainerRuntime(Path root, boolean systemdCgroup) {
        this(root, systemdCgroup, CgroupHost::detect, CgroupFs.HOST);
    }

    /**
     * A runtime on other cgroups than the host's (a test's, in a temporary directory).
     *
     * @param cgroupHost finds the cgroups create makes a container's in ({@link CgroupHost#detect}
     *     on a host)
     * @param cgroupFs the file operations on the cgroups that containers recorded ({@link
     *     CgroupFs#HOST})
     */
    ContainerRuntime(
            Path root, boolean systemdCgroup, Supplier<CgroupHost> cgroupHost, CgroupFs cgroupFs) {
        this.store = new StateStore(root);
        this.systemdCgroup = systemdCgroup;
        this.cgroupHost = cgroupHost;
        this.cgroupFs = cgroupFs;
    }

    public StateStore store() {
        return store;
    }

    // ---- create ------------------------------------------------------------------------------

    /**
     * What create needs from the CLI to bring a container up.
     *
     * @param consoleSocket where the pty master goes with {@code process.terminal}, else null
     * @param preservedFds {@code --preserve-fds N}: the caller's fds 3 to 3+N-1 go to the workload
     * @param initBinary where sluice-init is (looked up once the config is known to be good)
     * @param needsSentry whether any device proxy wants a container of this config
     * @param daemonArgv the detached sentry's command line given the absolute bundle (the id is
     *     appended)
     * @param spawner who starts sluice-init or the sentry: the caller (init must end up its
     *     subreaper's)
     * @param env the caller's environment, for the sentry
     * @param warm a sentry already running that can take the container instead (the runtime
     *     service's spare), or null
     */
    public record Launch(
            Path consoleSocket,
            int preservedFds,
            Supplier<Path> initBinary,
            Predicate<ProxyConfig> needsSentry,
            Function<Path, List<String>> daemonArgv,
            Spawner spawner,
            List<String> env,
            Supplier<CdiSpec> hostGpus,
            WarmSentry warm) {
        /** Without a warm sentry: create starts one for each container with proxies. */
        public Launch(
                Path consoleSocket,
                int preservedFds,
                Supplier<Path> initBinary,
                Predicate<ProxyConfig> needsSentry,
                Function<Path, List<String>> daemonArgv,
                Spawner spawner,
                List<String> env,
                Supplier<CdiSpec> hostGpus) {
            this(
                    consoleSocket,
                    preservedFds,
                    initBinary,
                    needsSentry,
                    daemonArgv,
                    spawner,
                    env,
                    hostGpus,
                    null);
        }
    }

    /**
     * A sentry already running that becomes a container's instead of the one create would start:
     * the runtime service's spare (dev.sluice.oci.service.SpareSentries). It gets what the sentry
     * daemon would have got (the caller's stdio and preserved fds, the bundle, the id, the console
     * socket) and reports on create's pipe exactly as the daemon does.
     */
    @FunctionalInterface
    public interface WarmSentry {
        /**
         * Hands container {@code id} of {@code bundle} (absolute) over, with a copy of {@code
         * reportFd} (create's pipe, which stays create's to close); returns the sentry, or null
         * when none could take it (create then starts a sentry daemon).
         */
        HostProcess take(String id, Path bundle, int reportFd);
    }

    /**
     * Creates container {@code id} from {@code bundle}: when this returns, init waits for {@code
     * start} in the container's cgroup and {@code pidFile} (if any) holds init's pid. A container
     * with device proxies has its sentry running detached; one without (nothing to mediate) has no
     * process of Sluice's left at all: its workload holds its own GO channel ({@link HeldStart}),
     * so that create costs one JVM, not two. The cgroup is made and limited before anything starts,
     * and init is forked inside it (see the cgroup package). On failure nothing is left: no state
     * directory, no process, no cgroup. Each step that leaves something pushes its undoing on a
     * {@link Cleanup} stack, released once the container is up; otherwise the steps are undone
     * newest first, after the lock is released.
     */
    public int create(String id, Path bundleArg, Path pidFile, Launch launch) {
        StateStore.checkId(id);
        Path bundle = bundleArg.toAbsolutePath().normalize();
        String file = bundle.resolve("config.json").toString();
        ContainerConfig.AtCreate config = ContainerConfig.atCreate(bundle, launch.hostGpus());
        config.warnings().forEach(w -> LOG.warn("container {}: {}", id, w));
        Spec spec = config.spec();
        OciSpecChecks.check(spec, file, bundle);
        Path rootfs = OciSpecChecks.rootfs(spec, file, bundle);
        ContainerCgroup cgroup =
                ContainerCgroup.plan(spec, file, id, systemdCgroup, cgroupHost.get());
        boolean sentry =
                launch.needsSentry().test(ProxySelection.of(spec, file, cgroup.cgroup().record()));
        ContainerState state =
                new ContainerState(
                        spec.ociVersion(),
                        id,
                        bundle.toString(),
                        rootfs.toString(),
                        0,
                        0,
                        0,
                        0,
                        DateTimeFormatter.ISO_INSTANT.format(Instant.now()),
                        false,
                        spec.annotations(),
                        cgroup.cgroup().record());
        // Outside the try: an id that exists belongs to another container, which stays as it is.
        StateStore.Locked locked = store.create(id);
        // Resources close in reverse: the lock is released first, then what was not released is
        // undone.
        try (Cleanup undo = new Cleanup();
                StateStore.Locked l = locked) {
            undo.add(() -> removeState(id));
            cgroup.checkUnused(); // a busy cgroup is someone else's: never destroyed below
            store.write(state);
            ContainerConfig.keep(config, l.dir());
            undo.add(() -> destroyCgroup(id, cgroup));
            cgroup.apply();
            HostProcess init;
            if (sentry) {
                int[] pipe = OciNative.pipe();
                HostProcess daemon;
                try {
                    daemon = warm(id, bundle, pipe[1], launch);
                    if (daemon == null) {
                        daemon = startDaemon(id, bundle, pipe[1], launch);
                    }
                } catch (RuntimeException e) {
                    OciNative.close(pipe[0]);
                    throw e;
                } finally {
                    OciNative.close(pipe[1]);
                }
                HostProcess started = daemon;
                if (started.pid() > 0) {
                    undo.add(
                            () ->
                                    stopDaemon(
                                            started.startTime() > 0
                                                    ? started
                                                    : new HostProcess(
                                                            started.pid(),
                                                            HostProcess.startTime(started.pid()))));
                }
                state = state.withSentry(daemon.pid(), Math.max(0, daemon.startTime()));
                store.write(state);
                init = awaitDaemon(id, pipe[0]);
            } else {
                // create itself is the "sentry" while it works: the status reads creating
                // meanwhile.
                HostProcess self = HostProcess.of((int) ProcessHandle.current().pid());
                store.write(state.withSentry(self.pid(), self.startTime()));
                init = bringUpHeld(l.dir(), id, bundle, spec, launch);
            }
            state = state.withInit(init.pid(), init.startTime());
            store.write(state);
            if (pidFile != null) {
                writePidFile(pidFile, init.pid());
            }
            undo.release();
            return init.pid();
        } catch (IOException e) {
            throw new OciException("container " + id + ": " + e.getMessage(), e);
        }
    }

    /**
     * The launch's warm sentry, if it takes the container; null when there is none or it cannot
     * (then create starts a sentry daemon, as without one).
     */
    private static HostProcess warm(String id, Path bundle, int reportFd, Launch launch) {
        if (launch.warm() == null) {
            return null;
        }
        HostProcess spare = launch.warm().take(id, bundle, reportFd);
        if (spare != null) {
            LOG.debug("container {}: its sentry is the spare {}", id, spare.pid());
        }
        return spare;
    }

    /**
     * Starts container {@code id}'s sentry daemon (as the caller's child: {@code sentry-daemon})
     * with the caller's stdio and preserved fds and {@code reportFd} after them; its pid and start
     * time (0 when it is already gone).
     */
    private static HostProcess startDaemon(String id, Path bundle, int reportFd, Launch launch) {
        List<String> argv = new ArrayList<>(launch.daemonArgv().apply(bundle));
        argv.add(id);
        int pid =
                launch.spawner()
                        .spawn(
                                argv.get(0),
                                argv,
                                launch.env(),
                                List.of(new Spawner.Fd(reportFd, 3 + launch.preservedFds())));
        HostProcess daemon = HostProcess.of(pid);
        return daemon != null ? daemon : new HostProcess(pid, -1);
    }

    /** create's undoing of its cgroup: killed what is in it and removed; a failure is logged. */
    private static void destroyCgroup(String id, ContainerCgroup cgroup) {
        try {
            cgroup.cgroup().destroy(Duration.ofMillis(EXIT_WAIT_MS));
        } catch (OciException e) {
            LOG.warn("container {}: {}", id, e.getMessage());
        }
    }

    /** create's undoing of its state directory; a failure is logged. */
    private void removeState(String id) {
        try {
            store.remove(id);
        } catch (OciException e) {
            LOG.warn("{}", e.getMessage());
        }
    }

    /**
     * The detached sentry's report on its pipe ({@link DaemonReport}): init's pid and start time,
     * or why create failed, after any warnings, which are logged as the sentry's warnings to the
     * caller.
     */
    private static HostProcess awaitDaemon(String id, int reportFd) {
        try (Channel report =
                Channel.pipe(
                        HostFd.adopt(reportFd),
                        "the sentry of container " + id,
                        DaemonReport.MAX_FRAME)) {
            DaemonReport m;
            while ((m = report.receive(DaemonReport.PROTOCOL)) instanceof DaemonReport.Warning w) {
                LOG.warn("container {}: {}", id, w.text());
            }
            if (m instanceof DaemonReport.Created c) {
                return new HostProcess(c.pid(), c.startTime());
            }
            if (m instanceof DaemonReport.Failed f) {
                throw new OciException(f.message());
            }
            throw new OciException(
                    "the sentry of container " + id + " exited during create without a word");
        } catch (ProtocolException e) {
            throw new OciException(
                    "the sentry of container "
                            + id
                            + " exited during create without a word: "
                            + e.getMessage());
        }
    }

    /**
     * A container no proxy serves, brought up by create itself: nothing is trapped, so no sentry
     * stays. The workload, waiting for GO, is handed create's end of its control socket, and {@code
     * start} takes it from there ({@link HeldStart}). The workload is the container's process
     * itself, pid 1 of its pid namespace. If it dies before start, nothing of Sluice's is left
     * waiting for it.
     */
    private static HostProcess bringUpHeld(
            Path dir, String id, Path bundle, Spec spec, Launch launch) throws IOException {
        try (ContainerBringUp.Up up =
                ContainerBringUp.bringUp(
                        launch.spawner(),
                        dir,
                        id,
                        bundle,
                        spec,
                        launch.consoleSocket(),
                        launch.initBinary().get(),
                        List.of(),
                        false,
                        List.of(),
                        launch.preservedFds())) {
            new HeldStart(up.pid1(), up.init().handOff()).write(dir);
            return up.pid1();
        }
    }

    /** runc writes the pid file atomically, relative to the caller's directory. */
    static void writePidFile(Path pidFile, int pid) {
        Path target = pidFile.toAbsolutePath();
        Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, Integer.toString(pid), StandardCharsets.US_ASCII);
            Files.move(
                    tmp,
                    target,
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new OciException("--pid-file " + pidFile + ": " + e.getMessage(), e);
        }
    }

    // ---- start -------------------------------------------------------------------------------

    /** Lets the created container's workload exec. */
    public void start(String id) {
        try (StateStore.Locked l = store.lock(id)) {
            Optional<ContainerState> s = store.read(id);
            Status status = status(s);
            switch (status) {
                case CREATED -> {}
                case RUNNING -> throw new OciException("cannot start an already running container");
                case PAUSED ->
                        throw new OciException("cannot start a paused container (resume it first)");
                case STOPPED -> throw new OciException("cannot start a container that has stopped");
                case CREATING ->
                        throw new OciException("container " + id + " is still being created");
            }
            HeldStart held = HeldStart.read(l.dir(), id);
            String failure =
                    held != null ? startHeld(id, s.get(), held) : SentrySocket.start(l.dir(), id);
            store.write(s.get().withStarted());
            if (failure != null) {
                throw new OciException(failure);
            }
        }
    }

    /**
     * start for a container without a sentry: what the sentry does on {@code start}, done here.
     * startContainer hooks (a failure kills the container), GO on the channel its workload holds,
     * then poststart hooks once it exec'd (their failures are logged, per the runtime spec).
     * Returns null once the workload has exec'd, else why not.
     */
    private String startHeld(String id, ContainerState c, HeldStart held) {
        Path bundle = Path.of(c.bundle());
        Spec spec = ContainerConfig.load(bundle, store.dir(id));
        HookRunner hooks = new HookRunner(spec, id, bundle, store.dir(id));
        String failure = hooks.run("startContainer", "created", c.pid(), true);
        if (failure != null) {
            Processes.signal(new HostProcess(c.pid(), c.pidStartTime()), SIGKILL);
            return failure;
        }
        failure =
                HeldWorkload.go(
                        held.workload().pid(),
                        held.fd(),
                        pid -> held.workload().alive(),
                        SeccompAgent.of(spec, id, bundle, "created", c.pid()));
        HeldStart.remove(store.dir(id));
        if (failure != null) {
            return failure;
        }
        String post = hooks.run("poststart", "running", c.pid(), false);
        if (post != null) {
            LOG.warn("container {}: {}", id, post);
        }
        return null;
    }

    // ---- state and list ----------------------------------------------------------------------

    /**
     * The status the processes and the freezer show now: {@link StateStore#status}, and {@code
     * paused} for a live container whose cgroup is frozen.
     */
    Status status(Optional<ContainerState> s) {
        Status st = store.status(s);
        if (st == Status.RUNNING || st == Status.CREATED) {
            Cgroup cg = cgroup(s.get());
            if (cg != null && cg.frozen()) {
                return Status.PAUSED;
            }
        }
        return st;
    }

    /** The container's cgroup as create recorded it; null for none. */
    Cgroup cgroup(ContainerState c) {
        return Cgroup.of(c.cgroups(), cgroupFs);
    }

    /** The state as {@code runc state} prints it. */
    public Map<String, Object> state(String id) {
        Optional<ContainerState> s = store.read(id);
        Status status = status(s);
        Map<String, Object> m = new LinkedHashMap<>();
        if (s.isEmpty()) {
            m.put("ociVersion", "");
            m.put("id", id);
            m.put("pid", 0);
            m.put("status", status.json());
            m.put("bundle", "");
            m.put("rootfs", "");
            m.put("created", "");
            m.put("owner", "");
            return m;
        }
        ContainerState c = s.get();
        m.put("ociVersion", c.ociVersion());
        m.put("id", c.id());
        m.put("pid", status == Status.STOPPED || status == Status.CREATING ? 0 : c.pid());
        m.put("status", status.json());
        m.put("bundle", c.bundle());
        m.put("rootfs", c.rootfs());
        m.put("created", c.created());
        if (!c.annotations().isEmpty()) {
            m.put("annotations", c.annotations());
        }
        m.put("owner", "");
        return m;
    }

    /** Every container's state, by id. */
    public List<Map<String, Object>> list() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String id : store.ids()) {
            try {
                out.add(state(id));
            } catch (OciException e) {
                // deleted while we listed
            }
        }
        return out;
    }

    public static String json(Object o) {
        try {
            return new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- kill --------------------------------------------------------------------------------

    /**
     * Sends {@code signal} to the container's process, pid 1 of its pid namespace, as runc does (so
     * a signal it has no handler for is dropped by the kernel, SIGKILL excepted, as under runc);
     * with {@code all}, to every process of the container's pid namespace and cgroups.
     */
    public void kill(String id, int signal, boolean all) {
        try (StateStore.Locked l = store.lock(id)) {
            Optional<ContainerState> s = store.read(id);
            Status status = status(s);
            if (status == Status.STOPPED || status == Status.CREATING) {
                throw new OciException("container not running");
            }
            HostProcess init = new HostProcess(s.get().pid(), s.get().pidStartTime());
            Cgroup cg = cgroup(s.get());
            List<HostProcess> targets = new ArrayList<>();
            if (all) {
                targets.addAll(Processes.inPidNamespaceOf(init));
                if (cg != null) {
                    for (int pid : cg.pids()) {
                        HostProcess p = HostProcess.of(pid);
                        if (p != null && !targets.contains(p)) {
                            targets.add(p);
                        }
                    }
                }
            } else {
                targets.add(init);
            }
            for (HostProcess p : targets) {
                int r = Processes.signal(p, signal);
                if (r < 0 && p.equals(init) && r != -3) {
                    throw new OciException(
                            "kill container "
                                    + id
                                    + " (pid "
                                    + p.pid()
                                    + "): "
                                    + dev.sluice.sentry.nativeio.Errno.describe(-r));
                }
            }
            // A frozen v1 task does not act on SIGKILL until thawed (runc thaws too).
            if (signal == SIGKILL && status == Status.PAUSED) {
                cg.thaw();
            }
        }
    }

    // ---- pause, resume, ps -------------------------------------------------------------------

    /** Freezes every process of a running (or created) container: its status becomes paused. */
    public void pause(String id) {
        try (StateStore.Locked l = store.lock(id)) {
            Optional<ContainerState> s = store.read(id);
            Status status = status(s);
            if (status == Status.PAUSED) {
                throw new OciException("container " + id + " is already paused");
            }
            if (status != Status.RUNNING && status != Status.CREATED) {
                throw new OciException("container not running");
            }
            requireCgroup(id, s.get()).freeze();
        }
    }

    /** Thaws a paused container. */
    public void resume(String id) {
        try (StateStore.Locked l = store.lock(id)) {
            Optional<ContainerState> s = store.read(id);
            if (status(s) != Status.PAUSED) {
                throw new OciException("container not paused");
            }
            requireCgroup(id, s.get()).thaw();
        }
    }

    /**
     * The pids of the container's processes, host pids, sorted: those in its cgroup (what {@code
     * runc ps} lists), or of its pid namespace for a container created before cgroups.
     */
    public List<Integer> pids(String id) {
        Optional<ContainerState> s = store.read(id);
        if (s.isEmpty()) {
            return List.of();
        }
        Cgroup cg = cgroup(s.get());
        if (cg != null) {
            return cg.pids();
        }
        if (store.status(s) == Status.STOPPED) {
            return List.of();
        }
        return Processes.inPidNamespaceOf(new HostProcess(s.get().pid(), s.get().pidStartTime()))
                .stream()
                .map(HostProcess::pid)
                .sorted()
                .toList();
    }

    private Cgroup requireCgroup(String id, ContainerState c) {
        Cgroup cg = cgroup(c);
        if (cg == null) {
            throw new OciException(
                    "container "
                            + id
                            + " has no cgroup (created by an older sluice): it cannot be paused");
        }
        return cg;
    }

    // ---- delete ------------------------------------------------------------------------------

    /**
     * Deletes the container: a stopped or created one always, a running one only with {@code force}
     * (killed first). Everything goes: the processes, the sentry, the state directory.
     */
    public void delete(String id, boolean force) {
        try (StateStore.Locked l = store.lock(id)) {
            Optional<ContainerState> s = store.read(id);
            Status status = status(s);
            switch (status) {
                case STOPPED -> {}
                case CREATED -> killAndWait(id, s.get());
                case RUNNING, PAUSED -> {
                    if (!force) {
                        throw new OciException(
                                "cannot delete container "
                                        + id
                                        + " that is not stopped: "
                                        + status.json());
                    }
                    killAndWait(id, s.get());
                }
                case CREATING -> {
                    if (!force) {
                        throw new OciException(
                                "cannot delete container "
                                        + id
                                        + " that is being created (use --force)");
                    }
                }
            }
            s.ifPresent(c -> stopDaemon(new HostProcess(c.sentryPid(), c.sentryStartTime())));
            s.ifPresent(c -> poststop(id, c));
            s.ifPresent(c -> restoreNetdevs(id, c));
            // What is left in the cgroup (orphans of a container without a pid namespace) is
            // killed; a cgroup that will not empty keeps the state, so delete can be retried.
            Cgroup cg = s.map(this::cgroup).orElse(null);
            if (cg != null) {
                cg.destroy(Duration.ofMillis(EXIT_WAIT_MS));
            }
            store.remove(id);
        }
    }

    /**
     * The config's poststop hooks, in the runtime's namespaces; a failure is logged and delete goes
     * on (runtime spec).
     */
    private void poststop(String id, ContainerState c) {
        try {
            Path bundle = Path.of(c.bundle());
            Spec spec = ContainerConfig.load(bundle, store.dir(id));
            String failure =
                    new HookRunner(spec, id, bundle, store.dir(id))
                            .run("poststop", "stopped", 0, false);
            if (failure != null) {
                LOG.warn("container {}: {}", id, failure);
            }
        } catch (RuntimeException e) {
            LOG.warn("container {}: poststop hooks not run: {}", id, e.getMessage());
        }
    }

    /**
     * The container's {@code linux.netDevices} back to the host with their addresses. A failure is
     * logged and delete goes on: the journal stays, for {@code sluice rdma restore}.
     */
    private void restoreNetdevs(String id, ContainerState c) {
        try {
            Spec spec = ContainerConfig.load(Path.of(c.bundle()), store.dir(id));
            for (String failure :
                    ContainerNetdevs.restore(spec, new HostProcess(c.pid(), c.pidStartTime()))) {
                LOG.warn("container {}: {}", id, failure);
            }
        } catch (RuntimeException e) {
            LOG.warn(
                    "container {}: its netdevs were not restored: {} (see sluice rdma restore)",
                    id,
                    e.getMessage());
        }
    }

    private void killAndWait(String id, ContainerState c) {
        HostProcess init = new HostProcess(c.pid(), c.pidStartTime());
        int pidfd = Processes.pidfd(init);
        if (pidfd < 0) {
            return; // already gone
        }
        try {
            OciNative.pidfdSendSignal(pidfd, SIGKILL);
            Cgroup cg = cgroup(c);
            if (cg != null && cg.frozen()) {
                cg.thaw(); // a paused container dies once thawed
            }
            if (!OciNative.awaitExit(pidfd, EXIT_WAIT_MS)) {
                throw new OciException(
                        "container "
                                + id
                                + ": init (pid "
                                + c.pid()
                                + ") did not exit within "
                                + EXIT_WAIT_MS / 1000
                                + " s of SIGKILL");
            }
        } finally {
            OciNative.close(pidfd);
        }
    }

    /** The sentry exits by itself once its container is gone; make sure of it. */
    static void stopDaemon(HostProcess daemon) {
        int pidfd = Processes.pidfd(daemon);
        if (pidfd < 0) {
            return;
        }
        try {
            if (!OciNative.awaitExit(pidfd, 2000)) {
                OciNative.pidfdSendSignal(pidfd, SIGKILL);
                OciNative.awaitExit(pidfd, EXIT_WAIT_MS);
            }
        } finally {
            OciNative.close(pidfd);
        }
    }

    /** For tests and diagnostics: the state directory's path of a container. */
    public Path stateDir(String id) {
        return store.dir(id);
    }

    static boolean isDir(Path p) {
        return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
    }

    /** The daemon's log in the state directory (for messages). */
    public static String daemonLog(Path stateDir) {
        return stateDir.resolve(SentryDaemon.LOG_FILE).toString();
    }
}
