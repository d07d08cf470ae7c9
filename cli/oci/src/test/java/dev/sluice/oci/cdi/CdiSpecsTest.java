package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** CDI spec files as read and checked, and qualified device names. */
class CdiSpecsTest {
    @TempDir Path dir;

    private static final String JSON =
            """
            {
              "cdiVersion": "0.5.0",
              "kind": "nvidia.com/gpu",
              "devices": [
                {"name": "0",
                 "containerEdits": {"deviceNodes": [{"path": "/dev/nvidia0", "type": "c",
                                                     "major": 195, "minor": 0}]}},
                {"name": "GPU-1234-abcd",
                 "annotations": {"a": "b"},
                 "containerEdits": {"env": ["X=1"]}}
              ],
              "containerEdits": {
                "env": ["NVIDIA_VISIBLE_DEVICES=void"],
                "mounts": [{"hostPath": "/usr/lib/libcuda.so.1",
                            "containerPath": "/usr/lib/libcuda.so.1",
                            "options": ["ro", "nosuid", "nodev", "bind"]}],
                "hooks": [{"hookName": "createContainer", "path": "/usr/bin/nvidia-cdi-hook",
                           "args": ["nvidia-cdi-hook", "update-ldcache", "--folder", "/usr/lib"],
                           "timeout": 5}],
                "additionalGids": [44]
              }
            }
            """;

    private static final String YAML =
            """
            cdiVersion: 0.5.0
            kind: nvidia.com/gpu
            devices:
            - name: "0"
              containerEdits:
                deviceNodes:
                - path: /dev/nvidia0
                  type: c
                  major: 195
                  minor: 0
            - name: GPU-1234-abcd
              annotations:
                a: b
              containerEdits:
                env:
                - X=1
            containerEdits:
              env:
              - NVIDIA_VISIBLE_DEVICES=void
              mounts:
              - hostPath: /usr/lib/libcuda.so.1
                containerPath: /usr/lib/libcuda.so.1
                options: [ro, nosuid, nodev, bind]
              hooks:
              - hookName: createContainer
                path: /usr/bin/nvidia-cdi-hook
                args: [nvidia-cdi-hook, update-ldcache, --folder, /usr/lib]
                timeout: 5
              additionalGids: [44]
            """;

    /** A minimal valid spec with {@code devices} and {@code common} as its JSON fields. */
    private static String spec(String version, String kind, String devices, String common) {
        return "{\"cdiVersion\": \""
                + version
                + "\", \"kind\": \""
                + kind
                + "\", \"devices\": "
                + devices
                + (common == null ? "" : ", \"containerEdits\": " + common)
                + "}";
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    /** The refusal of {@code text} in {@code name}, which must name the file and the field. */
    private IllegalArgumentException refused(String name, String text, String field)
            throws IOException {
        Path f = write(name, text);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CdiSpecs.read(f));
        assertTrue(
                e.getMessage().startsWith(f + ": " + field + ": "),
                "names the file and " + field + ": " + e.getMessage());
        return e;
    }

    @Test
    void aJsonAndAYamlSpecFileOfTheSameSpecReadAlike() throws IOException {
        CdiSpec json = CdiSpecs.read(write("nvidia.json", JSON));
        CdiSpec yaml = CdiSpecs.read(write("nvidia.yaml", YAML));
        CdiSpec yml = CdiSpecs.read(write("nvidia.yml", YAML));
        assertEquals(json, yaml);
        assertEquals(json, yml);
        assertEquals("nvidia.com/gpu", json.kind());
        assertEquals(
                List.of("0", "GPU-1234-abcd"),
                json.devices().stream().map(CdiSpec.Device::name).toList());
        CdiSpec.DeviceNode n = json.devices().get(0).containerEdits().deviceNodes().get(0);
        assertEquals(195L, n.major());
        assertEquals("/dev/nvidia0", n.host(), "no hostPath: the node's own path");
        assertEquals(5L, json.containerEdits().hooks().get(0).timeout());
        assertEquals(List.of(44L), json.containerEdits().additionalGids());
    }

    @Test
    void aWrittenSpecReadsBackAsTheSameSpecInEitherFormat() throws IOException {
        CdiSpec spec = CdiSpecs.read(write("nvidia.json", JSON));
        String json = CdiSpecs.write(spec, false);
        String yaml = CdiSpecs.write(spec, true);
        assertFalse(json.contains("\"empty\""), "only the spec's own fields are written:\n" + json);
        assertFalse(yaml.contains("empty:"), "only the spec's own fields are written:\n" + yaml);
        assertEquals(spec, CdiSpecs.read(write("back.json", json)));
        assertEquals(spec, CdiSpecs.read(write("back.yaml", yaml)));
    }

    @Test
    void onlyJsonAndYamlFilesAreSpecFiles() {
        assertTrue(CdiSpecs.isSpecFile(Path.of("/etc/cdi/nvidia.json")));
        assertTrue(CdiSpecs.isSpecFile(Path.of("/etc/cdi/nvidia.yaml")));
        assertTrue(CdiSpecs.isSpecFile(Path.of("/etc/cdi/nvidia.yml")));
        assertFalse(CdiSpecs.isSpecFile(Path.of("/etc/cdi/nvidia.json.bak")));
        assertFalse(CdiSpecs.isSpecFile(Path.of("/etc/cdi/README")));
    }

    @Test
    void anUnknownCdiVersionIsRefusedNamingTheFileAndField() throws IOException {
        IllegalArgumentException e =
                refused(
                        "v.json",
                        spec("0.2.0", "a.com/b", "[{\"name\": \"x\"}]", null),
                        "cdiVersion");
        assertTrue(e.getMessage().contains("\"0.2.0\""), e.getMessage());
        refused(
                "none.json",
                "{\"kind\": \"a.com/b\", \"devices\": [{\"name\": \"x\"}]}",
                "cdiVersion");
    }

    @Test
    void aKindWithoutASlashIsRefusedNamingTheFileAndField() throws IOException {
        refused("k.json", spec("0.5.0", "nvidia.com", "[{\"name\": \"x\"}]", null), "kind");
        refused("k2.json", spec("0.5.0", "a.com/b/c", "[{\"name\": \"x\"}]", null), "kind");
        refused("k3.json", spec("0.5.0", "-a.com/b", "[{\"name\": \"x\"}]", null), "kind");
    }

    @Test
    void aSpecWithoutDevicesIsRefused() throws IOException {
        refused("d.json", spec("0.5.0", "a.com/b", "[]", null), "devices");
    }

    @Test
    void aDeviceNameWithABadCharacterIsRefusedNamingItsIndex() throws IOException {
        IllegalArgumentException e =
                refused(
                        "n.json",
                        spec(
                                "0.5.0",
                                "a.com/b",
                                "[{\"name\": \"ok\"}, {\"name\": \"gp u\"}]",
                                null),
                        "devices[1].name");
        assertTrue(e.getMessage().contains("' ' at 2"), e.getMessage());
        refused(
                "n2.yaml",
                "cdiVersion: 0.5.0\nkind: a.com/b\ndevices:\n- name: \"-0\"\n",
                "devices[0].name");
    }

    @Test
    void aDeviceListedTwiceIsRefused() throws IOException {
        IllegalArgumentException e =
                refused(
                        "dup.json",
                        spec("0.5.0", "a.com/b", "[{\"name\": \"0\"}, {\"name\": \"0\"}]", null),
                        "devices[1].name");
        assertTrue(e.getMessage().contains("listed twice"), e.getMessage());
    }

    @Test
    void aRelativeMountPathIsRefusedNamingTheField() throws IOException {
        refused(
                "m.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\"}]",
                        "{\"mounts\": [{\"hostPath\": \"/lib/x\", \"containerPath\": \"lib/x\"}]}"),
                "containerEdits.mounts[0].containerPath");
        refused(
                "m2.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\", \"containerEdits\": {\"mounts\": [{\"hostPath\": \"x\", \"containerPath\": \"/x\"}]}}]",
                        null),
                "devices[0].containerEdits.mounts[0].hostPath");
    }

    @Test
    void aRelativeDeviceNodePathOrAnUnknownTypeIsRefused() throws IOException {
        refused(
                "p.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\", \"containerEdits\": {\"deviceNodes\": [{\"path\": \"dev/x\"}]}}]",
                        null),
                "devices[0].containerEdits.deviceNodes[0].path");
        refused(
                "t.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\", \"containerEdits\": {\"deviceNodes\": [{\"path\": \"/dev/x\", \"type\": \"s\"}]}}]",
                        null),
                "devices[0].containerEdits.deviceNodes[0].type");
        refused(
                "perm.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\", \"containerEdits\": {\"deviceNodes\": [{\"path\": \"/dev/x\", \"permissions\": \"rwx\"}]}}]",
                        null),
                "devices[0].containerEdits.deviceNodes[0].permissions");
    }

    @Test
    void anUnknownHookNameIsRefusedNamingTheField() throws IOException {
        IllegalArgumentException e =
                refused(
                        "h.json",
                        spec(
                                "0.5.0",
                                "a.com/b",
                                "[{\"name\": \"0\"}]",
                                "{\"hooks\": [{\"hookName\": \"preStart\", \"path\": \"/bin/true\"}]}"),
                        "containerEdits.hooks[0].hookName");
        assertTrue(e.getMessage().contains("preStart"), e.getMessage());
    }

    @Test
    void aHookTimeoutOfZeroIsRefused() throws IOException {
        refused(
                "to.json",
                spec(
                        "0.5.0",
                        "a.com/b",
                        "[{\"name\": \"0\"}]",
                        "{\"hooks\": [{\"hookName\": \"poststop\", \"path\": \"/bin/true\", \"timeout\": 0}]}"),
                "containerEdits.hooks[0].timeout");
    }

    @Test
    void anEnvEntryWithoutANameIsRefused() throws IOException {
        refused(
                "env.json",
                spec("0.5.0", "a.com/b", "[{\"name\": \"0\"}]", "{\"env\": [\"=x\"]}"),
                "containerEdits.env[0]");
    }

    @Test
    void anUnknownFieldIsRefusedNamingTheFileAndTheField() throws IOException {
        for (String name : List.of("u.json", "u.yaml")) {
            Path f =
                    write(
                            name,
                            "{\"cdiVersion\": \"0.5.0\", \"kind\": \"a.com/b\","
                                    + " \"devices\": [{\"name\": \"0\", \"containerEdits\": {\"sysctl\": {}}}]}");
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> CdiSpecs.read(f), name);
            assertTrue(e.getMessage().startsWith(f + ": "), e.getMessage());
            assertTrue(e.getMessage().contains("\"sysctl\""), e.getMessage());
        }
    }

    @Test
    void intelRdtAndNetDevicesAreRefusedRatherThanHalfApplied() throws IOException {
        IllegalArgumentException rdt =
                refused(
                        "rdt.json",
                        spec(
                                "0.6.0",
                                "a.com/b",
                                "[{\"name\": \"0\"}]",
                                "{\"intelRdt\": {\"closID\": \"x\"}}"),
                        "containerEdits.intelRdt");
        assertTrue(rdt.getMessage().contains("not supported"), rdt.getMessage());
        refused(
                "net.json",
                spec(
                        "0.7.0",
                        "a.com/b",
                        "[{\"name\": \"0\", \"containerEdits\": {\"netDevices\": [{\"hostInterfaceName\": \"eth1\", \"name\": \"eth1\"}]}}]",
                        null),
                "devices[0].containerEdits.netDevices");
    }

    @Test
    void anEmptyOrUnparsableFileIsRefusedNamingIt() throws IOException {
        Path empty = write("empty.yaml", "");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CdiSpecs.read(empty));
        assertTrue(e.getMessage().startsWith(empty.toString()), e.getMessage());
        Path broken = write("broken.json", "{\"cdiVersion\": ");
        e = assertThrows(IllegalArgumentException.class, () -> CdiSpecs.read(broken));
        assertTrue(e.getMessage().startsWith(broken.toString()), e.getMessage());
    }

    @Test
    void aQualifiedNameIsParsedIntoVendorClassAndDevice() {
        CdiName n = CdiName.parse("nvidia.com/gpu=0");
        assertEquals(new CdiName("nvidia.com", "gpu", "0"), n);
        assertEquals("nvidia.com/gpu", n.kind());
        assertEquals("nvidia.com/gpu=0", n.toString());
        CdiName u = CdiName.parse("vendor.com/class=GPU-abc");
        assertEquals(new CdiName("vendor.com", "class", "GPU-abc"), u);
        assertEquals("vendor.com/class=GPU-abc", u.toString());
        assertEquals(
                "MIG-1:0", CdiName.parse("nvidia.com/mig=MIG-1:0").name(), "':' inside a name");
    }

    @Test
    void malformedQualifiedNamesAreRefused() {
        for (String bad :
                List.of(
                        "nvidia.com/gpu",
                        "gpu=0",
                        "=nvidia.com/gpu",
                        "/dev/nvidia0",
                        "nvidia.com/gpu=",
                        "nvidia.com/=0",
                        "nvidia.com/gpu=-0",
                        "nvidia.com/gpu=0-",
                        "nvidia.com/gpu=a b",
                        "nvidia.com/gpu=0/1",
                        "nvidia.com/gpu=a=b",
                        "a.com/b/c=0",
                        "nvidia.com/g:pu=0",
                        "vendor.com_/class=0")) {
            assertThrows(IllegalArgumentException.class, () -> CdiName.parse(bad), bad);
        }
    }

    @Test
    void aQualifiedNameIsToldApartFromADevicePath() {
        assertTrue(CdiName.isQualified("nvidia.com/gpu=all"));
        assertFalse(CdiName.isQualified("/dev/nvidia0"));
        assertFalse(CdiName.isQualified("nvidia.com/gpu"));
        assertFalse(CdiName.isQualified("gpu=nvidia.com/0"));
    }
}
