package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import jnr.ffi.Pointer;

/**
 * A character device, identified by major/minor from {@code fstat} of the sentry's own dup of the
 * guest's fd. {@code /sys} facts are read on demand.
 */
public record CharDevice(int major, int minor) {

    /**
     * The char device behind {@code fd}, from {@code fstat} into {@code statBuf} (at least
     * {@link StatLayout#SIZE} bytes), or null when {@code fd} is not a char device or fstat fails.
     */
    public static CharDevice of(int fd, Pointer statBuf) {
        if (Native.fstat(fd, statBuf.address()) < 0
                || (statBuf.getInt(StatLayout.OFF_MODE) & StatLayout.S_IFMT) != StatLayout.S_IFCHR) {
            return null;
        }
        long rdev = statBuf.getLong(StatLayout.OFF_RDEV);
        return new CharDevice(StatLayout.major(rdev), StatLayout.minor(rdev));
    }

    /** {@code /sys/dev/char/MAJOR:MINOR}. */
    public Path sysfs() {
        return Path.of("/sys/dev/char", major + ":" + minor);
    }

    /** The kernel's device name ({@code DEVNAME} in uevent), e.g. {@code nvidia0}; empty if unknown. */
    public String devName() {
        return uevent("DEVNAME");
    }

    /** The bound driver's name, from the {@code device/driver} link; empty if none. */
    public String driver() {
        try {
            Path link = sysfs().resolve("device/driver");
            return Files.isSymbolicLink(link) ? Files.readSymbolicLink(link).getFileName().toString() : "";
        } catch (IOException e) {
            return "";
        }
    }

    private String uevent(String key) {
        try {
            for (String line : Files.readAllLines(sysfs().resolve("uevent"))) {
                if (line.startsWith(key + "=")) {
                    return line.substring(key.length() + 1);
                }
            }
        } catch (IOException e) {
            // Absent in minimal /sys views; callers treat empty as unknown.
        }
        return "";
    }

    @Override
    public String toString() {
        return major + ":" + minor;
    }
}
