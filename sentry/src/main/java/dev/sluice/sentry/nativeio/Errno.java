package dev.sluice.sentry.nativeio;

/**
 * Linux errno values the sentry hands to guests, and their names for log lines. From
 * include/uapi/asm-generic/errno-base.h and errno.h.
 */
public final class Errno {
    public static final int EPERM = 1;
    public static final int ENOENT = 2;
    public static final int ESRCH = 3;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EBADF = 9;
    public static final int EAGAIN = 11;
    public static final int ENOMEM = 12;
    public static final int EACCES = 13;
    public static final int EFAULT = 14;
    public static final int EBUSY = 16;
    public static final int EINVAL = 22;
    public static final int EMFILE = 24;
    public static final int ENOTTY = 25;
    public static final int ENOSYS = 38;
    public static final int EOVERFLOW = 75;
    public static final int EOPNOTSUPP = 95;

    private Errno() {}

    /** The symbolic name, e.g. {@code EFAULT}, or {@code errno 123} when unknown. */
    public static String name(int errno) {
        jnr.constants.platform.Errno e = jnr.constants.platform.Errno.valueOf(errno);
        return e == null || e == jnr.constants.platform.Errno.__UNKNOWN_CONSTANT__
                ? "errno " + errno
                : e.name();
    }

    /** {@code EFAULT (14)}. */
    public static String describe(int errno) {
        return name(errno) + " (" + errno + ")";
    }
}
