package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Bad input to the runc-compatible commands: each gets exit 1, one JSON error line in --log that
 * names the field or the argument, the same message on stderr, no stack trace, and nothing left
 * behind (no state directory, no sentry process).
 */
@RequiresRoot
@Timeout(180)
class OciBadInputE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private Path root;
    private Path log;

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
        log = root.resolveSibling(root.getFileName() + ".log");
    }

    @AfterEach
    void tearDown() throws IOException {
        OciBundle.deleteTree(root);
        if (log != null) {
            Files.deleteIfExists(log);
        }
        OciBundle.cleanup();
    }

    private Sluice.Result oci(Object... args) {
        List<Object> parts =
                new ArrayList<>(
                        List.of(
                                "--root",
                                root.toString(),
                                "--log",
                                log.toString(),
                                "--log-format",
                                "json"));
        parts.addAll(List.of(args));
        return Sluice.run(parts.toArray());
    }

    /**
     * Runs a command that must fail with {@code message}; checks the log line, stderr and what is
     * left.
     */
    private void fails(String message, Object... args) throws IOException {
        long before = Files.exists(log) ? Files.readAllLines(log).size() : 0;
        Sluice.Result r = oci(args);
        assertEquals(1, r.exitCode(), "exit 1 for " + message + "\n" + r);
        assertTrue(r.stderr().contains(message), "stderr says '" + message + "'\n" + r);
        assertFalse(r.hasStackTrace(), "no stack trace\n" + r);
        List<String> lines = Files.readAllLines(log);
        assertEquals(before + 1, lines.size(), "one more log line\n" + lines);
        JsonNode l = JSON.readTree(lines.get(lines.size() - 1));
        assertEquals("error", l.get("level").asText(), "an error line: " + l);
        assertTrue(
                l.get("msg").asText().contains(message),
                "the log's msg says '" + message + "': " + l);
        if (Files.isDirectory(root)) {
            // The root's runtime service keeps its socket, lock and log there (docs/oci.md): no
            // container's.
            try (Stream<Path> s = Files.list(root)) {
                assertEquals(
                        List.of(),
                        s.filter(p -> !p.getFileName().toString().startsWith(".sluice-service"))
                                .toList(),
                        "nothing left under --root after: " + message);
            }
        }
        assertFalse(daemonsUnder(root), "no sentry left running for " + root);
    }

    private static boolean daemonsUnder(Path root) {
        return ProcessHandle.allProcesses()
                .anyMatch(
                        p ->
                                p.info()
                                        .arguments()
                                        .map(
                                                a ->
                                                        List.of(a).contains("sentry-daemon")
                                                                && List.of(a)
                                                                        .contains(root.toString()))
                                        .orElse(false));
    }

    private Path bundle(Consumer<ObjectNode> edit) {
        return OciBundle.create("oci-bad", List.of("true"), edit);
    }

    @Test
    void unknownIds() throws IOException {
        fails("container \"ghost\" does not exist", "state", "ghost");
        fails("container \"ghost\" does not exist", "start", "ghost");
        fails("container \"ghost\" does not exist", "kill", "ghost", "9");
        fails("container \"ghost\" does not exist", "delete", "ghost");
        fails("invalid container id \"../x\"", "state", "../x");
    }

    @Test
    void badBundles() throws IOException {
        Path b = bundle(c -> {});
        Files.writeString(b.resolve("config.json"), "{\"ociVersion\": \"1.0.2\", \"process\": ");
        fails("config.json: invalid JSON at line 1", "create", "-b", b.toString(), "c1");
        Files.delete(b.resolve("config.json"));
        fails(b.resolve("config.json") + ": no such file", "create", "-b", b.toString(), "c1");
        fails(
                "bundle " + b.resolve("nope") + ": no such directory",
                "create",
                "-b",
                b.resolve("nope").toString(),
                "c1");
    }

    @Test
    void badConfigs() throws IOException {
        Path noRootfs = bundle(c -> ((ObjectNode) c.get("root")).put("path", "missing-rootfs"));
        fails(
                "root.path: " + noRootfs.resolve("missing-rootfs") + ": no such directory",
                "create",
                "-b",
                noRootfs.toString(),
                "c1");
        Path userNs =
                bundle(
                        c ->
                                ((ArrayNode) c.get("linux").get("namespaces"))
                                        .addObject()
                                        .put("type", "user"));
        fails(
                "linux.uidMappings: missing: a new user namespace needs uid mappings",
                "create",
                "-b",
                userNs.toString(),
                "c1");
        Path timeNs =
                bundle(
                        c ->
                                ((ArrayNode) c.get("linux").get("namespaces"))
                                        .addObject()
                                        .put("type", "time"));
        fails(
                "linux.namespaces[5].type: \"time\" namespaces are not supported",
                "create",
                "-b",
                timeNs.toString(),
                "c1");
        Path unknownNs =
                bundle(
                        c ->
                                ((ArrayNode) c.get("linux").get("namespaces"))
                                        .addObject()
                                        .put("type", "bogus"));
        fails(
                "linux.namespaces[5].type: unknown namespace type \"bogus\"",
                "create",
                "-b",
                unknownNs.toString(),
                "c1");
        Path badUid = bundle(c -> ((ObjectNode) c.get("process").get("user")).put("uid", "root"));
        fails(
                "process.user.uid: expected an integer, got a string \"root\"",
                "create",
                "-b",
                badUid.toString(),
                "c1");
        Path noCmd =
                bundle(c -> ((ArrayNode) c.get("process").get("args")).set(0, "no-such-command"));
        fails(
                "exec: \"no-such-command\": executable file not found in $PATH",
                "create",
                "-b",
                noCmd.toString(),
                "c1");
        Path terminal = bundle(c -> ((ObjectNode) c.get("process")).put("terminal", true));
        fails(
                "process.terminal asks for a terminal, but there is no --console-socket",
                "create",
                "-b",
                terminal.toString(),
                "c1");
    }

    @Test
    void unsupportedOptions() throws IOException {
        Path b = bundle(c -> {});
        fails(
                "--preserve-fds 2: fd 3 is not open in the caller",
                "create",
                "-b",
                b.toString(),
                "--preserve-fds",
                "2",
                "c1");
        fails(
                "--preserve-fds -1: must be 0 or more",
                "create",
                "-b",
                b.toString(),
                "--preserve-fds",
                "-1",
                "c1");
        fails(
                "--console-socket /tmp/x.sock: there is no terminal to send (",
                "create",
                "-b",
                b.toString(),
                "--console-socket",
                "/tmp/x.sock",
                "c1");
        fails("unknown signal \"SIGBOGUS\"", "kill", "c1", "SIGBOGUS");
    }
}
