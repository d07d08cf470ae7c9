package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which RDMA devices run on a netdev, read from sysfs in the runtime's own network namespace:
 * <ul>
 *   <li>a NIC's own RDMA function, {@code /sys/class/net/NETDEV/device/infiniband/*} (mlx5: the
 *       RDMA device of the same PCI function);</li>
 *   <li>Soft-RoCE links, whose {@code parent} attribute names the netdev (rxe_verbs.c,
 *       {@code parent_show}): rdma_rxe unregisters such a device when its netdev leaves the
 *       namespace (rxe_net.c, {@code rxe_notify} on {@code NETDEV_UNREGISTER}), so
 *       {@link NetdevMover} adds the link again on the far side.</li>
 * </ul>
 */
public final class RdmaLinks {
    private RdmaLinks() {}

    /** The Soft-RoCE devices on {@code netdev}. */
    public static List<String> softRoce(Path sys, String netdev) {
        List<String> out = new ArrayList<>();
        for (Path d : SysFiles.list(sys.resolve("class/infiniband"))) {
            try {
                if (Files.readString(d.resolve("parent")).strip().equals(netdev)) {
                    out.add(d.getFileName().toString());
                }
            } catch (IOException e) {
                // no parent attribute: not a software link
            }
        }
        return out;
    }

    /** Every RDMA device on {@code netdev}: the NIC's own and the Soft-RoCE links. */
    public static List<String> all(Path sys, String netdev) {
        List<String> out = new ArrayList<>();
        for (Path d : SysFiles.list(sys.resolve("class/net").resolve(netdev).resolve("device/infiniband"))) {
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
        try {
            String parent = Files.readString(dev.resolve("parent")).strip();
            if (!parent.isEmpty() && !out.contains(parent)) {
                out.add(parent);
            }
        } catch (IOException e) {
            // not a Soft-RoCE link
        }
        return out;
    }
}
