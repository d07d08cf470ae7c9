package dev.sluice.oci.cdi.hooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code update-ldcache} hook: rebuilds the linker cache of a container's root filesystem
 * ({@code /etc/ld.so.cache} there) so that it lists the driver libraries bound into it, and creates
 * their SONAME links ({@code libcuda.so.1 -> libcuda.so.580.159.04}) as ldconfig does.
 *
 * <p>It runs the host's ldconfig with {@code -r ROOT}, which chroots into the root first: never the
 * image's ldconfig, since running a binary of the image as the host's root would let the image run
 * code of its choice outside the sandbox. ldconfig still parses files of the image (as ELF) as root
 * inside that chroot; that is the residual risk (docs/security-model.md).
 */
public final class UpdateLdcache {
    static final long TIMEOUT_SECONDS = 60;

    private final Path ldconfig;

    /**
     * @param ldconfig the ldconfig to run (the host's, {@code Injection.hostLdconfig()}; tests give
     *     another)
     */
    public UpdateLdcache(Path ldconfig) {
        this.ldconfig = ldconfig;
    }

    /** The argv run for {@code root} and {@code folders}. */
    public List<String> argv(Path root, List<String> folders) {
        List<String> argv = new ArrayList<>(List.of(ldconfig.toString(), "-r", root.toString()));
        argv.addAll(folders);
        return argv;
    }

    /**
     * Runs ldconfig on {@code root} with the container paths {@code folders} added to its search.
     *
     * @return warnings (a root without {@code /etc}: nothing is done)
     * @throws IllegalArgumentException for a folder that is not an absolute path
     * @throws IllegalStateException when ldconfig cannot run or fails, with its output
     */
    public List<String> run(Path root, List<String> folders) {
        for (String f : folders) {
            if (!f.startsWith("/")) {
                throw new IllegalArgumentException(
                        "--folder " + f + " is not an absolute container path");
            }
        }
        if (!Files.isDirectory(root.resolve("etc"), LinkOption.NOFOLLOW_LINKS)) {
            return List.of(
                    "the root " + root + " has no /etc directory: its linker cache is not updated");
        }
        List<String> argv = argv(root, folders);
        try {
            Process p =
                    new ProcessBuilder(argv)
                            .redirectErrorStream(true)
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                            .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException(
                        ldconfig + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IllegalStateException(
                        String.join(" ", argv)
                                + " exited "
                                + p.exitValue()
                                + ": "
                                + new String(out, StandardCharsets.UTF_8).strip());
            }
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + ldconfig + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + ldconfig, e);
        }
    }
}
