package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** What {@code sluice cds-train} loads for the class-data archive beyond the paths it runs. */
class CdsTrainCommandTest {
    @TempDir Path tmp;

    private static long classFiles(Path top) throws IOException {
        try (Stream<Path> s = Files.walk(top)) {
            return s.filter(p -> p.toString().endsWith(".class")).count();
        }
    }

    @Test
    void everyClassOfThePrefixInAClassDirectoryIsLoaded() throws IOException {
        Path classes = Installation.codeSource();
        assertTrue(Files.isDirectory(classes), "tests run from target/classes: " + classes);
        long expected = classFiles(classes.resolve("dev/sluice/cli"));
        assertTrue(expected > 50, "the cli package has its classes: " + expected);
        try (URLClassLoader l =
                new URLClassLoader(
                        new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals(expected, CdsTrainCommand.loadAll(classes, "dev/sluice/cli/", l));
        }
    }

    @Test
    void aJarsClassesUnderThePrefixAreLoadedAndBrokenOnesSkipped() throws IOException {
        Path classes = Installation.codeSource();
        Path jar = tmp.resolve("t.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String n :
                    new String[] {
                        "dev/sluice/cli/Installation.class", "dev/sluice/cli/CdsTrainCommand.class"
                    }) {
                out.putNextEntry(new JarEntry(n));
                out.write(Files.readAllBytes(classes.resolve(n)));
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("dev/sluice/cli/Broken.class"));
            out.write(new byte[] {(byte) 0xca, (byte) 0xfe, 0, 1}); // not a class
            out.closeEntry();
            out.putNextEntry(new JarEntry("other/Outside.class"));
            out.write(new byte[] {1});
            out.closeEntry();
            out.putNextEntry(new JarEntry("dev/sluice/cli/readme.txt"));
            out.closeEntry();
        }
        try (URLClassLoader l =
                new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            assertEquals(
                    2,
                    CdsTrainCommand.loadAll(jar, "dev/sluice/", l),
                    "the two classes under the prefix; not the broken one, the one outside, the"
                            + " text");
        }
    }
}
