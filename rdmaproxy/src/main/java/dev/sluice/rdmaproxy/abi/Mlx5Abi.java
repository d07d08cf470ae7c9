package dev.sluice.rdmaproxy.abi;

/**
 * ConnectX (mlx5_ib) driver data: the private structs that travel in UHW_IN/UHW_OUT of the core
 * create methods (and in the legacy commands' driver_data), the structs of mlx5's own attributes,
 * and the values carried in mlx5 CONST_IN/FLAGS_IN attributes. The ioctl ids are in {@link
 * Mlx5Ids}.
 *
 * <p>What matters to a proxy: {@link CreateCq}, {@link CreateQp}, {@link CreateSrq} and {@link
 * CreateWq} carry user virtual addresses ({@code buf_addr}, {@code db_addr}, {@code sq_buf_addr})
 * of queue buffers the kernel pins, and {@link AllocUcontextReqV2#OFF_FLAGS} carries {@link
 * #MLX5_IB_ALLOC_UCTX_DEVX}, which asks for a DEVX-capable context (raw firmware commands).
 */
public final class Mlx5Abi {
    // From include/uapi/rdma/mlx5_user_ioctl_cmds.h (linux-libc-dev 6.1.187): attribute values
    public static final int MLX5_IB_DW_MATCH_PARAM = 0xa0;

    // enum mlx5_ib_flow_type
    public static final int MLX5_IB_FLOW_TYPE_NORMAL = 0;
    public static final int MLX5_IB_FLOW_TYPE_SNIFFER = 1;
    public static final int MLX5_IB_FLOW_TYPE_ALL_DEFAULT = 2;
    public static final int MLX5_IB_FLOW_TYPE_MC_DEFAULT = 3;

    // enum mlx5_ib_create_flow_flags
    public static final int MLX5_IB_ATTR_CREATE_FLOW_FLAGS_DEFAULT_MISS = 0x1;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_FLAGS_DROP = 0x2;

    // From include/uapi/rdma/mlx5_user_ioctl_verbs.h (linux-libc-dev 6.1.187)
    // enum mlx5_ib_uapi_flow_action_flags
    public static final int MLX5_IB_UAPI_FLOW_ACTION_FLAGS_REQUIRE_METADATA = 0x1;

    // enum mlx5_ib_uapi_flow_table_type
    public static final int MLX5_IB_UAPI_FLOW_TABLE_TYPE_NIC_RX = 0;
    public static final int MLX5_IB_UAPI_FLOW_TABLE_TYPE_NIC_TX = 1;
    public static final int MLX5_IB_UAPI_FLOW_TABLE_TYPE_FDB = 2;
    public static final int MLX5_IB_UAPI_FLOW_TABLE_TYPE_RDMA_RX = 3;
    public static final int MLX5_IB_UAPI_FLOW_TABLE_TYPE_RDMA_TX = 4;

    // enum mlx5_ib_uapi_flow_action_packet_reformat_type
    public static final int MLX5_IB_UAPI_FLOW_ACTION_PACKET_REFORMAT_TYPE_L2_TUNNEL_TO_L2 = 0x0;
    public static final int MLX5_IB_UAPI_FLOW_ACTION_PACKET_REFORMAT_TYPE_L2_TO_L2_TUNNEL = 0x1;
    public static final int MLX5_IB_UAPI_FLOW_ACTION_PACKET_REFORMAT_TYPE_L3_TUNNEL_TO_L2 = 0x2;
    public static final int MLX5_IB_UAPI_FLOW_ACTION_PACKET_REFORMAT_TYPE_L2_TO_L3_TUNNEL = 0x3;

    // enum mlx5_ib_uapi_dm_type
    public static final int MLX5_IB_UAPI_DM_TYPE_MEMIC = 0;
    public static final int MLX5_IB_UAPI_DM_TYPE_STEERING_SW_ICM = 1;
    public static final int MLX5_IB_UAPI_DM_TYPE_HEADER_MODIFY_SW_ICM = 2;
    public static final int MLX5_IB_UAPI_DM_TYPE_HEADER_MODIFY_PATTERN_SW_ICM = 3;

    // enum mlx5_ib_uapi_devx_create_event_channel_flags
    public static final int MLX5_IB_UAPI_DEVX_CR_EV_CH_FLAGS_OMIT_DATA = 0x1;

    // enum mlx5_ib_uapi_pp_alloc_flags
    public static final int MLX5_IB_UAPI_PP_ALLOC_FLAGS_DEDICATED_INDEX = 0x1;

    // enum mlx5_ib_uapi_uar_alloc_type
    public static final int MLX5_IB_UAPI_UAR_ALLOC_TYPE_BF = 0;
    public static final int MLX5_IB_UAPI_UAR_ALLOC_TYPE_NC = 1;

    // enum mlx5_ib_uapi_query_port_flags
    public static final int MLX5_IB_UAPI_QUERY_PORT_VPORT = 0x1;
    public static final int MLX5_IB_UAPI_QUERY_PORT_VPORT_VHCA_ID = 0x2;
    public static final int MLX5_IB_UAPI_QUERY_PORT_VPORT_STEERING_ICM_RX = 0x4;
    public static final int MLX5_IB_UAPI_QUERY_PORT_VPORT_STEERING_ICM_TX = 0x8;
    public static final int MLX5_IB_UAPI_QUERY_PORT_VPORT_REG_C0 = 0x10;
    public static final int MLX5_IB_UAPI_QUERY_PORT_ESW_OWNER_VHCA_ID = 0x20;

    // From include/uapi/rdma/mlx5-abi.h (linux-libc-dev 6.1.187)
    public static final int MLX5_IB_UVERBS_ABI_VERSION = 1;

    // enum (anonymous)
    public static final int MLX5_QP_FLAG_SIGNATURE = 1;
    public static final int MLX5_QP_FLAG_SCATTER_CQE = 2;
    public static final int MLX5_QP_FLAG_TUNNEL_OFFLOADS = 4;
    public static final int MLX5_QP_FLAG_BFREG_INDEX = 8;
    public static final int MLX5_QP_FLAG_TYPE_DCT = 16;
    public static final int MLX5_QP_FLAG_TYPE_DCI = 32;
    public static final int MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_UC = 64;
    public static final int MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_MC = 128;
    public static final int MLX5_QP_FLAG_ALLOW_SCATTER_CQE = 256;
    public static final int MLX5_QP_FLAG_PACKET_BASED_CREDIT_MODE = 512;
    public static final int MLX5_QP_FLAG_UAR_PAGE_INDEX = 1024;
    public static final int MLX5_QP_FLAG_DCI_STREAM = 2048;

    // enum (anonymous)
    public static final int MLX5_SRQ_FLAG_SIGNATURE = 1;

    // enum (anonymous)
    public static final int MLX5_WQ_FLAG_SIGNATURE = 1;

    // enum mlx5_lib_caps
    public static final int MLX5_LIB_CAP_4K_UAR = 0x1;
    public static final int MLX5_LIB_CAP_DYN_UAR = 0x2;

    // enum mlx5_ib_alloc_uctx_v2_flags
    public static final int MLX5_IB_ALLOC_UCTX_DEVX = 0x1;

    // enum mlx5_ib_alloc_ucontext_resp_mask
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_CORE_CLOCK_OFFSET = 0x1;
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_DUMP_FILL_MKEY = 0x2;
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_ECE = 0x4;
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_SQD2RTS = 0x8;
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_REAL_TIME_TS = 0x10;
    public static final int MLX5_IB_ALLOC_UCONTEXT_RESP_MASK_MKEY_UPDATE_TAG = 0x20;

    // enum mlx5_user_cmds_supp_uhw
    public static final int MLX5_USER_CMDS_SUPP_UHW_QUERY_DEVICE = 1;
    public static final int MLX5_USER_CMDS_SUPP_UHW_CREATE_AH = 2;

    // enum mlx5_user_inline_mode
    public static final int MLX5_USER_INLINE_MODE_NA = 0;
    public static final int MLX5_USER_INLINE_MODE_NONE = 1;
    public static final int MLX5_USER_INLINE_MODE_L2 = 2;
    public static final int MLX5_USER_INLINE_MODE_IP = 3;
    public static final int MLX5_USER_INLINE_MODE_TCP_UDP = 4;

    // enum (anonymous)
    public static final int MLX5_USER_ALLOC_UCONTEXT_FLOW_ACTION_FLAGS_ESP_AES_GCM = 1;
    public static final int MLX5_USER_ALLOC_UCONTEXT_FLOW_ACTION_FLAGS_ESP_AES_GCM_REQ_METADATA = 2;
    public static final int MLX5_USER_ALLOC_UCONTEXT_FLOW_ACTION_FLAGS_ESP_AES_GCM_SPI_STEERING = 4;
    public static final int MLX5_USER_ALLOC_UCONTEXT_FLOW_ACTION_FLAGS_ESP_AES_GCM_FULL_OFFLOAD = 8;
    public static final int MLX5_USER_ALLOC_UCONTEXT_FLOW_ACTION_FLAGS_ESP_AES_GCM_TX_IV_IS_ESN =
            16;

    // enum mlx5_ib_cqe_comp_res_format
    public static final int MLX5_IB_CQE_RES_FORMAT_HASH = 0x1;
    public static final int MLX5_IB_CQE_RES_FORMAT_CSUM = 0x2;
    public static final int MLX5_IB_CQE_RES_FORMAT_CSUM_STRIDX = 0x4;

    // enum mlx5_ib_packet_pacing_cap_flags
    public static final int MLX5_IB_PP_SUPPORT_BURST = 0x1;

    // enum mlx5_ib_mpw_caps
    public static final int MPW_RESERVED = 0x1;
    public static final int MLX5_IB_ALLOW_MPW = 0x2;
    public static final int MLX5_IB_SUPPORT_EMPW = 0x4;

    // enum mlx5_ib_sw_parsing_offloads
    public static final int MLX5_IB_SW_PARSING = 0x1;
    public static final int MLX5_IB_SW_PARSING_CSUM = 0x2;
    public static final int MLX5_IB_SW_PARSING_LSO = 0x4;

    // enum mlx5_ib_query_dev_resp_flags
    public static final int MLX5_IB_QUERY_DEV_RESP_FLAGS_CQE_128B_COMP = 0x1;
    public static final int MLX5_IB_QUERY_DEV_RESP_FLAGS_CQE_128B_PAD = 0x2;
    public static final int MLX5_IB_QUERY_DEV_RESP_PACKET_BASED_CREDIT_MODE = 0x4;
    public static final int MLX5_IB_QUERY_DEV_RESP_FLAGS_SCAT2CQE_DCT = 0x8;

    // enum mlx5_ib_tunnel_offloads
    public static final int MLX5_IB_TUNNELED_OFFLOADS_VXLAN = 0x1;
    public static final int MLX5_IB_TUNNELED_OFFLOADS_GRE = 0x2;
    public static final int MLX5_IB_TUNNELED_OFFLOADS_GENEVE = 0x4;
    public static final int MLX5_IB_TUNNELED_OFFLOADS_MPLS_GRE = 0x8;
    public static final int MLX5_IB_TUNNELED_OFFLOADS_MPLS_UDP = 0x10;

    // enum mlx5_ib_create_cq_flags
    public static final int MLX5_IB_CREATE_CQ_FLAGS_CQE_128B_PAD = 0x1;
    public static final int MLX5_IB_CREATE_CQ_FLAGS_UAR_PAGE_INDEX = 0x2;
    public static final int MLX5_IB_CREATE_CQ_FLAGS_REAL_TIME_TS = 0x4;

    // enum mlx5_rx_hash_function_flags
    public static final int MLX5_RX_HASH_FUNC_TOEPLITZ = 0x1;

    // enum mlx5_rx_hash_fields
    public static final int MLX5_RX_HASH_SRC_IPV4 = 0x1;
    public static final int MLX5_RX_HASH_DST_IPV4 = 0x2;
    public static final int MLX5_RX_HASH_SRC_IPV6 = 0x4;
    public static final int MLX5_RX_HASH_DST_IPV6 = 0x8;
    public static final int MLX5_RX_HASH_SRC_PORT_TCP = 0x10;
    public static final int MLX5_RX_HASH_DST_PORT_TCP = 0x20;
    public static final int MLX5_RX_HASH_SRC_PORT_UDP = 0x40;
    public static final int MLX5_RX_HASH_DST_PORT_UDP = 0x80;
    public static final int MLX5_RX_HASH_IPSEC_SPI = 0x100;
    public static final int MLX5_RX_HASH_INNER = 0x80000000;

    // enum mlx5_ib_create_qp_resp_mask
    public static final int MLX5_IB_CREATE_QP_RESP_MASK_TIRN = 0x1;
    public static final int MLX5_IB_CREATE_QP_RESP_MASK_TISN = 0x2;
    public static final int MLX5_IB_CREATE_QP_RESP_MASK_RQN = 0x4;
    public static final int MLX5_IB_CREATE_QP_RESP_MASK_SQN = 0x8;
    public static final int MLX5_IB_CREATE_QP_RESP_MASK_TIR_ICM_ADDR = 0x10;

    // enum mlx5_ib_create_wq_mask
    public static final int MLX5_IB_CREATE_WQ_STRIDING_RQ = 0x1;

    // enum mlx5_ib_mmap_cmd
    public static final int MLX5_IB_MMAP_REGULAR_PAGE = 0;
    public static final int MLX5_IB_MMAP_GET_CONTIGUOUS_PAGES = 1;
    public static final int MLX5_IB_MMAP_WC_PAGE = 2;
    public static final int MLX5_IB_MMAP_NC_PAGE = 3;
    public static final int MLX5_IB_MMAP_CORE_CLOCK = 5;
    public static final int MLX5_IB_MMAP_ALLOC_WC = 6;
    public static final int MLX5_IB_MMAP_CLOCK_INFO = 7;
    public static final int MLX5_IB_MMAP_DEVICE_MEM = 8;

    // enum (anonymous)
    public static final int MLX5_IB_CLOCK_INFO_KERNEL_UPDATING = 1;

    // enum (anonymous)
    public static final int MLX5_IB_CLOCK_INFO_V1 = 0;

    /** {@code struct mlx5_ib_alloc_ucontext_req} (mlx5-abi.h). */
    public static final class AllocUcontextReq {
        public static final String C_TYPE = "mlx5_ib_alloc_ucontext_req";
        public static final int SIZE = 8;
        public static final int OFF_TOTAL_NUM_BFREGS = 0;
        public static final int OFF_NUM_LOW_LATENCY_BFREGS = 4;

        private AllocUcontextReq() {}
    }

    /** {@code struct mlx5_ib_alloc_ucontext_req_v2} (mlx5-abi.h). */
    public static final class AllocUcontextReqV2 {
        public static final String C_TYPE = "mlx5_ib_alloc_ucontext_req_v2";
        public static final int SIZE = 32;
        public static final int OFF_TOTAL_NUM_BFREGS = 0;
        public static final int OFF_NUM_LOW_LATENCY_BFREGS = 4;
        public static final int OFF_FLAGS = 8;
        public static final int OFF_COMP_MASK = 12;
        public static final int OFF_MAX_CQE_VERSION = 16;
        public static final int OFF_RESERVED0 = 17;
        public static final int OFF_RESERVED1 = 18;
        public static final int OFF_RESERVED2 = 20;
        public static final int OFF_LIB_CAPS = 24;

        private AllocUcontextReqV2() {}
    }

    /** {@code struct mlx5_ib_alloc_ucontext_resp} (mlx5-abi.h). */
    public static final class AllocUcontextResp {
        public static final String C_TYPE = "mlx5_ib_alloc_ucontext_resp";
        public static final int SIZE = 72;
        public static final int OFF_QP_TAB_SIZE = 0;
        public static final int OFF_BF_REG_SIZE = 4;
        public static final int OFF_TOT_BFREGS = 8;
        public static final int OFF_CACHE_LINE_SIZE = 12;
        public static final int OFF_MAX_SQ_DESC_SZ = 16;
        public static final int OFF_MAX_RQ_DESC_SZ = 18;
        public static final int OFF_MAX_SEND_WQEBB = 20;
        public static final int OFF_MAX_RECV_WR = 24;
        public static final int OFF_MAX_SRQ_RECV_WR = 28;
        public static final int OFF_NUM_PORTS = 32;
        public static final int OFF_FLOW_ACTION_FLAGS = 34;
        public static final int OFF_COMP_MASK = 36;
        public static final int OFF_RESPONSE_LENGTH = 40;
        public static final int OFF_CQE_VERSION = 44;
        public static final int OFF_CMDS_SUPP_UHW = 45;
        public static final int OFF_ETH_MIN_INLINE = 46;
        public static final int OFF_CLOCK_INFO_VERSIONS = 47;
        public static final int OFF_HCA_CORE_CLOCK_OFFSET = 48;
        public static final int OFF_LOG_UAR_SIZE = 56;
        public static final int OFF_NUM_UARS_PER_PAGE = 60;
        public static final int OFF_NUM_DYN_BFREGS = 64;
        public static final int OFF_DUMP_FILL_MKEY = 68;

        private AllocUcontextResp() {}
    }

    /** {@code struct mlx5_ib_alloc_pd_resp} (mlx5-abi.h). */
    public static final class AllocPdResp {
        public static final String C_TYPE = "mlx5_ib_alloc_pd_resp";
        public static final int SIZE = 4;
        public static final int OFF_PDN = 0;

        private AllocPdResp() {}
    }

    /** {@code struct mlx5_ib_query_device_resp} (mlx5-abi.h). */
    public static final class QueryDeviceResp {
        public static final String C_TYPE = "mlx5_ib_query_device_resp";
        public static final int SIZE = 104;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESPONSE_LENGTH = 4;
        public static final int OFF_TSO_CAPS = 8;
        public static final int OFF_RSS_CAPS = 16;
        public static final int OFF_CQE_COMP_CAPS = 32;
        public static final int OFF_PACKET_PACING_CAPS = 40;
        public static final int OFF_MLX5_IB_SUPPORT_MULTI_PKT_SEND_WQES = 56;
        public static final int OFF_FLAGS = 60;
        public static final int OFF_SW_PARSING_CAPS = 64;
        public static final int OFF_STRIDING_RQ_CAPS = 72;
        public static final int OFF_TUNNEL_OFFLOADS_CAPS = 96;
        public static final int OFF_DCI_STREAMS_CAPS = 100;
        public static final int OFF_RESERVED = 102;

        private QueryDeviceResp() {}
    }

    /** {@code struct mlx5_ib_create_cq} (mlx5-abi.h). */
    public static final class CreateCq {
        public static final String C_TYPE = "mlx5_ib_create_cq";
        public static final int SIZE = 32;
        public static final int OFF_BUF_ADDR = 0;
        public static final int OFF_DB_ADDR = 8;
        public static final int OFF_CQE_SIZE = 16;
        public static final int OFF_CQE_COMP_EN = 20;
        public static final int OFF_CQE_COMP_RES_FORMAT = 21;
        public static final int OFF_FLAGS = 22;
        public static final int OFF_UAR_PAGE_INDEX = 24;
        public static final int OFF_RESERVED0 = 26;
        public static final int OFF_RESERVED1 = 28;

        private CreateCq() {}
    }

    /** {@code struct mlx5_ib_create_cq_resp} (mlx5-abi.h). */
    public static final class CreateCqResp {
        public static final String C_TYPE = "mlx5_ib_create_cq_resp";
        public static final int SIZE = 8;
        public static final int OFF_CQN = 0;
        public static final int OFF_RESERVED = 4;

        private CreateCqResp() {}
    }

    /** {@code struct mlx5_ib_resize_cq} (mlx5-abi.h). */
    public static final class ResizeCq {
        public static final String C_TYPE = "mlx5_ib_resize_cq";
        public static final int SIZE = 16;
        public static final int OFF_BUF_ADDR = 0;
        public static final int OFF_CQE_SIZE = 8;
        public static final int OFF_RESERVED0 = 10;
        public static final int OFF_RESERVED1 = 12;

        private ResizeCq() {}
    }

    /** {@code struct mlx5_ib_create_srq} (mlx5-abi.h). */
    public static final class CreateSrq {
        public static final String C_TYPE = "mlx5_ib_create_srq";
        public static final int SIZE = 32;
        public static final int OFF_BUF_ADDR = 0;
        public static final int OFF_DB_ADDR = 8;
        public static final int OFF_FLAGS = 16;
        public static final int OFF_RESERVED0 = 20;
        public static final int OFF_UIDX = 24;
        public static final int OFF_RESERVED1 = 28;

        private CreateSrq() {}
    }

    /** {@code struct mlx5_ib_create_srq_resp} (mlx5-abi.h). */
    public static final class CreateSrqResp {
        public static final String C_TYPE = "mlx5_ib_create_srq_resp";
        public static final int SIZE = 8;
        public static final int OFF_SRQN = 0;
        public static final int OFF_RESERVED = 4;

        private CreateSrqResp() {}
    }

    /** {@code struct mlx5_ib_create_qp} (mlx5-abi.h). */
    public static final class CreateQp {
        public static final String C_TYPE = "mlx5_ib_create_qp";
        public static final int SIZE = 56;
        public static final int OFF_BUF_ADDR = 0;
        public static final int OFF_DB_ADDR = 8;
        public static final int OFF_SQ_WQE_COUNT = 16;
        public static final int OFF_RQ_WQE_COUNT = 20;
        public static final int OFF_RQ_WQE_SHIFT = 24;
        public static final int OFF_FLAGS = 28;
        public static final int OFF_UIDX = 32;
        public static final int OFF_BFREG_INDEX = 36;
        public static final int OFF_SQ_BUF_ADDR = 40;
        public static final int OFF_ACCESS_KEY = 40;
        public static final int OFF_ECE_OPTIONS = 48;
        public static final int OFF_DCI_STREAMS = 52;
        public static final int OFF_RESERVED = 54;

        private CreateQp() {}
    }

    /** {@code struct mlx5_ib_create_qp_rss} (mlx5-abi.h). */
    public static final class CreateQpRss {
        public static final String C_TYPE = "mlx5_ib_create_qp_rss";
        public static final int SIZE = 152;
        public static final int OFF_RX_HASH_FIELDS_MASK = 0;
        public static final int OFF_RX_HASH_FUNCTION = 8;
        public static final int OFF_RX_KEY_LEN = 9;
        public static final int OFF_RESERVED = 10;
        public static final int OFF_RX_HASH_KEY = 16;
        public static final int OFF_COMP_MASK = 144;
        public static final int OFF_FLAGS = 148;

        private CreateQpRss() {}
    }

    /** {@code struct mlx5_ib_create_qp_resp} (mlx5-abi.h). */
    public static final class CreateQpResp {
        public static final String C_TYPE = "mlx5_ib_create_qp_resp";
        public static final int SIZE = 40;
        public static final int OFF_BFREG_INDEX = 0;
        public static final int OFF_ECE_OPTIONS = 4;
        public static final int OFF_COMP_MASK = 8;
        public static final int OFF_TIRN = 12;
        public static final int OFF_TISN = 16;
        public static final int OFF_RQN = 20;
        public static final int OFF_SQN = 24;
        public static final int OFF_RESERVED1 = 28;
        public static final int OFF_TIR_ICM_ADDR = 32;

        private CreateQpResp() {}
    }

    /** {@code struct mlx5_ib_alloc_mw} (mlx5-abi.h). */
    public static final class AllocMw {
        public static final String C_TYPE = "mlx5_ib_alloc_mw";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_NUM_KLMS = 4;
        public static final int OFF_RESERVED1 = 5;
        public static final int OFF_RESERVED2 = 6;

        private AllocMw() {}
    }

    /** {@code struct mlx5_ib_create_wq} (mlx5-abi.h). */
    public static final class CreateWq {
        public static final String C_TYPE = "mlx5_ib_create_wq";
        public static final int SIZE = 48;
        public static final int OFF_BUF_ADDR = 0;
        public static final int OFF_DB_ADDR = 8;
        public static final int OFF_RQ_WQE_COUNT = 16;
        public static final int OFF_RQ_WQE_SHIFT = 20;
        public static final int OFF_USER_INDEX = 24;
        public static final int OFF_FLAGS = 28;
        public static final int OFF_COMP_MASK = 32;
        public static final int OFF_SINGLE_STRIDE_LOG_NUM_OF_BYTES = 36;
        public static final int OFF_SINGLE_WQE_LOG_NUM_OF_STRIDES = 40;
        public static final int OFF_TWO_BYTE_SHIFT_EN = 44;

        private CreateWq() {}
    }

    /** {@code struct mlx5_ib_create_wq_resp} (mlx5-abi.h). */
    public static final class CreateWqResp {
        public static final String C_TYPE = "mlx5_ib_create_wq_resp";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE_LENGTH = 0;
        public static final int OFF_RESERVED = 4;

        private CreateWqResp() {}
    }

    /** {@code struct mlx5_ib_create_ah_resp} (mlx5-abi.h). */
    public static final class CreateAhResp {
        public static final String C_TYPE = "mlx5_ib_create_ah_resp";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE_LENGTH = 0;
        public static final int OFF_DMAC = 4;
        public static final int OFF_RESERVED = 10;

        private CreateAhResp() {}
    }

    /** {@code struct mlx5_ib_modify_qp} (mlx5-abi.h). */
    public static final class ModifyQp {
        public static final String C_TYPE = "mlx5_ib_modify_qp";
        public static final int SIZE = 16;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_BURST_INFO = 4;
        public static final int OFF_ECE_OPTIONS = 12;

        private ModifyQp() {}
    }

    /** {@code struct mlx5_ib_modify_qp_resp} (mlx5-abi.h). */
    public static final class ModifyQpResp {
        public static final String C_TYPE = "mlx5_ib_modify_qp_resp";
        public static final int SIZE = 16;
        public static final int OFF_RESPONSE_LENGTH = 0;
        public static final int OFF_DCTN = 4;
        public static final int OFF_ECE_OPTIONS = 8;
        public static final int OFF_RESERVED = 12;

        private ModifyQpResp() {}
    }

    /** {@code struct mlx5_ib_create_rwq_ind_tbl_resp} (mlx5-abi.h). */
    public static final class CreateRwqIndTblResp {
        public static final String C_TYPE = "mlx5_ib_create_rwq_ind_tbl_resp";
        public static final int SIZE = 8;
        public static final int OFF_RESPONSE_LENGTH = 0;
        public static final int OFF_RESERVED = 4;

        private CreateRwqIndTblResp() {}
    }

    /** {@code struct mlx5_ib_modify_wq} (mlx5-abi.h). */
    public static final class ModifyWq {
        public static final String C_TYPE = "mlx5_ib_modify_wq";
        public static final int SIZE = 8;
        public static final int OFF_COMP_MASK = 0;
        public static final int OFF_RESERVED = 4;

        private ModifyWq() {}
    }

    /** {@code struct mlx5_ib_clock_info} (mlx5-abi.h). */
    public static final class ClockInfo {
        public static final String C_TYPE = "mlx5_ib_clock_info";
        public static final int SIZE = 56;
        public static final int OFF_SIGN = 0;
        public static final int OFF_RESV = 4;
        public static final int OFF_NSEC = 8;
        public static final int OFF_CYCLES = 16;
        public static final int OFF_FRAC = 24;
        public static final int OFF_MULT = 32;
        public static final int OFF_SHIFT = 36;
        public static final int OFF_MASK = 40;
        public static final int OFF_OVERFLOW_PERIOD = 48;

        private ClockInfo() {}
    }

    /** {@code struct mlx5_ib_create_flow} (mlx5-abi.h). */
    public static final class CreateFlow {
        public static final String C_TYPE = "mlx5_ib_create_flow";
        public static final int SIZE = 8;
        public static final int OFF_NCOUNTERS_DATA = 0;
        public static final int OFF_RESERVED = 4;
        public static final int OFF_DATA = 8;

        private CreateFlow() {}
    }

    /** {@code struct mlx5_ib_flow_counters_data} (mlx5-abi.h). */
    public static final class FlowCountersData {
        public static final String C_TYPE = "mlx5_ib_flow_counters_data";
        public static final int SIZE = 16;
        public static final int OFF_COUNTERS_DATA = 0;
        public static final int OFF_NCOUNTERS = 8;
        public static final int OFF_RESERVED = 12;

        private FlowCountersData() {}
    }

    /** {@code struct mlx5_ib_match_params} (mlx5_user_ioctl_cmds.h). */
    public static final class MatchParams {
        public static final String C_TYPE = "mlx5_ib_match_params";
        public static final int SIZE = 640;
        public static final int OFF_MATCH_PARAMS = 0;

        private MatchParams() {}
    }

    /** {@code struct mlx5_ib_uapi_query_port} (mlx5_user_ioctl_verbs.h). */
    public static final class UapiQueryPort {
        public static final String C_TYPE = "mlx5_ib_uapi_query_port";
        public static final int SIZE = 40;
        public static final int OFF_FLAGS = 0;
        public static final int OFF_VPORT = 8;
        public static final int OFF_VPORT_VHCA_ID = 10;
        public static final int OFF_ESW_OWNER_VHCA_ID = 12;
        public static final int OFF_RSVD0 = 14;
        public static final int OFF_VPORT_STEERING_ICM_RX = 16;
        public static final int OFF_VPORT_STEERING_ICM_TX = 24;
        public static final int OFF_REG_C0 = 32;

        private UapiQueryPort() {}
    }

    /** {@code struct mlx5_ib_uapi_devx_async_cmd_hdr} (mlx5_user_ioctl_verbs.h). */
    public static final class UapiDevxAsyncCmdHdr {
        public static final String C_TYPE = "mlx5_ib_uapi_devx_async_cmd_hdr";
        public static final int SIZE = 8;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_OUT_DATA = 8;

        private UapiDevxAsyncCmdHdr() {}
    }

    /** {@code struct mlx5_ib_uapi_devx_async_event_hdr} (mlx5_user_ioctl_verbs.h). */
    public static final class UapiDevxAsyncEventHdr {
        public static final String C_TYPE = "mlx5_ib_uapi_devx_async_event_hdr";
        public static final int SIZE = 8;
        public static final int OFF_COOKIE = 0;
        public static final int OFF_OUT_DATA = 8;

        private UapiDevxAsyncEventHdr() {}
    }

    private Mlx5Abi() {}
}
