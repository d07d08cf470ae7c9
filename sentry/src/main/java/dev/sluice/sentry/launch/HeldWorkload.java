package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

/**
 * Starts a workload that waits for {@code GO} on a control socket whose sentry end it holds itself
 * ({@link InitProcess#handOff}): an OCI container without device proxies, which needs no sentry and
 * therefore no daemon between {@code create} and {@code start}.
 *
 * <p>{@code start} takes a dup of the held end with {@code pidfd_getfd} (root, as the sentry
 * already needs for fd translation), sends {@code GO} on it and reads until end of file, exactly as
 * a sentry does ({@link Startup#awaitExec}). The pidfd pins the process, so a pid reused after the
 * workload died cannot be mistaken for it: the caller checks, after this opened the pidfd, that the
 * process is still the container's (its parent is the container's init).
 */
public final class HeldWorkload {
    private HeldWorkload() {}

    /** What the caller checks once the pidfd is open: that the pid is still the workload's. */
    @FunctionalInterface
    public interface Identity {
        boolean stillWorkload(int pid);
    }

    /**
     * Sends GO to workload {@code pid}, which holds the control socket as {@code heldFd}; returns
     * null once it has exec'd, else why it did not (or could not be reached). The listener of the
     * container's own seccomp profile goes to {@code agent} (or is refused without one), as in
     * {@link Startup#awaitExec(InitProcess, SeccompAgentHandoff)}.
     */
    public static String go(int pid, int heldFd, Identity identity, SeccompAgentHandoff agent) {
        int pidfd = Native.pidfdOpen(pid, 0);
        if (pidfd < 0) {
            return "the container's process (pid " + pid + ") is gone: " + Errno.describe(-pidfd);
        }
        try (HostFd p = HostFd.adopt(pidfd)) {
            if (!identity.stillWorkload(pid)) {
                return "the container's process (pid " + pid + ") is gone";
            }
            int dup = Native.pidfdGetfd(pidfd, heldFd);
            if (dup < 0) {
                return "cannot take the control socket of the container's process (pid "
                        + pid
                        + ", fd "
                        + heldFd
                        + "): "
                        + Errno.describe(-dup);
            }
            try (InitProcess channel = InitProcess.channel(ControlSocket.of(HostFd.adopt(dup)))) {
                channel.go();
                return Startup.awaitExec(channel, agent);
            }
        }
    }
}
