package dev.sluice.rdmaproxy.net;

import java.util.List;

/**
 * What {@link RdmaDoctor} found on one RDMA device.
 *
 * @param ibdev the RDMA device ({@code rxe0}, {@code mlx5_0})
 * @param uverbs its uverbs node ({@code uverbs0}), empty when none is visible
 * @param hostDriver the host driver sysfs names for it ({@code mlx5_core}, {@code rdma_rxe}), empty
 *     when none
 * @param plugin the RDMAProxy driver plugin {@code sluice run --rdma} would serve it with ({@code
 *     mlx5}, {@code rxe}, {@code generic} only where chosen), or {@code none: refused}
 * @param pluginReason why that plugin: the host driver, a forced or fallback generic plugin, or the
 *     refusal with the supported drivers
 * @param nodeGuid {@code node_guid}, empty if unknown
 * @param fwVer {@code fw_ver}, empty if unknown
 * @param placement where the device sits ({@link PciPlacement#VIRTUAL} for rxe)
 * @param gpu the granted GPU closest to it in PCI topology, null when none is paired
 * @param ports its ports
 * @param findings what is wrong with the device as a whole (NUMA)
 */
public record RdmaDeviceReport(
        String ibdev,
        String uverbs,
        String hostDriver,
        String plugin,
        String pluginReason,
        String nodeGuid,
        String fwVer,
        PciPlacement placement,
        GpuPlacement gpu,
        List<RdmaPortReport> ports,
        List<Finding> findings) {

    public RdmaDeviceReport {
        ports = List.copyOf(ports);
        findings = List.copyOf(findings);
    }

    /** Every finding: the device's and its ports'. */
    public List<Finding> allFindings() {
        List<Finding> all = new java.util.ArrayList<>();
        ports.forEach(p -> all.addAll(p.findings()));
        all.addAll(findings);
        return all;
    }
}
