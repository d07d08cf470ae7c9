package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.nvproxy.abi.NvControlCommands.Command;
import dev.sluice.nvproxy.abi.NvControlCommands.Privilege;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NvControlCommandsTest {

    private static Map<String, Integer> commandConstants() {
        return AbiTables.intConstants(
                NvControlCommands.class, n -> n.matches("NV[0-9A-F]{4}_.*|NV_.*"));
    }

    private static Command command(int cmd) {
        Command c = NvControlCommands.lookup(cmd);
        assertNotNull(c, NvStatus.hex(cmd) + " should be an exported control");
        return c;
    }

    @Test
    void spotValuesFromTheCtrlHeaders() {
        assertEquals(
                0x00000d01,
                NvControlCommands.NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE,
                "ctrl0000client.h");
        assertEquals(
                0x00000201,
                NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS,
                "ctrl0000gpu.h");
        assertEquals(
                0x00003d05,
                NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD,
                "ctrl0000unix.h");
        assertEquals(
                0x00800201, NvControlCommands.NV0080_CTRL_CMD_GPU_GET_CLASSLIST, "ctrl0080gpu.h");
        assertEquals(
                0x20800102, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFO_V2, "ctrl2080gpu.h");
        assertEquals(
                0x2080014a, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_GID_INFO, "ctrl2080gpu.h");
        assertEquals(0x00fd0104, NvControlCommands.NV00FD_CTRL_CMD_ATTACH_GPU, "ctrl00fd.h");
        assertEquals(0x503c0102, NvControlCommands.NV503C_CTRL_CMD_REGISTER_VA_SPACE, "ctrl503c.h");
        assertEquals(
                0x83de0315, NvControlCommands.NV83DE_CTRL_CMD_DEBUG_READ_MEMORY, "ctrl83dedebug.h");
        assertEquals(
                0xc36f0108,
                NvControlCommands.NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN,
                "ctrlc36f.h");
        assertEquals(0x906f0102, NvControlCommands.NV906F_CTRL_CMD_RESET_CHANNEL, "ctrl906f.h");
        assertEquals(0x00410110, NvControlCommands.NV0041_CTRL_CMD_GET_SURFACE_INFO, "ctrl0041.h");
    }

    @Test
    void spotSizesFlagsAndTraits() {
        Command info = command(NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFO_V2);
        assertEquals(564, info.paramsSize(), "sizeof(NV2080_CTRL_GPU_GET_INFO_V2_PARAMS)");
        assertEquals(Privilege.USER, info.privilege(), "GET_INFO_V2 is NON_PRIVILEGED");
        assertEquals(0, info.traits(), "GET_INFO_V2 params are a flat struct");

        Command attached = command(NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS);
        assertEquals(128, attached.paramsSize(), "32 NvU32 GPU ids");

        Command classList = command(NvControlCommands.NV0080_CTRL_CMD_GPU_GET_CLASSLIST);
        assertTrue(
                classList.has(NvControlCommands.POINTER),
                "GET_CLASSLIST carries a classList pointer");
        assertTrue(
                classList.has(NvControlCommands.RM_COPIES_EMBEDDED),
                "RM copies through that pointer");

        Command attach = command(NvControlCommands.NV00FD_CTRL_CMD_ATTACH_GPU);
        assertTrue(
                attach.has(NvControlCommands.FD),
                "ATTACH_GPU carries devDescriptor, a file descriptor");
        Command export = command(NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD);
        assertTrue(export.has(NvControlCommands.FD), "EXPORT_OBJECT_TO_FD carries an fd");

        Command dump = command(NvControlCommands.NV0000_CTRL_CMD_NVD_GET_DUMP);
        assertEquals(Privilege.ROOT, dump.privilege(), "NVD_GET_DUMP is PRIVILEGED");

        Command derived = command(0x20800145);
        assertTrue(
                derived.has(NvControlCommands.NAME_DERIVED),
                "0x20800145 has no #define at 580.142");
        assertEquals(0, derived.paramsSize(), "and takes no params");
    }

    @Test
    void everyConstantIsATableRowOfTheSameNameAndEveryNamedRowAConstant() {
        Map<String, Integer> constants = commandConstants();
        Set<String> rowNames = new HashSet<>();
        for (Command c : NvControlCommands.commands().values()) {
            rowNames.add(c.name());
            if (c.has(NvControlCommands.NAME_DERIVED)) {
                assertFalse(
                        constants.containsKey(c.name()),
                        c.name() + " is derived and must not look like a #define");
            } else {
                assertEquals(
                        Integer.valueOf(c.cmd()),
                        constants.get(c.name()),
                        c.name() + " should be a constant with value " + NvStatus.hex(c.cmd()));
            }
        }
        Set<String> orphans = new TreeSet<>(constants.keySet());
        orphans.removeAll(rowNames);
        assertTrue(orphans.isEmpty(), "constants without a table row: " + orphans);
        assertEquals(
                rowNames.size(), NvControlCommands.commands().size(), "no two rows share a name");
    }

    @Test
    void tableShapeAndInvariants() {
        assertEquals(
                1348,
                NvControlCommands.commands().size(),
                "580.142 exports 1348 distinct control methods");
        for (Command c : NvControlCommands.commands().values()) {
            assertTrue(c.paramsSize() >= 0, c.name() + " size should be known");
            if (c.has(NvControlCommands.RM_COPIES_EMBEDDED)) {
                assertTrue(
                        c.has(NvControlCommands.POINTER),
                        c.name() + ": RM can only follow a pointer the params have");
            }
            assertTrue(
                    Classes.names().containsKey(NvControlCommands.classOf(c.cmd())),
                    c.name()
                            + ": the upper 16 bits should be a known class, got "
                            + NvStatus.hex(NvControlCommands.classOf(c.cmd())));
        }
    }

    @Test
    void encodingSplitsClassCategoryAndIndex() {
        int cmd = NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFO_V2;
        assertEquals(Classes.NV20_SUBDEVICE_0, NvControlCommands.classOf(cmd), "class bits 31:16");
        assertEquals(0x01, NvControlCommands.category(cmd), "category bits 13:8 (NV2080_CTRL_GPU)");
        assertEquals(0x02, NvControlCommands.index(cmd), "index bits 7:0");
        int legacy = 0x2080c512; // category byte 0xc5: THERMAL | LEGACY_PRIVILEGED
        assertEquals(
                0x05,
                NvControlCommands.category(legacy),
                "legacy privilege bits are not part of the category");
        assertEquals(
                0xc5, NvControlCommands.categoryByte(legacy), "but are kept in the category byte");
    }

    @Test
    void namesOfUnknownCommands() {
        assertEquals(
                "NV2080_CTRL_CMD(0x2080ffff)",
                NvControlCommands.name(0x2080ffff),
                "unknown id shown with its class");
        assertEquals(
                "NV2080_CTRL_CMD_GPU_GET_INFO_V2",
                NvControlCommands.name(0x20800102),
                "known id by name");
    }
}
