package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice run --bundle B ID} (the runc form, chosen by {@link OciGrammar}): create, start,
 * wait for the container's exit status and delete it; with {@code --detach}, create and start only.
 * To wait, sluice becomes the child subreaper: the container's init, reparented when the sentry's
 * launcher detaches it, becomes sluice's child.
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
        if (!detach) {
            OciNative.setChildSubreaper();
        }
        ContainerRuntime rt = runtime();
        int pid = options.create(rt, main, id);
        try {
            rt.start(id);
        } catch (OciException e) {
            deleteQuietly(rt);
            throw e;
        }
        if (detach) {
            return 0;
        }
        int code;
        try (ForwardedSignals f =
                ForwardedSignals.to(
                        sig -> {
                            try {
                                rt.kill(id, sig, false);
                            } catch (OciException e) {
                                // already stopped
                            }
                        })) {
            code = OciNative.waitpid(pid);
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

    private void deleteQuietly(ContainerRuntime rt) {
        try {
            rt.delete(id, true);
        } catch (OciException e) {
            main.ociLog().debug("delete after run: " + e.getMessage());
        }
    }
}
