package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.AllocClasses.AllocClass;
import dev.sluice.nvproxy.abi.AllocClasses.Presence;
import dev.sluice.nvproxy.abi.ControlCommands.Command;
import dev.sluice.nvproxy.abi.ControlCommands.Privilege;
import dev.sluice.nvproxy.abi.ControlCommands.Trait;
import dev.sluice.nvproxy.abi.UvmCommands.Route;
import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Values read off the 580.142 headers and sources by hand, checked against what the generators
 * wrote for that tag ({@code controls-}, {@code classes-} and {@code uvm-580.142.tsv}): a generator
 * that misreads a header fails here with the header named.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpotValuesTest {
    private static final ControlCommands CONTROLS = ControlCommands.of(AbiTables.TAG);
    private static final AllocClasses CLASSES = AllocClasses.of(AbiTables.TAG);
    private static final UvmCommands UVM = UvmCommands.of(AbiTables.TAG);

    // ---- controls (src/common/sdk/nvidia/inc/ctrl)

    @Test
    void controlIdsFromTheCtrlHeaders() {
        assertEquals(0x00000d01, AbiTables.control("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE"));
        assertEquals(0x00000201, AbiTables.control("NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS"));
        assertEquals(0x00003d05, AbiTables.control("NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD"));
        assertEquals(0x00800201, AbiTables.control("NV0080_CTRL_CMD_GPU_GET_CLASSLIST"));
        assertEquals(0x20800102, AbiTables.control("NV2080_CTRL_CMD_GPU_GET_INFO_V2"));
        assertEquals(0x2080014a, AbiTables.control("NV2080_CTRL_CMD_GPU_GET_GID_INFO"));
        assertEquals(0x00fd0104, AbiTables.control("NV00FD_CTRL_CMD_ATTACH_GPU"));
        assertEquals(0x503c0102, AbiTables.control("NV503C_CTRL_CMD_REGISTER_VA_SPACE"));
        assertEquals(0x83de0315, AbiTables.control("NV83DE_CTRL_CMD_DEBUG_READ_MEMORY"));
        assertEquals(0xc36f0108, AbiTables.control("NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN"));
        assertEquals(0x906f0102, AbiTables.control("NV906F_CTRL_CMD_RESET_CHANNEL"));
        assertEquals(0x00410110, AbiTables.control("NV0041_CTRL_CMD_GET_SURFACE_INFO"));
    }

    @Test
    void controlSizesPrivilegeAndTraits() {
        Command info = AbiTables.command("NV2080_CTRL_CMD_GPU_GET_INFO_V2");
        assertEquals(564, info.paramsSize(), "sizeof(NV2080_CTRL_GPU_GET_INFO_V2_PARAMS)");
        assertEquals(Privilege.USER, info.privilege(), "GET_INFO_V2 is NON_PRIVILEGED");
        assertEquals(Set.of(), info.traits(), "GET_INFO_V2 params are a flat struct");

        assertEquals(
                128,
                AbiTables.command("NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS").paramsSize(),
                "32 NvU32 GPU ids");

        Command classList = AbiTables.command("NV0080_CTRL_CMD_GPU_GET_CLASSLIST");
        assertTrue(classList.has(Trait.POINTER), "GET_CLASSLIST carries a classList pointer");
        assertTrue(classList.has(Trait.RM_COPIES_EMBEDDED), "RM copies through that pointer");

        assertTrue(
                AbiTables.command("NV00FD_CTRL_CMD_ATTACH_GPU").has(Trait.FD),
                "ATTACH_GPU carries devDescriptor, a file descriptor");
        assertTrue(
                AbiTables.command("NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD").has(Trait.FD),
                "EXPORT_OBJECT_TO_FD carries an fd");
        assertEquals(
                Privilege.ROOT,
                AbiTables.command("NV0000_CTRL_CMD_NVD_GET_DUMP").privilege(),
                "NVD_GET_DUMP is PRIVILEGED");

        Command derived = CONTROLS.lookup(0x20800145);
        assertNotNull(derived, "0x20800145 is exported (CUDA issues it)");
        assertTrue(derived.has(Trait.NAME_DERIVED), "0x20800145 has no #define at 580.142");
        assertEquals(0, derived.paramsSize(), "and takes no params");
    }

    @Test
    void controlTableShape() {
        assertEquals(1348, CONTROLS.byId().size(), "580.142 exports 1348 distinct control methods");
        for (Command c : CONTROLS.byId().values()) {
            assertTrue(
                    !c.has(Trait.RM_COPIES_EMBEDDED) || c.has(Trait.POINTER),
                    c.name() + ": RM can only follow a pointer the params have");
            assertTrue(
                    c.name().matches("NV\\w*_CTRL_\\w+"), NvStatus.hex(c.cmd()) + " " + c.name());
        }
    }

    @Test
    void namesOfControls() {
        assertEquals("NV2080_CTRL_CMD(0x2080ffff)", CONTROLS.name(0x2080ffff), "unknown, by class");
        assertEquals("NV2080_CTRL_CMD_GPU_GET_INFO_V2", CONTROLS.name(0x20800102), "known");
        assertEquals(0x2080, ControlCommands.classOf(0x20800102), "class bits 31:16");
    }

    // ---- classes (src/common/sdk/nvidia/inc/class, nvos.h, resource_list.h)

    @Test
    void classIdsFromTheClassHeaders() {
        assertEquals(0x0, AbiTables.classId("NV01_ROOT"), "cl0000.h");
        assertEquals(0x1, AbiTables.classId("NV01_ROOT_NON_PRIV"), "cl0001.h");
        assertEquals(0x41, AbiTables.classId("NV01_ROOT_CLIENT"), "nvos.h");
        assertEquals(0x3e, AbiTables.classId("NV01_MEMORY_SYSTEM"), "cl003e.h");
        assertEquals(0x40, AbiTables.classId("NV01_MEMORY_LOCAL_USER"), "cl0040.h");
        assertEquals(0x71, AbiTables.classId("NV01_MEMORY_SYSTEM_OS_DESCRIPTOR"), "cl0071.h");
        assertEquals(0x79, AbiTables.classId("NV01_EVENT_OS_EVENT"), "nvos.h");
        assertEquals(0x80, AbiTables.classId("NV01_DEVICE_0"), "cl0080.h");
        assertEquals(0xf8, AbiTables.classId("NV_MEMORY_FABRIC"), "cl00f8.h");
        assertEquals(0x2080, AbiTables.classId("NV20_SUBDEVICE_0"), "cl2080.h");
        assertEquals(0x50a0, AbiTables.classId("NV50_MEMORY_VIRTUAL"), "cl50a0.h");
        assertEquals(0x90f1, AbiTables.classId("FERMI_VASPACE_A"), "cl90f1.h");
        assertEquals(0xa06c, AbiTables.classId("KEPLER_CHANNEL_GROUP_A"), "cla06c.h");
        assertEquals(0xc461, AbiTables.classId("TURING_USERMODE_A"), "clc461.h");
        assertEquals(0xc661, AbiTables.classId("HOPPER_USERMODE_A"), "clc661.h");
        assertEquals(0xc86f, AbiTables.classId("HOPPER_CHANNEL_GPFIFO_A"), "clc86f.h");
        assertEquals(0xc8b5, AbiTables.classId("HOPPER_DMA_COPY_A"), "clc8b5.h");
        assertEquals(0xcbc0, AbiTables.classId("HOPPER_COMPUTE_A"), "clcbc0.h");
        assertEquals(0xcb33, AbiTables.classId("NV_CONFIDENTIAL_COMPUTE"), "clcb33.h");
        assertEquals(0x90e6, AbiTables.classId("GF100_SUBDEVICE_MASTER"), "cl90e6.h");
        assertEquals(0xc639, AbiTables.classId("AMPERE_SMC_CONFIG_SESSION"), "clc639.h");
    }

    @Test
    void sharedNumbersUseThePreferredName() {
        assertEquals("NV01_ROOT_CLIENT", CLASSES.name(0x41), "0x41 is a root client to RM_ALLOC");
        assertEquals("NV01_ROOT", CLASSES.name(0x0), "0x0 is NV01_ROOT, not NV01_NULL_OBJECT");
        assertEquals("class 0x0000beef", CLASSES.name(0xbeef), "unknown classes in hex");
    }

    @Test
    void classParamsFromTheResourceList() {
        AllocClass root = AbiTables.allocClass("NV01_ROOT_CLIENT");
        assertEquals(4, root.paramsSize(), "a client's optional alloc param is its NvHandle");
        assertEquals(Presence.OPTIONAL, root.presence(), "client params are optional");

        AllocClass device = AbiTables.allocClass("NV01_DEVICE_0");
        assertEquals("NV0080_ALLOC_PARAMETERS", device.paramsStruct(), "NV01_DEVICE_0's params");
        assertEquals(56, device.paramsSize(), "sizeof(NV0080_ALLOC_PARAMETERS)");

        AllocClass channel = AbiTables.allocClass("HOPPER_CHANNEL_GPFIFO_A");
        assertEquals(368, channel.paramsSize(), "sizeof(NV_CHANNEL_ALLOC_PARAMS)");
        assertEquals(Presence.REQUIRED, channel.presence(), "a channel needs params");
        assertEquals(AllocClasses.Privilege.USER, channel.privilege(), "non-privileged");

        assertTrue(
                AbiTables.allocClass("NV01_MEMORY_SYSTEM_OS_DESCRIPTOR")
                        .has(AllocClasses.Trait.POINTER),
                "the OS descriptor names user memory by address");

        AllocClass event = AbiTables.allocClass("NV01_EVENT_OS_EVENT");
        assertEquals("NV0005_ALLOC_PARAMETERS", event.paramsStruct(), "NV0005's params");
        assertEquals(24, event.paramsSize(), "sizeof(NV0005_ALLOC_PARAMETERS)");

        assertTrue(
                AbiTables.allocClass("AMPERE_SMC_CONFIG_SESSION").has(AllocClasses.Trait.FD),
                "MIG config sessions carry an nvidia-caps fd");
        assertEquals(
                Presence.NONE,
                AbiTables.allocClass("MPS_COMPUTE").presence(),
                "MPS_COMPUTE takes no params");
        assertNull(CLASSES.byName().get("NV_CE_UTILS"), "NV_CE_UTILS exists only in debug drivers");
    }

    @Test
    void classTableShape() {
        assertEquals(208, CLASSES.byId().size(), "resource_list.h: 208 release entries");
        for (AllocClass c : CLASSES.byId().values()) {
            if (c.presence() == Presence.NONE) {
                assertEquals(0, c.paramsSize(), c.name() + " takes no params, so size 0");
                assertNull(c.paramsStruct(), c.name() + " has no params type");
            } else {
                assertTrue(c.paramsSize() > 0, c.name() + " copies a non-empty struct");
            }
            assertEquals(
                    AllocClasses.isClient(c.hClass()),
                    c.privilege() == AllocClasses.Privilege.CLIENT,
                    c.name() + ": only the three client classes take the client path");
        }
    }

    // ---- UVM (kernel-open/nvidia-uvm/uvm_ioctl.h, uvm_linux_ioctl.h, uvm.c, uvm_tools.c)

    @Test
    void uvmNumbersFromTheUvmHeaders() {
        assertEquals(0x30000001, AbiTables.uvm("UVM_INITIALIZE"), "uvm_linux_ioctl.h");
        assertEquals(0x30000002, AbiTables.uvm("UVM_DEINITIALIZE"), "uvm_linux_ioctl.h");
        assertEquals(23, AbiTables.uvm("UVM_CREATE_RANGE_GROUP"), "UVM_IOCTL_BASE(23)");
        assertEquals(25, AbiTables.uvm("UVM_REGISTER_GPU_VASPACE"), "UVM_IOCTL_BASE(25)");
        assertEquals(27, AbiTables.uvm("UVM_REGISTER_CHANNEL"), "UVM_IOCTL_BASE(27)");
        assertEquals(33, AbiTables.uvm("UVM_MAP_EXTERNAL_ALLOCATION"), "UVM_IOCTL_BASE(33)");
        assertEquals(34, AbiTables.uvm("UVM_FREE"), "UVM_IOCTL_BASE(34)");
        assertEquals(37, AbiTables.uvm("UVM_REGISTER_GPU"), "UVM_IOCTL_BASE(37)");
        assertEquals(39, AbiTables.uvm("UVM_PAGEABLE_MEM_ACCESS"), "UVM_IOCTL_BASE(39)");
        assertEquals(42, AbiTables.uvm("UVM_SET_PREFERRED_LOCATION"), "UVM_IOCTL_BASE(42)");
        assertEquals(68, AbiTables.uvm("UVM_ALLOC_SEMAPHORE_POOL"), "UVM_IOCTL_BASE(68)");
        assertEquals(72, AbiTables.uvm("UVM_VALIDATE_VA_RANGE"), "UVM_IOCTL_BASE(72)");
        assertEquals(73, AbiTables.uvm("UVM_CREATE_EXTERNAL_RANGE"), "UVM_IOCTL_BASE(73)");
        assertEquals(75, AbiTables.uvm("UVM_MM_INITIALIZE"), "UVM_IOCTL_BASE(75)");
        assertEquals(80, AbiTables.uvm("UVM_DISCARD"), "UVM_IOCTL_BASE(80)");
        assertEquals(2047, AbiTables.uvm("UVM_IS_8_SUPPORTED"), "UVM_IOCTL_BASE(2047)");
        assertEquals("UVM(36)", UVM.name(36), "36 is not defined");
    }

    @Test
    void uvmSizes() {
        assertEquals(16, AbiTables.uvmCommand("UVM_INITIALIZE").paramsSize());
        assertEquals(40, AbiTables.uvmCommand("UVM_REGISTER_GPU").paramsSize());
        assertEquals(
                9264,
                AbiTables.uvmCommand("UVM_MAP_EXTERNAL_ALLOCATION").paramsSize(),
                "with 256 UvmGpuMappingAttributes");
        assertEquals(0, AbiTables.uvmCommand("UVM_DEINITIALIZE").paramsSize(), "takes nothing");
        assertEquals(
                56,
                AbiTables.uvmCommand("UVM_TOOLS_INIT_EVENT_TRACKER_V2").paramsSize(),
                "the V2 params are a typedef of the V1 struct");
        assertEquals(
                UvmCommands.SIZE_UNKNOWN,
                AbiTables.uvmCommand("UVM_REGION_SET_BACKING").paramsSize(),
                "Windows-only: no Linux struct");
    }

    @Test
    void uvmNumbersAreRawNotIocEncoded() {
        Layouts layout = Layouts.of("uvmlayout", AbiTables.TAG);
        int first = layout.constant("UVM_TEST_IOCTL_FIRST");
        int last = layout.constant("UVM_TEST_IOCTL_LAST");
        assertEquals(200, first, "UVM_TEST_IOCTL_BASE(0)");
        assertTrue(last > first, "the built-in test range");
        for (UvmCommands.Command c : UVM.byNumber().values()) {
            assertEquals(Ioctl.NONE, Ioctl.dir(c.cmd()), c.name() + " carries no _IOC direction");
            if ((c.cmd() & 0xfffffffc) != 0x30000000) {
                assertTrue(c.cmd() < 0x1000, c.name() + " is a small raw number");
                assertEquals(0, Ioctl.size(c.cmd()), c.name() + " carries no _IOC size");
            }
            assertNotEquals('F', Ioctl.type(c.cmd()), c.name() + " is not a frontend request");
            assertFalse(
                    c.cmd() >= first && c.cmd() <= last,
                    c.name() + " must not fall in the built-in test range");
        }
        assertEquals(
                0x3000,
                Ioctl.size(AbiTables.uvm("UVM_INITIALIZE")),
                "read as _IOC, 0x30000001 would claim 12288 bytes: decoding UVM numbers as _IOC is"
                        + " wrong");
    }

    @Test
    void uvmRoutingAndInitialisation() {
        UvmCommands.Command init = AbiTables.uvmCommand("UVM_INITIALIZE");
        assertEquals(Route.UVM, init.route(), "UVM_INITIALIZE is served by /dev/nvidia-uvm");
        assertFalse(init.requiresInitialize(), "UVM_INITIALIZE is what initialises");
        assertFalse(
                AbiTables.uvmCommand("UVM_MM_INITIALIZE").requiresInitialize(),
                "MM_INITIALIZE has no init check");
        assertTrue(
                AbiTables.uvmCommand("UVM_REGISTER_GPU").requiresInitialize(),
                "REGISTER_GPU needs a VA space");
        assertEquals(
                Route.TOOLS,
                AbiTables.uvmCommand("UVM_TOOLS_INIT_EVENT_TRACKER").route(),
                "event trackers live on /dev/nvidia-uvm-tools");
        assertEquals(
                Route.UVM,
                AbiTables.uvmCommand("UVM_TOOLS_READ_PROCESS_MEMORY").route(),
                "despite its name, READ_PROCESS_MEMORY is dispatched by the UVM device");
        assertEquals(Route.NONE, AbiTables.uvmCommand("UVM_RESERVE_VA").route(), "a left-over");
        assertEquals(Route.NONE, AbiTables.uvmCommand("UVM_IS_8_SUPPORTED").route(), "not routed");
        for (UvmCommands.Command c : UVM.byNumber().values()) {
            if (c.route() != Route.NONE) {
                assertTrue(c.paramsSize() >= 0, c.name() + " is dispatched: its size is known");
            }
        }
    }
}
