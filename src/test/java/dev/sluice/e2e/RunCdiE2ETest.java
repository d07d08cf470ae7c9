package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code sluice run --rootfs IMAGE --device vendor.com/class=name}: a CDI device's edits made by
 * Sluice itself on a root of the sandbox's own (docs/oci.md, GPU containers). A spec of a fake kind
 * binds a host library read-only, sets an env var, and asks through Sluice's own hooks for a link
 * and the ld cache; the image directory must be the same, file for file, afterwards, and an image
 * whose library directory is a link to a host directory must not steer anything out of the root. A
 * hook program Sluice does not know is refused: {@code sluice run} runs none.
 */
@RequiresRoot
@Timeout(300)
class RunCdiE2ETest {
    private Path image;
    private Path specs;
    private Path lib;
    private String libName;

    @BeforeEach
    void setUp() throws IOException {
        Path bundle = OciBundle.create("cdi-run-image", "true");
        image = bundle.resolve("rootfs");
        Files.createDirectories(image.resolve("etc"));
        Path host = Files.createDirectories(bundle.resolve("host-lib"));
        Path libz;
        try (Stream<Path> s = Files.list(Path.of("/lib/x86_64-linux-gnu"))) {
            libz =
                    s.filter(p -> p.getFileName().toString().matches("libz\\.so\\.1\\.[0-9.]+"))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("no libz.so.1.* on this host"));
        }
        libName = libz.getFileName().toString();
        lib = Files.copy(libz, host.resolve(libName));
        specs = Files.createDirectories(bundle.resolve("cdi"));
        spec("createContainer", Sluice.bin().toString(), "sluice", "hook");
    }

    /** Writes the fake kind's spec, its hooks run by {@code path} with {@code prefix} args. */
    private void spec(String hookName, String path, String... prefix) throws IOException {
        String pre = Stream.of(prefix).map(a -> "\"" + a + "\"").collect(Collectors.joining(","));
        Files.writeString(
                specs.resolve("fake.json"),
                """
                {"cdiVersion": "0.5.0", "kind": "sluice.test/fake",
                 "devices": [{"name": "dev0", "containerEdits": {
                    "deviceNodes": [{"path": "/dev/zero"}], "env": ["FAKE_VISIBLE=dev0"]}}],
                 "containerEdits": {
                    "mounts": [{"hostPath": "%1$s", "containerPath": "/usr/lib/fake/%2$s",
                                "options": ["ro", "nosuid", "nodev", "bind"]}],
                    "hooks": [
                      {"hookName": "%3$s", "path": "%4$s",
                       "args": [%5$s, "create-symlinks", "--link", "%2$s::/usr/lib/fake/libz.so"]},
                      {"hookName": "%3$s", "path": "%4$s",
                       "args": [%5$s, "update-ldcache", "--folder", "/usr/lib/fake"]}]}}
                """
                        .formatted(lib, libName, hookName, path, pre));
    }

    private static String tree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(
                            p ->
                                    dir.relativize(p)
                                            + " "
                                            + (Files.isSymbolicLink(p)
                                                    ? "l"
                                                    : Files.isDirectory(p) ? "d" : "f"))
                    .sorted()
                    .collect(Collectors.joining("\n"));
        }
    }

    /** {@code sluice run --rootfs IMAGE} with the fake kind's device {@code name}, running CMD. */
    private Sluice.Result run(String name, String... cmd) {
        return Sluice.run(
                "run",
                "--rootfs",
                image.toString(),
                "--cdi-spec-dir",
                specs.toString(),
                "--device",
                "sluice.test/fake=" + name,
                "--",
                List.of(cmd));
    }

    @Test
    void aCdiDevicesEditsAreMadeOnAnOverlayAndTheImageStaysAsItWas() throws IOException {
        String before = tree(image);
        Sluice.Result r =
                run(
                        "dev0",
                        "sh",
                        "-c",
                        "echo visible=$FAKE_VISIBLE; echo link=$(readlink /usr/lib/fake/libz.so);"
                                + " echo cached=$(grep -c libz.so.1 /etc/ld.so.cache);"
                                + " cmp -s /usr/lib/fake/"
                                + libName
                                + " /usr/lib/fake/libz.so && echo same=yes;"
                                + " (echo x > /usr/lib/fake/"
                                + libName
                                + ") 2>/dev/null || echo readonly=yes");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("dev0", r.values().get("visible"), r.toString());
        assertEquals(libName, r.values().get("link"), "create-symlinks made as an edit: " + r);
        assertTrue(
                Integer.parseInt(r.values().getOrDefault("cached", "0")) > 0,
                "the host's ldconfig listed the injected library in the image's cache: " + r);
        assertEquals("yes", r.values().get("same"), "the link reaches the bound library: " + r);
        assertEquals("yes", r.values().get("readonly"), "the library is bound read-only: " + r);
        assertEquals(before, tree(image), "the image directory is as it was");
    }

    @Test
    void anImageLinkToAHostDirectoryCannotSteerTheInjectionOutOfTheRoot() throws IOException {
        // The image's /usr/lib is an absolute link to a host directory (not under /tmp, which the
        // sandbox's own /tmp covers).
        Path outside = Files.createDirectories(Path.of("/var/tmp", Sluice.unique("cdi-outside")));
        Files.createDirectories(image.resolve("usr"));
        Files.createSymbolicLink(image.resolve("usr/lib"), outside);
        Sluice.Result r =
                run(
                        "dev0",
                        "sh",
                        "-c",
                        "echo link=$(readlink /usr/lib/fake/libz.so); ls /usr/lib/fake | wc -l");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(
                libName,
                r.values().get("link"),
                "inside the root, where the link leads there: " + r);
        try (Stream<Path> s = Files.list(outside)) {
            assertEquals(List.of(), s.toList(), "nothing was made in the host directory");
        } finally {
            OciBundle.deleteTree(outside);
        }
    }

    @Test
    void aHookProgramSluiceDoesNotKnowIsRefusedByName() throws IOException {
        spec("createContainer", "/bin/true", "true");
        Sluice.Result r = run("dev0", "sh", "-c", "echo ran=yes");
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("runs no hook programs"), r.toString());
        assertTrue(r.stderr().contains("true"), "the hook is named: " + r);
        assertEquals(null, r.values().get("ran"), "nothing ran: " + r);
    }

    @Test
    void anUnknownDeviceIsRefusedWithTheKindsTheSpecsDefine() {
        Sluice.Result r = run("dev9", "true");
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(
                r.stderr().contains("unresolvable CDI device sluice.test/fake=dev9"), r.toString());
        assertTrue(r.stderr().contains("[sluice.test/fake]"), "the kinds known: " + r);
    }
}
