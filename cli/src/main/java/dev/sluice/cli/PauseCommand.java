package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code sluice pause ID}: freezes every process of the container (cgroup freezer). */
@Command(name = "pause", mixinStandardHelpOptions = true,
        description = "Suspend every process of a container with the cgroup freezer (runc-compatible); state says paused.")
final class PauseCommand extends OciCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id;
    }

    @Override
    int run() {
        runtime().pause(id);
        return 0;
    }
}
