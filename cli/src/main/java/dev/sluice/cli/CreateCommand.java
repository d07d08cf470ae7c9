package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice create [--bundle B] [--pid-file F] ID}: creates the container and returns while its
 * init waits for {@code start}; its sentry keeps running, detached.
 */
@Command(
        name = "create",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Create a container from an OCI bundle (runc-compatible). Its process waits for `sluice start`;",
            "the sentry that mediates its devices keeps running in the background."
        })
final class CreateCommand extends OciCommand {
    @Mixin CreateOptions options;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id + " bundle=" + options.bundle;
    }

    @Override
    int run() {
        options.create(runtime(), main, id);
        return 0;
    }
}
