package dev.sluice.rdmaproxy.net;

import java.util.List;

/**
 * The whole report of {@code sluice rdma doctor}.
 *
 * @param devices the RDMA devices examined
 * @param gpus the GPUs seen ({@code /dev/nvidiaN}) and where they sit
 */
public record RdmaDoctorReport(List<RdmaDeviceReport> devices, List<GpuPlacement> gpus) {

    public RdmaDoctorReport {
        devices = List.copyOf(devices);
        gpus = List.copyOf(gpus);
    }

    /** How many findings are warnings. */
    public long warnings() {
        return devices.stream()
                .flatMap(d -> d.allFindings().stream())
                .filter(f -> f.severity() == Finding.Severity.WARN)
                .count();
    }
}
