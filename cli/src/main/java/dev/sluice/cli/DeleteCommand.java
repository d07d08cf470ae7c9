package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.state.StateStore;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;

/** {@code sluice delete [--force] ID}: removes a stopped (or created) container and all it left. */
@Command(
        name = "delete",
        mixinStandardHelpOptions = true,
        description = {
            "Delete a container (runc-compatible): its processes, its sentry, its state.",
            "A running container needs --force; --force on an unknown id succeeds, as with runc."
        })
final class DeleteCommand extends OciCommand {
    @Option(
            names = {"-f", "--force"},
            description = "Kill a running container first (SIGKILL).")
    boolean force;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id + (force ? " force" : "");
    }

    @Override
    int run() {
        var rt = runtime();
        StateStore.checkId(id);
        if (force && !Files.isDirectory(rt.stateDir(id))) {
            return 0;
        }
        try {
            rt.delete(id, force);
        } catch (OciException e) {
            if (force && !Files.isDirectory(rt.stateDir(id))) {
                return 0; // deleted meanwhile
            }
            throw e;
        }
        return 0;
    }
}
