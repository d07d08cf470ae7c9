package dev.sluice.oci.runtime;

import dev.sluice.oci.ConsoleSocket;
import dev.sluice.oci.OciException;
import dev.sluice.oci.cdi.ContainerConfig;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.CgroupFs;
import dev.sluice.oci.cgroup.CgroupHost;
import dev.sluice.oci.cgroup.ExecPlacement;
import dev.sluice.oci.daemon.SentrySocket;
import dev.sluice.oci.daemon.TrapFile;
import dev.sluice.oci.hooks.SeccompAgent;
import dev.sluice.oci.launch.ExecPlanCompiler;
import dev.sluice.oci.launch.NotifyRule;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.launch.WorkloadCredentials;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.oci.state.ContainerState;
import dev.sluice.oci.state.StateStore;
import dev.sluice.oci.state.Status;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.InitProcess;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.SeccompAgentHandoff;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.launch.Startup;
import dev.sluice.sentry.nativeio.HostFd;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code sluice exec}: one more process in a created or running container, started the way runc
 * starts it and mediated the way the container's first process is.
 *
 * <ol>
 *   <li>The container must be alive: exec into a stopped one fails with runc's message.
 *   <li>The process comes from a process.json ({@code --process}, what containerd's shim writes) or
 *       from config.json's process with the command and flags ({@link ExecOverrides}).
 *   <li>Its plan ({@link ExecPlanCompiler}) joins init's namespaces and carries the notify rules
 *       the container's sentry recorded ({@link TrapFile}); {@code sluice-init} runs it as this
 *       JVM's child, with this command's stdio. The process is forked inside the container's
 *       cgroups ({@link ExecPlacement}): on cgroup v2 the plan forks it there (nothing is moved);
 *       on v1 the outer process is moved in before it gets the plan, and one that waits for the
 *       process goes back to this command's cgroups once the process exists.
 *   <li>The process's seccomp listener goes to the container's sentry over its control socket
 *       ({@link SentrySocket#handOver}). Only once the sentry answers {@code OK} is the process
 *       told to exec; if the sentry is gone or refuses, the control socket is closed and the
 *       process exits without running anything. Nothing runs unmediated.
 *   <li>With a terminal, the pty master goes to {@code --console-socket} first.
 * </ol>
 *
 * Without {@code --detach} the outer {@code sluice-init} waits for the process and forwards signals
 * to it, and {@link Started#waitFor} returns its status; with it the outer process exits at once
 * and the process is reparented to the caller's subreaper, as containerd's shim expects.
 */
public final class ContainerExec {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerExec.class);
    private final StateStore store;
    private final Supplier<Path> initBinary;
    private final Spawner spawner;

    /**
     * {@code initBinary} finds sluice-init, once a process is about to start (the checks come
     * first); {@code spawner} starts it (the caller's client, for a command the runtime service
     * runs: the outer process is then the caller's child, as when bin/sluice is a JVM).
     */
    public ContainerExec(StateStore store, Supplier<Path> initBinary, Spawner spawner) {
        this.store = store;
        this.initBinary = initBinary;
        this.spawner = spawner;
    }

    /**
     * What exec was asked.
     *
     * @param processFile {@code --process FILE}, or null to build the process from {@code
     *     overrides}
     * @param overrides the command and flags, when there is no process file
     * @param detach return once the process runs; it is reparented to the caller's subreaper
     * @param pidFile where its host pid goes (written atomically), or null
     * @param consoleSocket where its pty master goes when it has a terminal, or null
     * @param ignorePaused exec into a paused container too
     * @param tty {@code --tty} was given; with a process file it must agree with the file's {@code
     *     terminal} (conmon passes it with {@code --process})
     */
    public record Request(
            String id,
            Path processFile,
            ExecOverrides overrides,
            boolean detach,
            Path pidFile,
            Path consoleSocket,
            boolean ignorePaused,
            boolean tty,
            int preservedFds) {}

    /** A started exec'd process. */
    public static final class Started {
        private final InitProcess outer;
        private final int pid;

        Started(InitProcess outer, int pid) {
            this.outer = outer;
            this.pid = pid;
        }

        /** The process's host pid (what {@code --pid-file} got). */
        public int pid() {
            return pid;
        }

        /**
         * Sends {@code signal} to the outer sluice-init, which forwards it to the process (not
         * detached).
         */
        public void signal(int signal) {
            outer.signal(signal);
        }

        /** Waits for the process (not detached): its exit code, or 128+N if signal N killed it. */
        public int waitFor() {
            try {
                return outer.waitFor();
            } finally {
                outer.close();
            }
        }

        /**
         * As {@link #waitFor}, the caller forwarding its signals to the outer process meanwhile
         * where it is another process ({@link Spawner#waitForeground}: the runtime service's
         * caller).
         */
        public int waitForeground() {
            try {
                return outer.waitForeground();
            } finally {
                outer.close();
            }
        }
    }

    /** Starts the process; when this returns it has exec'd (or exec failed, with the reason). */
    public Started start(Request r) {
        StateStore.checkId(r.id());
        ContainerState c;
        Status status;
        try (StateStore.Locked l = store.lock(r.id())) {
            Optional<ContainerState> s = store.read(r.id());
            status = store.status(s);
            switch (status) {
                case CREATED, RUNNING -> {}
                case PAUSED -> {
                    if (!r.ignorePaused()) {
                        throw new OciException(
                                "cannot exec in a paused container (use --ignore-paused to override)");
                    }
                }
                case STOPPED -> throw new OciException("cannot exec in a stopped container");
                case CREATING ->
                        throw new OciException("container " + r.id() + " is still being created");
            }
            c = s.get();
        }
        Path dir = store.dir(r.id());
        Spec config = ContainerConfig.load(Path.of(c.bundle()), dir);
        Spec.Process process;
        String file;
        String prefix;
        if (r.processFile() != null) {
            process = SpecLoader.loadProcess(r.processFile());
            file = r.processFile().toString();
            prefix = "";
            if (r.tty() && !process.isTerminal()) {
                throw new OciException(
                        "--tty: "
                                + file
                                + " asks for no terminal (terminal is false), and with --process"
                                + " the file says everything about the process");
            }
        } else {
            process = r.overrides().apply(config.process());
            file = Path.of(c.bundle(), "config.json").toString();
            prefix = "process.";
        }
        ConsoleSocket.check(
                process.isTerminal(),
                r.consoleSocket(),
                r.processFile() != null ? file + ": terminal" : "--tty");
        List<NotifyRule> rules = TrapFile.read(dir, r.id());
        if (!rules.isEmpty() && !new HostProcess(c.sentryPid(), c.sentryStartTime()).alive()) {
            throw new OciException(
                    "the sentry of container "
                            + r.id()
                            + " is not running (see "
                            + ContainerRuntime.daemonLog(dir)
                            + "): a process exec'd into it would not be mediated, so none is started");
        }
        LaunchPlan plan =
                ExecPlanCompiler.compile(
                        config,
                        process,
                        file,
                        prefix,
                        new ExecPlanCompiler.Container(
                                c.pid(),
                                c.pidStartTime(),
                                rules,
                                TrapFile.writes(dir),
                                TrapFile.opens(dir),
                                c.cgroups()),
                        r.detach(),
                        r.preservedFds());
        // What the process may do itself: the sentry serves its listener with exactly that.
        Supplier<GuestCredentials> credentials =
                () -> WorkloadCredentials.of(config, process, file, c.pid());
        Cgroup cgroup = Cgroup.of(c.cgroups(), CgroupFs.HOST);
        boolean forkedInside = OciPlanCompiler.forksIntoCgroup(plan);
        ExecPlacement placement =
                new ExecPlacement(
                        r.id(),
                        cgroup,
                        cgroup == null || r.detach() || forkedInside
                                ? null
                                : CgroupHost.detect().own(),
                        CgroupFs.HOST,
                        forkedInside);
        return launch(
                r,
                dir,
                plan,
                !rules.isEmpty(),
                credentials,
                SeccompAgent.of(config, r.id(), Path.of(c.bundle()), status.json(), c.pid()),
                placement);
    }

    /** {@code credentials}: the process's, for the sentry that takes its listener. */
    private Started launch(
            Request r,
            Path dir,
            LaunchPlan plan,
            boolean mediated,
            Supplier<GuestCredentials> credentials,
            SeccompAgentHandoff agent,
            ExecPlacement placement) {
        // Into the container's cgroups before it reads its plan: the process is forked inside them.
        InitProcess outer =
                InitProcess.spawn(
                        spawner, initBinary.get(), plan, r.preservedFds(), false, placement::enter);
        boolean ok = false;
        HostFd listener = null;
        HostFd console = null;
        try {
            Startup startup = Startup.await(outer);
            listener = startup.listener();
            console = startup.console();
            if (startup.failure() != null) {
                throw new OciException("exec failed: " + startup.failure());
            }
            if (mediated && listener == null) {
                throw new OciException(
                        "exec failed: the process has no seccomp listener though container "
                                + r.id()
                                + " traps ioctls");
            }
            if (console != null) {
                ConsoleSocket.send(r.consoleSocket(), console);
                console.close();
            }
            if (listener != null) {
                String refused = SentrySocket.handOver(dir, r.id(), listener, credentials.get());
                listener.close(); // the sentry holds its own copy now; none may stay with us
                if (refused != null) {
                    throw new OciException(
                            "container "
                                    + r.id()
                                    + ": the sentry did not take the exec'd process's seccomp"
                                    + " listener, so the process was not started: "
                                    + refused);
                }
            }
            outer.go();
            // The process is forked only now, after GO: until then outer, outside the container's
            // pid namespace, is all there is of it (docs/launch-plan.md, join).
            int[] pid = {0};
            String failure = Startup.awaitExec(outer, agent, p -> pid[0] = p);
            if (failure != null) {
                throw new OciException("exec failed: " + failure);
            }
            if (pid[0] <= 0) {
                throw new OciException("exec failed: sluice-init did not report the process's pid");
            }
            if (!r.detach()) {
                try {
                    placement.leave(
                            outer.pid()); // the process exists, inside; its waiter is not the
                    // container's
                } catch (OciException e) {
                    LOG.warn(
                            "{}; it stays in the container's cgroup until the process exits",
                            e.getMessage());
                }
            }
            if (r.pidFile() != null) {
                ContainerRuntime.writePidFile(r.pidFile(), pid[0]);
            }
            ok = true;
            if (r.detach()) {
                outer.waitFor(); // it exited right after PID1; the process now belongs to the
                // subreaper
                outer.close();
            }
            return new Started(outer, pid[0]);
        } finally {
            if (!ok) {
                if (listener != null) {
                    listener.close();
                }
                if (console != null) {
                    console.close();
                }
                // Without GO the process exits (125) as soon as its control socket closes.
                outer.close();
                outer.waitFor();
            }
        }
    }
}
