package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.ipc.SentryAnswer;
import dev.sluice.oci.ipc.SentryRequest;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.ProtocolException;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;

import java.nio.file.Path;

/**
 * The detached sentry's control socket, {@code <state dir>/sentry.sock} (AF_UNIX, stream, only root
 * can reach it: the state directory is 0700). One request per connection, one frame each way
 * ({@link SentryRequest}, {@link SentryAnswer}):
 *
 * <ul>
 *   <li>{@code START}: answered {@code OK} once the workload has exec'd, or {@code ERROR MESSAGE};
 *   <li>{@code LISTENER UID GID CAPS} with one fd: the seccomp listener of a process that {@code
 *       exec} started in the container, and what that process may do itself ({@link
 *       GuestCredentials}, from its own process.json), which the sentry's workers for that listener
 *       then act as. Answered {@code OK} once the sentry answers trapped calls on it, or {@code
 *       ERROR MESSAGE}: then exec must not let the process run.
 * </ul>
 *
 * Before {@code START} only {@code START} is served; after it, only {@code LISTENER}, for as long
 * as the container's init lives (without an active proxy the daemon has nothing to mediate and
 * exits after {@code START}).
 */
public final class SentrySocket {
    public static final String NAME = "sentry.sock";

    private SentrySocket() {}

    /** Binds the socket in {@code dir}; the daemon accepts on it. */
    static UnixSocket listen(Path dir) {
        return UnixSocket.listen(dir.resolve(NAME));
    }

    /**
     * Asks the sentry of the container in {@code dir} to start it; null once it has, else why not.
     */
    public static String start(Path dir, String id) {
        return refusal(ask(dir, new SentryRequest.Start(), id));
    }

    /**
     * Hands {@code listener} (the seccomp listener of a process exec'd into the container, whose
     * credentials are {@code credentials}) to the container's sentry; returns null once the sentry
     * serves it, else why not. The caller keeps and closes its own copy.
     */
    public static String handOver(
            Path dir, String id, HostFd listener, GuestCredentials credentials) {
        try {
            return refusal(ask(dir, new SentryRequest.AdoptListener(listener, credentials), id));
        } catch (OciException e) {
            return e.getMessage();
        }
    }

    private static String refusal(SentryAnswer answer) {
        return answer instanceof SentryAnswer.Refused r ? r.message() : null;
    }

    private static SentryAnswer ask(Path dir, SentryRequest request, String id) {
        try (UnixSocket s = UnixSocket.connect(dir.resolve(NAME));
                Channel c = s.channel("the sentry of container " + id, SentryAnswer.MAX_FRAME)) {
            c.send(request);
            SentryAnswer answer = c.receive(SentryAnswer.PROTOCOL);
            if (answer == null) {
                throw new OciException(
                        "the sentry of container "
                                + id
                                + " closed the connection without an answer"
                                + " (see "
                                + dir.resolve(SentryDaemon.LOG_FILE)
                                + ")");
            }
            return answer;
        } catch (ErrnoException | ProtocolException e) {
            throw new OciException(
                    "cannot reach the sentry of container "
                            + id
                            + ": "
                            + e.getMessage()
                            + " (see "
                            + dir.resolve(SentryDaemon.LOG_FILE)
                            + ")",
                    e);
        }
    }
}
