package dev.sluice.cli;

import dev.sluice.oci.runtime.ContainerRuntime;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code sluice state ID}: the container's state as runtime-spec JSON. */
@Command(
        name = "state",
        mixinStandardHelpOptions = true,
        description = "Print a container's state as JSON (runc-compatible).")
final class StateCommand extends OciCommand {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "ID", description = "The container id.")
    String id;

    @Override
    int run() {
        spec.commandLine().getOut().println(ContainerRuntime.json(runtime().state(id)));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
