package dev.sluice.rdmaproxy.abi;

/**
 * Soft-RoCE (rxe) driver data: the structs rxe returns in the UHW_OUT / driver_data of CQ, QP, SRQ
 * and AH creation, and the layout of the shared queues those responses let user space mmap.
 *
 * <p>rxe registers no driver-namespace ioctl objects or methods in 6.1 (drivers/infiniband/sw/rxe
 * has no uapi definitions), so everything it adds travels in udata. Each create response carries an
 * {@link Mminfo}: the {@code offset} to pass to {@code mmap(2)} on the uverbs fd and the {@code
 * size} of the queue there, which starts with a {@link QueueBuf} header.
 */
public final class RxeAbi {
    // From include/uapi/rdma/rdma_user_rxe.h (linux-libc-dev 6.1.187)

    // enum (anonymous)
    public static final int RXE_NETWORK_TYPE_IPV4 = 1;
    public static final int RXE_NETWORK_TYPE_IPV6 = 2;

    /** {@code struct mminfo} (rdma_user_rxe.h). */
    public static final class Mminfo {
        public static final String C_TYPE = "mminfo";
        public static final int SIZE = 16;
        public static final int OFF_OFFSET = 0;
        public static final int OFF_SIZE = 8;
        public static final int OFF_PAD = 12;

        private Mminfo() {}
    }

    /** {@code struct rxe_create_cq_resp} (rdma_user_rxe.h). */
    public static final class CreateCqResp {
        public static final String C_TYPE = "rxe_create_cq_resp";
        public static final int SIZE = 16;
        public static final int OFF_MI = 0;

        private CreateCqResp() {}
    }

    /** {@code struct rxe_resize_cq_resp} (rdma_user_rxe.h). */
    public static final class ResizeCqResp {
        public static final String C_TYPE = "rxe_resize_cq_resp";
        public static final int SIZE = 16;
        public static final int OFF_MI = 0;

        private ResizeCqResp() {}
    }

    /** {@code struct rxe_create_qp_resp} (rdma_user_rxe.h). */
    public static final class CreateQpResp {
        public static final String C_TYPE = "rxe_create_qp_resp";
        public static final int SIZE = 32;
        public static final int OFF_RQ_MI = 0;
        public static final int OFF_SQ_MI = 16;

        private CreateQpResp() {}
    }

    /** {@code struct rxe_create_srq_resp} (rdma_user_rxe.h). */
    public static final class CreateSrqResp {
        public static final String C_TYPE = "rxe_create_srq_resp";
        public static final int SIZE = 24;
        public static final int OFF_MI = 0;
        public static final int OFF_SRQ_NUM = 16;
        public static final int OFF_RESERVED = 20;

        private CreateSrqResp() {}
    }

    /** {@code struct rxe_modify_srq_cmd} (rdma_user_rxe.h). */
    public static final class ModifySrqCmd {
        public static final String C_TYPE = "rxe_modify_srq_cmd";
        public static final int SIZE = 8;
        public static final int OFF_MMAP_INFO_ADDR = 0;

        private ModifySrqCmd() {}
    }

    /** {@code struct rxe_create_ah_resp} (rdma_user_rxe.h). */
    public static final class CreateAhResp {
        public static final String C_TYPE = "rxe_create_ah_resp";
        public static final int SIZE = 8;
        public static final int OFF_AH_NUM = 0;
        public static final int OFF_RESERVED = 4;

        private CreateAhResp() {}
    }

    /** {@code struct rxe_queue_buf} (rdma_user_rxe.h). */
    public static final class QueueBuf {
        public static final String C_TYPE = "rxe_queue_buf";
        public static final int SIZE = 384;
        public static final int OFF_LOG2_ELEM_SIZE = 0;
        public static final int OFF_INDEX_MASK = 4;
        public static final int OFF_PAD_1 = 8;
        public static final int OFF_PRODUCER_INDEX = 128;
        public static final int OFF_PAD_2 = 132;
        public static final int OFF_CONSUMER_INDEX = 256;
        public static final int OFF_PAD_3 = 260;
        public static final int OFF_DATA = 384;

        private QueueBuf() {}
    }

    /** {@code struct rxe_sge} (rdma_user_rxe.h). */
    public static final class Sge {
        public static final String C_TYPE = "rxe_sge";
        public static final int SIZE = 16;
        public static final int OFF_ADDR = 0;
        public static final int OFF_LENGTH = 8;
        public static final int OFF_LKEY = 12;

        private Sge() {}
    }

    /** {@code struct rxe_dma_info} (rdma_user_rxe.h). */
    public static final class DmaInfo {
        public static final String C_TYPE = "rxe_dma_info";
        public static final int SIZE = 24;
        public static final int OFF_LENGTH = 0;
        public static final int OFF_RESID = 4;
        public static final int OFF_CUR_SGE = 8;
        public static final int OFF_NUM_SGE = 12;
        public static final int OFF_SGE_OFFSET = 16;
        public static final int OFF_RESERVED = 20;
        public static final int OFF_INLINE_DATA = 24;
        public static final int OFF_SGE = 24;

        private DmaInfo() {}
    }

    /** {@code struct rxe_av} (rdma_user_rxe.h). */
    public static final class Av {
        public static final String C_TYPE = "rxe_av";
        public static final int SIZE = 88;
        public static final int OFF_PORT_NUM = 0;
        public static final int OFF_NETWORK_TYPE = 1;
        public static final int OFF_DMAC = 2;
        public static final int OFF_GRH = 8;
        public static final int OFF_SGID_ADDR = 32;
        public static final int OFF_DGID_ADDR = 60;

        private Av() {}
    }

    /** {@code struct rxe_send_wr} (rdma_user_rxe.h). */
    public static final class SendWr {
        public static final String C_TYPE = "rxe_send_wr";
        public static final int SIZE = 144;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_RESERVED = 8;
        public static final int OFF_OPCODE = 12;
        public static final int OFF_SEND_FLAGS = 16;
        public static final int OFF_EX = 20;
        public static final int OFF_WR = 24;

        private SendWr() {}
    }

    /** {@code struct rxe_send_wqe} (rdma_user_rxe.h). */
    public static final class SendWqe {
        public static final String C_TYPE = "rxe_send_wqe";
        public static final int SIZE = 208;
        public static final int OFF_WR = 0;
        public static final int OFF_STATUS = 144;
        public static final int OFF_STATE = 148;
        public static final int OFF_IOVA = 152;
        public static final int OFF_MASK = 160;
        public static final int OFF_FIRST_PSN = 164;
        public static final int OFF_LAST_PSN = 168;
        public static final int OFF_ACK_LENGTH = 172;
        public static final int OFF_SSN = 176;
        public static final int OFF_HAS_RD_ATOMIC = 180;
        public static final int OFF_DMA = 184;

        private SendWqe() {}
    }

    /** {@code struct rxe_recv_wqe} (rdma_user_rxe.h). */
    public static final class RecvWqe {
        public static final String C_TYPE = "rxe_recv_wqe";
        public static final int SIZE = 40;
        public static final int OFF_WR_ID = 0;
        public static final int OFF_RESERVED = 8;
        public static final int OFF_PADDING = 12;
        public static final int OFF_DMA = 16;

        private RecvWqe() {}
    }

    private RxeAbi() {}
}
