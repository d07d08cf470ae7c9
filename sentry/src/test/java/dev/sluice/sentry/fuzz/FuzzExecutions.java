package dev.sluice.sentry.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Test support: Jazzer fuzzes one {@code @FuzzTest} per JVM, so each module's pom has one surefire
 * execution per target ({@code <test>Class#method</test>} with {@code JAZZER_FUZZ=1}). A target
 * added without its execution would only ever run its checked-in inputs; this compares the two
 * lists, so the omission fails the build instead of going unnoticed.
 */
public final class FuzzExecutions {
    private static final Pattern EXECUTION =
            Pattern.compile(
                    "<execution>\\s*<id>fuzz-[^<]*</id>.*?<test>([^<]+)</test>.*?</execution>",
                    Pattern.DOTALL);

    private FuzzExecutions() {}

    /**
     * Asserts that the fuzz executions of {@code pom} are exactly the @FuzzTest methods compiled
     * into {@code testClasses}.
     */
    public static void check(Path pom, Path testClasses) {
        Set<String> targets = targets(testClasses);
        assertFalse(targets.isEmpty(), "no @FuzzTest found under " + testClasses);
        assertEquals(
                targets,
                executions(pom),
                "one fuzz execution in " + pom + " per @FuzzTest, and no other");
    }

    static Set<String> executions(Path pom) {
        Set<String> tests = new TreeSet<>();
        try {
            Matcher m = EXECUTION.matcher(Files.readString(pom));
            while (m.find()) {
                tests.add(m.group(1).trim());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tests;
    }

    static Set<String> targets(Path testClasses) {
        Set<String> targets = new TreeSet<>();
        try (Stream<Path> files = Files.walk(testClasses)) {
            for (Path f :
                    files.filter(
                                    p ->
                                            p.toString().endsWith(".class")
                                                    && !p.toString().contains("$"))
                            .toList()) {
                String name =
                        testClasses
                                .relativize(f)
                                .toString()
                                .replace('/', '.')
                                .replaceAll("\\.class$", "");
                Class<?> c = Class.forName(name, false, FuzzExecutions.class.getClassLoader());
                for (Method m : c.getDeclaredMethods()) {
                    if (m.isAnnotationPresent(FuzzTest.class)) {
                        targets.add(c.getSimpleName() + "#" + m.getName());
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return targets;
    }
}
