package dev.sluice.oci.daemon;

import dev.sluice.oci.launch.OciPlanCompiler;
import dev.sluice.oci.spec.Spec;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevJournal;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.sentry.launch.HostProcess;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * A container's {@code linux.netDevices}: moved into its network namespace at create, while init
 * waits before its hooks, with their addresses, MTU and routes kept (RoCE GIDs stay populated), and
 * back to the host with them at delete. The moves themselves are {@link NetdevMover}'s, journaled
 * under {@link NetdevMover#JOURNAL_DIR}: a netdev whose container went away without a delete comes
 * back at the next move that wants it, or with {@code sluice rdma restore}.
 */
public final class ContainerNetdevs {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerNetdevs.class);

    private ContainerNetdevs() {}

    /**
     * Moves the config's netdevs into the namespace of the container's init ({@code pid1}); null
     * when it has none. All or none.
     */
    public static NetdevMover.Moved moveIn(Spec spec, String id, int pid1) {
        List<NetdevMover.Grant> grants = OciPlanCompiler.netDevices(spec);
        if (grants.isEmpty()) {
            return null;
        }
        HostProcess owner = HostProcess.of(pid1);
        if (owner == null) {
            throw new NetdevException(
                    "container " + id + ": init exited before its netdevs could be moved in");
        }
        NetdevMover mover = NetdevMover.onHost();
        for (String dev : mover.recoverStale()) {
            LOG.warn(
                    "netdev {}: restored to the host from a sandbox that ended without giving it back",
                    dev);
        }
        return mover.moveIn(grants, owner, "container " + id);
    }

    /**
     * Brings back the netdevs that the container whose init was {@code init} holds; returns what
     * could not be restored (the records stay for {@code sluice rdma restore}).
     */
    public static List<String> restore(Spec spec, HostProcess init) {
        List<String> failures = new ArrayList<>();
        NetdevMover mover = NetdevMover.onHost();
        for (NetdevMover.Grant g : OciPlanCompiler.netDevices(spec)) {
            NetdevJournal j =
                    NetdevJournal.read(NetdevMover.JOURNAL_DIR, g.hostName()).orElse(null);
            if (j == null || j.ownerPid() != init.pid() || j.ownerStartTime() != init.startTime()) {
                continue; // never moved in (create failed first), or restored already
            }
            try {
                mover.restore(j);
            } catch (NetdevException e) {
                failures.add(e.getMessage());
            }
        }
        return failures;
    }
}
