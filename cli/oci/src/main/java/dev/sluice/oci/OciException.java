package dev.sluice.oci;

/**
 * An error of the OCI runtime for the user: a bad config.json, an unknown container, a command that
 * does not fit the container's state. Its message is complete as it is (it names the field, the
 * argument or the container) and is what {@code --log} records and the client shows.
 */
public class OciException extends RuntimeException {
    public OciException(String message) {
        super(message);
    }

    public OciException(String message, Throwable cause) {
        super(message, cause);
    }
}
