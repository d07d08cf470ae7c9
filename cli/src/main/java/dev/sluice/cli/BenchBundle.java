package dev.sluice.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.DefaultSpec;

import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the benches that race Sluice against runc share: a bundle whose rootfs is a static busybox,
 * with runc's default config running {@code /bin/true}, the baseline runtime found on PATH, and
 * their scratch directory removed afterwards.
 */
final class BenchBundle {
    private BenchBundle() {}

    /** The options of a bench against runc: the baseline runtime and the busybox of the rootfs. */
    static final class Options {
        @Option(
                names = "--runc",
                defaultValue = "runc",
                description = "The baseline runtime (default ${DEFAULT-VALUE}, looked up on PATH).")
        String runc;

        @Option(
                names = "--busybox",
                defaultValue = "/bin/busybox",
                description =
                        "A static busybox for the bundle's rootfs (default ${DEFAULT-VALUE}).")
        Path busybox;
    }

    /**
     * The CDI devices a bench gives both runtimes: their edits made to the bundle runc runs ({@link
     * CdiBundleEdit}, as {@code sluice cdi apply} and a CDI-aware engine make them).
     */
    static final class Devices {
        @Option(
                names = "--device",
                paramLabel = "NAME",
                description =
                        "A CDI device (vendor.com/class=name, e.g. nvidia.com/gpu=all) that both runtimes get,"
                                + " as a CDI-aware engine gives it (repeatable). On Sluice, NVIDIA device nodes are"
                                + " mediated by NVProxy.")
        List<String> names = new ArrayList<>();

        @picocli.CommandLine.Mixin CdiSpecDirs specDirs = new CdiSpecDirs();

        boolean any() {
            return !names.isEmpty();
        }

        /** Makes their edits to {@code bundle}'s config.json; an unknown device fails, named. */
        void applyTo(Path bundle) throws IOException {
            CdiBundleEdit.apply(bundle, names, specDirs.dirs);
        }
    }

    /** Makes the bundle in {@code dir}; its rootfs is {@code dir/rootfs}. */
    static Path create(Path dir, Path busybox) throws IOException {
        if (!Files.isRegularFile(busybox)) {
            throw new IllegalStateException(
                    "no busybox at " + busybox + " (install busybox-static, or pass --busybox)");
        }
        Path rootfs = dir.resolve("rootfs");
        Files.createDirectories(rootfs.resolve("bin"));
        for (String d : List.of("proc", "dev", "sys", "tmp")) {
            Files.createDirectories(rootfs.resolve(d));
        }
        Files.copy(busybox, rootfs.resolve("bin/busybox"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.createSymbolicLink(rootfs.resolve("bin/true"), Path.of("busybox"));
        Files.createSymbolicLink(rootfs.resolve("bin/sh"), Path.of("busybox"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = (ObjectNode) json.readTree(DefaultSpec.json());
        ObjectNode process = (ObjectNode) config.get("process");
        process.put("terminal", false);
        process.putArray("args").add("/bin/true");
        Files.writeString(
                dir.resolve("config.json"),
                json.writerWithDefaultPrettyPrinter().writeValueAsString(config));
        return dir;
    }

    /**
     * A bundle in {@code dir} sharing {@code bundle}'s rootfs, whose config is {@code bundle}'s
     * with the annotation {@code dev.sluice.proxies} naming {@code proxies} (comma-separated).
     */
    static Path withProxies(Path bundle, Path dir, List<String> proxies) throws IOException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = (ObjectNode) json.readTree(bundle.resolve("config.json").toFile());
        ObjectNode annotations =
                config.get("annotations") instanceof ObjectNode a
                        ? a
                        : config.putObject("annotations");
        annotations.put(
                dev.sluice.oci.launch.OciPlanCompiler.ANNOTATION_PROXIES,
                String.join(",", proxies));
        // Absolute: the rootfs is the plain bundle's, not copied.
        config.with("root").put("path", bundle.resolve("rootfs").toAbsolutePath().toString());
        Files.createDirectories(dir);
        Files.writeString(
                dir.resolve("config.json"),
                json.writerWithDefaultPrettyPrinter().writeValueAsString(config));
        return dir;
    }

    /** {@code name} if it is a path, else the first executable of that name on PATH. */
    static Path onPath(String name) {
        if (name.contains("/")) {
            return Path.of(name);
        }
        for (String dir :
                System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        throw new IllegalStateException(
                name
                        + " not found on PATH: the baseline runtime is needed (install runc, or pass --runc)");
    }

    /** The sluice launcher of this installation. */
    static Path launcher() {
        Path sluice = Installation.launcher();
        if (!Files.isExecutable(sluice)) {
            throw new IllegalStateException(
                    "the sluice launcher is not at " + sluice + " (run `mvn package` first)");
        }
        return sluice;
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(q);
            }
        }
    }
}
