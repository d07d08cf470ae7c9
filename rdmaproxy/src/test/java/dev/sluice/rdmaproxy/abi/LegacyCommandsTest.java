package dev.sluice.rdmaproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.AbiClasses.IntConstant;
import dev.sluice.rdmaproxy.abi.LegacyCommands.WriteMethod;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class LegacyCommandsTest {

    @Test
    void nameTablesNameEveryCommandOnce() {
        Set<String> plain = new TreeSet<>();
        Set<String> ex = new TreeSet<>();
        for (IntConstant k : AbiClasses.intConstants(LegacyCommands.class)) {
            if (k.name().startsWith("IB_USER_VERBS_CMD_")
                    && !k.name().equals("IB_USER_VERBS_CMD_THRESHOLD")
                    && !k.name().equals("IB_USER_VERBS_CMD_COMMAND_MASK")
                    && !k.name().equals("IB_USER_VERBS_CMD_FLAG_EXTENDED")) {
                plain.add(k.name());
                assertEquals(
                        k.name(), LegacyCommands.CMD_NAMES.get(k.value()), "CMD_NAMES names " + k);
            } else if (k.name().startsWith("IB_USER_VERBS_EX_CMD_")) {
                ex.add(k.name());
                assertEquals(
                        k.name(),
                        LegacyCommands.EX_CMD_NAMES.get(k.value()),
                        "EX_CMD_NAMES names " + k);
            }
        }
        assertEquals(
                plain,
                new TreeSet<>(LegacyCommands.CMD_NAMES.values()),
                "CMD_NAMES has only plain commands");
        assertEquals(
                ex,
                new TreeSet<>(LegacyCommands.EX_CMD_NAMES.values()),
                "EX_CMD_NAMES has only extended commands");
        assertEquals(41, plain.size(), "41 plain command numbers in 6.1");
    }

    @Test
    void writeMethodsAreUniqueAndNamedByTheirConstant() {
        Set<String> keys = new HashSet<>();
        for (WriteMethod w : LegacyCommands.WRITE_METHODS) {
            assertTrue(
                    keys.add(w.extended() + ":" + w.command()), w.name() + " is registered once");
            Map<Integer, String> names =
                    w.extended() ? LegacyCommands.EX_CMD_NAMES : LegacyCommands.CMD_NAMES;
            assertEquals(w.name(), names.get(w.command()), "the command number of " + w.name());
            assertTrue(
                    UverbsObjects.NAMES.containsKey(w.object()),
                    w.name() + " belongs to a core object");
            assertTrue(w.requestSize() > 0, w.name() + " has a request");
            assertTrue(
                    (w.response() == null) == (w.responseSize() == 0),
                    w.name() + ": a response has a size");
        }
    }

    @Test
    void requestAndResponseStructsAreDeclaredLayouts() {
        Map<String, Class<?>> byTag = new HashMap<>();
        for (Class<?> l : AbiClasses.layoutClasses()) {
            byTag.put(AbiClasses.cType(l), l);
        }
        for (WriteMethod w : LegacyCommands.WRITE_METHODS) {
            Class<?> req = byTag.get(w.request());
            assertNotNull(req, w.name() + "'s request struct " + w.request() + " has a layout");
            assertTrue(
                    w.requestSize() <= AbiClasses.intField(req, "SIZE"),
                    w.name() + " asks for at most its struct");
            if (w.udata()) {
                assertEquals(
                        AbiClasses.intField(req, "SIZE"),
                        AbiClasses.intField(req, "OFF_DRIVER_DATA"),
                        w.name() + ": driver data follows the fixed request");
            }
            if (w.response() != null) {
                assertNotNull(
                        byTag.get(w.response()),
                        w.name() + "'s response struct " + w.response() + " has a layout");
                if (!w.extended()) {
                    assertEquals(
                            0,
                            AbiClasses.intField(req, "OFF_RESPONSE"),
                            w.name() + ": response pointer first");
                }
            }
        }
    }

    @Test
    void sixNumberedCommandsAreNotRegistered() {
        Set<Integer> registered = new HashSet<>();
        LegacyCommands.WRITE_METHODS.stream()
                .filter(w -> !w.extended())
                .forEach(w -> registered.add(w.command()));
        Set<String> missing = new TreeSet<>();
        LegacyCommands.CMD_NAMES.forEach(
                (n, name) -> {
                    if (!registered.contains(n)) {
                        missing.add(name);
                    }
                });
        assertEquals(
                new TreeSet<>(
                        List.of(
                                "IB_USER_VERBS_CMD_BIND_MW",
                                "IB_USER_VERBS_CMD_MODIFY_AH",
                                "IB_USER_VERBS_CMD_PEEK_CQ",
                                "IB_USER_VERBS_CMD_QUERY_AH",
                                "IB_USER_VERBS_CMD_QUERY_MR",
                                "IB_USER_VERBS_CMD_REG_SMR")),
                missing,
                "commands the 6.1 kernel no longer registers");
    }

    @Test
    void rxeDoorbellIsA32BytePostSendWrite() {
        int bytes = LegacyCommands.CmdHdr.SIZE + LegacyCommands.PostSend.SIZE;
        assertEquals(32, bytes, "header plus post_send with no work requests");
        assertEquals(8, bytes / 4, "in_words counts the header");
        assertEquals(1, LegacyCommands.PostSendResp.SIZE / 4, "out_words is the u32 bad_wr");
        assertEquals(
                LegacyCommands.PostSend.SIZE,
                LegacyCommands.PostSend.OFF_SEND_WR,
                "work requests follow the fixed part");
        WriteMethod ps =
                LegacyCommands.WRITE_METHODS.stream()
                        .filter(
                                w ->
                                        !w.extended()
                                                && w.command()
                                                        == LegacyCommands
                                                                .IB_USER_VERBS_CMD_POST_SEND)
                        .findFirst()
                        .orElseThrow();
        assertEquals(
                LegacyCommands.PostSend.SIZE,
                ps.requestSize(),
                "the kernel accepts the bare request");
        assertEquals(UverbsObjects.UVERBS_OBJECT_QP, ps.object(), "POST_SEND is a QP command");
    }

    @Test
    void extendedCommandFraming() {
        assertEquals(
                0,
                LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED
                        & LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK,
                "the extended flag is outside the command mask");
        assertEquals(16, LegacyCommands.ExCmdHdr.SIZE, "ex header");
        assertEquals(
                LegacyCommands.IB_USER_VERBS_CMD_THRESHOLD,
                LegacyCommands.IB_USER_VERBS_EX_CMD_CREATE_FLOW,
                "extended-only numbers start at the threshold");
    }
}
