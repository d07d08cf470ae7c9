package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Paths in the container resolve inside it, whatever links the image holds. */
class ContainerPathsTest {
    @TempDir Path tmp;
    Path rootfs;

    @BeforeEach
    void rootfs() throws IOException {
        rootfs = Files.createDirectories(tmp.resolve("rootfs"));
        Files.createDirectories(rootfs.resolve("etc"));
        Files.createDirectories(rootfs.resolve("usr/bin"));
        Files.createSymbolicLink(rootfs.resolve("bin"), Path.of("usr/bin"));
    }

    @Test
    void plainAndRelativeLinks() {
        ContainerPaths v = new ContainerPaths(rootfs);
        assertEquals("/etc/hosts", v.resolve("/etc/hosts"), "no link: as written");
        assertEquals("/usr/bin/sh", v.resolve("/bin/sh"), "a relative link is followed");
        assertEquals("/etc", v.resolve("/usr/../etc/./"), "dots are resolved");
        assertEquals("/x", v.resolve("x"), "a relative path is relative to /");
    }

    @Test
    void absoluteLinksStartAgainAtTheContainersRoot() throws IOException {
        Files.createSymbolicLink(rootfs.resolve("evil"), Path.of("/etc"));
        assertEquals(
                "/etc/passwd",
                new ContainerPaths(rootfs).resolve("/evil/passwd"),
                "an absolute link means the container's /etc, never the host's");
    }

    @Test
    void dotDotNeverClimbsAboveTheRoot() throws IOException {
        Files.createSymbolicLink(rootfs.resolve("up"), Path.of("../../../../../../etc"));
        ContainerPaths v = new ContainerPaths(rootfs);
        assertEquals("/etc", v.resolve("/up"), "a link full of .. stops at the root");
        assertEquals("/etc", v.resolve("/../../etc"), ".. at the root stays at the root");
    }

    @Test
    void loopsAreRefused() throws IOException {
        Files.createSymbolicLink(rootfs.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(rootfs.resolve("b"), Path.of("a"));
        OciException e =
                assertThrows(OciException.class, () -> new ContainerPaths(rootfs).resolve("/a/x"));
        assertTrue(e.getMessage().contains("too many levels of symbolic links"), e.getMessage());
    }

    @Test
    void linksUnderABindMountAreTheBoundDirectorysAndStayInside() throws IOException {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.createSymbolicLink(data.resolve("out"), Path.of("/"));
        ContainerPaths v = new ContainerPaths(rootfs);
        v.bind("/data", data);
        assertEquals(
                "/y",
                v.resolve("/data/out/y"),
                "a link in a bound directory is followed inside the container");
        assertTrue(v.isDirectory("/data"), "the bound directory exists in the view");
    }

    @Test
    void aFreshMountHidesTheImagesLinks() throws IOException {
        Files.createDirectories(rootfs.resolve("dev"));
        Files.createSymbolicLink(rootfs.resolve("dev/pts"), Path.of("/etc"));
        ContainerPaths v = new ContainerPaths(rootfs);
        assertEquals("/etc", v.resolve("/dev/pts"), "before the tmpfs, the image's link counts");
        v.fresh("/dev", null);
        assertEquals("/dev/pts", v.resolve("/dev/pts"), "after it, /dev is empty: no link");
        assertFalse(v.exists("/dev/pts"), "nothing exists on a fresh tmpfs");
    }

    @Test
    void procIsProbedOnTheHost() {
        ContainerPaths v = new ContainerPaths(rootfs);
        v.fresh("/proc", Path.of("/proc"));
        assertTrue(v.isDirectory("/proc/sys"), "/proc/sys exists in a new proc as on the host");
        assertTrue(
                v.exists("/proc/kcore") || !Files.exists(Path.of("/proc/kcore")),
                "kcore as on the host");
    }
}
