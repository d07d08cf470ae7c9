package dev.sluice.rdmaproxy.net;

import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.launch.HostProcess;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Moves RDMA netdevs into a sandbox's network namespace and back, keeping what a move loses.
 *
 * <p>The kernel drops every address of a netdev that changes namespace, and RoCE GIDs are derived
 * from those addresses: moved as a plain runtime moves it, the netdev reaches the sandbox with an
 * empty GID table and {@code ibv_modify_qp} fails. Moved back, it reaches the host with no
 * addresses either. So a move here is:
 *
 * <ol>
 *   <li>claim the netdev: a {@link NetdevJournal} written with O_EXCL ({@link NetdevJournals}),
 *       holding what the netdev looked like ({@link NetdevSnapshot}: addresses, prefix lengths,
 *       MTU, link state, static routes, its RDMA devices and Soft-RoCE links, its ARP settings);
 *   <li>name the sandbox's namespace ({@code ip netns attach sluice-PID-STARTTIME PID}), so that it
 *       outlives the sandbox until the netdev is out of it: a physical netdev left in a dying
 *       namespace goes back to the host's without addresses, a virtual one (veth, dummy) is deleted
 *       with it;
 *   <li>move it, and settle it inside ({@link NetdevArrival}; as shipped {@link SnapshotRestorer}:
 *       rename it if asked, put the snapshot back, add its Soft-RoCE links again, since rdma_rxe
 *       unregisters them on the move, and wait until every RoCE device on it shows a GID for each
 *       address, failing if one doesn't).
 * </ol>
 *
 * A failure at any step moves what was moved back and restores it: either every netdev of a sandbox
 * is moved, or none is. {@link #restore} undoes a move when the sandbox ends; it is idempotent, and
 * {@link #recoverStale} runs it for every record whose sandbox is gone, such as after the runtime
 * was killed half way.
 *
 * <p>The strong host model inside the sandbox ({@code arp_ignore}, {@code arp_announce}) is not set
 * here but by sluice-init, from the launch plan ({@link StrongArp}).
 *
 * <p>Lock order: the journals' locks ({@link NetdevJournals#lock}), held for a whole move or
 * restore.
 */
public final class NetdevMover {
    private static final Logger LOG = LoggerFactory.getLogger(NetdevMover.class);

    /** Where the journals live on the host. */
    public static final Path JOURNAL_DIR = Path.of("/run/sluice/netdevs");

    /** One netdev to move: its name on the host and in the sandbox. */
    public record Grant(String hostName, String innerName) {
        public Grant {
            checkName(hostName);
            checkName(innerName);
        }

        /** {@code IFACE} or {@code IFACE=NAME} (the name inside the sandbox). */
        public static Grant parse(String s) {
            int eq = s.indexOf('=');
            return eq < 0 ? new Grant(s, s) : new Grant(s.substring(0, eq), s.substring(eq + 1));
        }
    }

    private final IpRoute2 ip;
    private final Path sys;
    private final Path procSysNet;
    private final NetdevJournals journals;
    private final SnapshotRestorer restorer;
    private final NetdevArrival arrival;

    /**
     * @param restorer puts a netdev's snapshot back when it returns to the host
     * @param arrival settles a netdev in the sandbox after the move ({@code restorer} as shipped)
     */
    public NetdevMover(
            IpRoute2 ip,
            Path sys,
            Path procSysNet,
            NetdevJournals journals,
            SnapshotRestorer restorer,
            NetdevArrival arrival) {
        this.ip = ip;
        this.sys = sys;
        this.procSysNet = procSysNet;
        this.journals = journals;
        this.restorer = restorer;
        this.arrival = arrival;
    }

    /** The host's tools, /sys, /proc/sys/net and {@link #JOURNAL_DIR}. */
    public static NetdevMover onHost() {
        IpRoute2 ip = new IpRoute2(IpRoute2.SYSTEM, IpRoute2.NETNS_DIR);
        Path sys = Path.of("/sys");
        Path procSysNet = Path.of("/proc/sys/net");
        SnapshotRestorer restorer =
                new SnapshotRestorer(ip, sys, procSysNet, Duration.ofSeconds(10));
        // Test-only faults (SLUICE_TEST_FAULTS): without them the arrival is the restorer itself.
        NetdevArrival arrival = NetdevFaults.arrival(TestFaults.active(), ip, restorer);
        return new NetdevMover(
                ip, sys, procSysNet, new NetdevJournals(JOURNAL_DIR), restorer, arrival);
    }

    /** The netdevs moved into one sandbox; {@link #restore()} brings them back. */
    public final class Moved {
        private final List<NetdevJournal> journals;

        private Moved(List<NetdevJournal> journals) {
            this.journals = List.copyOf(journals);
        }

        public List<NetdevJournal> journals() {
            return journals;
        }

        /**
         * Moves every netdev back and restores it; returns what could not be restored (empty when
         * all was).
         */
        public List<String> restore() {
            List<String> failures = new ArrayList<>();
            List<NetdevJournal> rev = new ArrayList<>(journals);
            Collections.reverse(rev);
            for (NetdevJournal j : rev) {
                try {
                    NetdevMover.this.restore(j);
                } catch (RuntimeException e) {
                    failures.add(e.getMessage());
                }
            }
            return failures;
        }
    }

    /**
     * Moves {@code grants} into the network namespace of {@code owner} (the sandbox's pid 1, still
     * waiting for the host before it sets up its mounts). All or none.
     */
    public Moved moveIn(List<Grant> grants, HostProcess owner, String sandbox) {
        Set<String> names = new HashSet<>();
        for (Grant g : grants) {
            if (!names.add(g.hostName())) {
                throw new NetdevException("netdev " + g.hostName() + " is named twice");
            }
        }
        try (NetdevJournals.Locked l = journals.lock()) {
            // Named by pid and start time: a pid reused after a crash never meets an old pin.
            String netns = "sluice-" + owner.pid() + "-" + owner.startTime();
            List<NetdevJournal> done = new ArrayList<>();
            try {
                for (Grant g : grants) {
                    claimable(g.hostName());
                }
                if (!ip.netnsExists(netns)) {
                    ip.netnsAttach(netns, owner.pid());
                }
                for (Grant g : grants) {
                    done.add(moveOne(g, netns, owner, sandbox));
                }
                return new Moved(done);
            } catch (RuntimeException e) {
                List<String> left = new ArrayList<>();
                Collections.reverse(done);
                for (NetdevJournal j : done) {
                    try {
                        restoreLocked(j);
                    } catch (RuntimeException r) {
                        left.add(r.getMessage());
                    }
                }
                if (done.isEmpty() && !journals.anyIn(netns)) {
                    try {
                        ip.netnsDelete(netns);
                    } catch (RuntimeException r) {
                        left.add(r.getMessage());
                    }
                }
                throw left.isEmpty()
                        ? e
                        : new NetdevException(
                                e.getMessage()
                                        + "; and restoring failed: "
                                        + String.join("; ", left),
                                e);
            }
        }
    }

    /** Brings the netdev of {@code j} back to the host and restores it; nothing to do twice. */
    public void restore(NetdevJournal j) {
        try (NetdevJournals.Locked l = journals.lock()) {
            restoreLocked(j);
        }
    }

    /**
     * Restores every netdev whose sandbox has ended without giving it back (its runtime was killed,
     * or the host rebooted the runtime away); returns the names restored. Failures are logged and
     * the record is kept for the next try.
     */
    public List<String> recoverStale() {
        List<String> out = new ArrayList<>();
        try (NetdevJournals.Locked l = journals.lock()) {
            for (NetdevJournal j : journals.all()) {
                if (j.ownerAlive()) {
                    continue;
                }
                try {
                    restoreLocked(j);
                    out.add(j.netdev());
                } catch (RuntimeException e) {
                    LOG.warn(
                            "netdev {}: cannot restore it from its ended sandbox ({}): {}",
                            j.netdev(),
                            j.sandbox(),
                            e.getMessage());
                }
            }
        }
        return out;
    }

    /**
     * Fails unless {@code dev} can be claimed; restores it first if a dead sandbox still holds it.
     */
    private void claimable(String dev) {
        journals.read(dev)
                .ifPresent(
                        j -> {
                            if (j.ownerAlive()) {
                                throw new NetdevException(
                                        "netdev "
                                                + dev
                                                + " is already in another sandbox ("
                                                + j.sandbox()
                                                + "; its pid 1 is "
                                                + j.ownerPid()
                                                + ")");
                            }
                            LOG.warn(
                                    "netdev {}: its sandbox ({}) ended without giving it back; restoring it first",
                                    dev,
                                    j.sandbox());
                            restoreLocked(j);
                        });
        if (!ip.linkExists(null, dev)) {
            throw new NetdevException(
                    "netdev " + dev + " does not exist in the runtime's network namespace");
        }
    }

    private NetdevJournal moveOne(Grant g, String netns, HostProcess owner, String sandbox) {
        String dev = g.hostName();
        NetdevSnapshot snap = NetdevSnapshot.capture(ip, sys, procSysNet, dev);
        NetdevJournal j =
                new NetdevJournal(
                        dev, g.innerName(), netns, owner.pid(), owner.startTime(), sandbox, snap);
        journals.claim(j);
        try {
            ip.ip(null, "link", "set", "dev", dev, "netns", netns);
        } catch (RuntimeException e) {
            journals.release(j);
            throw e;
        }
        LOG.info(
                "netdev {}: moved into sandbox {} as {} with {} address(es)",
                dev,
                sandbox,
                g.innerName(),
                snap.addresses().size());
        try {
            arrival.settle(g, netns, snap);
            return j;
        } catch (RuntimeException e) {
            try {
                restoreLocked(j);
            } catch (RuntimeException r) {
                throw new NetdevException(
                        e.getMessage() + "; and restoring " + dev + " failed: " + r.getMessage(),
                        e);
            }
            throw e;
        }
    }

    private void restoreLocked(NetdevJournal j) {
        String dev = j.netdev();
        NetdevSnapshot snap = j.host();
        if (!ip.linkExists(null, dev)) {
            if (!ip.netnsExists(j.netns()) || !ip.linkExists(j.netns(), j.inner())) {
                throw new NetdevException(
                        "netdev "
                                + dev
                                + " is neither on the host nor in its sandbox's namespace "
                                + j.netns()
                                + " (a virtual netdev ends with its namespace; a physical one comes back to the host's"
                                + " on its own); its record stays in "
                                + journals.file(dev));
            }
            if (!j.inner().equals(dev)) {
                ip.ip(j.netns(), "link", "set", "dev", j.inner(), "down");
                ip.ip(j.netns(), "link", "set", "dev", j.inner(), "name", dev);
            }
            ip.ip(
                    j.netns(),
                    "link",
                    "set",
                    "dev",
                    dev,
                    "netns",
                    Long.toString(ProcessHandle.current().pid()));
        }
        restorer.onHost(snap, dev);
        journals.release(j);
        if (!journals.anyIn(j.netns())) {
            ip.netnsDelete(j.netns());
        }
        LOG.info(
                "netdev {}: back on the host from {} with {} address(es)",
                dev,
                j.sandbox(),
                snap.addresses().size());
    }

    /**
     * A netdev name the kernel would take (net/core/dev.c, {@code dev_valid_name}), as ip passes
     * it.
     */
    static void checkName(String name) {
        if (name == null
                || name.isEmpty()
                || name.length() > 15
                || name.equals(".")
                || name.equals("..")) {
            throw new NetdevException(
                    "'" + name + "' is not a netdev name (1 to 15 characters, not . or ..)");
        }
        for (char c : name.toCharArray()) {
            if (c == '/' || c == ':' || Character.isWhitespace(c) || c < 0x21 || c > 0x7e) {
                throw new NetdevException(
                        "'"
                                + name
                                + "' is not a netdev name (no '/', ':', spaces or control characters)");
            }
        }
    }
}
