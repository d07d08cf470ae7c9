package dev.sluice.cli;

import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --cdi-spec-dir DIR}: where the commands that name CDI devices read their specs. */
final class CdiSpecDirs {
    @Option(
            names = "--cdi-spec-dir",
            paramLabel = "DIR",
            description = "Read CDI specs here instead of /etc/cdi and /var/run/cdi (repeatable).")
    List<Path> dirs = new ArrayList<>();
}
