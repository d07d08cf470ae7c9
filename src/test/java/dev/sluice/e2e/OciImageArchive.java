package dev.sluice.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A one-layer OCI image archive (image-spec's layout: {@code oci-layout}, {@code index.json},
 * content-addressed blobs) of busybox, its applets and the given files, for {@code ctr images
 * import}: tests that go through an image (the CRI) need no registry. The tars are made by the
 * host's {@code tar}.
 */
final class OciImageArchive {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MANIFEST = "application/vnd.oci.image.manifest.v1+json";

    private OciImageArchive() {}

    /**
     * Writes {@code out}: image {@code name} with {@code files} (path in the image to content, made
     * executable) over busybox, {@code entrypoint} as its command.
     */
    static Path write(Path work, String name, Map<String, String> files, List<String> entrypoint)
            throws IOException, InterruptedException {
        Path rootfs = Files.createDirectories(work.resolve("image-rootfs"));
        Path bin = Files.createDirectories(rootfs.resolve("bin"));
        Files.copy(OciBundle.BUSYBOX, bin.resolve("busybox"));
        for (String a : OciBundle.APPLETS) {
            Files.createSymbolicLink(bin.resolve(a), Path.of("busybox"));
        }
        for (String d : List.of("proc", "sys", "dev", "etc", "tmp", "run")) {
            Files.createDirectories(rootfs.resolve(d));
        }
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = rootfs.resolve(f.getKey().replaceFirst("^/", ""));
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Path layout = Files.createDirectories(work.resolve("image-layout"));
        Path blobs = Files.createDirectories(layout.resolve("blobs/sha256"));
        Path layerTar = work.resolve("layer.tar");
        tar(rootfs, layerTar);
        String layer = blob(blobs, Files.readAllBytes(layerTar));
        long layerSize = Files.size(layerTar);

        ObjectNode config = JSON.createObjectNode();
        config.put("architecture", goArch()).put("os", "linux");
        ObjectNode run = config.putObject("config");
        entrypoint.forEach(run.putArray("Entrypoint")::add);
        run.putArray("Env").add("PATH=/bin");
        ObjectNode rootfsNode = config.putObject("rootfs").put("type", "layers");
        rootfsNode.putArray("diff_ids").add("sha256:" + layer);
        byte[] configBytes = JSON.writeValueAsBytes(config);
        String configDigest = blob(blobs, configBytes);

        ObjectNode manifest = JSON.createObjectNode();
        manifest.put("schemaVersion", 2).put("mediaType", MANIFEST);
        manifest.putObject("config")
                .put("mediaType", "application/vnd.oci.image.config.v1+json")
                .put("digest", "sha256:" + configDigest)
                .put("size", configBytes.length);
        manifest.putArray("layers")
                .addObject()
                .put("mediaType", "application/vnd.oci.image.layer.v1.tar")
                .put("digest", "sha256:" + layer)
                .put("size", layerSize);
        byte[] manifestBytes = JSON.writeValueAsBytes(manifest);
        String manifestDigest = blob(blobs, manifestBytes);

        ObjectNode index = JSON.createObjectNode().put("schemaVersion", 2);
        ObjectNode entry =
                index.putArray("manifests")
                        .addObject()
                        .put("mediaType", MANIFEST)
                        .put("digest", "sha256:" + manifestDigest)
                        .put("size", manifestBytes.length);
        entry.putObject("annotations")
                .put("io.containerd.image.name", name)
                .put(
                        "org.opencontainers.image.ref.name",
                        name.substring(name.lastIndexOf(':') + 1));
        Files.write(layout.resolve("index.json"), JSON.writeValueAsBytes(index));
        Files.writeString(layout.resolve("oci-layout"), "{\"imageLayoutVersion\":\"1.0.0\"}");
        Path out = work.resolve("image.tar");
        tar(layout, out);
        return out;
    }

    /** The image-spec architecture of this JVM's machine. */
    private static String goArch() {
        String a = System.getProperty("os.arch");
        return switch (a) {
            case "amd64", "x86_64" -> "amd64";
            case "aarch64" -> "arm64";
            default -> a;
        };
    }

    private static String blob(Path blobs, byte[] content) throws IOException {
        try {
            String hex =
                    HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
            Files.write(blobs.resolve(hex), content);
            return hex;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void tar(Path dir, Path out) throws IOException, InterruptedException {
        Process p =
                new ProcessBuilder(
                                "tar",
                                "--numeric-owner",
                                "--owner=0",
                                "--group=0",
                                "-C",
                                dir.toString(),
                                "-cf",
                                out.toString(),
                                ".")
                        .redirectErrorStream(true)
                        .start();
        String said = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException("tar of " + dir + " failed: " + said);
        }
    }
}
