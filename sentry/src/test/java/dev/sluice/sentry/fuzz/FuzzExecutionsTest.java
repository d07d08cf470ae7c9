package dev.sluice.sentry.fuzz;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/** The sentry's fuzz targets each have their fuzz execution in sentry/pom.xml. */
class FuzzExecutionsTest {
    @Test
    void everyFuzzTargetIsFuzzedByTheBuild() {
        FuzzExecutions.check(Path.of("pom.xml"), Path.of("target/test-classes"));
    }
}
