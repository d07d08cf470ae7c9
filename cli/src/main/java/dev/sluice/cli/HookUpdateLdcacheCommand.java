package dev.sluice.cli;

import dev.sluice.oci.cdi.hooks.HookState;
import dev.sluice.oci.cdi.hooks.UpdateLdcache;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice hook update-ldcache --folder DIR ...}: the OCI hook that rebuilds the container's
 * linker cache with the host's ldconfig ({@link UpdateLdcache}), never the image's. Which ldconfig
 * is not an option: it is always {@link UpdateLdcache#HOST_LDCONFIG}.
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
        PrintWriter err = spec.commandLine().getErr();
        try {
            Path root = HookState.root(System.in);
            for (String w : new UpdateLdcache(UpdateLdcache.HOST_LDCONFIG).run(root, folders)) {
                err.println("sluice hook update-ldcache: warning: " + w);
            }
            err.flush();
            return 0;
        } catch (RuntimeException e) {
            err.println("sluice hook update-ldcache: " + e.getMessage());
            err.flush();
            return HookCommand.FAILED;
        }
    }
}
