package dev.sluice.oci.launch;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Consumer;

/** Test fixtures: the config.json {@code sluice spec} writes, and process.json files. */
final class Specs {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Specs() {}

    /**
     * A rootfs under {@code bundle} with an executable {@code /bin/sh}, the default config's
     * command.
     */
    static void rootfsWithSh(Path bundle) throws IOException {
        Path bin = Files.createDirectories(bundle.resolve("rootfs/bin"));
        Files.writeString(bin.resolve("sh"), "#!");
        Files.setPosixFilePermissions(
                bin.resolve("sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /**
     * The default config, terminal off, edited by {@code edit}, written to {@code bundle}'s
     * config.json and loaded.
     */
    static Spec config(Path bundle, Consumer<ObjectNode> edit) throws IOException {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ((ObjectNode) c.get("process")).put("terminal", false);
        edit.accept(c);
        Files.writeString(bundle.resolve("config.json"), JSON.writeValueAsString(c));
        return SpecLoader.load(bundle);
    }

    /** {@code sluice spec}'s config.json, parsed. */
    static Spec defaultConfig() {
        return SpecLoader.parse(DefaultSpec.json().getBytes(StandardCharsets.UTF_8), "config.json");
    }

    /** {@code json} written to {@code dir/process.json} and loaded as exec loads it. */
    static Spec.Process process(Path dir, String json) throws IOException {
        Path f = dir.resolve("process.json");
        Files.writeString(f, json);
        return SpecLoader.loadProcess(f);
    }

    /**
     * A host character device that is no default device, standing in for a uverbs node (the test
     * host has no RDMA device): what the plan does with a node depends on its host node and on the
     * proxies' {@code opensDevices}, not on the driver behind it.
     */
    static Path hostCharNode(String... not) throws IOException {
        for (String c : List.of("/dev/fuse", "/dev/kmsg", "/dev/mem", "/dev/loop-control")) {
            Path p = Path.of(c);
            if (!List.of(not).contains(c)
                    && Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && p.toRealPath().equals(p)
                    && ((Integer) Files.getAttribute(p, "unix:mode") & 0170000) == 0020000) {
                return p;
            }
        }
        throw new AssertionError("this host has none of the character devices the test uses");
    }

    /** {@code node}'s device as a {@code linux.devices} entry at container path {@code path}. */
    static void grant(ArrayNode devices, String path, Path node) throws IOException {
        long rdev = (Long) Files.getAttribute(node, "unix:rdev");
        devices.addObject()
                .put("path", path)
                .put("type", "c")
                .put("major", ((rdev >> 8) & 0xfff) | ((rdev >> 32) & ~0xfffL))
                .put("minor", (rdev & 0xff) | ((rdev >> 12) & ~0xffL));
    }
}
