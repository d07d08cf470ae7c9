package dev.sluice.oci.cdi;

import dev.sluice.oci.hooks.NvidiaLegacyHook;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a config in the shape {@code docker run --gpus} gives (the NVIDIA toolkit's legacy prestart
 * hook, {@link NvidiaLegacyHook}) asks for, said as CDI: the GPUs of {@code NVIDIA_VISIBLE_DEVICES}
 * as devices of kind {@code nvidia.com/gpu} ({@code all}; indices; UUIDs; {@code none}: the
 * driver's files and control nodes without a GPU), and the driver capabilities of {@code
 * NVIDIA_DRIVER_CAPABILITIES} (default {@code compute,utility}, the toolkit's) as NVProxy's,
 * bounded by the {@code dev.sluice.nvproxy.capabilities} annotation where the config has it. The
 * hook itself never runs; Sluice makes the request's edits from its own CDI spec of the host, so
 * the GPU nodes are {@code linux.devices} entries, mediated by NVProxy.
 *
 * <p>Capabilities NVProxy does not mediate ({@code graphics}, {@code video}, {@code display},
 * {@code compat32}) are left out with a warning: CUDA images often set {@code all}. A request left
 * with no capability, and MIG devices, are refused.
 */
public record NvidiaLegacyRequest(
        List<String> devices, String capabilities, List<String> warnings) {
    /** The CDI kind of NVIDIA GPUs. */
    public static final String KIND = "nvidia.com/gpu";

    /** The annotation that bounds NVProxy's capabilities (ProxySelection reads it). */
    public static final String CAPS_ANNOTATION = "dev.sluice.nvproxy.capabilities";

    /** The capabilities NVProxy mediates that an image can ask for. */
    static final Set<String> MEDIATED = Set.of("compute", "utility");

    /** The toolkit's other capabilities. */
    static final Set<String> OTHERS = Set.of("graphics", "video", "display", "compat32", "ngx");

    /**
     * The request of {@code spec}, or empty when it holds no legacy hook or asks for nothing
     * ({@code NVIDIA_VISIBLE_DEVICES} unset, empty or {@code void}).
     *
     * @throws SpecException naming the env variable or annotation that cannot be met
     */
    public static Optional<NvidiaLegacyRequest> of(Spec spec, String file) {
        if (spec.hooks() == null
                || spec.hooks().byKind().values().stream()
                        .flatMap(List::stream)
                        .noneMatch(NvidiaLegacyHook::is)) {
            return Optional.empty();
        }
        String visible = env(spec, "NVIDIA_VISIBLE_DEVICES");
        if (visible == null || visible.isEmpty() || visible.equals("void")) {
            return Optional.empty();
        }
        List<String> devices = new ArrayList<>();
        if (visible.equals("all")) {
            devices.add(KIND + "=all");
        } else if (!visible.equals("none")) {
            for (String part : visible.split(",")) {
                String d = part.trim();
                if (d.contains(":") || d.startsWith("MIG-")) {
                    throw new SpecException(
                            file,
                            "process.env NVIDIA_VISIBLE_DEVICES",
                            "\"" + d + "\" is a MIG device; NVProxy grants whole GPUs only");
                }
                if (!d.matches("\\d{1,3}") && !d.matches("GPU-[0-9a-fA-F-]+")) {
                    throw new SpecException(
                            file,
                            "process.env NVIDIA_VISIBLE_DEVICES",
                            "\""
                                    + d
                                    + "\" is not a GPU index or UUID (all, none, void, N, GPU-<uuid>)");
                }
                if (!devices.contains(KIND + "=" + d)) {
                    devices.add(KIND + "=" + d);
                }
            }
        }
        List<String> warnings = new ArrayList<>();
        String caps = capabilities(spec, file, warnings);
        return Optional.of(
                new NvidiaLegacyRequest(List.copyOf(devices), caps, List.copyOf(warnings)));
    }

    private static String capabilities(Spec spec, String file, List<String> warnings) {
        String asked = env(spec, "NVIDIA_DRIVER_CAPABILITIES");
        Set<String> requested = new LinkedHashSet<>();
        if (asked == null || asked.isEmpty()) {
            requested.addAll(List.of("compute", "utility"));
        } else {
            for (String part : asked.split(",")) {
                String c = part.trim();
                if (c.equals("all")) {
                    requested.addAll(List.of("compute", "utility"));
                } else if (MEDIATED.contains(c)) {
                    requested.add(c);
                } else if (OTHERS.contains(c)) {
                    warnings.add(
                            "NVIDIA_DRIVER_CAPABILITIES: "
                                    + c
                                    + " is not mediated by NVProxy and is left out");
                } else if (!c.isEmpty()) {
                    throw new SpecException(
                            file,
                            "process.env NVIDIA_DRIVER_CAPABILITIES",
                            "unknown capability \""
                                    + c
                                    + "\" (compute, utility, graphics, video, display, compat32, all)");
                }
            }
        }
        String bound = spec.annotations().get(CAPS_ANNOTATION);
        Set<String> out = new LinkedHashSet<>(requested);
        if (bound != null) {
            Set<String> allowed = new LinkedHashSet<>();
            for (String part : bound.split(",")) {
                allowed.add(part.trim());
            }
            if (!allowed.contains("all")) {
                out.retainAll(allowed);
                requested.stream()
                        .filter(c -> !allowed.contains(c))
                        .forEach(
                                c ->
                                        warnings.add(
                                                "NVIDIA_DRIVER_CAPABILITIES: "
                                                        + c
                                                        + " is outside annotation "
                                                        + CAPS_ANNOTATION
                                                        + "="
                                                        + bound
                                                        + " and is left out"));
            }
            if (allowed.contains("rdma") || allowed.contains("all")) {
                out.add("rdma");
            }
        }
        if (out.isEmpty()) {
            throw new SpecException(
                    file,
                    "process.env NVIDIA_DRIVER_CAPABILITIES",
                    "\""
                            + asked
                            + "\" leaves no capability NVProxy mediates (compute, utility)"
                            + (bound == null
                                    ? ""
                                    : " within annotation " + CAPS_ANNOTATION + "=" + bound));
        }
        return String.join(",", out);
    }

    /** The value of {@code name} in the process's env (the last one), trimmed; null when unset. */
    static String env(Spec spec, String name) {
        String v = null;
        if (spec.process() != null) {
            for (String e : spec.process().env()) {
                if (e != null && e.startsWith(name + "=")) {
                    v = e.substring(name.length() + 1).trim();
                }
            }
        }
        return v;
    }
}
