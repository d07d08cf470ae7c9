package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The valid entries of one port's GID table, read from sysfs ({@code
 * /sys/class/infiniband/IBDEV/ports/PORT/gids/*} and {@code gid_attrs/}, made by
 * drivers/infiniband/core/sysfs.c).
 *
 * <p>The table has a fixed number of slots ({@code gid_tbl_len}); a slot without a GID reads as the
 * zero GID on current kernels ({@code show_port_gid}) or fails to read on older ones, and its
 * {@code gid_attrs} fail to read. Both count as empty here.
 *
 * <p>On RoCE the kernel fills the table from the netdev (drivers/infiniband/core/roce_gid_mgmt.c):
 * the default GID (the link-local address derived from the MAC) and one GID per IP address of the
 * netdev, for each GID type the device supports: the IPv6 address itself, or for IPv4 the
 * IPv4-mapped IPv6 address {@code ::ffff:a.b.c.d}. An address removed from the netdev (as when the
 * netdev moves to another network namespace) takes its GIDs with it.
 *
 * @param ibdev the RDMA device
 * @param port the port number (from 1)
 * @param entries the valid entries, by index
 */
public record GidTable(String ibdev, int port, List<GidEntry> entries) {

    private static final byte[] ZERO = new byte[16];

    public GidTable {
        entries = List.copyOf(entries);
    }

    /**
     * Reads the GID table of {@code ibdev}'s port {@code port} under {@code sys} (normally {@code
     * /sys}). A device or port that does not exist gives an empty table.
     */
    public static GidTable read(Path sys, String ibdev, int port) {
        Path dir =
                sys.resolve("class/infiniband")
                        .resolve(ibdev)
                        .resolve("ports")
                        .resolve(Integer.toString(port));
        TreeSet<Integer> indices = new TreeSet<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir.resolve("gids"))) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.matches("\\d{1,6}")) {
                    indices.add(Integer.parseInt(n));
                }
            }
        } catch (IOException e) {
            return new GidTable(ibdev, port, List.of());
        }
        List<GidEntry> entries = new ArrayList<>();
        for (int i : indices) {
            String text = SysFiles.read(dir.resolve("gids").resolve(Integer.toString(i)));
            byte[] raw;
            try {
                raw = GidEntry.parse(text);
            } catch (IllegalArgumentException e) {
                continue; // unreadable: an empty slot on older kernels
            }
            if (java.util.Arrays.equals(raw, ZERO)) {
                continue;
            }
            String type =
                    SysFiles.read(dir.resolve("gid_attrs/types").resolve(Integer.toString(i)));
            String ndev =
                    SysFiles.read(dir.resolve("gid_attrs/ndevs").resolve(Integer.toString(i)));
            entries.add(new GidEntry(i, GidEntry.format(raw), type, ndev));
        }
        return new GidTable(ibdev, port, entries);
    }

    /** Whether the table has no valid entry. */
    public boolean empty() {
        return entries.isEmpty();
    }

    /** The entries made for {@code netdev}. */
    public List<GidEntry> forNetdev(String netdev) {
        return entries.stream().filter(e -> e.netdev().equals(netdev)).toList();
    }

    /** The entries whose GID is the one the kernel makes for {@code address}. */
    public List<GidEntry> forAddress(InetAddress address) {
        byte[] gid = gidOf(address);
        return entries.stream().filter(e -> e.matches(gid)).toList();
    }

    /** The first entry for {@code address}, if any. */
    public Optional<GidEntry> find(InetAddress address) {
        return forAddress(address).stream().findFirst();
    }

    /**
     * The GID the kernel derives from an IP address (roce_gid_mgmt.c): an IPv6 address is its own
     * GID; an IPv4 address becomes the IPv4-mapped {@code ::ffff:a.b.c.d} (for RoCE v1 and v2
     * alike).
     */
    public static byte[] gidOf(InetAddress address) {
        byte[] a = address.getAddress();
        if (address instanceof Inet4Address) {
            byte[] g = new byte[16];
            g[10] = (byte) 0xff;
            g[11] = (byte) 0xff;
            System.arraycopy(a, 0, g, 12, 4);
            return g;
        }
        return a;
    }
}
