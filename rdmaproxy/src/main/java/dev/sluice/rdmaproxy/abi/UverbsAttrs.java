package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Core uverbs attribute ids. Like methods, attribute ids are numbered per method from 0, so a name
 * needs the (object, method, attr) triple: {@link #NAMES}.
 *
 * <p>{@code UVERBS_ATTR_UHW_IN}/{@code UVERBS_ATTR_UHW_OUT} (0x1000/0x1001) carry the driver's
 * private request and response structs (for mlx5: {@link Mlx5Abi.CreateCq} and so on). They are
 * listed under the six methods the 6.1 kernel declares them on (INVOKE_WRITE, GET_CONTEXT,
 * CQ/QP/SRQ/WQ create). The same ids are free for a driver's own attributes on other methods: on
 * QUERY_CONTEXT, 0x1000 is {@link Mlx5Ids#MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX}.
 */
public final class UverbsAttrs {
    /** An (object, method, attribute) triple. */
    public record Key(int object, int method, int attr) {
        @Override
        public String toString() {
            return String.format("(0x%x, 0x%x, 0x%x)", object, method, attr);
        }
    }

    // From include/uapi/rdma/ib_user_ioctl_cmds.h (linux-libc-dev 6.1.187)

    // enum (anonymous)
    public static final int UVERBS_ATTR_UHW_IN = 0x1000;
    public static final int UVERBS_ATTR_UHW_OUT = 0x1001;

    // enum uverbs_attrs_invoke_write_cmd_attr_ids
    public static final int UVERBS_ATTR_CORE_IN = 0;
    public static final int UVERBS_ATTR_CORE_OUT = 1;
    public static final int UVERBS_ATTR_WRITE_CMD = 2;

    // enum uverbs_attrs_query_port_cmd_attr_ids
    public static final int UVERBS_ATTR_QUERY_PORT_PORT_NUM = 0;
    public static final int UVERBS_ATTR_QUERY_PORT_RESP = 1;

    // enum uverbs_attrs_get_context_attr_ids
    public static final int UVERBS_ATTR_GET_CONTEXT_NUM_COMP_VECTORS = 0;
    public static final int UVERBS_ATTR_GET_CONTEXT_CORE_SUPPORT = 1;

    // enum uverbs_attrs_query_context_attr_ids
    public static final int UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS = 0;
    public static final int UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT = 1;

    // enum uverbs_attrs_create_cq_cmd_attr_ids
    public static final int UVERBS_ATTR_CREATE_CQ_HANDLE = 0;
    public static final int UVERBS_ATTR_CREATE_CQ_CQE = 1;
    public static final int UVERBS_ATTR_CREATE_CQ_USER_HANDLE = 2;
    public static final int UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL = 3;
    public static final int UVERBS_ATTR_CREATE_CQ_COMP_VECTOR = 4;
    public static final int UVERBS_ATTR_CREATE_CQ_FLAGS = 5;
    public static final int UVERBS_ATTR_CREATE_CQ_RESP_CQE = 6;
    public static final int UVERBS_ATTR_CREATE_CQ_EVENT_FD = 7;

    // enum uverbs_attrs_destroy_cq_cmd_attr_ids
    public static final int UVERBS_ATTR_DESTROY_CQ_HANDLE = 0;
    public static final int UVERBS_ATTR_DESTROY_CQ_RESP = 1;

    // enum uverbs_attrs_create_flow_action_esp
    public static final int UVERBS_ATTR_CREATE_FLOW_ACTION_ESP_HANDLE = 0;
    public static final int UVERBS_ATTR_FLOW_ACTION_ESP_ATTRS = 1;
    public static final int UVERBS_ATTR_FLOW_ACTION_ESP_ESN = 2;
    public static final int UVERBS_ATTR_FLOW_ACTION_ESP_KEYMAT = 3;
    public static final int UVERBS_ATTR_FLOW_ACTION_ESP_REPLAY = 4;
    public static final int UVERBS_ATTR_FLOW_ACTION_ESP_ENCAP = 5;

    // enum uverbs_attrs_modify_flow_action_esp
    public static final int UVERBS_ATTR_MODIFY_FLOW_ACTION_ESP_HANDLE = 0;

    // enum uverbs_attrs_destroy_flow_action_esp
    public static final int UVERBS_ATTR_DESTROY_FLOW_ACTION_HANDLE = 0;

    // enum uverbs_attrs_create_qp_cmd_attr_ids
    public static final int UVERBS_ATTR_CREATE_QP_HANDLE = 0;
    public static final int UVERBS_ATTR_CREATE_QP_XRCD_HANDLE = 1;
    public static final int UVERBS_ATTR_CREATE_QP_PD_HANDLE = 2;
    public static final int UVERBS_ATTR_CREATE_QP_SRQ_HANDLE = 3;
    public static final int UVERBS_ATTR_CREATE_QP_SEND_CQ_HANDLE = 4;
    public static final int UVERBS_ATTR_CREATE_QP_RECV_CQ_HANDLE = 5;
    public static final int UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE = 6;
    public static final int UVERBS_ATTR_CREATE_QP_USER_HANDLE = 7;
    public static final int UVERBS_ATTR_CREATE_QP_CAP = 8;
    public static final int UVERBS_ATTR_CREATE_QP_TYPE = 9;
    public static final int UVERBS_ATTR_CREATE_QP_FLAGS = 10;
    public static final int UVERBS_ATTR_CREATE_QP_SOURCE_QPN = 11;
    public static final int UVERBS_ATTR_CREATE_QP_EVENT_FD = 12;
    public static final int UVERBS_ATTR_CREATE_QP_RESP_CAP = 13;
    public static final int UVERBS_ATTR_CREATE_QP_RESP_QP_NUM = 14;

    // enum uverbs_attrs_destroy_qp_cmd_attr_ids
    public static final int UVERBS_ATTR_DESTROY_QP_HANDLE = 0;
    public static final int UVERBS_ATTR_DESTROY_QP_RESP = 1;

    // enum uverbs_attrs_create_srq_cmd_attr_ids
    public static final int UVERBS_ATTR_CREATE_SRQ_HANDLE = 0;
    public static final int UVERBS_ATTR_CREATE_SRQ_PD_HANDLE = 1;
    public static final int UVERBS_ATTR_CREATE_SRQ_XRCD_HANDLE = 2;
    public static final int UVERBS_ATTR_CREATE_SRQ_CQ_HANDLE = 3;
    public static final int UVERBS_ATTR_CREATE_SRQ_USER_HANDLE = 4;
    public static final int UVERBS_ATTR_CREATE_SRQ_MAX_WR = 5;
    public static final int UVERBS_ATTR_CREATE_SRQ_MAX_SGE = 6;
    public static final int UVERBS_ATTR_CREATE_SRQ_LIMIT = 7;
    public static final int UVERBS_ATTR_CREATE_SRQ_MAX_NUM_TAGS = 8;
    public static final int UVERBS_ATTR_CREATE_SRQ_TYPE = 9;
    public static final int UVERBS_ATTR_CREATE_SRQ_EVENT_FD = 10;
    public static final int UVERBS_ATTR_CREATE_SRQ_RESP_MAX_WR = 11;
    public static final int UVERBS_ATTR_CREATE_SRQ_RESP_MAX_SGE = 12;
    public static final int UVERBS_ATTR_CREATE_SRQ_RESP_SRQ_NUM = 13;

    // enum uverbs_attrs_destroy_srq_cmd_attr_ids
    public static final int UVERBS_ATTR_DESTROY_SRQ_HANDLE = 0;
    public static final int UVERBS_ATTR_DESTROY_SRQ_RESP = 1;

    // enum uverbs_attrs_create_wq_cmd_attr_ids
    public static final int UVERBS_ATTR_CREATE_WQ_HANDLE = 0;
    public static final int UVERBS_ATTR_CREATE_WQ_PD_HANDLE = 1;
    public static final int UVERBS_ATTR_CREATE_WQ_CQ_HANDLE = 2;
    public static final int UVERBS_ATTR_CREATE_WQ_USER_HANDLE = 3;
    public static final int UVERBS_ATTR_CREATE_WQ_TYPE = 4;
    public static final int UVERBS_ATTR_CREATE_WQ_EVENT_FD = 5;
    public static final int UVERBS_ATTR_CREATE_WQ_MAX_WR = 6;
    public static final int UVERBS_ATTR_CREATE_WQ_MAX_SGE = 7;
    public static final int UVERBS_ATTR_CREATE_WQ_FLAGS = 8;
    public static final int UVERBS_ATTR_CREATE_WQ_RESP_MAX_WR = 9;
    public static final int UVERBS_ATTR_CREATE_WQ_RESP_MAX_SGE = 10;
    public static final int UVERBS_ATTR_CREATE_WQ_RESP_WQ_NUM = 11;

    // enum uverbs_attrs_destroy_wq_cmd_attr_ids
    public static final int UVERBS_ATTR_DESTROY_WQ_HANDLE = 0;
    public static final int UVERBS_ATTR_DESTROY_WQ_RESP = 1;

    // enum uverbs_attrs_alloc_dm_cmd_attr_ids
    public static final int UVERBS_ATTR_ALLOC_DM_HANDLE = 0;
    public static final int UVERBS_ATTR_ALLOC_DM_LENGTH = 1;
    public static final int UVERBS_ATTR_ALLOC_DM_ALIGNMENT = 2;

    // enum uverbs_attrs_free_dm_cmd_attr_ids
    public static final int UVERBS_ATTR_FREE_DM_HANDLE = 0;

    // enum uverbs_attrs_reg_dm_mr_cmd_attr_ids
    public static final int UVERBS_ATTR_REG_DM_MR_HANDLE = 0;
    public static final int UVERBS_ATTR_REG_DM_MR_OFFSET = 1;
    public static final int UVERBS_ATTR_REG_DM_MR_LENGTH = 2;
    public static final int UVERBS_ATTR_REG_DM_MR_PD_HANDLE = 3;
    public static final int UVERBS_ATTR_REG_DM_MR_ACCESS_FLAGS = 4;
    public static final int UVERBS_ATTR_REG_DM_MR_DM_HANDLE = 5;
    public static final int UVERBS_ATTR_REG_DM_MR_RESP_LKEY = 6;
    public static final int UVERBS_ATTR_REG_DM_MR_RESP_RKEY = 7;

    // enum uverbs_attrs_mr_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_MR_HANDLE = 0;

    // enum uverbs_attrs_advise_mr_cmd_attr_ids
    public static final int UVERBS_ATTR_ADVISE_MR_PD_HANDLE = 0;
    public static final int UVERBS_ATTR_ADVISE_MR_ADVICE = 1;
    public static final int UVERBS_ATTR_ADVISE_MR_FLAGS = 2;
    public static final int UVERBS_ATTR_ADVISE_MR_SGE_LIST = 3;

    // enum uverbs_attrs_query_mr_cmd_attr_ids
    public static final int UVERBS_ATTR_QUERY_MR_HANDLE = 0;
    public static final int UVERBS_ATTR_QUERY_MR_RESP_LKEY = 1;
    public static final int UVERBS_ATTR_QUERY_MR_RESP_RKEY = 2;
    public static final int UVERBS_ATTR_QUERY_MR_RESP_LENGTH = 3;
    public static final int UVERBS_ATTR_QUERY_MR_RESP_IOVA = 4;

    // enum uverbs_attrs_reg_dmabuf_mr_cmd_attr_ids
    public static final int UVERBS_ATTR_REG_DMABUF_MR_HANDLE = 0;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE = 1;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_OFFSET = 2;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_LENGTH = 3;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_IOVA = 4;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_FD = 5;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS = 6;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY = 7;
    public static final int UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY = 8;

    // enum uverbs_attrs_create_counters_cmd_attr_ids
    public static final int UVERBS_ATTR_CREATE_COUNTERS_HANDLE = 0;

    // enum uverbs_attrs_destroy_counters_cmd_attr_ids
    public static final int UVERBS_ATTR_DESTROY_COUNTERS_HANDLE = 0;

    // enum uverbs_attrs_read_counters_cmd_attr_ids
    public static final int UVERBS_ATTR_READ_COUNTERS_HANDLE = 0;
    public static final int UVERBS_ATTR_READ_COUNTERS_BUFF = 1;
    public static final int UVERBS_ATTR_READ_COUNTERS_FLAGS = 2;

    // enum uverbs_attrs_info_handles_id
    public static final int UVERBS_ATTR_INFO_OBJECT_ID = 0;
    public static final int UVERBS_ATTR_INFO_TOTAL_HANDLES = 1;
    public static final int UVERBS_ATTR_INFO_HANDLES_LIST = 2;

    // enum uverbs_attrs_pd_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_PD_HANDLE = 0;

    // enum uverbs_attrs_mw_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_MW_HANDLE = 0;

    // enum uverbs_attrs_xrcd_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_XRCD_HANDLE = 0;

    // enum uverbs_attrs_ah_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_AH_HANDLE = 0;

    // enum uverbs_attrs_rwq_ind_tbl_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_RWQ_IND_TBL_HANDLE = 0;

    // enum uverbs_attrs_flow_destroy_ids
    public static final int UVERBS_ATTR_DESTROY_FLOW_HANDLE = 0;

    // enum uverbs_attrs_async_event_create
    public static final int UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE = 0;

    // enum uverbs_attrs_query_gid_table_cmd_attr_ids
    public static final int UVERBS_ATTR_QUERY_GID_TABLE_ENTRY_SIZE = 0;
    public static final int UVERBS_ATTR_QUERY_GID_TABLE_FLAGS = 1;
    public static final int UVERBS_ATTR_QUERY_GID_TABLE_RESP_ENTRIES = 2;
    public static final int UVERBS_ATTR_QUERY_GID_TABLE_RESP_NUM_ENTRIES = 3;

    // enum uverbs_attrs_query_gid_entry_cmd_attr_ids
    public static final int UVERBS_ATTR_QUERY_GID_ENTRY_PORT = 0;
    public static final int UVERBS_ATTR_QUERY_GID_ENTRY_GID_INDEX = 1;
    public static final int UVERBS_ATTR_QUERY_GID_ENTRY_FLAGS = 2;
    public static final int UVERBS_ATTR_QUERY_GID_ENTRY_RESP_ENTRY = 3;

    /** (object, method, attr) -> C name, for every attribute enum of the header. */
    public static final Map<Key, String> NAMES = names();

    private record Named(int id, String name) {}

    private static Named a(int id, String name) {
        return new Named(id, name);
    }

    private static Map<Key, String> names() {
        Map<Key, String> m = new LinkedHashMap<>();
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                true,
                a(UVERBS_ATTR_CORE_IN, "UVERBS_ATTR_CORE_IN"),
                a(UVERBS_ATTR_CORE_OUT, "UVERBS_ATTR_CORE_OUT"),
                a(UVERBS_ATTR_WRITE_CMD, "UVERBS_ATTR_WRITE_CMD"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INFO_HANDLES,
                false,
                a(UVERBS_ATTR_INFO_OBJECT_ID, "UVERBS_ATTR_INFO_OBJECT_ID"),
                a(UVERBS_ATTR_INFO_TOTAL_HANDLES, "UVERBS_ATTR_INFO_TOTAL_HANDLES"),
                a(UVERBS_ATTR_INFO_HANDLES_LIST, "UVERBS_ATTR_INFO_HANDLES_LIST"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_PORT,
                false,
                a(UVERBS_ATTR_QUERY_PORT_PORT_NUM, "UVERBS_ATTR_QUERY_PORT_PORT_NUM"),
                a(UVERBS_ATTR_QUERY_PORT_RESP, "UVERBS_ATTR_QUERY_PORT_RESP"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_GET_CONTEXT,
                true,
                a(
                        UVERBS_ATTR_GET_CONTEXT_NUM_COMP_VECTORS,
                        "UVERBS_ATTR_GET_CONTEXT_NUM_COMP_VECTORS"),
                a(UVERBS_ATTR_GET_CONTEXT_CORE_SUPPORT, "UVERBS_ATTR_GET_CONTEXT_CORE_SUPPORT"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_CONTEXT,
                false,
                a(
                        UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS,
                        "UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS"),
                a(
                        UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT,
                        "UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_GID_TABLE,
                false,
                a(UVERBS_ATTR_QUERY_GID_TABLE_ENTRY_SIZE, "UVERBS_ATTR_QUERY_GID_TABLE_ENTRY_SIZE"),
                a(UVERBS_ATTR_QUERY_GID_TABLE_FLAGS, "UVERBS_ATTR_QUERY_GID_TABLE_FLAGS"),
                a(
                        UVERBS_ATTR_QUERY_GID_TABLE_RESP_ENTRIES,
                        "UVERBS_ATTR_QUERY_GID_TABLE_RESP_ENTRIES"),
                a(
                        UVERBS_ATTR_QUERY_GID_TABLE_RESP_NUM_ENTRIES,
                        "UVERBS_ATTR_QUERY_GID_TABLE_RESP_NUM_ENTRIES"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_GID_ENTRY,
                false,
                a(UVERBS_ATTR_QUERY_GID_ENTRY_PORT, "UVERBS_ATTR_QUERY_GID_ENTRY_PORT"),
                a(UVERBS_ATTR_QUERY_GID_ENTRY_GID_INDEX, "UVERBS_ATTR_QUERY_GID_ENTRY_GID_INDEX"),
                a(UVERBS_ATTR_QUERY_GID_ENTRY_FLAGS, "UVERBS_ATTR_QUERY_GID_ENTRY_FLAGS"),
                a(
                        UVERBS_ATTR_QUERY_GID_ENTRY_RESP_ENTRY,
                        "UVERBS_ATTR_QUERY_GID_ENTRY_RESP_ENTRY"));
        method(
                m,
                UVERBS_OBJECT_QP,
                UVERBS_METHOD_QP_CREATE,
                true,
                a(UVERBS_ATTR_CREATE_QP_HANDLE, "UVERBS_ATTR_CREATE_QP_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_XRCD_HANDLE, "UVERBS_ATTR_CREATE_QP_XRCD_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_PD_HANDLE, "UVERBS_ATTR_CREATE_QP_PD_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_SRQ_HANDLE, "UVERBS_ATTR_CREATE_QP_SRQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_SEND_CQ_HANDLE, "UVERBS_ATTR_CREATE_QP_SEND_CQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_RECV_CQ_HANDLE, "UVERBS_ATTR_CREATE_QP_RECV_CQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE, "UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_USER_HANDLE, "UVERBS_ATTR_CREATE_QP_USER_HANDLE"),
                a(UVERBS_ATTR_CREATE_QP_CAP, "UVERBS_ATTR_CREATE_QP_CAP"),
                a(UVERBS_ATTR_CREATE_QP_TYPE, "UVERBS_ATTR_CREATE_QP_TYPE"),
                a(UVERBS_ATTR_CREATE_QP_FLAGS, "UVERBS_ATTR_CREATE_QP_FLAGS"),
                a(UVERBS_ATTR_CREATE_QP_SOURCE_QPN, "UVERBS_ATTR_CREATE_QP_SOURCE_QPN"),
                a(UVERBS_ATTR_CREATE_QP_EVENT_FD, "UVERBS_ATTR_CREATE_QP_EVENT_FD"),
                a(UVERBS_ATTR_CREATE_QP_RESP_CAP, "UVERBS_ATTR_CREATE_QP_RESP_CAP"),
                a(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, "UVERBS_ATTR_CREATE_QP_RESP_QP_NUM"));
        method(
                m,
                UVERBS_OBJECT_QP,
                UVERBS_METHOD_QP_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_QP_HANDLE, "UVERBS_ATTR_DESTROY_QP_HANDLE"),
                a(UVERBS_ATTR_DESTROY_QP_RESP, "UVERBS_ATTR_DESTROY_QP_RESP"));
        method(
                m,
                UVERBS_OBJECT_SRQ,
                UVERBS_METHOD_SRQ_CREATE,
                true,
                a(UVERBS_ATTR_CREATE_SRQ_HANDLE, "UVERBS_ATTR_CREATE_SRQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_SRQ_PD_HANDLE, "UVERBS_ATTR_CREATE_SRQ_PD_HANDLE"),
                a(UVERBS_ATTR_CREATE_SRQ_XRCD_HANDLE, "UVERBS_ATTR_CREATE_SRQ_XRCD_HANDLE"),
                a(UVERBS_ATTR_CREATE_SRQ_CQ_HANDLE, "UVERBS_ATTR_CREATE_SRQ_CQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_SRQ_USER_HANDLE, "UVERBS_ATTR_CREATE_SRQ_USER_HANDLE"),
                a(UVERBS_ATTR_CREATE_SRQ_MAX_WR, "UVERBS_ATTR_CREATE_SRQ_MAX_WR"),
                a(UVERBS_ATTR_CREATE_SRQ_MAX_SGE, "UVERBS_ATTR_CREATE_SRQ_MAX_SGE"),
                a(UVERBS_ATTR_CREATE_SRQ_LIMIT, "UVERBS_ATTR_CREATE_SRQ_LIMIT"),
                a(UVERBS_ATTR_CREATE_SRQ_MAX_NUM_TAGS, "UVERBS_ATTR_CREATE_SRQ_MAX_NUM_TAGS"),
                a(UVERBS_ATTR_CREATE_SRQ_TYPE, "UVERBS_ATTR_CREATE_SRQ_TYPE"),
                a(UVERBS_ATTR_CREATE_SRQ_EVENT_FD, "UVERBS_ATTR_CREATE_SRQ_EVENT_FD"),
                a(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_WR, "UVERBS_ATTR_CREATE_SRQ_RESP_MAX_WR"),
                a(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_SGE, "UVERBS_ATTR_CREATE_SRQ_RESP_MAX_SGE"),
                a(UVERBS_ATTR_CREATE_SRQ_RESP_SRQ_NUM, "UVERBS_ATTR_CREATE_SRQ_RESP_SRQ_NUM"));
        method(
                m,
                UVERBS_OBJECT_SRQ,
                UVERBS_METHOD_SRQ_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_SRQ_HANDLE, "UVERBS_ATTR_DESTROY_SRQ_HANDLE"),
                a(UVERBS_ATTR_DESTROY_SRQ_RESP, "UVERBS_ATTR_DESTROY_SRQ_RESP"));
        method(
                m,
                UVERBS_OBJECT_CQ,
                UVERBS_METHOD_CQ_CREATE,
                true,
                a(UVERBS_ATTR_CREATE_CQ_HANDLE, "UVERBS_ATTR_CREATE_CQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_CQ_CQE, "UVERBS_ATTR_CREATE_CQ_CQE"),
                a(UVERBS_ATTR_CREATE_CQ_USER_HANDLE, "UVERBS_ATTR_CREATE_CQ_USER_HANDLE"),
                a(UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL, "UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL"),
                a(UVERBS_ATTR_CREATE_CQ_COMP_VECTOR, "UVERBS_ATTR_CREATE_CQ_COMP_VECTOR"),
                a(UVERBS_ATTR_CREATE_CQ_FLAGS, "UVERBS_ATTR_CREATE_CQ_FLAGS"),
                a(UVERBS_ATTR_CREATE_CQ_RESP_CQE, "UVERBS_ATTR_CREATE_CQ_RESP_CQE"),
                a(UVERBS_ATTR_CREATE_CQ_EVENT_FD, "UVERBS_ATTR_CREATE_CQ_EVENT_FD"));
        method(
                m,
                UVERBS_OBJECT_CQ,
                UVERBS_METHOD_CQ_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_CQ_HANDLE, "UVERBS_ATTR_DESTROY_CQ_HANDLE"),
                a(UVERBS_ATTR_DESTROY_CQ_RESP, "UVERBS_ATTR_DESTROY_CQ_RESP"));
        method(
                m,
                UVERBS_OBJECT_WQ,
                UVERBS_METHOD_WQ_CREATE,
                true,
                a(UVERBS_ATTR_CREATE_WQ_HANDLE, "UVERBS_ATTR_CREATE_WQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_WQ_PD_HANDLE, "UVERBS_ATTR_CREATE_WQ_PD_HANDLE"),
                a(UVERBS_ATTR_CREATE_WQ_CQ_HANDLE, "UVERBS_ATTR_CREATE_WQ_CQ_HANDLE"),
                a(UVERBS_ATTR_CREATE_WQ_USER_HANDLE, "UVERBS_ATTR_CREATE_WQ_USER_HANDLE"),
                a(UVERBS_ATTR_CREATE_WQ_TYPE, "UVERBS_ATTR_CREATE_WQ_TYPE"),
                a(UVERBS_ATTR_CREATE_WQ_EVENT_FD, "UVERBS_ATTR_CREATE_WQ_EVENT_FD"),
                a(UVERBS_ATTR_CREATE_WQ_MAX_WR, "UVERBS_ATTR_CREATE_WQ_MAX_WR"),
                a(UVERBS_ATTR_CREATE_WQ_MAX_SGE, "UVERBS_ATTR_CREATE_WQ_MAX_SGE"),
                a(UVERBS_ATTR_CREATE_WQ_FLAGS, "UVERBS_ATTR_CREATE_WQ_FLAGS"),
                a(UVERBS_ATTR_CREATE_WQ_RESP_MAX_WR, "UVERBS_ATTR_CREATE_WQ_RESP_MAX_WR"),
                a(UVERBS_ATTR_CREATE_WQ_RESP_MAX_SGE, "UVERBS_ATTR_CREATE_WQ_RESP_MAX_SGE"),
                a(UVERBS_ATTR_CREATE_WQ_RESP_WQ_NUM, "UVERBS_ATTR_CREATE_WQ_RESP_WQ_NUM"));
        method(
                m,
                UVERBS_OBJECT_WQ,
                UVERBS_METHOD_WQ_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_WQ_HANDLE, "UVERBS_ATTR_DESTROY_WQ_HANDLE"),
                a(UVERBS_ATTR_DESTROY_WQ_RESP, "UVERBS_ATTR_DESTROY_WQ_RESP"));
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                UVERBS_METHOD_FLOW_ACTION_ESP_CREATE,
                false,
                a(
                        UVERBS_ATTR_CREATE_FLOW_ACTION_ESP_HANDLE,
                        "UVERBS_ATTR_CREATE_FLOW_ACTION_ESP_HANDLE"),
                a(UVERBS_ATTR_FLOW_ACTION_ESP_ATTRS, "UVERBS_ATTR_FLOW_ACTION_ESP_ATTRS"),
                a(UVERBS_ATTR_FLOW_ACTION_ESP_ESN, "UVERBS_ATTR_FLOW_ACTION_ESP_ESN"),
                a(UVERBS_ATTR_FLOW_ACTION_ESP_KEYMAT, "UVERBS_ATTR_FLOW_ACTION_ESP_KEYMAT"),
                a(UVERBS_ATTR_FLOW_ACTION_ESP_REPLAY, "UVERBS_ATTR_FLOW_ACTION_ESP_REPLAY"),
                a(UVERBS_ATTR_FLOW_ACTION_ESP_ENCAP, "UVERBS_ATTR_FLOW_ACTION_ESP_ENCAP"));
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                UVERBS_METHOD_FLOW_ACTION_DESTROY,
                false,
                a(
                        UVERBS_ATTR_DESTROY_FLOW_ACTION_HANDLE,
                        "UVERBS_ATTR_DESTROY_FLOW_ACTION_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                UVERBS_METHOD_FLOW_ACTION_ESP_MODIFY,
                false,
                a(
                        UVERBS_ATTR_MODIFY_FLOW_ACTION_ESP_HANDLE,
                        "UVERBS_ATTR_MODIFY_FLOW_ACTION_ESP_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_DM,
                UVERBS_METHOD_DM_ALLOC,
                false,
                a(UVERBS_ATTR_ALLOC_DM_HANDLE, "UVERBS_ATTR_ALLOC_DM_HANDLE"),
                a(UVERBS_ATTR_ALLOC_DM_LENGTH, "UVERBS_ATTR_ALLOC_DM_LENGTH"),
                a(UVERBS_ATTR_ALLOC_DM_ALIGNMENT, "UVERBS_ATTR_ALLOC_DM_ALIGNMENT"));
        method(
                m,
                UVERBS_OBJECT_DM,
                UVERBS_METHOD_DM_FREE,
                false,
                a(UVERBS_ATTR_FREE_DM_HANDLE, "UVERBS_ATTR_FREE_DM_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_MR,
                UVERBS_METHOD_DM_MR_REG,
                false,
                a(UVERBS_ATTR_REG_DM_MR_HANDLE, "UVERBS_ATTR_REG_DM_MR_HANDLE"),
                a(UVERBS_ATTR_REG_DM_MR_OFFSET, "UVERBS_ATTR_REG_DM_MR_OFFSET"),
                a(UVERBS_ATTR_REG_DM_MR_LENGTH, "UVERBS_ATTR_REG_DM_MR_LENGTH"),
                a(UVERBS_ATTR_REG_DM_MR_PD_HANDLE, "UVERBS_ATTR_REG_DM_MR_PD_HANDLE"),
                a(UVERBS_ATTR_REG_DM_MR_ACCESS_FLAGS, "UVERBS_ATTR_REG_DM_MR_ACCESS_FLAGS"),
                a(UVERBS_ATTR_REG_DM_MR_DM_HANDLE, "UVERBS_ATTR_REG_DM_MR_DM_HANDLE"),
                a(UVERBS_ATTR_REG_DM_MR_RESP_LKEY, "UVERBS_ATTR_REG_DM_MR_RESP_LKEY"),
                a(UVERBS_ATTR_REG_DM_MR_RESP_RKEY, "UVERBS_ATTR_REG_DM_MR_RESP_RKEY"));
        method(
                m,
                UVERBS_OBJECT_MR,
                UVERBS_METHOD_MR_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_MR_HANDLE, "UVERBS_ATTR_DESTROY_MR_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_MR,
                UVERBS_METHOD_ADVISE_MR,
                false,
                a(UVERBS_ATTR_ADVISE_MR_PD_HANDLE, "UVERBS_ATTR_ADVISE_MR_PD_HANDLE"),
                a(UVERBS_ATTR_ADVISE_MR_ADVICE, "UVERBS_ATTR_ADVISE_MR_ADVICE"),
                a(UVERBS_ATTR_ADVISE_MR_FLAGS, "UVERBS_ATTR_ADVISE_MR_FLAGS"),
                a(UVERBS_ATTR_ADVISE_MR_SGE_LIST, "UVERBS_ATTR_ADVISE_MR_SGE_LIST"));
        method(
                m,
                UVERBS_OBJECT_MR,
                UVERBS_METHOD_QUERY_MR,
                false,
                a(UVERBS_ATTR_QUERY_MR_HANDLE, "UVERBS_ATTR_QUERY_MR_HANDLE"),
                a(UVERBS_ATTR_QUERY_MR_RESP_LKEY, "UVERBS_ATTR_QUERY_MR_RESP_LKEY"),
                a(UVERBS_ATTR_QUERY_MR_RESP_RKEY, "UVERBS_ATTR_QUERY_MR_RESP_RKEY"),
                a(UVERBS_ATTR_QUERY_MR_RESP_LENGTH, "UVERBS_ATTR_QUERY_MR_RESP_LENGTH"),
                a(UVERBS_ATTR_QUERY_MR_RESP_IOVA, "UVERBS_ATTR_QUERY_MR_RESP_IOVA"));
        method(
                m,
                UVERBS_OBJECT_MR,
                UVERBS_METHOD_REG_DMABUF_MR,
                false,
                a(UVERBS_ATTR_REG_DMABUF_MR_HANDLE, "UVERBS_ATTR_REG_DMABUF_MR_HANDLE"),
                a(UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE, "UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE"),
                a(UVERBS_ATTR_REG_DMABUF_MR_OFFSET, "UVERBS_ATTR_REG_DMABUF_MR_OFFSET"),
                a(UVERBS_ATTR_REG_DMABUF_MR_LENGTH, "UVERBS_ATTR_REG_DMABUF_MR_LENGTH"),
                a(UVERBS_ATTR_REG_DMABUF_MR_IOVA, "UVERBS_ATTR_REG_DMABUF_MR_IOVA"),
                a(UVERBS_ATTR_REG_DMABUF_MR_FD, "UVERBS_ATTR_REG_DMABUF_MR_FD"),
                a(UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS, "UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS"),
                a(UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY, "UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY"),
                a(UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY, "UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY"));
        method(
                m,
                UVERBS_OBJECT_COUNTERS,
                UVERBS_METHOD_COUNTERS_CREATE,
                false,
                a(UVERBS_ATTR_CREATE_COUNTERS_HANDLE, "UVERBS_ATTR_CREATE_COUNTERS_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_COUNTERS,
                UVERBS_METHOD_COUNTERS_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_COUNTERS_HANDLE, "UVERBS_ATTR_DESTROY_COUNTERS_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_COUNTERS,
                UVERBS_METHOD_COUNTERS_READ,
                false,
                a(UVERBS_ATTR_READ_COUNTERS_HANDLE, "UVERBS_ATTR_READ_COUNTERS_HANDLE"),
                a(UVERBS_ATTR_READ_COUNTERS_BUFF, "UVERBS_ATTR_READ_COUNTERS_BUFF"),
                a(UVERBS_ATTR_READ_COUNTERS_FLAGS, "UVERBS_ATTR_READ_COUNTERS_FLAGS"));
        method(
                m,
                UVERBS_OBJECT_PD,
                UVERBS_METHOD_PD_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_PD_HANDLE, "UVERBS_ATTR_DESTROY_PD_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_MW,
                UVERBS_METHOD_MW_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_MW_HANDLE, "UVERBS_ATTR_DESTROY_MW_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_XRCD,
                UVERBS_METHOD_XRCD_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_XRCD_HANDLE, "UVERBS_ATTR_DESTROY_XRCD_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_AH,
                UVERBS_METHOD_AH_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_AH_HANDLE, "UVERBS_ATTR_DESTROY_AH_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_RWQ_IND_TBL,
                UVERBS_METHOD_RWQ_IND_TBL_DESTROY,
                false,
                a(
                        UVERBS_ATTR_DESTROY_RWQ_IND_TBL_HANDLE,
                        "UVERBS_ATTR_DESTROY_RWQ_IND_TBL_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_FLOW,
                UVERBS_METHOD_FLOW_DESTROY,
                false,
                a(UVERBS_ATTR_DESTROY_FLOW_HANDLE, "UVERBS_ATTR_DESTROY_FLOW_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_ASYNC_EVENT,
                UVERBS_METHOD_ASYNC_EVENT_ALLOC,
                false,
                a(
                        UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE,
                        "UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE"));
        return Collections.unmodifiableMap(m);
    }

    private static void method(
            Map<Key, String> m, int object, int method, boolean uhw, Named... attrs) {
        for (Named a : attrs) {
            put(m, new Key(object, method, a.id()), a.name());
        }
        if (uhw) {
            put(m, new Key(object, method, UVERBS_ATTR_UHW_IN), "UVERBS_ATTR_UHW_IN");
            put(m, new Key(object, method, UVERBS_ATTR_UHW_OUT), "UVERBS_ATTR_UHW_OUT");
        }
    }

    private static void put(Map<Key, String> m, Key k, String name) {
        if (m.putIfAbsent(k, name) != null) {
            throw new IllegalStateException(
                    "duplicate attribute " + k + ": " + name + " and " + m.get(k));
        }
    }

    private UverbsAttrs() {}
}
