package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.Spec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class NvidiaDrmNodesTest {
    @TempDir Path tmp;

    /** A fake sysfs where 226:1 is bound to nvidia and 226:128 to another GPU driver. */
    private Path sys() throws IOException {
        Path sys = tmp.resolve("sys");
        Path drivers = Files.createDirectories(sys.resolve("bus/pci/drivers"));
        Files.createDirectories(drivers.resolve("nvidia"));
        Files.createDirectories(drivers.resolve("amdgpu"));
        for (String[] n : new String[][] {{"226:1", "nvidia"}, {"226:128", "amdgpu"}}) {
            Path device = Files.createDirectories(sys.resolve("dev/char/" + n[0] + "/device"));
            Files.createSymbolicLink(device.resolve("driver"), drivers.resolve(n[1]));
        }
        return sys;
    }

    private static void device(ObjectNode c, String path, long major, long minor) {
        ObjectNode linux = c.with("linux");
        ObjectNode d = linux.withArray("devices").addObject();
        d.put("path", path).put("type", "c").put("major", major).put("minor", minor);
        linux.with("resources")
                .withArray("devices")
                .addObject()
                .put("allow", true)
                .put("type", "c")
                .put("major", major)
                .put("minor", minor)
                .put("access", "rwm");
    }

    @Test
    void anNvidiaDrmNodeIsLeftOutWithItsRuleAndNamedOthersStay() throws IOException {
        Path sys = sys();
        assertTrue(NvidiaDrmNodes.isNvidia(226, 1, sys));
        assertFalse(NvidiaDrmNodes.isNvidia(226, 128, sys), "another driver's DRM node");
        assertFalse(NvidiaDrmNodes.isNvidia(195, 1, sys), "not DRM");
        assertFalse(NvidiaDrmNodes.isNvidia(226, 2, sys), "no such node");
        ObjectNode c = Bundles.JSON.createObjectNode();
        device(c, "/dev/dri/card1", 226, 1);
        device(c, "/dev/dri/renderD128", 226, 128);
        device(c, "/dev/nvidia0", 195, 0);
        List<String> lines = NvidiaDrmNodes.drop(c, sys);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("/dev/dri/card1 (226:1)"), lines.get(0));
        assertTrue(lines.get(0).contains("NVProxy does not mediate"), lines.get(0));
        ArrayNode devices = (ArrayNode) c.path("linux").path("devices");
        assertEquals(2, devices.size());
        assertEquals("/dev/dri/renderD128", devices.get(0).path("path").asText());
        assertEquals("/dev/nvidia0", devices.get(1).path("path").asText());
        ArrayNode rules = (ArrayNode) c.path("linux").path("resources").path("devices");
        assertEquals(2, rules.size(), "the node's allow rule went with it: " + rules);
        assertEquals(128, rules.get(0).path("minor").asLong());
    }

    @Test
    void aConfigWithAnNvidiaDrmNodeIsEditedAtCreate() throws IOException {
        Path sys = sys();
        Path bundle = Files.createDirectories(tmp.resolve("b"));
        Bundles.write(
                bundle,
                false,
                c -> {
                    ObjectNode linux = c.with("linux");
                    linux.withArray("devices")
                            .addObject()
                            .put("path", "/dev/dri/card1")
                            .put("type", "c")
                            .put("major", 226)
                            .put("minor", 1);
                });
        ContainerConfig.AtCreate a =
                ContainerConfig.atCreate(
                        bundle,
                        () -> {
                            throw new AssertionError("no GPU request");
                        },
                        sys);
        assertTrue(a.edited() != null, "the config is edited");
        assertEquals(1, a.warnings().size(), a.warnings().toString());
        assertTrue(
                a.spec().linux().devices().stream()
                        .map(Spec.Device::path)
                        .noneMatch("/dev/dri/card1"::equals),
                "the node is not created");
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        Bundles.write(plain, false);
        assertNull(
                ContainerConfig.atCreate(plain, () -> null, sys).edited(),
                "a config without such a node is the bundle's");
    }
}
