package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** CDI edits made to an OCI config's JSON tree. */
class OciEditsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;

    private static ObjectNode config(String json) throws IOException {
        return (ObjectNode) JSON.readTree(json);
    }

    private static CdiSpec.ContainerEdits env(String... env) {
        return new CdiSpec.ContainerEdits(List.of(env), null, null, null, null, null, null);
    }

    private static CdiSpec.ContainerEdits nodes(CdiSpec.DeviceNode... nodes) {
        return new CdiSpec.ContainerEdits(null, List.of(nodes), null, null, null, null, null);
    }

    private static CdiSpec.ContainerEdits mounts(CdiSpec.Mount... mounts) {
        return new CdiSpec.ContainerEdits(null, null, List.of(mounts), null, null, null, null);
    }

    private static CdiSpec.ContainerEdits hooks(CdiSpec.Hook... hooks) {
        return new CdiSpec.ContainerEdits(null, null, null, List.of(hooks), null, null, null);
    }

    private static CdiSpec.ContainerEdits gids(Long... gids) {
        return new CdiSpec.ContainerEdits(null, null, null, null, List.of(gids), null, null);
    }

    private static CdiSpec.DeviceNode node(String path, String hostPath, String permissions) {
        return new CdiSpec.DeviceNode(
                path, hostPath, null, null, null, null, permissions, null, null);
    }

    /** Whether {@code actual} is the JSON {@code expected}, number types aside. */
    private static void same(String expected, JsonNode actual) throws IOException {
        assertEquals(JSON.readTree(expected), JSON.readTree(actual.toString()));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void anEnvNameTheConfigHasIsReplacedInPlaceAndANewOneAppended() throws IOException {
        ObjectNode c = config("{\"process\": {\"env\": [\"PATH=/bin\", \"A=1\", \"AB=2\"]}}");
        OciEdits.apply(c, List.of(env("A=9", "C=3"), env("C=4")));
        assertEquals(List.of("PATH=/bin", "A=9", "AB=2", "C=4"), texts(c.at("/process/env")));
    }

    @Test
    void envIsAddedToAConfigWithoutProcessEnv() throws IOException {
        ObjectNode c = config("{}");
        OciEdits.env(c, "NVIDIA_VISIBLE_DEVICES=void");
        assertEquals(List.of("NVIDIA_VISIBLE_DEVICES=void"), texts(c.at("/process/env")));
    }

    @Test
    void aDeviceNodeFromTheHostsDevNullGetsItsTypeNumbersAndAnRwmAllowRule() throws IOException {
        ObjectNode c =
                config(
                        "{\"linux\": {\"resources\": {\"devices\": [{\"allow\": false, \"access\": \"rwm\"}]}}}");
        OciEdits.apply(c, List.of(nodes(node("/dev/mynull", "/dev/null", null))));
        JsonNode d = c.at("/linux/devices");
        assertEquals(1, d.size(), d.toString());
        assertEquals("/dev/mynull", d.get(0).get("path").asText());
        assertEquals("c", d.get(0).get("type").asText());
        assertEquals(1, d.get(0).get("major").asLong());
        assertEquals(3, d.get(0).get("minor").asLong());
        assertEquals(0666, d.get(0).get("fileMode").asLong(), "the host node's mode");
        JsonNode rules = c.at("/linux/resources/devices");
        assertEquals(2, rules.size(), rules.toString());
        assertEquals(false, rules.get(0).get("allow").asBoolean(), "the config's own rule first");
        same(
                "{\"allow\": true, \"type\": \"c\", \"major\": 1, \"minor\": 3, \"access\": \"rwm\"}",
                rules.get(1));
    }

    @Test
    void aDeviceNodesPermissionsBecomeItsRuleAndNoneAddsNoRule() throws IOException {
        ObjectNode c = config("{}");
        OciEdits.apply(
                c,
                List.of(
                        nodes(
                                node("/dev/ro", "/dev/null", "r"),
                                node("/dev/hidden", "/dev/null", "none"),
                                node("/dev/empty", "/dev/null", ""))));
        assertEquals(3, c.at("/linux/devices").size(), "every node is listed");
        List<String> access = new ArrayList<>();
        c.at("/linux/resources/devices").forEach(r -> access.add(r.get("access").asText()));
        assertEquals(List.of("r", "rwm"), access, "none: no rule; empty: rwm");
    }

    @Test
    void anExplicitTypeAndNumbersAreUsedWithoutStattingTheHost() throws IOException {
        ObjectNode c = config("{}");
        CdiSpec.DeviceNode n =
                new CdiSpec.DeviceNode(
                        "/dev/nvidia7",
                        tmp.resolve("no/such/node").toString(),
                        "c",
                        195L,
                        7L,
                        0660L,
                        null,
                        0L,
                        44L);
        OciEdits.apply(c, List.of(nodes(n)));
        same(
                "{\"path\": \"/dev/nvidia7\", \"type\": \"c\", \"major\": 195, \"minor\": 7,"
                        + " \"fileMode\": 432, \"uid\": 0, \"gid\": 44}",
                c.at("/linux/devices/0"));
        same(
                "{\"allow\": true, \"type\": \"c\", \"major\": 195, \"minor\": 7, \"access\": \"rwm\"}",
                c.at("/linux/resources/devices/0"));
    }

    @Test
    void aNodeAtAPathTheConfigListsReplacesItsEntry() throws IOException {
        ObjectNode c =
                config(
                        "{\"linux\": {\"devices\": [{\"path\": \"/dev/fuse\", \"type\": \"c\", \"major\": 10, \"minor\": 229},"
                                + " {\"path\": \"/dev/mynull\", \"type\": \"b\", \"major\": 8, \"minor\": 0}]}}");
        OciEdits.apply(c, List.of(nodes(node("/dev/mynull", "/dev/null", null))));
        JsonNode d = c.at("/linux/devices");
        assertEquals(2, d.size(), d.toString());
        assertEquals("/dev/fuse", d.get(0).get("path").asText());
        assertEquals("c", d.get(1).get("type").asText());
        assertEquals(3, d.get(1).get("minor").asLong());
    }

    @Test
    void aHostPathThatIsNotADeviceNodeIsRefusedNamingIt() throws IOException {
        Path file = Files.writeString(tmp.resolve("libcuda.so"), "");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                OciEdits.apply(
                                        config("{}"),
                                        List.of(
                                                nodes(
                                                        node(
                                                                "/dev/nvidia0",
                                                                file.toString(),
                                                                null)))));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("/dev/nvidia0"), e.getMessage());
        assertTrue(e.getMessage().contains("not a device node"), e.getMessage());
        Path missing = tmp.resolve("missing");
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                OciEdits.apply(
                                        config("{}"),
                                        List.of(nodes(node("/dev/x", missing.toString(), null)))));
        assertTrue(e.getMessage().contains("cannot stat " + missing), e.getMessage());
    }

    @Test
    void aMountReplacesOneAtTheSameDestinationAndMountsAreSortedByDepthStably() throws IOException {
        ObjectNode c =
                config(
                        """
                        {"mounts": [
                          {"destination": "/proc", "type": "proc", "source": "proc"},
                          {"destination": "/dev/pts", "type": "devpts", "source": "devpts"},
                          {"destination": "/dev", "type": "tmpfs", "source": "tmpfs"},
                          {"destination": "/sys/fs/cgroup", "type": "cgroup", "source": "cgroup"},
                          {"destination": "/usr/lib/libcuda.so.1", "source": "/old"},
                          {"destination": "/dev/shm", "type": "tmpfs", "source": "shm"}]}
                        """);
        OciEdits.apply(
                c,
                List.of(
                        mounts(
                                new CdiSpec.Mount(
                                        "/host/libcuda.so.1",
                                        "/usr/lib/libcuda.so.1",
                                        null,
                                        List.of("ro", "nosuid", "nodev", "bind")),
                                new CdiSpec.Mount(
                                        "/host/opt", "/opt/", "bind", List.of("rbind")))));
        List<String> order = new ArrayList<>();
        c.get("mounts").forEach(m -> order.add(m.get("destination").asText()));
        assertEquals(
                List.of(
                        "/proc",
                        "/dev",
                        "/opt/",
                        "/dev/pts",
                        "/dev/shm",
                        "/sys/fs/cgroup",
                        "/usr/lib/libcuda.so.1"),
                order);
        JsonNode cuda = c.get("mounts").get(6);
        assertEquals(
                "/host/libcuda.so.1", cuda.get("source").asText(), "the spec's replaces the old");
        assertFalse(cuda.has("type"), "no type given, none written");
        assertEquals(List.of("ro", "nosuid", "nodev", "bind"), texts(cuda.get("options")));
        assertEquals("bind", c.get("mounts").get(2).get("type").asText());
    }

    @Test
    void hooksAreAppendedToTheirHookName() throws IOException {
        ObjectNode c =
                config("{\"hooks\": {\"createContainer\": [{\"path\": \"/usr/bin/first\"}]}}");
        OciEdits.apply(
                c,
                List.of(
                        hooks(
                                new CdiSpec.Hook(
                                        "createContainer",
                                        "/usr/bin/nvidia-cdi-hook",
                                        List.of("nvidia-cdi-hook", "update-ldcache"),
                                        List.of("X=1"),
                                        10L),
                                new CdiSpec.Hook("poststop", "/usr/bin/clean", null, null, null))));
        same(
                """
                        {"createContainer": [
                          {"path": "/usr/bin/first"},
                          {"path": "/usr/bin/nvidia-cdi-hook", "args": ["nvidia-cdi-hook", "update-ldcache"],
                           "env": ["X=1"], "timeout": 10}],
                         "poststop": [{"path": "/usr/bin/clean"}]}
                        """,
                c.get("hooks"));
    }

    @Test
    void additionalGidsSkipZeroAndRepeats() throws IOException {
        ObjectNode c = config("{\"process\": {\"user\": {\"uid\": 0, \"additionalGids\": [44]}}}");
        OciEdits.apply(c, List.of(gids(0L, 44L, 45L), gids(45L, 46L)));
        assertEquals("[44,45,46]", c.at("/process/user/additionalGids").toString());
        ObjectNode bare = config("{}");
        OciEdits.apply(bare, List.of(gids(0L)));
        assertTrue(bare.at("/process/user/additionalGids").isMissingNode(), "0 alone adds nothing");
        OciEdits.apply(bare, List.of(gids(7L)));
        assertEquals("[7]", bare.at("/process/user/additionalGids").toString());
    }
}
