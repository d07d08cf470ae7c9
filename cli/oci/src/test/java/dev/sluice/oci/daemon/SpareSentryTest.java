package dev.sluice.oci.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.ipc.ClientMessage;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.ipc.SocketAbi;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.ProxyConfig;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The spare's side of the hand-off, and its rehearsal. */
@Timeout(60)
class SpareSentryTest {
    /** A connected stream pair: [0] the service's end, [1] the spare's. */
    private static Channel[] pair() {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        assertEquals(
                0,
                Native.LIBC.socketpair(
                        SocketAbi.AF_UNIX,
                        SocketAbi.SOCK_STREAM | Native.O_CLOEXEC,
                        0,
                        sv.address()),
                "socketpair");
        return new Channel[] {
            Channel.socket(HostFd.adopt(sv.getInt(0)), "spare", SpareMessage.MAX_FRAME),
            Channel.socket(HostFd.adopt(sv.getInt(4)), "service", SpareMessage.MAX_FRAME)
        };
    }

    private static List<HostFd> devNulls(int n) {
        List<HostFd> fds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            fds.add(HostFd.adopt(OciNative.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC, 0)));
        }
        return fds;
    }

    private static SpareMessage.Container container(List<HostFd> fds) {
        return new SpareMessage.Container(
                "c1", "/b", "/run/c.sock", 2, 4242, true, fds.get(0), fds.get(1));
    }

    @Test
    void theSpareTakesOneContainer() {
        Channel[] c = pair();
        List<HostFd> fds = devNulls(2);
        try (Channel service = c[0];
                Channel spare = c[1]) {
            service.send(container(fds));
            SpareMessage.Container h = (SpareMessage.Container) SpareSentry.receive(spare);
            assertEquals("c1", h.id(), "the container's id");
            assertEquals("/run/c.sock", h.consoleSocket(), "its console socket");
            assertEquals(2, h.preservedFds(), "its --preserve-fds");
            assertEquals(4242, h.caller(), "the caller, who starts its sluice-init");
            assertTrue(h.debug(), "create's --debug");
            h.fds().forEach(HostFd::close);
        } finally {
            fds.forEach(HostFd::close);
        }
    }

    @Test
    void theSpareTakesOneSandboxWithTheCallersCommandLineEnvironmentAndFds() {
        Channel[] c = pair();
        List<HostFd> fds = devNulls(3);
        try (Channel service = c[0];
                Channel spare = c[1]) {
            service.send(
                    new SpareMessage.Sandbox(
                            new ClientMessage.Run(
                                    "/home/u",
                                    List.of(
                                            "run",
                                            "--proxy",
                                            "pty",
                                            "--",
                                            "sh",
                                            "-c",
                                            "echo 'a b'"),
                                    List.of("PATH=/bin", "EMPTY=", "SPACE=x y", "=x")),
                            4243,
                            fds.get(0),
                            fds.get(1),
                            fds.get(2)));
            SpareMessage.Sandbox h = (SpareMessage.Sandbox) SpareSentry.receive(spare);
            assertEquals("/home/u", h.command().cwd(), "the caller's directory");
            assertEquals(
                    List.of("run", "--proxy", "pty", "--", "sh", "-c", "echo 'a b'"),
                    h.command().args(),
                    "its command line, word for word");
            assertEquals(
                    java.util.Map.of("PATH", "/bin", "EMPTY", "", "SPACE", "x y"),
                    h.command().environment(),
                    "its environment, a nameless entry dropped");
            assertEquals(4243, h.caller(), "the caller, who starts its sluice-init");
            assertEquals(3, h.fds().size(), "its connection, stdout and stderr");
            h.fds().forEach(HostFd::close);
        } finally {
            fds.forEach(HostFd::close);
        }
    }

    @Test
    void endOfFileBeforeAContainerIsTheServiceGone() {
        Channel[] c = pair();
        c[0].close();
        try (Channel spare = c[1]) {
            assertNull(SpareSentry.receive(spare), "the spare then exits, having served nobody");
        }
    }

    @Test
    void anythingButAContainerIsRefused() {
        Channel[] d = pair();
        try (Channel service = d[0];
                Channel spare = d[1]) {
            service.send(new SpareMessage.Ready("x"));
            ProtocolException e =
                    assertThrows(
                            ProtocolException.class,
                            () -> SpareSentry.receive(spare),
                            "a spare is handed a CONTAINER or a SANDBOX, nothing else");
            assertTrue(e.getMessage().contains("expected CONTAINER or SANDBOX"), e.getMessage());
        }
    }

    @Test
    void theRehearsalTouchesNothingOutsideItsOwnTemporaryDirectory() throws Exception {
        List<ProxyConfig> asked = new ArrayList<>();
        long before = leftovers();
        SpareSentry.warmUp(
                null,
                config -> {
                    asked.add(config);
                    return List.of();
                });
        assertEquals(3, asked.size(), "three rounds, each asking for the proxies");
        assertTrue(
                asked.get(0).enabledProxies().contains("pty"),
                "of a config that names the pty proxy: " + asked.get(0).enabledProxies());
        assertEquals(before, leftovers(), "its temporary directory is removed");
    }

    private static long leftovers() throws Exception {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(p -> p.getFileName().toString().startsWith("sluice-spare")).count();
        }
    }
}
