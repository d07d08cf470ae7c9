package dev.sluice.cli;

import dev.sluice.oci.ContainerRuntime;
import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * {@code sluice run --bundle B ID} (the runc form, chosen by {@link OciGrammar}): create, start,
 * wait for the container's exit status and delete it; with {@code --detach}, create and start
 * only. To wait, sluice becomes the child subreaper: the container's init, reparented when the
 * sentry's launcher detaches it, becomes sluice's child.
 */
@Command(name = "run", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Create and start a container from an OCI bundle and wait for it (runc-compatible);",
            "exits with the container's status (128+N for signal N)."})
final class OciRunCommand extends OciCommand {
    /** The signals forwarded to the container (SIGQUIT and SIGUSR1 belong to the JVM). */
    private static final String[] FORWARDED = {"INT", "TERM", "HUP", "USR2"};

    @Option(names = {"-b", "--bundle"}, paramLabel = "DIR", defaultValue = ".",
            description = "The bundle: config.json and the root filesystem (default: the current directory).")
    Path bundle;

    @Option(names = "--pid-file", paramLabel = "FILE", description = "Write the container's init pid here.")
    Path pidFile;

    @Option(names = {"-d", "--detach"}, description = "Return once the container runs.")
    boolean detach;

    @Option(names = "--keep", description = "Do not delete the container after it exits.")
    boolean keep;

    @Option(names = "--console-socket", paramLabel = "SOCKET",
            description = "Unix socket to send the pty master to when process.terminal is true.")
    Path consoleSocket;

    @Option(names = "--preserve-fds", paramLabel = "N", defaultValue = "0", description = "More fds to pass (0 only, for now).")
    int preserveFds;

    @Option(names = "--no-pivot", description = "Accepted for compatibility.")
    boolean noPivot;

    @Option(names = "--no-new-keyring", description = "Accepted for compatibility.")
    boolean noNewKeyring;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id + " bundle=" + bundle + (detach ? " detach" : "");
    }

    static void checkCommonOptions(int preserveFds) {
        if (preserveFds != 0) {
            throw new OciException("--preserve-fds " + preserveFds + ": passing extra fds is not supported by sluice yet");
        }
    }

    @Override
    int run() {
        checkCommonOptions(preserveFds);
        if (!detach) {
            OciNative.setChildSubreaper();
        }
        ContainerRuntime rt = runtime();
        int pid = rt.create(id, bundle, pidFile, b -> SentryDaemonCommand.argv(main, b, consoleSocket));
        try {
            rt.start(id);
        } catch (OciException e) {
            deleteQuietly(rt);
            throw e;
        }
        if (detach) {
            return 0;
        }
        List<Signal> signals = new ArrayList<>();
        List<SignalHandler> previous = new ArrayList<>();
        for (String name : FORWARDED) {
            Signal s = new Signal(name);
            signals.add(s);
            previous.add(Signal.handle(s, sig -> {
                try {
                    rt.kill(id, sig.getNumber(), false);
                } catch (OciException e) {
                    // already stopped
                }
            }));
        }
        int code;
        try {
            code = OciNative.waitpid(pid);
        } finally {
            for (int i = 0; i < signals.size(); i++) {
                Signal.handle(signals.get(i), previous.get(i));
            }
        }
        if (code < 0) {
            throw new OciException("cannot wait for container " + id + " (pid " + pid + "): it is not sluice's child");
        }
        if (!keep) {
            deleteQuietly(rt);
        }
        return code;
    }

    private void deleteQuietly(ContainerRuntime rt) {
        try {
            rt.delete(id, true);
        } catch (OciException e) {
            main.ociLog().debug("delete after run: " + e.getMessage());
        }
    }
}
