package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.HostFd;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The control socket's typed messages: what each verb reads, and what is refused. */
class ControlMessageTest {
    /** Never opened, never closed: decoding closes nothing. */
    private static final HostFd FD = HostFd.adopt(1_000_000);

    private static ControlMessage.FromInit fromInit(String line, List<HostFd> fds, int pid) {
        byte[] b = (line + "\n").getBytes(StandardCharsets.UTF_8);
        return ControlMessage.FROM_INIT.decode(FrameCodec.decode(b, 0, b.length), fds, pid);
    }

    @Test
    void everyMessageOfSluiceInitReads() {
        assertEquals(new ControlMessage.Pid1(4242), fromInit("PID1 4242", List.of(), 0));
        assertEquals(new ControlMessage.Held(7), fromInit("HELD 7", List.of(), 0));
        assertEquals(new ControlMessage.Ready(), fromInit("READY", List.of(), 0));
        assertEquals(new ControlMessage.Hooks(), fromInit("HOOKS", List.of(), 0));
        assertSame(
                FD, ((ControlMessage.Listener) fromInit("LISTENER @", List.of(FD), 0)).listener());
        assertSame(FD, ((ControlMessage.Console) fromInit("CONSOLE @", List.of(FD), 0)).master());
        assertEquals(
                new ControlMessage.AgentListener(FD, 31),
                fromInit("AGENT-LISTENER @", List.of(FD), 31),
                "the sender's pid comes from the kernel, not the frame");
        assertEquals(
                new ControlMessage.Failed(
                        "init", 2, "mount tmpfs on /x: No such file or directory"),
                fromInit(
                        "ERROR init 2 mount%20tmpfs%20on%20/x:%20No%20such%20file%20or%20directory",
                        List.of(), 0));
        assertEquals(
                new ControlMessage.ExecFailed(13, "/tmp/a b"),
                fromInit("EXEC-FAILED 13 /tmp/a%20b", List.of(), 0));
    }

    @Test
    void whatIsSentReadsBackAsItself() {
        for (ControlMessage.FromInit m :
                List.of(
                        new ControlMessage.Pid1(1),
                        new ControlMessage.Listener(FD),
                        new ControlMessage.Failed("proc", 22, "a\nb %@"),
                        new ControlMessage.ExecFailed(2, ""))) {
            byte[] b = FrameCodec.encode(m.frame());
            assertEquals(
                    m,
                    ControlMessage.FROM_INIT.decode(FrameCodec.decode(b, 0, b.length), m.fds(), 0),
                    "round trip of " + m);
        }
        for (ControlMessage.ToInit m :
                List.of(
                        new ControlMessage.Go(),
                        new ControlMessage.HooksDone(),
                        new ControlMessage.Hold(FD),
                        new ControlMessage.AgentDone(),
                        new ControlMessage.AgentRefused())) {
            byte[] b = FrameCodec.encode(m.frame());
            assertEquals(
                    m,
                    ControlMessage.TO_INIT.decode(FrameCodec.decode(b, 0, b.length), m.fds(), 0),
                    "round trip of " + m);
        }
        assertEquals(
                "GO\n",
                new String(
                        FrameCodec.encode(new ControlMessage.Go().frame()),
                        StandardCharsets.US_ASCII),
                "GO is three bytes on the wire");
    }

    @Test
    void malformedOrMisplacedMessagesAreRefusedWithAReason() {
        String[][] cases = {
            {"PID1", "from sluice-init: PID1: no pid"},
            {"PID1 x", "not a number"},
            {"PID1 -1", "not a number"},
            {"PID1 2147483648", "beyond"},
            {"PID1 1 2", "1 fields too many"},
            {"READY now", "1 fields too many"},
            {"ERROR init 2", "no text"},
            {"ERROR init two text", "not a number"},
            {"HELLO there", "from sluice-init: unexpected message HELLO"},
            {"GO", "unexpected message GO"},
        };
        for (String[] c : cases) {
            ProtocolException e =
                    assertThrows(ProtocolException.class, () -> fromInit(c[0], List.of(), 0), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        ProtocolException noFd =
                assertThrows(ProtocolException.class, () -> fromInit("LISTENER", List.of(), 0));
        assertTrue(noFd.getMessage().contains("no fd for the listener"), noFd.getMessage());
        ProtocolException extraFd =
                assertThrows(ProtocolException.class, () -> fromInit("READY @", List.of(FD), 0));
        assertTrue(extraFd.getMessage().contains("1 fds too many"), extraFd.getMessage());
        ProtocolException missing =
                assertThrows(ProtocolException.class, () -> fromInit("LISTENER @", List.of(), 0));
        assertTrue(missing.getMessage().contains("1 fds announced, 0 came"), missing.getMessage());
        assertTrue(FD.isOpen(), "decoding closes no fd, refused or not");
    }
}
