package dev.sluice.oci.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A spare sentry put in its caller's cgroups: moved only where it is not there already, since every
 * write to {@code cgroup.procs} costs the kernel's write lock. A {@code sleep} stands in for the
 * spare, this JVM for the caller.
 */
@Timeout(30)
class SpareHandoffTest {
    private Process spare;
    private Path elsewhere;

    @BeforeEach
    void start() throws IOException {
        spare = new ProcessBuilder("sleep", "60").start();
    }

    @AfterEach
    void stop() throws Exception {
        spare.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        for (int i = 0; elsewhere != null && i < 100 && Files.exists(elsewhere); i++) {
            try {
                Files.delete(elsewhere);
            } catch (IOException e) {
                Thread.sleep(20); // EBUSY until the killed sleep is reaped
            }
        }
    }

    private static String cgroups(long pid) throws IOException {
        return Files.readString(Path.of("/proc/" + pid + "/cgroup"));
    }

    private static int self() {
        return (int) ProcessHandle.current().pid();
    }

    @Test
    void aSpareAlreadyInTheCallersCgroupsIsNotMoved() throws IOException {
        assertEquals(cgroups(self()), cgroups(spare.pid()), "the child starts in ours");
        assertFalse(
                SpareHandoff.joinCallersCgroups(self(), (int) spare.pid()),
                "nothing written: it is where a daemon of the caller's would be");
        assertEquals(cgroups(self()), cgroups(spare.pid()), "and it stays there");
    }

    @Test
    void aSpareElsewhereIsMovedIntoEveryOneOfTheCallersCgroups() throws IOException {
        assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "skipped: making a cgroup needs root");
        Path mount = null;
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] halves = line.split(" - ", 2);
            if (halves.length == 2 && halves[1].startsWith("cgroup2 ")) {
                mount = Path.of(halves[0].split(" ")[4]);
                break;
            }
        }
        assumeTrue(mount != null, "skipped: no cgroup2 mount on this host");
        elsewhere = Files.createDirectories(mount.resolve("sluice-spare-test-" + self()));
        Files.writeString(elsewhere.resolve("cgroup.procs"), Long.toString(spare.pid()));
        assertNotEquals(cgroups(self()), cgroups(spare.pid()), "the spare is elsewhere now");

        assertTrue(
                SpareHandoff.joinCallersCgroups(self(), (int) spare.pid()), "it had to be moved");
        assertEquals(cgroups(self()), cgroups(spare.pid()), "in the caller's cgroups, all of them");
    }
}
