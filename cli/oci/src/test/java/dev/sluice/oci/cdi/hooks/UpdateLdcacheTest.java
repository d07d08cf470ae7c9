package dev.sluice.oci.cdi.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

class UpdateLdcacheTest {
    @TempDir Path tmp;

    /**
     * A fake ldconfig that writes its arguments, one a line, to {@code argv} and exits {@code rc}.
     */
    Path fake(Path argv, int rc) throws IOException {
        Path f = tmp.resolve("ldconfig");
        Files.writeString(
                f,
                "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done > "
                        + argv
                        + "\necho 'cannot do that' >&2\nexit "
                        + rc
                        + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwx------"));
        return f;
    }

    @Test
    void ldconfigIsRunOnTheRootWithTheFolders() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root/etc")).getParent();
        Path argv = tmp.resolve("argv");
        List<String> w =
                new UpdateLdcache(fake(argv, 0))
                        .run(root, List.of("/usr/lib/x86_64-linux-gnu", "/opt/lib"));
        assertEquals(List.of(), w);
        assertEquals(
                List.of("-r", root.toString(), "/usr/lib/x86_64-linux-gnu", "/opt/lib"),
                Files.readAllLines(argv));
    }

    @Test
    void aFailingLdconfigFailsTheHookWithItsOutput() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root/etc")).getParent();
        Path ldconfig = fake(tmp.resolve("argv"), 3);
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> new UpdateLdcache(ldconfig).run(root, List.of("/lib")));
        assertEquals(ldconfig + " -r " + root + " /lib exited 3: cannot do that", e.getMessage());
    }

    @Test
    void aRootWithoutEtcIsLeftAsItIsWithAWarning() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root"));
        Path argv = tmp.resolve("argv");
        List<String> w = new UpdateLdcache(fake(argv, 0)).run(root, List.of("/lib"));
        assertEquals(
                List.of(
                        "the root "
                                + root
                                + " has no /etc directory: its linker cache is not updated"),
                w);
        assertFalse(Files.exists(argv), "ldconfig did not run");
        try (Stream<Path> s = Files.list(root)) {
            assertEquals(0, s.count(), "nothing was created");
        }
    }

    @Test
    void aRelativeFolderIsRefused() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root/etc")).getParent();
        assertThrows(
                IllegalArgumentException.class,
                () -> new UpdateLdcache(fake(tmp.resolve("argv"), 0)).run(root, List.of("lib")));
    }

    @Test
    void theHostsLdconfigListsALibraryCopiedIntoTheRoot() throws Exception {
        Path ldconfig = dev.sluice.sentry.launch.Injection.hostLdconfig();
        Path libz;
        try (Stream<Path> s = Files.list(Path.of("/lib/x86_64-linux-gnu"))) {
            libz =
                    s.filter(p -> p.getFileName().toString().matches("libz\\.so\\.1\\.[0-9.]+"))
                            .findFirst()
                            .orElse(null);
        }
        if (libz == null) {
            System.out.println("SKIPPED: no libz.so.1.* in /lib/x86_64-linux-gnu to copy");
            return;
        }
        Path root = tmp.resolve("root");
        Files.createDirectories(root.resolve("etc"));
        Path lib = Files.createDirectories(root.resolve("opt/lib"));
        Files.copy(libz, lib.resolve(libz.getFileName()));
        assertEquals(List.of(), new UpdateLdcache(ldconfig).run(root, List.of("/opt/lib")));

        assertTrue(Files.isRegularFile(root.resolve("etc/ld.so.cache")));
        assertEquals(
                libz.getFileName(),
                Files.readSymbolicLink(lib.resolve("libz.so.1")),
                "ldconfig made the SONAME link");
        Process p =
                new ProcessBuilder(
                                ldconfig.toString(),
                                "-p",
                                "-C",
                                root.resolve("etc/ld.so.cache").toString())
                        .redirectErrorStream(true)
                        .start();
        String listing = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(
                listing.contains("libz.so.1 (libc6,x86-64) => /opt/lib/libz.so.1"),
                "the root's cache lists the library at its container path:\n" + listing);
    }
}
