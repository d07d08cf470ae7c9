package dev.sluice.oci;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.ipc.SentryAnswer;
import dev.sluice.oci.ipc.SentryRequest;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The control and console sockets' transport: frames, an fd in SCM_RIGHTS, long paths, shutdown.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UnixSocketTest {
    @TempDir Path tmp;

    /**
     * Sends a frame with the write end of a pipe; what is written through the received fd must come
     * out of the read end.
     */
    private void roundTrip(Path socket) throws Exception {
        GuestCredentials as = new GuestCredentials(1000, 100, 0x5L);
        try (UnixSocket server = UnixSocket.listen(socket)) {
            int[] pipe = OciNative.pipe();
            CompletableFuture<Void> client =
                    CompletableFuture.runAsync(
                            () -> {
                                try (UnixSocket c = UnixSocket.connect(socket);
                                        Channel ch = c.channel("the server", 100);
                                        HostFd w = HostFd.adopt(pipe[1])) {
                                    ch.send(new SentryRequest.AdoptListener(w, as));
                                    assertEquals(
                                            new SentryAnswer.Done(),
                                            ch.receive(SentryAnswer.PROTOCOL),
                                            "the answer");
                                }
                            });
            try (UnixSocket conn = server.accept(10_000);
                    Channel ch = conn.channel("the client", 100)) {
                SentryRequest.AdoptListener request =
                        (SentryRequest.AdoptListener) ch.receive(SentryRequest.PROTOCOL);
                assertEquals(as, request.as(), "the credentials, as sent");
                try (HostFd passed = request.listener()) {
                    OciNative.write(passed.fd(), "through".getBytes(StandardCharsets.US_ASCII));
                }
                ch.send(new SentryAnswer.Done());
            }
            client.get(10, TimeUnit.SECONDS);
            assertArrayEquals(
                    "through".getBytes(StandardCharsets.US_ASCII),
                    OciNative.readAll(pipe[0], 100),
                    "the received fd is the pipe's write end, and no copy stayed open with the sender");
            OciNative.close(pipe[0]);
        }
    }

    @Test
    void aLineAndAnFdGoThrough() throws Exception {
        roundTrip(tmp.resolve("s.sock"));
    }

    @Test
    void aPathTooLongForSockaddrUnIsReachedThroughItsDirectory() throws Exception {
        Path deep = Files.createDirectories(tmp.resolve("d".repeat(60)).resolve("e".repeat(60)));
        Path socket = deep.resolve("sentry.sock");
        assertTrue(
                socket.toString().length() > 108, "the path does not fit a sockaddr_un: " + socket);
        roundTrip(socket);
    }

    @Test
    void shutdownEndsAWaitingAccept() throws Exception {
        try (UnixSocket server = UnixSocket.listen(tmp.resolve("s.sock"))) {
            CompletableFuture<UnixSocket> waiting =
                    CompletableFuture.supplyAsync(() -> server.accept(20_000));
            Thread.sleep(300);
            server.shutdown();
            assertNull(
                    waiting.get(5, TimeUnit.SECONDS),
                    "accept returns null once the socket is shut down");
            assertTrue(server.isShut(), "isShut");
        }
    }

    @Test
    void connectingToNothingNamesThePath() {
        Path nowhere = tmp.resolve("nobody.sock");
        ErrnoException e = assertThrows(ErrnoException.class, () -> UnixSocket.connect(nowhere));
        assertTrue(
                e.getMessage().contains("connect " + nowhere) && e.getMessage().contains("ENOENT"),
                e.getMessage());
    }

    @Test
    void endOfFileBeforeAnyByteIsNoLine() throws Exception {
        Path socket = tmp.resolve("s.sock");
        try (UnixSocket server = UnixSocket.listen(socket)) {
            UnixSocket.connect(socket).close();
            try (UnixSocket conn = server.accept(10_000)) {
                assertNull(
                        conn.channel("the client", 100).receive(SentryRequest.PROTOCOL),
                        "the peer closed without a word");
            }
        }
    }
}
