package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvStatus;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * The name an RM call goes by in the stats, the trace and the log: the C name of its class or
 * control command and the id in hex, {@code NV0000_CTRL_CMD_SYSTEM_GET_FEATURES (0x000001f0)}.
 * Built per call it cost a hex format and a fresh hash for the call's stats key on every RM call,
 * so the name of an id with a rule is made on its first call and kept. An id without one (a call
 * about to be refused) is named afresh each time: a guest cycling through ids cannot grow the map.
 */
final class IdLabels {
    private final Map<Integer, String> made = new ConcurrentHashMap<>();
    private final IntFunction<String> unknown;

    /**
     * @param unknown the name of an id that has no rule
     */
    IdLabels(IntFunction<String> unknown) {
        this.unknown = unknown;
    }

    /** The label of {@code id}, whose rule is named {@code ruleName}, or null when it has none. */
    String of(int id, String ruleName) {
        if (ruleName == null) {
            return label(unknown.apply(id), id);
        }
        String l = made.get(id);
        if (l == null) {
            l = label(ruleName, id);
            made.putIfAbsent(id, l);
        }
        return l;
    }

    private static String label(String name, int id) {
        return name + " (" + NvStatus.hex(id) + ")";
    }
}
