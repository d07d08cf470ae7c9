package dev.sluice.sentry.nativeio;

/**
 * A host-side failure of a native call: a sentry fault, not a guest error. Guest-visible errors are
 * values in the notification response, never exceptions.
 *
 * <p>The message reads like {@code ioctl(nvidiactl, 0xc030462b) failed: EINVAL (22)}.
 */
public final class ErrnoException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int errno;
    private final String op;

    public ErrnoException(String op, int errno) {
        super(op + " failed: " + Errno.describe(errno));
        this.op = op;
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }

    public String op() {
        return op;
    }
}
