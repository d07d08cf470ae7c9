package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/** A container's cgroup on v1 (a hybrid host's layout), against the fake kernel. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CgroupV1Test {
    @TempDir Path tmp;

    @Test
    void createMakesEveryHierarchysDirectoryAndGivesCpusetItsParentsCpus() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        assertFalse(cg.exists(), "nothing before create");
        cg.create(Set.of());
        for (String h : FakeKernel.V1_HIERARCHIES) {
            assertTrue(
                    Files.isDirectory(k.base.resolve(FakeKernel.dirName(h)).resolve("sluice/c1")),
                    "made in " + h);
        }
        assertEquals(
                "0-3", k.at("cpuset/sluice/cpuset.cpus"), "the new parent got the root's cpus");
        assertEquals(
                "0-3",
                k.at("cpuset/sluice/c1/cpuset.mems"),
                "and the container's cgroup its parent's mems");
        assertEquals(
                Map.of("memory", k.base.resolve("memory/sluice/c1").toString()),
                Map.of("memory", cg.record().get("memory")),
                "recorded by hierarchy name");
    }

    @Test
    void writesGoToTheirControllersHierarchy() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of());
        assertTrue(
                cg.write(
                        new CgroupWrite(
                                "linux.resources.pids.limit", "pids", "pids.max", "8", false)),
                "written");
        assertEquals("8", k.at("pids/sluice/c1/pids.max"), "pids.max");
        k.missing.add("memory.memsw.limit_in_bytes");
        Cgroup other = k.host().cgroup("/sluice/c2");
        other.create(Set.of());
        assertFalse(
                other.write(
                        new CgroupWrite("f", "memory", "memory.memsw.limit_in_bytes", "100", true)),
                "an optional file the kernel lacks is skipped");
        IOException e =
                assertThrows(
                        IOException.class,
                        () ->
                                other.write(
                                        new CgroupWrite("f", "memory", "memory.nope", "1", false)));
        assertTrue(e.getMessage().contains("no such control file"), e.getMessage());
        IOException none =
                assertThrows(
                        IOException.class,
                        () -> other.write(new CgroupWrite("f", "rdma", "rdma.max", "1", false)));
        assertTrue(
                none.getMessage().contains("no rdma cgroup hierarchy is mounted"),
                none.getMessage());
    }

    @Test
    void enterListsAndFreezes() throws Exception {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of());
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            cg.enter((int) sleep.pid());
            for (String h : FakeKernel.V1_HIERARCHIES) {
                assertEquals(
                        Long.toString(sleep.pid()),
                        k.at(FakeKernel.dirName(h) + "/sluice/c1/cgroup.procs"),
                        "entered " + h);
            }
            assertEquals(List.of((int) sleep.pid()), cg.pids(), "listed");
            cg.freeze();
            assertEquals("FROZEN", k.at("freezer/sluice/c1/freezer.state"), "freezer.state");
            assertTrue(cg.frozen(), "frozen");
            cg.thaw();
            assertFalse(cg.frozen(), "thawed");
        } finally {
            sleep.destroyForcibly();
        }
    }

    @Test
    void destroyKillsWhatIsLeftAndRemovesEveryDirectory() throws Exception {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of());
        Path nested = k.base.resolve("pids/sluice/c1/inner");
        k.mkdir(nested);
        Process sleep = new ProcessBuilder("sleep", "60").start();
        cg.enter((int) sleep.pid());
        cg.freeze();
        cg.destroy(Duration.ofSeconds(10));
        assertTrue(sleep.waitFor(10, TimeUnit.SECONDS), "the process left in it was killed");
        for (String h : FakeKernel.V1_HIERARCHIES) {
            assertFalse(
                    Files.exists(k.base.resolve(FakeKernel.dirName(h)).resolve("sluice/c1")),
                    "removed from " + h);
            assertTrue(
                    Files.isDirectory(k.base.resolve(FakeKernel.dirName(h)).resolve("sluice")),
                    "the shared parent stays in " + h);
        }
        assertTrue(
                k.writes.contains("freezer/sluice/c1/freezer.state=THAWED"),
                "thawed after SIGKILL: " + k.writes);
        cg.destroy(Duration.ofSeconds(1));
    }

    @Test
    void reloadedFromItsRecord() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = k.host().cgroup("/sluice/c1");
        cg.create(Set.of());
        Cgroup again = Cgroup.of(cg.record(), k);
        assertEquals(CgroupVersion.V1, again.version(), "v1");
        assertEquals(cg.dirs(), again.dirs(), "the same directories");
        assertEquals(null, Cgroup.of(Map.of(), k), "no record: no cgroup");
    }

    @Test
    void pauseWithoutAFreezerSaysSo() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup cg = new CgroupV1(Map.of("pids", k.base.resolve("pids/x")), k);
        OciException e = assertThrows(OciException.class, cg::freeze);
        assertTrue(e.getMessage().contains("freezer cgroup"), e.getMessage());
        assertFalse(cg.frozen(), "not frozen without a freezer");
    }
}
