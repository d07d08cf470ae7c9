package dev.sluice.cli;

import dev.sluice.oci.cdi.hooks.UpdateLdcache;
import dev.sluice.sentry.launch.Injection;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice hook update-ldcache --folder DIR ...}: the OCI hook that rebuilds the container's
 * linker cache with the host's ldconfig ({@link UpdateLdcache}), never the image's. Which ldconfig
 * is not an option: it is always the host's ({@code Injection.hostLdconfig()}).
 */
@Command(
        name = "update-ldcache",
        mixinStandardHelpOptions = true,
        description =
                "OCI hook: update the container's /etc/ld.so.cache with the host's ldconfig (the state JSON on stdin).")
final class HookUpdateLdcacheCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--folder",
            required = true,
            paramLabel = "DIR",
            description = "A container directory holding injected libraries (repeatable).")
    List<String> folders;

    @Override
    public Integer call() {
        return HookCommand.run(
                spec,
                "update-ldcache",
                root -> new UpdateLdcache(Injection.hostLdconfig()).run(root, folders));
    }
}
