package dev.sluice.rdmaproxy.uverbs;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsIoctl.IoctlHdr;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.IoctlCall;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;

/**
 * The sentry's copy of one {@code RDMA_VERBS_IOCTL} envelope: the 24-byte {@code
 * ib_uverbs_ioctl_hdr} and its {@code num_attrs} 16-byte {@code ib_uverbs_attr} entries, each read
 * once from guest memory into the call's arena.
 *
 * <p>The copy is what the proxy validates. Under CONTINUE the kernel re-reads the guest's memory,
 * so a racing guest thread can change the envelope after the check: validation of a continued call
 * is advisory (docs/security-model.md).
 */
public record UverbsEnvelope(
        int length,
        int objectId,
        int methodId,
        int numAttrs,
        long reserved1,
        int driverId,
        int reserved2,
        List<Attr> attrs) {

    /**
     * The most attributes a call may carry; the kernel's own bound is a page of header and attrs.
     */
    public static final int MAX_ATTRS = 64;

    /**
     * One {@code ib_uverbs_attr}: id, length, flags, the attr_data union as a u16, and the data
     * u64.
     */
    public record Attr(int id, int len, int flags, int attrData, long data) {}

    /** Reading the envelope failed: {@code errno} for the guest and why. */
    public record Fault(int errno, String reason) {}

    /** Either an envelope or a fault. */
    public sealed interface Read permits Ok, Bad {}

    public record Ok(UverbsEnvelope envelope) implements Read {}

    public record Bad(Fault fault) implements Read {}

    /**
     * Copies and checks the header's framing (length, attr count, reserved fields), then the attrs.
     */
    public static Read read(IoctlCall call) {
        Pointer h = call.arena().alloc(IoctlHdr.SIZE);
        int r = call.memory().read(call.request().arg(), h, IoctlHdr.SIZE);
        if (r < 0) {
            return bad(
                    -r,
                    "cannot read ib_uverbs_ioctl_hdr at 0x"
                            + Long.toHexString(call.request().arg()));
        }
        int length = Short.toUnsignedInt(h.getShort(IoctlHdr.OFF_LENGTH));
        int object = Short.toUnsignedInt(h.getShort(IoctlHdr.OFF_OBJECT_ID));
        int method = Short.toUnsignedInt(h.getShort(IoctlHdr.OFF_METHOD_ID));
        int numAttrs = Short.toUnsignedInt(h.getShort(IoctlHdr.OFF_NUM_ATTRS));
        long reserved1 = h.getLong(IoctlHdr.OFF_RESERVED1);
        int driverId = h.getInt(IoctlHdr.OFF_DRIVER_ID);
        int reserved2 = h.getInt(IoctlHdr.OFF_RESERVED2);
        if (numAttrs > MAX_ATTRS) {
            return bad(Errno.EINVAL, "num_attrs " + numAttrs + " exceeds " + MAX_ATTRS);
        }
        if (length != IoctlHdr.SIZE + numAttrs * UverbsIoctl.Attr.SIZE) {
            return bad(
                    Errno.EINVAL,
                    "length " + length + " is not 24 + 16 * num_attrs (" + numAttrs + ")");
        }
        if (reserved1 != 0 || reserved2 != 0) {
            return bad(Errno.EINVAL, "reserved fields of ib_uverbs_ioctl_hdr are not zero");
        }
        List<Attr> attrs = new ArrayList<>(numAttrs);
        if (numAttrs > 0) {
            int size = numAttrs * UverbsIoctl.Attr.SIZE;
            Pointer a = call.arena().alloc(size);
            r = call.memory().read(call.request().arg() + IoctlHdr.OFF_ATTRS, a, size);
            if (r < 0) {
                return bad(-r, "cannot read " + numAttrs + " ib_uverbs_attr entries");
            }
            for (int i = 0; i < numAttrs; i++) {
                int o = i * UverbsIoctl.Attr.SIZE;
                attrs.add(
                        new Attr(
                                Short.toUnsignedInt(a.getShort(o + UverbsIoctl.Attr.OFF_ATTR_ID)),
                                Short.toUnsignedInt(a.getShort(o + UverbsIoctl.Attr.OFF_LEN)),
                                Short.toUnsignedInt(a.getShort(o + UverbsIoctl.Attr.OFF_FLAGS)),
                                Short.toUnsignedInt(a.getShort(o + UverbsIoctl.Attr.OFF_ATTR_DATA)),
                                a.getLong(o + UverbsIoctl.Attr.OFF_DATA)));
            }
        }
        return new Ok(
                new UverbsEnvelope(
                        length,
                        object,
                        method,
                        numAttrs,
                        reserved1,
                        driverId,
                        reserved2,
                        List.copyOf(attrs)));
    }

    private static Read bad(int errno, String reason) {
        return new Bad(new Fault(errno, reason));
    }

    /** Whether an id lies in the driver namespace (bits of {@code UVERBS_ID_NS_MASK} set). */
    public static boolean driverNamespace(int id) {
        return (id & UverbsIoctl.UVERBS_ID_NS_MASK) != 0;
    }
}
