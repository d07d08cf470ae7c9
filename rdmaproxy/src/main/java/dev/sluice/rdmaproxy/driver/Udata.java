package dev.sluice.rdmaproxy.driver;

/**
 * The sentry's copy of one UHW_IN attribute (driver input data), or of the length alone of a
 * UHW_OUT. Fields are read the way a driver reads them: the kernel copies {@code min(inlen,
 * sizeof(struct))} into a zeroed struct, so bytes beyond the attribute's length read as zero.
 * Little-endian, as the x86_64 kernel reads them.
 */
public final class Udata {
    /** No UHW attribute at all. */
    public static final Udata ABSENT = new Udata(new byte[0], false);

    private final byte[] bytes;
    private final boolean present;

    private Udata(byte[] bytes, boolean present) {
        this.bytes = bytes;
        this.present = present;
    }

    /** A UHW_IN with this content (copied). */
    public static Udata of(byte[] content) {
        return new Udata(content.clone(), true);
    }

    /** A UHW_OUT of {@code len} bytes: only the length is known; fields read as zero. */
    public static Udata outOfLength(int len) {
        return new Udata(new byte[len], true);
    }

    public boolean present() {
        return present;
    }

    /** The attribute's length in bytes (0 when absent). */
    public int len() {
        return bytes.length;
    }

    /** The little-endian unsigned value of {@code width} (1, 2, 4 or 8) bytes at {@code off}. */
    public long field(int off, int width) {
        long v = 0;
        for (int i = width - 1; i >= 0; i--) {
            int o = off + i;
            v = (v << 8) | (o < bytes.length ? bytes[o] & 0xff : 0);
        }
        return v;
    }

    /** The offset of the first non-zero byte at or after {@code from}, or -1. */
    public int firstNonZero(int from) {
        for (int i = Math.max(0, from); i < bytes.length; i++) {
            if (bytes[i] != 0) {
                return i;
            }
        }
        return -1;
    }
}
