package dev.sluice.oci.service;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The lines the runtime service and {@code sluice-client} (native-shims/src/main/c/client) exchange
 * over the service's socket, one line each way at a time, at most one fd with a line (docs/oci.md,
 * "The runtime service"):
 * <pre>
 * client:  FD 0 (+fd), FD 1 (+fd), FD 2 (+fd)       each answered OK: the caller's stdio
 * client:  RUN CWD ARGC ARG... ENVC ENV...           the command line, as bin/sluice got it
 * service: SPAWN FILE ARGC ARG... ENVC ENV... N FD...  start a process as the caller's child;
 *                                                    FD is dT (T becomes the fd sent with the line)
 *                                                    or nT (T becomes /dev/null)
 * client:  PID P | ERR ERRNO
 * service: WAIT P                                    wait for that child
 * client:  STATUS S | ERR ERRNO                      its raw wait status
 * service: EXIT CODE                                 the command's exit code; the client exits with it
 * </pre>
 * Fields are separated by one space; in each field {@code %}, space, newline and every byte below
 * 0x20 are written {@code %XX}, so any argument or environment string travels unchanged.
 */
final class ServiceProtocol {
    private ServiceProtocol() {}

    static String escape(String field) {
        StringBuilder b = new StringBuilder(field.length() + 8);
        for (byte x : field.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c <= 0x20 || c == '%') {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            } else {
                b.append((char) c);
            }
        }
        // Bytes above 0x7f were appended one char each: re-decode them as UTF-8 below.
        return new String(b.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    static String unescape(String field) {
        byte[] in = field.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length);
        for (int i = 0; i < in.length; i++) {
            if (in[i] == '%') {
                if (i + 2 >= in.length) {
                    throw new IllegalArgumentException("a % escape cut short in \"" + field + "\"");
                }
                int hi = Character.digit(in[i + 1], 16);
                int lo = Character.digit(in[i + 2], 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("a bad % escape in \"" + field + "\"");
                }
                out.write(hi << 4 | lo);
                i += 2;
            } else {
                out.write(in[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** {@code VERB} and the fields, each escaped. */
    static String line(String verb, List<String> fields) {
        StringBuilder b = new StringBuilder(verb);
        for (String f : fields) {
            b.append(' ').append(escape(f));
        }
        return b.toString();
    }

    /** The fields after the verb, unescaped. */
    static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        String[] parts = line.split(" ", -1);
        for (int i = 1; i < parts.length; i++) {
            out.add(unescape(parts[i]));
        }
        return out;
    }

    /** A request's parts: {@code RUN CWD ARGC ARG... ENVC ENV...}. */
    record Run(String cwd, List<String> args, List<String> env) {
        static Run parse(String line) {
            if (!line.startsWith("RUN ")) {
                throw new IllegalArgumentException("expected RUN, got \"" + cut(line) + "\"");
            }
            List<String> f = fields(line);
            int at = 0;
            String cwd = f.get(at++);
            int argc = count(f.get(at++), "argument count");
            List<String> args = new ArrayList<>(f.subList(at, at + argc));
            at += argc;
            int envc = count(f.get(at++), "environment count");
            List<String> env = new ArrayList<>(f.subList(at, at + envc));
            if (at + envc != f.size()) {
                throw new IllegalArgumentException("RUN has " + (f.size() - at - envc) + " fields too many");
            }
            return new Run(cwd, args, env);
        }
    }

    private static int count(String s, String what) {
        try {
            int n = Integer.parseInt(s);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("bad " + what + " \"" + s + "\"");
    }

    private static String cut(String s) {
        return s.length() > 60 ? s.substring(0, 60) + "..." : s;
    }
}
