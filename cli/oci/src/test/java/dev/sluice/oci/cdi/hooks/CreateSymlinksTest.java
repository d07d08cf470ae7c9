package dev.sluice.oci.cdi.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

class CreateSymlinksTest {
    @TempDir Path tmp;

    @Test
    void aLinkIsMadeInTheRoot() throws IOException {
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("usr/lib/x86_64-linux-gnu"));
        List<String> w =
                CreateSymlinks.apply(
                        root,
                        List.of(
                                CreateSymlinks.Link.parse(
                                        "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so")));
        assertEquals(List.of(), w);
        assertEquals(
                Path.of("libcuda.so.1"),
                Files.readSymbolicLink(root.resolve("usr/lib/x86_64-linux-gnu/libcuda.so")));
    }

    @Test
    void anImageLinkPointingOutsideCannotSteerTheLinkOutOfTheRoot() throws IOException {
        Path host = tmp.resolve("host");
        Files.createDirectories(host);
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("usr/lib"));
        // The hostile image: its library directory is an absolute link to the host's directory,
        // and a relative one climbing out with "..".
        Files.createSymbolicLink(root.resolve("usr/lib/x86_64-linux-gnu"), host);
        Files.createSymbolicLink(root.resolve("usr/lib64"), Path.of("../../../../host"));
        List<String> w =
                CreateSymlinks.apply(
                        root,
                        List.of(
                                CreateSymlinks.Link.parse(
                                        "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so"),
                                CreateSymlinks.Link.parse(
                                        "libnvidia-ml.so.1::/usr/lib64/libnvidia-ml.so")));
        assertEquals(List.of(), w);
        try (Stream<Path> s = Files.list(host)) {
            assertEquals(List.of(), s.toList(), "nothing was made outside the root");
        }
        Path inside = root.resolve(host.toString().substring(1)).resolve("libcuda.so");
        assertEquals(
                Path.of("libcuda.so.1"),
                Files.readSymbolicLink(inside),
                "the absolute link restarts at the root");
        assertEquals(
                Path.of("libnvidia-ml.so.1"),
                Files.readSymbolicLink(root.resolve("host/libnvidia-ml.so")),
                "\"..\" stops at the root");
    }

    @Test
    void theSameLinkAgainIsFineAnythingElseIsLeftAloneWithAWarning() throws IOException {
        Path root = tmp.resolve("root");
        Path dir = root.resolve("usr/lib/x86_64-linux-gnu");
        Files.createDirectories(dir);
        Files.createSymbolicLink(dir.resolve("libcuda.so"), Path.of("libcuda.so.1"));
        Files.writeString(dir.resolve("libnvidia-ml.so"), "the image's own");
        List<String> w =
                CreateSymlinks.apply(
                        root,
                        List.of(
                                CreateSymlinks.Link.parse(
                                        "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so"),
                                CreateSymlinks.Link.parse(
                                        "libnvidia-ml.so.1::/usr/lib/x86_64-linux-gnu/libnvidia-ml.so")));
        assertEquals(
                List.of(
                        "not linking /usr/lib/x86_64-linux-gnu/libnvidia-ml.so to libnvidia-ml.so.1:"
                                + " the root already has a file at"
                                + " /usr/lib/x86_64-linux-gnu/libnvidia-ml.so"),
                w);
        assertEquals("the image's own", Files.readString(dir.resolve("libnvidia-ml.so")));
        assertFalse(Files.isSymbolicLink(dir.resolve("libnvidia-ml.so")));
    }

    @Test
    void missingDirectoriesAreMadeInsideTheRoot() throws IOException {
        Path root = tmp.resolve("root");
        Files.createDirectories(root);
        CreateSymlinks.apply(root, List.of(CreateSymlinks.Link.parse("a.so.1::/opt/x/lib/a.so")));
        assertTrue(Files.isSymbolicLink(root.resolve("opt/x/lib/a.so")));
        assertTrue(Files.isDirectory(root.resolve("opt/x/lib"), LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aMalformedLinkIsRefusedByName() {
        assertEquals(
                "--link \"libcuda.so\" is not TARGET::LINK (two colons between them)",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> CreateSymlinks.Link.parse("libcuda.so"))
                        .getMessage());
        assertEquals(
                "--link \"a::b/c\": the link b/c is not an absolute path",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> CreateSymlinks.Link.parse("a::b/c"))
                        .getMessage());
    }
}
