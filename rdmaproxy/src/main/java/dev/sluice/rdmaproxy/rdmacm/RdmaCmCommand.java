package dev.sluice.rdmaproxy.rdmacm;

import dev.sluice.rdmaproxy.abi.RdmaCmAbi;
import dev.sluice.sentry.nativeio.Errno;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One rdma_cm command, parsed from the sentry's private copy of the bytes a guest {@code write()}s
 * to {@code /dev/infiniband/rdma_cm}: {@link RdmaCmAbi.CmdHdr} then the command's struct. Offsets
 * given to the readers are the struct's ({@code offsetof}); the header is not counted.
 *
 * <p>{@link #parse} accepts what ucma.c accepts, and is stricter where the kernel would read memory
 * the write does not hold or ignores what the guest wrote:
 *
 * <ul>
 *   <li>the write holds the 8-byte header (kernel: EINVAL);
 *   <li>the command number is one ucma.c implements (kernel: EINVAL past its table, ENOSYS for
 *       GET_OPTION);
 *   <li>{@code in} is exactly the number of bytes after the header. The kernel fails a larger
 *       {@code in} (EINVAL) and ignores bytes beyond a smaller one; librdmacm writes exactly {@code
 *       in};
 *   <li>{@code in} covers the struct: the kernel copies {@code sizeof} the struct whatever {@code
 *       in} says, so a short command would have it read past the write, from guest memory nobody
 *       checked. CONNECT and ACCEPT may stop before ECE, as the kernel allows. {@code in} is no
 *       longer than the struct: the kernel would ignore the rest;
 *   <li>a command that answers has a non-NULL {@code response} (the kernel's copy would EFAULT) and
 *       an {@code out} at least what the kernel asks (ENOSPC); one that does not answer has {@code
 *       out} 0, as librdmacm writes it.
 * </ul>
 *
 * Instances are immutable; the bytes are copied in and out.
 */
public final class RdmaCmCommand implements RdmaCmParsed {

    /** ENOSPC, from include/uapi/asm-generic/errno-base.h (the sentry's Errno lacks it). */
    public static final int ENOSPC = 28;

    private static final ByteOrder HOST = ByteOrder.nativeOrder();

    private final RdmaCmAbi.Command spec;
    private final byte[] bytes;
    private final int in;
    private final int out;

    private RdmaCmCommand(RdmaCmAbi.Command spec, byte[] bytes, int in, int out) {
        this.spec = spec;
        this.bytes = bytes;
        this.in = in;
        this.out = out;
    }

    /** Parses {@code written}, the whole buffer of one {@code write()} (copied). */
    public static RdmaCmParsed parse(byte[] written) {
        int hdr = RdmaCmAbi.CmdHdr.SIZE;
        if (written.length < hdr) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL,
                    "rdma_cm: a write of "
                            + written.length
                            + " bytes is shorter than "
                            + RdmaCmAbi.CmdHdr.C_TYPE
                            + " ("
                            + hdr
                            + ")");
        }
        ByteBuffer b = ByteBuffer.wrap(written).order(HOST);
        long cmd = Integer.toUnsignedLong(b.getInt(RdmaCmAbi.CmdHdr.OFF_CMD));
        int in = Short.toUnsignedInt(b.getShort(RdmaCmAbi.CmdHdr.OFF_IN));
        int out = Short.toUnsignedInt(b.getShort(RdmaCmAbi.CmdHdr.OFF_OUT));
        if (cmd == RdmaCmAbi.RDMA_USER_CM_CMD_GET_OPTION) {
            return new RdmaCmDecision.Refuse(
                    Errno.ENOSYS,
                    "rdma_cm: RDMA_USER_CM_CMD_GET_OPTION: the kernel has no handler for it"
                            + " (a NULL entry of ucma_cmd_table)");
        }
        RdmaCmAbi.Command spec = RdmaCmAbi.command(cmd);
        if (spec == null) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL,
                    "rdma_cm: unknown command 0x" + Long.toHexString(cmd) + " (" + cmd + ")");
        }
        String name = "rdma_cm: " + spec.name() + ": ";
        int after = written.length - hdr;
        if (in != after) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL,
                    name
                            + "in = "
                            + in
                            + " but the write has "
                            + after
                            + " bytes after the header");
        }
        if (in < spec.inMin()) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL,
                    name
                            + "in = "
                            + in
                            + " is shorter than struct "
                            + spec.request()
                            + " ("
                            + spec.inMin()
                            + "): the kernel would read the rest from guest memory past the write");
        }
        if (in > spec.inMax()) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL,
                    name
                            + "in = "
                            + in
                            + " is longer than struct "
                            + spec.request()
                            + " ("
                            + spec.inMax()
                            + "), all the kernel reads");
        }
        RdmaCmCommand c = new RdmaCmCommand(spec, written.clone(), in, out);
        if (spec.responds()) {
            if (c.response() == 0) {
                return new RdmaCmDecision.Refuse(Errno.EFAULT, name + "response is NULL");
            }
            int least = c.leastOut();
            if (out < least) {
                return new RdmaCmDecision.Refuse(
                        ENOSPC,
                        name
                                + "out = "
                                + out
                                + " is less than the "
                                + least
                                + " bytes its response needs ("
                                + c.responseType()
                                + ")");
            }
        } else if (out != 0) {
            return new RdmaCmDecision.Refuse(
                    Errno.EINVAL, name + "out = " + out + " but the command writes nothing back");
        }
        return c;
    }

    /** The least {@code out}: the table's, or for QUERY's PATH option its header's size. */
    private int leastOut() {
        if (cmd() == RdmaCmAbi.RDMA_USER_CM_CMD_QUERY
                && u32(RdmaCmAbi.Query.OFF_OPTION) == RdmaCmAbi.RDMA_USER_CM_QUERY_PATH) {
            return RdmaCmAbi.QueryPathResp.SIZE;
        }
        return spec.outMin();
    }

    /** The C type the kernel writes through {@code response}, for messages. */
    String responseType() {
        if (cmd() == RdmaCmAbi.RDMA_USER_CM_CMD_QUERY
                && u32(RdmaCmAbi.Query.OFF_OPTION) == RdmaCmAbi.RDMA_USER_CM_QUERY_PATH) {
            return "struct " + RdmaCmAbi.QueryPathResp.C_TYPE;
        }
        return "struct " + spec.response();
    }

    /** The command's row of {@link RdmaCmAbi#COMMANDS}. */
    public RdmaCmAbi.Command spec() {
        return spec;
    }

    /** The command number. */
    public int cmd() {
        return spec.cmd();
    }

    /** The C name, {@code RDMA_USER_CM_CMD_...}. */
    public String name() {
        return spec.name();
    }

    /** The header's {@code in}: bytes of the command after the header. */
    public int in() {
        return in;
    }

    /** The header's {@code out}: the size of the guest's response buffer. */
    public int out() {
        return out;
    }

    /** A copy of the written bytes, header included. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The guest address in {@code response}, or 0 for a command that writes nothing back. */
    public long response() {
        return spec.responds() ? u64(spec.responseOffset()) : 0;
    }

    /** The id the command names (see {@link RdmaCmAbi.Command#idOffset}); -1 if none. */
    public long id() {
        return spec.idOffset() >= 0 ? u32(spec.idOffset()) : -1;
    }

    /** The unsigned byte at struct offset {@code off}. */
    public int u8(int off) {
        return Byte.toUnsignedInt(bytes[at(off, 1)]);
    }

    /** The host-order unsigned 16-bit value at struct offset {@code off}. */
    public int u16(int off) {
        return Short.toUnsignedInt(buf().getShort(at(off, 2)));
    }

    /** The host-order unsigned 32-bit value at struct offset {@code off}. */
    public long u32(int off) {
        return Integer.toUnsignedLong(buf().getInt(at(off, 4)));
    }

    /** The host-order 64-bit value at struct offset {@code off}. */
    public long u64(int off) {
        return buf().getLong(at(off, 8));
    }

    /** A copy of {@code len} bytes at struct offset {@code off}. */
    public byte[] slice(int off, int len) {
        byte[] out = new byte[len];
        System.arraycopy(bytes, at(off, len), out, 0, len);
        return out;
    }

    /** Whether the {@code len} bytes at struct offset {@code off} are all zero. */
    public boolean zero(int off, int len) {
        int from = at(off, len);
        for (int i = from; i < from + len; i++) {
            if (bytes[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The offset in the written bytes of struct offset {@code off}. */
    public static int inWrite(int off) {
        return RdmaCmAbi.CmdHdr.SIZE + off;
    }

    private int at(int off, int len) {
        int p = inWrite(off);
        if (off < 0 || p + len > bytes.length) {
            throw new IndexOutOfBoundsException(
                    spec.name() + ": " + len + " bytes at " + off + " past in = " + in);
        }
        return p;
    }

    private ByteBuffer buf() {
        return ByteBuffer.wrap(bytes).order(HOST);
    }

    @Override
    public String toString() {
        return spec.name() + " (in " + in + ", out " + out + ")";
    }
}
