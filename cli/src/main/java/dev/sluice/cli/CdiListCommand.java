package dev.sluice.cli;

import dev.sluice.oci.cdi.CdiRegistry;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice cdi list}: every qualified CDI device name the spec directories define, one a line,
 * as {@code --device} takes them; a spec that does not parse is an error naming its file and field
 * ({@link CdiRegistry}), since a runtime would refuse it just the same.
 */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description =
                "Print every CDI device name (vendor.com/class=name) of the spec directories, one per line.")
final class CdiListCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--spec-dir",
            paramLabel = "DIR",
            description =
                    "A spec directory, lowest priority first (repeatable; default: /etc/cdi, /var/run/cdi).")
    List<Path> specDirs;

    @Override
    public Integer call() {
        CdiRegistry r =
                CdiRegistry.of(
                        specDirs == null || specDirs.isEmpty()
                                ? CdiRegistry.DEFAULT_DIRS
                                : specDirs);
        PrintWriter out = spec.commandLine().getOut();
        r.names().forEach(out::println);
        out.flush();
        return 0;
    }
}
