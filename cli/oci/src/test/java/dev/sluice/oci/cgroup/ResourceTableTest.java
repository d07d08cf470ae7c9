package dev.sluice.oci.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.util.List;

/** linux.resources to control files, per cgroup version: conversions, order, refusals. */
class ResourceTableTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static Spec.Resources resources(String json) {
        try {
            return JSON.readValue(json, Spec.Resources.class);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> writes(String json, CgroupVersion v) {
        return ResourceTable.writes(resources(json), v, "config.json").stream()
                .map(w -> w.controller() + "/" + w.file() + "=" + w.value())
                .toList();
    }

    private static SpecException refused(String json, CgroupVersion v) {
        return assertThrows(
                SpecException.class,
                () -> ResourceTable.writes(resources(json), v, "config.json"),
                "refused: " + json);
    }

    private static final String ALL =
            """
            {"memory": {"limit": 67108864, "reservation": 33554432, "swap": 134217728, "swappiness": 10, "disableOOMKiller": true},
             "cpu": {"shares": 512, "quota": 50000, "period": 100000, "cpus": "0-1", "mems": "0", "realtimePeriod": 1000000,
                     "realtimeRuntime": 950000, "idle": 1, "burst": 1000},
             "pids": {"limit": 8}}
            """;

    @Test
    void v1WritesEveryFieldInTheKernelsOrder() {
        assertEquals(
                List.of(
                        "memory/memory.limit_in_bytes=67108864",
                        "memory/memory.soft_limit_in_bytes=33554432",
                        "memory/memory.memsw.limit_in_bytes=134217728",
                        "memory/memory.swappiness=10",
                        "memory/memory.oom_control=1",
                        "cpu/cpu.shares=512",
                        "cpu/cpu.cfs_period_us=100000",
                        "cpu/cpu.cfs_quota_us=50000",
                        "cpu/cpu.cfs_burst_us=1000",
                        "cpu/cpu.rt_period_us=1000000",
                        "cpu/cpu.rt_runtime_us=950000",
                        "cpu/cpu.idle=1",
                        "cpuset/cpuset.cpus=0-1",
                        "cpuset/cpuset.mems=0",
                        "pids/pids.max=8"),
                writes(ALL, CgroupVersion.V1),
                "v1: the limit before memsw, the period before the quota");
    }

    @Test
    void v2ConvertsToItsOwnFiles() {
        String json =
                """
                {"memory": {"limit": 67108864, "reservation": 33554432, "swap": 134217728},
                 "cpu": {"shares": 512, "quota": 50000, "period": 100000, "cpus": "0-1", "mems": "0", "idle": 1, "burst": 1000},
                 "pids": {"limit": 8}}
                """;
        assertEquals(
                List.of(
                        "memory/memory.max=67108864",
                        "memory/memory.low=33554432",
                        "memory/memory.swap.max=67108864",
                        "cpu/cpu.weight=20",
                        "cpu/cpu.max=50000 100000",
                        "cpu/cpu.max.burst=1000",
                        "cpu/cpu.idle=1",
                        "cpuset/cpuset.cpus=0-1",
                        "cpuset/cpuset.mems=0",
                        "pids/pids.max=8"),
                writes(json, CgroupVersion.V2),
                "v2: swap alone, weight from shares, quota and period in cpu.max");
    }

    @ParameterizedTest(name = "shares {0} -> weight {1}")
    @CsvSource({"2, 1", "1024, 39", "512, 20", "262144, 10000", "100, 4"})
    void sharesToWeightIsRuncsFormula(long shares, long weight) {
        assertEquals(
                List.of("cpu/cpu.weight=" + weight),
                writes("{\"cpu\": {\"shares\": " + shares + "}}", CgroupVersion.V2),
                "1 + ((shares - 2) * 9999) / 262142");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"cpu\": {\"quota\": -1}}                     | cpu/cpu.max=max",
                "{\"cpu\": {\"period\": 50000}}                 | cpu/cpu.max=max 50000",
                "{\"cpu\": {\"quota\": 20000}}                  | cpu/cpu.max=20000",
                "{\"memory\": {\"limit\": -1}}                  | memory/memory.max=max",
                "{\"memory\": {\"limit\": 100, \"swap\": -1}}   | memory/memory.max=100,memory/memory.swap.max=max",
                "{\"pids\": {\"limit\": -1}}                    | pids/pids.max=max",
            })
    void v2Unlimited(String json, String expected) {
        assertEquals(
                List.of(expected.split(",")), writes(json, CgroupVersion.V2), "unlimited is max");
    }

    @ParameterizedTest
    @EnumSource(CgroupVersion.class)
    void valuesThatAskForNothingWriteNothing(CgroupVersion v) {
        String json =
                """
                {"memory": {"limit": 0, "kernel": -1, "kernelTCP": 0, "disableOOMKiller": false, "checkBeforeUpdate": true},
                 "cpu": {"shares": 0, "quota": 0, "period": 0, "cpus": "", "realtimeRuntime": 0},
                 "pids": {"limit": 0}, "blockIO": {"weight": 0}, "network": {}, "hugepageLimits": []}
                """;
        assertEquals(
                List.of(),
                writes(json, v),
                "zeros, -1 for an unsupported field, false and empty: nothing to write");
        assertEquals(
                List.of("pids/pids.max=max"),
                writes("{\"pids\": {\"limit\": -1}}", CgroupVersion.V1),
                "v1 pids takes max too");
    }

    @ParameterizedTest
    @EnumSource(CgroupVersion.class)
    void kernelMemoryIsIgnoredAsRuncIgnoresIt(CgroupVersion v) {
        assertEquals(
                List.of(
                        "memory/"
                                + (v == CgroupVersion.V1 ? "memory.limit_in_bytes" : "memory.max")
                                + "=1048576"),
                writes(
                        "{\"memory\": {\"limit\": 1048576, \"kernel\": 1000, \"kernelTCP\": 2000}}",
                        v),
                "the deprecated kernel limits write nothing; the rest of the group is written");
    }

    @ParameterizedTest(name = "{0} on {1}: {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"memory\": {\"swappiness\": 60}}                   | V2 | linux.resources.memory.swappiness | a cgroup v1 setting that this host's cgroup v2 does not have",
                "{\"memory\": {\"disableOOMKiller\": true}}           | V2 | linux.resources.memory.disableOOMKiller | cgroup v1 setting",
                "{\"cpu\": {\"realtimeRuntime\": 5}}                  | V2 | linux.resources.cpu.realtimeRuntime | cgroup v1 setting",
                "{\"blockIO\": {\"weight\": 500}}                     | V1 | linux.resources.blockIO.weight | not supported by sluice yet",
                "{\"hugepageLimits\": [{\"pageSize\": \"2MB\", \"limit\": 1}]} | V2 | linux.resources.hugepageLimits | not supported",
                "{\"pids\": {\"limit\": \"8\"}}                        | V1 | linux.resources.pids.limit | expected an integer, got a string \"8\"",
                "{\"memory\": {\"limit\": 1.5}}                       | V2 | linux.resources.memory.limit | expected an integer, got the number 1.5",
                "{\"memory\": {\"limit\": -5}}                        | V1 | linux.resources.memory.limit | must be positive, or -1",
                "{\"memory\": {\"limit\": 200, \"swap\": 100}}        | V1 | linux.resources.memory.swap | at least memory.limit (200), got 100",
                "{\"memory\": {\"swap\": 100}}                        | V2 | linux.resources.memory.swap | needs memory.limit too",
                "{\"memory\": {\"swappiness\": 101}}                  | V1 | linux.resources.memory.swappiness | 0 to 100",
                "{\"cpu\": {\"shares\": 1}}                           | V2 | linux.resources.cpu.shares | 2 to 262144",
                "{\"cpu\": {\"cpus\": \"0-1;rm\"}}                    | V1 | linux.resources.cpu.cpus | expected a list such as",
                "{\"cpu\": {\"idle\": 2}}                             | V2 | linux.resources.cpu.idle | 0 or 1",
            })
    void refusalsNameTheField(String json, CgroupVersion v, String field, String message) {
        SpecException e = refused(json, v);
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(
                e.getMessage().contains(message),
                "the message says '" + message + "': " + e.getMessage());
    }

    @Test
    void unifiedIsV2Only() {
        Spec.Resources r =
                resources(
                        "{\"unified\": {\"memory.high\": \"50M\", \"io.weight\": \"default 200\"}}");
        assertEquals(
                List.of("memory/memory.high=50M", "io/io.weight=default 200"),
                ResourceTable.unified(r, CgroupVersion.V2, "c").stream()
                        .map(w -> w.controller() + "/" + w.file() + "=" + w.value())
                        .toList(),
                "written as given, enabling their controllers");
        SpecException v1 =
                assertThrows(
                        SpecException.class, () -> ResourceTable.unified(r, CgroupVersion.V1, "c"));
        assertEquals("linux.resources.unified.memory.high", v1.field(), v1.getMessage());
        for (String bad : List.of("cgroup.procs", "../x", "memory", "cgroup.subtree_control")) {
            SpecException e =
                    assertThrows(
                            SpecException.class,
                            () ->
                                    ResourceTable.unified(
                                            resources("{\"unified\": {\"" + bad + "\": \"1\"}}"),
                                            CgroupVersion.V2,
                                            "c"));
            assertTrue(
                    e.getMessage().contains("not a controller's control file"),
                    bad + ": " + e.getMessage());
        }
    }
}
