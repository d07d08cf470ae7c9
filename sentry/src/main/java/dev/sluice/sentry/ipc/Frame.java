package dev.sluice.sentry.ipc;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One frame of Sluice's wire form ({@link FrameCodec}): a verb, its text fields in order, and how
 * many file descriptors travel with it. What the fields and fds mean is the verb's ({@link
 * Protocol}).
 *
 * @param verb 1 to 32 of {@code A-Z}, {@code 0-9} and {@code -}, starting with a letter
 * @param fields any strings (the codec escapes them)
 * @param fds 0 to {@link #MAX_FDS}
 */
public record Frame(String verb, List<String> fields, int fds) {
    /** The most fds one frame carries (IPC_MAX_FDS of native-shims' common/ipc.h). */
    public static final int MAX_FDS = 8;

    static final Pattern VERB = Pattern.compile("[A-Z][A-Z0-9-]{0,31}");

    public Frame {
        if (!VERB.matcher(verb).matches()) {
            throw new IllegalArgumentException("not a verb: \"" + verb + "\"");
        }
        fields = List.copyOf(fields);
        if (fds < 0 || fds > MAX_FDS) {
            throw new IllegalArgumentException(fds + " fds in one frame: at most " + MAX_FDS);
        }
    }

    /**
     * For people: the verb and the fields as they are, space-separated, then one {@code @} per fd.
     */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder(verb);
        fields.forEach(f -> b.append(' ').append(f));
        b.append(" @".repeat(fds));
        return b.toString();
    }

    /** A frame of text fields only. */
    public static Frame of(String verb, String... fields) {
        return new Frame(verb, List.of(fields), 0);
    }
}
