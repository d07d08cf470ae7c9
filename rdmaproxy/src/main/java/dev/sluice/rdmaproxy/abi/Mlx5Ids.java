package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.UverbsMethods.UVERBS_METHOD_DM_ALLOC;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.UVERBS_METHOD_FLOW_ACTION_ESP_CREATE;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.UVERBS_METHOD_QUERY_CONTEXT;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ConnectX (mlx5_ib) driver-namespace ids: mlx5's own objects, its methods (on its objects and on
 * core objects such as DM, FLOW, FLOW_ACTION, PD and DEVICE), and its attributes (on its methods
 * and added to core methods such as DM_ALLOC and QUERY_CONTEXT). Every id here is at least {@link
 * UverbsIoctl#UVERBS_UDATA_DRIVER_DATA_FLAG} (0x1000).
 *
 * <p>The name tables have the key types of the core ones, so a lookup can merge them ({@link
 * UverbsNames#withDriver}).
 *
 * <p>{@code MLX5_IB_ATTR_CREATE_FLOW_ACTION_FLAGS} belongs to the ESP flow-action create method,
 * which the 6.1 kernel no longer registers.
 */
public final class Mlx5Ids {
    // From include/uapi/rdma/mlx5_user_ioctl_cmds.h (linux-libc-dev 6.1.187)

    // enum mlx5_ib_create_flow_action_attrs
    public static final int MLX5_IB_ATTR_CREATE_FLOW_ACTION_FLAGS = 0x1000;

    // enum mlx5_ib_dm_methods
    public static final int MLX5_IB_METHOD_DM_MAP_OP_ADDR = 0x1000;
    public static final int MLX5_IB_METHOD_DM_QUERY = 0x1001;

    // enum mlx5_ib_dm_map_op_addr_attrs
    public static final int MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_OP = 0x1001;
    public static final int MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_START_OFFSET = 0x1002;
    public static final int MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_PAGE_INDEX = 0x1003;

    // enum mlx5_ib_query_dm_attrs
    public static final int MLX5_IB_ATTR_QUERY_DM_REQ_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_QUERY_DM_RESP_START_OFFSET = 0x1001;
    public static final int MLX5_IB_ATTR_QUERY_DM_RESP_PAGE_INDEX = 0x1002;
    public static final int MLX5_IB_ATTR_QUERY_DM_RESP_LENGTH = 0x1003;

    // enum mlx5_ib_alloc_dm_attrs
    public static final int MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET = 0x1000;
    public static final int MLX5_IB_ATTR_ALLOC_DM_RESP_PAGE_INDEX = 0x1001;
    public static final int MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE = 0x1002;

    // enum mlx5_ib_devx_methods
    public static final int MLX5_IB_METHOD_DEVX_OTHER = 0x1000;
    public static final int MLX5_IB_METHOD_DEVX_QUERY_UAR = 0x1001;
    public static final int MLX5_IB_METHOD_DEVX_QUERY_EQN = 0x1002;
    public static final int MLX5_IB_METHOD_DEVX_SUBSCRIBE_EVENT = 0x1003;

    // enum mlx5_ib_devx_other_attrs
    public static final int MLX5_IB_ATTR_DEVX_OTHER_CMD_IN = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_OTHER_CMD_OUT = 0x1001;

    // enum mlx5_ib_devx_obj_create_attrs
    public static final int MLX5_IB_ATTR_DEVX_OBJ_CREATE_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_IN = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_OUT = 0x1002;

    // enum mlx5_ib_devx_query_uar_attrs
    public static final int MLX5_IB_ATTR_DEVX_QUERY_UAR_USER_IDX = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_QUERY_UAR_DEV_IDX = 0x1001;

    // enum mlx5_ib_devx_obj_destroy_attrs
    public static final int MLX5_IB_ATTR_DEVX_OBJ_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_devx_obj_modify_attrs
    public static final int MLX5_IB_ATTR_DEVX_OBJ_MODIFY_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_IN = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_OUT = 0x1002;

    // enum mlx5_ib_devx_obj_query_attrs
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_IN = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_OUT = 0x1002;

    // enum mlx5_ib_devx_obj_query_async_attrs
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_CMD_IN = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_FD = 0x1002;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_WR_ID = 0x1003;
    public static final int MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_OUT_LEN = 0x1004;

    // enum mlx5_ib_devx_subscribe_event_attrs
    public static final int MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_OBJ_HANDLE = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_TYPE_NUM_LIST = 0x1002;
    public static final int MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_NUM = 0x1003;
    public static final int MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_COOKIE = 0x1004;

    // enum mlx5_ib_devx_query_eqn_attrs
    public static final int MLX5_IB_ATTR_DEVX_QUERY_EQN_USER_VEC = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_QUERY_EQN_DEV_EQN = 0x1001;

    // enum mlx5_ib_devx_obj_methods
    public static final int MLX5_IB_METHOD_DEVX_OBJ_CREATE = 0x1000;
    public static final int MLX5_IB_METHOD_DEVX_OBJ_DESTROY = 0x1001;
    public static final int MLX5_IB_METHOD_DEVX_OBJ_MODIFY = 0x1002;
    public static final int MLX5_IB_METHOD_DEVX_OBJ_QUERY = 0x1003;
    public static final int MLX5_IB_METHOD_DEVX_OBJ_ASYNC_QUERY = 0x1004;

    // enum mlx5_ib_var_alloc_attrs
    public static final int MLX5_IB_ATTR_VAR_OBJ_ALLOC_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_OFFSET = 0x1001;
    public static final int MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_LENGTH = 0x1002;
    public static final int MLX5_IB_ATTR_VAR_OBJ_ALLOC_PAGE_ID = 0x1003;

    // enum mlx5_ib_var_obj_destroy_attrs
    public static final int MLX5_IB_ATTR_VAR_OBJ_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_var_obj_methods
    public static final int MLX5_IB_METHOD_VAR_OBJ_ALLOC = 0x1000;
    public static final int MLX5_IB_METHOD_VAR_OBJ_DESTROY = 0x1001;

    // enum mlx5_ib_uar_alloc_attrs
    public static final int MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE = 0x1001;
    public static final int MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET = 0x1002;
    public static final int MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH = 0x1003;
    public static final int MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID = 0x1004;

    // enum mlx5_ib_uar_obj_destroy_attrs
    public static final int MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_uar_obj_methods
    public static final int MLX5_IB_METHOD_UAR_OBJ_ALLOC = 0x1000;
    public static final int MLX5_IB_METHOD_UAR_OBJ_DESTROY = 0x1001;

    // enum mlx5_ib_devx_umem_reg_attrs
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_ADDR = 0x1001;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_LEN = 0x1002;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_ACCESS = 0x1003;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_OUT_ID = 0x1004;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_PGSZ_BITMAP = 0x1005;
    public static final int MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD = 0x1006;

    // enum mlx5_ib_devx_umem_dereg_attrs
    public static final int MLX5_IB_ATTR_DEVX_UMEM_DEREG_HANDLE = 0x1000;

    // enum mlx5_ib_pp_obj_methods
    public static final int MLX5_IB_METHOD_PP_OBJ_ALLOC = 0x1000;
    public static final int MLX5_IB_METHOD_PP_OBJ_DESTROY = 0x1001;

    // enum mlx5_ib_pp_alloc_attrs
    public static final int MLX5_IB_ATTR_PP_OBJ_ALLOC_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_PP_OBJ_ALLOC_CTX = 0x1001;
    public static final int MLX5_IB_ATTR_PP_OBJ_ALLOC_FLAGS = 0x1002;
    public static final int MLX5_IB_ATTR_PP_OBJ_ALLOC_INDEX = 0x1003;

    // enum mlx5_ib_pp_obj_destroy_attrs
    public static final int MLX5_IB_ATTR_PP_OBJ_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_devx_umem_methods
    public static final int MLX5_IB_METHOD_DEVX_UMEM_REG = 0x1000;
    public static final int MLX5_IB_METHOD_DEVX_UMEM_DEREG = 0x1001;

    // enum mlx5_ib_devx_async_cmd_fd_alloc_attrs
    public static final int MLX5_IB_ATTR_DEVX_ASYNC_CMD_FD_ALLOC_HANDLE = 0x1000;

    // enum mlx5_ib_devx_async_event_fd_alloc_attrs
    public static final int MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_FLAGS = 0x1001;

    // enum mlx5_ib_devx_async_cmd_fd_methods
    public static final int MLX5_IB_METHOD_DEVX_ASYNC_CMD_FD_ALLOC = 0x1000;

    // enum mlx5_ib_devx_async_event_fd_methods
    public static final int MLX5_IB_METHOD_DEVX_ASYNC_EVENT_FD_ALLOC = 0x1000;

    // enum mlx5_ib_objects
    public static final int MLX5_IB_OBJECT_DEVX = 0x1000;
    public static final int MLX5_IB_OBJECT_DEVX_OBJ = 0x1001;
    public static final int MLX5_IB_OBJECT_DEVX_UMEM = 0x1002;
    public static final int MLX5_IB_OBJECT_FLOW_MATCHER = 0x1003;
    public static final int MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD = 0x1004;
    public static final int MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD = 0x1005;
    public static final int MLX5_IB_OBJECT_VAR = 0x1006;
    public static final int MLX5_IB_OBJECT_PP = 0x1007;
    public static final int MLX5_IB_OBJECT_UAR = 0x1008;
    public static final int MLX5_IB_OBJECT_STEERING_ANCHOR = 0x1009;

    // enum mlx5_ib_flow_matcher_create_attrs
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_CREATE_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_MATCH_MASK = 0x1001;
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE = 0x1002;
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_MATCH_CRITERIA = 0x1003;
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_FLOW_FLAGS = 0x1004;
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_FT_TYPE = 0x1005;

    // enum mlx5_ib_flow_matcher_destroy_attrs
    public static final int MLX5_IB_ATTR_FLOW_MATCHER_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_flow_matcher_methods
    public static final int MLX5_IB_METHOD_FLOW_MATCHER_CREATE = 0x1000;
    public static final int MLX5_IB_METHOD_FLOW_MATCHER_DESTROY = 0x1001;

    // enum mlx5_ib_flow_steering_anchor_create_attrs
    public static final int MLX5_IB_ATTR_STEERING_ANCHOR_CREATE_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_STEERING_ANCHOR_FT_TYPE = 0x1001;
    public static final int MLX5_IB_ATTR_STEERING_ANCHOR_PRIORITY = 0x1002;
    public static final int MLX5_IB_ATTR_STEERING_ANCHOR_FT_ID = 0x1003;

    // enum mlx5_ib_flow_steering_anchor_destroy_attrs
    public static final int MLX5_IB_ATTR_STEERING_ANCHOR_DESTROY_HANDLE = 0x1000;

    // enum mlx5_ib_steering_anchor_methods
    public static final int MLX5_IB_METHOD_STEERING_ANCHOR_CREATE = 0x1000;
    public static final int MLX5_IB_METHOD_STEERING_ANCHOR_DESTROY = 0x1001;

    // enum mlx5_ib_device_query_context_attrs
    public static final int MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX = 0x1000;

    // enum mlx5_ib_create_flow_attrs
    public static final int MLX5_IB_ATTR_CREATE_FLOW_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_MATCH_VALUE = 0x1001;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_DEST_QP = 0x1002;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_DEST_DEVX = 0x1003;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_MATCHER = 0x1004;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_ARR_FLOW_ACTIONS = 0x1005;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_TAG = 0x1006;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX = 0x1007;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX_OFFSET = 0x1008;
    public static final int MLX5_IB_ATTR_CREATE_FLOW_FLAGS = 0x1009;

    // enum mlx5_ib_destroy_flow_attrs
    public static final int MLX5_IB_ATTR_DESTROY_FLOW_HANDLE = 0x1000;

    // enum mlx5_ib_flow_methods
    public static final int MLX5_IB_METHOD_CREATE_FLOW = 0x1000;
    public static final int MLX5_IB_METHOD_DESTROY_FLOW = 0x1001;

    // enum mlx5_ib_flow_action_methods
    public static final int MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER = 0x1000;
    public static final int MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT = 0x1001;

    // enum mlx5_ib_create_flow_action_create_modify_header_attrs
    public static final int MLX5_IB_ATTR_CREATE_MODIFY_HEADER_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_CREATE_MODIFY_HEADER_ACTIONS_PRM = 0x1001;
    public static final int MLX5_IB_ATTR_CREATE_MODIFY_HEADER_FT_TYPE = 0x1002;

    // enum mlx5_ib_create_flow_action_create_packet_reformat_attrs
    public static final int MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_TYPE = 0x1001;
    public static final int MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_FT_TYPE = 0x1002;
    public static final int MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_DATA_BUF = 0x1003;

    // enum mlx5_ib_query_pd_attrs
    public static final int MLX5_IB_ATTR_QUERY_PD_HANDLE = 0x1000;
    public static final int MLX5_IB_ATTR_QUERY_PD_RESP_PDN = 0x1001;

    // enum mlx5_ib_pd_methods
    public static final int MLX5_IB_METHOD_PD_QUERY = 0x1000;

    // enum mlx5_ib_device_methods
    public static final int MLX5_IB_METHOD_QUERY_PORT = 0x1000;

    // enum mlx5_ib_query_port_attrs
    public static final int MLX5_IB_ATTR_QUERY_PORT_PORT_NUM = 0x1000;
    public static final int MLX5_IB_ATTR_QUERY_PORT = 0x1001;

    /** Driver object id -> C name. */
    public static final Map<Integer, String> OBJECT_NAMES =
            Map.ofEntries(
                    Map.entry(MLX5_IB_OBJECT_DEVX, "MLX5_IB_OBJECT_DEVX"),
                    Map.entry(MLX5_IB_OBJECT_DEVX_OBJ, "MLX5_IB_OBJECT_DEVX_OBJ"),
                    Map.entry(MLX5_IB_OBJECT_DEVX_UMEM, "MLX5_IB_OBJECT_DEVX_UMEM"),
                    Map.entry(MLX5_IB_OBJECT_FLOW_MATCHER, "MLX5_IB_OBJECT_FLOW_MATCHER"),
                    Map.entry(MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD, "MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD"),
                    Map.entry(
                            MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                            "MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD"),
                    Map.entry(MLX5_IB_OBJECT_VAR, "MLX5_IB_OBJECT_VAR"),
                    Map.entry(MLX5_IB_OBJECT_PP, "MLX5_IB_OBJECT_PP"),
                    Map.entry(MLX5_IB_OBJECT_UAR, "MLX5_IB_OBJECT_UAR"),
                    Map.entry(MLX5_IB_OBJECT_STEERING_ANCHOR, "MLX5_IB_OBJECT_STEERING_ANCHOR"));

    /** (object, method) -> C name of every mlx5 method, on mlx5 objects and on core objects. */
    public static final Map<UverbsMethods.Key, String> METHOD_NAMES =
            Map.ofEntries(
                    name(
                            UVERBS_OBJECT_DM,
                            MLX5_IB_METHOD_DM_MAP_OP_ADDR,
                            "MLX5_IB_METHOD_DM_MAP_OP_ADDR"),
                    name(UVERBS_OBJECT_DM, MLX5_IB_METHOD_DM_QUERY, "MLX5_IB_METHOD_DM_QUERY"),
                    name(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_OTHER,
                            "MLX5_IB_METHOD_DEVX_OTHER"),
                    name(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_QUERY_UAR,
                            "MLX5_IB_METHOD_DEVX_QUERY_UAR"),
                    name(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_QUERY_EQN,
                            "MLX5_IB_METHOD_DEVX_QUERY_EQN"),
                    name(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_SUBSCRIBE_EVENT,
                            "MLX5_IB_METHOD_DEVX_SUBSCRIBE_EVENT"),
                    name(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_CREATE,
                            "MLX5_IB_METHOD_DEVX_OBJ_CREATE"),
                    name(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_DESTROY,
                            "MLX5_IB_METHOD_DEVX_OBJ_DESTROY"),
                    name(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_MODIFY,
                            "MLX5_IB_METHOD_DEVX_OBJ_MODIFY"),
                    name(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_QUERY,
                            "MLX5_IB_METHOD_DEVX_OBJ_QUERY"),
                    name(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_ASYNC_QUERY,
                            "MLX5_IB_METHOD_DEVX_OBJ_ASYNC_QUERY"),
                    name(
                            MLX5_IB_OBJECT_VAR,
                            MLX5_IB_METHOD_VAR_OBJ_ALLOC,
                            "MLX5_IB_METHOD_VAR_OBJ_ALLOC"),
                    name(
                            MLX5_IB_OBJECT_VAR,
                            MLX5_IB_METHOD_VAR_OBJ_DESTROY,
                            "MLX5_IB_METHOD_VAR_OBJ_DESTROY"),
                    name(
                            MLX5_IB_OBJECT_UAR,
                            MLX5_IB_METHOD_UAR_OBJ_ALLOC,
                            "MLX5_IB_METHOD_UAR_OBJ_ALLOC"),
                    name(
                            MLX5_IB_OBJECT_UAR,
                            MLX5_IB_METHOD_UAR_OBJ_DESTROY,
                            "MLX5_IB_METHOD_UAR_OBJ_DESTROY"),
                    name(
                            MLX5_IB_OBJECT_PP,
                            MLX5_IB_METHOD_PP_OBJ_ALLOC,
                            "MLX5_IB_METHOD_PP_OBJ_ALLOC"),
                    name(
                            MLX5_IB_OBJECT_PP,
                            MLX5_IB_METHOD_PP_OBJ_DESTROY,
                            "MLX5_IB_METHOD_PP_OBJ_DESTROY"),
                    name(
                            MLX5_IB_OBJECT_DEVX_UMEM,
                            MLX5_IB_METHOD_DEVX_UMEM_REG,
                            "MLX5_IB_METHOD_DEVX_UMEM_REG"),
                    name(
                            MLX5_IB_OBJECT_DEVX_UMEM,
                            MLX5_IB_METHOD_DEVX_UMEM_DEREG,
                            "MLX5_IB_METHOD_DEVX_UMEM_DEREG"),
                    name(
                            MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                            MLX5_IB_METHOD_DEVX_ASYNC_CMD_FD_ALLOC,
                            "MLX5_IB_METHOD_DEVX_ASYNC_CMD_FD_ALLOC"),
                    name(
                            MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                            MLX5_IB_METHOD_DEVX_ASYNC_EVENT_FD_ALLOC,
                            "MLX5_IB_METHOD_DEVX_ASYNC_EVENT_FD_ALLOC"),
                    name(
                            MLX5_IB_OBJECT_FLOW_MATCHER,
                            MLX5_IB_METHOD_FLOW_MATCHER_CREATE,
                            "MLX5_IB_METHOD_FLOW_MATCHER_CREATE"),
                    name(
                            MLX5_IB_OBJECT_FLOW_MATCHER,
                            MLX5_IB_METHOD_FLOW_MATCHER_DESTROY,
                            "MLX5_IB_METHOD_FLOW_MATCHER_DESTROY"),
                    name(
                            MLX5_IB_OBJECT_STEERING_ANCHOR,
                            MLX5_IB_METHOD_STEERING_ANCHOR_CREATE,
                            "MLX5_IB_METHOD_STEERING_ANCHOR_CREATE"),
                    name(
                            MLX5_IB_OBJECT_STEERING_ANCHOR,
                            MLX5_IB_METHOD_STEERING_ANCHOR_DESTROY,
                            "MLX5_IB_METHOD_STEERING_ANCHOR_DESTROY"),
                    name(
                            UVERBS_OBJECT_FLOW,
                            MLX5_IB_METHOD_CREATE_FLOW,
                            "MLX5_IB_METHOD_CREATE_FLOW"),
                    name(
                            UVERBS_OBJECT_FLOW,
                            MLX5_IB_METHOD_DESTROY_FLOW,
                            "MLX5_IB_METHOD_DESTROY_FLOW"),
                    name(
                            UVERBS_OBJECT_FLOW_ACTION,
                            MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER,
                            "MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER"),
                    name(
                            UVERBS_OBJECT_FLOW_ACTION,
                            MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT,
                            "MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT"),
                    name(UVERBS_OBJECT_PD, MLX5_IB_METHOD_PD_QUERY, "MLX5_IB_METHOD_PD_QUERY"),
                    name(
                            UVERBS_OBJECT_DEVICE,
                            MLX5_IB_METHOD_QUERY_PORT,
                            "MLX5_IB_METHOD_QUERY_PORT"));

    /**
     * (object, method, attr) -> C name of every mlx5 attribute, on mlx5 methods and on core
     * methods.
     */
    public static final Map<UverbsAttrs.Key, String> ATTR_NAMES = attrNames();

    private record Named(int id, String name) {}

    private static Named a(int id, String name) {
        return new Named(id, name);
    }

    private static Map.Entry<UverbsMethods.Key, String> name(int object, int method, String name) {
        return Map.entry(new UverbsMethods.Key(object, method), name);
    }

    private static Map<UverbsAttrs.Key, String> attrNames() {
        Map<UverbsAttrs.Key, String> m = new LinkedHashMap<>();
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                UVERBS_METHOD_FLOW_ACTION_ESP_CREATE,
                a(MLX5_IB_ATTR_CREATE_FLOW_ACTION_FLAGS, "MLX5_IB_ATTR_CREATE_FLOW_ACTION_FLAGS"));
        method(
                m,
                UVERBS_OBJECT_DM,
                MLX5_IB_METHOD_DM_MAP_OP_ADDR,
                a(MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_HANDLE, "MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_HANDLE"),
                a(MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_OP, "MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_OP"),
                a(
                        MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_START_OFFSET,
                        "MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_START_OFFSET"),
                a(
                        MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_PAGE_INDEX,
                        "MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_PAGE_INDEX"));
        method(
                m,
                UVERBS_OBJECT_DM,
                MLX5_IB_METHOD_DM_QUERY,
                a(MLX5_IB_ATTR_QUERY_DM_REQ_HANDLE, "MLX5_IB_ATTR_QUERY_DM_REQ_HANDLE"),
                a(
                        MLX5_IB_ATTR_QUERY_DM_RESP_START_OFFSET,
                        "MLX5_IB_ATTR_QUERY_DM_RESP_START_OFFSET"),
                a(MLX5_IB_ATTR_QUERY_DM_RESP_PAGE_INDEX, "MLX5_IB_ATTR_QUERY_DM_RESP_PAGE_INDEX"),
                a(MLX5_IB_ATTR_QUERY_DM_RESP_LENGTH, "MLX5_IB_ATTR_QUERY_DM_RESP_LENGTH"));
        method(
                m,
                UVERBS_OBJECT_DM,
                UVERBS_METHOD_DM_ALLOC,
                a(
                        MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET,
                        "MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET"),
                a(MLX5_IB_ATTR_ALLOC_DM_RESP_PAGE_INDEX, "MLX5_IB_ATTR_ALLOC_DM_RESP_PAGE_INDEX"),
                a(MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE, "MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX,
                MLX5_IB_METHOD_DEVX_OTHER,
                a(MLX5_IB_ATTR_DEVX_OTHER_CMD_IN, "MLX5_IB_ATTR_DEVX_OTHER_CMD_IN"),
                a(MLX5_IB_ATTR_DEVX_OTHER_CMD_OUT, "MLX5_IB_ATTR_DEVX_OTHER_CMD_OUT"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_OBJ,
                MLX5_IB_METHOD_DEVX_OBJ_CREATE,
                a(MLX5_IB_ATTR_DEVX_OBJ_CREATE_HANDLE, "MLX5_IB_ATTR_DEVX_OBJ_CREATE_HANDLE"),
                a(MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_IN, "MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_IN"),
                a(MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_OUT, "MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_OUT"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX,
                MLX5_IB_METHOD_DEVX_QUERY_UAR,
                a(MLX5_IB_ATTR_DEVX_QUERY_UAR_USER_IDX, "MLX5_IB_ATTR_DEVX_QUERY_UAR_USER_IDX"),
                a(MLX5_IB_ATTR_DEVX_QUERY_UAR_DEV_IDX, "MLX5_IB_ATTR_DEVX_QUERY_UAR_DEV_IDX"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_OBJ,
                MLX5_IB_METHOD_DEVX_OBJ_DESTROY,
                a(MLX5_IB_ATTR_DEVX_OBJ_DESTROY_HANDLE, "MLX5_IB_ATTR_DEVX_OBJ_DESTROY_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_OBJ,
                MLX5_IB_METHOD_DEVX_OBJ_MODIFY,
                a(MLX5_IB_ATTR_DEVX_OBJ_MODIFY_HANDLE, "MLX5_IB_ATTR_DEVX_OBJ_MODIFY_HANDLE"),
                a(MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_IN, "MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_IN"),
                a(MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_OUT, "MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_OUT"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_OBJ,
                MLX5_IB_METHOD_DEVX_OBJ_QUERY,
                a(MLX5_IB_ATTR_DEVX_OBJ_QUERY_HANDLE, "MLX5_IB_ATTR_DEVX_OBJ_QUERY_HANDLE"),
                a(MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_IN, "MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_IN"),
                a(MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_OUT, "MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_OUT"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_OBJ,
                MLX5_IB_METHOD_DEVX_OBJ_ASYNC_QUERY,
                a(
                        MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_HANDLE,
                        "MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_HANDLE"),
                a(
                        MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_CMD_IN,
                        "MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_CMD_IN"),
                a(MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_FD, "MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_FD"),
                a(
                        MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_WR_ID,
                        "MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_WR_ID"),
                a(
                        MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_OUT_LEN,
                        "MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_OUT_LEN"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX,
                MLX5_IB_METHOD_DEVX_SUBSCRIBE_EVENT,
                a(
                        MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_HANDLE,
                        "MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_HANDLE"),
                a(
                        MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_OBJ_HANDLE,
                        "MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_OBJ_HANDLE"),
                a(
                        MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_TYPE_NUM_LIST,
                        "MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_TYPE_NUM_LIST"),
                a(
                        MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_NUM,
                        "MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_NUM"),
                a(
                        MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_COOKIE,
                        "MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_COOKIE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX,
                MLX5_IB_METHOD_DEVX_QUERY_EQN,
                a(MLX5_IB_ATTR_DEVX_QUERY_EQN_USER_VEC, "MLX5_IB_ATTR_DEVX_QUERY_EQN_USER_VEC"),
                a(MLX5_IB_ATTR_DEVX_QUERY_EQN_DEV_EQN, "MLX5_IB_ATTR_DEVX_QUERY_EQN_DEV_EQN"));
        method(
                m,
                MLX5_IB_OBJECT_VAR,
                MLX5_IB_METHOD_VAR_OBJ_ALLOC,
                a(MLX5_IB_ATTR_VAR_OBJ_ALLOC_HANDLE, "MLX5_IB_ATTR_VAR_OBJ_ALLOC_HANDLE"),
                a(MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_OFFSET, "MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_OFFSET"),
                a(MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_LENGTH, "MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_LENGTH"),
                a(MLX5_IB_ATTR_VAR_OBJ_ALLOC_PAGE_ID, "MLX5_IB_ATTR_VAR_OBJ_ALLOC_PAGE_ID"));
        method(
                m,
                MLX5_IB_OBJECT_VAR,
                MLX5_IB_METHOD_VAR_OBJ_DESTROY,
                a(MLX5_IB_ATTR_VAR_OBJ_DESTROY_HANDLE, "MLX5_IB_ATTR_VAR_OBJ_DESTROY_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_UAR,
                MLX5_IB_METHOD_UAR_OBJ_ALLOC,
                a(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, "MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE"),
                a(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, "MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE"),
                a(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, "MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET"),
                a(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH, "MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH"),
                a(MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID, "MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID"));
        method(
                m,
                MLX5_IB_OBJECT_UAR,
                MLX5_IB_METHOD_UAR_OBJ_DESTROY,
                a(MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE, "MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_UMEM,
                MLX5_IB_METHOD_DEVX_UMEM_REG,
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_HANDLE, "MLX5_IB_ATTR_DEVX_UMEM_REG_HANDLE"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_ADDR, "MLX5_IB_ATTR_DEVX_UMEM_REG_ADDR"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_LEN, "MLX5_IB_ATTR_DEVX_UMEM_REG_LEN"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_ACCESS, "MLX5_IB_ATTR_DEVX_UMEM_REG_ACCESS"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_OUT_ID, "MLX5_IB_ATTR_DEVX_UMEM_REG_OUT_ID"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_PGSZ_BITMAP, "MLX5_IB_ATTR_DEVX_UMEM_REG_PGSZ_BITMAP"),
                a(MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD, "MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_UMEM,
                MLX5_IB_METHOD_DEVX_UMEM_DEREG,
                a(MLX5_IB_ATTR_DEVX_UMEM_DEREG_HANDLE, "MLX5_IB_ATTR_DEVX_UMEM_DEREG_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_PP,
                MLX5_IB_METHOD_PP_OBJ_ALLOC,
                a(MLX5_IB_ATTR_PP_OBJ_ALLOC_HANDLE, "MLX5_IB_ATTR_PP_OBJ_ALLOC_HANDLE"),
                a(MLX5_IB_ATTR_PP_OBJ_ALLOC_CTX, "MLX5_IB_ATTR_PP_OBJ_ALLOC_CTX"),
                a(MLX5_IB_ATTR_PP_OBJ_ALLOC_FLAGS, "MLX5_IB_ATTR_PP_OBJ_ALLOC_FLAGS"),
                a(MLX5_IB_ATTR_PP_OBJ_ALLOC_INDEX, "MLX5_IB_ATTR_PP_OBJ_ALLOC_INDEX"));
        method(
                m,
                MLX5_IB_OBJECT_PP,
                MLX5_IB_METHOD_PP_OBJ_DESTROY,
                a(MLX5_IB_ATTR_PP_OBJ_DESTROY_HANDLE, "MLX5_IB_ATTR_PP_OBJ_DESTROY_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                MLX5_IB_METHOD_DEVX_ASYNC_CMD_FD_ALLOC,
                a(
                        MLX5_IB_ATTR_DEVX_ASYNC_CMD_FD_ALLOC_HANDLE,
                        "MLX5_IB_ATTR_DEVX_ASYNC_CMD_FD_ALLOC_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                MLX5_IB_METHOD_DEVX_ASYNC_EVENT_FD_ALLOC,
                a(
                        MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_HANDLE,
                        "MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_HANDLE"),
                a(
                        MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_FLAGS,
                        "MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_FLAGS"));
        method(
                m,
                MLX5_IB_OBJECT_FLOW_MATCHER,
                MLX5_IB_METHOD_FLOW_MATCHER_CREATE,
                a(
                        MLX5_IB_ATTR_FLOW_MATCHER_CREATE_HANDLE,
                        "MLX5_IB_ATTR_FLOW_MATCHER_CREATE_HANDLE"),
                a(MLX5_IB_ATTR_FLOW_MATCHER_MATCH_MASK, "MLX5_IB_ATTR_FLOW_MATCHER_MATCH_MASK"),
                a(MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE, "MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE"),
                a(
                        MLX5_IB_ATTR_FLOW_MATCHER_MATCH_CRITERIA,
                        "MLX5_IB_ATTR_FLOW_MATCHER_MATCH_CRITERIA"),
                a(MLX5_IB_ATTR_FLOW_MATCHER_FLOW_FLAGS, "MLX5_IB_ATTR_FLOW_MATCHER_FLOW_FLAGS"),
                a(MLX5_IB_ATTR_FLOW_MATCHER_FT_TYPE, "MLX5_IB_ATTR_FLOW_MATCHER_FT_TYPE"));
        method(
                m,
                MLX5_IB_OBJECT_FLOW_MATCHER,
                MLX5_IB_METHOD_FLOW_MATCHER_DESTROY,
                a(
                        MLX5_IB_ATTR_FLOW_MATCHER_DESTROY_HANDLE,
                        "MLX5_IB_ATTR_FLOW_MATCHER_DESTROY_HANDLE"));
        method(
                m,
                MLX5_IB_OBJECT_STEERING_ANCHOR,
                MLX5_IB_METHOD_STEERING_ANCHOR_CREATE,
                a(
                        MLX5_IB_ATTR_STEERING_ANCHOR_CREATE_HANDLE,
                        "MLX5_IB_ATTR_STEERING_ANCHOR_CREATE_HANDLE"),
                a(MLX5_IB_ATTR_STEERING_ANCHOR_FT_TYPE, "MLX5_IB_ATTR_STEERING_ANCHOR_FT_TYPE"),
                a(MLX5_IB_ATTR_STEERING_ANCHOR_PRIORITY, "MLX5_IB_ATTR_STEERING_ANCHOR_PRIORITY"),
                a(MLX5_IB_ATTR_STEERING_ANCHOR_FT_ID, "MLX5_IB_ATTR_STEERING_ANCHOR_FT_ID"));
        method(
                m,
                MLX5_IB_OBJECT_STEERING_ANCHOR,
                MLX5_IB_METHOD_STEERING_ANCHOR_DESTROY,
                a(
                        MLX5_IB_ATTR_STEERING_ANCHOR_DESTROY_HANDLE,
                        "MLX5_IB_ATTR_STEERING_ANCHOR_DESTROY_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_CONTEXT,
                a(MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX, "MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX"));
        method(
                m,
                UVERBS_OBJECT_FLOW,
                MLX5_IB_METHOD_CREATE_FLOW,
                a(MLX5_IB_ATTR_CREATE_FLOW_HANDLE, "MLX5_IB_ATTR_CREATE_FLOW_HANDLE"),
                a(MLX5_IB_ATTR_CREATE_FLOW_MATCH_VALUE, "MLX5_IB_ATTR_CREATE_FLOW_MATCH_VALUE"),
                a(MLX5_IB_ATTR_CREATE_FLOW_DEST_QP, "MLX5_IB_ATTR_CREATE_FLOW_DEST_QP"),
                a(MLX5_IB_ATTR_CREATE_FLOW_DEST_DEVX, "MLX5_IB_ATTR_CREATE_FLOW_DEST_DEVX"),
                a(MLX5_IB_ATTR_CREATE_FLOW_MATCHER, "MLX5_IB_ATTR_CREATE_FLOW_MATCHER"),
                a(
                        MLX5_IB_ATTR_CREATE_FLOW_ARR_FLOW_ACTIONS,
                        "MLX5_IB_ATTR_CREATE_FLOW_ARR_FLOW_ACTIONS"),
                a(MLX5_IB_ATTR_CREATE_FLOW_TAG, "MLX5_IB_ATTR_CREATE_FLOW_TAG"),
                a(
                        MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX,
                        "MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX"),
                a(
                        MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX_OFFSET,
                        "MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX_OFFSET"),
                a(MLX5_IB_ATTR_CREATE_FLOW_FLAGS, "MLX5_IB_ATTR_CREATE_FLOW_FLAGS"));
        method(
                m,
                UVERBS_OBJECT_FLOW,
                MLX5_IB_METHOD_DESTROY_FLOW,
                a(MLX5_IB_ATTR_DESTROY_FLOW_HANDLE, "MLX5_IB_ATTR_DESTROY_FLOW_HANDLE"));
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER,
                a(
                        MLX5_IB_ATTR_CREATE_MODIFY_HEADER_HANDLE,
                        "MLX5_IB_ATTR_CREATE_MODIFY_HEADER_HANDLE"),
                a(
                        MLX5_IB_ATTR_CREATE_MODIFY_HEADER_ACTIONS_PRM,
                        "MLX5_IB_ATTR_CREATE_MODIFY_HEADER_ACTIONS_PRM"),
                a(
                        MLX5_IB_ATTR_CREATE_MODIFY_HEADER_FT_TYPE,
                        "MLX5_IB_ATTR_CREATE_MODIFY_HEADER_FT_TYPE"));
        method(
                m,
                UVERBS_OBJECT_FLOW_ACTION,
                MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT,
                a(
                        MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_HANDLE,
                        "MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_HANDLE"),
                a(
                        MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_TYPE,
                        "MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_TYPE"),
                a(
                        MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_FT_TYPE,
                        "MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_FT_TYPE"),
                a(
                        MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_DATA_BUF,
                        "MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_DATA_BUF"));
        method(
                m,
                UVERBS_OBJECT_PD,
                MLX5_IB_METHOD_PD_QUERY,
                a(MLX5_IB_ATTR_QUERY_PD_HANDLE, "MLX5_IB_ATTR_QUERY_PD_HANDLE"),
                a(MLX5_IB_ATTR_QUERY_PD_RESP_PDN, "MLX5_IB_ATTR_QUERY_PD_RESP_PDN"));
        method(
                m,
                UVERBS_OBJECT_DEVICE,
                MLX5_IB_METHOD_QUERY_PORT,
                a(MLX5_IB_ATTR_QUERY_PORT_PORT_NUM, "MLX5_IB_ATTR_QUERY_PORT_PORT_NUM"),
                a(MLX5_IB_ATTR_QUERY_PORT, "MLX5_IB_ATTR_QUERY_PORT"));
        return Collections.unmodifiableMap(m);
    }

    private static void method(
            Map<UverbsAttrs.Key, String> m, int object, int method, Named... attrs) {
        for (Named a : attrs) {
            UverbsAttrs.Key k = new UverbsAttrs.Key(object, method, a.id());
            if (m.putIfAbsent(k, a.name()) != null) {
                throw new IllegalStateException(
                        "duplicate attribute " + k + ": " + a.name() + " and " + m.get(k));
            }
        }
    }

    private Mlx5Ids() {}
}
