package dev.sluice.cli;

import dev.sluice.oci.ContainerRuntime;
import dev.sluice.oci.OciException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options runc's {@code create} and {@code run} share, and the create both of them do with
 * them: one definition, so that the two commands cannot drift apart.
 */
final class CreateOptions {
    @Option(names = {"-b", "--bundle"}, paramLabel = "DIR", defaultValue = ".",
            description = "The bundle: config.json and the root filesystem (default: the current directory).")
    Path bundle;

    @Option(names = "--pid-file", paramLabel = "FILE", description = "Write the container's init pid here.")
    Path pidFile;

    @Option(names = "--console-socket", paramLabel = "SOCKET",
            description = "Unix socket to send the pty master to when process.terminal is true (as runc).")
    Path consoleSocket;

    @Option(names = "--preserve-fds", paramLabel = "N", defaultValue = "0",
            description = "Pass N more fds (3 to 3+N-1) to the container (refused unless 0: sluice passes none).")
    int preserveFds;

    @Option(names = "--no-pivot", description = "Accepted for compatibility; sluice always uses pivot_root.")
    boolean noPivot;

    @Option(names = "--no-new-keyring", description = "Accepted for compatibility; sluice creates no session keyring.")
    boolean noNewKeyring;

    /** Creates container {@code id}; returns its init's pid. */
    int create(ContainerRuntime rt, Main main, String id) {
        checkPreserveFds(preserveFds);
        return rt.create(id, bundle, pidFile, b -> SentryDaemonCommand.argv(main, b, consoleSocket));
    }

    /** {@code --preserve-fds} (create, run, exec): refused unless 0, since sluice passes no extra fds. */
    static void checkPreserveFds(int n) {
        if (n != 0) {
            throw new OciException("--preserve-fds " + n + ": passing extra fds is not supported by sluice");
        }
    }
}
