package dev.sluice.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.cdi.CdiRegistry;
import dev.sluice.oci.cdi.OciEdits;
import dev.sluice.oci.spec.SpecLoader;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice cdi apply --bundle DIR --device NAME...}: makes the CDI edits of the named devices
 * to a bundle's config.json, as podman, containerd and docker make them before they call the
 * runtime: for clients without CDI (ctr, a hand-made bundle). The result is checked as any
 * config.json and replaces the old one atomically.
 */
@Command(
        name = "apply",
        mixinStandardHelpOptions = true,
        description =
                "Make the CDI edits of devices (vendor.com/class=name) to a bundle's config.json, as a CDI engine does.")
final class CdiApplyCommand implements Callable<Integer> {
    @Option(
            names = {"-b", "--bundle"},
            paramLabel = "DIR",
            defaultValue = ".",
            description = "The bundle whose config.json is edited.")
    Path bundle;

    @Option(
            names = "--device",
            paramLabel = "NAME",
            required = true,
            description = "A CDI device, e.g. nvidia.com/gpu=0 (repeatable).")
    List<String> devices = new ArrayList<>();

    @Option(
            names = "--spec-dir",
            paramLabel = "DIR",
            description = "Read CDI specs here instead of /etc/cdi and /var/run/cdi (repeatable).")
    List<Path> specDirs = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        List<Path> dirs = specDirs.isEmpty() ? CdiRegistry.DEFAULT_DIRS : specDirs;
        Path config = bundle.resolve("config.json");
        ObjectNode tree = SpecLoader.tree(bundle);
        OciEdits.apply(tree, CdiRegistry.of(dirs).resolve(devices));
        byte[] bytes = SpecLoader.bytes(tree);
        SpecLoader.parseValid(bytes, config + " (with " + String.join(", ", devices) + ")");
        Path tmp = bundle.resolve(".config.json.cdi");
        Files.write(tmp, bytes);
        Files.move(
                tmp, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return 0;
    }
}
