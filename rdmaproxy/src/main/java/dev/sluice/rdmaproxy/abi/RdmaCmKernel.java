package dev.sluice.rdmaproxy.abi;

/**
 * Kernel-internal facts the rdma_cm policy relies on that no uapi header states, so {@code
 * sluice-rdma-abi-dump} cannot print them and {@code RdmaAbiLayoutTest} does not see them. Each
 * names the kernel file it comes from (Linux 6.1, {@code include/rdma} and {@code
 * drivers/infiniband/core}); where rdma-core restates one for user space, that file is named too.
 * {@code RdmaCmAbiTest} checks what can be checked against the uapi layouts ({@code sockaddr_ib}
 * fits the address storage of the commands that take it).
 */
public final class RdmaCmKernel {

    /**
     * {@code struct sockaddr_ib} (include/rdma/ib.h; rdma-core's librdmacm/ib.h has the same
     * layout): the AF_IB address. {@code sib_addr} is the GID; {@code sib_sid} and {@code
     * sib_sid_mask} are big-endian, and their low 16 bits, masked, are the port ({@code cma_port}
     * in drivers/infiniband/core/cma.c).
     */
    public static final class SockaddrIb {
        public static final String C_TYPE = "sockaddr_ib";
        public static final int SIZE = 48;
        public static final int OFF_SIB_FAMILY = 0;
        public static final int OFF_SIB_PKEY = 2;
        public static final int OFF_SIB_FLOWINFO = 4;
        public static final int OFF_SIB_ADDR = 8;
        public static final int OFF_SIB_SID = 24;
        public static final int OFF_SIB_SID_MASK = 32;
        public static final int OFF_SIB_SCOPE_ID = 40;

        private SockaddrIb() {}
    }

    // Service ids of the IP port spaces over AF_IB (include/rdma/rdma_cm.h; librdmacm/rdma_cma.h)
    public static final long RDMA_IB_IP_PS_MASK = 0xFFFFFFFFFFFF0000L;
    public static final long RDMA_IB_IP_PORT_MASK = 0x000000000000FFFFL;
    public static final long RDMA_IB_IP_PS_TCP = 0x0000000001060000L;
    public static final long RDMA_IB_IP_PS_UDP = 0x0000000001110000L;
    public static final long RDMA_IB_IP_PS_IB = 0x00000000013F0000L;

    // enum rdma_cm_event_type (include/rdma/rdma_cm.h; librdmacm/rdma_cma.h):
    // rdma_ucm_event_resp.event
    public static final int RDMA_CM_EVENT_ADDR_RESOLVED = 0;
    public static final int RDMA_CM_EVENT_ADDR_ERROR = 1;
    public static final int RDMA_CM_EVENT_ROUTE_RESOLVED = 2;
    public static final int RDMA_CM_EVENT_ROUTE_ERROR = 3;
    public static final int RDMA_CM_EVENT_CONNECT_REQUEST = 4;
    public static final int RDMA_CM_EVENT_CONNECT_RESPONSE = 5;
    public static final int RDMA_CM_EVENT_CONNECT_ERROR = 6;
    public static final int RDMA_CM_EVENT_UNREACHABLE = 7;
    public static final int RDMA_CM_EVENT_REJECTED = 8;
    public static final int RDMA_CM_EVENT_ESTABLISHED = 9;
    public static final int RDMA_CM_EVENT_DISCONNECTED = 10;
    public static final int RDMA_CM_EVENT_DEVICE_REMOVAL = 11;
    public static final int RDMA_CM_EVENT_MULTICAST_JOIN = 12;
    public static final int RDMA_CM_EVENT_MULTICAST_ERROR = 13;
    public static final int RDMA_CM_EVENT_ADDR_CHANGE = 14;
    public static final int RDMA_CM_EVENT_TIMEWAIT_EXIT = 15;

    // enum ib_cm_data_size (include/rdma/ib_cm.h): private data an IB CM message carries. The
    // CM fails longer data with EINVAL (ib_send_cm_req, _rep, _rej, _sidr_req, _sidr_rep).
    public static final int IB_CM_REQ_PRIVATE_DATA_SIZE = 92;
    public static final int IB_CM_REP_PRIVATE_DATA_SIZE = 196;
    public static final int IB_CM_REJ_PRIVATE_DATA_SIZE = 148;
    public static final int IB_CM_SIDR_REQ_PRIVATE_DATA_SIZE = 216;
    public static final int IB_CM_SIDR_REP_PRIVATE_DATA_SIZE = 136;

    // enum ib_cm_rej_reason (include/rdma/ib_cm.h): the reasons ucma_reject lets user space give
    // (0 there means IB_CM_REJ_CONSUMER_DEFINED)
    public static final int IB_CM_REJ_CONSUMER_DEFINED = 28;
    public static final int IB_CM_REJ_VENDOR_OPTION_NOT_SUPPORTED = 35;

    // enum ib_event_type (include/rdma/ib_verbs.h; libibverbs' ibv_event_type has the same
    // numbers): the events ib_cm_notify (drivers/infiniband/core/cm.c) acts on
    public static final int IB_EVENT_COMM_EST = 4;
    public static final int IB_EVENT_PATH_MIG = 6;

    // enum ib_qp_state (include/rdma/ib_verbs.h): ucma_init_qp_attr refuses a state above ERR
    public static final int IB_QPS_ERR = 6;

    /**
     * A controlled Q_Key has its top bit set; uverbs lets only {@code CAP_NET_RAW} put one on a QP
     * ({@code IB_QP_SET_QKEY} in include/rdma/ib_verbs.h, checked in uverbs_cmd.c's modify_qp).
     */
    public static final int IB_QP_SET_QKEY = 0x80000000;

    /**
     * The default of {@code net.rdma_ucm.max_backlog}, ucma.c's {@code max_backlog}: a LISTEN
     * backlog of 0 or above it becomes it.
     */
    public static final int UCMA_MAX_BACKLOG = 1024;

    /**
     * Ports below this need {@code CAP_NET_BIND_SERVICE} ({@code PROT_SOCK}, include/net/sock.h),
     * which {@code cma_use_port} (cma.c) checks with {@code capable()}: of the process that writes
     * the command, not of the sandbox.
     */
    public static final int PROT_SOCK = 1024;

    /**
     * The RDMA CM's own header in front of the private data of a REQ or SIDR_REQ on an IP port
     * space ({@code struct cma_hdr} in cma.c; {@code cma_user_data_offset} is 0 for AF_IB ids).
     */
    public static final int CMA_HDR_SIZE = 36;

    /**
     * Offsets in {@link RdmaCmAbi.PathRecData#OFF_PATH_REC path_rec}, the 64-byte SA PathRecord as
     * it travels in a MAD: the DGID and the SGID, 16 bytes each (word 2 and word 6 of {@code
     * path_rec_table} in drivers/infiniband/core/sa_query.c, which {@code ib_sa_unpack_path}
     * reads).
     */
    public static final int PATH_REC_DGID = 8;

    public static final int PATH_REC_SGID = 24;

    private RdmaCmKernel() {}
}
