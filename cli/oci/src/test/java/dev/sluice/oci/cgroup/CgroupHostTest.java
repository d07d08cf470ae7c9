package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Which hierarchies a host has, from mountinfo and /proc/self/cgroup; where a container's cgroup
 * goes.
 */
class CgroupHostTest {
    @TempDir Path tmp;

    @Test
    void aHybridHostUsesEveryV1HierarchyAndJoinsTheUnifiedTree() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        CgroupHost host = k.host();
        assertEquals(
                CgroupVersion.V1,
                host.version(),
                "v1 controllers mounted: v1, although cgroup2 is mounted too");
        List<String> names = new java.util.ArrayList<>(FakeKernel.V1_HIERARCHIES);
        names.add("");
        assertEquals(
                names,
                host.hierarchies().stream().map(Hierarchy::name).toList(),
                "every v1 hierarchy, the named one included, and the hybrid's v2 tree");
        Cgroup cg = host.cgroup("/sluice/c1");
        assertEquals(CgroupVersion.V1, cg.version(), "a v1 cgroup");
        assertEquals(
                k.base.resolve("memory/sluice/c1"), cg.dirs().get("memory"), "memory's directory");
        assertEquals(
                k.base.resolve("systemd/sluice/c1"),
                cg.dirs().get("name=systemd"),
                "name=systemd's directory");
        assertEquals(
                k.base.resolve("unified/sluice/c1"),
                cg.dirs().get(""),
                "membership in the v2 tree, as runc");
        assertEquals(CgroupVersion.V1, Cgroup.of(cg.record(), k).version(), "and read back as v1");
    }

    @Test
    void aUnifiedHostIsV2() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        CgroupHost host = k.host();
        assertEquals(CgroupVersion.V2, host.version(), "cgroup2 at the base: v2");
        assertEquals(
                k.base.resolve("default/c1"),
                host.cgroup("/default/c1").dirs().get(""),
                "one directory");
    }

    @Test
    void coMountedControllersAndOwnCgroupsPerHierarchy() {
        String mountinfo =
                """
                25 1 0:22 / /sys/fs/cgroup ro - tmpfs tmpfs ro,mode=755
                26 25 0:23 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid - cgroup cgroup rw,cpu,cpuacct
                27 25 0:24 / /sys/fs/cgroup/memory rw,nosuid - cgroup cgroup rw,memory
                28 25 0:25 /docker/abc /sys/fs/cgroup/pids rw,nosuid - cgroup cgroup rw,pids
                """;
        String self = "3:cpu,cpuacct:/shim\n2:memory:/limited/x\n1:pids:/docker/abc/inner\n0::/\n";
        CgroupHost host = CgroupHost.parse(mountinfo, self, CgroupHost.DEFAULT_BASE, CgroupFs.HOST);
        Cgroup cg = host.cgroup("c1");
        assertEquals(
                Path.of("/sys/fs/cgroup/cpu,cpuacct/shim/c1"),
                cg.dirs().get("cpu,cpuacct"),
                "co-mounted, relative to own");
        assertEquals(
                Path.of("/sys/fs/cgroup/memory/limited/x/c1"),
                cg.dirs().get("memory"),
                "own cgroup differs per hierarchy");
        assertEquals(
                Path.of("/sys/fs/cgroup/pids/inner/c1"),
                cg.dirs().get("pids"),
                "a subtree mount shows paths below its root");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> host.cgroup("/elsewhere"));
        assertTrue(e.getMessage().contains("outside the part of hierarchy pids"), e.getMessage());
    }

    @Test
    void mountPointsAreUnescaped() {
        CgroupHost.Mount m =
                CgroupHost.Mount.parse("30 22 0:26 / /sys/fs/cg\\040roup rw - cgroup2 cgroup2 rw");
        assertEquals(Path.of("/sys/fs/cg roup"), m.point(), "\\040 is a space");
    }

    @Test
    void theRootAndTheRuntimesOwnCgroupAreRefused() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        k.own = "/process_api/x";
        CgroupHost host = k.host();
        for (String p : List.of("/", "/process_api", "/process_api/x", "")) {
            String path = CgroupsPath.resolve(p.isEmpty() ? "." : p, false, "id");
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> host.cgroup(path),
                            "refused: " + p);
            assertTrue(
                    e.getMessage().contains("a container needs a cgroup of its own"),
                    e.getMessage());
        }
        assertEquals(
                k.base.resolve("pids/process_api/x/c1"),
                host.cgroup("c1").dirs().get("pids"),
                "below it is fine");
    }

    @Test
    void noCgroupsMounted() {
        OciException e =
                assertThrows(
                        OciException.class,
                        () ->
                                CgroupHost.parse(
                                        "22 1 8:1 / / rw - ext4 /dev/sda1 rw\n",
                                        "0::/\n",
                                        CgroupHost.DEFAULT_BASE,
                                        CgroupFs.HOST));
        assertTrue(e.getMessage().contains("no cgroup filesystem is mounted"), e.getMessage());
    }
}
