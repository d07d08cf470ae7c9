package dev.sluice.oci.daemon;

import dev.sluice.oci.ConsoleSocket;
import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.CgroupFs;
import dev.sluice.oci.hooks.HookRunner;
import dev.sluice.oci.launch.NotifyRule;
import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.state.StateStore;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.InitProcess;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.launch.Startup;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.TrapRule;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Brings one OCI container up to the point where its workload waits for {@code start}: the part of
 * {@code create} that is the same with a detached sentry ({@link SentryDaemon}) and without one (a
 * container no device proxy serves, {@code dev.sluice.oci.runtime.ContainerRuntime}).
 *
 * <ol>
 *   <li>records the notify rules for exec ({@link TrapFile}) and compiles the launch plan;
 *   <li>starts {@code sluice-init} and moves it into the container's cgroups (which create made and
 *       recorded) before handing it the plan (on cgroup v2 outer forks the container's process into
 *       them itself): the container's process, pid 1 of its pid namespace, is forked inside them;
 *       the plan's {@code detach} op makes the outer process exit once it exists, so it is
 *       reparented to the caller's subreaper (containerd's shim, conmon);
 *   <li>with a sentry (this JVM, a container with proxies), starts the {@link SentryWatch}, which
 *       kills the container if the sentry dies;
 *   <li>runs the create hooks when init stops for them;
 *   <li>waits for the workload's {@code READY} and, with {@code process.terminal}, sends the pty
 *       master to the console socket before returning, as runc does.
 * </ol>
 *
 * On failure the outer process has been reaped, nothing of the container runs any more once its
 * init sees the control socket close, and an {@link OciException} says why.
 */
public final class ContainerBringUp {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerBringUp.class);

    private ContainerBringUp() {}

    /**
     * A container whose workload waits for GO.
     *
     * @param init the outer process (already exited) and the sentry's end of the control socket
     * @param pid1 the container's init on the host
     * @param pidfd a pidfd on {@code pid1}, opened after its start time was read
     * @param listener the workload's seccomp listener, or null when nothing is trapped
     * @param hooks the config's hooks
     */
    public record Up(
            InitProcess init, HostProcess pid1, int pidfd, HostFd listener, HookRunner hooks)
            implements AutoCloseable {
        /** Closes the control socket and the pidfd (not the listener, which a sentry adopts). */
        @Override
        public void close() {
            init.close();
            OciNative.close(pidfd);
        }
    }

    /** Container {@code id}'s cgroup as its state.json records it; empty when none is. */
    static Map<String, String> recordedCgroup(Path stateDir, String id) {
        return new StateStore(stateDir.getParent())
                .read(id)
                .map(st -> st.cgroups())
                .orElse(Map.of());
    }

    /**
     * @param spawner who starts sluice-init (this JVM, or the caller of the runtime service)
     * @param consoleSocket where the pty master goes with {@code process.terminal} (absolute), else
     *     null
     * @param rules the notify rules of the container's active proxies (none without proxies)
     * @param trapWrites whether an active proxy mediates writes ({@link
     *     dev.sluice.sentry.spi.DeviceProxy#mediatesWrites}): the write family is trapped too
     * @param opened the host paths of the device nodes the active proxies open themselves ({@link
     *     dev.sluice.sentry.spi.DeviceProxy#opensDevices}): bound nodev, the open family trapped
     * @param preservedFds {@code --preserve-fds}: fds 3 to 3+N-1 go to the workload
     */
    public static Up bringUp(
            Spawner spawner,
            Path stateDir,
            String id,
            Path bundle,
            Spec spec,
            Path consoleSocket,
            Path initBinary,
            List<TrapRule> rules,
            boolean trapWrites,
            List<Path> opened,
            int preservedFds)
            throws IOException {
        String file = bundle.resolve("config.json").toString();
        ConsoleSocket.check(
                spec.process().isTerminal(), consoleSocket, file + ": process.terminal");
        TrapFile.write(stateDir, NotifyRule.of(rules), trapWrites, !opened.isEmpty());
        // With proxies this JVM is the container's sentry (SentryDaemon): the container dies with
        // it.
        HostProcess sentry =
                rules.isEmpty() ? null : HostProcess.of((int) ProcessHandle.current().pid());
        Map<String, String> recorded = recordedCgroup(stateDir, id);
        LaunchPlan plan =
                OciPlanCompiler.compile(
                        spec,
                        file,
                        bundle,
                        new OciPlanCompiler.Mediation(rules, trapWrites, opened),
                        preservedFds,
                        recorded);
        Cgroup cgroup = Cgroup.of(recorded, CgroupFs.HOST);
        HookRunner hooks = new HookRunner(spec, id, bundle, stateDir);
        // With a terminal the pty is the container's stdio; the caller's pipes stay with the caller
        // (docs/oci.md, terminals: containerd's shim reads them to end of file).
        InitProcess init =
                InitProcess.spawn(
                        spawner,
                        initBinary,
                        plan,
                        preservedFds,
                        spec.process().isTerminal(),
                        pid -> {
                            if (!OciPlanCompiler.forksIntoCgroup(plan)) {
                                enter(cgroup, pid);
                            }
                        });
        HostFd listener = null;
        AtomicReference<NetdevMover.Moved> moved = new AtomicReference<>();
        try {
            Startup startup =
                    Startup.await(init, pid1 -> createSetup(spec, id, hooks, pid1, moved));
            init.waitFor(); // the outer process exits once init exists (detach)
            listener = startup.listener();
            if (startup.failure() != null) {
                throw new OciException(startup.failure());
            }
            HostProcess pid1 = HostProcess.of(startup.pid1());
            int pidfd = pid1 == null ? -1 : OciNative.pidfdOpen(pid1.pid());
            if (pid1 == null || pidfd < 0 || !pid1.alive()) {
                OciNative.close(pidfd);
                closeQuietly(startup.console());
                throw new OciException("the container's process exited during create");
            }
            if (sentry != null) {
                try {
                    SentryWatch.start(initBinary, sentry, pid1);
                } catch (RuntimeException e) {
                    OciNative.close(pidfd);
                    closeQuietly(startup.console());
                    throw e;
                }
            }
            if (startup.console() != null) {
                try (HostFd master = startup.console()) {
                    ConsoleSocket.send(consoleSocket, master);
                } catch (RuntimeException e) {
                    OciNative.close(pidfd);
                    throw e;
                }
            }
            return new Up(init, pid1, pidfd, listener, hooks);
        } catch (RuntimeException e) {
            closeQuietly(listener);
            init.close();
            if (moved.get() != null) {
                moved.get().restore().forEach(f -> LOG.warn("container {}: {}", id, f));
            }
            throw e;
        }
    }

    /**
     * At init's stop before pivot_root: {@code linux.netDevices} into the container's network
     * namespace, then the create hooks (which may look for them). Null, or why it failed.
     */
    private static String createSetup(
            Spec spec,
            String id,
            HookRunner hooks,
            int pid1,
            AtomicReference<NetdevMover.Moved> moved) {
        try {
            moved.set(ContainerNetdevs.moveIn(spec, id, pid1));
        } catch (NetdevException e) {
            return e.getMessage();
        }
        return createHooks(hooks, pid1);
    }

    /**
     * prestart and createRuntime in the runtime's namespaces, then createContainer in the
     * container's.
     */
    private static String createHooks(HookRunner h, int pid1) {
        String failure = h.run("prestart", "creating", pid1, false);
        failure = failure != null ? failure : h.run("createRuntime", "creating", pid1, false);
        return failure != null ? failure : h.run("createContainer", "creating", pid1, true);
    }

    /**
     * Moves the outer sluice-init, still waiting for its plan, into the container's cgroups: init
     * and the workload are forked there. The sentry itself stays out (see the cgroup package). On
     * cgroup v2 the plan forks the container's process into its cgroup instead, and this is not
     * called.
     */
    private static void enter(Cgroup cgroup, int pid) {
        if (cgroup == null) {
            return;
        }
        try {
            cgroup.enter(pid);
        } catch (IOException e) {
            throw new OciException(
                    "cannot move the container's init into its cgroup "
                            + cgroup.dirs().values()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static void closeQuietly(HostFd fd) {
        if (fd != null) {
            fd.close();
        }
    }
}
