package dev.sluice.oci.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.ipc.FrameCodec;
import dev.sluice.sentry.ipc.Message;
import dev.sluice.sentry.ipc.Protocol;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.nativeio.HostFd;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The OCI runtime's messages on the wire: exact forms, round trips, refusals. */
class OciMessagesTest {
    /** Never opened, never closed: decoding closes nothing. */
    private static final HostFd A = HostFd.adopt(1_000_001);

    private static final HostFd B = HostFd.adopt(1_000_002);
    private static final HostFd C = HostFd.adopt(1_000_003);

    private static String wire(Message m) {
        return new String(FrameCodec.encode(m.frame()), StandardCharsets.UTF_8);
    }

    private static <M extends Message> M read(Protocol<M> p, String line, List<HostFd> fds) {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        return p.decode(FrameCodec.decode(b, 0, b.length), fds, 0);
    }

    private static <M extends Message> void roundTrip(Protocol<M> p, M m) {
        assertEquals(
                m,
                read(p, wire(m).stripTrailing(), m.fds()),
                "round trip of " + wire(m).stripTrailing());
    }

    @Test
    void anyStringOfTheCommandLineSurvives() {
        List<String> awkward =
                List.of(
                        "",
                        "plain",
                        "two words",
                        "new\nline",
                        "100%",
                        "%41",
                        "tab\there",
                        "ünïcödé ✓",
                        "a=b c\u0001",
                        "@",
                        "user@host");
        ClientMessage.Run run =
                new ClientMessage.Run("/srv/my dir", awkward, List.of("A=b c", "B="));
        roundTrip(ClientMessage.PROTOCOL, run);
        assertEquals(
                "RUN /srv/my%20dir 2 --root /run/s 1 A=b%20c\n",
                wire(
                        new ClientMessage.Run(
                                "/srv/my dir", List.of("--root", "/run/s"), List.of("A=b c"))),
                "RUN, exactly");
        ServiceMessage.Spawn spawn =
                new ServiceMessage.Spawn(
                        "/usr/bin/java",
                        awkward,
                        List.of("X=1"),
                        List.of(
                                new ServiceMessage.Spawn.Target(0, true),
                                new ServiceMessage.Spawn.Target(3, false),
                                new ServiceMessage.Spawn.Target(4, false)),
                        List.of(A, B));
        roundTrip(ServiceMessage.PROTOCOL, spawn);
        assertEquals(
                "SPAWN /bin/sh 2 sh -c%20x 0 2 n0 d3 @\n",
                wire(
                        new ServiceMessage.Spawn(
                                "/bin/sh",
                                List.of("sh", "-c x"),
                                List.of(),
                                List.of(
                                        new ServiceMessage.Spawn.Target(0, true),
                                        new ServiceMessage.Spawn.Target(3, false)),
                                List.of(A))),
                "SPAWN, exactly");
    }

    @Test
    void everyMessageReadsBackAsItself() {
        roundTrip(ClientMessage.PROTOCOL, new ClientMessage.Stdio(A, B, C));
        roundTrip(ClientMessage.PROTOCOL, new ClientMessage.Spawned(42));
        roundTrip(ClientMessage.PROTOCOL, new ClientMessage.Waited(0x8b00));
        roundTrip(ClientMessage.PROTOCOL, new ClientMessage.Failed(22));
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.StdioTaken());
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.Wait(42));
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.Exit(255));
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.WaitForeground(43));
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.Subreaper());
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.HoldSignals());
        roundTrip(ServiceMessage.PROTOCOL, new ServiceMessage.RunItYourself());
        roundTrip(DaemonReport.PROTOCOL, new DaemonReport.Warning("racy CONTINUE: a b"));
        roundTrip(DaemonReport.PROTOCOL, new DaemonReport.Created(4242, 123456789012L));
        roundTrip(DaemonReport.PROTOCOL, new DaemonReport.Failed("no such file: /x y"));
        roundTrip(SentryRequest.PROTOCOL, new SentryRequest.Start());
        roundTrip(
                SentryRequest.PROTOCOL,
                new SentryRequest.AdoptListener(A, new GuestCredentials(0xfffffffeL, 0, -1L)));
        roundTrip(SentryAnswer.PROTOCOL, new SentryAnswer.Done());
        roundTrip(
                SentryAnswer.PROTOCOL,
                new SentryAnswer.Refused("the sentry cannot serve the listener: x"));
        assertEquals(
                "LISTENER 1000 100 2684626427 @\n",
                wire(
                        new SentryRequest.AdoptListener(
                                A, new GuestCredentials(1000, 100, 0xa00425fbL))),
                "credentials as three numbers, then the listener");
        assertEquals("OK 7 99\n", wire(new DaemonReport.Created(7, 99)), "the daemon's report");
    }

    @Test
    void theSparesMessagesReadBackAsThemselves() {
        roundTrip(SpareMessage.PROTOCOL, new SpareMessage.Ready("20261202142537061"));
        SpareMessage.Container withConsole =
                new SpareMessage.Container(
                        "c 1", "/srv/my bundle", "/run/console.sock", 2, 4242, true, A, B);
        roundTrip(SpareMessage.PROTOCOL, withConsole);
        SpareMessage.Container without =
                new SpareMessage.Container("c1", "/b", null, 0, 7, false, A, B);
        roundTrip(SpareMessage.PROTOCOL, without);
        assertEquals(
                "CONTAINER c%201 /srv/my%20bundle 1 /run/console.sock 2 4242 1 @ @\n",
                wire(withConsole), "CONTAINER, exactly: the console socket as a list of one");
        assertEquals("CONTAINER c1 /b 0 0 7 0 @ @\n", wire(without), "and of none");
    }

    @Test
    void malformedMessagesAreRefusedWithAReason() {
        Object[][] cases = {
            {
                ClientMessage.PROTOCOL,
                "RUN / 5 a b",
                List.of(),
                "arguments: 5 counted, 2 fields left"
            },
            {ClientMessage.PROTOCOL, "RUN / 1 a 0 extra", List.of(), "1 fields too many"},
            {ClientMessage.PROTOCOL, "SPAWN x", List.of(), "unexpected message SPAWN"},
            {ClientMessage.PROTOCOL, "STDIO @ @", List.of(A, B), "no fd for stderr"},
            {ClientMessage.PROTOCOL, "STATUS -1", List.of(), "not a number"},
            {
                ServiceMessage.PROTOCOL,
                "SPAWN /bin/sh 1 sh 0 1 d3",
                List.of(),
                "no fd for fd target 3"
            },
            {ServiceMessage.PROTOCOL, "SPAWN /bin/sh 1 sh 0 1 x3", List.of(), "is not dT or nT"},
            {
                ServiceMessage.PROTOCOL,
                "SPAWN /bin/sh 1 sh 0 1 d99999999999 @",
                List.of(A),
                "is not dT or nT"
            },
            {ServiceMessage.PROTOCOL, "SPAWN /bin/sh 1 sh 0 1 n3 @", List.of(A), "1 fds too many"},
            {ServiceMessage.PROTOCOL, "EXIT 256", List.of(), "beyond 255"},
            {SentryRequest.PROTOCOL, "LISTENER 4294967295 0 0 @", List.of(A), "uid out of range"},
            {SentryRequest.PROTOCOL, "LISTENER 1 2 @", List.of(A), "no capabilities"},
            {SentryRequest.PROTOCOL, "start", List.of(), "not a verb"},
            {DaemonReport.PROTOCOL, "OK 1", List.of(), "no start time"},
            {DaemonReport.PROTOCOL, "ERR boom", List.of(), "unexpected message ERR"},
            {
                SpareMessage.PROTOCOL,
                "CONTAINER c /b 2 /x /y 0 1 0 @ @",
                List.of(A, B),
                "console socket"
            },
            {SpareMessage.PROTOCOL, "CONTAINER c /b 0 0 1 0 @", List.of(A), "report"},
            {SpareMessage.PROTOCOL, "CONTAINER c /b 0 0 1 2 @ @", List.of(A, B), "beyond"},
            {SpareMessage.PROTOCOL, "CONTAINER c /b 0 0 @ @", List.of(A, B), "no caller"},
            {SpareMessage.PROTOCOL, "READY", List.of(), "no build"},
        };
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            Protocol<Message> p = (Protocol<Message>) c[0];
            @SuppressWarnings("unchecked")
            List<HostFd> fds = (List<HostFd>) c[2];
            ProtocolException e =
                    assertThrows(
                            ProtocolException.class,
                            () -> read(p, (String) c[1], fds),
                            (String) c[1]);
            assertTrue(e.getMessage().contains((String) c[3]), c[1] + ": " + e.getMessage());
        }
        assertTrue(A.isOpen() && B.isOpen(), "decoding closes no fd, refused or not");
    }
}
