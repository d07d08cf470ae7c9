package dev.sluice.nvproxy.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.ClassAllocParams;
import dev.sluice.nvproxy.abi.NvControlCommands;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DriverAbisTest {

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
    void theGpuHostsDriverIsSupported() {
        assertEquals(
                "580",
                DriverAbis.forVersion(DriverVersion.parse("580.159.04")).branch(),
                "580 branch");
    }

    @Test
    void anUnknownVersionNamesItselfTheSupportedOnesAndTheOverride() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> DriverAbis.forVersion(DriverVersion.parse("535.104.05")));
        assertTrue(e.getMessage().contains("535.104.05"), "names the version: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("580.159.04"),
                "names the supported ones: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("--nvproxy-driver-version"),
                "names the override: " + e.getMessage());
    }

    @Test
    void everyExportedControlRuleHasTheTablesSizeAndUserPrivilege() {
        for (ControlRule r : new Abi580().controlRules().values()) {
            NvControlCommands.Command c = NvControlCommands.lookup(r.cmd());
            if (r.exported()) {
                assertNotNull(c, r.name());
                assertEquals(c.paramsSize(), r.paramsSize(), r.name() + ": the size RM insists on");
                assertEquals(
                        NvControlCommands.Privilege.USER,
                        c.privilege(),
                        r.name() + ": nothing that needs more than a user's privilege is allowed");
                assertTrue(
                        !c.has(NvControlCommands.RM_COPIES_EMBEDDED) || r.embedded() != null,
                        r.name()
                                + ": RM follows its embedded pointers, so the rule must copy them");
                assertTrue(
                        !c.has(NvControlCommands.FD) || r.fdOffset() >= 0,
                        r.name()
                                + ": RM resolves its fd in the caller's table, so the rule must translate it");
            }
            assertTrue(r.caps() != 0, r.name() + " is enabled by some capability");
        }
    }

    /**
     * A command outside the export tables is forwarded as opaque bytes, which is safe only where RM
     * itself treats the params as flat: GSS-legacy ids (forwarded to firmware as a blob) and
     * NV2081_BINAPI controls (likewise), and params too small to hold an {@code NvP64}. The
     * deprecated controls RM converts by following their pointers must have their arrays modelled.
     */
    @Test
    void opaqueCommandsAreFlatToRmOrHaveTheirPointersModelled() {
        for (ControlRule r : new Abi580().controlRules().values()) {
            if (r.exported()) {
                continue;
            }
            boolean gssLegacy = (r.cmd() & NvControlCommands.RM_GSS_LEGACY_MASK) != 0;
            boolean privileged =
                    (r.cmd() & NvControlCommands.RM_GSS_LEGACY_MASK_PRIVILEGED)
                            == NvControlCommands.RM_GSS_LEGACY_MASK_PRIVILEGED;
            boolean binapi = NvControlCommands.classOf(r.cmd()) == 0x2081;
            boolean deprecated = NvControlCommands.DEPRECATED_CONVERTED.contains(r.cmd());
            assertTrue(!privileged, r.name() + " needs an administrator");
            if (deprecated) {
                assertNotNull(r.embedded(), r.name() + ": RM follows its pointers");
            } else {
                boolean tooSmallForAPointer = r.paramsSize() < 8;
                assertTrue(
                        gssLegacy || binapi || tooSmallForAPointer,
                        r.name() + ": RM's handling of its params is unknown");
            }
        }
    }

    @Test
    void everyClassRuleCopiesTheSizeRmCopies() {
        for (ClassRule r : new Abi580().classRules().values()) {
            ClassAllocParams.Entry e = ClassAllocParams.lookup(r.hClass());
            assertEquals(e.paramsSize(), r.paramsSize(), r.name());
            assertEquals(
                    ClassAllocParams.Privilege.USER, e.privilege(), r.name() + " is a user class");
            assertTrue(
                    !e.has(ClassAllocParams.FD),
                    r.name() + ": fd-bearing alloc params need translation");
        }
    }

    /**
     * No guest address reaches RM from the sentry: every allowed command whose params have a
     * pointer member has its arrays copied (RM follows them) or the pointer zeroed (RM does not),
     * and every allowed class with one has each accounted for, zeroed or shown to carry a value.
     */
    @Test
    void everyPointerMemberIsCopiedZeroedOrShownNotToBeOne() {
        for (ControlRule r : new Abi580().controlRules().values()) {
            NvControlCommands.Command c = NvControlCommands.lookup(r.cmd());
            if (r.exported() && c.has(NvControlCommands.POINTER)) {
                assertTrue(
                        r.embedded() != null || !r.zeroedPointers().isEmpty(),
                        r.name() + ": a pointer member must be copied or zeroed");
            }
        }
        for (ClassRule r : new Abi580().classRules().values()) {
            ClassAllocParams.Entry e = ClassAllocParams.lookup(r.hClass());
            assertEquals(
                    e.has(ClassAllocParams.POINTER),
                    !r.zeroedPointers().isEmpty() || !r.notPointers().isEmpty(),
                    r.name()
                            + " ("
                            + e.paramsType()
                            + "): its pointer members are zeroed or carry a value");
        }
    }

    /**
     * The controls that name GPUs or processes are scoped; each field fits its params (ControlRule
     * checks).
     */
    @Test
    void gpuAndProcessControlsAreScoped() {
        Map<Integer, ControlRule> rules = new Abi580().controlRules();
        for (int cmd :
                new int[] {
                    NvControlCommands.NV2080_CTRL_CMD_GPU_GET_PIDS,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PROBED_IDS,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PCI_INFO,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_ATTACH_IDS,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_DETACH_IDS
                }) {
            ControlRule r = rules.get(cmd);
            assertNotNull(r, NvControlCommands.name(cmd) + " is allowed");
            assertFalse(
                    r.scope().isEmpty(), r.name() + " names GPUs or processes: it must be scoped");
            for (dev.sluice.nvproxy.frontend.ScopedField f : r.scope()) {
                assertTrue(f.extent() <= r.paramsSize(), r.name() + ": " + f);
            }
        }
    }
}
