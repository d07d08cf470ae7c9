package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One container's cgroup from its config: checked first, then made and limited; errors name the
 * field.
 */
class ContainerCgroupTest {
    @TempDir Path tmp;

    private static Spec spec(String linux) {
        try {
            return new ObjectMapper().readValue("{\"linux\": " + linux + "}", Spec.class);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static final String LIMITS =
            """
            {"cgroupsPath": "/default/c1",
             "resources": {"memory": {"limit": 67108864, "swap": 134217728}, "pids": {"limit": 8}, "cpu": {"shares": 512},
                           "devices": [{"allow": false, "access": "rwm"}]}}
            """;

    @Test
    void v1MakesTheCgroupAndWritesTheLimits() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        ContainerCgroup cc =
                ContainerCgroup.plan(spec(LIMITS), "config.json", "c1", false, k.host());
        assertFalse(cc.cgroup().exists(), "plan touches nothing");
        cc.apply();
        assertEquals("67108864", k.at("memory/default/c1/memory.limit_in_bytes"), "memory limit");
        assertEquals(
                "134217728", k.at("memory/default/c1/memory.memsw.limit_in_bytes"), "memory+swap");
        assertEquals("8", k.at("pids/default/c1/pids.max"), "pids");
        assertEquals("512", k.at("cpu/default/c1/cpu.shares"), "shares");
        assertTrue(k.at("devices/default/c1/devices.deny").contains("a *:* rwm"), "deny all");
        assertTrue(
                k.at("devices/default/c1/devices.allow").contains("c 1:3 rwm"),
                "then the defaults");
    }

    @Test
    void v2MakesTheCgroupAndWritesTheLimits() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        ContainerCgroup cc =
                ContainerCgroup.plan(spec(LIMITS), "config.json", "c1", false, k.host());
        cc.apply();
        assertEquals("67108864", k.at("default/c1/memory.max"), "memory.max");
        assertEquals("67108864", k.at("default/c1/memory.swap.max"), "swap alone");
        assertEquals("8", k.at("default/c1/pids.max"), "pids.max");
        assertEquals("20", k.at("default/c1/cpu.weight"), "weight from shares");
        assertEquals(
                "cpu memory pids",
                k.at("default/cgroup.subtree_control"),
                "the controllers the limits need");
    }

    @Test
    void withoutSwapAccountingTheSwapLimitIsSkipped() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        k.missing.add("memory.swap.max");
        ContainerCgroup.plan(spec(LIMITS), "config.json", "c1", false, k.host()).apply();
        assertFalse(Files.exists(k.base.resolve("default/c1/memory.swap.max")), "no swap.max");
        assertEquals("67108864", k.at("default/c1/memory.max"), "the rest is applied");
    }

    @Test
    void aKernelRefusalNamesTheField() throws IOException {
        FakeKernel k = new FakeKernel(tmp, false);
        k.refuse.put("pids.max", "8");
        ContainerCgroup cc =
                ContainerCgroup.plan(spec(LIMITS), "/b/config.json", "c1", false, k.host());
        SpecException e = assertThrows(SpecException.class, cc::apply);
        assertEquals("linux.resources.pids.limit", e.field(), e.getMessage());
        assertEquals(
                "/b/config.json: linux.resources.pids.limit: cannot write \"8\" to pids.max of cgroup v1: Invalid argument",
                e.getMessage(),
                "the message");
        cc.cgroup().destroy(Duration.ofSeconds(5));
        assertFalse(cc.cgroup().exists(), "what apply made is removed by destroy");
    }

    @Test
    void theDefaultPathAndTheSystemdForm() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        assertEquals(
                k.base.resolve("sluice/c9"),
                ContainerCgroup.plan(spec("{}"), "c", "c9", false, k.host())
                        .cgroup()
                        .dirs()
                        .get(""),
                "no cgroupsPath: /sluice/<id>");
        assertEquals(
                k.base.resolve("system.slice/docker-c9.scope"),
                ContainerCgroup.plan(
                                spec("{\"cgroupsPath\": \"system.slice:docker:c9\"}"),
                                "c",
                                "c9",
                                true,
                                k.host())
                        .cgroup()
                        .dirs()
                        .get(""),
                "--systemd-cgroup");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ContainerCgroup.plan(
                                        spec("{\"cgroupsPath\": \"/x\"}"),
                                        "c",
                                        "c9",
                                        true,
                                        k.host()));
        assertEquals("linux.cgroupsPath", e.field(), e.getMessage());
    }

    @Test
    void aCgroupThatHoldsProcessesIsRefused() throws Exception {
        FakeKernel k = new FakeKernel(tmp, false);
        Cgroup busy = k.host().cgroup("/default/c1");
        busy.create(java.util.Set.of());
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            busy.enter((int) sleep.pid());
            ContainerCgroup cc = ContainerCgroup.plan(spec(LIMITS), "c", "c1", false, k.host());
            SpecException e = assertThrows(SpecException.class, cc::checkUnused);
            assertEquals("linux.cgroupsPath", e.field(), e.getMessage());
            assertTrue(
                    e.getMessage().contains("already holds processes [" + sleep.pid() + "]"),
                    e.getMessage());
        } finally {
            sleep.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        ContainerCgroup.plan(spec(LIMITS), "c", "c1", false, k.host()).checkUnused();
    }

    @Test
    void v2RefusesDeviceRulesItCannotEnforce() throws IOException {
        FakeKernel k = new FakeKernel(tmp, true);
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ContainerCgroup.plan(
                                        spec(
                                                """
                {"resources": {"devices": [{"allow": false, "access": "rwm"}]},
                 "devices": [{"path": "/dev/tun", "type": "c", "major": 10, "minor": 200}]}
                """),
                                        "c",
                                        "c1",
                                        false,
                                        k.host()));
        assertEquals("linux.resources.devices[0]", e.field(), e.getMessage());
    }
}
