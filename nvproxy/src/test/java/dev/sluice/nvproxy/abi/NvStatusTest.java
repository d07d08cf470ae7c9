package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Map;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvStatusTest {

    @Test
    void spotValuesFromNvStatusCodes() {
        assertEquals(0x00, NvStatus.NV_OK, "NV_OK");
        assertEquals(0xffff, NvStatus.NV_ERR_GENERIC, "NV_ERR_GENERIC");
        assertEquals(0x16, NvStatus.NV_ERR_ILLEGAL_ACTION, "NV_ERR_ILLEGAL_ACTION");
        assertEquals(
                0x1b, NvStatus.NV_ERR_INSUFFICIENT_PERMISSIONS, "NV_ERR_INSUFFICIENT_PERMISSIONS");
        assertEquals(0x1f, NvStatus.NV_ERR_INVALID_ARGUMENT, "NV_ERR_INVALID_ARGUMENT");
        assertEquals(0x22, NvStatus.NV_ERR_INVALID_CLASS, "NV_ERR_INVALID_CLASS");
        assertEquals(0x24, NvStatus.NV_ERR_INVALID_COMMAND, "NV_ERR_INVALID_COMMAND");
        assertEquals(0x33, NvStatus.NV_ERR_INVALID_OBJECT_HANDLE, "NV_ERR_INVALID_OBJECT_HANDLE");
        assertEquals(0x3a, NvStatus.NV_ERR_INVALID_PARAM_STRUCT, "NV_ERR_INVALID_PARAM_STRUCT");
        assertEquals(0x3b, NvStatus.NV_ERR_INVALID_PARAMETER, "NV_ERR_INVALID_PARAMETER");
        assertEquals(0x56, NvStatus.NV_ERR_NOT_SUPPORTED, "NV_ERR_NOT_SUPPORTED");
        assertEquals(0x10009, NvStatus.NV_WARN_THRESHOLD_CROSSED, "NV_WARN_THRESHOLD_CROSSED");
    }

    @Test
    void nameTableMatchesTheConstantsOneToOne() {
        Map<String, Integer> constants =
                AbiTables.intConstants(
                        NvStatus.class,
                        n ->
                                n.startsWith("NV_OK")
                                        || n.startsWith("NV_ERR_")
                                        || n.startsWith("NV_WARN_"));
        assertEquals(150, constants.size(), "nvstatuscodes.h defines 150 codes at 580.142");
        assertEquals(
                constants.size(),
                NvStatus.names().size(),
                "one table entry per constant, no shared values");
        for (Map.Entry<String, Integer> e : constants.entrySet()) {
            assertEquals(
                    e.getKey(),
                    NvStatus.name(e.getValue()),
                    "name of " + NvStatus.hex(e.getValue()));
        }
    }

    @Test
    void warningsAndUnknownValues() {
        assertTrue(NvStatus.isWarning(NvStatus.NV_WARN_NULL_OBJECT), "0x0001xxxx is a warning");
        assertFalse(NvStatus.isWarning(NvStatus.NV_ERR_GENERIC), "NV_ERR_GENERIC is an error");
        assertFalse(NvStatus.isWarning(NvStatus.NV_OK), "NV_OK is not a warning");
        assertEquals(
                "NV_STATUS(0x00abcdef)",
                NvStatus.name(0xabcdef),
                "unknown values are shown in hex");
    }
}
