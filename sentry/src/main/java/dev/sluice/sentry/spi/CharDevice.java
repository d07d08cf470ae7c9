package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;

import jnr.ffi.Pointer;

/**
 * A character device, identified by major/minor from {@code fstat} of the sentry's own dup of the
 * guest's fd.
 */
public record CharDevice(int major, int minor) {
    /** As a major or minor: any number (a device cgroup rule's {@code *}). */
    public static final int ANY = -1;

    // Written out rather than the record's own, which go through method handles that the sentry's
    // C1-compiled hot path calls (not inlines) for the owner lookup of every call
    // (docs/benchmarks.md). The same components, the same meaning.
    @Override
    public boolean equals(Object o) {
        return o instanceof CharDevice d && major == d.major && minor == d.minor;
    }

    @Override
    public int hashCode() {
        return major * 31 + minor;
    }

    /**
     * The char device behind {@code fd}, from {@code fstat} into {@code statBuf} (at least {@link
     * StatLayout#SIZE} bytes), or null when {@code fd} is not a char device or fstat fails.
     */
    public static CharDevice of(int fd, Pointer statBuf) {
        if (Native.fstat(fd, statBuf.address()) < 0
                || (statBuf.getInt(StatLayout.OFF_MODE) & StatLayout.S_IFMT)
                        != StatLayout.S_IFCHR) {
            return null;
        }
        long rdev = statBuf.getLong(StatLayout.OFF_RDEV);
        return new CharDevice(StatLayout.major(rdev), StatLayout.minor(rdev));
    }

    @Override
    public String toString() {
        return (major == ANY ? "*" : Integer.toString(major))
                + ":"
                + (minor == ANY ? "*" : Integer.toString(minor));
    }
}
