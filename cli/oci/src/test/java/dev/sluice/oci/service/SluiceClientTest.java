package dev.sluice.oci.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.ipc.ClientMessage;
import dev.sluice.oci.ipc.ServiceMessage;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.Frame;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.SocketMessages;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code sluice-client} (C, native-shims' common/ipc.c) against this test playing the
 * runtime service: the two ends of one wire form, field for field, fd for fd, and what the client
 * does with frames the service never sends.
 */
@Timeout(60)
class SluiceClientTest {
    private static final Path CLIENT =
            Path.of(
                            System.getProperty(
                                    "sluice.client", "../../native-shims/target/bin/sluice-client"))
                    .toAbsolutePath()
                    .normalize();
    private static final List<String> AWKWARD =
            List.of("state", "two words", "100%", "new\nline", "@", "user@host", "ünï ✓", "");

    @TempDir Path tmp;

    /** Any frame at all, as a misbehaving service could send it. */
    record Raw(Frame frame, List<HostFd> fds) implements Message {}

    private Process client(Path socket) throws IOException {
        assertTrue(
                Files.isExecutable(CLIENT),
                "sluice-client must be built by native-shims before these tests: " + CLIENT);
        List<String> argv =
                new ArrayList<>(List.of(CLIENT.toString(), socket.toString(), "1", "/bin/false"));
        argv.addAll(AWKWARD);
        ProcessBuilder pb = new ProcessBuilder(argv).directory(tmp.toFile());
        pb.environment().put("SLUICE_T", "x y%@\t");
        return pb.start();
    }

    /** Accepts the client and takes it through STDIO and RUN; returns the channel, RUN checked. */
    private Channel greet(UnixSocket server) {
        UnixSocket conn = server.accept(20_000);
        assertTrue(conn != null, "the client connected");
        Channel c = conn.channel("sluice-client", ClientMessage.MAX_FRAME);
        ClientMessage.Stdio stdio =
                assertInstanceOf(
                        ClientMessage.Stdio.class,
                        c.receive(ClientMessage.PROTOCOL),
                        "STDIO first");
        OciNative.write(
                stdio.out().fd(), "to the caller's stdout\n".getBytes(StandardCharsets.UTF_8));
        stdio.fds().forEach(HostFd::close);
        c.send(new ServiceMessage.StdioTaken());
        ClientMessage.Run run =
                assertInstanceOf(
                        ClientMessage.Run.class, c.receive(ClientMessage.PROTOCOL), "then RUN");
        assertEquals(tmp.toString(), run.cwd(), "the caller's working directory");
        assertEquals(AWKWARD, run.args(), "every argument exactly as the caller gave it");
        assertTrue(
                run.env().contains("SLUICE_T=x y%@\t"), "the environment, exactly: " + run.env());
        return c;
    }

    @Test
    void theClientStartsAndWaitsForWhatTheServiceAsksAndExitsWithItsCode() throws Exception {
        Path socket = tmp.resolve("service.sock");
        try (UnixSocket server = UnixSocket.listen(socket)) {
            Process p = client(socket);
            try (Channel c = greet(server)) {
                int[] pipe = OciNative.pipe();
                try (HostFd w = HostFd.adopt(pipe[1])) {
                    c.send(
                            new ServiceMessage.Spawn(
                                    "/bin/sh",
                                    List.of("sh", "-c", "echo \"$0\" >&3; exit 3", "an arg"),
                                    List.of("PATH=/bin"),
                                    List.of(
                                            new ServiceMessage.Spawn.Target(0, true),
                                            new ServiceMessage.Spawn.Target(3, false)),
                                    List.of(w)));
                }
                ClientMessage.Spawned spawned =
                        assertInstanceOf(
                                ClientMessage.Spawned.class, c.receive(ClientMessage.PROTOCOL));
                c.send(new ServiceMessage.Wait(spawned.pid()));
                ClientMessage.Waited waited =
                        assertInstanceOf(
                                ClientMessage.Waited.class, c.receive(ClientMessage.PROTOCOL));
                assertEquals(3, (waited.status() >> 8) & 0xff, "the child's exit status, raw");
                assertEquals(
                        "an arg\n",
                        new String(OciNative.readAll(pipe[0], 100), StandardCharsets.UTF_8),
                        "the child wrote through the fd the SPAWN carried, and nothing else holds it");
                OciNative.close(pipe[0]);
                c.send(
                        new ServiceMessage.Spawn(
                                "/nonexistent", List.of("x"), List.of(), List.of(), List.of()));
                assertEquals(
                        new ClientMessage.Failed(2),
                        c.receive(ClientMessage.PROTOCOL),
                        "ENOENT from posix_spawn");
                c.send(new ServiceMessage.Wait(spawned.pid()));
                assertEquals(
                        new ClientMessage.Failed(10),
                        c.receive(ClientMessage.PROTOCOL),
                        "ECHILD: reaped already");
                c.send(new ServiceMessage.Exit(7));
            }
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the client exits");
            assertEquals(7, p.exitValue(), "with the command's code");
            assertEquals(
                    "to the caller's stdout\n",
                    new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                    "what the service wrote to the caller's stdout fd");
        }
    }

    @Test
    void framesTheServiceNeverSendsAreRefused() throws Exception {
        Path socket = tmp.resolve("service.sock");
        try (UnixSocket server = UnixSocket.listen(socket)) {
            Process p = client(socket);
            try (Channel c = greet(server)) {
                c.send(
                        new Raw(
                                new Frame(
                                        "SPAWN",
                                        List.of("/bin/true", "1", "true", "0", "1", "d3"),
                                        0),
                                List.of()));
                assertEquals(
                        new ClientMessage.Failed(22),
                        c.receive(ClientMessage.PROTOCOL),
                        "a fd target with no fd: EINVAL");
                c.send(
                        new Raw(
                                new Frame("SPAWN", List.of("/bin/true", "1", "true", "0", "0"), 1),
                                List.of(c.fd())));
                assertEquals(
                        new ClientMessage.Failed(22),
                        c.receive(ClientMessage.PROTOCOL),
                        "an fd with no target: EINVAL");
                c.send(new Raw(new Frame("WAIT", List.of("-1"), 0), List.of()));
                assertEquals(
                        new ClientMessage.Failed(22),
                        c.receive(ClientMessage.PROTOCOL),
                        "not a pid: EINVAL");
                c.send(new Raw(Frame.of("EXIT", "256"), List.of()));
            }
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the client exits");
            assertEquals(
                    1, p.exitValue(), "an EXIT beyond 255 is no exit status: the client fails");
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(err.contains("the runtime service: EXIT"), err);
        }
    }

    @Test
    void anFdTheFrameDoesNotAnnounceEndsTheClient() throws Exception {
        Path socket = tmp.resolve("service.sock");
        try (UnixSocket server = UnixSocket.listen(socket)) {
            Process p = client(socket);
            try (Channel c = greet(server)) {
                c.send(new Raw(Frame.of("WAIT", "1"), List.of()));
                assertEquals(
                        new ClientMessage.Failed(10), c.receive(ClientMessage.PROTOCOL), "ECHILD");
                // Past the codec: the bytes of a WAIT that announces no fd, with one attached.
                byte[] wait = "WAIT 1\n".getBytes(StandardCharsets.US_ASCII);
                Pointer buf = Memory.allocateDirect(Native.RUNTIME, wait.length, true);
                buf.put(0, wait, 0, wait.length);
                assertEquals(
                        wait.length,
                        new SocketMessages()
                                .send(
                                        c.fd().fd(),
                                        buf.address(),
                                        wait.length,
                                        new int[] {c.fd().fd()}));
            }
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the client exits");
            assertEquals(1, p.exitValue(), "an fd no frame announced ends it");
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(err.contains("the runtime service: reading: Protocol error"), err);
        }
    }
}
