package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** A container's cgroup on the unified tree, against the fake kernel. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CgroupV2Test {
    @TempDir Path tmp;

    @Test
    void createEnablesTheControllersFromTheRootDown() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of("memory", "pids"));
        assertEquals("memory pids", k.at("cgroup.subtree_control"), "enabled at the root");
        assertEquals("memory pids", k.at("sluice/cgroup.subtree_control"), "and in the parent");
        assertTrue(
                Files.exists(k.base.resolve("sluice/c1/memory.max")),
                "so the container's cgroup has memory.max");
        assertFalse(
                Files.exists(k.base.resolve("sluice/c1/cpu.max")), "and nothing it did not need");
        assertTrue(
                cg.write(new CgroupWrite("f", "memory", "memory.max", "1048576", false)),
                "written");
        assertEquals("1048576", k.at("sluice/c1/memory.max"), "memory.max");
    }

    @Test
    void aControllerTheTreeLacksIsNamed() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        IOException e =
                assertThrows(
                        IOException.class,
                        () -> k.host().cgroup("/sluice/c1").create(Set.of("rdma")));
        assertTrue(
                e.getMessage().contains("the rdma controller is not available in " + k.base),
                e.getMessage());
    }

    @Test
    void freezeWaitsForCgroupEvents() throws Exception {
        FakeKernel k = new FakeKernel(tmp, true);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of());
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            cg.enter((int) sleep.pid());
            assertEquals(List.of((int) sleep.pid()), cg.pids(), "listed");
            cg.freeze();
            assertTrue(cg.frozen(), "cgroup.freeze is 1");
            assertTrue(
                    k.at("sluice/c1/cgroup.events").contains("frozen 1"),
                    "and the kernel said frozen");
            cg.thaw();
            assertFalse(cg.frozen(), "thawed");
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void destroyUsesCgroupKillOrSignalsEachProcess() throws Exception {
        for (boolean kill : List.of(true, false)) {
            FakeKernel k = new FakeKernel(tmp.resolve(kill ? "kill" : "signals"), true);
            k.cgroupKill = kill;
            Cgroup cg = k.host().cgroup("/sluice/c1");
            cg.create(Set.of("pids"));
            Process sleep = new ProcessBuilder("sleep", "60").start();
            cg.enter((int) sleep.pid());
            cg.destroy(Duration.ofSeconds(10));
            assertTrue(
                    sleep.waitFor(10, TimeUnit.SECONDS),
                    "killed (" + (kill ? "cgroup.kill" : "SIGKILL each") + ")");
            assertEquals(
                    kill,
                    k.writes.contains("sluice/c1/cgroup.kill=1"),
                    "cgroup.kill used when the kernel has it");
            assertFalse(Files.exists(k.base.resolve("sluice/c1")), "removed");
        }
    }

    @Test
    void reloadedFromItsRecord() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        Cgroup again = Cgroup.of(cg.record(), k);
        assertEquals(CgroupVersion.V2, again.version(), "v2");
        assertEquals(cg.dirs(), again.dirs(), "the same directory");
        assertThrows(
                IllegalStateException.class,
                () -> again.create(Set.of()),
                "a reloaded cgroup is not made again");
    }
}
