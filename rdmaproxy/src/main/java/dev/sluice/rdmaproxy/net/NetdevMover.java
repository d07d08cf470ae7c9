package dev.sluice.rdmaproxy.net;

import dev.sluice.sentry.launch.HostProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves RDMA netdevs into a sandbox's network namespace and back, keeping what a move loses.
 *
 * <p>The kernel drops every address of a netdev that changes namespace, and RoCE GIDs are derived
 * from those addresses: moved as a plain runtime moves it, the netdev reaches the sandbox with an
 * empty GID table and {@code ibv_modify_qp} fails. Moved back, it reaches the host with no
 * addresses either. So a move here is:
 * <ol>
 *   <li>claim the netdev: a {@link NetdevJournal} written with O_EXCL, holding what the netdev
 *       looked like ({@link NetdevSnapshot}: addresses, prefix lengths, MTU, link state, static
 *       routes, its RDMA devices and Soft-RoCE links, its ARP settings);</li>
 *   <li>name the sandbox's namespace ({@code ip netns attach sluice-PID-STARTTIME PID}), so that it outlives
 *       the sandbox until the netdev is out of it: a physical netdev left in a dying namespace goes
 *       back to the host's without addresses, a virtual one (veth, dummy) is deleted with it;</li>
 *   <li>move it, rename it if asked, and put the snapshot back inside: MTU, link, addresses, routes;
 *       add its Soft-RoCE links again (rdma_rxe unregisters them on the move);</li>
 *   <li>wait until every RoCE device on it shows a GID for each address, and fail if it doesn't.</li>
 * </ol>
 * A failure at any step moves what was moved back and restores it: either every netdev of a
 * sandbox is moved, or none is. {@link #restore} undoes a move when the sandbox ends; it is
 * idempotent, and {@link #recoverStale} runs it for every record whose sandbox is gone, such as
 * after the runtime was killed half way.
 *
 * <p>The strong host model inside the sandbox ({@code arp_ignore}, {@code arp_announce}) is not
 * set here but by sluice-init, from the launch plan ({@link StrongArp}).
 *
 * <p>Lock order: {@link #LOCK} (threads of one JVM), then the journal directory's lock file
 * (processes); held for a whole move or restore.
 */
public final class NetdevMover {
    private static final Logger LOG = LoggerFactory.getLogger(NetdevMover.class);
    /** Where the journals live on the host. */
    public static final Path JOURNAL_DIR = Path.of("/run/sluice/netdevs");
    private static final ReentrantLock LOCK = new ReentrantLock();
    private static final long POLL_MILLIS = 50;
    /** How long a Soft-RoCE link whose netdev moved may take to unregister. */
    private static final Duration SOFT_ROCE_GONE = Duration.ofSeconds(3);

    /**
     * A fault to inject, for tests: {@code AFTER_MOVE} fails right after the move (the roll-back);
     * {@code PLAIN_MOVE} moves as a plain runtime does, with no addresses, routes or GID check
     * inside (what the sandbox gets without this class).
     */
    public enum Fault { NONE, AFTER_MOVE, PLAIN_MOVE }

    /**
     * One netdev to move: its name on the host and in the sandbox.
     */
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
    private final Path journals;
    private final Fault fault;
    private final Duration gidTimeout;

    public NetdevMover(IpRoute2 ip, Path sys, Path procSysNet, Path journals, Fault fault, Duration gidTimeout) {
        this.ip = ip;
        this.sys = sys;
        this.procSysNet = procSysNet;
        this.journals = journals;
        this.fault = fault;
        this.gidTimeout = gidTimeout;
    }

    /** The host's tools, /sys, /proc/sys/net and {@link #JOURNAL_DIR}. */
    public static NetdevMover onHost(Fault fault) {
        return new NetdevMover(new IpRoute2(IpRoute2.SYSTEM, IpRoute2.NETNS_DIR), Path.of("/sys"), Path.of("/proc/sys/net"), JOURNAL_DIR, fault,
                Duration.ofSeconds(10));
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

        /** Moves every netdev back and restores it; returns what could not be restored (empty when all was). */
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
        try (Locked l = lock()) {
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
                if (done.isEmpty() && NetdevJournal.all(journals).stream().noneMatch(j -> j.netns().equals(netns))) {
                    try {
                        ip.netnsDelete(netns);
                    } catch (RuntimeException r) {
                        left.add(r.getMessage());
                    }
                }
                throw left.isEmpty() ? e : new NetdevException(e.getMessage() + "; and restoring failed: " + String.join("; ", left), e);
            }
        }
    }

    /** Brings the netdev of {@code j} back to the host and restores it; nothing to do twice. */
    public void restore(NetdevJournal j) {
        try (Locked l = lock()) {
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
        try (Locked l = lock()) {
            for (NetdevJournal j : NetdevJournal.all(journals)) {
                if (j.ownerAlive()) {
                    continue;
                }
                try {
                    restoreLocked(j);
                    out.add(j.netdev());
                } catch (RuntimeException e) {
                    LOG.warn("netdev {}: cannot restore it from its ended sandbox ({}): {}", j.netdev(), j.sandbox(), e.getMessage());
                }
            }
        }
        return out;
    }

    /** Fails unless {@code dev} can be claimed; restores it first if a dead sandbox still holds it. */
    private void claimable(String dev) {
        NetdevJournal.read(journals, dev).ifPresent(j -> {
            if (j.ownerAlive()) {
                throw new NetdevException("netdev " + dev + " is already in another sandbox (" + j.sandbox() + "; its pid 1 is "
                        + j.ownerPid() + ")");
            }
            LOG.warn("netdev {}: its sandbox ({}) ended without giving it back; restoring it first", dev, j.sandbox());
            restoreLocked(j);
        });
        if (!ip.linkExists(null, dev)) {
            throw new NetdevException("netdev " + dev + " does not exist in the runtime's network namespace");
        }
    }

    private NetdevJournal moveOne(Grant g, String netns, HostProcess owner, String sandbox) {
        String dev = g.hostName();
        NetdevSnapshot snap = NetdevSnapshot.capture(ip, sys, procSysNet, dev);
        NetdevJournal j = new NetdevJournal(dev, g.innerName(), netns, owner.pid(), owner.startTime(), sandbox, snap);
        try {
            if (!j.create(journals)) {
                throw new NetdevException("netdev " + dev + " is already in another sandbox (its record "
                        + NetdevJournal.file(journals, dev) + " appeared meanwhile)");
            }
        } catch (IOException e) {
            throw new NetdevException("cannot write " + NetdevJournal.file(journals, dev) + ": " + e.getMessage(), e);
        }
        try {
            ip.ip(null, "link", "set", "dev", dev, "netns", netns);
        } catch (RuntimeException e) {
            deleteQuietly(j);
            throw e;
        }
        LOG.info("netdev {}: moved into sandbox {} as {} with {} address(es)", dev, sandbox, g.innerName(), snap.addresses().size());
        try {
            if (fault == Fault.AFTER_MOVE) {
                throw new NetdevException("netdev " + dev + ": injected fault after the move");
            }
            if (!g.innerName().equals(dev)) {
                ip.ip(netns, "link", "set", "dev", dev, "name", g.innerName());
            }
            if (fault == Fault.PLAIN_MOVE) {
                ip.ip(netns, "link", "set", "dev", g.innerName(), "up");
                addSoftRoce(snap, netns, g.innerName());
                return j;
            }
            ip.batch(netns, snap.restoreCommands(g.innerName()));
            addSoftRoce(snap, netns, g.innerName());
            awaitGids(snap, g.innerName());
            return j;
        } catch (RuntimeException e) {
            try {
                restoreLocked(j);
            } catch (RuntimeException r) {
                throw new NetdevException(e.getMessage() + "; and restoring " + dev + " failed: " + r.getMessage(), e);
            }
            throw e;
        }
    }

    private void restoreLocked(NetdevJournal j) {
        String dev = j.netdev();
        NetdevSnapshot snap = j.host();
        if (!ip.linkExists(null, dev)) {
            if (!ip.netnsExists(j.netns()) || !ip.linkExists(j.netns(), j.inner())) {
                throw new NetdevException("netdev " + dev + " is neither on the host nor in its sandbox's namespace "
                        + j.netns() + " (a virtual netdev ends with its namespace; a physical one comes back to the host's"
                        + " on its own); its record stays in " + NetdevJournal.file(journals, dev));
            }
            if (!j.inner().equals(dev)) {
                ip.ip(j.netns(), "link", "set", "dev", j.inner(), "down");
                ip.ip(j.netns(), "link", "set", "dev", j.inner(), "name", dev);
            }
            ip.ip(j.netns(), "link", "set", "dev", dev, "netns", Long.toString(ProcessHandle.current().pid()));
        }
        ip.batch(null, snap.restoreCommands(dev));
        addSoftRoce(snap, null, dev);
        Path conf = procSysNet.resolve("ipv4/conf").resolve(dev);
        writeSysctl(conf.resolve("arp_ignore"), snap.arpIgnore());
        writeSysctl(conf.resolve("arp_announce"), snap.arpAnnounce());
        deleteQuietly(j);
        if (NetdevJournal.all(journals).stream().noneMatch(o -> o.netns().equals(j.netns()))) {
            ip.netnsDelete(j.netns());
        }
        LOG.info("netdev {}: back on the host from {} with {} address(es)", dev, j.sandbox(), snap.addresses().size());
    }

    /**
     * Adds the snapshot's Soft-RoCE links again on {@code dev} in {@code netns}: rdma_rxe
     * unregisters a link whose netdev leaves the namespace, from a work queue, so the old device is
     * waited for first ({@link #SOFT_ROCE_GONE}). A link still there after that (a kernel that
     * keeps it) is left as it is.
     */
    private void addSoftRoce(NetdevSnapshot snap, String netns, String dev) {
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
                // The kernel hands out the lowest free node: another device took this one meanwhile.
                throw new NetdevException("Soft-RoCE link " + link.ibdev() + " on " + dev + " came back as " + node
                        + ", not " + link.uverbs() + " as the sandbox's /dev was planned");
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
            for (Path port : SysFiles.list(sys.resolve("class/infiniband").resolve(ibdev).resolve("ports"))) {
                if (!SysFiles.read(port.resolve("link_layer")).equals("Ethernet")) {
                    continue; // InfiniBand: GIDs come from the port GUID, not from addresses
                }
                int n = Integer.parseInt(port.getFileName().toString());
                long deadline = System.nanoTime() + gidTimeout.toNanos();
                while (true) {
                    GidTable table = GidTable.read(sys, ibdev, n);
                    List<String> missing = want.stream().filter(a -> table.find(a).isEmpty()).map(InetAddress::getHostAddress).toList();
                    if (missing.isEmpty()) {
                        break;
                    }
                    if (System.nanoTime() >= deadline) {
                        throw new NetdevException("netdev " + dev + ": the GID table of " + ibdev + " port " + n + " has no entry for "
                                + String.join(", ", missing) + " " + gidTimeout.toSeconds() + " s after the addresses were restored");
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

    private void deleteQuietly(NetdevJournal j) {
        try {
            j.delete(journals);
        } catch (IOException e) {
            LOG.warn("cannot remove {}: {}", NetdevJournal.file(journals, j.netdev()), e.getMessage());
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

    /** A netdev name the kernel would take (net/core/dev.c, {@code dev_valid_name}), as ip passes it. */
    static void checkName(String name) {
        if (name == null || name.isEmpty() || name.length() > 15 || name.equals(".") || name.equals("..")) {
            throw new NetdevException("'" + name + "' is not a netdev name (1 to 15 characters, not . or ..)");
        }
        for (char c : name.toCharArray()) {
            if (c == '/' || c == ':' || Character.isWhitespace(c) || c < 0x21 || c > 0x7e) {
                throw new NetdevException("'" + name + "' is not a netdev name (no '/', ':', spaces or control characters)");
            }
        }
    }

    private Locked lock() {
        LOCK.lock();
        try {
            Files.createDirectories(journals);
            FileChannel ch = FileChannel.open(journals.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                return new Locked(ch, ch.lock());
            } catch (IOException | RuntimeException e) {
                ch.close();
                throw e;
            }
        } catch (IOException e) {
            LOCK.unlock();
            throw new NetdevException("cannot lock " + journals + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            LOCK.unlock();
            throw e;
        }
    }

    private record Locked(FileChannel channel, FileLock lock) implements AutoCloseable {
        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // closing releases the lock; nothing to add
            } finally {
                LOCK.unlock();
            }
        }
    }
}
