package dev.sluice.cli;

import picocli.CommandLine.Command;

/** {@code sluice start ID}: lets a created container's process run. */
@Command(
        name = "start",
        mixinStandardHelpOptions = true,
        description = "Start a created container (runc-compatible).")
final class StartCommand extends ContainerIdCommand {
    @Override
    void act(String id) {
        runtime().start(id);
    }
}
