package dev.sluice.rdmaproxy.net;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Where an NVIDIA GPU sits. A GPU is known by its device minor N ({@code /dev/nvidiaN}); the NVIDIA
 * driver lists each GPU under {@code /proc/driver/nvidia/gpus/PCI_ADDRESS/information}, with the
 * lines {@code Bus Location: 0000:18:00.0} and {@code Device Minor: 0}, and the PCI device's
 * directory gives its NUMA node ({@code /sys/bus/pci/devices/ADDR/numa_node}). {@code /proc/driver}
 * is not per namespace: in a sandbox it lists every GPU of the host, so the caller passes the
 * minors of the GPU nodes it can see.
 *
 * @param minor the device minor, N of {@code /dev/nvidiaN}
 * @param pciAddress the GPU's PCI address, empty when the driver does not list it
 * @param placement its placement, {@link PciPlacement#VIRTUAL} when unknown
 */
public record GpuPlacement(int minor, String pciAddress, PciPlacement placement) {

    /** {@code nvidiaN}. */
    public String name() {
        return "nvidia" + minor;
    }

    /** The placements of the GPUs with the given minors, in minor order. */
    public static List<GpuPlacement> read(Path proc, Path sys, Collection<Integer> minors) {
        Map<Integer, String> addresses = new HashMap<>();
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(proc.resolve("driver/nvidia/gpus"))) {
            for (Path gpu : ds) {
                String addr = gpu.getFileName().toString();
                int minor = -1;
                for (String line : SysFiles.read(gpu.resolve("information")).split("\n")) {
                    int colon = line.indexOf(':');
                    if (colon < 0) {
                        continue;
                    }
                    String key = line.substring(0, colon).trim();
                    String value = line.substring(colon + 1).trim();
                    if (key.equals("Device Minor")) {
                        try {
                            minor = Integer.parseInt(value);
                        } catch (NumberFormatException e) {
                            minor = -1;
                        }
                    } else if (key.equals("Bus Location") && !value.isEmpty()) {
                        addr = value;
                    }
                }
                if (minor >= 0) {
                    addresses.put(minor, addr.toLowerCase(java.util.Locale.ROOT));
                }
            }
        } catch (IOException e) {
            // no NVIDIA driver, or not readable: placements unknown
        }
        List<GpuPlacement> out = new ArrayList<>();
        for (int minor : new TreeSet<>(minors)) {
            String addr = addresses.getOrDefault(minor, "");
            PciPlacement where =
                    addr.isEmpty()
                            ? PciPlacement.VIRTUAL
                            : PciPlacement.of(sys, sys.resolve("bus/pci/devices").resolve(addr));
            out.add(new GpuPlacement(minor, addr, where));
        }
        return out;
    }
}
