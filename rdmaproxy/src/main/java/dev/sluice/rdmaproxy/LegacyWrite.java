package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.LegacyCommands.CmdHdr;
import dev.sluice.rdmaproxy.abi.LegacyCommands.ExCmdHdr;
import dev.sluice.rdmaproxy.abi.LegacyCommands.WriteMethod;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsObjects;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One legacy uverbs command as {@code write()} carries it (the sentry's copy of one write segment),
 * framed as the kernel frames it, and the {@code UVERBS_METHOD_INVOKE_WRITE} call that carries the
 * same command over the ioctl path ({@link #asInvokeWrite}): RDMAProxy's strict mode decides a
 * written command with the same code, table rows and driver-data rules as that ioctl.
 *
 * <p>Framing, from {@code ib_uverbs_write} and {@code verify_hdr} (drivers/infiniband/core/
 * uverbs_main.c, Linux 6.1), each failure EINVAL as there:
 *
 * <ul>
 *   <li>at least an {@code ib_uverbs_cmd_hdr}; {@code command} only the command number and the
 *       extended flag;
 *   <li>plain: the write is exactly {@code in_words * 4} bytes (header included), at least the
 *       header plus the request; {@code out_words * 4} at least the response. The driver data in is
 *       what follows the request; the driver data out is {@code out_words * 4} beyond the response;
 *   <li>extended: an {@code ib_uverbs_ex_cmd_hdr} follows, whose {@code cmd_hdr_reserved} is zero;
 *       the write is exactly both headers plus {@code (in_words + provider_in_words) * 8}, {@code
 *       in_words * 8} at least the request; the driver data is {@code provider_in_words * 8} in and
 *       {@code provider_out_words * 8} out.
 * </ul>
 *
 * @param command the command number, without the extended flag
 * @param extended whether the extended flag was set
 * @param method the kernel's registration of the command (request and response sizes)
 * @param coreIn the request's length
 * @param coreOut the response's length
 * @param udataIn the driver data the command carries (the sentry's copy)
 * @param udataOut the length of the driver data out
 * @param request the request itself (the sentry's copy, {@code coreIn} bytes)
 * @param response where the kernel's write path puts the response, and the driver data out right
 *     after it: the request's first u64 for a plain command, {@code ex_hdr.response} for an
 *     extended one (0 for a plain request shorter than a u64, which has no response)
 */
record LegacyWrite(
        int command,
        boolean extended,
        WriteMethod method,
        int coreIn,
        int coreOut,
        byte[] udataIn,
        int udataOut,
        byte[] request,
        long response) {

    /**
     * The longest write a legacy command can be: an extended one with both word counts at their u16
     * maximum. Longer writes are refused before anything is copied.
     */
    static final int MAX_LENGTH = CmdHdr.SIZE + ExCmdHdr.SIZE + 2 * 0xffff * 8;

    private static final Map<Long, WriteMethod> METHODS =
            LegacyCommands.WRITE_METHODS.stream()
                    .collect(
                            Collectors.toUnmodifiableMap(
                                    m -> key(m.command(), m.extended()), Function.identity()));

    /** Either a framed command, or why the kernel would refuse the write. */
    record Parsed(LegacyWrite write, String refusal) {}

    private static long key(int command, boolean extended) {
        return (extended ? 1L << 32 : 0) | command;
    }

    /** Frames {@code bytes}, the sentry's copy of one whole write segment. */
    static Parsed parse(byte[] bytes) {
        if (bytes.length < CmdHdr.SIZE) {
            return refuse(
                    "a write of "
                            + bytes.length
                            + " bytes is shorter than struct ib_uverbs_cmd_hdr");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        long v = Integer.toUnsignedLong(b.getInt(CmdHdr.OFF_COMMAND));
        long extendedFlag = Integer.toUnsignedLong(LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED);
        if ((v & ~(extendedFlag | LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK)) != 0) {
            return refuse(String.format("command 0x%x is not a command number", v));
        }
        boolean extended = (v & extendedFlag) != 0;
        int command = (int) (v & LegacyCommands.IB_USER_VERBS_CMD_COMMAND_MASK);
        WriteMethod m = METHODS.get(key(command, extended));
        if (m == null) {
            return refuse(
                    String.format(
                            "%scommand %d%s is not one the kernel registers",
                            extended ? "extended " : "", command, name(command, extended)));
        }
        int inWords = Short.toUnsignedInt(b.getShort(CmdHdr.OFF_IN_WORDS));
        int outWords = Short.toUnsignedInt(b.getShort(CmdHdr.OFF_OUT_WORDS));
        if (!extended) {
            if (bytes.length != inWords * 4) {
                return refuse(
                        m.name()
                                + ": in_words "
                                + inWords
                                + " * 4 is not the write's "
                                + bytes.length
                                + " bytes");
            }
            int in = bytes.length - CmdHdr.SIZE;
            if (in < m.requestSize()) {
                return refuse(
                        m.name()
                                + ": "
                                + in
                                + " bytes of request, less than sizeof(struct "
                                + m.request()
                                + ") "
                                + m.requestSize());
            }
            if (outWords * 4 < m.responseSize()) {
                return refuse(
                        m.name()
                                + ": out_words "
                                + outWords
                                + " * 4 is less than sizeof(struct "
                                + m.response()
                                + ") "
                                + m.responseSize());
            }
            boolean udata = m.udata();
            byte[] uin =
                    udata
                            ? Arrays.copyOfRange(bytes, CmdHdr.SIZE + m.requestSize(), bytes.length)
                            : new byte[0];
            int uout = udata && m.responseSize() > 0 ? outWords * 4 - m.responseSize() : 0;
            int coreIn = udata ? m.requestSize() : in;
            return new Parsed(
                    new LegacyWrite(
                            command,
                            false,
                            m,
                            coreIn,
                            udata && m.responseSize() > 0 ? m.responseSize() : outWords * 4,
                            uin,
                            uout,
                            Arrays.copyOfRange(bytes, CmdHdr.SIZE, CmdHdr.SIZE + coreIn),
                            coreIn >= 8 ? b.getLong(CmdHdr.SIZE) : 0),
                    null);
        }
        if (bytes.length < CmdHdr.SIZE + ExCmdHdr.SIZE) {
            return refuse(
                    m.name()
                            + ": a write of "
                            + bytes.length
                            + " bytes is shorter than both command headers");
        }
        int base = CmdHdr.SIZE;
        int providerIn = Short.toUnsignedInt(b.getShort(base + ExCmdHdr.OFF_PROVIDER_IN_WORDS));
        int providerOut = Short.toUnsignedInt(b.getShort(base + ExCmdHdr.OFF_PROVIDER_OUT_WORDS));
        int reserved = b.getInt(base + ExCmdHdr.OFF_CMD_HDR_RESERVED);
        if (reserved != 0) {
            return refuse(
                    m.name()
                            + ": cmd_hdr_reserved is 0x"
                            + Integer.toHexString(reserved)
                            + ", must be zero");
        }
        long expected = CmdHdr.SIZE + ExCmdHdr.SIZE + (long) (inWords + providerIn) * 8;
        if (bytes.length != expected) {
            return refuse(
                    m.name()
                            + ": the headers and (in_words "
                            + inWords
                            + " + provider_in_words "
                            + providerIn
                            + ") * 8 are not the write's "
                            + bytes.length
                            + " bytes");
        }
        if (inWords * 8 < m.requestSize()) {
            return refuse(
                    m.name()
                            + ": in_words "
                            + inWords
                            + " * 8 is less than the request's "
                            + m.requestSize()
                            + " bytes");
        }
        int uinAt = CmdHdr.SIZE + ExCmdHdr.SIZE + inWords * 8;
        byte[] uin = Arrays.copyOfRange(bytes, uinAt, uinAt + providerIn * 8);
        return new Parsed(
                new LegacyWrite(
                        command,
                        true,
                        m,
                        inWords * 8,
                        outWords * 8,
                        uin,
                        providerOut * 8,
                        Arrays.copyOfRange(bytes, CmdHdr.SIZE + ExCmdHdr.SIZE, uinAt),
                        b.getLong(base + ExCmdHdr.OFF_RESPONSE)),
                null);
    }

    private static Parsed refuse(String why) {
        return new Parsed(null, why);
    }

    private static String name(int command, boolean extended) {
        String n = (extended ? LegacyCommands.EX_CMD_NAMES : LegacyCommands.CMD_NAMES).get(command);
        return n == null ? "" : " (" + n + ")";
    }

    /**
     * The envelope of the {@code UVERBS_METHOD_INVOKE_WRITE} call that carries this command over
     * the ioctl path, as rdma-core builds it ({@code ioctl_write}): the command in {@code
     * UVERBS_ATTR_WRITE_CMD}, the request and response in CORE_IN/CORE_OUT, the driver data in
     * UHW_IN/UHW_OUT, each present where not empty. Its pointers are never followed: the sentry
     * already holds every byte it decides on.
     */
    UverbsEnvelope asInvokeWrite(int driverId) {
        List<UverbsEnvelope.Attr> attrs = new java.util.ArrayList<>();
        long cmd =
                extended
                        ? Integer.toUnsignedLong(LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED)
                                | command
                        : command;
        attrs.add(new UverbsEnvelope.Attr(UverbsAttrs.UVERBS_ATTR_WRITE_CMD, 8, 0, 0, cmd));
        if (coreIn > 0) {
            attrs.add(new UverbsEnvelope.Attr(UverbsAttrs.UVERBS_ATTR_CORE_IN, coreIn, 0, 0, 0));
        }
        if (coreOut > 0) {
            attrs.add(new UverbsEnvelope.Attr(UverbsAttrs.UVERBS_ATTR_CORE_OUT, coreOut, 0, 0, 0));
        }
        if (udataIn.length > 0) {
            attrs.add(
                    new UverbsEnvelope.Attr(
                            UverbsAttrs.UVERBS_ATTR_UHW_IN, udataIn.length, 0, 0, 0));
        }
        if (udataOut > 0) {
            attrs.add(new UverbsEnvelope.Attr(UverbsAttrs.UVERBS_ATTR_UHW_OUT, udataOut, 0, 0, 0));
        }
        return new UverbsEnvelope(
                24 + 16 * attrs.size(),
                UverbsObjects.UVERBS_OBJECT_DEVICE,
                UverbsMethods.UVERBS_METHOD_INVOKE_WRITE,
                attrs.size(),
                0,
                driverId,
                0,
                List.copyOf(attrs));
    }
}
