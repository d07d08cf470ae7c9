package dev.sluice.rdmaproxy.net;

/** A netdev could not be captured, moved or restored; the message says which and why. */
public final class NetdevException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public NetdevException(String message) {
        super(message);
    }

    public NetdevException(String message, Throwable cause) {
        super(message, cause);
    }
}
