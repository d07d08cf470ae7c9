package dev.sluice.rdmaproxy.rdmacm;

import dev.sluice.rdmaproxy.net.GidEntry;
import dev.sluice.rdmaproxy.net.GidTable;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an rdma_cm id of one sandbox may use as its own side of a connection: its IP addresses and
 * the GIDs of its RDMA ports. A source address is one of these or the wildcard; destinations are
 * not limited by this record.
 *
 * @param addresses the sandbox's IP addresses (those of its netdevs, in its network namespace)
 * @param gids the GIDs of the sandbox's ports, in canonical text form ({@link GidEntry#format})
 * @param privilegedPorts whether the sandbox may bind ports below 1024: rdma_cm asks for {@code
 *     CAP_NET_BIND_SERVICE} of the writer, which is the sentry when the sentry executes, so the
 *     policy decides it for the sandbox (true only where the sandbox itself holds the capability)
 */
public record RdmaCmSandbox(Set<InetAddress> addresses, Set<String> gids, boolean privilegedPorts) {

    public RdmaCmSandbox {
        addresses = Collections.unmodifiableSet(new LinkedHashSet<>(addresses));
        Set<String> canonical = new LinkedHashSet<>();
        for (String g : gids) {
            canonical.add(GidEntry.format(GidEntry.parse(g)));
        }
        gids = Collections.unmodifiableSet(canonical);
    }

    /**
     * The sandbox of {@code addresses} on the ports {@code tables} describe (its granted devices'
     * ports, read with {@link GidTable#read} in its namespace). An InfiniBand entry (one without a
     * netdev) is the port's own and counts. A RoCE entry counts when its netdev carries one of
     * {@code addresses}, that is when one of the netdev's entries is the GID the kernel makes for
     * one of them ({@link GidTable#gidOf}): the netdev's other entries, its link-local default GID
     * among them, are then the sandbox's too. The entries of netdevs without any of the sandbox's
     * addresses stay out.
     */
    public static RdmaCmSandbox of(
            Collection<InetAddress> addresses,
            Collection<GidTable> tables,
            boolean privilegedPorts) {
        List<byte[]> own = new ArrayList<>();
        for (InetAddress a : addresses) {
            own.add(GidTable.gidOf(a));
        }
        Set<String> netdevs = new LinkedHashSet<>();
        for (GidTable t : tables) {
            for (GidEntry e : t.entries()) {
                if (!e.netdev().isEmpty() && own.stream().anyMatch(e::matches)) {
                    netdevs.add(t.ibdev() + "/" + t.port() + "/" + e.netdev());
                }
            }
        }
        Set<String> gids = new LinkedHashSet<>();
        for (GidTable t : tables) {
            for (GidEntry e : t.entries()) {
                if (e.netdev().isEmpty()
                        || netdevs.contains(t.ibdev() + "/" + t.port() + "/" + e.netdev())) {
                    gids.add(e.gid());
                }
            }
        }
        return new RdmaCmSandbox(new LinkedHashSet<>(addresses), gids, privilegedPorts);
    }

    /**
     * This sandbox with ports below 1024 refused: for a policy whose commands the sentry executes,
     * since the kernel then asks the executor's {@code CAP_NET_BIND_SERVICE}, not the guest's.
     */
    public RdmaCmSandbox withoutPrivilegedPorts() {
        return new RdmaCmSandbox(addresses, gids, false);
    }

    /** Whether {@code a} is one of the sandbox's addresses (an IPv4-mapped one as its IPv4). */
    public boolean hasAddress(InetAddress a) {
        return addresses.contains(a);
    }

    /** Whether the 16 bytes {@code gid} are one of the sandbox's GIDs. */
    public boolean hasGid(byte[] gid) {
        return gids.contains(GidEntry.format(gid));
    }

    /** {@code 10.0.2.15, fd00::2}, or {@code none}. */
    String addressList() {
        List<String> out = new ArrayList<>();
        for (InetAddress a : addresses) {
            byte[] raw = a.getAddress();
            out.add(raw.length == 16 ? GidEntry.format(raw) : a.getHostAddress());
        }
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    /** {@code fe80::1, ::ffff:10.0.2.15}, or {@code none}. */
    String gidList() {
        return gids.isEmpty() ? "none" : String.join(", ", gids);
    }

    /**
     * The sandbox as the granted devices' GID tables under {@code sys} show it now: every port's
     * entries, and as addresses the IP addresses their RoCE GIDs stand for. The sandbox may bind
     * ports below 1024 as far as the kernel lets the guest (the kernel checks the writer, the
     * guest).
     */
    public static RdmaCmSandbox fromSysfs(Path sys, List<String> ibdevs) {
        List<GidTable> tables = new ArrayList<>();
        Set<InetAddress> addresses = new LinkedHashSet<>();
        for (String ibdev : ibdevs) {
            for (int port : ports(sys, ibdev)) {
                GidTable t = GidTable.read(sys, ibdev, port);
                tables.add(t);
                for (GidEntry g : t.entries()) {
                    if (g.netdev().isEmpty()) {
                        continue; // InfiniBand: the port's own GID, no address
                    }
                    try {
                        // An IPv4-mapped GID comes back as the IPv4 address.
                        addresses.add(InetAddress.getByAddress(GidEntry.parse(g.gid())));
                    } catch (UnknownHostException | IllegalArgumentException e) {
                        // not an address
                    }
                }
            }
        }
        return of(addresses, tables, true);
    }

    private static List<Integer> ports(Path sys, String ibdev) {
        List<Integer> out = new ArrayList<>();
        Path dir = sys.resolve("class/infiniband").resolve(ibdev).resolve("ports");
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.matches("\\d{1,3}")) {
                    out.add(Integer.parseInt(n));
                }
            }
        } catch (IOException e) {
            // no ports: no addresses
        }
        out.sort(null);
        return out;
    }
}
