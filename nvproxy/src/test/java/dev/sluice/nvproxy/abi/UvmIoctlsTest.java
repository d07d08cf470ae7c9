package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.UvmIoctls.Entry;
import dev.sluice.nvproxy.abi.UvmIoctls.Route;
import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class UvmIoctlsTest {

    @Test
    void spotValuesFromTheUvmHeaders() {
        assertEquals(0x30000001, UvmIoctls.UVM_INITIALIZE, "UVM_INITIALIZE (uvm_linux_ioctl.h)");
        assertEquals(
                0x30000002, UvmIoctls.UVM_DEINITIALIZE, "UVM_DEINITIALIZE (uvm_linux_ioctl.h)");
        assertEquals(23, UvmIoctls.UVM_CREATE_RANGE_GROUP, "UVM_IOCTL_BASE(23)");
        assertEquals(25, UvmIoctls.UVM_REGISTER_GPU_VASPACE, "UVM_IOCTL_BASE(25)");
        assertEquals(27, UvmIoctls.UVM_REGISTER_CHANNEL, "UVM_IOCTL_BASE(27)");
        assertEquals(33, UvmIoctls.UVM_MAP_EXTERNAL_ALLOCATION, "UVM_IOCTL_BASE(33)");
        assertEquals(34, UvmIoctls.UVM_FREE, "UVM_IOCTL_BASE(34)");
        assertEquals(37, UvmIoctls.UVM_REGISTER_GPU, "UVM_IOCTL_BASE(37)");
        assertEquals(39, UvmIoctls.UVM_PAGEABLE_MEM_ACCESS, "UVM_IOCTL_BASE(39)");
        assertEquals(42, UvmIoctls.UVM_SET_PREFERRED_LOCATION, "UVM_IOCTL_BASE(42)");
        assertEquals(68, UvmIoctls.UVM_ALLOC_SEMAPHORE_POOL, "UVM_IOCTL_BASE(68)");
        assertEquals(72, UvmIoctls.UVM_VALIDATE_VA_RANGE, "UVM_IOCTL_BASE(72)");
        assertEquals(73, UvmIoctls.UVM_CREATE_EXTERNAL_RANGE, "UVM_IOCTL_BASE(73)");
        assertEquals(75, UvmIoctls.UVM_MM_INITIALIZE, "UVM_IOCTL_BASE(75)");
        assertEquals(80, UvmIoctls.UVM_DISCARD, "UVM_IOCTL_BASE(80)");
        assertEquals(2047, UvmIoctls.UVM_IS_8_SUPPORTED, "UVM_IOCTL_BASE(2047)");
    }

    @Test
    void spotSizes() {
        assertEquals(
                16,
                UvmIoctls.lookup(UvmIoctls.UVM_INITIALIZE).paramsSize(),
                "UVM_INITIALIZE_PARAMS");
        assertEquals(
                40,
                UvmIoctls.lookup(UvmIoctls.UVM_REGISTER_GPU).paramsSize(),
                "UVM_REGISTER_GPU_PARAMS");
        assertEquals(
                9264,
                UvmIoctls.lookup(UvmIoctls.UVM_MAP_EXTERNAL_ALLOCATION).paramsSize(),
                "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS with 256 UvmGpuMappingAttributes");
        assertEquals(
                0,
                UvmIoctls.lookup(UvmIoctls.UVM_DEINITIALIZE).paramsSize(),
                "UVM_DEINITIALIZE takes nothing");
        assertEquals(
                56,
                UvmIoctls.lookup(UvmIoctls.UVM_TOOLS_INIT_EVENT_TRACKER_V2).paramsSize(),
                "the V2 params are a typedef of the V1 struct");
        assertEquals(
                UvmIoctls.SIZE_UNKNOWN,
                UvmIoctls.lookup(UvmIoctls.UVM_REGION_SET_BACKING).paramsSize(),
                "Windows-only: no Linux struct");
    }

    @Test
    void nameTableMatchesTheConstantsOneToOne() {
        Map<String, Integer> constants =
                AbiTables.intConstants(
                        UvmIoctls.class,
                        n -> n.startsWith("UVM_") && !n.startsWith("UVM_TEST_IOCTL_"));
        assertEquals(
                constants.size(),
                UvmIoctls.entries().size(),
                "one entry per constant, no shared numbers");
        for (Map.Entry<String, Integer> e : constants.entrySet()) {
            assertEquals(
                    e.getKey(),
                    UvmIoctls.name(e.getValue()),
                    "name of UVM command " + e.getValue());
        }
        assertEquals("UVM_IOCTL(0x00000024)", UvmIoctls.name(36), "36 is not defined");
    }

    @Test
    void numbersAreRawNotIocEncoded() {
        for (Entry e : UvmIoctls.entries().values()) {
            assertEquals(Ioctl.NONE, Ioctl.dir(e.cmd()), e.name() + " carries no _IOC direction");
            if (e.cmd() != UvmIoctls.UVM_INITIALIZE && e.cmd() != UvmIoctls.UVM_DEINITIALIZE) {
                assertTrue(
                        e.cmd() < 0x1000,
                        e.name() + " is a small raw number (UVM_IOCTL_BASE(i) == i)");
                assertEquals(
                        0,
                        Ioctl.size(e.cmd()),
                        e.name() + " carries no _IOC size: the driver knows it per command");
            }
            assertNotEquals(
                    'F',
                    Ioctl.type(e.cmd()),
                    e.name() + " must not look like an NVIDIA frontend request");
            assertFalse(
                    e.cmd() >= UvmIoctls.UVM_TEST_IOCTL_FIRST
                            && e.cmd() <= UvmIoctls.UVM_TEST_IOCTL_LAST,
                    e.name() + " must not fall in the built-in test range");
        }
        assertEquals(
                0x3000,
                Ioctl.size(UvmIoctls.UVM_INITIALIZE),
                "read as _IOC, 0x30000001 would claim 12288 bytes: decoding UVM numbers as _IOC is wrong");
    }

    @Test
    void routingAndInitialisation() {
        Entry init = UvmIoctls.lookup(UvmIoctls.UVM_INITIALIZE);
        assertEquals(Route.UVM, init.route(), "UVM_INITIALIZE is served by /dev/nvidia-uvm");
        assertFalse(init.requiresInitialize(), "UVM_INITIALIZE is what initialises");
        assertFalse(
                UvmIoctls.lookup(UvmIoctls.UVM_MM_INITIALIZE).requiresInitialize(),
                "MM_INITIALIZE has no init check");
        assertTrue(
                UvmIoctls.lookup(UvmIoctls.UVM_REGISTER_GPU).requiresInitialize(),
                "REGISTER_GPU needs a VA space");
        assertEquals(
                Route.TOOLS,
                UvmIoctls.lookup(UvmIoctls.UVM_TOOLS_INIT_EVENT_TRACKER).route(),
                "event trackers live on /dev/nvidia-uvm-tools");
        assertEquals(
                Route.UVM,
                UvmIoctls.lookup(UvmIoctls.UVM_TOOLS_READ_PROCESS_MEMORY).route(),
                "despite its name, READ_PROCESS_MEMORY is dispatched by the UVM device");
        assertEquals(
                Route.NONE,
                UvmIoctls.lookup(UvmIoctls.UVM_RESERVE_VA).route(),
                "RESERVE_VA is a left-over");
        assertEquals(
                Route.NONE,
                UvmIoctls.lookup(UvmIoctls.UVM_IS_8_SUPPORTED).route(),
                "IS_8_SUPPORTED is not routed");
        for (Entry e : UvmIoctls.entries().values()) {
            if (e.route() != Route.NONE) {
                assertTrue(
                        e.paramsSize() >= 0,
                        e.name() + " is dispatched, so its size must be known");
            }
        }
    }
}
