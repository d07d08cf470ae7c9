package dev.sluice.cli;

import dev.sluice.oci.cdi.hooks.CreateSymlinks;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

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
        return HookCommand.run(
                spec,
                "create-symlinks",
                root ->
                        CreateSymlinks.apply(
                                root, links.stream().map(CreateSymlinks.Link::parse).toList()));
    }
}
