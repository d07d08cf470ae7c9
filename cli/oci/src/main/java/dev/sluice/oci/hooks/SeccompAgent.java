package dev.sluice.oci.hooks;

import dev.sluice.oci.UnixSocket;
import dev.sluice.oci.spec.Spec;
import dev.sluice.sentry.launch.SeccompAgentHandoff;
import dev.sluice.sentry.nativeio.ErrnoException;

import java.nio.file.Path;

/**
 * The seccomp agent at {@code linux.seccomp.listenerPath}: it receives the listener of the
 * container's own profile ({@code SCMP_ACT_NOTIFY} rules) of every process that loads it, the
 * container's first process and each exec'd one. As the runtime-spec asks and runc does: one {@code
 * AF_UNIX/SOCK_STREAM} connection per listener, one message whose data is the {@link
 * ContainerProcessState} JSON and whose {@code SCM_RIGHTS} carries the listener, then the
 * connection is closed. A failure to send is an error of the operation that started the process:
 * the process never execs.
 */
public final class SeccompAgent {
    private SeccompAgent() {}

    /**
     * Where the listeners of {@code spec}'s processes go, or null when its profile names no agent
     * (a listener then is refused; SeccompProfile only lets NOTIFY through with one).
     *
     * @param status the container's status while such a process starts: {@code created} for the
     *     first process (its profile is loaded on {@code start}, right before exec), {@code
     *     running} for an exec'd one
     * @param initPid host pid of the container's init
     */
    public static SeccompAgentHandoff of(
            Spec spec, String id, Path bundle, String status, int initPid) {
        Spec.Seccomp s = spec.linux() == null ? null : spec.linux().seccomp();
        if (s == null || s.listenerPath() == null || s.listenerPath().isEmpty()) {
            return null;
        }
        Path socket = Path.of(s.listenerPath());
        return (listener, pid) -> {
            byte[] message = ContainerProcessState.json(spec, id, bundle, status, initPid, pid);
            try (UnixSocket agent = UnixSocket.connect(socket)) {
                agent.send(message, listener);
                return null;
            } catch (ErrnoException e) {
                return "linux.seccomp.listenerPath "
                        + socket
                        + ": cannot send the seccomp listener to the agent: "
                        + e.getMessage();
            }
        };
    }
}
