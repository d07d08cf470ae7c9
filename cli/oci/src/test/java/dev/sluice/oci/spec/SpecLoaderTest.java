package dev.sluice.oci.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** config.json: valid ones load completely; every malformed one fails naming its field. */
class SpecLoaderTest {
    @TempDir Path bundle;

    /** A minimal valid config with {@code %s} spliced in as extra top-level members. */
    static String config(String extra) {
        return """
                {"ociVersion": "1.0.2", "root": {"path": "rootfs"},
                 "process": {"args": ["sh"], "cwd": "/"}%s}
                """
                .formatted(extra.isEmpty() ? "" : ", " + extra);
    }

    private Spec load(String json) throws IOException {
        Files.writeString(bundle.resolve("config.json"), json);
        return SpecLoader.load(bundle);
    }

    private SpecException fails(String json) {
        return assertThrows(SpecException.class, () -> load(json), "must be refused: " + json);
    }

    @Test
    void theDefaultSpecLoads() throws IOException {
        Spec s = load(DefaultSpec.json());
        assertEquals(List.of("sh"), s.process().args(), "args");
        assertTrue(s.root().isReadonly(), "root.readonly");
        assertEquals("rootfs", s.root().path(), "root.path");
        assertEquals(7, s.mounts().size(), "the seven default mounts");
        assertEquals("pid", s.linux().namespaces().get(0).type(), "namespaces in order");
        assertEquals(BigInteger.valueOf(1024), s.process().rlimits().get(0).hard(), "rlimit");
        assertEquals(
                List.of("CAP_AUDIT_WRITE", "CAP_KILL", "CAP_NET_BIND_SERVICE"),
                s.process().capabilities().bounding(),
                "capabilities");
        assertTrue(s.process().isTerminal(), "runc's default asks for a terminal");
    }

    @Test
    void anUnknownCapabilityIsIgnoredAsRuncIgnoresIt() throws IOException {
        Spec s =
                load(
                        "{\"ociVersion\": \"1.0.0\", \"root\": {\"path\": \"r\"}, \"process\": {\"args\": [\"sh\"],"
                                + " \"cwd\": \"/\", \"capabilities\": {\"bounding\": [\"CAP_KILL\","
                                + " \"CAP_NOPE\"]}}}");
        assertEquals(
                List.of("CAP_KILL", "CAP_NOPE"),
                s.process().capabilities().bounding(),
                "loaded as written; ProcessOps keeps only the names the kernel knows");
        SpecException e =
                fails(
                        "{\"ociVersion\": \"1.0.0\", \"root\": {\"path\": \"r\"}, \"process\": {\"args\": [\"sh\"],"
                                + " \"cwd\": \"/\", \"capabilities\": {\"bounding\": [null]}}}");
        assertTrue(e.getMessage().contains("process.capabilities.bounding[0]"), e.getMessage());
    }

    @Test
    void aContainerdStyleConfigLoads() throws IOException {
        Spec s =
                load(
                        config(
                                        """
                "hostname": "c1", "annotations": {"dev.sluice.nvproxy.capabilities": "compute"},
                "mounts": [{"destination": "/etc/hosts", "type": "bind", "source": "/tmp/hosts", "options": ["rbind", "ro"]}],
                "linux": {"cgroupsPath": "/default/c1", "resources": {"devices": [{"allow": false, "access": "rwm"}],
                            "memory": {"limit": -1}},
                          "namespaces": [{"type": "pid"}, {"type": "uts"}, {"type": "network", "path": "/proc/1/ns/net"}],
                          "devices": [{"path": "/dev/nvidia0", "type": "c", "major": 195, "minor": 0, "fileMode": 438}],
                          "sysctl": {"net.ipv4.ping_group_range": "0 0"}, "unknownFutureField": {"x": 1}},
                "process": {"args": ["sh"], "cwd": "/", "user": {"uid": 1000, "gid": 1000, "additionalGids": [10, 20]},
                            "rlimits": [{"type": "RLIMIT_NOFILE", "hard": 18446744073709551615, "soft": 1024}]}
                """)
                                .replace(
                                        "\"process\": {\"args\": [\"sh\"], \"cwd\": \"/\"}, ", ""));
        assertEquals("c1", s.hostname(), "hostname");
        assertEquals(
                "compute", s.annotations().get("dev.sluice.nvproxy.capabilities"), "annotations");
        assertEquals(195L, s.linux().devices().get(0).major(), "device major");
        assertEquals("/proc/1/ns/net", s.linux().namespaces().get(2).path(), "namespace path");
        assertEquals(
                SpecValidator.UINT64_MAX,
                s.process().rlimits().get(0).hard(),
                "RLIM_INFINITY fits");
        assertEquals(List.of(10L, 20L), s.process().user().additionalGids(), "additionalGids");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            textBlock =
                    """
            ociVersion missing             | {"root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}}          | ociVersion | missing
            ociVersion 2                   | {"ociVersion": "2.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}} | ociVersion | not a supported version
            ociVersion a number            | {"ociVersion": 1, "root": {"path": "r"}}                                   | ociVersion | expected a string, got the integer 1
            root missing                   | {"ociVersion": "1.0.0", "process": {"args": ["sh"], "cwd": "/"}}            | root       | missing
            root.path empty                | {"ociVersion": "1.0.0", "root": {"path": ""}, "process": {"args": ["sh"], "cwd": "/"}} | root.path | missing
            root not an object             | {"ociVersion": "1.0.0", "root": "rootfs"}                                  | root       | expected an object, got a string "rootfs"
            process missing                | {"ociVersion": "1.0.0", "root": {"path": "r"}}                             | process    | missing
            args empty                     | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": [], "cwd": "/"}} | process.args | must not be empty
            args element a number          | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh", 5], "cwd": "/"}} | process.args[1] | expected a string, got the integer 5
            args element null              | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh", null], "cwd": "/"}} | process.args[1] | must not be null
            args a string                  | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": "sh", "cwd": "/"}} | process.args | expected an array, got a string "sh"
            cwd relative                   | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "tmp"}} | process.cwd | must be an absolute path, got "tmp"
            cwd missing                    | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"]}} | process.cwd | missing
            env without =                  | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "env": ["A=1", "B"]}} | process.env[1] | "B" is not NAME=VALUE
            uid a string                   | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "user": {"uid": "0"}}} | process.user.uid | expected an integer, got a string "0"
            uid negative                   | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "user": {"uid": -1}}} | process.user.uid | out of range
            uid too big                    | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "user": {"uid": 4294967296}}} | process.user.uid | out of range
            uid a float                    | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "user": {"uid": 1.5}}} | process.user.uid | expected an integer, got the number 1.5
            additionalGids null element    | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "user": {"additionalGids": [1, null]}}} | process.user.additionalGids[1] | must not be null
            terminal a string              | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "terminal": "yes"}} | process.terminal | expected a boolean (true or false), got a string "yes"
            unknown rlimit                 | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "rlimits": [{"type": "RLIMIT_FOO", "hard": 1, "soft": 1}]}} | process.rlimits[0].type | unknown rlimit "RLIMIT_FOO"
            rlimit soft above hard         | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "rlimits": [{"type": "RLIMIT_NOFILE", "hard": 1, "soft": 2}]}} | process.rlimits[0] | soft limit 2 exceeds hard limit 1
            rlimit negative                | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "rlimits": [{"type": "RLIMIT_NOFILE", "hard": -1, "soft": 1}]}} | process.rlimits[0].hard | out of range
            rlimit missing soft            | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "rlimits": [{"type": "RLIMIT_NOFILE", "hard": 1}]}} | process.rlimits[0].soft | must not be null
            rlimit duplicate               | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/", "rlimits": [{"type": "RLIMIT_NOFILE", "hard": 1, "soft": 1}, {"type": "RLIMIT_NOFILE", "hard": 1, "soft": 1}]}} | process.rlimits[1].type | duplicate rlimit
            mount without destination      | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "mounts": [{"type": "tmpfs"}]} | mounts[0].destination | missing
            mount options an object        | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "mounts": [{"destination": "/x", "options": {"ro": true}}]} | mounts[0].options | expected an array, got an object
            unknown namespace              | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"namespaces": [{"type": "pid"}, {"type": "foo"}]}} | linux.namespaces[1].type | unknown namespace type "foo"
            duplicate namespace            | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"namespaces": [{"type": "pid"}, {"type": "pid"}]}} | linux.namespaces[1].type | duplicate namespace type "pid"
            namespace path relative        | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"namespaces": [{"type": "network", "path": "ns/net"}]}} | linux.namespaces[0].path | must be an absolute path
            hostname without uts           | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "hostname": "h", "linux": {"namespaces": [{"type": "pid"}]}} | hostname | needs a uts namespace
            device bad type                | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"devices": [{"path": "/dev/x", "type": "z", "major": 1, "minor": 3}]}} | linux.devices[0].type | must be "c", "b", "u" or "p"
            device without major           | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"devices": [{"path": "/dev/x", "type": "c"}]}} | linux.devices[0] | needs major and minor
            device relative path           | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"devices": [{"path": "dev/x", "type": "c", "major": 1, "minor": 3}]}} | linux.devices[0].path | must be an absolute path
            device mode with type bits     | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"devices": [{"path": "/dev/x", "type": "c", "major": 1, "minor": 3, "fileMode": 8630}]}} | linux.devices[0].fileMode | must be permission bits
            masked path relative           | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"maskedPaths": ["proc/kcore"]}} | linux.maskedPaths[0] | must be an absolute path
            device rule without allow      | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"resources": {"devices": [{"access": "rwm"}]}}} | linux.resources.devices[0].allow | missing
            bad propagation                | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "linux": {"rootfsPropagation": "sideways"}} | linux.rootfsPropagation | unknown propagation
            hook relative path             | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "hooks": {"poststart": [{"path": "hook.sh"}]}} | hooks.poststart[0].path | must be an absolute path
            annotation not a string        | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}, "annotations": {"a": 1}} | annotations.a | expected a string, got the integer 1
            duplicate key                  | {"ociVersion": "1.0.0", "ociVersion": "1.0.1", "root": {"path": "r"}} |  | Duplicate field 'ociVersion'
            top level array                | [1, 2]                                                                     |  | expected a JSON object, got an array
            trailing garbage               | {"ociVersion": "1.0.0", "root": {"path": "r"}, "process": {"args": ["sh"], "cwd": "/"}} x | | invalid JSON at line 1
            truncated                      | {"ociVersion": "1.0.0", "root": {"path": |  | invalid JSON at line 1
            """)
    void malformedConfigsNameTheirField(String name, String json, String field, String problem) {
        SpecException e = fails(json);
        assertEquals(
                field == null ? "" : field,
                e.field(),
                name + ": the field named: " + e.getMessage());
        assertTrue(
                e.getMessage().contains(problem),
                name + ": the message says '" + problem + "': " + e.getMessage());
        assertTrue(
                e.getMessage().startsWith(bundle.resolve("config.json").toString()),
                "names the file: " + e.getMessage());
    }

    @Test
    void anEmptyFileIsNamed() throws IOException {
        SpecException e = fails("  \n");
        assertTrue(e.getMessage().contains("empty file"), e.getMessage());
    }

    @Test
    void aMissingConfigIsNamed() {
        SpecException e = assertThrows(SpecException.class, () -> SpecLoader.load(bundle));
        assertTrue(e.getMessage().contains("config.json: no such file"), e.getMessage());
    }

    @Test
    void aMissingBundleIsNamed() {
        SpecException e =
                assertThrows(SpecException.class, () -> SpecLoader.load(bundle.resolve("nope")));
        assertTrue(e.getMessage().contains("nope: no such directory"), e.getMessage());
    }

    @Test
    void aHugeNumberIsOutOfRange() {
        SpecException e =
                fails(
                        config(
                                "\"linux\": {\"devices\": [{\"path\": \"/dev/x\", \"type\": \"c\", \"major\": 99999999999999999999, \"minor\": 1}]}"));
        assertEquals("linux.devices[0].major", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("99999999999999999999 is out of range"), e.getMessage());
    }

    /** Bytes that are not JSON at all, or not UTF-8, fail as a SpecException and nothing else. */
    @Test
    void garbageFailsCleanly() {
        byte[][] inputs = {
            {(byte) 0xff, (byte) 0xfe, 0},
            "{\"a\":\u0000}".getBytes(StandardCharsets.UTF_8),
            "{{{{".getBytes(StandardCharsets.UTF_8),
            "\"str\"".getBytes(StandardCharsets.UTF_8),
            "null".getBytes(StandardCharsets.UTF_8)
        };
        for (byte[] in : inputs) {
            assertThrows(
                    SpecException.class,
                    () -> {
                        Spec s = SpecLoader.parse(in, "config.json");
                        SpecValidator.validate(s, "config.json");
                    },
                    "input " + new String(in, StandardCharsets.ISO_8859_1));
        }
    }

    // ---- process.json (exec --process) -------------------------------------------------------

    private Spec.Process loadProcess(String json) throws IOException {
        Path f = bundle.resolve("process.json");
        Files.writeString(f, json);
        return SpecLoader.loadProcess(f);
    }

    @Test
    void aContainerdProcessJsonLoads() throws IOException {
        Spec.Process p =
                loadProcess(
                        """
                {"terminal": true, "consoleSize": {"height": 24, "width": 80}, "user": {"uid": 0, "gid": 0},
                 "args": ["sh", "-c", "ls"], "env": ["PATH=/bin"], "cwd": "/",
                 "capabilities": {"bounding": ["CAP_KILL"]}, "noNewPrivileges": true, "unknownField": 1}
                """);
        assertEquals(List.of("sh", "-c", "ls"), p.args(), "args");
        assertTrue(p.isTerminal(), "terminal");
        assertEquals(80L, p.consoleSize().width(), "consoleSize.width");
        assertEquals(List.of("CAP_KILL"), p.capabilities().bounding(), "capabilities");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"args\": [], \"cwd\": \"/\"}                          | args: must not be empty",
                "{\"args\": [\"sh\"]}                                       | cwd: missing",
                "{\"args\": [\"sh\"], \"cwd\": \"tmp\"}                    | cwd: must be an absolute path",
                "{\"args\": [\"sh\"], \"cwd\": \"/\", \"user\": {\"uid\": \"root\"}} | user.uid: expected an integer, got a string \"root\"",
                "{\"args\": [\"sh\"], \"cwd\": \"/\", \"env\": [\"NOEQUALS\"]} | env[0]",
                "[1]                                                          | expected a JSON object",
            })
    void aMalformedProcessJsonNamesTheFileAndField(String json, String problem) {
        SpecException e = assertThrows(SpecException.class, () -> loadProcess(json), json);
        assertTrue(
                e.getMessage().startsWith(bundle.resolve("process.json") + ": "),
                "names the file: " + e.getMessage());
        assertTrue(e.getMessage().contains(problem), "says '" + problem + "': " + e.getMessage());
    }

    @Test
    void aMissingProcessJsonIsNamed() {
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> SpecLoader.loadProcess(bundle.resolve("nope.json")));
        assertEquals(bundle.resolve("nope.json") + ": no such file", e.getMessage(), "the message");
    }

    @Test
    void aSeccompProfileFileIsOneLinuxSeccompObject() throws IOException {
        Path f = bundle.resolve("profile.json");
        Files.writeString(
                f,
                """
                {"defaultAction": "SCMP_ACT_ERRNO", "defaultErrnoRet": 1, "architectures": ["SCMP_ARCH_X86_64"],
                 "syscalls": [{"names": ["read"], "action": "SCMP_ACT_ALLOW"}]}
                """);
        Spec.Seccomp s = SpecLoader.loadSeccomp(f);
        assertEquals("SCMP_ACT_ERRNO", s.defaultAction());
        assertEquals(List.of("read"), s.syscalls().get(0).names());
        Files.writeString(f, "{\"defaultAction\": 1}");
        SpecException e = assertThrows(SpecException.class, () -> SpecLoader.loadSeccomp(f));
        assertEquals("defaultAction", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().startsWith(f + ": defaultAction: expected a string"),
                e.getMessage());
    }

    @Test
    void anEngineFormatProfileIsRefusedNotReadWithoutItsConditions() throws IOException {
        Path f = bundle.resolve("docker.json");
        List<String[]> cases =
                List.of(
                        new String[] {
                            "{\"defaultAction\": \"SCMP_ACT_ERRNO\", \"archMap\": []}", "archMap"
                        },
                        new String[] {
                            "{\"defaultAction\": \"SCMP_ACT_ERRNO\", \"syscalls\": [{\"names\": [\"read\"],"
                                    + " \"action\": \"SCMP_ACT_ALLOW\"}, {\"names\": [\"bpf\"], \"action\": \"SCMP_ACT_ALLOW\","
                                    + " \"includes\": {\"caps\": [\"CAP_SYS_ADMIN\"]}}]}",
                            "syscalls[1].includes"
                        },
                        new String[] {
                            "{\"defaultAction\": \"SCMP_ACT_ERRNO\", \"syscalls\": [{\"names\": [\"clone\"],"
                                    + " \"action\": \"SCMP_ACT_ALLOW\", \"excludes\": {\"caps\": [\"CAP_SYS_ADMIN\"]}}]}",
                            "syscalls[0].excludes"
                        },
                        new String[] {
                            "{\"defaultAction\": \"SCMP_ACT_ERRNO\", \"syscalls\": [{\"name\": \"read\","
                                    + " \"action\": \"SCMP_ACT_ALLOW\"}]}",
                            "syscalls[0].name"
                        });
        for (String[] c : cases) {
            Files.writeString(f, c[0]);
            SpecException e =
                    assertThrows(SpecException.class, () -> SpecLoader.loadSeccomp(f), c[0]);
            assertEquals(c[1], e.field(), e.getMessage());
            assertTrue(
                    e.getMessage().contains("container engines' profile format"), e.getMessage());
        }
    }
}
