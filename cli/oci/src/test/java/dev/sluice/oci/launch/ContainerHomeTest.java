package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

class ContainerHomeTest {
    @TempDir Path dir;

    private Path rootfs() throws IOException {
        return Files.createDirectories(dir.resolve("rootfs/etc"));
    }

    @Test
    void theHomeOfTheUidInTheContainersPasswdElseSlash() throws IOException {
        Path etc = rootfs();
        Files.writeString(
                etc.resolve("passwd"),
                "root:x:0:0:root:/root:/bin/sh\nbroken line\nu:x:1000:1000::/home/u:/bin/sh\n"
                        + "nohome:x:1001:1001:::/bin/sh\n");
        ContainerPaths view = new ContainerPaths(dir.resolve("rootfs"));
        assertEquals("/root", ContainerHome.of(view, 0), "root's");
        assertEquals("/home/u", ContainerHome.of(view, 1000), "uid 1000's");
        assertEquals("/", ContainerHome.of(view, 1001), "an empty home field: /");
        assertEquals("/", ContainerHome.of(view, 4242), "a uid the file does not list: /");
        assertEquals(
                "/", ContainerHome.of(new ContainerPaths(dir.resolve("empty")), 0), "no passwd: /");
    }

    @Test
    void aLinkedPasswdIsReadInsideTheRootNeverOnTheHost() throws IOException {
        Path etc = rootfs();
        Files.writeString(etc.resolve("real"), "u:x:1000:1000::/inside:/bin/sh\n");
        Files.createSymbolicLink(etc.resolve("passwd"), Path.of("/etc/real"));
        ContainerPaths view = new ContainerPaths(dir.resolve("rootfs"));
        assertEquals("/inside", ContainerHome.of(view, 1000), "an absolute link starts at root");
        Files.delete(etc.resolve("passwd"));
        Files.createSymbolicLink(
                etc.resolve("passwd"), Path.of("../../../../../../../../../etc/passwd"));
        assertEquals(
                "/",
                ContainerHome.of(view, 0),
                "`..` stops at the container's root, where no passwd is: the host's is not read");
    }

    @Test
    void anEnvThatHasHomeKeepsIt() throws IOException {
        rootfs();
        ContainerPaths view = new ContainerPaths(dir.resolve("rootfs"));
        assertNull(
                ContainerHome.entry(
                        Specs.process(
                                dir,
                                "{\"args\": [\"sh\"], \"cwd\": \"/\", \"env\": [\"HOME=/x\"]}"),
                        view),
                "nothing added");
        assertEquals(
                "HOME=/",
                ContainerHome.entry(
                        Specs.process(dir, "{\"args\": [\"sh\"], \"cwd\": \"/\"}"), view),
                "added where absent");
    }
}
