package dev.sluice.oci.daemon;

import dev.sluice.oci.OciException;
import dev.sluice.oci.UnixSocket;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import java.nio.file.Path;

/**
 * The detached sentry's control socket, {@code <state dir>/sentry.sock} (AF_UNIX, stream, only
 * root can reach it: the state directory is 0700). One request per connection, one line each
 * way:
 * <ul>
 *   <li>{@code start}: answered {@code ok} once the workload has exec'd, or {@code error <message>};</li>
 *   <li>{@code listener uid=U gid=G caps=0xC}, with one fd in {@code SCM_RIGHTS}: the seccomp
 *       listener of a process that {@code exec} started in the container, and what that process may
 *       do itself ({@link GuestCredentials}, from its own process.json), which the sentry's workers
 *       for that listener then act as. Answered {@code ok} once the sentry answers trapped calls on
 *       it, or {@code error <message>}: then exec must not let the process run.</li>
 * </ul>
 * Before {@code start} only {@code start} is served; after it, only {@code listener}, for as long
 * as the container's init lives (without an active proxy the daemon has nothing to mediate and
 * exits after {@code start}).
 */
public final class SentrySocket {
    public static final String NAME = "sentry.sock";
    static final int MAX_LINE = 8192;
    static final String START = "start";
    static final String LISTENER = "listener";

    private SentrySocket() {}

    /** Binds the socket in {@code dir}; the daemon accepts on it. */
    static UnixSocket listen(Path dir) {
        return UnixSocket.listen(dir.resolve(NAME));
    }

    /** Sends {@code request} to the sentry of the container in {@code dir} and returns its one-line answer. */
    public static String request(Path dir, String request, String id) {
        return ask(dir, request, null, id);
    }

    /**
     * Hands {@code listener} (the seccomp listener of a process exec'd into the container, whose
     * credentials are {@code credentials}) to the container's sentry; returns null once the sentry
     * serves it, else why not. The caller keeps and closes its own copy.
     */
    public static String handOver(Path dir, String id, HostFd listener, GuestCredentials credentials) {
        try {
            String answer = ask(dir, LISTENER + " " + credentials.encode(), listener, id);
            return answer.equals("ok") ? null : answer.startsWith("error ") ? answer.substring(6) : answer;
        } catch (OciException e) {
            return e.getMessage();
        }
    }

    private static String ask(Path dir, String request, HostFd fd, String id) {
        try (UnixSocket s = UnixSocket.connect(dir.resolve(NAME))) {
            s.writeLine(request, fd);
            UnixSocket.Line answer = s.readLine(MAX_LINE);
            if (answer == null) {
                throw new OciException("the sentry of container " + id + " closed the connection without an answer"
                        + " (see " + dir.resolve(SentryDaemon.LOG_FILE) + ")");
            }
            if (answer.fd() != null) {
                answer.fd().close();
            }
            return answer.text();
        } catch (ErrnoException e) {
            throw new OciException("cannot reach the sentry of container " + id + ": " + e.getMessage()
                    + " (see " + dir.resolve(SentryDaemon.LOG_FILE) + ")", e);
        }
    }
}
