package dev.sluice.oci.cdi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.sentry.nativeio.StatLayout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The DRM nodes of NVIDIA GPUs ({@code /dev/dri/card*}, {@code renderD*}: char major 226, whose
 * sysfs device is bound to the {@code nvidia} driver). {@code nvidia-drm} hands their ioctls (PRIME
 * buffer export and import, GEM objects) to the GPU driver, and NVProxy does not mediate them: a
 * container that had one would reach the GPU beside the proxy. CDI specs list them (for the {@code
 * graphics} and {@code display} capabilities), so a config may hold them; Sluice leaves them out,
 * with a line naming each, rather than give the GPU an unmediated door.
 */
public final class NvidiaDrmNodes {
    static final long DRM_MAJOR = 226;

    private NvidiaDrmNodes() {}

    /** Whether char device {@code major:minor} is a DRM node of an NVIDIA GPU, per {@code sys}. */
    public static boolean isNvidia(long major, long minor, Path sys) {
        if (major != DRM_MAJOR) {
            return false;
        }
        Path driver = sys.resolve("dev/char/" + major + ":" + minor + "/device/driver");
        try {
            Path target = Files.readSymbolicLink(driver).getFileName();
            return target != null && target.toString().equals("nvidia");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Whether the host node at {@code node} is a DRM node of an NVIDIA GPU, per {@code sys}. */
    public static boolean isNvidia(Path node, Path sys) {
        try {
            int mode = (Integer) Files.getAttribute(node, "unix:mode");
            if ((mode & 0170000) != 0020000) {
                return false;
            }
            long rdev = (Long) Files.getAttribute(node, "unix:rdev");
            return isNvidia(StatLayout.major(rdev), StatLayout.minor(rdev), sys);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /**
     * Removes NVIDIA DRM nodes from {@code config}'s {@code linux.devices}, and the device cgroup
     * rules that allow exactly them; returns a line for each node removed.
     */
    public static List<String> drop(ObjectNode config, Path sys) {
        List<String> lines = new ArrayList<>();
        JsonNode linux = config.path("linux");
        if (!(linux.path("devices") instanceof ArrayNode devices)) {
            return lines;
        }
        List<long[]> dropped = new ArrayList<>();
        for (int i = devices.size() - 1; i >= 0; i--) {
            JsonNode d = devices.get(i);
            long major = d.path("major").asLong(-1);
            long minor = d.path("minor").asLong(-1);
            if (d.path("type").asText().equals("c") && isNvidia(major, minor, sys)) {
                devices.remove(i);
                dropped.add(new long[] {major, minor});
                lines.add(
                        0,
                        "linux.devices "
                                + d.path("path").asText()
                                + " ("
                                + major
                                + ":"
                                + minor
                                + ") is a DRM node of an NVIDIA GPU, whose ioctls NVProxy does not mediate: left out");
            }
        }
        if (linux.path("resources").path("devices") instanceof ArrayNode rules) {
            for (int i = rules.size() - 1; i >= 0; i--) {
                JsonNode r = rules.get(i);
                for (long[] d : dropped) {
                    if (r.path("allow").asBoolean()
                            && r.path("major").asLong(-1) == d[0]
                            && r.path("minor").asLong(-1) == d[1]) {
                        rules.remove(i);
                        break;
                    }
                }
            }
        }
        return lines;
    }
}
