package dev.sluice.sentry.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** The wire form, byte for byte, and what the decoder refuses. */
class FrameCodecTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Frame decode(String s) {
        byte[] b = bytes(s);
        return FrameCodec.decode(b, 0, b.length);
    }

    @Test
    void fieldsAreEscapedExactlyWhereTheyCouldBreakTheLine() {
        assertArrayEquals(
                bytes("ERROR init 2 mount%20tmpfs%20on%20/x:%20No%20such%20file\n"),
                FrameCodec.encode(
                        Frame.of("ERROR", "init", "2", "mount tmpfs on /x: No such file")),
                "spaces become %20");
        assertArrayEquals(
                bytes("X a%0Ab %25%40 %40 %00%09%7F\n"),
                FrameCodec.encode(Frame.of("X", "a\nb", "%@", "@", "\0\t\u007f")),
                "newline, %, @, NUL, tab and DEL are escaped, upper-case hex");
        assertArrayEquals(
                bytes("X é日本 a=b;c\n"),
                FrameCodec.encode(Frame.of("X", "é日本", "a=b;c")),
                "UTF-8 and every other printable byte travel as they are");
        assertArrayEquals(
                bytes("X  a \n"),
                FrameCodec.encode(Frame.of("X", "", "a", "")),
                "an empty field is an empty token");
        assertArrayEquals(
                bytes("LISTENER 0 0 0 @\n"),
                FrameCodec.encode(new Frame("LISTENER", List.of("0", "0", "0"), 1)),
                "one @ per fd, after the fields");
        assertArrayEquals(
                bytes("STDIO @ @ @\n"),
                FrameCodec.encode(new Frame("STDIO", List.of(), 3)),
                "fds only");
        assertArrayEquals(bytes("GO\n"), FrameCodec.encode(Frame.of("GO")), "a bare verb");
    }

    @Test
    void whatIsEncodedDecodesToItself() {
        for (Frame f :
                List.of(
                        Frame.of("GO"),
                        Frame.of("X", "", "a", ""),
                        Frame.of("X", "a\nb", "%@", "@", "\0\t\u007f", "é日本"),
                        new Frame("SPAWN", List.of("/bin/sh", "2", "sh", "-c"), 2),
                        new Frame("A-1", List.of(""), 8))) {
            byte[] b = FrameCodec.encode(f);
            assertEquals(f, FrameCodec.decode(b, 0, b.length), "round trip of " + f);
        }
        assertEquals(Frame.of("X", ""), decode("X \n"), "a trailing space is one empty field");
    }

    @Test
    void theDecoderRefusesWhatTheEncoderNeverWrites() {
        for (String bad :
                new String[] {
                    "",
                    "\n",
                    "GO",
                    "go\n",
                    "1GO\n",
                    "G_O\n",
                    " GO\n",
                    "GO\n\n",
                    "X a\tb\n",
                    "X a b\u007f\n",
                    "X %2a\n",
                    "X %41\n",
                    "X %4\n",
                    "X %\n",
                    "X %ZZ\n",
                    "X a@b\n",
                    "X @ a\n",
                    "X @@\n",
                    "X @ @ @ @ @ @ @ @ @\n",
                    "X" + "Y".repeat(32) + "\n",
                    "X\ra\n"
                }) {
            ProtocolException e =
                    assertThrows(
                            ProtocolException.class,
                            () -> decode(bad),
                            "refused: " + bad.replace("\n", "\\n"));
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty(), "says why");
        }
    }

    @Test
    void theVerbIsChecked() {
        assertThrows(IllegalArgumentException.class, () -> Frame.of("go"), "lower case");
        assertThrows(IllegalArgumentException.class, () -> Frame.of("GO NOW"), "a space");
        assertThrows(
                IllegalArgumentException.class, () -> new Frame("GO", List.of(), 9), "nine fds");
        assertEquals(
                "ERROR init 2 a b @",
                new Frame("ERROR", List.of("init", "2", "a b"), 1).toString(),
                "toString is for people");
    }
}
