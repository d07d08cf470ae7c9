package dev.sluice.rdmaproxy.abi;

import java.util.Map;

/**
 * The uverbs ioctl envelope: the one request number every verbs ioctl uses, the header that names
 * (object, method) and the attribute array that follows it.
 *
 * <p>A call is {@code ioctl(fd, RDMA_VERBS_IOCTL, hdr)} with {@code hdr} an {@link IoctlHdr} of
 * {@code length} bytes: the 24-byte header and then {@code num_attrs} {@link Attr} entries of 16
 * bytes each. Each attribute carries its id, a length and either inline data (a pointer attribute
 * of at most 8 bytes, an IDR handle, an fd) or a user pointer to {@code len} bytes. Ids with bits
 * in {@link #UVERBS_ID_NS_MASK} belong to the driver namespace (mlx5's objects, methods and
 * attributes start at {@code 1 << UVERBS_ID_NS_SHIFT} = 0x1000); everything below is the core
 * namespace.
 *
 * <p>What the 6.1 kernel checks on the envelope (drivers/infiniband/core/uverbs_ioctl.c): {@code
 * length} must be exactly {@code IoctlHdr.SIZE + num_attrs * Attr.SIZE} and at most a page;
 * non-zero {@code reserved1}/{@code reserved2} fail with EPROTONOSUPPORT; {@code driver_id} must
 * equal the device's driver id. An FD or IDR attribute carries its value in {@code data_s64}; a
 * RAW_FD one must have {@code len == 0} and an int-ranged value there.
 *
 * <p>{@code RDMA_VERBS_IOCTL} shares type 0x1b and nr 1 with {@code IB_USER_MAD_REGISTER_AGENT} of
 * the umad devices; only the size field tells them apart, so a trap rule must match the whole
 * request number, never type and nr alone.
 */
public final class UverbsIoctl {
    // From include/uapi/rdma/rdma_user_ioctl_cmds.h (linux-libc-dev 6.1.187)
    public static final int RDMA_IOCTL_MAGIC = 0x1b;

    /** {@code _IOWR(RDMA_IOCTL_MAGIC, 1, struct ib_uverbs_ioctl_hdr)}. */
    public static final int RDMA_VERBS_IOCTL = 0xc0181b01;

    // enum (anonymous): ib_uverbs_attr.flags. MANDATORY is user input; the kernel sets
    // VALID_OUTPUT on an output attribute it wrote (and treats it as set on mandatory ones).
    public static final int UVERBS_ATTR_F_MANDATORY = 0x1;
    public static final int UVERBS_ATTR_F_VALID_OUTPUT = 0x2;

    // From include/uapi/rdma/ib_user_ioctl_cmds.h (linux-libc-dev 6.1.187): id namespaces.
    public static final int UVERBS_ID_NS_MASK = 0xf000;
    public static final int UVERBS_ID_NS_SHIFT = 12;

    /** The driver namespace: 1, so driver ids start at 0x1000. */
    public static final int UVERBS_UDATA_DRIVER_DATA_NS = 1;

    /** {@code 1 << UVERBS_ID_NS_SHIFT}: the first id of the driver namespace. */
    public static final int UVERBS_UDATA_DRIVER_DATA_FLAG = 0x1000;

    // From include/uapi/rdma/rdma_user_ioctl.h (linux-libc-dev 6.1.187): the other users of the
    // magic. They are umad (/dev/infiniband/umadN) requests, never valid on a uverbs fd.
    public static final int IB_IOCTL_MAGIC = 0x1b;
    public static final int IB_USER_MAD_REGISTER_AGENT = 0xc01c1b01;
    public static final int IB_USER_MAD_UNREGISTER_AGENT = 0x40041b02;
    public static final int IB_USER_MAD_ENABLE_PKEY = 0x1b03;
    public static final int IB_USER_MAD_REGISTER_AGENT2 = 0xc0281b04;

    // From include/uapi/rdma/ib_user_ioctl_verbs.h (linux-libc-dev 6.1.187):
    // ib_uverbs_ioctl_hdr.driver_id.
    // RDMA_DRIVER_IRDMA is an alias of RDMA_DRIVER_I40IW (both 9).
    public static final int RDMA_DRIVER_UNKNOWN = 0;
    public static final int RDMA_DRIVER_MLX5 = 1;
    public static final int RDMA_DRIVER_MLX4 = 2;
    public static final int RDMA_DRIVER_CXGB3 = 3;
    public static final int RDMA_DRIVER_CXGB4 = 4;
    public static final int RDMA_DRIVER_MTHCA = 5;
    public static final int RDMA_DRIVER_BNXT_RE = 6;
    public static final int RDMA_DRIVER_OCRDMA = 7;
    public static final int RDMA_DRIVER_NES = 8;
    public static final int RDMA_DRIVER_I40IW = 9;
    public static final int RDMA_DRIVER_IRDMA = RDMA_DRIVER_I40IW;
    public static final int RDMA_DRIVER_VMW_PVRDMA = 10;
    public static final int RDMA_DRIVER_QEDR = 11;
    public static final int RDMA_DRIVER_HNS = 12;
    public static final int RDMA_DRIVER_USNIC = 13;
    public static final int RDMA_DRIVER_RXE = 14;
    public static final int RDMA_DRIVER_HFI1 = 15;
    public static final int RDMA_DRIVER_QIB = 16;
    public static final int RDMA_DRIVER_EFA = 17;
    public static final int RDMA_DRIVER_SIW = 18;
    public static final int RDMA_DRIVER_ERDMA = 19;

    /** driver_id -> name; 9 is named by its current name, RDMA_DRIVER_IRDMA. */
    public static final Map<Integer, String> DRIVER_NAMES =
            Map.ofEntries(
                    Map.entry(RDMA_DRIVER_UNKNOWN, "RDMA_DRIVER_UNKNOWN"),
                    Map.entry(RDMA_DRIVER_MLX5, "RDMA_DRIVER_MLX5"),
                    Map.entry(RDMA_DRIVER_MLX4, "RDMA_DRIVER_MLX4"),
                    Map.entry(RDMA_DRIVER_CXGB3, "RDMA_DRIVER_CXGB3"),
                    Map.entry(RDMA_DRIVER_CXGB4, "RDMA_DRIVER_CXGB4"),
                    Map.entry(RDMA_DRIVER_MTHCA, "RDMA_DRIVER_MTHCA"),
                    Map.entry(RDMA_DRIVER_BNXT_RE, "RDMA_DRIVER_BNXT_RE"),
                    Map.entry(RDMA_DRIVER_OCRDMA, "RDMA_DRIVER_OCRDMA"),
                    Map.entry(RDMA_DRIVER_NES, "RDMA_DRIVER_NES"),
                    Map.entry(RDMA_DRIVER_IRDMA, "RDMA_DRIVER_IRDMA"),
                    Map.entry(RDMA_DRIVER_VMW_PVRDMA, "RDMA_DRIVER_VMW_PVRDMA"),
                    Map.entry(RDMA_DRIVER_QEDR, "RDMA_DRIVER_QEDR"),
                    Map.entry(RDMA_DRIVER_HNS, "RDMA_DRIVER_HNS"),
                    Map.entry(RDMA_DRIVER_USNIC, "RDMA_DRIVER_USNIC"),
                    Map.entry(RDMA_DRIVER_RXE, "RDMA_DRIVER_RXE"),
                    Map.entry(RDMA_DRIVER_HFI1, "RDMA_DRIVER_HFI1"),
                    Map.entry(RDMA_DRIVER_QIB, "RDMA_DRIVER_QIB"),
                    Map.entry(RDMA_DRIVER_EFA, "RDMA_DRIVER_EFA"),
                    Map.entry(RDMA_DRIVER_SIW, "RDMA_DRIVER_SIW"),
                    Map.entry(RDMA_DRIVER_ERDMA, "RDMA_DRIVER_ERDMA"));

    /** {@code struct ib_uverbs_ioctl_hdr} (rdma_user_ioctl_cmds.h). */
    public static final class IoctlHdr {
        public static final String C_TYPE = "ib_uverbs_ioctl_hdr";
        public static final int SIZE = 24;
        public static final int OFF_LENGTH = 0;
        public static final int OFF_OBJECT_ID = 2;
        public static final int OFF_METHOD_ID = 4;
        public static final int OFF_NUM_ATTRS = 6;
        public static final int OFF_RESERVED1 = 8;
        public static final int OFF_DRIVER_ID = 16;
        public static final int OFF_RESERVED2 = 20;
        public static final int OFF_ATTRS = 24;

        private IoctlHdr() {}
    }

    /** {@code struct ib_uverbs_attr} (rdma_user_ioctl_cmds.h). */
    public static final class Attr {
        public static final String C_TYPE = "ib_uverbs_attr";
        public static final int SIZE = 16;
        public static final int OFF_ATTR_ID = 0;
        public static final int OFF_LEN = 2;
        public static final int OFF_FLAGS = 4;
        public static final int OFF_ATTR_DATA = 6;
        public static final int OFF_ATTR_DATA_ENUM_DATA_ELEM_ID = 6;
        public static final int OFF_ATTR_DATA_ENUM_DATA_RESERVED = 7;
        public static final int OFF_ATTR_DATA_RESERVED = 6;
        public static final int OFF_DATA = 8;
        public static final int OFF_DATA_S64 = 8;

        private Attr() {}
    }

    private UverbsIoctl() {}
}
