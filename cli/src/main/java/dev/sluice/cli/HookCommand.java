package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/**
 * {@code sluice hook ...}: the OCI hooks of the CDI specs sluice writes ({@code sluice cdi
 * generate}). Each reads the container's state JSON on stdin, exits 0 on success and 1 with one
 * line on stderr on failure. Without a subcommand it prints its usage and exits as a usage error.
 */
@Command(
        name = "hook",
        mixinStandardHelpOptions = true,
        description =
                "OCI hooks of sluice's CDI specs (they read the container state on stdin): create-symlinks, update-ldcache.",
        subcommands = {HookCreateSymlinksCommand.class, HookUpdateLdcacheCommand.class})
final class HookCommand implements Callable<Integer> {
    /** A hook's exit status when it fails: the runtime then fails the container's creation. */
    static final int FAILED = 1;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return Main.SLUICE_ERROR;
    }
}
