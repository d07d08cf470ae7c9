package dev.sluice.sentry.ipc;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Sluice's wire form (docs/launch-plan.md, "Frames"; the C side is native-shims' {@code
 * common/ipc.c}). A frame is one line:
 *
 * <pre>
 * VERB SP FIELD SP FIELD ... SP @ SP @ ... LF
 * </pre>
 *
 * A field is the UTF-8 of a string in which the bytes 0x00-0x20 (controls, space, so also LF),
 * {@code %}, {@code @} and 0x7F are written {@code %XX} in upper-case hex, and no other byte is; an
 * empty field is an empty token. Each {@code @} stands for one fd that travels with the frame
 * ({@code SCM_RIGHTS}, attached to its first byte); they come after every field. So a frame never
 * holds a raw space, newline or {@code @} of its own, and splitting the line on spaces gives the
 * tokens back. The decoder takes exactly what the encoder writes: anything else is refused.
 */
public final class FrameCodec {
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private FrameCodec() {}

    static boolean escaped(int b) {
        return b <= 0x20 || b == '%' || b == '@' || b == 0x7f;
    }

    /** The frame's bytes, its newline included. */
    public static byte[] encode(Frame frame) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.writeBytes(frame.verb().getBytes(StandardCharsets.US_ASCII));
        for (String field : frame.fields()) {
            out.write(' ');
            for (byte x : field.getBytes(StandardCharsets.UTF_8)) {
                int b = x & 0xff;
                if (escaped(b)) {
                    out.write('%');
                    out.write(HEX[b >> 4]);
                    out.write(HEX[b & 0xf]);
                } else {
                    out.write(b);
                }
            }
        }
        for (int i = 0; i < frame.fds(); i++) {
            out.write(' ');
            out.write('@');
        }
        out.write('\n');
        return out.toByteArray();
    }

    /** Decodes {@code len} bytes at {@code off}: one frame, its newline the last byte. */
    public static Frame decode(byte[] bytes, int off, int len) {
        int end = off + len - 1;
        if (len < 2 || bytes[end] != '\n') {
            throw new ProtocolException("a frame ends with its only newline");
        }
        int p = off;
        while (p < end && bytes[p] != ' ') {
            p++;
        }
        String verb = new String(bytes, off, p - off, StandardCharsets.ISO_8859_1);
        if (!Frame.VERB.matcher(verb).matches()) {
            throw new ProtocolException("not a verb: \"" + cut(verb) + "\"");
        }
        List<String> fields = new ArrayList<>();
        int fds = 0;
        ByteArrayOutputStream field = new ByteArrayOutputStream();
        while (p < end) {
            p++; // the space before the token
            if (bytes[p] == '@' && (p + 1 == end || bytes[p + 1] == ' ')) {
                if (++fds > Frame.MAX_FDS) {
                    throw new ProtocolException(verb + ": more than " + Frame.MAX_FDS + " fds");
                }
                p++;
                continue;
            }
            if (fds > 0) {
                throw new ProtocolException(verb + ": a field after an fd");
            }
            field.reset();
            for (; p < end && bytes[p] != ' '; p++) {
                int b = bytes[p] & 0xff;
                if (b != '%') {
                    if (escaped(b)) {
                        throw new ProtocolException(
                                verb
                                        + ": field "
                                        + fields.size()
                                        + " holds byte 0x"
                                        + Integer.toHexString(b)
                                        + " unescaped");
                    }
                    field.write(b);
                    continue;
                }
                int hi = p + 2 < end ? hex(bytes[p + 1]) : -1;
                int lo = p + 2 < end ? hex(bytes[p + 2]) : -1;
                if (hi < 0 || lo < 0 || !escaped(hi << 4 | lo)) {
                    throw new ProtocolException(
                            verb + ": field " + fields.size() + " has a bad escape");
                }
                field.write(hi << 4 | lo);
                p += 2;
            }
            fields.add(field.toString(StandardCharsets.UTF_8));
        }
        return new Frame(verb, fields, fds);
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        return b >= 'A' && b <= 'F' ? b - 'A' + 10 : -1;
    }

    private static String cut(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
