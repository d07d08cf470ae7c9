package dev.sluice.rdmaproxy;

import dev.sluice.sentry.fuzz.FuzzExecutions;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

/** The RDMAProxy module's fuzz targets each have their fuzz execution in rdmaproxy/pom.xml. */
class FuzzExecutionsTest {
    @Test
    void everyFuzzTargetIsFuzzedByTheBuild() {
        FuzzExecutions.check(Path.of("pom.xml"), Path.of("target/test-classes"));
    }
}
