package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.ipc.ClientSpawner;
import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice run --bundle B ID} (the runc form, chosen by {@link OciGrammar}): create, start,
 * wait for the container's exit status and delete it; with {@code --detach}, create and start only.
 * To wait, sluice becomes the child subreaper: the container's init, reparented when the sentry's
 * launcher detaches it, becomes sluice's child. Run by the runtime service for a caller, the caller
 * ({@code sluice-client}) is the subreaper, waits and forwards signals, asked by the service; the
 * container's sentry is then a spare, as for a create.
 */
@Command(
        name = "run",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Create and start a container from an OCI bundle and wait for it (runc-compatible);",
            "exits with the container's status (128+N for signal N)."
        })
final class OciRunCommand extends OciCommand {
    @Mixin CreateOptions options;

    @Option(
            names = {"-d", "--detach"},
            description = "Return once the container runs.")
    boolean detach;

    @Option(names = "--keep", description = "Do not delete the container after it exits.")
    boolean keep;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id + " bundle=" + options.bundle + (detach ? " detach" : "");
    }

    @Override
    int run() {
        // Run for a caller of the runtime service: the caller (sluice-client) is the one whose
        // children the container's processes are, and the one a terminal or supervisor signals.
        ClientSpawner caller = main.invocation.spawner() instanceof ClientSpawner c ? c : null;
        if (!detach) {
            if (caller != null) {
                caller.becomeSubreaper();
            } else {
                OciNative.setChildSubreaper();
            }
        }
        ContainerRuntime rt = runtime();
        int pid = options.create(rt, main, id);
        int code;
        // The signals a run forwards go to the container from before it starts, as runc's: a
        // supervisor may stop it as soon as it runs. (For a caller of the service, the caller
        // takes them from SUBREAPER on.)
        try (ForwardedSignals f = caller == null && !detach ? forwardTo(rt) : null) {
            try {
                rt.start(id);
            } catch (OciException e) {
                deleteQuietly(rt);
                throw e;
            }
            if (detach) {
                return 0;
            }
            if (caller != null) {
                int status = caller.waitForeground(pid);
                code = status < 0 ? status : OciNative.exitCode(status);
            } else {
                code = OciNative.waitpid(pid);
            }
        }
        if (code < 0) {
            throw new OciException(
                    "cannot wait for container "
                            + id
                            + " (pid "
                            + pid
                            + "): it is not sluice's child");
        }
        if (!keep) {
            deleteQuietly(rt);
        }
        return code;
    }

    /** Until closed, the signals a {@code run} forwards go to the container. */
    private ForwardedSignals forwardTo(ContainerRuntime rt) {
        return ForwardedSignals.to(
                sig -> {
                    try {
                        rt.kill(id, sig, false);
                    } catch (OciException e) {
                        // already stopped
                    }
                });
    }

    private void deleteQuietly(ContainerRuntime rt) {
        try {
            rt.delete(id, true);
        } catch (OciException e) {
            main.ociLog().debug("delete after run: " + e.getMessage());
        }
    }
}
