package dev.sluice.oci.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.launch.HostProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

class HeldStartTest {
    @TempDir Path dir;

    @Test
    void writtenThenReadBackThenRemoved() {
        assertNull(HeldStart.read(dir, "c1"), "no record: the container has a sentry");
        HeldStart h = new HeldStart(new HostProcess(4711, 123456789L), 7);
        h.write(dir);
        assertEquals(h, HeldStart.read(dir, "c1"));
        HeldStart.remove(dir);
        assertNull(HeldStart.read(dir, "c1"));
    }

    @Test
    void aDamagedRecordIsAnErrorNamingTheFile() throws IOException {
        Files.writeString(dir.resolve(HeldStart.NAME), "4711 x 7\n");
        OciException e = assertThrows(OciException.class, () -> HeldStart.read(dir, "c1"));
        assertTrue(
                e.getMessage()
                        .contains(
                                "container c1: "
                                        + dir.resolve(HeldStart.NAME)
                                        + " is damaged: \"4711 x 7\""),
                e.getMessage());
        Files.writeString(dir.resolve(HeldStart.NAME), "4711 1\n");
        assertThrows(OciException.class, () -> HeldStart.read(dir, "c1"));
    }
}
