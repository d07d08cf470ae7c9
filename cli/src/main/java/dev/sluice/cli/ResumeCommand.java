package dev.sluice.cli;

import picocli.CommandLine.Command;

/** {@code sluice resume ID}: thaws a paused container. */
@Command(
        name = "resume",
        mixinStandardHelpOptions = true,
        description = "Resume a paused container (runc-compatible).")
final class ResumeCommand extends ContainerIdCommand {
    @Override
    void act(String id) {
        runtime().resume(id);
    }
}
