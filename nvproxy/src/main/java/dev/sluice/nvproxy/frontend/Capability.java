package dev.sluice.nvproxy.frontend;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Driver capabilities a sandbox is granted, as in NVIDIA's container toolkit ({@code
 * NVIDIA_DRIVER_CAPABILITIES}). Every table row names the capabilities that enable it; a row is
 * live when the sandbox holds any of them. The default is {@code compute,utility}.
 */
public enum Capability {
    /** CUDA and everything a compute framework needs. */
    COMPUTE,
    /** Monitoring and management: nvidia-smi and NVML. */
    UTILITY,
    /** Sharing GPU memory with NICs: DMABUF export ({@code NV_ESC_EXPORT_TO_DMABUF_FD}). */
    RDMA;

    public static final Set<Capability> DEFAULT = EnumSet.of(COMPUTE, UTILITY);

    /** The table mask bit of this capability. */
    public long bit() {
        return 1L << ordinal();
    }

    /** The mask of several capabilities. */
    public static long mask(Set<Capability> caps) {
        long m = 0;
        for (Capability c : caps) {
            m |= c.bit();
        }
        return m;
    }

    public static long mask(Capability... caps) {
        long m = 0;
        for (Capability c : caps) {
            m |= c.bit();
        }
        return m;
    }

    /**
     * Parses {@code compute,utility,rdma} (case-insensitive; {@code all} means every capability).
     *
     * @throws IllegalArgumentException naming the unknown word and the known ones
     */
    public static Set<Capability> parse(String list) {
        Set<Capability> caps = EnumSet.noneOf(Capability.class);
        for (String word : list.split(",")) {
            String w = word.trim().toLowerCase(Locale.ROOT);
            if (w.isEmpty()) {
                continue;
            }
            if (w.equals("all")) {
                caps.addAll(EnumSet.allOf(Capability.class));
                continue;
            }
            try {
                caps.add(valueOf(w.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "unknown NVIDIA driver capability '"
                                + w
                                + "'; known: "
                                + EnumSet.allOf(Capability.class).stream()
                                        .map(Capability::label)
                                        .collect(Collectors.joining(", "))
                                + ", all");
            }
        }
        if (caps.isEmpty()) {
            throw new IllegalArgumentException("no NVIDIA driver capability given");
        }
        return caps;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code compute,utility} style text of a mask. */
    public static String labels(long mask) {
        return EnumSet.allOf(Capability.class).stream()
                .filter(c -> (mask & c.bit()) != 0)
                .map(Capability::label)
                .collect(Collectors.joining(","));
    }
}
