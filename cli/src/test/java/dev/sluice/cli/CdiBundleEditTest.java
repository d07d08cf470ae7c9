package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link CdiBundleEdit}: the CDI edits of a fake kind's device made to a bench bundle, which both
 * runtimes of {@code sluice bench lifecycle} then run, Sluice's mediated copy included; {@code
 * sluice cdi apply}, which makes the same; and an unknown device, refused by name before anything
 * runs.
 */
class CdiBundleEditTest {
    static final String DEVICE = "sluice.test/fake=dev0";
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;
    Path specs;
    Path lib;
    Path busybox;

    @BeforeEach
    void setUp() throws IOException {
        specs = Files.createDirectories(tmp.resolve("cdi"));
        lib = Files.writeString(tmp.resolve("libfake.so.1"), "ELF");
        busybox = Files.writeString(tmp.resolve("busybox"), "not run by these tests");
        // A device node of its own (a host node at another path), an env var; the spec's common
        // edits: a bound library and a createContainer hook.
        Files.writeString(
                specs.resolve("fake.json"),
                """
                {"cdiVersion": "0.5.0", "kind": "sluice.test/fake",
                 "devices": [{"name": "dev0", "containerEdits": {
                    "deviceNodes": [{"path": "/dev/fake0", "hostPath": "/dev/null"}],
                    "env": ["FAKE_VISIBLE=dev0"]}}],
                 "containerEdits": {
                    "mounts": [{"hostPath": "%s", "containerPath": "/usr/lib/fake/libfake.so.1",
                                "options": ["ro", "nosuid", "nodev", "bind"]}],
                    "hooks": [{"hookName": "createContainer", "path": "/bin/true",
                               "args": ["true", "fake-hook"]}]}}
                """
                        .formatted(lib));
    }

    private Path bundle(String name) throws IOException {
        return BenchBundle.create(tmp.resolve(name), busybox);
    }

    private static ObjectNode config(Path bundle) throws IOException {
        return (ObjectNode) JSON.readTree(bundle.resolve("config.json").toFile());
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static JsonNode find(JsonNode array, String field, String value) {
        for (JsonNode n : array) {
            if (n.path(field).asText().equals(value)) {
                return n;
            }
        }
        return null;
    }

    /** Asserts that {@code c} has the fake device's edits. */
    private void assertEdited(JsonNode c) {
        JsonNode node = find(c.path("linux").path("devices"), "path", "/dev/fake0");
        assertTrue(node != null, "the device node, at its container path: " + c);
        assertEquals("c", node.path("type").asText(), "the host node's type: " + node);
        assertEquals(1, node.path("major").asInt(), "/dev/null's numbers: " + node);
        assertEquals(3, node.path("minor").asInt(), "/dev/null's numbers: " + node);
        boolean allowed = false;
        for (JsonNode rule : c.path("linux").path("resources").path("devices")) {
            allowed |=
                    rule.path("allow").asBoolean()
                            && rule.path("type").asText().equals("c")
                            && rule.path("major").asInt() == 1
                            && rule.path("minor").asInt() == 3;
        }
        assertTrue(allowed, "the cgroup allows the node: " + c.path("linux").path("resources"));
        assertTrue(
                texts(c.path("process").path("env")).contains("FAKE_VISIBLE=dev0"),
                "the device's env: " + c.path("process").path("env"));
        JsonNode mount = find(c.path("mounts"), "destination", "/usr/lib/fake/libfake.so.1");
        assertTrue(mount != null, "the spec's mount: " + c.path("mounts"));
        assertEquals(lib.toString(), mount.path("source").asText());
        assertTrue(texts(mount.path("options")).contains("ro"), mount.toString());
        JsonNode hooks = c.path("hooks").path("createContainer");
        assertEquals(1, hooks.size(), "the spec's hook: " + c.path("hooks"));
        assertEquals("/bin/true", hooks.get(0).path("path").asText());
        assertEquals(List.of("true", "fake-hook"), texts(hooks.get(0).path("args")));
        assertEquals(
                List.of("/bin/true"),
                texts(c.path("process").path("args")),
                "the bench's workload is unchanged");
    }

    @Test
    void theDevicesEditsAreMadeToTheBenchBundleInPlace() throws IOException {
        Path b = bundle("bundle");
        JsonNode before = config(b);
        assertTrue(find(before.path("linux").path("devices"), "path", "/dev/fake0") == null);
        assertFalse(texts(before.path("process").path("env")).contains("FAKE_VISIBLE=dev0"));
        CdiBundleEdit.apply(b, List.of(DEVICE), List.of(specs));
        assertEdited(config(b));
        try (Stream<Path> s = Files.list(b)) {
            assertEquals(
                    List.of(b.resolve("config.json"), b.resolve("rootfs")),
                    s.sorted().toList(),
                    "config.json replaced, no temporary file left");
        }
    }

    @Test
    void sluicesMediatedCopyOfTheEditedBundleKeepsTheEditsAndAddsTheAnnotation()
            throws IOException {
        Path b = bundle("bundle");
        CdiBundleEdit.apply(b, List.of(DEVICE), List.of(specs));
        Path mediated = BenchBundle.withProxies(b, tmp.resolve("mediated"), List.of("pty"));
        ObjectNode m = config(mediated);
        assertEdited(m);
        assertEquals("pty", m.path("annotations").path("dev.sluice.proxies").asText());
        // Apart from the annotation and the rootfs's absolute path, the very config runc runs.
        ObjectNode plain = config(b);
        assertFalse(plain.has("annotations"), "runc's config has no annotation");
        m.remove("annotations");
        ((ObjectNode) m.get("root")).remove("path");
        ((ObjectNode) plain.get("root")).remove("path");
        assertEquals(plain, m);
    }

    @Test
    void cdiApplyMakesTheSameEditsAsTheBenches() throws IOException {
        Path byBench = bundle("bench");
        CdiBundleEdit.apply(byBench, List.of(DEVICE), List.of(specs));
        Path byApply = bundle("apply");
        CliRun r =
                CliRun.of(
                        "cdi",
                        "apply",
                        "--bundle",
                        byApply.toString(),
                        "--device",
                        DEVICE,
                        "--spec-dir",
                        specs.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out());
        assertEquals("", r.err());
        assertEdited(config(byApply));
        assertFalse(Files.exists(byApply.resolve(".config.json.cdi")), "no temporary file left");
        // The two bundles differ only in where they are; their configs name no path of theirs.
        assertArrayEquals(
                Files.readAllBytes(byBench.resolve("config.json")),
                Files.readAllBytes(byApply.resolve("config.json")));
    }

    @Test
    void anUnknownDeviceIsRefusedByNameAndTheConfigIsLeftAsItWas() throws IOException {
        Path b = bundle("bundle");
        byte[] before = Files.readAllBytes(b.resolve("config.json"));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                CdiBundleEdit.apply(
                                        b,
                                        List.of(DEVICE, "sluice.test/fake=dev9"),
                                        List.of(specs)));
        assertTrue(
                e.getMessage().startsWith("unresolvable CDI device sluice.test/fake=dev9: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("[sluice.test/fake]"), "the kinds known: " + e);
        assertArrayEquals(before, Files.readAllBytes(b.resolve("config.json")));

        CliRun r =
                CliRun.of(
                        "cdi",
                        "apply",
                        "--bundle",
                        b.toString(),
                        "--device",
                        "sluice.test/fake=dev9",
                        "--spec-dir",
                        specs.toString());
        assertEquals(Main.SLUICE_ERROR, r.status());
        assertTrue(
                r.err().startsWith("sluice: unresolvable CDI device sluice.test/fake=dev9: "),
                r.err());
        assertArrayEquals(before, Files.readAllBytes(b.resolve("config.json")));
    }

    /** Each bench refuses an unknown device in one line naming it, before it runs anything. */
    @Test
    void theBenchesRefuseAnUnknownDeviceBeforeAnyCycleOrRun() {
        for (List<String> bench :
                List.of(
                        List.of("lifecycle", "--cycles", "2", "--rounds", "1"),
                        List.of("startup", "--runs", "1"))) {
            List<String> args = new ArrayList<>(List.of("bench"));
            args.addAll(bench);
            args.addAll(
                    List.of(
                            "--busybox",
                            busybox.toString(),
                            "--cdi-spec-dir",
                            specs.toString(),
                            "--device",
                            "sluice.test/fake=dev9"));
            CliRun r = CliRun.of(args.toArray(String[]::new));
            assertEquals(Main.SLUICE_ERROR, r.status(), bench + ": " + r);
            assertEquals("", r.out(), bench + ": nothing ran, not even the first line");
            assertEquals(
                    "sluice: unresolvable CDI device sluice.test/fake=dev9: the specs define kinds"
                            + " [sluice.test/fake] (sluice cdi list shows every device)\n",
                    r.err(),
                    bench.get(0));
        }
    }
}
