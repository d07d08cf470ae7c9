package dev.sluice.cli;

import dev.sluice.oci.runtime.Features;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sluice features}: what this runtime supports, as runtime-spec "features" JSON. */
@Command(
        name = "features",
        mixinStandardHelpOptions = true,
        description = "Print the supported OCI features as JSON (runc-compatible format).")
final class FeaturesCommand extends OciCommand {
    @Spec CommandSpec spec;

    @Override
    int run() {
        spec.commandLine().getOut().print(Features.json(Main.version()));
        spec.commandLine().getOut().flush();
        return 0;
    }
}
