package dev.sluice.sentry.fuzz;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The sentry's fuzz targets each have their fuzz execution in sentry/pom.xml. */
class FuzzExecutionsTest {
    @Test
    void everyFuzzTargetIsFuzzedByTheBuild() {
        FuzzExecutions.check(Path.of("pom.xml"), Path.of("target/test-classes"));
    }
}
