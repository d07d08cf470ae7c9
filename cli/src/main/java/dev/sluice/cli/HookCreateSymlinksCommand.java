package dev.sluice.cli;

import dev.sluice.oci.cdi.hooks.CreateSymlinks;
import dev.sluice.oci.cdi.hooks.HookState;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice hook create-symlinks --link TARGET::LINK ...}: the OCI hook that makes symbolic
 * links in the container's root ({@link CreateSymlinks}, resolved inside the root). Something else
 * already at a link's path is left alone with a warning; the hook still succeeds.
 */
@Command(
        name = "create-symlinks",
        mixinStandardHelpOptions = true,
        description =
                "OCI hook: create symbolic links in the container's root (the state JSON on stdin).")
final class HookCreateSymlinksCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--link",
            required = true,
            paramLabel = "TARGET::LINK",
            description = "Make LINK (an absolute container path) a link to TARGET (repeatable).")
    List<String> links;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try {
            List<CreateSymlinks.Link> parsed =
                    links.stream().map(CreateSymlinks.Link::parse).toList();
            Path root = HookState.root(System.in);
            for (String w : CreateSymlinks.apply(root, parsed)) {
                err.println("sluice hook create-symlinks: warning: " + w);
            }
            err.flush();
            return 0;
        } catch (RuntimeException e) {
            err.println("sluice hook create-symlinks: " + e.getMessage());
            err.flush();
            return HookCommand.FAILED;
        }
    }
}
