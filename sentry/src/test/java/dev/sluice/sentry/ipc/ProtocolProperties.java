package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.HostFd;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support for the fuzz targets of every module's protocols: what a decoder must do with
 * arbitrary bytes. Either a {@link ProtocolException} that says why, or a canonical frame (it
 * re-encodes to itself, to the very bytes when they are UTF-8) whose typed message re-decodes to
 * itself, holding the frame's fds in order.
 */
public final class ProtocolProperties {
    /** Fake fds: decoding never closes or uses them, it only hands them on. */
    public static final List<HostFd> FDS = fakeFds();

    private ProtocolProperties() {}

    private static List<HostFd> fakeFds() {
        List<HostFd> fds = new ArrayList<>();
        for (int i = 0; i < Frame.MAX_FDS; i++) {
            fds.add(HostFd.adopt(1_000_000 + i));
        }
        return List.copyOf(fds);
    }

    /** {@code bytes} as one frame, then as a message of each of {@code protocols}. */
    public static void decode(byte[] bytes, List<Protocol<?>> protocols) {
        Frame frame;
        try {
            frame = FrameCodec.decode(bytes, 0, bytes.length);
        } catch (ProtocolException refused) {
            assertTrue(
                    refused.getMessage() != null && !refused.getMessage().isEmpty(),
                    "a refusal says why");
            return;
        }
        assertEquals(frame, FrameCodec.decode(bytes, 0, bytes.length), "decoding is deterministic");
        byte[] again = FrameCodec.encode(frame);
        assertEquals(
                frame,
                FrameCodec.decode(again, 0, again.length),
                "an accepted frame re-encodes to itself");
        if (utf8(bytes)) {
            assertArrayEquals(bytes, again, "and, being UTF-8, to the very bytes it came as");
        }
        List<HostFd> fds = FDS.subList(0, frame.fds());
        for (Protocol<?> p : protocols) {
            typed(p, frame, fds);
        }
        assertTrue(FDS.stream().allMatch(HostFd::isOpen), "decoding closes nothing");
    }

    private static <M extends Message> void typed(
            Protocol<M> protocol, Frame frame, List<HostFd> fds) {
        M m;
        try {
            m = protocol.decode(frame, fds, 7);
        } catch (ProtocolException refused) {
            assertTrue(
                    refused.getMessage().startsWith("from " + protocol.name() + ": "),
                    "a refusal names the sender: " + refused.getMessage());
            return;
        }
        assertEquals(frame.verb(), m.frame().verb(), "the message is the frame's verb");
        assertEquals(fds.size(), m.fds().size(), "it holds every fd of the frame");
        for (int i = 0; i < fds.size(); i++) {
            assertSame(fds.get(i), m.fds().get(i), "in order");
        }
        byte[] wire = FrameCodec.encode(m.frame());
        assertEquals(
                m,
                protocol.decode(FrameCodec.decode(wire, 0, wire.length), m.fds(), 7),
                "it re-decodes to itself");
    }

    private static boolean utf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
