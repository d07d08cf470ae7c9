package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class-data archive the build makes ({@code bin/lib/sluice.jsa}) holds the classes a command
 * runs: the JVM's class-loading log of a real {@code bin/sluice} shows no class of the product, of
 * picocli (a jar for Java 5, which only a static archive takes on JDK 17), of Jackson or of logback
 * read from the jar. A dynamic archive, a lambda of picocli's interfaces made while the archive was
 * dumped, or an archive that was not made fails it, naming the classes that were read.
 */
@Timeout(120)
class ClassDataArchiveE2ETest {
    private static final Pattern LOADED =
            Pattern.compile("^\\[[^]]*\\]\\[info\\]\\[class,load\\] (\\S+) source: (.*)$");

    /** Packages whose classes must come from the archive. */
    private static final List<String> ARCHIVED =
            List.of("dev.sluice.", "picocli.", "com.fasterxml.", "ch.qos.logback.");

    @Test
    void theVersionComesFromArchivedClasses(@TempDir Path dir) throws IOException {
        assertTrue(
                Files.isRegularFile(Sluice.bin().resolveSibling("lib/sluice.jsa")),
                "the build makes bin/lib/sluice.jsa");
        Path log = dir.resolve("classes.log");
        Sluice.Result r =
                Sluice.command("--version")
                        .env("SLUICE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log)
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        assertArchived(log, "picocli.CommandLine");
    }

    @Test
    void anOciCommandReadsNoProductClassFromTheJar(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("classes.log");
        Path bundle = Files.createDirectories(dir.resolve("bundle"));
        Sluice.Result r =
                Sluice.command("spec", "--bundle", bundle.toString())
                        .env("SLUICE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log)
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Files.isRegularFile(bundle.resolve("config.json")), r.toString());
        assertArchived(log, "com.fasterxml.jackson.databind.ObjectMapper");
    }

    @Test
    @RequiresRoot
    void aMediatedRunReadsNoProductClassFromTheJar(@TempDir Path dir) throws IOException {
        Path log = dir.resolve("classes.log");
        Sluice.Result r =
                Sluice.command("run", "--proxy", "pty", "--", "/bin/true")
                        .env("SLUICE_JAVA_OPTS", "-Xlog:class+load=info:file=" + log)
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        assertArchived(log, "dev.sluice.sentry.notify.NotificationLoop");
    }

    /**
     * No class of {@link #ARCHIVED} in the log was read from the jar (classes the JVM generates at
     * run time, lambdas and jnr-ffi's bindings, are not read from anywhere), and {@code expected}
     * was loaded (so the log is of a run that reached it).
     */
    private static void assertArchived(Path log, String expected) throws IOException {
        List<String> lines = Files.readAllLines(log);
        boolean seen = false;
        StringBuilder fromJar = new StringBuilder();
        for (String line : lines) {
            Matcher m = LOADED.matcher(line);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(1);
            seen |= name.equals(expected);
            boolean ours = ARCHIVED.stream().anyMatch(name::startsWith);
            if (ours && m.group(2).startsWith("file:")) {
                fromJar.append("\n  ").append(name).append(" from ").append(m.group(2));
            }
        }
        assertTrue(seen, expected + " in the class-loading log (" + lines.size() + " lines)");
        assertTrue(
                fromJar.length() == 0,
                "classes read from the jar, not the archive (the build's sluice.jsa):" + fromJar);
    }
}
