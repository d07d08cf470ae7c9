package dev.sluice.oci;

import dev.sluice.sentry.fuzz.FuzzExecutions;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/** The CLI module's fuzz targets each have their fuzz execution in cli/pom.xml. */
class FuzzExecutionsTest {
    @Test
    void everyFuzzTargetIsFuzzedByTheBuild() {
        FuzzExecutions.check(Path.of("pom.xml"), Path.of("target/test-classes"));
    }
}
