package dev.sluice.rdmaproxy.net;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Puts back what a netdev lost by changing network namespace, from its {@link NetdevSnapshot}:
 * inside the sandbox right after the move ({@link #settle}: its name there, MTU, link, addresses,
 * routes, Soft-RoCE links, and then the wait for its RoCE GIDs), and on the host when it comes back
 * ({@link #onHost}: the same and its ARP sysctls).
 */
public final class SnapshotRestorer implements NetdevArrival {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotRestorer.class);
    private static final long POLL_MILLIS = 50;

    /** How long a Soft-RoCE link whose netdev moved may take to unregister. */
    private static final Duration SOFT_ROCE_GONE = Duration.ofSeconds(3);

    private final IpRoute2 ip;
    private final Path sys;
    private final Path procSysNet;
    private final Duration gidTimeout;

    /**
     * @param gidTimeout how long the GIDs of a moved netdev may take to appear
     */
    public SnapshotRestorer(IpRoute2 ip, Path sys, Path procSysNet, Duration gidTimeout) {
        this.ip = ip;
        this.sys = sys;
        this.procSysNet = procSysNet;
        this.gidTimeout = gidTimeout;
    }

    /** Renames it if asked, puts the snapshot back inside, and waits for its GIDs. */
    @Override
    public void settle(NetdevMover.Grant g, String netns, NetdevSnapshot host) {
        if (!g.innerName().equals(g.hostName())) {
            ip.ip(netns, "link", "set", "dev", g.hostName(), "name", g.innerName());
        }
        ip.batch(netns, host.restoreCommands(g.innerName()));
        addSoftRoce(host, netns, g.innerName());
        awaitGids(host, g.innerName());
    }

    /** Puts the snapshot back on {@code dev}, back on the host under its own name. */
    public void onHost(NetdevSnapshot snap, String dev) {
        ip.batch(null, snap.restoreCommands(dev));
        addSoftRoce(snap, null, dev);
        Path conf = procSysNet.resolve("ipv4/conf").resolve(dev);
        writeSysctl(conf.resolve("arp_ignore"), snap.arpIgnore());
        writeSysctl(conf.resolve("arp_announce"), snap.arpAnnounce());
    }

    /**
     * Adds the snapshot's Soft-RoCE links again on {@code dev} in {@code netns}: rdma_rxe
     * unregisters a link whose netdev leaves the namespace, from a work queue, so the old device is
     * waited for first ({@link #SOFT_ROCE_GONE}). A link still there after that (a kernel that
     * keeps it) is left as it is.
     */
    public void addSoftRoce(NetdevSnapshot snap, String netns, String dev) {
        for (RdmaLinks.SoftRoceLink link : snap.softRoce()) {
            Path d = sys.resolve("class/infiniband").resolve(link.ibdev());
            long deadline = System.nanoTime() + SOFT_ROCE_GONE.toNanos();
            while (Files.exists(d) && System.nanoTime() < deadline) {
                sleep();
            }
            if (Files.exists(d)) {
                continue;
            }
            ip.rdma(netns, "link", "add", link.ibdev(), "type", "rxe", "netdev", dev);
            String node = RdmaLinks.uverbsOf(sys, link.ibdev());
            if (!link.uverbs().isEmpty() && !node.equals(link.uverbs())) {
                // The kernel hands out the lowest free node: another device took this one
                // meanwhile.
                throw new NetdevException(
                        "Soft-RoCE link "
                                + link.ibdev()
                                + " on "
                                + dev
                                + " came back as "
                                + node
                                + ", not "
                                + link.uverbs()
                                + " as the sandbox's /dev was planned");
            }
        }
    }

    /** Waits until every RoCE port on the netdev has a GID for each of its addresses. */
    private void awaitGids(NetdevSnapshot snap, String dev) {
        List<InetAddress> want = snap.gidAddresses();
        if (want.isEmpty()) {
            return;
        }
        for (String ibdev : snap.rdmaDevices()) {
            for (Path port :
                    SysFiles.list(
                            sys.resolve("class/infiniband").resolve(ibdev).resolve("ports"))) {
                if (!SysFiles.read(port.resolve("link_layer")).equals("Ethernet")) {
                    continue; // InfiniBand: GIDs come from the port GUID, not from addresses
                }
                int n = Integer.parseInt(port.getFileName().toString());
                long deadline = System.nanoTime() + gidTimeout.toNanos();
                while (true) {
                    GidTable table = GidTable.read(sys, ibdev, n);
                    List<String> missing =
                            want.stream()
                                    .filter(a -> table.find(a).isEmpty())
                                    .map(InetAddress::getHostAddress)
                                    .toList();
                    if (missing.isEmpty()) {
                        break;
                    }
                    if (System.nanoTime() >= deadline) {
                        throw new NetdevException(
                                "netdev "
                                        + dev
                                        + ": the GID table of "
                                        + ibdev
                                        + " port "
                                        + n
                                        + " has no entry for "
                                        + String.join(", ", missing)
                                        + " "
                                        + gidTimeout.toSeconds()
                                        + " s after the addresses were restored");
                    }
                    sleep();
                }
            }
        }
    }

    private static void writeSysctl(Path p, String value) {
        if (value == null || value.isEmpty() || !Files.exists(p)) {
            return;
        }
        try {
            Files.writeString(p, value);
        } catch (IOException e) {
            LOG.warn("cannot restore {} to {}: {}", p, value, e.getMessage());
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NetdevException("interrupted while waiting for the kernel");
        }
    }
}
