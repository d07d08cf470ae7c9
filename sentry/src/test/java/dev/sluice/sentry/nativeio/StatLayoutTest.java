package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.posix.FileStat;
import jnr.posix.POSIXFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.concurrent.TimeUnit;

/**
 * {@code struct stat} is not printed by sluice-abi-dump, so its layout is checked against the
 * kernel itself: a raw {@code fstat} into a buffer laid out by {@link StatLayout}, cross-checked
 * with jnr-posix's own {@code stat}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StatLayoutTest {

    @ParameterizedTest(name = "{0} is char {1}:{2}")
    @CsvSource({"/dev/null, 1, 3", "/dev/zero, 1, 5", "/dev/ptmx, 5, 2"})
    void fstatOfADeviceNodeReadsModeAndRdevAtTheDeclaredOffsets(String path, int major, int minor) {
        int fd = TestFds.open(path, Native.O_RDONLY | Native.O_NOCTTY | Native.O_CLOEXEC);
        try {
            Pointer st = Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE + 16, true);
            st.setMemory(0, StatLayout.SIZE + 16, (byte) 0xaa);
            assertEquals(0, Native.fstat(fd, st.address()), "fstat(" + path + ")");
            int mode = st.getInt(StatLayout.OFF_MODE);
            long rdev = st.getLong(StatLayout.OFF_RDEV);
            assertEquals(
                    StatLayout.S_IFCHR,
                    mode & StatLayout.S_IFMT,
                    path + " is a char device by st_mode at OFF_MODE");
            assertEquals(major, StatLayout.major(rdev), path + " major from st_rdev at OFF_RDEV");
            assertEquals(minor, StatLayout.minor(rdev), path + " minor from st_rdev at OFF_RDEV");

            FileStat js = POSIXFactory.getNativePOSIX().stat(path);
            assertEquals(js.mode(), mode, "st_mode agrees with jnr-posix's stat");
            assertEquals(js.rdev(), rdev, "st_rdev agrees with jnr-posix's stat");

            for (int i = 0; i < 16; i++) {
                assertEquals(
                        (byte) 0xaa,
                        st.getByte(StatLayout.SIZE + i),
                        "the kernel writes no more than StatLayout.SIZE bytes (byte "
                                + (StatLayout.SIZE + i)
                                + ")");
            }
            // The kernel copies its whole zero-initialised struct, trailing __unused[3] included.
            assertNotEquals(
                    (byte) 0xaa,
                    st.getByte(StatLayout.SIZE - 1),
                    "the kernel's struct stat is StatLayout.SIZE bytes: it wrote the last byte");
        } finally {
            Native.close(fd);
        }
    }

    @ParameterizedTest(name = "major {0} minor {1}")
    @CsvSource({"1, 3", "5, 2", "195, 255", "511, 0", "4095, 1048575", "74565, 703710"})
    void majorAndMinorInvertGlibcMakedev(int major, int minor) {
        long rdev = makedev(major, minor);
        assertEquals(
                major,
                StatLayout.major(rdev),
                "major of gnu_dev_makedev(" + major + ", " + minor + ")");
        assertEquals(
                minor,
                StatLayout.minor(rdev),
                "minor of gnu_dev_makedev(" + major + ", " + minor + ")");
    }

    @Test
    void modeBitsAreTheUapiValues() {
        assertEquals(0170000, StatLayout.S_IFMT, "S_IFMT");
        assertEquals(0020000, StatLayout.S_IFCHR, "S_IFCHR");
    }

    /** glibc's gnu_dev_makedev (sys/sysmacros.h). */
    private static long makedev(long major, long minor) {
        return ((major & 0x00000fffL) << 8)
                | ((major & 0xfffff000L) << 32)
                | (minor & 0x000000ffL)
                | ((minor & 0xffffff00L) << 12);
    }
}
