package dev.sluice.oci.cdi;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The CDI specs of the host's spec directories, and the edits a list of requested devices makes.
 * Directories are read in order, each file in name order; a later directory's spec of the same
 * device wins (CDI's priority: {@code /var/run/cdi}, written by drivers at run time, over {@code
 * /etc/cdi}). Within one directory, a device defined twice is an error naming both files, as in the
 * CDI reference implementation. A file that does not parse is an error too: a registry that skipped
 * it would resolve its devices from an older file, or not at all, without a word.
 */
public final class CdiRegistry {
    /** CDI's default spec directories, lowest priority first. */
    public static final List<Path> DEFAULT_DIRS =
            List.of(Path.of("/etc/cdi"), Path.of("/var/run/cdi"));

    /** A device and the spec that defines it. */
    public record Found(CdiSpec spec, CdiSpec.Device device, Path file) {}

    private final Map<String, Found> devices = new LinkedHashMap<>();

    private CdiRegistry() {}

    /** The specs under {@code dirs} (missing directories are empty). */
    public static CdiRegistry of(List<Path> dirs) {
        CdiRegistry r = new CdiRegistry();
        for (Path dir : dirs) {
            Map<String, Found> inDir = new LinkedHashMap<>();
            for (Path file : specFiles(dir)) {
                CdiSpec spec = CdiSpecs.read(file);
                for (CdiSpec.Device d : spec.devices()) {
                    String q = spec.kind() + "=" + d.name();
                    Found before = inDir.put(q, new Found(spec, d, file));
                    if (before != null) {
                        throw new IllegalArgumentException(
                                "CDI device "
                                        + q
                                        + " is defined in both "
                                        + before.file()
                                        + " and "
                                        + file);
                    }
                }
            }
            r.devices.putAll(inDir);
        }
        return r;
    }

    /** A registry of the given specs (tests, and specs generated in memory). */
    public static CdiRegistry of(CdiSpec... specs) {
        CdiRegistry r = new CdiRegistry();
        for (CdiSpec spec : specs) {
            CdiSpecs.check(spec, "(generated)");
            for (CdiSpec.Device d : spec.devices()) {
                r.devices.put(spec.kind() + "=" + d.name(), new Found(spec, d, null));
            }
        }
        return r;
    }

    /** Every qualified device name, in order. */
    public List<String> names() {
        return List.copyOf(devices.keySet());
    }

    /**
     * The edits that requesting {@code names} makes, in order: each device's own, then, once per
     * spec among them, the spec's common edits (CDI applies both; a spec's common edits come with
     * any of its devices).
     *
     * @throws IllegalArgumentException naming a malformed or unknown device, with the kinds known
     */
    public List<CdiSpec.ContainerEdits> resolve(List<String> names) {
        List<CdiSpec.ContainerEdits> out = new ArrayList<>();
        List<CdiSpec> specs = new ArrayList<>();
        for (String n : names) {
            CdiName q = CdiName.parse(n);
            Found f = devices.get(q.toString());
            if (f == null) {
                TreeSet<String> kinds = new TreeSet<>();
                devices.values().forEach(v -> kinds.add(v.spec().kind()));
                throw new IllegalArgumentException(
                        "unresolvable CDI device "
                                + n
                                + (kinds.isEmpty()
                                        ? ": no CDI specs found (sluice cdi generate --output /etc/cdi/nvidia.json writes one)"
                                        : ": the specs define kinds "
                                                + kinds
                                                + " (sluice cdi list shows every device)"));
            }
            out.add(f.device().containerEdits());
            if (specs.stream().noneMatch(s -> s == f.spec())) {
                specs.add(f.spec());
            }
        }
        for (CdiSpec s : specs) {
            out.add(s.containerEdits());
        }
        return out;
    }

    private static List<Path> specFiles(Path dir) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return out;
        }
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                if (CdiSpecs.isSpecFile(p) && Files.isRegularFile(p)) {
                    out.add(p);
                }
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "cannot list CDI specs in " + dir + ": " + e.getMessage(), e);
        }
        out.sort(null);
        return out;
    }
}
