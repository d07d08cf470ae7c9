package dev.sluice.rdmaproxy.driver;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsNames;

/**
 * Where driver data ({@code udata}) travels: the {@code UVERBS_ATTR_UHW_IN}/{@code
 * UVERBS_ATTR_UHW_OUT} attributes of a core method that declares them (GET_CONTEXT, CQ/QP/SRQ/WQ
 * create), or those of {@code UVERBS_METHOD_INVOKE_WRITE} for one legacy write command. The driver
 * reads the same struct at both: {@code struct mlx5_ib_create_cq} comes with {@code
 * UVERBS_METHOD_CQ_CREATE} and with {@code IB_USER_VERBS_CMD_CREATE_CQ} alike.
 */
public sealed interface UdataSite {
    /** A core method's own UHW attributes. */
    record Method(int object, int method) implements UdataSite {}

    /** INVOKE_WRITE's UHW attributes for a legacy command (number without the extended flag). */
    record Write(int command, boolean extended) implements UdataSite {}

    /**
     * For log lines: {@code UVERBS_METHOD_CQ_CREATE on UVERBS_OBJECT_CQ} or {@code
     * IB_USER_VERBS_CMD_CREATE_CQ}.
     */
    static String describe(UdataSite site, UverbsNames names) {
        if (site instanceof Method m) {
            return names.method(m.object(), m.method()) + " on " + names.object(m.object());
        }
        Write w = (Write) site;
        String n =
                (w.extended() ? LegacyCommands.EX_CMD_NAMES : LegacyCommands.CMD_NAMES)
                        .get(w.command());
        return n != null ? n : (w.extended() ? "extended " : "") + "write command " + w.command();
    }
}
