package dev.sluice.rdmaproxy.abi;

/**
 * Values carried inside CONST_IN and FLAGS_IN attributes (qp type, srq type, access flags, ...):
 * what a proxy may want to check or log about an attribute's content. The enums that only describe
 * capabilities reported back (port capability bits, device capability bits) are left out.
 *
 * <p>The kernel takes some of these attributes with a kernel-internal enum instead: DM_MR_REG and
 * REG_DMABUF_MR access flags against {@code enum ib_access_flags} (include/rdma/ib_verbs.h),
 * defined from the {@code IB_UVERBS_ACCESS_*} values with {@code IB_ACCESS_SUPPORTED} = 0x3ff000ff,
 * and WQ_CREATE's type against {@code enum ib_wq_type}, whose one value is {@code
 * IB_UVERBS_WQT_RQ}.
 */
public final class UverbsAttrValues {
    // From include/uapi/rdma/ib_user_ioctl_verbs.h (linux-libc-dev 6.1.187)

    // enum ib_uverbs_core_support
    public static final int IB_UVERBS_CORE_SUPPORT_OPTIONAL_MR_ACCESS = 0x1;

    // enum ib_uverbs_access_flags
    public static final int IB_UVERBS_ACCESS_LOCAL_WRITE = 0x1;
    public static final int IB_UVERBS_ACCESS_REMOTE_WRITE = 0x2;
    public static final int IB_UVERBS_ACCESS_REMOTE_READ = 0x4;
    public static final int IB_UVERBS_ACCESS_REMOTE_ATOMIC = 0x8;
    public static final int IB_UVERBS_ACCESS_MW_BIND = 0x10;
    public static final int IB_UVERBS_ACCESS_ZERO_BASED = 0x20;
    public static final int IB_UVERBS_ACCESS_ON_DEMAND = 0x40;
    public static final int IB_UVERBS_ACCESS_HUGETLB = 0x80;
    public static final int IB_UVERBS_ACCESS_OPTIONAL_FIRST = 0x100000;
    public static final int IB_UVERBS_ACCESS_OPTIONAL_LAST = 0x20000000;
    public static final int IB_UVERBS_ACCESS_RELAXED_ORDERING = 0x100000;
    public static final int IB_UVERBS_ACCESS_OPTIONAL_RANGE = 0x3ff00000;

    // enum ib_uverbs_srq_type
    public static final int IB_UVERBS_SRQT_BASIC = 0;
    public static final int IB_UVERBS_SRQT_XRC = 1;
    public static final int IB_UVERBS_SRQT_TM = 2;

    // enum ib_uverbs_wq_type
    public static final int IB_UVERBS_WQT_RQ = 0;

    // enum ib_uverbs_wq_flags
    public static final int IB_UVERBS_WQ_FLAGS_CVLAN_STRIPPING = 0x1;
    public static final int IB_UVERBS_WQ_FLAGS_SCATTER_FCS = 0x2;
    public static final int IB_UVERBS_WQ_FLAGS_DELAY_DROP = 0x4;
    public static final int IB_UVERBS_WQ_FLAGS_PCI_WRITE_END_PADDING = 0x8;

    // enum ib_uverbs_qp_type
    public static final int IB_UVERBS_QPT_RC = 2;
    public static final int IB_UVERBS_QPT_UC = 3;
    public static final int IB_UVERBS_QPT_UD = 4;
    public static final int IB_UVERBS_QPT_RAW_PACKET = 8;
    public static final int IB_UVERBS_QPT_XRC_INI = 9;
    public static final int IB_UVERBS_QPT_XRC_TGT = 10;
    public static final int IB_UVERBS_QPT_DRIVER = 255;

    // enum ib_uverbs_qp_create_flags
    public static final int IB_UVERBS_QP_CREATE_BLOCK_MULTICAST_LOOPBACK = 0x2;
    public static final int IB_UVERBS_QP_CREATE_SCATTER_FCS = 0x100;
    public static final int IB_UVERBS_QP_CREATE_CVLAN_STRIPPING = 0x200;
    public static final int IB_UVERBS_QP_CREATE_PCI_WRITE_END_PADDING = 0x800;
    public static final int IB_UVERBS_QP_CREATE_SQ_SIG_ALL = 0x1000;

    // enum ib_uverbs_query_port_flags
    public static final int IB_UVERBS_QPF_GRH_REQUIRED = 0x1;

    // enum ib_uverbs_read_counters_flags
    public static final int IB_UVERBS_READ_COUNTERS_PREFER_CACHED = 0x1;

    // enum ib_uverbs_advise_mr_advice
    public static final int IB_UVERBS_ADVISE_MR_ADVICE_PREFETCH = 0;
    public static final int IB_UVERBS_ADVISE_MR_ADVICE_PREFETCH_WRITE = 1;
    public static final int IB_UVERBS_ADVISE_MR_ADVICE_PREFETCH_NO_FAULT = 2;

    // enum ib_uverbs_advise_mr_flag
    public static final int IB_UVERBS_ADVISE_MR_FLAG_FLUSH = 0x1;

    // enum ib_uverbs_gid_type
    public static final int IB_UVERBS_GID_TYPE_IB = 0;
    public static final int IB_UVERBS_GID_TYPE_ROCE_V1 = 1;
    public static final int IB_UVERBS_GID_TYPE_ROCE_V2 = 2;

    // From include/uapi/rdma/ib_user_verbs.h (linux-libc-dev 6.1.187)
    // enum ib_uverbs_ex_create_cq_flags
    public static final int IB_UVERBS_CQ_FLAGS_TIMESTAMP_COMPLETION = 0x1;
    public static final int IB_UVERBS_CQ_FLAGS_IGNORE_OVERRUN = 0x2;

    private UverbsAttrValues() {}
}
