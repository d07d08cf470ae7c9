package dev.sluice.rdmaproxy.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The host driver of an RDMA device as sysfs names it: what chooses its driver plugin ({@link
 * DriverPlugins}, {@link PluginChoice}), for RDMAProxy and for {@code sluice rdma doctor}.
 */
public final class HostDrivers {
    /** Soft-RoCE's module, the host driver of a parentless device with rxe's {@code parent}. */
    public static final String RXE_MODULE = "rdma_rxe";

    private HostDrivers() {}

    /**
     * The name of the host driver behind a uverbs node, which chooses the driver plugin:
     *
     * <ol>
     *   <li>the driver bound to the node's parent device, {@code
     *       class/infiniband_verbs/NODE/device/driver} (uverbs gives its char device the RDMA
     *       device's parent: uverbs_main.c); {@code mlx5_core} for a ConnectX PCI function
     *       (mlx5_ib's main.c makes the PCI device the parent);
     *   <li>else the same link of the RDMA device, {@code class/infiniband/IBDEV/device/driver};
     *   <li>else, for a device without a parent, {@value #RXE_MODULE} when the RDMA device has the
     *       {@code parent} attribute that only Soft-RoCE defines (rxe_verbs.c: the netdev it runs
     *       on): rxe registers its devices without a parent device, so sysfs has no driver link for
     *       them.
     * </ol>
     *
     * Empty when none applies.
     */
    public static String ofNode(Path sys, String node) {
        String d =
                linkName(
                        sys.resolve("class/infiniband_verbs")
                                .resolve(node)
                                .resolve("device/driver"));
        if (!d.isEmpty()) {
            return d;
        }
        String ib = read(sys.resolve("class/infiniband_verbs").resolve(node).resolve("ibdev"));
        return ib.isEmpty() ? "" : ofDevice(sys, ib);
    }

    /**
     * The host driver of RDMA device {@code ibdev} itself, steps 2 and 3 of {@link #ofNode}: {@code
     * class/infiniband/IBDEV/device/driver}, else {@value #RXE_MODULE} for a parentless device with
     * rxe's {@code parent} attribute. Empty when neither applies. For a device whose uverbs node is
     * not in {@code class/infiniband_verbs} ({@code sluice rdma doctor}).
     */
    public static String ofDevice(Path sys, String ibdev) {
        Path dev = sys.resolve("class/infiniband").resolve(ibdev);
        String d = linkName(dev.resolve("device/driver"));
        if (!d.isEmpty()) {
            return d;
        }
        if (!Files.exists(dev.resolve("device")) && Files.isRegularFile(dev.resolve("parent"))) {
            return RXE_MODULE;
        }
        return "";
    }

    private static String linkName(Path link) {
        try {
            if (Files.isSymbolicLink(link)) {
                Path target = Files.readSymbolicLink(link).getFileName();
                return target == null ? "" : target.toString();
            }
        } catch (IOException e) {
            // unreadable: no driver
        }
        return "";
    }

    private static String read(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return "";
        }
    }
}
