package dev.sluice.nvproxy;

import dev.sluice.sentry.fuzz.FuzzExecutions;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/** The NVProxy module's fuzz targets each have their fuzz execution in nvproxy/pom.xml. */
class FuzzExecutionsTest {
    @Test
    void everyFuzzTargetIsFuzzedByTheBuild() {
        FuzzExecutions.check(Path.of("pom.xml"), Path.of("target/test-classes"));
    }
}
