package dev.sluice.rdmaproxy.abi;

/**
 * Structs that travel as the payload of ioctl attributes (PTR_IN/PTR_OUT), and the event records
 * read from the comp-channel and async-event fds.
 *
 * <p>From include/uapi/rdma/ib_user_ioctl_verbs.h and include/uapi/rdma/ib_user_verbs.h
 * (linux-libc-dev 6.1.187); which attribute carries which struct is in {@link UverbsSchema}.
 */
public final class UverbsAttrStructs {

    /** {@code struct ib_uverbs_query_port_resp_ex} (ib_user_ioctl_verbs.h). */
    public static final class QueryPortRespEx {
        public static final String C_TYPE = "ib_uverbs_query_port_resp_ex";
        public static final int SIZE = 48;
        public static final int OFF_LEGACY_RESP = 0;
        public static final int OFF_PORT_CAP_FLAGS2 = 40;
        public static final int OFF_RESERVED = 42;

        private QueryPortRespEx() {}
    }

    /** {@code struct ib_uverbs_qp_cap} (ib_user_ioctl_verbs.h). */
    public static final class QpCap {
        public static final String C_TYPE = "ib_uverbs_qp_cap";
        public static final int SIZE = 20;
        public static final int OFF_MAX_SEND_WR = 0;
        public static final int OFF_MAX_RECV_WR = 4;
        public static final int OFF_MAX_SEND_SGE = 8;
        public static final int OFF_MAX_RECV_SGE = 12;
        public static final int OFF_MAX_INLINE_DATA = 16;

        private QpCap() {}
    }

    /** {@code struct ib_uverbs_gid_entry} (ib_user_ioctl_verbs.h). */
    public static final class GidEntry {
        public static final String C_TYPE = "ib_uverbs_gid_entry";
        public static final int SIZE = 32;
        public static final int OFF_GID = 0;
        public static final int OFF_GID_INDEX = 16;
        public static final int OFF_PORT_NUM = 20;
        public static final int OFF_GID_TYPE = 24;
        public static final int OFF_NETDEV_IFINDEX = 28;

        private GidEntry() {}
    }

    /** {@code struct ib_uverbs_destroy_cq_resp} (ib_user_verbs.h). */
    public static final class DestroyCqResp {
        public static final String C_TYPE = "ib_uverbs_destroy_cq_resp";
        public static final int SIZE = 8;
        public static final int OFF_COMP_EVENTS_REPORTED = 0;
        public static final int OFF_ASYNC_EVENTS_REPORTED = 4;

        private DestroyCqResp() {}
    }

    /** {@code struct ib_uverbs_destroy_qp_resp} (ib_user_verbs.h). */
    public static final class DestroyQpResp {
        public static final String C_TYPE = "ib_uverbs_destroy_qp_resp";
        public static final int SIZE = 4;
        public static final int OFF_EVENTS_REPORTED = 0;

        private DestroyQpResp() {}
    }

    /** {@code struct ib_uverbs_destroy_srq_resp} (ib_user_verbs.h). */
    public static final class DestroySrqResp {
        public static final String C_TYPE = "ib_uverbs_destroy_srq_resp";
        public static final int SIZE = 4;
        public static final int OFF_EVENTS_REPORTED = 0;

        private DestroySrqResp() {}
    }

    /** {@code struct ib_uverbs_sge} (ib_user_verbs.h). */
    public static final class Sge {
        public static final String C_TYPE = "ib_uverbs_sge";
        public static final int SIZE = 16;
        public static final int OFF_ADDR = 0;
        public static final int OFF_LENGTH = 8;
        public static final int OFF_LKEY = 12;

        private Sge() {}
    }

    /** {@code struct ib_uverbs_async_event_desc} (ib_user_verbs.h). */
    public static final class AsyncEventDesc {
        public static final String C_TYPE = "ib_uverbs_async_event_desc";
        public static final int SIZE = 16;
        public static final int OFF_ELEMENT = 0;
        public static final int OFF_EVENT_TYPE = 8;
        public static final int OFF_RESERVED = 12;

        private AsyncEventDesc() {}
    }

    /** {@code struct ib_uverbs_comp_event_desc} (ib_user_verbs.h). */
    public static final class CompEventDesc {
        public static final String C_TYPE = "ib_uverbs_comp_event_desc";
        public static final int SIZE = 8;
        public static final int OFF_CQ_HANDLE = 0;

        private CompEventDesc() {}
    }

    private UverbsAttrStructs() {}
}
