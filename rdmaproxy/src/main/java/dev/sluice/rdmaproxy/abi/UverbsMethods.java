package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import java.util.Map;

/**
 * Core uverbs method ids. A method id means something only together with its object: each object
 * numbers its methods from 0 (so {@code UVERBS_METHOD_PD_DESTROY} and {@code
 * UVERBS_METHOD_CQ_CREATE} are both 0), which is why {@link #NAMES} is keyed by (object, method).
 * Drivers add methods to core objects with ids from 0x1000 (for example {@link
 * Mlx5Ids#MLX5_IB_METHOD_PD_QUERY} on PD).
 *
 * <p>The FLOW_ACTION ESP methods are still numbered in the 6.1 header but no longer registered by
 * the 6.1 kernel (see {@link UverbsSchema#NOT_REGISTERED}).
 */
public final class UverbsMethods {
    /** An (object, method) pair. */
    public record Key(int object, int method) {
        @Override
        public String toString() {
            return String.format("(0x%x, 0x%x)", object, method);
        }
    }

    // From include/uapi/rdma/ib_user_ioctl_cmds.h (linux-libc-dev 6.1.187)

    // enum uverbs_methods_device
    public static final int UVERBS_METHOD_INVOKE_WRITE = 0;
    public static final int UVERBS_METHOD_INFO_HANDLES = 1;
    public static final int UVERBS_METHOD_QUERY_PORT = 2;
    public static final int UVERBS_METHOD_GET_CONTEXT = 3;
    public static final int UVERBS_METHOD_QUERY_CONTEXT = 4;
    public static final int UVERBS_METHOD_QUERY_GID_TABLE = 5;
    public static final int UVERBS_METHOD_QUERY_GID_ENTRY = 6;

    // enum uverbs_methods_qp
    public static final int UVERBS_METHOD_QP_CREATE = 0;
    public static final int UVERBS_METHOD_QP_DESTROY = 1;

    // enum uverbs_methods_srq
    public static final int UVERBS_METHOD_SRQ_CREATE = 0;
    public static final int UVERBS_METHOD_SRQ_DESTROY = 1;

    // enum uverbs_methods_cq
    public static final int UVERBS_METHOD_CQ_CREATE = 0;
    public static final int UVERBS_METHOD_CQ_DESTROY = 1;

    // enum uverbs_methods_wq
    public static final int UVERBS_METHOD_WQ_CREATE = 0;
    public static final int UVERBS_METHOD_WQ_DESTROY = 1;

    // enum uverbs_methods_actions_flow_action_ops
    public static final int UVERBS_METHOD_FLOW_ACTION_ESP_CREATE = 0;
    public static final int UVERBS_METHOD_FLOW_ACTION_DESTROY = 1;
    public static final int UVERBS_METHOD_FLOW_ACTION_ESP_MODIFY = 2;

    // enum uverbs_methods_dm
    public static final int UVERBS_METHOD_DM_ALLOC = 0;
    public static final int UVERBS_METHOD_DM_FREE = 1;

    // enum uverbs_methods_mr
    public static final int UVERBS_METHOD_DM_MR_REG = 0;
    public static final int UVERBS_METHOD_MR_DESTROY = 1;
    public static final int UVERBS_METHOD_ADVISE_MR = 2;
    public static final int UVERBS_METHOD_QUERY_MR = 3;
    public static final int UVERBS_METHOD_REG_DMABUF_MR = 4;

    // enum uverbs_methods_actions_counters_ops
    public static final int UVERBS_METHOD_COUNTERS_CREATE = 0;
    public static final int UVERBS_METHOD_COUNTERS_DESTROY = 1;
    public static final int UVERBS_METHOD_COUNTERS_READ = 2;

    // enum uverbs_methods_pd
    public static final int UVERBS_METHOD_PD_DESTROY = 0;

    // enum uverbs_methods_mw
    public static final int UVERBS_METHOD_MW_DESTROY = 0;

    // enum uverbs_methods_xrcd
    public static final int UVERBS_METHOD_XRCD_DESTROY = 0;

    // enum uverbs_methods_ah
    public static final int UVERBS_METHOD_AH_DESTROY = 0;

    // enum uverbs_methods_rwq_ind_tbl
    public static final int UVERBS_METHOD_RWQ_IND_TBL_DESTROY = 0;

    // enum uverbs_methods_flow
    public static final int UVERBS_METHOD_FLOW_DESTROY = 0;

    // enum uverbs_method_async_event
    public static final int UVERBS_METHOD_ASYNC_EVENT_ALLOC = 0;

    /** (object, method) -> C name, for every method enum of the header. */
    public static final Map<Key, String> NAMES =
            Map.ofEntries(
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_INVOKE_WRITE,
                            "UVERBS_METHOD_INVOKE_WRITE"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_INFO_HANDLES,
                            "UVERBS_METHOD_INFO_HANDLES"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_PORT,
                            "UVERBS_METHOD_QUERY_PORT"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_GET_CONTEXT,
                            "UVERBS_METHOD_GET_CONTEXT"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_CONTEXT,
                            "UVERBS_METHOD_QUERY_CONTEXT"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_GID_TABLE,
                            "UVERBS_METHOD_QUERY_GID_TABLE"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_GID_ENTRY,
                            "UVERBS_METHOD_QUERY_GID_ENTRY"),
                    name(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE, "UVERBS_METHOD_QP_CREATE"),
                    name(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_DESTROY, "UVERBS_METHOD_QP_DESTROY"),
                    name(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_CREATE, "UVERBS_METHOD_SRQ_CREATE"),
                    name(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_DESTROY, "UVERBS_METHOD_SRQ_DESTROY"),
                    name(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE, "UVERBS_METHOD_CQ_CREATE"),
                    name(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY, "UVERBS_METHOD_CQ_DESTROY"),
                    name(UVERBS_OBJECT_WQ, UVERBS_METHOD_WQ_CREATE, "UVERBS_METHOD_WQ_CREATE"),
                    name(UVERBS_OBJECT_WQ, UVERBS_METHOD_WQ_DESTROY, "UVERBS_METHOD_WQ_DESTROY"),
                    name(
                            UVERBS_OBJECT_FLOW_ACTION,
                            UVERBS_METHOD_FLOW_ACTION_ESP_CREATE,
                            "UVERBS_METHOD_FLOW_ACTION_ESP_CREATE"),
                    name(
                            UVERBS_OBJECT_FLOW_ACTION,
                            UVERBS_METHOD_FLOW_ACTION_DESTROY,
                            "UVERBS_METHOD_FLOW_ACTION_DESTROY"),
                    name(
                            UVERBS_OBJECT_FLOW_ACTION,
                            UVERBS_METHOD_FLOW_ACTION_ESP_MODIFY,
                            "UVERBS_METHOD_FLOW_ACTION_ESP_MODIFY"),
                    name(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC, "UVERBS_METHOD_DM_ALLOC"),
                    name(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_FREE, "UVERBS_METHOD_DM_FREE"),
                    name(UVERBS_OBJECT_MR, UVERBS_METHOD_DM_MR_REG, "UVERBS_METHOD_DM_MR_REG"),
                    name(UVERBS_OBJECT_MR, UVERBS_METHOD_MR_DESTROY, "UVERBS_METHOD_MR_DESTROY"),
                    name(UVERBS_OBJECT_MR, UVERBS_METHOD_ADVISE_MR, "UVERBS_METHOD_ADVISE_MR"),
                    name(UVERBS_OBJECT_MR, UVERBS_METHOD_QUERY_MR, "UVERBS_METHOD_QUERY_MR"),
                    name(
                            UVERBS_OBJECT_MR,
                            UVERBS_METHOD_REG_DMABUF_MR,
                            "UVERBS_METHOD_REG_DMABUF_MR"),
                    name(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_CREATE,
                            "UVERBS_METHOD_COUNTERS_CREATE"),
                    name(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_DESTROY,
                            "UVERBS_METHOD_COUNTERS_DESTROY"),
                    name(
                            UVERBS_OBJECT_COUNTERS,
                            UVERBS_METHOD_COUNTERS_READ,
                            "UVERBS_METHOD_COUNTERS_READ"),
                    name(UVERBS_OBJECT_PD, UVERBS_METHOD_PD_DESTROY, "UVERBS_METHOD_PD_DESTROY"),
                    name(UVERBS_OBJECT_MW, UVERBS_METHOD_MW_DESTROY, "UVERBS_METHOD_MW_DESTROY"),
                    name(
                            UVERBS_OBJECT_XRCD,
                            UVERBS_METHOD_XRCD_DESTROY,
                            "UVERBS_METHOD_XRCD_DESTROY"),
                    name(UVERBS_OBJECT_AH, UVERBS_METHOD_AH_DESTROY, "UVERBS_METHOD_AH_DESTROY"),
                    name(
                            UVERBS_OBJECT_RWQ_IND_TBL,
                            UVERBS_METHOD_RWQ_IND_TBL_DESTROY,
                            "UVERBS_METHOD_RWQ_IND_TBL_DESTROY"),
                    name(
                            UVERBS_OBJECT_FLOW,
                            UVERBS_METHOD_FLOW_DESTROY,
                            "UVERBS_METHOD_FLOW_DESTROY"),
                    name(
                            UVERBS_OBJECT_ASYNC_EVENT,
                            UVERBS_METHOD_ASYNC_EVENT_ALLOC,
                            "UVERBS_METHOD_ASYNC_EVENT_ALLOC"));

    private static Map.Entry<Key, String> name(int object, int method, String name) {
        return Map.entry(new Key(object, method), name);
    }

    private UverbsMethods() {}
}
