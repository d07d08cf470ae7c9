package dev.sluice.rdmaproxy.abi;

/**
 * AWS Elastic Fabric Adapter (efa) driver data: the private structs that travel in UHW_IN/UHW_OUT
 * of GET_CONTEXT, CQ and QP creation (ioctl methods and legacy commands) and in the driver part of
 * the legacy ALLOC_PD, CREATE_AH and extended QUERY_DEVICE responses, and the flag and capability
 * values carried in them.
 *
 * <p>Everything here is from {@code /usr/include/rdma/efa-abi.h} of Debian's linux-libc-dev 6.1.187
 * and is compared with the header by {@code RdmaAbiLayoutTest}. The driver-namespace ids that later
 * kernels add to that header (the MR query method) are in {@link EfaIds}: the 6.1 header does not
 * define them.
 *
 * <p>What matters to a proxy: {@link CreateCq} and {@link CreateQp} carry no user addresses (EFA
 * allocates the queue memory in the kernel and hands back mmap keys in {@link CreateCqResp} and
 * {@link CreateQpResp}); {@link CreateQp#OFF_RQ_RING_SIZE} and {@link CreateQp#OFF_SQ_RING_SIZE}
 * size a kernel allocation and the mmap window of the send queue's descriptors in the device's
 * memory BAR.
 */
public final class EfaAbi {
    // From include/uapi/rdma/efa-abi.h (linux-libc-dev 6.1.187)
    public static final int EFA_UVERBS_ABI_VERSION = 1;

    // enum (anonymous): efa_ibv_alloc_ucontext_cmd.comp_mask, what the library handles
    public static final int EFA_ALLOC_UCONTEXT_CMD_COMP_TX_BATCH = 0x1;
    public static final int EFA_ALLOC_UCONTEXT_CMD_COMP_MIN_SQ_WR = 0x2;

    // enum efa_ibv_user_cmds_supp_udata: efa_ibv_alloc_ucontext_resp.cmds_supp_udata_mask
    public static final int EFA_USER_CMDS_SUPP_UDATA_QUERY_DEVICE = 0x1;
    public static final int EFA_USER_CMDS_SUPP_UDATA_CREATE_AH = 0x2;

    // enum (anonymous): efa_ibv_create_cq.flags
    public static final int EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL = 0x1;
    public static final int EFA_CREATE_CQ_WITH_SGID = 0x2;

    // enum (anonymous): efa_ibv_create_cq_resp.comp_mask
    public static final int EFA_CREATE_CQ_RESP_DB_OFF = 0x1;

    // enum (anonymous): efa_ibv_create_qp.driver_qp_type
    public static final int EFA_QP_DRIVER_TYPE_SRD = 0;

    // enum (anonymous): efa_ibv_ex_query_device_resp.device_caps
    public static final int EFA_QUERY_DEVICE_CAPS_RDMA_READ = 0x1;
    public static final int EFA_QUERY_DEVICE_CAPS_RNR_RETRY = 0x2;
    public static final int EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS = 0x4;
    public static final int EFA_QUERY_DEVICE_CAPS_CQ_WITH_SGID = 0x8;

    /** {@code struct efa_ibv_alloc_ucontext_cmd} (efa-abi.h): GET_CONTEXT's UHW_IN. */
    public static final class AllocUcontextCmd {
        public static final String C_TYPE = "efa_ibv_alloc_ucontext_cmd";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESERVED_20 = 4;

        private AllocUcontextCmd() {}
    }

    /** {@code struct efa_ibv_alloc_ucontext_resp} (efa-abi.h): GET_CONTEXT's UHW_OUT. */
    public static final class AllocUcontextResp {
        public static final String C_TYPE = "efa_ibv_alloc_ucontext_resp";
        public static final int SIZE = 24;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_CMDS_SUPP_UDATA_MASK = 4;
        public static final int OFF_SUB_CQS_PER_CQ = 8;
        public static final int OFF_INLINE_BUF_SIZE = 10;
        public static final int OFF_MAX_LLQ_SIZE = 12;
        public static final int OFF_MAX_TX_BATCH = 16;
        public static final int OFF_MIN_SQ_WR = 18;
        public static final int OFF_RESERVED_A0 = 20;

        private AllocUcontextResp() {}
    }

    /** {@code struct efa_ibv_alloc_pd_resp} (efa-abi.h): the driver part of ALLOC_PD's response. */
    public static final class AllocPdResp {
        public static final String C_TYPE = "efa_ibv_alloc_pd_resp";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_PDN = 4;
        public static final int OFF_RESERVED_30 = 6;

        private AllocPdResp() {}
    }

    /** {@code struct efa_ibv_create_cq} (efa-abi.h): CQ creation's UHW_IN. */
    public static final class CreateCq {
        public static final String C_TYPE = "efa_ibv_create_cq";
        public static final int SIZE = 16;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_CQ_ENTRY_SIZE = 4;
        public static final int OFF_NUM_SUB_CQS = 8;
        public static final int OFF_FLAGS = 10;
        public static final int OFF_RESERVED_58 = 11;

        private CreateCq() {}
    }

    /** {@code struct efa_ibv_create_cq_resp} (efa-abi.h): CQ creation's UHW_OUT. */
    public static final class CreateCqResp {
        public static final String C_TYPE = "efa_ibv_create_cq_resp";
        public static final int SIZE = 40;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESERVED_20 = 4;
        public static final int OFF_Q_MMAP_KEY = 8;
        public static final int OFF_Q_MMAP_SIZE = 16;
        public static final int OFF_CQ_IDX = 24;
        public static final int OFF_RESERVED_D0 = 26;
        public static final int OFF_DB_OFF = 28;
        public static final int OFF_DB_MMAP_KEY = 32;

        private CreateCqResp() {}
    }

    /** {@code struct efa_ibv_create_qp} (efa-abi.h): QP creation's UHW_IN. */
    public static final class CreateQp {
        public static final String C_TYPE = "efa_ibv_create_qp";
        public static final int SIZE = 16;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RQ_RING_SIZE = 4;
        public static final int OFF_SQ_RING_SIZE = 8;
        public static final int OFF_DRIVER_QP_TYPE = 12;

        private CreateQp() {}
    }

    /** {@code struct efa_ibv_create_qp_resp} (efa-abi.h): QP creation's UHW_OUT. */
    public static final class CreateQpResp {
        public static final String C_TYPE = "efa_ibv_create_qp_resp";
        public static final int SIZE = 64;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RQ_DB_OFFSET = 4;
        public static final int OFF_SQ_DB_OFFSET = 8;
        public static final int OFF_LLQ_DESC_OFFSET = 12;
        public static final int OFF_RQ_MMAP_KEY = 16;
        public static final int OFF_RQ_MMAP_SIZE = 24;
        public static final int OFF_RQ_DB_MMAP_KEY = 32;
        public static final int OFF_SQ_DB_MMAP_KEY = 40;
        public static final int OFF_LLQ_DESC_MMAP_KEY = 48;
        public static final int OFF_SEND_SUB_CQ_IDX = 56;
        public static final int OFF_RECV_SUB_CQ_IDX = 58;
        public static final int OFF_RESERVED_1E0 = 60;

        private CreateQpResp() {}
    }

    /**
     * {@code struct efa_ibv_create_ah_resp} (efa-abi.h): the driver part of CREATE_AH's response.
     */
    public static final class CreateAhResp {
        public static final String C_TYPE = "efa_ibv_create_ah_resp";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_EFA_ADDRESS_HANDLE = 4;
        public static final int OFF_RESERVED_30 = 6;

        private CreateAhResp() {}
    }

    /**
     * {@code struct efa_ibv_ex_query_device_resp} (efa-abi.h): the driver part of the extended
     * QUERY_DEVICE response.
     */
    public static final class ExQueryDeviceResp {
        public static final String C_TYPE = "efa_ibv_ex_query_device_resp";
        public static final int SIZE = 24;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_MAX_SQ_WR = 4;
        public static final int OFF_MAX_RQ_WR = 8;
        public static final int OFF_MAX_SQ_SGE = 12;
        public static final int OFF_MAX_RQ_SGE = 14;
        public static final int OFF_MAX_RDMA_SIZE = 16;
        public static final int OFF_DEVICE_CAPS = 20;

        private ExQueryDeviceResp() {}
    }

    private EfaAbi() {}
}
