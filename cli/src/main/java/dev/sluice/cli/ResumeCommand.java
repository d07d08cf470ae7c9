package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code sluice resume ID}: thaws a paused container. */
@Command(name = "resume", mixinStandardHelpOptions = true, description = "Resume a paused container (runc-compatible).")
final class ResumeCommand extends OciCommand {
    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    String describe() {
        return "id=" + id;
    }

    @Override
    int run() {
        runtime().resume(id);
        return 0;
    }
}
