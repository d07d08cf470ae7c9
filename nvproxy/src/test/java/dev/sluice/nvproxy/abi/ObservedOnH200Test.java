package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.frontend.ControlRule;
import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What real clients issued on the H200 (driver 580.159.04, the open kernel module), checked against
 * tables that were derived from the 580.142 sources. Recorded on 2026-11-29 with a throwaway {@code
 * LD_PRELOAD} logger of {@code ioctl(2)} around {@code nvidia-smi}, {@code nvidia-smi -q} and a
 * PyTorch 2.11 / CUDA 13.0 program (a conv net forward and backward, a matmul, a pinned-memory
 * copy, an event). The logger read {@code cmd} and {@code paramsSize} of every {@code
 * NV_ESC_RM_CONTROL}, {@code hClass} of every {@code NV_ESC_RM_ALLOC}, and the number of every UVM
 * ioctl.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ObservedOnH200Test {

    /**
     * RM controls (cmd, paramsSize) the clients issued whose ids the 580.142 export tables hold.
     */
    private static final int[][] CONTROLS_IN_TABLE = {
        {0x0000013a, 1352},
        {0x000001f0, 4},
        {0x00000201, 128},
        {0x00000202, 40},
        {0x00000205, 32},
        {0x00000214, 384},
        {0x00000215, 132},
        {0x00000216, 128},
        {0x0000021b, 12},
        {0x00000279, 12},
        {0x0000027b, 4},
        {0x00000288, 3076},
        {0x00000289, 4},
        {0x00000a04, 2244},
        {0x00000b02, 12},
        {0x00000d01, 12},
        {0x00000d04, 12},
        {0x00800280, 4},
        {0x00800288, 4},
        {0x00800289, 8},
        {0x00800292, 804},
        {0x00801307, 3},
        {0x00801402, 3},
        {0x0080170d, 24},
        {0x00801909, 1},
        {0x00de0001, 8},
        {0x20800102, 564},
        {0x20800110, 132},
        {0x20800111, 64},
        {0x20800119, 4},
        {0x2080012f, 1464},
        {0x20800131, 4},
        {0x20800133, 8},
        {0x2080013f, 136},
        {0x20800145, 0},
        {0x2080014a, 268},
        {0x2080014b, 5},
        {0x20800156, 16},
        {0x20800157, 0},
        {0x2080016d, 12},
        {0x20800170, 340},
        {0x2080017b, 12},
        {0x2080018d, 3812},
        {0x20800195, 260},
        {0x208001a3, 56},
        {0x208001a4, 16},
        {0x208001b2, 4},
        {0x20800406, 264},
        {0x20801201, 32},
        {0x20801210, 32},
        {0x20801218, 16},
        {0x2080121b, 9240},
        {0x20801227, 48},
        {0x2080122a, 24},
        {0x2080122b, 24},
        {0x20801230, 32},
        {0x20801303, 1028},
        {0x20801322, 2056},
        {0x20801357, 4},
        {0x20801701, 16},
        {0x20801801, 16},
        {0x20801803, 200},
        {0x20801813, 76},
        {0x20801819, 32},
        {0x20801823, 420},
        {0x20801829, 12},
        {0x2080182a, 112},
        {0x2080182b, 28},
        {0x20801830, 4},
        {0x2080200a, 8},
        {0x2080220c, 0},
        {0x20802210, 0},
        {0x20802a0a, 136},
        {0x20803002, 13344},
        {0x20803083, 39},
        {0x20803404, 2},
        {0x20803601, 72},
        {0x20803801, 1928},
        {0x208f1105, 8},
        {0x503c0102, 16},
        {0x503c0104, 32},
        {0x83de0309, 4},
        {0x906f0101, 16},
        {0x90e60102, 8},
        {0x90e70113, 16},
        {0xa06c0101, 3},
        {0xa06c0103, 8},
        {0xc36f0108, 4},
        {0xcb330101, 6},
    };

    /**
     * Controls the clients issued whose ids no NVOC export table of the open 580.142 sources holds;
     * all but four (0x20808546, 0x2080852f, 0x2080a0f2, 0x2080a63c: NV_ERR_NOT_SUPPORTED) were
     * answered NV_OK. All but three ids have no {@code #define} in the SDK headers either: {@code
     * 0x101} ({@code NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION}), {@code 0x20800802} ({@code
     * NV2080_CTRL_CMD_BIOS_GET_INFO}) and {@code 0x20801802} ({@code
     * NV2080_CTRL_CMD_BUS_GET_INFO}). Most are {@code NV2080} ids in legacy categories (category
     * byte with the {@code NVxxxx_CTRL_LEGACY_NON_PRIVILEGED} bit 0x80 set) issued on subdevice
     * objects; the {@code 0x2081....} ones went to {@code NV2081_BINAPI} objects. A proxy that
     * passes only table entries will refuse them; who issued them is in the trailing comments (smi
     * = nvidia-smi, smiq = nvidia-smi -q, torch = the PyTorch program).
     */
    private static final int[][] CONTROLS_NOT_IN_TABLE = {
        {0x00000101, 40}, // smi,smiq,torch
        {0x20800802, 16}, // smiq
        {0x20801802, 16}, // smi,smiq
        {0x20803406, 1}, // smiq
        {0x20808159, 332}, // torch
        {0x20808162, 1}, // torch
        {0x2080852a, 1784}, // smiq
        {0x2080852b, 2836}, // smiq
        {0x2080852e, 528}, // smi,smiq
        {0x2080852f, 776}, // smi,smiq
        {0x20808536, 1812}, // smiq
        {0x2080853a, 1456}, // smiq
        {0x20808542, 504}, // smiq
        {0x20808546, 24}, // smiq
        {0x20809001, 8}, // torch
        {0x20809009, 8}, // smi,smiq,torch
        {0x20809019, 10800}, // smiq
        {0x20809038, 4}, // smiq,torch
        {0x20809064, 520}, // smi,smiq,torch
        {0x2080a026, 532}, // torch
        {0x2080a060, 28}, // smiq
        {0x2080a06e, 1}, // smiq
        {0x2080a06f, 4}, // smiq
        {0x2080a080, 52}, // smiq
        {0x2080a084, 4}, // torch
        {0x2080a0a4, 67396}, // smiq
        {0x2080a0a6, 34720}, // smiq
        {0x2080a0a7, 14988}, // smiq
        {0x2080a0a8, 19724}, // smiq
        {0x2080a0f2, 96}, // smiq
        {0x2080a612, 11680}, // smi,smiq
        {0x2080a618, 8620}, // smi,smiq
        {0x2080a63c, 28}, // smiq
        {0x20810108, 992}, // smiq,torch
        {0x20810110, 1}, // smi,smiq
        {0x20810111, 4}, // smiq
    };

    private static final int[] ALLOC_CLASSES = {
        0x2080, 0x2081, 0x208f, 0x3e, 0x40, 0x41, 0x503c, 0x50a0, 0x73, 0x79, 0x80, 0x83de, 0x9067,
        0x90e6, 0x90e7, 0x90f1, 0xa06c, 0xc639, 0xc640, 0xc661, 0xc86f, 0xc8b5, 0xcb33, 0xcbc0,
        0xde,
    };

    private static final int[] UVM_COMMANDS = {
        23, 24, 25, 27, 33, 34, 37, 39, 65, 68, 72, 73, 75, 0x30000001, 0x30000002
    };

    private static final int[] FRONTEND_REQUESTS = {
        0xc00446c9,
        0xc00846d6,
        0xc00846da,
        0xc0104629,
        0xc01046ce,
        0xc028465e,
        0xc0384627,
        0xc038464e,
        0xc04846d2,
        0xc23046d7,
        0xc90046c8,
        0xc020462a,
        0xc030462b,
    };

    private static final ControlCommands CONTROLS = ControlCommands.of(AbiTables.TAG);

    @Test
    void everyObservedControlInTheTableHasTheObservedSize() {
        for (int[] c : CONTROLS_IN_TABLE) {
            ControlCommands.Command cmd = CONTROLS.lookup(c[0]);
            assertNotNull(cmd, NvStatus.hex(c[0]) + " was issued and should be in the table");
            assertEquals(
                    c[1],
                    cmd.paramsSize(),
                    cmd.name() + ": 580.159.04 clients passed " + c[1] + " bytes");
            assertTrue(
                    cmd.privilege() == ControlCommands.Privilege.USER
                            || cmd.privilege() == ControlCommands.Privilege.ROOT,
                    cmd.name()
                            + " was issued from user space, so it cannot be kernel-only or internal");
        }
    }

    @Test
    void observedControlsOutsideTheExportTablesStayDocumentedAsSuch() {
        for (int[] c : CONTROLS_NOT_IN_TABLE) {
            assertNull(
                    CONTROLS.lookup(c[0]),
                    NvStatus.hex(c[0])
                            + " is now in the table: move it to CONTROLS_IN_TABLE and check its size "
                            + c[1]);
        }
    }

    /**
     * The policy allows every control real clients issued outside the export tables, with the size
     * they passed: they reach RM on the traced branch.
     */
    @Test
    void everyObservedControlOutsideTheExportTablesIsAllowedWithItsObservedSize() {
        Map<Integer, ControlRule> rules = AbiTables.reference().controlRules();
        for (int[] c : CONTROLS_NOT_IN_TABLE) {
            ControlRule r = rules.get(c[0]);
            assertNotNull(r, NvStatus.hex(c[0]) + " was issued on 580.159.04 and is allowed there");
            assertFalse(r.exported(), r.name() + " is outside the export tables");
            assertEquals(c[1], r.paramsSize(), r.name() + ": the size clients passed");
        }
    }

    @Test
    void everyObservedAllocClassIsAllocatableAndNamed() {
        AllocClasses classes = AllocClasses.of(AbiTables.TAG);
        for (int hClass : ALLOC_CLASSES) {
            AllocClasses.AllocClass c = classes.lookup(hClass);
            assertNotNull(c, NvStatus.hex(hClass) + " was allocated, so RM has an entry");
            assertTrue(
                    c.name().matches("\\w+") && !c.name().startsWith("class "),
                    NvStatus.hex(hClass) + " should have a class name: " + c.name());
        }
        assertEquals(
                AllocClasses.Privilege.CLIENT,
                classes.lookup(AllocClasses.NV01_ROOT_CLIENT).privilege(),
                "clients allocate their root object with class 0x41, NV01_ROOT_CLIENT, not NV01_ROOT");
        assertEquals(
                "NV01_ROOT_CLIENT",
                classes.name(AllocClasses.NV01_ROOT_CLIENT),
                "0x41 is NV01_ROOT_CLIENT");
    }

    @Test
    void everyObservedUvmCommandIsDispatchedByTheUvmDevice() {
        UvmCommands uvm = UvmCommands.of(AbiTables.TAG);
        for (int cmd : UVM_COMMANDS) {
            UvmCommands.Command e = uvm.lookup(cmd);
            assertNotNull(e, cmd + " was issued on /dev/nvidia-uvm");
            assertEquals(
                    UvmCommands.Route.UVM, e.route(), e.name() + " is served by /dev/nvidia-uvm");
        }
    }

    @Test
    void everyObservedFrontendRequestIsALayoutRequest() {
        Set<Integer> known = new HashSet<>();
        for (FrontendRequests.Layout l : AbiTables.frontend().layouts()) {
            known.add(l.request());
        }
        for (int r : FRONTEND_REQUESTS) {
            assertTrue(
                    known.contains(r),
                    Ioctl.hex(r)
                            + " ("
                            + FrontendEscapes.nameOfRequest(r)
                            + ") was issued and should be a known request");
        }
    }
}
