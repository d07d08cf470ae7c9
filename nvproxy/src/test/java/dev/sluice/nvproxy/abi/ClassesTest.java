package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClassesTest {

    @Test
    void spotValuesFromTheClassHeaders() {
        assertEquals(0x0, Classes.NV01_ROOT, "NV01_ROOT (cl0000.h)");
        assertEquals(0x1, Classes.NV01_ROOT_NON_PRIV, "NV01_ROOT_NON_PRIV (cl0001.h)");
        assertEquals(0x41, Classes.NV01_ROOT_CLIENT, "NV01_ROOT_CLIENT (nvos.h)");
        assertEquals(0x3e, Classes.NV01_MEMORY_SYSTEM, "NV01_MEMORY_SYSTEM (cl003e.h)");
        assertEquals(0x40, Classes.NV01_MEMORY_LOCAL_USER, "NV01_MEMORY_LOCAL_USER (cl0040.h)");
        assertEquals(
                0x71,
                Classes.NV01_MEMORY_SYSTEM_OS_DESCRIPTOR,
                "NV01_MEMORY_SYSTEM_OS_DESCRIPTOR (cl0071.h)");
        assertEquals(0x79, Classes.NV01_EVENT_OS_EVENT, "NV01_EVENT_OS_EVENT (nvos.h)");
        assertEquals(0x80, Classes.NV01_DEVICE_0, "NV01_DEVICE_0 (cl0080.h)");
        assertEquals(0xf8, Classes.NV_MEMORY_FABRIC, "NV_MEMORY_FABRIC (cl00f8.h)");
        assertEquals(0x2080, Classes.NV20_SUBDEVICE_0, "NV20_SUBDEVICE_0 (cl2080.h)");
        assertEquals(0x50a0, Classes.NV50_MEMORY_VIRTUAL, "NV50_MEMORY_VIRTUAL (cl50a0.h)");
        assertEquals(0x90f1, Classes.FERMI_VASPACE_A, "FERMI_VASPACE_A (cl90f1.h)");
        assertEquals(0xa06c, Classes.KEPLER_CHANNEL_GROUP_A, "KEPLER_CHANNEL_GROUP_A (cla06c.h)");
        assertEquals(0xc461, Classes.TURING_USERMODE_A, "TURING_USERMODE_A (clc461.h)");
        assertEquals(0xc661, Classes.HOPPER_USERMODE_A, "HOPPER_USERMODE_A (clc661.h)");
        assertEquals(0xc86f, Classes.HOPPER_CHANNEL_GPFIFO_A, "HOPPER_CHANNEL_GPFIFO_A (clc86f.h)");
        assertEquals(0xc8b5, Classes.HOPPER_DMA_COPY_A, "HOPPER_DMA_COPY_A (clc8b5.h)");
        assertEquals(0xcbc0, Classes.HOPPER_COMPUTE_A, "HOPPER_COMPUTE_A (clcbc0.h)");
        assertEquals(0xcb33, Classes.NV_CONFIDENTIAL_COMPUTE, "NV_CONFIDENTIAL_COMPUTE (clcb33.h)");
        assertEquals(0x90e6, Classes.GF100_SUBDEVICE_MASTER, "GF100_SUBDEVICE_MASTER (cl90e6.h)");
    }

    @Test
    void everyConstantIsNamedByItsNumberAndEveryNameIsAConstantOfThatNumber() {
        Map<String, Integer> constants = AbiTables.intConstants(Classes.class, n -> true);
        for (Map.Entry<String, Integer> e : constants.entrySet()) {
            assertTrue(
                    Classes.names().containsKey(e.getValue()),
                    e.getKey()
                            + " = "
                            + NvStatus.hex(e.getValue())
                            + " should have a name in the table");
        }
        for (Map.Entry<Integer, String> e : Classes.names().entrySet()) {
            assertEquals(
                    e.getKey(),
                    constants.get(e.getValue()),
                    "table name "
                            + e.getValue()
                            + " should be a constant with value "
                            + NvStatus.hex(e.getKey()));
        }
    }

    @Test
    void sharedNumbersUseThePreferredName() {
        assertEquals(
                Classes.NV01_ROOT_CLIENT, Classes.NV04_MEMORY, "0x41 is both names in the headers");
        assertEquals(
                "NV01_ROOT_CLIENT",
                Classes.name(0x41),
                "the RM_ALLOC escape treats 0x41 as a root client");
        assertEquals("NV01_ROOT", Classes.name(0x0), "0x0 is NV01_ROOT, not NV01_NULL_OBJECT");
        assertEquals("NV01_MEMORY_SYSTEM", Classes.name(0x3e), "0x3e is NV01_MEMORY_SYSTEM");
        assertEquals("class(0x0000beef)", Classes.name(0xbeef), "unknown classes are shown in hex");
    }
}
