package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

/**
 * The shape of one {@code ib_uverbs_attr} against its schema entry, as the 6.1 kernel checks it in
 * {@code uverbs_process_attr} and {@code uverbs_process_idrs_array}
 * (drivers/infiniband/core/uverbs_ioctl.c), without touching guest memory:
 *
 * <ul>
 *   <li>PTR_IN/PTR_OUT (and CONST_IN, FLAGS_IN, which are PTR_IN on the wire): {@code attr_data}
 *       zero, {@code len} at least the minimum and, unless the struct may grow ({@code
 *       zeroTrailing}), at most the known size;
 *   <li>IDR and FD handles: {@code attr_data} zero and {@code len} 0 (the handle is in {@code
 *       data});
 *   <li>a kernel RAW_FD: {@code attr_data} zero, {@code len} 0, the fd an int; REG_DMABUF_MR's fd,
 *       a PTR_IN u32 in 6.1, as a PTR_IN;
 *   <li>ENUM_IN: {@code elem_id} names an element, the reserved byte is zero, and the element's
 *       PTR_IN size rule holds;
 *   <li>IDRS_ARRAY: {@code attr_data} zero, {@code len} a whole number of u32 handles within the
 *       count bounds.
 * </ul>
 *
 * The kernel answers EINVAL to each of these (EOPNOTSUPP to an unknown ENUM_IN element); the proxy
 * denies them all with EINVAL.
 */
final class UverbsAttrCheck {
    private UverbsAttrCheck() {}

    /** Null when {@code a} has the shape {@code spec} asks for, else why not. */
    static String shape(UverbsSchema.Attr spec, UverbsEnvelope.Attr a) {
        switch (spec.type()) {
            case IDR, FD -> {
                if (a.attrData() != 0) {
                    return reserved(a);
                }
                return a.len() == 0
                        ? null
                        : "has length " + a.len() + ", expected 0 (a handle in data)";
            }
            case RAW_FD -> {
                if (spec.fdInline()) {
                    return pointer(spec, a);
                }
                if (a.attrData() != 0) {
                    return reserved(a);
                }
                if (a.len() != 0) {
                    return "has length " + a.len() + ", expected 0 (an fd in data)";
                }
                return a.data() == (int) a.data()
                        ? null
                        : "carries fd " + a.data() + ", which is not an int";
            }
            case IDRS_ARRAY -> {
                if (a.attrData() != 0) {
                    return reserved(a);
                }
                if (a.len() % 4 != 0) {
                    return "has length " + a.len() + ", not a whole number of u32 handles";
                }
                int n = a.len() / 4;
                return n >= spec.minLen() && n <= spec.len()
                        ? null
                        : "names "
                                + n
                                + " handles, expected "
                                + spec.minLen()
                                + " to "
                                + spec.len();
            }
            case ENUM_IN -> {
                int elem = a.attrData() & 0xff;
                if (elem >= spec.elements().size()) {
                    return "has elem_id "
                            + elem
                            + ", which is not one of its "
                            + spec.elements().size()
                            + " elements";
                }
                if ((a.attrData() >>> 8) != 0) {
                    return "has a non-zero attr_data.enum_data.reserved";
                }
                UverbsSchema.Attr e = spec.elements().get(elem);
                return sizeRule(e.name(), e.minLen(), e.len(), e.zeroTrailing(), a);
            }
            default -> {
                return pointer(spec, a);
            }
        }
    }

    /**
     * Whether the kernel reads this attribute's data as bytes from the caller (PTR_IN and its
     * flavours).
     */
    static boolean input(UverbsSchema.Attr spec) {
        return switch (spec.type()) {
            case PTR_IN, CONST_IN, FLAGS_IN, ENUM_IN -> true;
            case RAW_FD -> spec.fdInline();
            default -> false;
        };
    }

    /** The PTR_IN size rule of {@code spec}, or of the ENUM_IN element {@code a} selects. */
    static UverbsSchema.Attr sizeSpec(UverbsSchema.Attr spec, UverbsEnvelope.Attr a) {
        return spec.type() == UverbsSchema.AttrType.ENUM_IN
                ? spec.elements().get(a.attrData() & 0xff)
                : spec;
    }

    private static String pointer(UverbsSchema.Attr spec, UverbsEnvelope.Attr a) {
        if (a.attrData() != 0) {
            return reserved(a);
        }
        return sizeRule(null, spec.minLen(), spec.len(), spec.zeroTrailing(), a);
    }

    private static String sizeRule(
            String what, int min, int len, boolean zeroTrailing, UverbsEnvelope.Attr a) {
        String of = what != null ? " for " + what : "";
        if (a.len() < min) {
            return "has length " + a.len() + ", less than " + min + of;
        }
        if (!zeroTrailing && a.len() > len) {
            return "has length " + a.len() + ", more than " + len + of;
        }
        return null;
    }

    private static String reserved(UverbsEnvelope.Attr a) {
        return "has a non-zero attr_data.reserved (0x" + Integer.toHexString(a.attrData()) + ")";
    }
}
