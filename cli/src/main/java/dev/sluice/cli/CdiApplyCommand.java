package dev.sluice.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice cdi apply --bundle DIR --device NAME...}: makes the CDI edits of the named devices
 * to a bundle's config.json, as podman, containerd and docker make them before they call the
 * runtime: for clients without CDI (ctr, a hand-made bundle). The result is checked as any
 * config.json and replaces the old one atomically ({@link CdiBundleEdit}).
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
        CdiBundleEdit.apply(bundle, devices, specDirs);
        return 0;
    }
}
