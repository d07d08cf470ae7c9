package dev.sluice.cli;

import picocli.CommandLine.Command;

/** {@code sluice pause ID}: freezes every process of the container (cgroup freezer). */
@Command(
        name = "pause",
        mixinStandardHelpOptions = true,
        description =
                "Suspend every process of a container with the cgroup freezer (runc-compatible); state says paused.")
final class PauseCommand extends ContainerIdCommand {
    @Override
    void act(String id) {
        runtime().pause(id);
    }
}
