package dev.sluice.oci.cdi.nvidia;

import dev.sluice.sentry.launch.Injection;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The host's dynamic linker cache as {@code ldconfig -p} prints it: one line per library, {@code
 * <tab>libcuda.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libcuda.so.1}. The text is the input
 * (tests give a canned one), so that which libraries a CDI spec injects follows the linker's own
 * view of the host rather than a guessed list of directories.
 */
public final class LdCache {
    /**
     * One cache entry: the name the linker finds it by (its SONAME, or a development link's name),
     * the flags in parentheses ({@code libc6}, {@code x86-64}, ...) and the path listed.
     */
    public record Entry(String name, List<String> flags, String path) {
        /** Whether the entry is a 64-bit x86 library ({@code (libc6,x86-64)}). */
        public boolean isX86_64() {
            return flags.contains("x86-64");
        }
    }

    private LdCache() {}

    /**
     * The entries of {@code ldconfig -p}'s text; the header line and lines that are not entries are
     * skipped.
     */
    public static List<Entry> parse(String listing) {
        List<Entry> out = new ArrayList<>();
        for (String line : listing.split("\n")) {
            int open = line.indexOf(" (");
            int arrow = line.lastIndexOf(") => ");
            if (open <= 0 || arrow < open) {
                continue;
            }
            String name = line.substring(0, open).trim();
            String path = line.substring(arrow + ") => ".length()).trim();
            if (name.isEmpty() || !path.startsWith("/")) {
                continue;
            }
            List<String> flags =
                    Arrays.stream(line.substring(open + 2, arrow).split(","))
                            .map(String::trim)
                            .toList();
            out.add(new Entry(name, flags, path));
        }
        return out;
    }

    /**
     * The text of {@code ldconfig -p} run with the host's ldconfig.
     *
     * @throws IllegalStateException when it cannot run or fails
     */
    public static String hostListing() {
        Path ldconfig = Injection.hostLdconfig();
        try {
            Process p =
                    new ProcessBuilder(ldconfig.toString(), "-p")
                            .redirectErrorStream(true)
                            .redirectInput(
                                    ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                            .start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(
                        ldconfig
                                + " -p failed: "
                                + new String(out, StandardCharsets.UTF_8).strip());
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + ldconfig + " -p: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + ldconfig + " -p", e);
        }
    }
}
