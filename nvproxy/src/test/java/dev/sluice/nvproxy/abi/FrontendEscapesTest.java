package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Ioctl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrontendEscapesTest {

    private static Map<String, Integer> escapeConstants() {
        return AbiTables.intConstants(FrontendEscapes.class, n -> n.startsWith("NV_ESC_"));
    }

    @Test
    void spotValuesFromTheHeaders() {
        assertEquals('F', FrontendEscapes.NV_IOCTL_MAGIC, "NV_IOCTL_MAGIC");
        assertEquals(200, FrontendEscapes.NV_IOCTL_BASE, "NV_IOCTL_BASE");
        assertEquals(0x2a, FrontendEscapes.NV_ESC_RM_CONTROL, "NV_ESC_RM_CONTROL (nv_escape.h)");
        assertEquals(0x2b, FrontendEscapes.NV_ESC_RM_ALLOC, "NV_ESC_RM_ALLOC (nv_escape.h)");
        assertEquals(0x29, FrontendEscapes.NV_ESC_RM_FREE, "NV_ESC_RM_FREE (nv_escape.h)");
        assertEquals(
                0x4e, FrontendEscapes.NV_ESC_RM_MAP_MEMORY, "NV_ESC_RM_MAP_MEMORY (nv_escape.h)");
        assertEquals(
                0x5f,
                FrontendEscapes.NV_ESC_RM_LOCKLESS_DIAGNOSTIC,
                "NV_ESC_RM_LOCKLESS_DIAGNOSTIC");
        assertEquals(200, FrontendEscapes.NV_ESC_CARD_INFO, "NV_ESC_CARD_INFO = NV_IOCTL_BASE + 0");
        assertEquals(
                211,
                FrontendEscapes.NV_ESC_IOCTL_XFER_CMD,
                "NV_ESC_IOCTL_XFER_CMD = NV_IOCTL_BASE + 11");
        assertEquals(
                215,
                FrontendEscapes.NV_ESC_NUMA_INFO,
                "NV_ESC_NUMA_INFO = NV_IOCTL_BASE + 15 (nv-ioctl-numa.h)");
        assertEquals(
                217,
                FrontendEscapes.NV_ESC_EXPORT_TO_DMABUF_FD,
                "NV_ESC_EXPORT_TO_DMABUF_FD = NV_IOCTL_BASE + 17");
        assertEquals(
                218,
                FrontendEscapes.NV_ESC_WAIT_OPEN_COMPLETE,
                "NV_ESC_WAIT_OPEN_COMPLETE = NV_IOCTL_BASE + 18");
    }

    @Test
    void nameTableHoldsEveryEscapeConstantOnce() {
        Map<String, Integer> constants = escapeConstants();
        assertEquals(
                constants.size(),
                FrontendEscapes.names().size(),
                "one name per NV_ESC_* constant, and no two constants share a number");
        for (Map.Entry<String, Integer> e : constants.entrySet()) {
            assertEquals(
                    e.getKey(),
                    FrontendEscapes.names().get(e.getValue()),
                    "the name table should map " + e.getValue() + " to " + e.getKey());
        }
    }

    @Test
    void everyEscapeFitsTheNrFieldAndFamiliesDoNotOverlap() {
        for (Map.Entry<String, Integer> e : escapeConstants().entrySet()) {
            int esc = e.getValue();
            assertTrue(
                    esc > 0 && esc <= 0xff,
                    e.getKey() + " = " + esc + " must fit the 8-bit _IOC_NR");
            boolean rm = e.getKey().startsWith("NV_ESC_RM_");
            assertEquals(
                    rm,
                    esc < FrontendEscapes.NV_IOCTL_BASE,
                    e.getKey()
                            + ": RM escapes lie below NV_IOCTL_BASE, frontend escapes at or above it");
        }
    }

    @Test
    void namesOfUnknownEscapesAndOfRequestsWithAnotherTypeByte() {
        assertEquals(
                "NV_ESC(0xcb)",
                FrontendEscapes.name(0xcb),
                "an unused frontend number is shown in hex");
        int notF = Ioctl.iowr('G', FrontendEscapes.NV_ESC_RM_CONTROL, 32);
        assertEquals(
                "NV_ESC_RM_CONTROL",
                FrontendEscapes.nameOfRequest(notF),
                "the driver dispatches on _IOC_NR only, so the name ignores the type byte too");
    }

    @Test
    void xferLimitIsOneMoreThanTheIocSizeField() {
        assertEquals(
                Ioctl.MAX_SIZE + 1,
                FrontendEscapes.NV_ABSOLUTE_MAX_IOCTL_SIZE,
                "NV_ABSOLUTE_MAX_IOCTL_SIZE (16384) is one more than a 14-bit _IOC_SIZE can hold");
    }
}
