package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * An exec'd process's outer sluice-init: into every directory of the container's cgroup, and back
 * out.
 */
class ExecPlacementTest {
    @TempDir Path tmp;
    private Process sleep;

    @BeforeEach
    void start() throws IOException {
        sleep =
                new ProcessBuilder("sleep", "60")
                        .start(); // the fake kernel lists live processes only
    }

    @AfterEach
    void stop() throws InterruptedException {
        sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    private int pid() {
        return (int) sleep.pid();
    }

    private static String procs(Path dir) throws IOException {
        return Files.readString(dir.resolve("cgroup.procs"));
    }

    private void entersEveryHierarchyAndLeavesToTheCaller(boolean v2) throws IOException {
        FakeKernel k = new FakeKernel(tmp.resolve(v2 ? "v2" : "v1"), v2);
        k.own = "/caller";
        CgroupHost host = k.host();
        Cgroup caller = host.own();
        caller.create(Set.of());
        caller.enter(pid());
        Cgroup container = host.cgroup("/sluice/c1");
        container.create(Set.of());
        // As exec finds it: from state.json's record.
        ExecPlacement placement =
                new ExecPlacement("c1", Cgroup.of(container.record(), k), caller, k);

        placement.enter(pid());
        assertEquals(
                v2 ? 1 : FakeKernel.V1_HIERARCHIES.size() + 1,
                container.dirs().size(),
                "v1: every hierarchy and the unified tree");
        for (Path d : container.dirs().values()) {
            assertEquals(
                    Integer.toString(pid()), procs(d).trim(), "in the container's cgroup " + d);
        }
        for (Path d : caller.dirs().values()) {
            assertFalse(procs(d).contains(Integer.toString(pid())), "out of the caller's " + d);
        }
        assertEquals(List.of(pid()), container.pids(), "ps sees it");

        placement.leave(pid());
        assertEquals(List.of(), container.pids(), "a waiting outer process is not the container's");
        for (Path d : caller.dirs().values()) {
            assertTrue(procs(d).contains(Integer.toString(pid())), "back in the caller's " + d);
        }
    }

    @Test
    void v1EntersEveryHierarchyAndLeavesToTheCaller() throws IOException {
        entersEveryHierarchyAndLeavesToTheCaller(false);
    }

    @Test
    void v2EntersTheUnifiedCgroupAndLeavesToTheCaller() throws IOException {
        entersEveryHierarchyAndLeavesToTheCaller(true);
    }

    @Test
    void aCgroupThatNoLongerExistsFailsNamingItAndMovesNothing() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup container = k.host().cgroup("/sluice/c1");
        container.create(Set.of());
        k.rmdir(k.base.resolve("pids/sluice/c1")); // delete got that far
        ExecPlacement placement = new ExecPlacement("c1", container, null, k);
        OciException e = assertThrows(OciException.class, () -> placement.enter(pid()));
        assertTrue(
                e.getMessage()
                        .contains(
                                "container c1: its cgroup "
                                        + k.base.resolve("pids/sluice/c1")
                                        + " no longer exists"),
                e.getMessage());
        assertTrue(e.getMessage().contains("nothing was started"), e.getMessage());
        assertTrue(
                k.writes.stream().noneMatch(w -> w.contains("cgroup.procs")),
                "nothing was moved: " + k.writes);
    }

    @Test
    void whereThePlanForksTheProcessInsideNothingIsMovedButAGoneCgroupStillFails()
            throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        k.own = "/caller";
        Cgroup caller = k.host().own();
        caller.create(Set.of());
        Cgroup container = k.host().cgroup("/sluice/c1");
        container.create(Set.of());
        int before = k.writes.size();
        ExecPlacement placement = new ExecPlacement("c1", container, caller, k, true);
        placement.enter(pid());
        placement.leave(pid());
        assertEquals(
                List.of(),
                k.writes.subList(before, k.writes.size()),
                "no cgroup.procs written: the plan's fork puts the process there");
        k.rmdir(k.base.resolve("sluice/c1"));
        OciException e = assertThrows(OciException.class, () -> placement.enter(pid()));
        assertTrue(e.getMessage().contains("no longer exists"), e.getMessage());
    }

    @Test
    void aContainerWithoutARecordedCgroupIsLeftAlone() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        ExecPlacement placement = new ExecPlacement("c1", Cgroup.of(null, k), null, k);
        placement.enter(pid());
        placement.leave(pid());
        assertEquals(List.of(), k.writes, "no cgroup file written");
    }
}
