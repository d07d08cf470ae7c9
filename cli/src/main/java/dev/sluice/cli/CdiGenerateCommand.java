package dev.sluice.cli;

import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.CdiSpecs;
import dev.sluice.oci.cdi.nvidia.LdCache;
import dev.sluice.oci.cdi.nvidia.NvidiaCdiGenerator;
import dev.sluice.oci.cdi.nvidia.NvidiaHost;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code sluice cdi generate}: writes the CDI spec of this host's NVIDIA GPUs ({@link
 * NvidiaCdiGenerator}), whose hooks are sluice's own, so that {@code --device nvidia.com/gpu=0}
 * works without the NVIDIA container toolkit. The spec goes to stdout, or to a file written
 * atomically (a temporary file renamed over it), so that a runtime reading the spec directory never
 * sees half a spec.
 */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = {
            "Write the CDI spec (nvidia.com/gpu) of this host's NVIDIA GPUs: one device per GPU by index and by UUID, `all`, "
                    + "and the driver's control nodes, libraries, tools and firmware, with sluice's own hooks "
                    + "(no NVIDIA container toolkit needed). Fails on a host without the NVIDIA driver."
        })
final class CdiGenerateCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description =
                    "Write the spec to FILE (atomically, mode 0644, directories made) instead of stdout; a .yaml or .yml FILE gets YAML.")
    Path output;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            description = "json or yaml (default: from --output's name, else json).")
    String format;

    @Option(
            names = "--host-root",
            hidden = true,
            paramLabel = "DIR",
            defaultValue = "/",
            description = "The host tree to read the driver from (tests).")
    Path hostRoot;

    @Option(
            names = "--ld-cache",
            hidden = true,
            paramLabel = "FILE",
            description = "The text of `ldconfig -p` to use instead of running it (tests).")
    Path ldCache;

    @Option(
            names = "--hook-path",
            hidden = true,
            paramLabel = "PATH",
            description = "The sluice launcher the hooks run (default: this installation's).")
    Path hookPath;

    @Override
    public Integer call() throws IOException {
        boolean yaml = yaml();
        String listing =
                ldCache != null
                        ? Files.readString(ldCache, StandardCharsets.UTF_8)
                        : LdCache.hostListing();
        NvidiaHost host = NvidiaHost.discover(hostRoot, listing, searchPath());
        Path sluice = hookPath != null ? hookPath : Installation.launcher();
        CdiSpec cdi =
                NvidiaCdiGenerator.generate(host, sluice.toAbsolutePath().toString(), hookEnv());
        String text = CdiSpecs.write(cdi, yaml);
        if (output == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            writeAtomically(output, text);
        }
        return 0;
    }

    /**
     * The hooks' env: the JVM bin/sluice runs on, since a hook gets only the env its entry lists.
     */
    static List<String> hookEnv() {
        return List.of("SLUICE_JAVA=" + Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    private boolean yaml() {
        if (format == null) {
            String n = output == null ? "" : output.getFileName().toString();
            return n.endsWith(".yaml") || n.endsWith(".yml");
        }
        if (!format.equals("json") && !format.equals("yaml")) {
            throw new IllegalArgumentException("--format " + format + ": json or yaml");
        }
        return format.equals("yaml");
    }

    /**
     * The PATH's absolute directories, then the usual ones it lacks (a hook's PATH may be bare).
     */
    static List<String> searchPath() {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(":")) {
                if (d.startsWith("/") && !dirs.contains(d)) {
                    dirs.add(d);
                }
            }
        }
        for (String d : NvidiaHost.DEFAULT_PATH) {
            if (!dirs.contains(d)) {
                dirs.add(d);
            }
        }
        return dirs;
    }

    /** Writes {@code text} to a temporary file beside {@code file} and renames it over it. */
    static void writeAtomically(Path file, String text) {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(
                    tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e, e);
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // best effort: the failure above is the one reported
                }
            }
        }
    }
}
