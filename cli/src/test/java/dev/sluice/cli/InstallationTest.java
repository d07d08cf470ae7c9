package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

/** What a spare sentry's warm-up builds ahead: the tables of the proxies the host's nodes bring. */
class InstallationTest {
    @Test
    void theTablesOfTheProxiesTheHostsNodesBringAreBuiltAndNoOthers() {
        assertEquals(
                List.of("nvproxy"),
                Installation.warmTables(List.of(Path.of("/nonexistent/dev/nvidiactl"))),
                "an NVIDIA node (known by its name here): NVProxy's tables");
        assertEquals(
                List.of(),
                Installation.warmTables(List.of(Path.of("/dev/null"), Path.of("/dev/ptmx"))),
                "no GPU or RDMA node: nothing (the opt-in pty proxy is never wanted by a node)");
    }
}
