package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The frame codec and the control socket's typed messages under coverage-guided fuzzing. The frames
 * come from other processes (sluice-init, sluice-client, a sentry daemon, a client of {@code
 * sentry.sock}); the decoder and the protocol tables must refuse whatever is not a message with a
 * {@link ProtocolException} that says why, and never fail otherwise. What they accept is canonical:
 * it re-encodes to the same bytes (when it is UTF-8) and re-decodes to the same message.
 *
 * <p>Plain {@code mvn verify} runs both targets on the inputs under {@code
 * FrameCodecFuzzTestInputs/}; the fuzz executions in sentry/pom.xml fuzz them.
 */
class FrameCodecFuzzTest {
    /** Arbitrary bytes as one frame (its newline last), then as each control-socket message. */
    @FuzzTest(maxDuration = "10s")
    void decode(byte[] bytes) {
        ProtocolProperties.decode(bytes, List.of(ControlMessage.FROM_INIT, ControlMessage.TO_INIT));
    }

    /** Frames of fuzzer-chosen fields and fds: what is encoded decodes to itself. */
    @FuzzTest(maxDuration = "10s")
    void roundTrip(FuzzedDataProvider data) {
        String verb = "V" + data.consumeString(8).replaceAll("[^A-Z0-9-]", "").toUpperCase();
        List<String> fields = new ArrayList<>();
        for (int i = data.consumeInt(0, 12); i > 0; i--) {
            fields.add(data.consumeString(64));
        }
        Frame frame =
                new Frame(
                        verb.substring(0, Math.min(verb.length(), 32)),
                        fields,
                        data.consumeInt(0, Frame.MAX_FDS));
        byte[] wire = FrameCodec.encode(frame);
        for (int i = 0; i < wire.length - 1; i++) {
            assertTrue(wire[i] != '\n', "the only newline is the last byte");
        }
        Frame back = FrameCodec.decode(wire, 0, wire.length);
        List<String> sent =
                fields.stream()
                        .map(
                                f ->
                                        new String(
                                                f.getBytes(StandardCharsets.UTF_8),
                                                StandardCharsets.UTF_8))
                        .toList();
        assertEquals(
                sent, back.fields(), "every field as sent (an unpaired surrogate is sent as '?')");
        assertEquals(frame.verb(), back.verb(), "the verb");
        assertEquals(frame.fds(), back.fds(), "the number of fds");
        assertArrayEquals(wire, FrameCodec.encode(back), "and encodes to the same bytes");
    }
}
