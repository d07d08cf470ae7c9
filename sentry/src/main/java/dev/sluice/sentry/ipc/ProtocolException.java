package dev.sluice.sentry.ipc;

/**
 * A frame that is malformed, or that its protocol does not accept: the message says what is wrong.
 * The fds that came with it are closed by then ({@link Channel#receive}).
 */
public final class ProtocolException extends RuntimeException {
    public ProtocolException(String message) {
        super(message);
    }
}
