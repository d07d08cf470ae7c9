package dev.sluice.cli;

import dev.sluice.oci.OciException;
import dev.sluice.oci.spec.DefaultSpec;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** {@code sluice spec [--bundle B]}: writes a default config.json, as {@code runc spec}. */
@Command(
        name = "spec",
        mixinStandardHelpOptions = true,
        description =
                "Write a default config.json into the bundle (runc-compatible; edit it before create).")
final class SpecCommand extends OciCommand {
    @Option(
            names = {"-b", "--bundle"},
            paramLabel = "DIR",
            defaultValue = ".",
            description = "Where to write config.json.")
    Path bundle;

    @Option(
            names = "--rootless",
            description = "A config for a rootless container (not supported).")
    boolean rootless;

    @Override
    int run() {
        if (rootless) {
            throw new OciException("--rootless: rootless containers are not supported by sluice");
        }
        Path config = bundle.resolve("config.json");
        try {
            Files.writeString(
                    config,
                    DefaultSpec.json(),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            throw new OciException("File " + config + " exists. Remove it first");
        } catch (IOException e) {
            throw new OciException("cannot write " + config + ": " + e.getMessage(), e);
        }
        return 0;
    }
}
