package dev.sluice.rdmaproxy.net;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which RDMA devices run on a netdev, read from sysfs in the runtime's own network namespace:
 *
 * <ul>
 *   <li>a NIC's own RDMA function, {@code /sys/class/net/NETDEV/device/infiniband/*} (mlx5: the
 *       RDMA device of the same PCI function);
 *   <li>Soft-RoCE links, whose {@code parent} attribute names the netdev (rxe_verbs.c, {@code
 *       parent_show}): rdma_rxe unregisters such a device when its netdev leaves the namespace
 *       (rxe_net.c, {@code rxe_notify} on {@code NETDEV_UNREGISTER}), so {@link NetdevMover} adds
 *       the link again on the far side.
 * </ul>
 */
public final class RdmaLinks {
    private RdmaLinks() {}

    /**
     * A Soft-RoCE link and its uverbs node ({@code uverbs0}), which the sandbox's /dev was planned
     * with: a link added again must get the same node.
     */
    public record SoftRoceLink(String ibdev, String uverbs) {}

    /** The Soft-RoCE devices on {@code netdev}. */
    public static List<String> softRoce(Path sys, String netdev) {
        List<String> out = new ArrayList<>();
        for (Path d : SysFiles.list(sys.resolve("class/infiniband"))) {
            if (SysFiles.read(d.resolve("parent")).equals(netdev)) {
                out.add(d.getFileName().toString());
            }
        }
        return out;
    }

    /** The Soft-RoCE links on {@code netdev}, with their uverbs nodes. */
    public static List<SoftRoceLink> softRoceLinks(Path sys, String netdev) {
        return softRoce(sys, netdev).stream()
                .map(d -> new SoftRoceLink(d, uverbsOf(sys, d)))
                .toList();
    }

    /** The uverbs node ({@code uverbsN}) of {@code ibdev}, or "" when it has none. */
    public static String uverbsOf(Path sys, String ibdev) {
        for (Path n : SysFiles.list(sys.resolve("class/infiniband_verbs"))) {
            if (SysFiles.read(n.resolve("ibdev")).equals(ibdev)) {
                return n.getFileName().toString();
            }
        }
        return "";
    }

    /** Every RDMA device on {@code netdev}: the NIC's own and the Soft-RoCE links. */
    public static List<String> all(Path sys, String netdev) {
        List<String> out = new ArrayList<>();
        for (Path d :
                SysFiles.list(
                        sys.resolve("class/net").resolve(netdev).resolve("device/infiniband"))) {
            out.add(d.getFileName().toString());
        }
        for (String s : softRoce(sys, netdev)) {
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The netdevs an RDMA device runs on: its PCI function's ({@code device/net/*}, mlx5) or the
     * one a Soft-RoCE link names ({@code parent}).
     */
    public static List<String> netdevsOf(Path sys, String ibdev) {
        Path dev = sys.resolve("class/infiniband").resolve(ibdev);
        List<String> out = new ArrayList<>();
        for (Path n : SysFiles.list(dev.resolve("device/net"))) {
            out.add(n.getFileName().toString());
        }
        String parent = SysFiles.read(dev.resolve("parent"));
        if (!parent.isEmpty() && !out.contains(parent)) {
            out.add(parent);
        }
        return out;
    }
}
