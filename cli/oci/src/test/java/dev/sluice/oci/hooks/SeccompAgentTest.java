package dev.sluice.oci.hooks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.launch.SeccompAgentHandoff;
import dev.sluice.sentry.nativeio.HostFd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The listener of a profile's SCMP_ACT_NOTIFY rules on its way to the seccomp agent: one
 * connection, one message.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SeccompAgentTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;

    private Spec spec(String listenerPath, String metadata) throws Exception {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        c.putObject("annotations").put("org.example.k", "v");
        ObjectNode s =
                ((ObjectNode) c.get("linux"))
                        .putObject("seccomp")
                        .put("defaultAction", "SCMP_ACT_ALLOW");
        if (listenerPath != null) {
            s.put("listenerPath", listenerPath);
        }
        if (metadata != null) {
            s.put("listenerMetadata", metadata);
        }
        return SpecLoader.parse(JSON.writeValueAsBytes(c), "config.json");
    }

    @Test
    void theAgentGetsTheContainerProcessStateAndTheListenerInOneMessage() throws Exception {
        Path socket = tmp.resolve("agent.sock");
        SeccompAgentHandoff agent =
                SeccompAgent.of(
                        spec(socket.toString(), "MKDIR=/x"),
                        "c1",
                        Path.of("/bundles/c1"),
                        "created",
                        100);
        int[] pipe = OciNative.pipe();
        try (UnixSocket server = UnixSocket.listen(socket);
                HostFd w = HostFd.adopt(pipe[1])) {
            assertNull(agent.handOver(w, 123), "handed over (the backlog holds the connection)");
            try (UnixSocket conn = server.accept(10_000)) {
                UnixSocket.Received m = conn.receive(65536);
                assertNotNull(m.fd(), "the listener came in SCM_RIGHTS");
                try (HostFd passed = m.fd()) {
                    OciNative.write(passed.fd(), "agent".getBytes(StandardCharsets.US_ASCII));
                }
                JsonNode st = JSON.readTree(m.data());
                assertEquals(
                        DefaultSpec.OCI_VERSION,
                        st.get("ociVersion").asText(),
                        "the version Sluice implements");
                assertEquals(
                        "[\"seccompFd\"]",
                        st.get("fds").toString(),
                        "the fd's name, runtime-spec's SeccompFdName");
                assertEquals(123, st.get("pid").asInt(), "the process whose filter it is");
                assertEquals("MKDIR=/x", st.get("metadata").asText(), "listenerMetadata");
                JsonNode state = st.get("state");
                assertEquals("c1", state.get("id").asText(), "state.id");
                assertEquals("created", state.get("status").asText(), "state.status");
                assertEquals(100, state.get("pid").asInt(), "state.pid: the container's init");
                assertEquals("/bundles/c1", state.get("bundle").asText(), "state.bundle");
                assertEquals(
                        "v",
                        state.get("annotations").get("org.example.k").asText(),
                        "state.annotations");
                assertTrue(conn.receive(16).eof(), "one message, then the connection is closed");
            }
            w.close();
            assertArrayEquals(
                    "agent".getBytes(StandardCharsets.US_ASCII),
                    OciNative.readAll(pipe[0], 100),
                    "the fd the agent got is the one handed over");
        } finally {
            OciNative.close(pipe[0]);
        }
    }

    @Test
    void metadataIsLeftOutWhenThereIsNone() throws Exception {
        JsonNode st =
                JSON.readTree(
                        ContainerProcessState.json(
                                spec("/run/a.sock", null), "c", Path.of("/b"), "running", 1, 2));
        assertFalse(st.has("metadata"), "omitempty, as runc: " + st);
        assertEquals(
                "running",
                st.get("state").get("status").asText(),
                "an exec'd process's container runs");
    }

    @Test
    void anUnreachableAgentIsAFailureNamingTheField() throws Exception {
        Path socket = tmp.resolve("nobody.sock");
        SeccompAgentHandoff agent =
                SeccompAgent.of(spec(socket.toString(), null), "c1", Path.of("/b"), "created", 1);
        int[] pipe = OciNative.pipe();
        try (HostFd r = HostFd.adopt(pipe[0]);
                HostFd w = HostFd.adopt(pipe[1])) {
            String failure = agent.handOver(w, 5);
            assertTrue(
                    failure != null
                            && failure.startsWith("linux.seccomp.listenerPath " + socket + ": "),
                    "names the field: " + failure);
        }
    }

    @Test
    void noListenerPathNoAgent() throws Exception {
        assertNull(
                SeccompAgent.of(spec(null, null), "c1", Path.of("/b"), "created", 1),
                "nothing to hand a listener to");
    }
}
