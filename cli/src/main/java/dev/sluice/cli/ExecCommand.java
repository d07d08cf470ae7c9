package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.ipc.ClientSpawner;
import dev.sluice.oci.runtime.ContainerExec;
import dev.sluice.oci.runtime.ExecOverrides;
import dev.sluice.oci.state.StateStore;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sluice exec [options] ID [CMD ARGS...]} (runc-compatible): runs one more process in a
 * container, in all its namespaces, with its device ioctls mediated by the container's sentry
 * ({@link ContainerExec}). containerd's shim calls {@code exec --process FILE --detach --pid-file F
 * [--console-socket S] ID}. Without {@code --detach} it waits and exits with the process's status
 * (128+N for signal N), forwarding SIGINT, SIGTERM, SIGHUP and SIGUSR2 to it.
 *
 * <p>Options end at the container id: what follows is the command, {@code -c} included.
 */
@Command(
        name = "exec",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Run a process in a created or running container (runc-compatible); without --detach,",
            "wait for it and exit with its status (128+N for signal N)."
        })
final class ExecCommand extends OciCommand {
    @Option(
            names = {"-p", "--process"},
            paramLabel = "FILE",
            description =
                    "The process as runtime-spec JSON (process.json); no CMD or process flags with it.")
    Path process;

    @Option(
            names = {"-d", "--detach"},
            description =
                    "Return once the process runs; it is reparented to the caller's subreaper.")
    boolean detach;

    @Option(
            names = "--pid-file",
            paramLabel = "FILE",
            description = "Write the process's host pid here.")
    Path pidFile;

    @Option(
            names = "--console-socket",
            paramLabel = "SOCKET",
            description = "Unix socket to send the pty master to when the process has a terminal.")
    Path consoleSocket;

    @Option(
            names = {"-t", "--tty"},
            description = {
                "Give the process a terminal (needs --console-socket).",
                "With --process only where the file asks for one too (conmon passes both)."
            })
    boolean tty;

    @Option(
            names = "--cwd",
            paramLabel = "DIR",
            description = "Working directory in the container (absolute).")
    String cwd;

    @Option(
            names = {"-e", "--env"},
            paramLabel = "NAME=VALUE",
            description = "Set an environment variable (repeatable).")
    List<String> env = new ArrayList<>();

    @Option(
            names = {"-u", "--user"},
            paramLabel = "UID[:GID]",
            description = "Run as this numeric user and group.")
    String user;

    @Option(
            names = {"-g", "--additional-gids"},
            paramLabel = "GID",
            split = ",",
            description = "The supplementary groups (repeatable or comma-separated).")
    List<Long> additionalGids;

    @Option(
            names = {"-c", "--cap"},
            paramLabel = "CAP",
            description = "Add a capability, e.g. CAP_NET_ADMIN (repeatable).")
    List<String> caps = new ArrayList<>();

    @Option(names = "--no-new-privs", description = "Set no_new_privs for the process.")
    boolean noNewPrivs;

    @Option(names = "--ignore-paused", description = "Exec into a paused container too.")
    boolean ignorePaused;

    @Option(
            names = "--preserve-fds",
            paramLabel = "N",
            defaultValue = "0",
            description = "Pass N more fds (3 to 3+N-1) to the process.")
    int preserveFds;

    @Option(
            names = "--apparmor",
            paramLabel = "PROFILE",
            description = "Refused: AppArmor is not supported.")
    String apparmor;

    @Option(
            names = "--process-label",
            paramLabel = "LABEL",
            description = "Refused: SELinux is not supported.")
    String processLabel;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Parameters(
            index = "1..*",
            paramLabel = "CMD",
            description = "The command and its arguments (without --process).")
    List<String> command = new ArrayList<>();

    @Override
    String describe() {
        return "id="
                + id
                + (process != null ? " process=" + process : " cmd=" + command)
                + (detach ? " detach" : "");
    }

    /**
     * The request these arguments make; every combination runc refuses is refused, naming the
     * flags.
     */
    ContainerExec.Request request() {
        CreateOptions.checkPreserveFds(preserveFds, main.invocation.env());
        if (apparmor != null) {
            throw new OciException(
                    "--apparmor " + apparmor + ": AppArmor is not supported by sluice");
        }
        if (processLabel != null) {
            throw new OciException(
                    "--process-label " + processLabel + ": SELinux is not supported by sluice");
        }
        ExecOverrides o =
                new ExecOverrides(command, cwd, env, tty, user, additionalGids, caps, noNewPrivs);
        if (process != null && (!command.isEmpty() || o.anyBeyondTty())) {
            throw new OciException(
                    "--process "
                            + process
                            + " says everything about the process: give no CMD, --cwd,"
                            + " --env, --user, --additional-gids, --cap or --no-new-privs with it");
        }
        if (process == null && command.isEmpty()) {
            throw new OciException(
                    "exec: no command: give CMD [ARGS...] after the container id, or --process FILE");
        }
        return new ContainerExec.Request(
                id,
                process,
                process == null ? o : null,
                detach,
                pidFile,
                consoleSocket,
                ignorePaused,
                tty,
                preserveFds);
    }

    @Override
    int run() {
        ContainerExec.Request r = request();
        // Run for a caller of the runtime service: the caller (sluice-client) takes the signals,
        // before the process runs, as runc does (a supervisor may stop it as soon as it runs,
        // before the service asks the caller to wait), and passes them on.
        ClientSpawner caller = main.invocation.spawner() instanceof ClientSpawner c ? c : null;
        if (!detach && caller != null) {
            caller.holdSignals();
        }
        ContainerExec.Started started =
                new ContainerExec(
                                new StateStore(main.root),
                                () -> Installation.helper("sluice-init"),
                                main.invocation.spawner())
                        .start(r);
        if (detach) {
            return 0;
        }
        if (caller != null) {
            return started.waitForeground();
        }
        try (ForwardedSignals f = ForwardedSignals.to(started::signal)) {
            return started.waitFor();
        }
    }
}
