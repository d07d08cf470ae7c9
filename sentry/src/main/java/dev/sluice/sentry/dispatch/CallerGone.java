package dev.sluice.sentry.dispatch;

/**
 * Thrown to a proxy that asks for the sentry's dup of the call's fd ({@link TrappedCall#hostFd})
 * once the caller is found gone: it must not act on it. The dispatcher fails the call with EIO.
 */
final class CallerGone extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CallerGone() {
        super("the calling thread stopped waiting before the sentry acted", null, false, false);
    }
}
