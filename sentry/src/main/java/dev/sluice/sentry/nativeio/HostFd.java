package dev.sluice.sentry.nativeio;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A file descriptor in the sentry's own fd table that the sentry owns and must close. It closes at
 * most once, through a CAS on its state, so a double close can never hit a reused number.
 *
 * <p>Guest fd numbers are plain {@code int}s and are never closed by the sentry. Names say who owns
 * what: {@link #adopt} takes ownership of a fresh fd; {@link #release} hands it back out.
 */
public final class HostFd implements AutoCloseable {
    private static final int CLOSED = -1;
    private final AtomicInteger fd;
    private final int number;

    private HostFd(int fd) {
        if (fd < 0) {
            throw new IllegalArgumentException("not an fd: " + fd);
        }
        this.fd = new AtomicInteger(fd);
        this.number = fd;
    }

    /** Takes ownership of {@code fd}, which the caller must not close. */
    public static HostFd adopt(int fd) {
        return new HostFd(fd);
    }

    /** The fd number; throws if already closed or released. */
    public int fd() {
        int v = fd.get();
        if (v == CLOSED) {
            throw new IllegalStateException("fd " + number + " already closed");
        }
        return v;
    }

    public boolean isOpen() {
        return fd.get() != CLOSED;
    }

    /** Gives up ownership without closing: the caller now owns the returned number. */
    public int release() {
        int v = fd.getAndSet(CLOSED);
        if (v == CLOSED) {
            throw new IllegalStateException("fd " + number + " already closed");
        }
        return v;
    }

    @Override
    public void close() {
        int v = fd.getAndSet(CLOSED);
        if (v != CLOSED) {
            Native.close(v);
        }
    }

    @Override
    public String toString() {
        return "HostFd(" + number + (isOpen() ? ")" : ", closed)");
    }
}
