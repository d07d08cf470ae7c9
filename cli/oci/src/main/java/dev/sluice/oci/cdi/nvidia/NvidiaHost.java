package dev.sluice.oci.cdi.nvidia;

import dev.sluice.oci.launch.ContainerPaths;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What the host's loaded NVIDIA driver offers a container: its version, its GPUs and their device
 * nodes, the control nodes, the user-space libraries of exactly that version (from the linker
 * cache), the tools on the PATH, the GSP firmware and the persistence daemon's socket. It is read
 * from a host root (production: {@code /}; tests: a fake tree), and every path it reports is a host
 * path, without that root. This is what {@link NvidiaCdiGenerator} turns into a CDI spec, so that
 * no NVIDIA container toolkit is needed to give a container its GPUs.
 *
 * @param driverVersion the loaded kernel module's version, as {@code 580.159.04}
 * @param gpus the GPUs, by minor number
 * @param controlNodes the control device nodes present ({@code /dev/nvidiactl}, ...)
 * @param libraries the driver's libraries of {@code driverVersion}, by path
 * @param binaries the driver's tools found on the PATH
 * @param firmware the firmware files of {@code driverVersion}
 * @param persistencedSocket the persistence daemon's socket, or null when absent
 */
public record NvidiaHost(
        String driverVersion,
        List<Gpu> gpus,
        List<String> controlNodes,
        List<Library> libraries,
        List<String> binaries,
        List<String> firmware,
        String persistencedSocket) {

    /**
     * One GPU: its device minor ({@code /dev/nvidia<minor>}), UUID ({@code GPU-...}) and PCI
     * address.
     */
    public record Gpu(int minor, String uuid, String pciAddress) {
        /** Its device node's path. */
        public String node() {
            return "/dev/nvidia" + minor;
        }
    }

    /**
     * One driver library: its real file's host path and the name the linker loads it by ({@code
     * libcuda.so.1}), which the container's linker cache must map to it.
     */
    public record Library(String path, String soname) {
        /** The file's name. */
        public String fileName() {
            return path.substring(path.lastIndexOf('/') + 1);
        }

        /** The directory holding it. */
        public String directory() {
            int slash = path.lastIndexOf('/');
            return slash == 0 ? "/" : path.substring(0, slash);
        }
    }

    /** The control nodes looked for, in the order they are reported. */
    static final List<String> CONTROL_NODES =
            List.of(
                    "/dev/nvidiactl",
                    "/dev/nvidia-uvm",
                    "/dev/nvidia-uvm-tools",
                    "/dev/nvidia-modeset");

    /** The driver's tools looked for on the PATH. */
    static final List<String> BINARIES =
            List.of(
                    "nvidia-smi",
                    "nvidia-debugdump",
                    "nvidia-persistenced",
                    "nvidia-cuda-mps-control",
                    "nvidia-cuda-mps-server");

    static final String PERSISTENCED_SOCKET = "/run/nvidia-persistenced/socket";

    /** The directories searched when the PATH names none. */
    public static final List<String> DEFAULT_PATH =
            List.of("/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin");

    public NvidiaHost {
        gpus = List.copyOf(gpus);
        controlNodes = List.copyOf(controlNodes);
        libraries = List.copyOf(libraries);
        binaries = List.copyOf(binaries);
        firmware = List.copyOf(firmware);
    }

    /**
     * Reads the driver of the host under {@code root}.
     *
     * @param ldconfigListing the text of the host's {@code ldconfig -p} ({@link LdCache})
     * @param path the directories searched for the tools, in order (the PATH)
     * @throws IllegalStateException when no driver is loaded or what it reports is inconsistent,
     *     naming the file
     */
    public static NvidiaHost discover(Path root, String ldconfigListing, List<String> path) {
        Path versionFile = under(root, "/sys/module/nvidia/version");
        if (!Files.isRegularFile(versionFile)) {
            throw new IllegalStateException(
                    "no NVIDIA driver loaded (/sys/module/nvidia/version missing)");
        }
        String version = read(versionFile).strip();
        if (!version.matches("[0-9]+(\\.[0-9]+)+")) {
            throw new IllegalStateException(
                    "/sys/module/nvidia/version: \"" + version + "\" is not a driver version");
        }
        List<String> controls = new ArrayList<>();
        for (String n : CONTROL_NODES) {
            if (Files.exists(under(root, n), LinkOption.NOFOLLOW_LINKS)) {
                controls.add(n);
            }
        }
        String socket =
                Files.exists(under(root, PERSISTENCED_SOCKET), LinkOption.NOFOLLOW_LINKS)
                        ? PERSISTENCED_SOCKET
                        : null;
        return new NvidiaHost(
                version,
                gpus(root),
                controls,
                libraries(root, version, ldconfigListing),
                binaries(root, path),
                firmware(root, version),
                socket);
    }

    private static List<Gpu> gpus(Path root) {
        Path dir = under(root, "/proc/driver/nvidia/gpus");
        List<Gpu> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path gpu : s) {
                String host = "/proc/driver/nvidia/gpus/" + gpu.getFileName() + "/information";
                Path info = gpu.resolve("information");
                if (!Files.isRegularFile(info)) {
                    throw new IllegalStateException(host + " missing");
                }
                Map<String, String> fields = fields(read(info));
                String minor = fields.get("Device Minor");
                String uuid = fields.get("GPU UUID");
                if (minor == null || !minor.matches("[0-9]{1,6}")) {
                    throw new IllegalStateException(
                            host + ": no number in \"Device Minor\" (" + minor + ")");
                }
                if (uuid == null || !uuid.startsWith("GPU-")) {
                    throw new IllegalStateException(
                            host + ": \"GPU UUID\" is not GPU-... (" + uuid + ")");
                }
                Gpu g = new Gpu(Integer.parseInt(minor), uuid, gpu.getFileName().toString());
                if (!Files.exists(under(root, g.node()), LinkOption.NOFOLLOW_LINKS)) {
                    throw new IllegalStateException(
                            "GPU "
                                    + g.pciAddress()
                                    + " has device minor "
                                    + g.minor()
                                    + " but "
                                    + g.node()
                                    + " is missing");
                }
                out.add(g);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        out.sort(Comparator.comparingInt(Gpu::minor));
        return out;
    }

    /** {@code key: value} lines, keys and values trimmed of any whitespace around them. */
    static Map<String, String> fields(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                out.putIfAbsent(
                        line.substring(0, colon).strip(), line.substring(colon + 1).strip());
            }
        }
        return out;
    }

    /**
     * The x86-64 libraries of the linker cache whose real file (its listed path with every link
     * resolved inside {@code root}) is named {@code *.so.<version>}, each once, named by the
     * cache's name for it that is not the file's own nor a development link ({@code .so}).
     */
    private static List<Library> libraries(Path root, String version, String listing) {
        ContainerPaths view = new ContainerPaths(root);
        Map<String, String> sonames = new TreeMap<>();
        for (LdCache.Entry e : LdCache.parse(listing)) {
            if (!e.isX86_64()) {
                continue;
            }
            String real = view.resolve(e.path());
            if (!real.endsWith(".so." + version) || !Files.isRegularFile(under(root, real))) {
                continue;
            }
            String file = real.substring(real.lastIndexOf('/') + 1);
            boolean soname = !e.name().equals(file) && !e.name().endsWith(".so");
            String before = sonames.get(real);
            if (before == null || (soname && before.equals(file))) {
                sonames.put(real, soname ? e.name() : file);
            }
        }
        List<Library> out = new ArrayList<>();
        sonames.forEach((p, n) -> out.add(new Library(p, n)));
        return out;
    }

    private static List<String> binaries(Path root, List<String> path) {
        List<String> out = new ArrayList<>();
        for (String name : BINARIES) {
            for (String dir : path) {
                if (!dir.startsWith("/")) {
                    continue;
                }
                String p = (dir.endsWith("/") ? dir : dir + "/") + name;
                Path f = under(root, p);
                if (Files.isRegularFile(f) && Files.isExecutable(f)) {
                    out.add(p);
                    break;
                }
            }
        }
        return out;
    }

    private static List<String> firmware(Path root, String version) {
        String dir = "/lib/firmware/nvidia/" + version;
        Path d = under(root, dir);
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(d)) {
            return s.filter(Files::isRegularFile)
                    .map(f -> dir + "/" + d.relativize(f))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    /** The file at host path {@code hostPath} in the tree under {@code root}. */
    private static Path under(Path root, String hostPath) {
        return root.resolve(hostPath.substring(1));
    }

    private static String read(Path f) {
        try {
            return Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        }
    }
}
