package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code sluice start ID}: lets a created container's process run. */
@Command(name = "start", mixinStandardHelpOptions = true, description = "Start a created container (runc-compatible).")
final class StartCommand extends OciCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id;
    }

    @Override
    int run() {
        runtime().start(id);
        return 0;
    }
}
