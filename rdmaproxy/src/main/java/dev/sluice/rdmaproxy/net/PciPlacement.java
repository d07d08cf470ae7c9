package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where a device sits: its directory under {@code /sys/devices} (the real path of a {@code device}
 * link, relative to the sysfs root, e.g. {@code devices/pci0000:16/0000:16:02.0/0000:17:00.0}), its
 * PCI address (the last path component, {@code domain:bus:device.function}) and its NUMA node
 * ({@code numa_node}, drivers/pci/pci-sysfs.c; -1 when the platform does not say).
 *
 * <p>A device without a {@code device} link, as Soft-RoCE's (rxe registers its RDMA devices without
 * a parent, drivers/infiniband/sw/rxe/rxe_verbs.c) or a virtual netdev's, is {@link #VIRTUAL}.
 *
 * @param path the device's directory relative to the sysfs root, empty when virtual
 * @param pciAddress its PCI address, empty when the device is not a PCI function
 * @param numaNode its NUMA node, -1 when unknown
 */
public record PciPlacement(String path, String pciAddress, int numaNode) {
    /** A device with no parent device in sysfs. */
    public static final PciPlacement VIRTUAL = new PciPlacement("", "", -1);

    private static final Pattern PCI_ADDRESS =
            Pattern.compile("[0-9a-fA-F]{4,}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");

    /**
     * The placement of the device a {@code device} link (or a device directory) under {@code sys}
     * points to.
     */
    public static PciPlacement of(Path sys, Path device) {
        if (!Files.exists(device)) {
            return VIRTUAL;
        }
        Path real;
        String rel;
        try {
            real = device.toRealPath();
            Path root = sys.toRealPath();
            rel = real.startsWith(root) ? root.relativize(real).toString() : real.toString();
        } catch (IOException e) {
            return VIRTUAL;
        }
        Path name = real.getFileName();
        String addr =
                name != null && PCI_ADDRESS.matcher(name.toString()).matches()
                        ? name.toString()
                        : "";
        return new PciPlacement(rel, addr, SysFiles.readInt(real.resolve("numa_node"), -1));
    }

    /** Whether the device has a parent device in sysfs. */
    public boolean located() {
        return !path.isEmpty();
    }

    /**
     * How many leading path components two placements share: the deeper, the closer in PCI topology
     * (same switch, same root port, same root complex).
     */
    public int sharedDepth(PciPlacement other) {
        if (!located() || !other.located()) {
            return 0;
        }
        String[] a = path.split("/");
        String[] b = other.path.split("/");
        int n = 0;
        while (n < a.length && n < b.length && a[n].equals(b[n])) {
            n++;
        }
        return n;
    }

    /** {@code 0000:17:00.0, numa 0}, {@code virtual (no PCI device), numa -} and the like. */
    public String describe() {
        String where =
                !located() ? "virtual (no PCI device)" : !pciAddress.isEmpty() ? pciAddress : path;
        return where + ", numa " + (numaNode < 0 ? "-" : Integer.toString(numaNode));
    }
}
