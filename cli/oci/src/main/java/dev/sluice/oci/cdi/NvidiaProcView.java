package dev.sluice.oci.cdi;

import dev.sluice.sentry.launch.ProcView;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a GPU container sees of {@code /proc/driver/nvidia}, as the NVIDIA toolkit shows it: under
 * {@code gpus/} only the GPUs whose nodes it was granted (each PCI address directory says its
 * {@code Device Minor}, the N of {@code /dev/nvidiaN}), and {@code params} with {@code
 * ModifyDeviceFiles: 0}, so that the CUDA library does not try to create device nodes (the
 * container has no right to, and a node it made would not be the granted one).
 */
public final class NvidiaProcView {
    static final String DIR = "driver/nvidia";
    private static final Pattern NODE = Pattern.compile("/dev/nvidia(\\d+)");
    private static final Pattern MINOR = Pattern.compile("(?m)^Device Minor:\\s*(\\d+)\\s*$");
    private static final Pattern MODIFY = Pattern.compile("(?m)^ModifyDeviceFiles:.*$");

    private NvidiaProcView() {}

    /**
     * The view for a sandbox granted {@code devicePaths} (container paths of its device nodes); no
     * view when none of them is a GPU node.
     */
    public static ProcView of(Path hostProc, Collection<String> devicePaths) {
        Set<Integer> minors = new TreeSet<>();
        for (String p : devicePaths) {
            Matcher m = NODE.matcher(p);
            if (m.matches()) {
                minors.add(Integer.parseInt(m.group(1)));
            }
        }
        if (minors.isEmpty()) {
            return ProcView.NONE;
        }
        Path dir = hostProc.resolve(DIR);
        Set<String> kept = new TreeSet<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir.resolve("gpus"))) {
            for (Path gpu : s) {
                minor(gpu)
                        .filter(minors::contains)
                        .ifPresent(n -> kept.add(gpu.getFileName().toString()));
            }
        } catch (IOException e) {
            return ProcView.NONE; // no driver /proc: nothing to filter
        }
        String params;
        try {
            params = Files.readString(dir.resolve("params"));
        } catch (IOException e) {
            params = "";
        }
        Matcher m = MODIFY.matcher(params);
        params =
                m.find()
                        ? m.replaceFirst("ModifyDeviceFiles: 0")
                        : params + "ModifyDeviceFiles: 0\n";
        return new ProcView(DIR, Map.of("gpus", kept), Map.of("params", params));
    }

    /** The {@code Device Minor} of a {@code gpus/<pci address>} directory. */
    static Optional<Integer> minor(Path gpu) {
        try {
            Matcher m = MINOR.matcher(Files.readString(gpu.resolve("information")));
            return m.find() ? Optional.of(Integer.parseInt(m.group(1))) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }
}
