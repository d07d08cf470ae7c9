package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** {@code sluice hook create-symlinks} and {@code sluice hook update-ldcache} as OCI hooks. */
class HookCommandTest {
    private final InputStream savedIn = System.in;

    @TempDir Path tmp;

    @AfterEach
    void restoreStdin() {
        System.setIn(savedIn);
    }

    private static CliRun run(String stdin, String... args) {
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        return CliRun.of(args);
    }

    /** A bundle whose config.json names {@code rootfs}; returns the state JSON of its container. */
    private String bundle(Path bundle) throws IOException {
        Files.createDirectories(bundle.resolve("rootfs"));
        Files.writeString(
                bundle.resolve("config.json"),
                "{\"ociVersion\":\"1.2.0\",\"root\":{\"path\":\"rootfs\",\"readonly\":false}}");
        return "{\"ociVersion\":\"1.2.0\",\"id\":\"c1\",\"status\":\"creating\",\"pid\":4242,"
                + "\"bundle\":\""
                + bundle
                + "\",\"annotations\":{}}";
    }

    @Test
    void createSymlinksInAHostileImageStaysInsideTheRoot() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("host"));
        Path bundle = tmp.resolve("bundle");
        String state = bundle(bundle);
        Path rootfs = bundle.resolve("rootfs");
        Files.createDirectories(rootfs.resolve("usr/lib"));
        Files.createSymbolicLink(rootfs.resolve("usr/lib/x86_64-linux-gnu"), outside);
        CliRun r =
                run(
                        state,
                        "hook",
                        "create-symlinks",
                        "--link",
                        "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        try (Stream<Path> s = Files.list(outside)) {
            assertEquals(List.of(), s.toList(), "nothing was made outside the root");
        }
        assertEquals(
                Path.of("libcuda.so.1"),
                Files.readSymbolicLink(
                        rootfs.resolve(outside.toString().substring(1)).resolve("libcuda.so")));
    }

    @Test
    void createSymlinksLeavesAnImagesFileAloneWithAWarning() throws IOException {
        Path bundle = tmp.resolve("bundle");
        String state = bundle(bundle);
        Path f = bundle.resolve("rootfs/usr/lib/libcuda.so");
        Files.createDirectories(f.getParent());
        Files.writeString(f, "mine");
        CliRun r =
                run(
                        state,
                        "hook",
                        "create-symlinks",
                        "--link",
                        "libcuda.so.1::/usr/lib/libcuda.so");
        assertEquals(0, r.status());
        assertEquals(
                "sluice hook create-symlinks: warning: not linking /usr/lib/libcuda.so to"
                        + " libcuda.so.1: the root already has a file at /usr/lib/libcuda.so\n",
                r.err());
        assertEquals("mine", Files.readString(f));
    }

    @Test
    void aHookWhoseStdinIsNoStateFailsWithOneLine() {
        CliRun r = run("not json", "hook", "create-symlinks", "--link", "a::/b");
        assertEquals(HookCommand.FAILED, r.status());
        assertTrue(
                r.err()
                        .startsWith(
                                "sluice hook create-symlinks: stdin is not the container's state JSON: "),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void updateLdcacheWithoutConfigJsonFailsWithOneLine() throws IOException {
        Path bundle = Files.createDirectories(tmp.resolve("empty-bundle"));
        CliRun r =
                run(
                        "{\"ociVersion\":\"1.2.0\",\"id\":\"c1\",\"status\":\"creating\",\"pid\":1,\"bundle\":\""
                                + bundle
                                + "\"}",
                        "hook",
                        "update-ldcache",
                        "--folder",
                        "/usr/lib/x86_64-linux-gnu");
        assertEquals(HookCommand.FAILED, r.status());
        assertEquals(
                "sluice hook update-ldcache: bundle " + bundle + " has no config.json\n", r.err());
    }

    @Test
    void updateLdcacheOnARootWithoutEtcWarnsAndCreatesNothing() throws IOException {
        Path bundle = tmp.resolve("bundle");
        String state = bundle(bundle);
        CliRun r = run(state, "hook", "update-ldcache", "--folder", "/usr/lib/x86_64-linux-gnu");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().contains("has no /etc directory"), r.err());
        try (Stream<Path> s = Files.list(bundle.resolve("rootfs"))) {
            assertEquals(0, s.count());
        }
    }

    @Test
    void updateLdcacheBuildsTheRootsCacheWithTheHostsLdconfig() throws IOException {
        if (!Files.isExecutable(Path.of("/sbin/ldconfig"))) {
            System.out.println("SKIPPED: /sbin/ldconfig is missing");
            return;
        }
        Path bundle = tmp.resolve("bundle");
        String state = bundle(bundle);
        Path rootfs = bundle.resolve("rootfs");
        Files.createDirectories(rootfs.resolve("etc"));
        Files.createDirectories(rootfs.resolve("opt/lib"));
        CliRun r = run(state, "hook", "update-ldcache", "--folder", "/opt/lib");
        assertEquals(0, r.status(), r.err());
        assertTrue(
                Files.isRegularFile(rootfs.resolve("etc/ld.so.cache")),
                "the root's cache was written");
    }
}
