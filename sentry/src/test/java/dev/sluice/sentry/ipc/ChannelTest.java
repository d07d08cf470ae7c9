package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Frames and their fds over real sockets and pipes: the kernel's side of the framing. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ChannelTest {
    /** A test protocol: {@code T FIELD... @...}, any fields, any fds. */
    record Any(Frame frame, List<HostFd> fds) implements Message {}

    private static final Protocol<Any> ANY =
            Protocol.<Any>builder("the peer")
                    .on(
                            "T",
                            f -> {
                                List<String> fields = new java.util.ArrayList<>();
                                while (f.hasText()) {
                                    fields.add(f.text("field"));
                                }
                                List<HostFd> fds = new java.util.ArrayList<>();
                                try {
                                    while (true) {
                                        fds.add(f.fd("fd"));
                                    }
                                } catch (ProtocolException none) {
                                    // every fd taken
                                }
                                return new Any(new Frame("T", fields, fds.size()), fds);
                            })
                    .build();

    private static HostFd[] pair(int type) {
        Pointer sv = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Native.check(
                Native.ret(
                        Native.LIBC.socketpair(
                                SocketAbi.AF_UNIX, type | Native.O_CLOEXEC, 0, sv.address())),
                "socketpair");
        return new HostFd[] {HostFd.adopt(sv.getInt(0)), HostFd.adopt(sv.getInt(4))};
    }

    private static HostFd[] pipe() {
        Pointer fds = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Native.check(
                Native.ret(Native.LIBC.syscall(293, fds.address(), Native.O_CLOEXEC, 0, 0, 0, 0)),
                "pipe2");
        return new HostFd[] {HostFd.adopt(fds.getInt(0)), HostFd.adopt(fds.getInt(4))};
    }

    /** Sends raw bytes with fds, in one sendmsg, past the codec: what a peer could send. */
    private static void raw(HostFd socket, String bytes, HostFd... fds) {
        byte[] b = bytes.getBytes(StandardCharsets.UTF_8);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, Math.max(1, b.length), true);
        p.put(0, b, 0, b.length);
        int[] numbers = Stream.of(fds).mapToInt(HostFd::fd).toArray();
        assertEquals(
                b.length,
                new SocketMessages().send(socket.fd(), p.address(), b.length, numbers),
                "sendmsg of " + bytes);
    }

    private static long openFds() throws IOException {
        try (Stream<Path> s = Files.list(Path.of("/proc/self/fd"))) {
            return s.count();
        }
    }

    private static String through(HostFd writeEnd, HostFd readEnd, String text) {
        byte[] b = text.getBytes(StandardCharsets.US_ASCII);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 64, true);
        p.put(0, b, 0, b.length);
        assertEquals(
                b.length,
                Native.LIBC.write(writeEnd.fd(), p.address(), b.length),
                "write through the received fd");
        long n = Native.LIBC.read(readEnd.fd(), p.address(), 64);
        byte[] back = new byte[(int) n];
        p.get(0, back, 0, back.length);
        return new String(back, StandardCharsets.US_ASCII);
    }

    @Test
    void awkwardFieldsAndFdsGoThroughAStream() {
        HostFd[] s = pair(SocketAbi.SOCK_STREAM);
        HostFd[] p = pipe();
        try (Channel a = Channel.socket(s[0], "a", 1 << 20);
                Channel b = Channel.socket(s[1], "b", 1 << 20)) {
            List<String> fields = List.of("", "a b\nc", "%41@", "é日本", "\0", "x".repeat(200_000));
            a.send(new Any(new Frame("T", fields, 2), List.of(p[1], p[1])));
            Any got = b.receive(ANY);
            assertEquals(
                    fields,
                    got.frame().fields(),
                    "every field as it was sent, a 200 KB one in several reads");
            assertEquals(2, got.fds().size(), "both fds");
            assertTrue(p[1].isOpen(), "the sender's fds stay the sender's");
            for (HostFd f : got.fds()) {
                try (f) {
                    assertEquals(
                            "hi", through(f, p[0], "hi"), "a received fd is the pipe's write end");
                }
            }
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void framesReadTogetherEachTakeTheirOwnFds() {
        HostFd[] s = pair(SocketAbi.SOCK_STREAM);
        HostFd[] p = pipe();
        try (Channel b = Channel.socket(s[1], "b", 4096);
                HostFd a = s[0]) {
            // Three frames in the queue before the first read: the kernel may hand over the bytes
            // of
            // the first two and the fd of the second in one read.
            raw(a, "T one\n");
            raw(a, "T two @\n", p[1]);
            raw(a, "T three\n");
            Any one = b.receive(ANY);
            assertEquals(List.of("one"), one.frame().fields());
            assertEquals(0, one.fds().size(), "the first frame announced no fd and takes none");
            Any two = b.receive(ANY);
            assertEquals(1, two.fds().size(), "the second takes the fd that came with it");
            try (HostFd f = two.fds().get(0)) {
                assertEquals("ok", through(f, p[0], "ok"), "and it is the one sent");
            }
            assertEquals(List.of("three"), b.receive(ANY).frame().fields());
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void fdsThatDoNotMatchTheFrameAreRefusedAndClosed() throws IOException {
        HostFd[] s = pair(SocketAbi.SOCK_SEQPACKET);
        HostFd[] p = pipe();
        try (Channel b = Channel.socket(s[1], "b", 4096);
                HostFd a = s[0]) {
            long before = openFds();
            raw(a, "T\n", p[1]);
            ProtocolException stray = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(
                    stray.getMessage().contains("an fd with no frame of its own"),
                    stray.getMessage());
            assertEquals(before, openFds(), "the stray fd is closed");
            raw(a, "T @\n");
            ProtocolException missing = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(
                    missing.getMessage().contains("announces 1 fds, 0 came"), missing.getMessage());
            raw(a, "T %zz @\n", p[1]);
            ProtocolException malformed =
                    assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(
                    malformed.getMessage().startsWith("from b: T: field 0 has a bad escape"),
                    malformed.getMessage());
            assertEquals(before, openFds(), "the fd of a malformed frame is closed");
            raw(a, "U @\n", p[1]);
            ProtocolException unknown = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(unknown.getMessage().contains("unexpected message U"), unknown.getMessage());
            assertEquals(before, openFds(), "the fd of a refused message is closed");
        } finally {
            p[0].close();
            p[1].close();
        }
    }

    @Test
    void lengthAndEndOfFileAreChecked() {
        HostFd[] s = pair(SocketAbi.SOCK_SEQPACKET);
        try (Channel b = Channel.socket(s[1], "b", 64);
                HostFd a = s[0]) {
            raw(a, "T " + "x".repeat(100) + "\n");
            ProtocolException big = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(
                    big.getMessage().contains("cut off"),
                    "a record longer than the frame limit: " + big.getMessage());
            raw(a, "T x");
            raw(a, "y\n");
            assertEquals(
                    List.of("xy"), b.receive(ANY).frame().fields(), "a frame may span two records");
            raw(a, "T unfinished");
            a.close();
            ProtocolException cut = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(cut.getMessage().contains("end of file inside a frame"), cut.getMessage());
            assertNull(b.receive(ANY), "then end of file");
        }
    }

    @Test
    void aStreamFrameLongerThanTheLimitIsRefused() {
        HostFd[] s = pair(SocketAbi.SOCK_STREAM);
        try (Channel b = Channel.socket(s[1], "b", 64);
                HostFd a = s[0]) {
            raw(a, "T " + "x".repeat(100) + "\n");
            ProtocolException big = assertThrows(ProtocolException.class, () -> b.receive(ANY));
            assertTrue(big.getMessage().contains("a frame longer than 64 bytes"), big.getMessage());
        }
    }

    @Test
    void aPeerThatLeftWithoutReadingIsEndOfFile() {
        HostFd[] s = pair(SocketAbi.SOCK_SEQPACKET);
        try (Channel a = Channel.socket(s[0], "a", 4096)) {
            a.send(new Any(Frame.of("T", "unread"), List.of()));
            s[1].close(); // ECONNRESET for a: what sluice-init does when it exits without reading
            assertNull(a.receive(ANY), "ECONNRESET reads as end of file");
        }
    }

    @Test
    void aPipeCarriesFramesButNoFds() {
        HostFd[] p = pipe();
        try (Channel w = Channel.pipe(p[1], "w", 4096);
                Channel r = Channel.pipe(p[0], "r", 4096)) {
            w.send(new Any(Frame.of("T", "warn ing"), List.of()));
            w.send(new Any(Frame.of("T", "1", "2"), List.of()));
            assertThrows(
                    IllegalArgumentException.class,
                    () -> w.send(new Any(new Frame("T", List.of(), 1), List.of(p[0]))),
                    "no fd on a pipe");
            w.close();
            assertEquals(List.of("warn ing"), r.receive(ANY).frame().fields());
            assertEquals(List.of("1", "2"), r.receive(ANY).frame().fields());
            assertNull(r.receive(ANY), "end of file");
        }
    }

    @Test
    void theSendersPidComesFromTheKernel() {
        HostFd[] s = pair(SocketAbi.SOCK_SEQPACKET);
        Pointer one = Memory.allocateDirect(Native.RUNTIME, 4, true);
        one.putInt(0, 1);
        Native.check(
                Native.ret(
                        Native.LIBC.syscall(
                                54,
                                s[1].fd(),
                                SocketAbi.SOL_SOCKET,
                                SocketAbi.SO_PASSCRED,
                                one.address(),
                                4,
                                0)),
                "SO_PASSCRED");
        int[] seen = new int[1];
        Protocol<Any> withPid =
                Protocol.<Any>builder("the peer")
                        .on(
                                "T",
                                f -> {
                                    seen[0] = f.senderPid();
                                    return new Any(Frame.of("T"), List.of());
                                })
                        .build();
        try (Channel a = Channel.socket(s[0], "a", 4096);
                Channel b = Channel.socket(s[1], "b", 4096)) {
            a.send(new Any(Frame.of("T"), List.of()));
            b.receive(withPid);
            assertEquals(
                    ProcessHandle.current().pid(), seen[0], "SCM_CREDENTIALS names this process");
        }
    }

    @Test
    void sendRecordSendsBytesAsTheyAre() {
        HostFd[] s = pair(SocketAbi.SOCK_SEQPACKET);
        try (Channel a = Channel.socket(s[0], "a", 4096);
                HostFd b = s[1]) {
            byte[] plan = {'v', 0, '1', 0, ' ', '\n'};
            a.sendRecord(plan);
            Pointer buf = Memory.allocateDirect(Native.RUNTIME, 64, true);
            SocketMessages io = new SocketMessages();
            long n = io.receive(b.fd(), buf.address(), 64);
            byte[] got = new byte[(int) n];
            buf.get(0, got, 0, got.length);
            assertArrayEquals(plan, got, "one record, unframed");
        }
    }
}
