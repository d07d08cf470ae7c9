package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.ClassAllocParams.Entry;
import dev.sluice.nvproxy.abi.ClassAllocParams.Presence;
import dev.sluice.nvproxy.abi.ClassAllocParams.Privilege;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClassAllocParamsTest {

    private static Entry entry(int hClass) {
        Entry e = ClassAllocParams.lookup(hClass);
        assertTrue(e != null, Classes.name(hClass) + " should be allocatable");
        return e;
    }

    @Test
    void spotValuesFromTheResourceList() {
        Entry root = entry(Classes.NV01_ROOT_CLIENT);
        assertEquals(4, root.paramsSize(), "a client's optional alloc param is its NvHandle");
        assertEquals(Presence.OPTIONAL, root.presence(), "client params are optional");

        Entry device = entry(Classes.NV01_DEVICE_0);
        assertEquals("NV0080_ALLOC_PARAMETERS", device.paramsType(), "NV01_DEVICE_0 params type");
        assertEquals(56, device.paramsSize(), "sizeof(NV0080_ALLOC_PARAMETERS)");

        Entry channel = entry(Classes.HOPPER_CHANNEL_GPFIFO_A);
        assertEquals(368, channel.paramsSize(), "sizeof(NV_CHANNEL_ALLOC_PARAMS)");
        assertEquals(
                Presence.REQUIRED,
                channel.presence(),
                "a channel cannot be allocated without params");
        assertEquals(Privilege.USER, channel.privilege(), "channels are non-privileged");

        Entry osDesc = entry(Classes.NV01_MEMORY_SYSTEM_OS_DESCRIPTOR);
        assertTrue(
                osDesc.has(ClassAllocParams.POINTER),
                "the OS descriptor names user memory by address");

        Entry event = entry(Classes.NV01_EVENT_OS_EVENT);
        assertEquals(
                "NV0005_ALLOC_PARAMETERS", event.paramsType(), "OS events share NV0005's params");
        assertEquals(24, event.paramsSize(), "sizeof(NV0005_ALLOC_PARAMETERS)");

        Entry smcConfig = entry(Classes.AMPERE_SMC_CONFIG_SESSION);
        assertTrue(
                smcConfig.has(ClassAllocParams.FD), "MIG config sessions carry an nvidia-caps fd");

        assertEquals(
                Presence.NONE,
                entry(Classes.MPS_COMPUTE).presence(),
                "MPS_COMPUTE takes no params");
        assertNull(
                ClassAllocParams.lookup(Classes.NV_CE_UTILS),
                "NV_CE_UTILS exists only in debug drivers");
    }

    @Test
    void tableShape() {
        assertEquals(
                208,
                ClassAllocParams.entries().size(),
                "resource_list.h has 208 release entries at 580.142");
        for (Entry e : ClassAllocParams.entries().values()) {
            assertEquals(
                    Classes.name(e.hClass()),
                    e.className(),
                    e.className() + " should be the preferred name of " + NvStatus.hex(e.hClass()));
            if (e.presence() == Presence.NONE) {
                assertEquals(0, e.paramsSize(), e.className() + " takes no params, so size 0");
                assertNull(e.paramsType(), e.className() + " has no params type");
            } else {
                assertTrue(e.paramsSize() > 0, e.className() + " copies a non-empty struct");
            }
            boolean client =
                    e.hClass() == Classes.NV01_ROOT
                            || e.hClass() == Classes.NV01_ROOT_NON_PRIV
                            || e.hClass() == Classes.NV01_ROOT_CLIENT;
            assertEquals(
                    client,
                    e.privilege() == Privilege.CLIENT,
                    e.className() + ": only the three client classes take the client path");
        }
    }
}
