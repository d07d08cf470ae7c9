package dev.sluice.cli;

import dev.sluice.oci.cdi.hooks.HookState;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

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

    /**
     * Runs hook {@code name} of {@code command}: {@code work} gets the container's root (from the
     * state on stdin) and returns its warnings, each printed on a line; a failure is one line and
     * {@link #FAILED}.
     */
    static int run(CommandSpec command, String name, Function<Path, List<String>> work) {
        PrintWriter err = command.commandLine().getErr();
        try {
            for (String w : work.apply(HookState.root(System.in))) {
                err.println("sluice hook " + name + ": warning: " + w);
            }
            return 0;
        } catch (RuntimeException e) {
            err.println("sluice hook " + name + ": " + e.getMessage());
            return FAILED;
        } finally {
            err.flush();
        }
    }
}
