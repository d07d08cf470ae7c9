package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * The options runc's {@code create} and {@code run} share, and the create both of them do with
 * them: one definition, so that the two commands cannot drift apart.
 */
final class CreateOptions {
    @Option(
            names = {"-b", "--bundle"},
            paramLabel = "DIR",
            defaultValue = ".",
            description =
                    "The bundle: config.json and the root filesystem (default: the current directory).")
    Path bundle;

    @Option(
            names = "--pid-file",
            paramLabel = "FILE",
            description = "Write the container's init pid here.")
    Path pidFile;

    @Option(
            names = "--console-socket",
            paramLabel = "SOCKET",
            description =
                    "Unix socket to send the pty master to when process.terminal is true (as runc).")
    Path consoleSocket;

    @Option(
            names = "--preserve-fds",
            paramLabel = "N",
            defaultValue = "0",
            description = "Pass N more fds (3 to 3+N-1) to the container's process.")
    int preserveFds;

    @Option(
            names = "--no-pivot",
            description = "Accepted for compatibility; sluice always uses pivot_root.")
    boolean noPivot;

    @Option(
            names = "--no-new-keyring",
            description = "Accepted for compatibility; sluice creates no session keyring.")
    boolean noNewKeyring;

    /** Creates container {@code id}; returns its init's pid. */
    int create(ContainerRuntime rt, Main main, String id) {
        checkPreserveFds(preserveFds, main.invocation.env());
        return rt.create(
                id,
                bundle,
                pidFile,
                new ContainerRuntime.Launch(
                        consoleSocket,
                        preserveFds,
                        () -> Installation.helper("sluice-init"),
                        Installation::anyProxyWanted,
                        b -> SentryDaemonCommand.argv(main, b, consoleSocket, preserveFds),
                        main.invocation.spawner(),
                        main.invocation.envList(),
                        Installation::hostGpus,
                        main.invocation.spares() == null
                                ? null
                                : main.invocation
                                        .spares()
                                        .forCreate(consoleSocket, preserveFds, main.debug)));
    }

    /**
     * {@code --preserve-fds N}: fds 3 to 3+N-1 must be the caller's, since they are what the
     * container gets; a negative N or an fd the caller did not pass is refused, naming it. The
     * launcher records which of fds 3-9 the caller passed ({@code SLUICE_CALLER_FDS}): in this JVM
     * those numbers are otherwise taken by the JVM's own files. Higher fds can only be checked for
     * being open.
     */
    static void checkPreserveFds(int n, java.util.Map<String, String> env) {
        if (n < 0) {
            throw new OciException("--preserve-fds " + n + ": must be 0 or more");
        }
        String caller = env.get("SLUICE_CALLER_FDS");
        for (int fd = 3; fd < 3 + n; fd++) {
            boolean passed =
                    caller != null && fd <= 9
                            ? ("," + caller).contains("," + fd + ",")
                            : OciNative.isOpen(fd);
            if (!passed) {
                throw new OciException(
                        "--preserve-fds " + n + ": fd " + fd + " is not open in the caller");
            }
        }
    }
}
