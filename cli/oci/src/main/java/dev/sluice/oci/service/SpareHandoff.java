package dev.sluice.oci.service;

import dev.sluice.oci.OciException;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.cgroup.CgroupFs;
import dev.sluice.oci.cgroup.CgroupHost;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.oci.runtime.ContainerRuntime;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.nativeio.HostFd;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One caller's create, handed to the service's spare sentry ({@link SpareSentries}) instead of a
 * sentry daemon started by the caller; the spare is put where that daemon would have been:
 *
 * <ul>
 *   <li>in the caller's cgroups ({@code /proc/CALLER/cgroup}), outside the container's, moved there
 *       before it hears of the container where it is not there already ({@link
 *       #joinCallersCgroups});
 *   <li>in a session of its own (it left the service's when it started), as the daemon leaves the
 *       caller's;
 *   <li>with the caller's connection to the service, over which it has the caller start the
 *       container's sluice-init (dev.sluice.oci.ipc.ClientSpawner): the container's process is then
 *       the caller's descendant, with the caller's stdio and preserved fds, and is reparented to
 *       the caller's subreaper. Create's thread in the service meanwhile waits for the spare's
 *       report and touches the connection only after it.
 * </ul>
 *
 * Whatever cannot be done makes {@link #take} answer null, the spare (if one was taken) killed:
 * create then starts a sentry daemon, as without a service.
 */
final class SpareHandoff implements ContainerRuntime.WarmSentry {
    private static final Logger LOG = LoggerFactory.getLogger(SpareHandoff.class);

    /**
     * How long create waits for a spare that is still starting: well beyond a JVM's start on a busy
     * machine, and short of the time a caller would wait for create.
     */
    static final long WAIT_MILLIS = 5_000;

    /**
     * What the caller gave the service, and the create's options that the sentry needs.
     *
     * @param client the service's end of the caller's connection (a copy goes to the spare)
     */
    record Ask(HostFd client, int clientPid, Path consoleSocket, int preservedFds, boolean debug) {}

    private final SpareSentries spares;
    private final Ask ask;

    SpareHandoff(SpareSentries spares, Ask ask) {
        this.spares = spares;
        this.ask = ask;
    }

    @Override
    public HostProcess take(String id, Path bundle, int reportFd) {
        SpareSentries.Spare spare = spares.take(WAIT_MILLIS);
        if (spare == null) {
            return null;
        }
        try {
            joinCallersCgroups(ask.clientPid(), spare.process().pid());
            HostFd report = HostFd.adopt(reportFd);
            try {
                spare.hand(
                        new SpareMessage.Container(
                                id,
                                bundle.toString(),
                                ask.consoleSocket() == null
                                        ? null
                                        : ask.consoleSocket().toAbsolutePath().toString(),
                                ask.preservedFds(),
                                ask.clientPid(),
                                ask.debug(),
                                ask.client(),
                                report));
            } finally {
                report.release(); // create's, to close
            }
            return spare.process();
        } catch (RuntimeException | IOException e) {
            LOG.debug(
                    "container {}: the spare sentry {} could not take it: {}",
                    id,
                    spare.process().pid(),
                    e.toString());
            spare.kill();
            return null;
        }
    }

    /**
     * Puts process {@code pid} (a spare sentry) in process {@code caller}'s cgroups, in every
     * hierarchy, where a sentry daemon the caller started would be; true if it had to be moved,
     * false if it was there already ({@code /proc/PID/cgroup} reads as the caller's, both read
     * here, in this service's cgroup namespace), in which case nothing is written. A write to
     * {@code cgroup.procs} takes the kernel's cgroup write lock even for a process that stays where
     * it is, and that waits for an RCU grace period: 7 to 32 ms on the H200 host, the larger part
     * of a create with a ready spare (docs/benchmarks.md). The service's spares are in the
     * service's cgroups, which are those of the client that started it: where a container manager's
     * shims share its cgroup (containerd's default) no spare is ever moved.
     */
    static boolean joinCallersCgroups(int caller, int pid) throws IOException {
        String callers = Files.readString(Path.of("/proc/" + caller + "/cgroup"));
        if (callers.equals(Files.readString(Path.of("/proc/" + pid + "/cgroup")))) {
            return false;
        }
        callersCgroup(callers).enter(pid);
        return true;
    }

    /**
     * The caller's own cgroups, in every hierarchy, from its {@code /proc/CALLER/cgroup} text, as
     * this service sees the host's.
     */
    private static Cgroup callersCgroup(String procCgroup) throws IOException {
        try {
            return CgroupHost.parse(
                            Files.readString(Path.of("/proc/self/mountinfo")),
                            procCgroup,
                            CgroupHost.DEFAULT_BASE,
                            CgroupFs.HOST)
                    .own();
        } catch (OciException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
