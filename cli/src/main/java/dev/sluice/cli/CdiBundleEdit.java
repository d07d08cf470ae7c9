package dev.sluice.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.cdi.CdiRegistry;
import dev.sluice.oci.cdi.OciEdits;
import dev.sluice.oci.spec.SpecLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The CDI edits of devices made to a bundle's config.json, as podman, containerd and docker make
 * them before they call the runtime: {@code sluice cdi apply}'s, and the benches' that give runc
 * and Sluice the same GPU container.
 */
final class CdiBundleEdit {
    private CdiBundleEdit() {}

    /**
     * Makes the edits of {@code devices} (qualified CDI names, vendor.com/class=name) to {@code
     * bundle}'s config.json, the specs read from {@code specDirs} ({@link CdiRegistry#DEFAULT_DIRS}
     * when empty). The result is checked as any config.json and replaces the old one atomically; on
     * any error the old one is left as it was.
     *
     * @throws IllegalArgumentException naming an unknown or malformed device, a malformed spec, or
     *     a device node that is missing
     */
    static void apply(Path bundle, List<String> devices, List<Path> specDirs) throws IOException {
        List<Path> dirs = specDirs.isEmpty() ? CdiRegistry.DEFAULT_DIRS : specDirs;
        Path config = bundle.resolve("config.json");
        ObjectNode tree = SpecLoader.tree(bundle);
        OciEdits.apply(tree, CdiRegistry.of(dirs).resolve(devices));
        byte[] bytes = SpecLoader.bytes(tree);
        SpecLoader.parseValid(bytes, config + " (with " + String.join(", ", devices) + ")");
        Path tmp = bundle.resolve(".config.json.cdi");
        Files.write(tmp, bytes);
        Files.move(
                tmp, config, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
