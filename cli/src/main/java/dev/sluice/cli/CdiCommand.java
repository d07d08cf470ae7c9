package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code sluice cdi ...}: Container Device Interface specs. Without a subcommand it prints its
 * usage and exits as a usage error.
 */
@Command(
        name = "cdi",
        mixinStandardHelpOptions = true,
        description =
                "CDI specs: `sluice cdi generate` writes the NVIDIA GPUs' spec (no NVIDIA container toolkit needed), `sluice cdi list` lists the devices of the spec directories.",
        subcommands = {CdiGenerateCommand.class, CdiListCommand.class, CdiApplyCommand.class})
final class CdiCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Main.SLUICE_ERROR;
    }
}
