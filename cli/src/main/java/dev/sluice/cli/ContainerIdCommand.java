package dev.sluice.cli;

import picocli.CommandLine.Parameters;

/**
 * A runc-compatible command that takes only a container id and makes one call on the runtime
 * ({@code start}, {@code pause}, {@code resume}).
 */
abstract class ContainerIdCommand extends OciCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id;
    }

    @Override
    int run() {
        act(id);
        return 0;
    }

    /** The runtime call. */
    abstract void act(String id);
}
