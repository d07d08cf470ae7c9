package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code sluice rdma ...}: RDMA tools. Without a subcommand it prints its usage and exits 2. */
@Command(
        name = "rdma",
        mixinStandardHelpOptions = true,
        description =
                "RDMA tools: `sluice rdma doctor` checks the direct path, `sluice rdma restore` gives netdevs of ended sandboxes back.",
        subcommands = {RdmaDoctorCommand.class, RdmaRestoreCommand.class})
final class RdmaCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return RdmaDoctorCommand.USAGE;
    }
}
