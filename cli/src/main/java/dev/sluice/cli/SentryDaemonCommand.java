package dev.sluice.cli;

import dev.sluice.oci.daemon.SentryDaemon;
import dev.sluice.oci.state.StateStore;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sluice sentry-daemon} (hidden): the detached sentry of one OCI container, started by
 * {@code create} with the container's stdio and a report pipe (see {@link SentryDaemon}).
 */
@Command(
        name = "sentry-daemon",
        hidden = true,
        description = "The detached sentry of a container (started by create).")
final class SentryDaemonCommand extends OciCommand {
    @Option(names = "--bundle", required = true)
    Path bundle;

    @Option(names = "--report-fd", required = true)
    int reportFd;

    @Option(names = "--console-socket")
    Path consoleSocket;

    @Option(names = "--preserve-fds", defaultValue = "0")
    int preserveFds;

    @Parameters(index = "0")
    String id;

    @Override
    int run() throws Exception {
        Path dir = new StateStore(main.root).dir(id);
        return new SentryDaemon(
                        dir,
                        id,
                        bundle,
                        consoleSocket,
                        Installation.helper("sluice-init"),
                        Installation::proxies,
                        reportFd,
                        preserveFds)
                .run();
    }

    /**
     * The daemon's command line for a container of {@code bundle}, the id to be appended: this
     * sluice's launcher (bin/sluice, so the same JVM flags), else this JVM's class path. {@code
     * consoleSocket} (or null) is made absolute: the daemon runs elsewhere.
     */
    static List<String> argv(Main main, Path bundle, Path consoleSocket, int preserveFds) {
        List<String> argv = new ArrayList<>();
        Path launcher = Installation.libexec().getParent().resolve("sluice");
        if (Files.isExecutable(launcher)) {
            argv.add(launcher.toString());
        } else {
            argv.add(ProcessHandle.current().info().command().orElse("java"));
            argv.add("-Dsluice.libexec=" + Installation.libexec());
            argv.add("-cp");
            argv.add(System.getProperty("java.class.path"));
            argv.add(Main.class.getName());
        }
        if (main.debug) {
            argv.add("--debug");
        }
        argv.add("--root");
        argv.add(main.root.toAbsolutePath().toString());
        argv.add("sentry-daemon");
        argv.add("--bundle");
        argv.add(bundle.toString());
        argv.add("--report-fd");
        argv.add(
                Integer.toString(
                        3 + preserveFds)); // after the preserved fds (ContainerRuntime.create)
        argv.add("--preserve-fds");
        argv.add(Integer.toString(preserveFds));
        if (consoleSocket != null) {
            argv.add("--console-socket");
            argv.add(consoleSocket.toAbsolutePath().toString());
        }
        return argv;
    }
}
