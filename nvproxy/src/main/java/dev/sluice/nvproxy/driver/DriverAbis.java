package dev.sluice.nvproxy.driver;

import dev.sluice.nvproxy.frontend.DriverAbi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The NVIDIA driver versions NVProxy supports, each mapped to the tag of NVIDIA's
 * open-gpu-kernel-modules whose generated data describes its ABI ({@code abi/*-<tag>.tsv}).
 *
 * <p>The versions are every x86_64 version gVisor's nvproxy supports whose tag the open modules
 * publish (535.129.03 to 590.48.01), the head of every branch in between (545, 555, 560, 565, 575)
 * and of 550 and 570, and 580.142. A version without a published tag is listed only where its ABI
 * was observed to be a tag's: 580.159.04, the driver of the GPU host, on which every allowed row
 * was observed with the sizes of the 580.142 headers (docs/nvproxy-discovery.md). A version is
 * matched exactly; {@code --nvproxy-driver-version} names another when the user knows the ABI is
 * the same.
 */
public final class DriverAbis {
    /** The generated tags, oldest first. */
    static final List<String> TAGS =
            List.of(
                    "535.129.03",
                    "535.183.06",
                    "535.247.01",
                    "535.261.03",
                    "535.274.02",
                    "535.288.01",
                    "545.29.06",
                    "550.90.12",
                    "550.163.01",
                    "555.58.02",
                    "560.35.03",
                    "565.77",
                    "570.124.06",
                    "570.133.20",
                    "570.172.08",
                    "570.195.03",
                    "570.211.01",
                    "575.64.05",
                    "580.65.06",
                    "580.105.08",
                    "580.126.09",
                    "580.126.20",
                    "580.142",
                    "590.48.01");

    /** Versions without a published tag, and the tag whose ABI they were observed to have. */
    static final Map<String, String> OBSERVED = Map.of("580.159.04", "580.142");

    /** The version whose tables docs/ioctls.md shows in full: the GPU host's. */
    public static final DriverVersion REFERENCE = DriverVersion.parse("580.159.04");

    private static final Map<DriverVersion, String> VERSIONS;

    static {
        Map<DriverVersion, String> m = new TreeMap<>();
        TAGS.forEach(t -> m.put(DriverVersion.parse(t), t));
        OBSERVED.forEach((v, t) -> m.put(DriverVersion.parse(v), t));
        VERSIONS = Collections.unmodifiableMap(m);
    }

    private static final Map<String, DriverAbi> BUILT = new ConcurrentHashMap<>();

    private DriverAbis() {}

    /** Supported versions, oldest first, each with the tag whose data describes it. */
    public static Map<DriverVersion, String> versions() {
        return VERSIONS;
    }

    /**
     * The ABI of {@code version}.
     *
     * @throws IllegalStateException naming the version, the versions of its branch or the nearest
     *     branches, the supported ones, and the override flag
     */
    public static DriverAbi forVersion(DriverVersion version) {
        String tag = VERSIONS.get(version);
        if (tag == null) {
            throw new IllegalStateException(
                    "NVIDIA driver "
                            + version
                            + " is not supported by NVProxy; "
                            + nearest(version)
                            + ". Supported: "
                            + supported()
                            + ". If its ABI matches one of them, run with --nvproxy-driver-version"
                            + " VERSION.");
        }
        return BUILT.computeIfAbsent(
                tag, t -> NvPolicy.abi(t, String.valueOf(DriverVersion.parse(t).branch())));
    }

    /**
     * What is nearest to an unsupported version: its branch's versions, or the nearest branches.
     */
    static String nearest(DriverVersion version) {
        Map<Integer, List<String>> byBranch = byBranch();
        List<String> same = byBranch.get(version.branch());
        if (same != null) {
            return "branch " + version.branch() + " is supported at " + String.join(", ", same);
        }
        int below = -1;
        int above = -1;
        for (int b : byBranch.keySet()) {
            if (b < version.branch()) {
                below = b;
            } else if (above < 0) {
                above = b;
            }
        }
        StringBuilder s = new StringBuilder("branch " + version.branch() + " is not supported");
        if (below >= 0) {
            s.append("; the nearest older branch is ")
                    .append(below)
                    .append(" (")
                    .append(String.join(", ", byBranch.get(below)))
                    .append(')');
        }
        if (above >= 0) {
            s.append("; the nearest newer branch is ")
                    .append(above)
                    .append(" (")
                    .append(String.join(", ", byBranch.get(above)))
                    .append(')');
        }
        return s.toString();
    }

    /** The supported versions grouped by branch: {@code 535: 535.129.03, ...; 545: ...}. */
    public static Map<Integer, List<String>> byBranch() {
        Map<Integer, List<String>> m = new LinkedHashMap<>();
        VERSIONS.keySet()
                .forEach(
                        v ->
                                m.computeIfAbsent(v.branch(), b -> new java.util.ArrayList<>())
                                        .add(v.toString()));
        return m;
    }

    public static String supported() {
        return VERSIONS.keySet().stream()
                .map(DriverVersion::toString)
                .collect(Collectors.joining(", "));
    }
}
