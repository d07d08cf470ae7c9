package dev.sluice.sentry.nativeio;

/**
 * {@code struct stat} on x86_64, from arch/x86/include/uapi/asm/stat.h. Only the fields the sentry
 * reads.
 */
public final class StatLayout {
    public static final int SIZE = 144;
    public static final int OFF_MODE = 24;
    public static final int OFF_RDEV = 40;

    /** include/uapi/linux/stat.h */
    public static final int S_IFMT = 0170000;

    public static final int S_IFCHR = 0020000;

    private StatLayout() {}

    /** glibc's gnu_dev_major for the kernel's new encoding. */
    public static int major(long rdev) {
        return (int) (((rdev >>> 32) & 0xfffff000L) | ((rdev >>> 8) & 0xfffL));
    }

    public static int minor(long rdev) {
        return (int) (((rdev >>> 12) & 0xffffff00L) | (rdev & 0xffL));
    }
}
