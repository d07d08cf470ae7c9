package dev.sluice.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice create [--bundle B] [--pid-file F] ID}: creates the container and returns while
 * its init waits for {@code start}; its sentry keeps running, detached.
 */
@Command(name = "create", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Create a container from an OCI bundle (runc-compatible). Its process waits for `sluice start`;",
            "the sentry that mediates its devices keeps running in the background."})
final class CreateCommand extends OciCommand {
    @Option(names = {"-b", "--bundle"}, paramLabel = "DIR", defaultValue = ".",
            description = "The bundle: config.json and the root filesystem (default: the current directory).")
    Path bundle;

    @Option(names = "--pid-file", paramLabel = "FILE", description = "Write the container's init pid here.")
    Path pidFile;

    @Option(names = "--console-socket", paramLabel = "SOCKET",
            description = "Unix socket to send the pty master to when process.terminal is true (as runc).")
    Path consoleSocket;

    @Option(names = "--preserve-fds", paramLabel = "N", defaultValue = "0",
            description = "Pass N more fds (3 to 3+N-1) to the container (not supported yet; 0 only).")
    int preserveFds;

    @Option(names = "--no-pivot", description = "Accepted for compatibility; sluice always uses pivot_root.")
    boolean noPivot;

    @Option(names = "--no-new-keyring", description = "Accepted for compatibility; sluice creates no session keyring.")
    boolean noNewKeyring;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id + " bundle=" + bundle;
    }

    @Override
    int run() {
        OciRunCommand.checkCommonOptions(preserveFds);
        runtime().create(id, bundle, pidFile, b -> SentryDaemonCommand.argv(main, b, consoleSocket));
        return 0;
    }
}
