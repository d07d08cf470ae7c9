package dev.sluice.nvproxy.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.AllocClasses;
import dev.sluice.nvproxy.abi.AllocClasses.AllocClass;
import dev.sluice.nvproxy.abi.ControlCommands;
import dev.sluice.nvproxy.abi.ControlCommands.Command;
import dev.sluice.nvproxy.abi.ControlCommands.Trait;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.nvproxy.frontend.ScopedField;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The policy applied to every supported driver version ({@link DriverAbis#versions()}): each
 * version's data loads, and every row it allows agrees with what the tag's generated data says
 * about the command or class. The checks are the rules {@link NvPolicy} is written to keep; here
 * they are checked on its output, row by row, so a policy or data change that breaks one fails with
 * the version and the row.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DriverAbisTest {
    private static final long C = Capability.COMPUTE.bit();

    /**
     * The deprecated controls RM converts to their {@code _V2} form before dispatch, following the
     * old form's embedded pointers into the caller's memory; they are not in the export tables.
     * From {@code rmDeprecatedControlTable},
     * src/nvidia/interface/deprecated/rmapi_deprecated_control.c: SYSTEM_GET_BUILD_VERSION,
     * BIOS_GET_INFO, BUS_GET_INFO, BSP_GET_CAPS, GPU_GET_INFO, DP_SET_MSA_PROPERTIES,
     * MSENC_GET_CAPS and FB_GET_INFO.
     */
    static final Set<Integer> DEPRECATED_CONVERTED =
            Set.of(
                    0x00000101,
                    0x20800802,
                    0x20801802,
                    0x00801c01,
                    0x20800101,
                    0x0073136a,
                    0x00801b01,
                    0x20801301);

    /** {@code NV2081_BINAPI}: RM forwards its controls to the firmware as flat blocks. */
    static final int BINAPI = 0x2081;

    /**
     * Controls whose params name GPUs or processes: the sandbox sees only its own (SandboxScope).
     */
    static final List<String> GPU_AND_PROCESS_CONTROLS =
            List.of(
                    "NV2080_CTRL_CMD_GPU_GET_PIDS",
                    "NV0000_CTRL_CMD_GPU_GET_PROBED_IDS",
                    "NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS",
                    "NV0000_CTRL_CMD_GPU_GET_ID_INFO",
                    "NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2",
                    "NV0000_CTRL_CMD_GPU_GET_PCI_INFO",
                    "NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE",
                    "NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID",
                    "NV0000_CTRL_CMD_GPU_ATTACH_IDS",
                    "NV0000_CTRL_CMD_GPU_DETACH_IDS",
                    "NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS",
                    "NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE",
                    "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2",
                    "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX",
                    "NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO");

    /**
     * Controls CUDA issues while it initialises (cuInit and the first context: the GPUs attached,
     * the device's classes, the GPU's info, its graphics engine and its memory; observed on the GPU
     * host, docs/nvproxy-discovery.md), each exported to user clients at every generated tag.
     */
    static final List<String> CUDA_INIT_CONTROLS =
            List.of(
                    "NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS",
                    "NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2",
                    "NV0000_CTRL_CMD_GPU_ATTACH_IDS",
                    "NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE",
                    "NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES",
                    "NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2",
                    "NV2080_CTRL_CMD_GPU_GET_INFO_V2",
                    "NV2080_CTRL_CMD_GPU_GET_GID_INFO",
                    "NV2080_CTRL_CMD_GR_GET_INFO",
                    "NV2080_CTRL_CMD_FB_GET_INFO_V2",
                    "NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN");

    /** Every supported version, oldest first. */
    static Stream<DriverVersion> versions() {
        return DriverAbis.versions().keySet().stream();
    }

    private static DriverAbi abi(DriverVersion v) {
        return DriverAbis.forVersion(v);
    }

    private static ControlRule ruleNamed(DriverAbi abi, String name) {
        return abi.controlRules().values().stream()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElse(null);
    }

    // ---- versions

    @Test
    void versionsParseAndOrderNumerically() {
        assertEquals("580.159.04", DriverVersion.parse("580.159.04").toString(), "round trip");
        assertEquals("580.142", DriverVersion.parse(" 580.142\n").toString(), "without a patch");
        assertTrue(
                DriverVersion.parse("580.159.04").compareTo(DriverVersion.parse("580.142")) > 0,
                "159 is newer than 142");
        assertThrows(
                IllegalArgumentException.class,
                () -> DriverVersion.parse("latest"),
                "not a version");
    }

    @Test
    void everyTagIsAVersionOfItselfAndTheGpuHostsDriverIsTheTracedTag() {
        Map<DriverVersion, String> v = DriverAbis.versions();
        assertEquals(DriverAbis.TAGS.size() + 1, v.size(), "the 24 tags and 580.159.04: " + v);
        for (String tag : DriverAbis.TAGS) {
            assertEquals(tag, v.get(DriverVersion.parse(tag)), tag + " is described by itself");
        }
        assertEquals("580.142", v.get(DriverAbis.REFERENCE), "580.159.04 has 580.142's ABI");
        assertEquals(
                new TreeSet<>(DriverAbis.TAGS),
                new TreeSet<>(v.values()),
                "every version maps to a generated tag");
        List<DriverVersion> keys = new ArrayList<>(v.keySet());
        for (int i = 1; i < keys.size(); i++) {
            assertTrue(keys.get(i - 1).compareTo(keys.get(i)) < 0, "oldest first: " + keys);
        }
    }

    @Test
    void theGpuHostsDriverIsSupportedWithTheTracedTagsAbi() {
        DriverAbi host = abi(DriverAbis.REFERENCE);
        assertEquals("580", host.branch(), "580 branch");
        assertEquals("580.142", host.tag(), "580.142's data");
        assertSame(
                host,
                abi(DriverVersion.parse("580.142")),
                "one ABI per tag, built once and shared by the versions it describes");
    }

    @Test
    void byBranchGroupsEveryVersion() {
        Map<Integer, List<String>> b = DriverAbis.byBranch();
        assertEquals(
                List.of(535, 545, 550, 555, 560, 565, 570, 575, 580, 590),
                new ArrayList<>(b.keySet()),
                "the branches, oldest first");
        assertEquals(
                DriverAbis.versions().size(),
                b.values().stream().mapToInt(List::size).sum(),
                "each version once");
        assertTrue(b.get(580).contains("580.159.04"), "the GPU host's version: " + b.get(580));
    }

    // ---- unknown versions

    private static String refusal(String version) {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> DriverAbis.forVersion(DriverVersion.parse(version)));
        String m = e.getMessage();
        assertTrue(m.contains(version), "names the version: " + m);
        assertTrue(m.contains("--nvproxy-driver-version"), "names the override: " + m);
        assertTrue(m.contains(DriverAbis.supported()), "names the supported ones: " + m);
        return m;
    }

    @Test
    void anUnknownVersionOfASupportedBranchNamesTheBranchsVersions() {
        String m = refusal("535.104.05");
        assertTrue(
                m.contains(
                        "branch 535 is supported at 535.129.03, 535.183.06, 535.247.01,"
                                + " 535.261.03, 535.274.02, 535.288.01"),
                "names branch 535's versions: " + m);
    }

    @Test
    void aNewerBranchNamesTheNearestOlderOne() {
        String m = refusal("600.1");
        assertTrue(m.contains("branch 600 is not supported"), m);
        assertTrue(m.contains("the nearest older branch is 590 (590.48.01)"), m);
        assertFalse(m.contains("nearest newer"), "nothing is newer: " + m);
    }

    @Test
    void anOlderBranchNamesTheNearestNewerOne() {
        String m = refusal("500.1");
        assertTrue(m.contains("branch 500 is not supported"), m);
        assertTrue(m.contains("the nearest newer branch is 535 (535.129.03, "), m);
        assertFalse(m.contains("nearest older"), "nothing is older: " + m);
    }

    @Test
    void aBranchBetweenSupportedOnesNamesBoth() {
        String m = DriverAbis.nearest(DriverVersion.parse("540.3"));
        assertTrue(m.contains("the nearest older branch is 535 ("), m);
        assertTrue(m.contains("the nearest newer branch is 545 (545.29.06)"), m);
    }

    // ---- every version's rows against its tag's data

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyExportedControlHasTheDatasSizeAndUserPrivilege(DriverVersion v) {
        DriverAbi abi = abi(v);
        ControlCommands data = ControlCommands.of(abi.tag());
        assertTrue(abi.controlRules().size() > 50, v + ": " + abi.controlRules().size());
        for (ControlRule r : abi.controlRules().values()) {
            String what = v + " " + r.name();
            assertTrue(r.caps() != 0, what + " is enabled by some capability");
            if (!r.exported()) {
                continue;
            }
            Command c = data.lookup(r.cmd());
            assertNotNull(c, what + " is exported at " + abi.tag());
            assertEquals(c.name(), r.name(), what + ": the id's name at the tag");
            assertEquals(c.paramsSize(), r.paramsSize(), what + ": the size RM insists on");
            assertEquals(
                    ControlCommands.Privilege.USER,
                    c.privilege(),
                    what + ": nothing that needs more than a user's privilege is allowed");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyExportedControlsPointersAndFdsAreHandled(DriverVersion v) {
        DriverAbi abi = abi(v);
        ControlCommands data = ControlCommands.of(abi.tag());
        for (ControlRule r : abi.controlRules().values()) {
            if (!r.exported()) {
                continue;
            }
            Command c = data.lookup(r.cmd());
            String what = v + " " + r.name() + " " + c.traits();
            assertTrue(
                    !c.has(Trait.RM_COPIES_EMBEDDED) || r.embedded() != null,
                    what + ": RM follows its embedded pointers, so the rule must copy them");
            assertTrue(
                    !c.has(Trait.FD) || r.fdOffset() >= 0,
                    what + ": RM resolves its fd in the caller's table, so it must be translated");
            assertTrue(
                    !c.has(Trait.POINTER) || r.embedded() != null || !r.zeroedPointers().isEmpty(),
                    what + ": a pointer member must be copied or zeroed");
            assertTrue(
                    r.embedded() == null || c.has(Trait.POINTER),
                    what + ": embedded arrays where the params have no pointer");
            assertTrue(
                    r.fdOffset() < 0 || c.has(Trait.FD),
                    what + ": an fd translated where the params have none");
            boolean flat = r.embedded() == null && r.fdOffset() < 0 && r.zeroedPointers().isEmpty();
            if (flat) {
                // gVisor's parity rule: a row passed as flat bytes carries no pointer and no fd.
                assertFalse(c.has(Trait.POINTER), what + ": flat, yet it has a pointer");
                assertFalse(c.has(Trait.FD), what + ": flat, yet it has an fd");
                assertFalse(c.has(Trait.RM_COPIES_EMBEDDED), what + ": flat, yet RM follows it");
            }
        }
    }

    /**
     * A command outside the export tables is forwarded as opaque bytes, which is safe only where RM
     * itself treats the params as flat: GSS-legacy ids (forwarded to firmware as a blob) and
     * NV2081_BINAPI controls (likewise), and params too small to hold an {@code NvP64}. The
     * deprecated controls RM converts by following their pointers must have their arrays modelled.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void opaqueControlsAreFlatToRmOrHaveTheirPointersModelled(DriverVersion v) {
        DriverAbi abi = abi(v);
        ControlCommands data = ControlCommands.of(abi.tag());
        for (ControlRule r : abi.controlRules().values()) {
            if (r.exported()) {
                continue;
            }
            String what = v + " " + r.name() + " (" + Integer.toHexString(r.cmd()) + ")";
            assertNull(data.lookup(r.cmd()), what + ": its id is exported at " + abi.tag());
            boolean gssLegacy = (r.cmd() & ControlCommands.RM_GSS_LEGACY_MASK) != 0;
            boolean privileged =
                    (r.cmd() & ControlCommands.RM_GSS_LEGACY_MASK_PRIVILEGED)
                            == ControlCommands.RM_GSS_LEGACY_MASK_PRIVILEGED;
            boolean binapi = ControlCommands.classOf(r.cmd()) == BINAPI;
            boolean deprecated = DEPRECATED_CONVERTED.contains(r.cmd());
            assertFalse(privileged, what + " needs an administrator");
            assertTrue(r.fdOffset() < 0, what + ": an opaque row translates no fd");
            if (deprecated) {
                assertNotNull(r.embedded(), what + ": RM follows its pointers");
            } else {
                assertTrue(
                        gssLegacy || binapi || r.paramsSize() < 8,
                        what + ": RM's handling of its params is unknown");
                assertNull(r.embedded(), what + ": opaque bytes, no arrays");
                assertEquals(
                        NvPolicy.TRACED_BRANCH,
                        abi.branch(),
                        what + ": observed only on the traced branch");
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyClassRuleHasTheDatasSizeAndItsPointersAccountedFor(DriverVersion v) {
        DriverAbi abi = abi(v);
        AllocClasses data = AllocClasses.of(abi.tag());
        assertTrue(abi.classRules().size() > 10, v + ": " + abi.classRules().size() + " classes");
        for (ClassRule r : abi.classRules().values()) {
            String what = v + " " + r.name();
            AllocClass c = data.lookup(r.hClass());
            assertNotNull(c, what + " is allocatable at " + abi.tag());
            assertEquals(c.name(), r.name(), what + ": the class's name at the tag");
            assertEquals(c.paramsSize(), r.paramsSize(), what + ": the size RM copies");
            assertEquals(AllocClasses.Privilege.USER, c.privilege(), what + " is a user class");
            assertFalse(
                    c.has(AllocClasses.Trait.FD), what + ": fd-bearing params need translation");
            assertEquals(
                    c.has(AllocClasses.Trait.POINTER),
                    !r.zeroedPointers().isEmpty() || !r.notPointers().isEmpty(),
                    what
                            + " ("
                            + c.paramsStruct()
                            + "): its pointer members, and only those, are zeroed or carry a value");
            assertTrue(r.caps() != 0, what + " is enabled by some capability");
        }
    }

    /**
     * The controls that name GPUs or processes are scoped wherever they are allowed; each field
     * fits its params (ControlRule checks it too).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void gpuAndProcessControlsAreScopedWhereAllowed(DriverVersion v) {
        DriverAbi abi = abi(v);
        int allowed = 0;
        for (String name : GPU_AND_PROCESS_CONTROLS) {
            ControlRule r = ruleNamed(abi, name);
            if (r == null) {
                assertTrue(
                        abi.dropped().stream().anyMatch(d -> d.name().equals(name)),
                        v + " " + name + ": neither allowed nor dropped with a reason");
                continue;
            }
            allowed++;
            assertFalse(r.scope().isEmpty(), v + " " + name + " names GPUs or processes");
            for (ScopedField f : r.scope()) {
                assertTrue(f.extent() <= r.paramsSize(), v + " " + name + ": " + f);
            }
        }
        assertTrue(allowed >= 10, v + ": " + allowed + " of them allowed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void theControlsCudaNeedsToInitialiseAreAllowed(DriverVersion v) {
        DriverAbi abi = abi(v);
        for (String name : CUDA_INIT_CONTROLS) {
            ControlRule r = ruleNamed(abi, name);
            assertNotNull(r, v + ": " + name + " is allowed; dropped: " + abi.dropped());
            assertTrue(r.exported(), v + " " + name + " is an exported control");
            assertTrue((r.caps() & C) != 0, v + " " + name + " is enabled by compute");
        }
    }

    /** UVM: everything /dev/nvidia-uvm dispatches but the driver's self tests, for compute. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void uvmAllowsWhatTheUvmDeviceDispatchesButItsSelfTests(DriverVersion v) {
        DriverAbi abi = abi(v);
        Set<String> names =
                abi.uvmRules().values().stream()
                        .map(DriverAbi.UvmRule::name)
                        .collect(Collectors.toSet());
        assertTrue(names.contains("UVM_INITIALIZE"), v + ": " + names);
        assertTrue(names.contains("UVM_MM_INITIALIZE"), v + ": " + names);
        assertFalse(names.contains("UVM_RUN_TEST"), v + ": no self tests");
        abi.uvmRules().values().forEach(r -> assertEquals(C, r.caps(), v + " " + r.name()));
    }

    // ---- the policy at the traced tag, and what other tags drop

    /**
     * The policy was written from traces on the GPU host (580.159.04, 580.142's ABI): there every
     * row it names is allowed.
     */
    @Test
    void everyPolicyNameResolvesAtTheTracedTag() {
        for (DriverVersion v : List.of(DriverAbis.REFERENCE, DriverVersion.parse("580.142"))) {
            DriverAbi abi = abi(v);
            assertEquals(List.of(), abi.dropped(), v + " drops nothing");
            assertEquals(
                    new TreeSet<>(NvPolicy.controlNames()),
                    abi.controlRules().values().stream()
                            .map(ControlRule::name)
                            .collect(Collectors.toCollection(TreeSet::new)),
                    v + ": every control the policy names, and no other");
            assertEquals(
                    new TreeSet<>(NvPolicy.classNames()),
                    abi.classRules().values().stream()
                            .map(ClassRule::name)
                            .collect(Collectors.toCollection(TreeSet::new)),
                    v + ": every class the policy names, and no other");
        }
    }

    /**
     * At every version, each policy row is either allowed or dropped with a reason, never both and
     * never silently lost.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("versions")
    void everyPolicyRowIsAllowedOrDroppedWithAReason(DriverVersion v) {
        DriverAbi abi = abi(v);
        Set<String> controls =
                abi.controlRules().values().stream()
                        .map(ControlRule::name)
                        .collect(Collectors.toSet());
        Set<String> classes =
                abi.classRules().values().stream().map(ClassRule::name).collect(Collectors.toSet());
        Map<String, Integer> droppedControls = new TreeMap<>();
        Map<String, Integer> droppedClasses = new TreeMap<>();
        for (DriverAbi.Dropped d : abi.dropped()) {
            assertFalse(d.reason().isBlank(), v + " " + d + ": a reason");
            switch (d.kind()) {
                case "control" -> droppedControls.merge(d.name(), 1, Integer::sum);
                case "class" -> droppedClasses.merge(d.name(), 1, Integer::sum);
                case "escape" -> {
                    assertNotNull(
                            abi.frontend().layout(d.name()),
                            v + " " + d + ": an escape the tag dispatches");
                    assertTrue(d.reason().contains("the handler reads"), v + " " + d);
                }
                default -> throw new AssertionError(v + ": unknown kind " + d);
            }
        }
        for (String n : NvPolicy.controlNames()) {
            int times = (controls.contains(n) ? 1 : 0) + droppedControls.getOrDefault(n, 0);
            assertEquals(1, times, v + " " + n + ": allowed or dropped, once");
        }
        for (String n : NvPolicy.classNames()) {
            int times = (classes.contains(n) ? 1 : 0) + droppedClasses.getOrDefault(n, 0);
            assertEquals(1, times, v + " " + n + ": allowed or dropped, once");
        }
        assertTrue(NvPolicy.controlNames().containsAll(droppedControls.keySet()), v.toString());
        assertTrue(NvPolicy.classNames().containsAll(droppedClasses.keySet()), v.toString());
    }

    /**
     * What each tag drops besides the rows observed only on the traced branch, by the oldest tag
     * that drops exactly that (newer tags up to the next key drop the same): controls a branch does
     * not export yet, Blackwell classes before the branches that drive Blackwell, and the dma-buf
     * export whose params grew by 8 bytes in 570.
     */
    static final Map<String, Set<String>> DROPPED_SINCE = droppedSince();

    private static Map<String, Set<String>> droppedSince() {
        Set<String> s570 = Set.of("control NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS");
        Set<String> s565 =
                union(
                        s570,
                        "control NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT",
                        "class BLACKWELL_CHANNEL_GPFIFO_B",
                        "class BLACKWELL_COMPUTE_B",
                        "class BLACKWELL_DMA_COPY_B",
                        "class BLACKWELL_USERMODE_A",
                        "escape nv_ioctl_export_to_dma_buf_fd_t");
        Set<String> s560 =
                union(
                        s565,
                        "control NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION",
                        "control NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO");
        Set<String> s550 =
                union(
                        s560,
                        "control NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS",
                        "class BLACKWELL_CHANNEL_GPFIFO_A",
                        "class BLACKWELL_COMPUTE_A",
                        "class BLACKWELL_DMA_COPY_A");
        Set<String> s545 =
                union(
                        s550,
                        "control NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID",
                        "control NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL");
        Set<String> s535 =
                union(
                        s545,
                        "control NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS",
                        "control NV00DE_CTRL_CMD_REQUEST_DATA_POLL");
        Map<String, Set<String>> m = new LinkedHashMap<>();
        m.put("535.129.03", s535);
        m.put("545.29.06", s545);
        m.put("550.90.12", s550);
        m.put("560.35.03", s560);
        m.put("565.77", s565);
        m.put("570.124.06", s570);
        m.put("580.65.06", Set.of());
        return m;
    }

    private static Set<String> union(Set<String> a, String... more) {
        Set<String> out = new TreeSet<>(a);
        out.addAll(List.of(more));
        return out;
    }

    /** What {@link #DROPPED_SINCE} says {@code tag} drops. */
    private static Set<String> expectedDropped(String tag) {
        DriverVersion v = DriverVersion.parse(tag);
        Set<String> expected = null;
        for (Map.Entry<String, Set<String>> e : DROPPED_SINCE.entrySet()) {
            if (DriverVersion.parse(e.getKey()).compareTo(v) <= 0) {
                expected = e.getValue();
            }
        }
        return expected;
    }

    /**
     * The rows allowed at the traced tag outside the export tables that RM does not convert
     * (observed on 580 only): every other branch drops them, unless it exports them by name.
     */
    private static Set<String> observedOnly() {
        return abi(DriverAbis.REFERENCE).controlRules().values().stream()
                .filter(r -> !r.exported() && !DEPRECATED_CONVERTED.contains(r.cmd()))
                .map(ControlRule::name)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * What each tag drops, by branch, printed for the record and checked: {@link #DROPPED_SINCE},
     * and on every branch but the traced one the rows observed only there.
     */
    @Test
    void droppedRowsPerBranch() {
        Set<String> observedOnly = observedOnly();
        assertEquals(33, observedOnly.size(), "rows observed only on 580: " + observedOnly);
        StringBuilder out = new StringBuilder();
        int branch = -1;
        for (String tag : DriverAbis.TAGS) {
            DriverAbi abi = abi(DriverVersion.parse(tag));
            if (DriverVersion.parse(tag).branch() != branch) {
                branch = DriverVersion.parse(tag).branch();
                out.append("branch ").append(branch).append('\n');
            }
            Set<String> dropped = new TreeSet<>();
            Set<String> opaque = new TreeSet<>();
            for (DriverAbi.Dropped d : abi.dropped()) {
                if (d.reason().contains("observed only on the " + NvPolicy.TRACED_BRANCH)) {
                    opaque.add(d.name());
                } else {
                    dropped.add(d.kind() + " " + d.name());
                    out.append("    ").append(tag).append(' ').append(d).append('\n');
                }
            }
            out.append("  ")
                    .append(tag)
                    .append(": ")
                    .append(dropped.size())
                    .append(" dropped, and ")
                    .append(opaque.size())
                    .append(" rows observed only on ")
                    .append(NvPolicy.TRACED_BRANCH)
                    .append('\n');
            assertEquals(expectedDropped(tag), dropped, tag + " drops");
            Set<String> expectedOpaque = new TreeSet<>();
            if (!abi.branch().equals(NvPolicy.TRACED_BRANCH)) {
                ControlCommands data = ControlCommands.of(tag);
                observedOnly.stream()
                        .filter(n -> data.named(n) == null)
                        .forEach(expectedOpaque::add);
            }
            assertEquals(expectedOpaque, opaque, tag + ": rows observed only on 580");
        }
        System.out.print(out);
        assertEquals(List.of(), abi(DriverVersion.parse("580.142")).dropped(), "the traced tag");
    }
}
