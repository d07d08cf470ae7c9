package dev.sluice.oci;

import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The caller's {@code --console-socket}: where the pty master of a process with a terminal goes.
 * Sent as runc sends it, which is what containerd's shim and conmon read: one connection, one
 * message whose data is the master's name ({@code /dev/ptmx}) and whose {@code SCM_RIGHTS} carries
 * the fd. The receiver then owns the terminal; Sluice keeps no copy.
 */
public final class ConsoleSocket {
    /** The name sent with the master, as runc names it. */
    static final String MASTER_NAME = "/dev/ptmx";

    private ConsoleSocket() {}

    /**
     * Sends {@code master} to the socket at {@code socket}; the caller still closes its own copy.
     */
    public static void send(Path socket, HostFd master) {
        try (UnixSocket s = UnixSocket.connect(socket)) {
            s.send(MASTER_NAME.getBytes(StandardCharsets.US_ASCII), master);
        } catch (ErrnoException e) {
            throw new OciException(
                    "--console-socket " + socket + ": cannot send the terminal: " + e.getMessage(),
                    e);
        }
    }

    /**
     * runc's rule: a terminal needs a console socket to go to, and a console socket needs a
     * terminal to receive. {@code terminalField} names where the terminal was asked for ({@code
     * process.terminal}, {@code --tty}).
     */
    public static void check(boolean terminal, Path socket, String terminalField) {
        if (terminal && socket == null) {
            throw new OciException(
                    terminalField
                            + " asks for a terminal, but there is no --console-socket to send it to"
                            + " (sluice does not relay a terminal itself)");
        }
        if (!terminal && socket != null) {
            throw new OciException(
                    "--console-socket "
                            + socket
                            + ": there is no terminal to send ("
                            + terminalField
                            + " is false)");
        }
    }
}
