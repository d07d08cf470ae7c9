package dev.sluice.nvproxy.driver;

import dev.sluice.nvproxy.frontend.DriverAbi;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The driver versions NVProxy supports, each mapped to the ABI of its branch.
 *
 * <p>A version is listed only where its ABI is known faithfully: 580.142 is the tag the tables were
 * derived from (NVIDIA's open-gpu-kernel-modules), and 580.159.04 is the driver of the GPU host on
 * which every table row was observed with the sizes the 580.142 headers give
 * (nvproxy/src/test/.../ObservedOnH200Test, docs/nvproxy-discovery.md).
 */
public final class DriverAbis {
    private static final Map<DriverVersion, Supplier<DriverAbi>> VERSIONS;

    static {
        Map<DriverVersion, Supplier<DriverAbi>> m = new TreeMap<>();
        m.put(DriverVersion.parse("580.142"), Abi580::new);
        m.put(DriverVersion.parse("580.159.04"), Abi580::new);
        VERSIONS = Collections.unmodifiableMap(m);
    }

    private DriverAbis() {}

    /** Supported versions, oldest first. */
    public static Map<DriverVersion, Supplier<DriverAbi>> versions() {
        return VERSIONS;
    }

    /**
     * The ABI of {@code version}.
     *
     * @throws IllegalStateException naming the version and the supported ones, and the override
     *     flag
     */
    public static DriverAbi forVersion(DriverVersion version) {
        Supplier<DriverAbi> s = VERSIONS.get(version);
        if (s == null) {
            throw new IllegalStateException(
                    "NVIDIA driver "
                            + version
                            + " is not supported by NVProxy; supported: "
                            + supported()
                            + ". If its ABI matches one of them, run with --nvproxy-driver-version VERSION.");
        }
        return s.get();
    }

    public static String supported() {
        return VERSIONS.keySet().stream()
                .map(DriverVersion::toString)
                .collect(Collectors.joining(", "));
    }
}
