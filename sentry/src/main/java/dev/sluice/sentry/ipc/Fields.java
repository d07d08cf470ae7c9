package dev.sluice.sentry.ipc;

import dev.sluice.sentry.nativeio.HostFd;

import java.util.ArrayList;
import java.util.List;

/**
 * A received frame's fields and fds, read in order by one verb's {@link Protocol.Reader}; the
 * protocol checks afterwards that nothing was left over. Numbers are decimal digits only (no sign,
 * no spaces, no leading {@code +}), as native-shims' {@code ipc_number} reads them.
 */
public final class Fields {
    private final String protocol;
    private final Frame frame;
    private final List<HostFd> fds;
    private final int senderPid;
    private int next;
    private int nextFd;

    Fields(String protocol, Frame frame, List<HostFd> fds, int senderPid) {
        this.protocol = protocol;
        this.frame = frame;
        this.fds = fds;
        this.senderPid = senderPid;
    }

    /** The next field as it is. */
    public String text(String what) {
        if (next >= frame.fields().size()) {
            throw bad("no " + what);
        }
        return frame.fields().get(next++);
    }

    /** The next field as a number from 0 to {@code max}. */
    public long number(String what, long max) {
        String s = text(what);
        if (s.isEmpty() || s.length() > 19 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw bad(what + " \"" + cut(s) + "\" is not a number");
        }
        long v = Long.parseLong(s);
        if (v > max) {
            throw bad(what + " " + v + " is beyond " + max);
        }
        return v;
    }

    /** The next field as a number from 0 to {@link Integer#MAX_VALUE}. */
    public int natural(String what) {
        return (int) number(what, Integer.MAX_VALUE);
    }

    /** The next field as an unsigned 64-bit number (up to 20 digits). */
    public long unsigned64(String what) {
        String s = text(what);
        if (s.isEmpty() || s.length() > 20 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw bad(what + " \"" + cut(s) + "\" is not a number");
        }
        try {
            return Long.parseUnsignedLong(s);
        } catch (NumberFormatException e) {
            throw bad(what + " " + s + " is beyond 64 bits");
        }
    }

    /** A count, then that many fields. */
    public List<String> list(String what) {
        int n = natural(what + " count");
        if (n > frame.fields().size() - next) {
            throw bad(
                    what
                            + ": "
                            + n
                            + " counted, "
                            + (frame.fields().size() - next)
                            + " fields left");
        }
        List<String> out = new ArrayList<>(frame.fields().subList(next, next + n));
        next += n;
        return out;
    }

    /** Whether a field is left. */
    public boolean hasText() {
        return next < frame.fields().size();
    }

    /** The next fd of the frame. */
    public HostFd fd(String what) {
        if (nextFd >= fds.size()) {
            throw bad("no fd for " + what);
        }
        return fds.get(nextFd++);
    }

    /** The sender's pid as the kernel gave it ({@code SCM_CREDENTIALS}), 0 when it gave none. */
    public int senderPid() {
        return senderPid;
    }

    /** Refuses the frame: {@code why} is prefixed with the sender and the verb. */
    public ProtocolException bad(String why) {
        return new ProtocolException("from " + protocol + ": " + frame.verb() + ": " + why);
    }

    void end() {
        if (next < frame.fields().size()) {
            throw bad((frame.fields().size() - next) + " fields too many");
        }
        if (nextFd < fds.size()) {
            throw bad((fds.size() - nextFd) + " fds too many");
        }
    }

    private static String cut(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
