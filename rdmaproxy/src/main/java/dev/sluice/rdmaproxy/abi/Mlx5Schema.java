package dev.sluice.rdmaproxy.abi;

import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.UVERBS_METHOD_DM_ALLOC;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.UVERBS_METHOD_QUERY_CONTEXT;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.constIn;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.enumIn;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.fd;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.flagsIn;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.idr;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.idrsArray;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.in;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.minSize;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.out;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.rawFd;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.size;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.struct;
import static dev.sluice.rdmaproxy.abi.UverbsSchema.type;

import dev.sluice.rdmaproxy.abi.UverbsSchema.Access;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Attr;
import dev.sluice.rdmaproxy.abi.UverbsSchema.Method;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The mlx5_ib driver-namespace schema as data, in the shape of {@link UverbsSchema}: the methods
 * mlx5 registers (on its own objects and on core ones) and the attributes it adds to core methods.
 * Merging it into the core schema is the ConnectX plugin's job.
 *
 * <p>Derived from drivers/infiniband/hw/mlx5/{main,std_types,dm,devx,fs,qos}.c of the Debian
 * linux-source-6.1 package, version 6.1.192. Sizes that the kernel takes from firmware layouts come
 * from include/linux/mlx5/mlx5_ifc.h there: general_obj_in_cmd_hdr and general_obj_out_cmd_hdr are
 * 16 bytes, set_pp_rate_limit_context 48, one set_add_copy_action_in_auto 8. mlx5_ifc.h is not a
 * uapi header, so these four sizes are read from the source by hand and not checked by the dump
 * helper.
 *
 * <p>Kernel quirks kept as declared:
 *
 * <ul>
 *   <li>{@code MLX5_IB_ATTR_STEERING_ANCHOR_FT_ID} is declared PTR_IN, but the handler writes the
 *       flow-table id back to it with {@code uverbs_copy_to}.
 *   <li>DEVX_OBJ_ASYNC_QUERY is declared with the DEVX_OBJ_QUERY attribute ids for its handle and
 *       command (equal in value to the _ASYNC_ ones, which name them here); DESTROY_FLOW uses
 *       CREATE_FLOW_HANDLE (equal to DESTROY_FLOW_HANDLE).
 *   <li>DEVX_OBJ_MODIFY/QUERY/ASYNC_QUERY take a handle of any object type ({@link
 *       UverbsSchema#UVERBS_IDR_ANY_OBJECT}), with READ access even for MODIFY.
 * </ul>
 */
public final class Mlx5Schema {
    private static final boolean MANDATORY = true;
    private static final boolean OPTIONAL = false;

    /**
     * fs.c: MLX5_IB_CREATE_FLOW_MAX_FLOW_ACTIONS, the most flow actions one CREATE_FLOW may name.
     */
    public static final int CREATE_FLOW_MAX_FLOW_ACTIONS = 2;

    /** mlx5_ifc.h: sizeof general_obj_in_cmd_hdr / general_obj_out_cmd_hdr in bytes. */
    public static final int DEVX_CMD_HDR_SIZE = 16;

    /** mlx5_ifc.h: sizeof set_pp_rate_limit_context in bytes. */
    public static final int PP_RATE_LIMIT_CONTEXT_SIZE = 48;

    /** mlx5_ifc.h: sizeof one modify-header action (set_add_copy_action_in_auto) in bytes. */
    public static final int MODIFY_HEADER_ACTION_SIZE = 8;

    /** mlx5 objects whose handles are fds (UVERBS_TYPE_ALLOC_FD). */
    public static final Set<Integer> FD_OBJECTS =
            Set.of(MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD, MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD);

    /**
     * mlx5 objects the kernel registers only when the device supports them, with the condition
     * (UAPI_DEF_IS_OBJ_SUPPORTED). UAR and FLOW_MATCHER are always there.
     */
    public static final Map<Integer, String> CONDITIONAL_OBJECTS =
            Map.of(
                    MLX5_IB_OBJECT_DEVX,
                            "devx_is_supported: the device has a DEVX uid (the context asked for DEVX)",
                    MLX5_IB_OBJECT_DEVX_OBJ, "devx_is_supported",
                    MLX5_IB_OBJECT_DEVX_UMEM, "devx_is_supported",
                    MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD, "devx_is_supported",
                    MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD, "devx_is_supported",
                    MLX5_IB_OBJECT_VAR, "var_is_supported: virtio emulation capability",
                    MLX5_IB_OBJECT_PP, "pp_is_supported: packet pacing capability",
                    MLX5_IB_OBJECT_STEERING_ANCHOR, "mlx5_ib_shared_ft_allowed");

    /**
     * Methods mlx5 registers: on its own objects, and new methods on DEVICE, PD, DM, FLOW,
     * FLOW_ACTION.
     */
    public static final List<Method> METHODS =
            List.of(
                    // std_types.c
                    m(
                            UVERBS_OBJECT_DEVICE,
                            MLX5_IB_METHOD_QUERY_PORT,
                            in(MLX5_IB_ATTR_QUERY_PORT_PORT_NUM, type(4), MANDATORY),
                            out(
                                    MLX5_IB_ATTR_QUERY_PORT,
                                    struct(Mlx5Abi.UapiQueryPort.SIZE, Mlx5Abi.UapiQueryPort.SIZE),
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_PD,
                            MLX5_IB_METHOD_PD_QUERY,
                            idr(
                                    MLX5_IB_ATTR_QUERY_PD_HANDLE,
                                    UVERBS_OBJECT_PD,
                                    Access.READ,
                                    MANDATORY),
                            out(MLX5_IB_ATTR_QUERY_PD_RESP_PDN, type(4), MANDATORY)),

                    // dm.c
                    m(
                            UVERBS_OBJECT_DM,
                            MLX5_IB_METHOD_DM_MAP_OP_ADDR,
                            idr(
                                    MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_HANDLE,
                                    UVERBS_OBJECT_DM,
                                    Access.READ,
                                    MANDATORY),
                            in(MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_OP, type(1), MANDATORY),
                            out(MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_START_OFFSET, type(8), MANDATORY),
                            out(MLX5_IB_ATTR_DM_MAP_OP_ADDR_RESP_PAGE_INDEX, type(2), OPTIONAL)),
                    m(
                            UVERBS_OBJECT_DM,
                            MLX5_IB_METHOD_DM_QUERY,
                            idr(
                                    MLX5_IB_ATTR_QUERY_DM_REQ_HANDLE,
                                    UVERBS_OBJECT_DM,
                                    Access.READ,
                                    MANDATORY),
                            out(MLX5_IB_ATTR_QUERY_DM_RESP_START_OFFSET, type(8), MANDATORY),
                            out(MLX5_IB_ATTR_QUERY_DM_RESP_PAGE_INDEX, type(2), MANDATORY),
                            out(MLX5_IB_ATTR_QUERY_DM_RESP_LENGTH, type(8), MANDATORY)),

                    // main.c
                    m(
                            MLX5_IB_OBJECT_VAR,
                            MLX5_IB_METHOD_VAR_OBJ_ALLOC,
                            idr(
                                    MLX5_IB_ATTR_VAR_OBJ_ALLOC_HANDLE,
                                    MLX5_IB_OBJECT_VAR,
                                    Access.NEW,
                                    MANDATORY),
                            out(MLX5_IB_ATTR_VAR_OBJ_ALLOC_PAGE_ID, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_LENGTH, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_VAR_OBJ_ALLOC_MMAP_OFFSET, type(8), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_VAR,
                            MLX5_IB_METHOD_VAR_OBJ_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_VAR_OBJ_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_VAR,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_UAR,
                            MLX5_IB_METHOD_UAR_OBJ_ALLOC,
                            idr(
                                    MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE,
                                    MLX5_IB_OBJECT_UAR,
                                    Access.NEW,
                                    MANDATORY),
                            constIn(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, MANDATORY),
                            out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, type(8), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_UAR,
                            MLX5_IB_METHOD_UAR_OBJ_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_UAR,
                                    Access.DESTROY,
                                    MANDATORY)),

                    // qos.c
                    m(
                            MLX5_IB_OBJECT_PP,
                            MLX5_IB_METHOD_PP_OBJ_ALLOC,
                            idr(
                                    MLX5_IB_ATTR_PP_OBJ_ALLOC_HANDLE,
                                    MLX5_IB_OBJECT_PP,
                                    Access.NEW,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_PP_OBJ_ALLOC_CTX,
                                    size(1, PP_RATE_LIMIT_CONTEXT_SIZE),
                                    MANDATORY),
                            flagsIn(MLX5_IB_ATTR_PP_OBJ_ALLOC_FLAGS, MANDATORY),
                            out(MLX5_IB_ATTR_PP_OBJ_ALLOC_INDEX, type(2), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_PP,
                            MLX5_IB_METHOD_PP_OBJ_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_PP_OBJ_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_PP,
                                    Access.DESTROY,
                                    MANDATORY)),

                    // devx.c
                    m(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_OTHER,
                            in(
                                    MLX5_IB_ATTR_DEVX_OTHER_CMD_IN,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY),
                            out(
                                    MLX5_IB_ATTR_DEVX_OTHER_CMD_OUT,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_QUERY_UAR,
                            in(MLX5_IB_ATTR_DEVX_QUERY_UAR_USER_IDX, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_DEVX_QUERY_UAR_DEV_IDX, type(4), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_QUERY_EQN,
                            in(MLX5_IB_ATTR_DEVX_QUERY_EQN_USER_VEC, type(4), MANDATORY),
                            out(MLX5_IB_ATTR_DEVX_QUERY_EQN_DEV_EQN, type(4), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX,
                            MLX5_IB_METHOD_DEVX_SUBSCRIBE_EVENT,
                            fd(
                                    MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                                    Access.READ,
                                    MANDATORY),
                            idr(
                                    MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_OBJ_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_OBJ,
                                    Access.READ,
                                    OPTIONAL),
                            in(
                                    MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_TYPE_NUM_LIST,
                                    minSize(2),
                                    MANDATORY),
                            in(MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_COOKIE, type(8), OPTIONAL),
                            in(MLX5_IB_ATTR_DEVX_SUBSCRIBE_EVENT_FD_NUM, type(4), OPTIONAL)),
                    m(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_CREATE,
                            idr(
                                    MLX5_IB_ATTR_DEVX_OBJ_CREATE_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_OBJ,
                                    Access.NEW,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_IN,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY),
                            out(
                                    MLX5_IB_ATTR_DEVX_OBJ_CREATE_CMD_OUT,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_DEVX_OBJ_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_OBJ,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_MODIFY,
                            idr(
                                    MLX5_IB_ATTR_DEVX_OBJ_MODIFY_HANDLE,
                                    UverbsSchema.UVERBS_IDR_ANY_OBJECT,
                                    Access.READ,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_IN,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY),
                            out(
                                    MLX5_IB_ATTR_DEVX_OBJ_MODIFY_CMD_OUT,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_QUERY,
                            idr(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_HANDLE,
                                    UverbsSchema.UVERBS_IDR_ANY_OBJECT,
                                    Access.READ,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_IN,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY),
                            out(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_CMD_OUT,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_OBJ,
                            MLX5_IB_METHOD_DEVX_OBJ_ASYNC_QUERY,
                            idr(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_HANDLE,
                                    UverbsSchema.UVERBS_IDR_ANY_OBJECT,
                                    Access.READ,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_CMD_IN,
                                    minSize(DEVX_CMD_HDR_SIZE),
                                    MANDATORY),
                            constIn(MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_OUT_LEN, MANDATORY),
                            fd(
                                    MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_FD,
                                    MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                                    Access.READ,
                                    MANDATORY),
                            in(MLX5_IB_ATTR_DEVX_OBJ_QUERY_ASYNC_WR_ID, type(8), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_UMEM,
                            MLX5_IB_METHOD_DEVX_UMEM_REG,
                            idr(
                                    MLX5_IB_ATTR_DEVX_UMEM_REG_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_UMEM,
                                    Access.NEW,
                                    MANDATORY),
                            in(MLX5_IB_ATTR_DEVX_UMEM_REG_ADDR, type(8), MANDATORY),
                            in(MLX5_IB_ATTR_DEVX_UMEM_REG_LEN, type(8), MANDATORY),
                            rawFd(MLX5_IB_ATTR_DEVX_UMEM_REG_DMABUF_FD, OPTIONAL),
                            flagsIn(MLX5_IB_ATTR_DEVX_UMEM_REG_ACCESS, OPTIONAL),
                            constIn(MLX5_IB_ATTR_DEVX_UMEM_REG_PGSZ_BITMAP, OPTIONAL),
                            out(MLX5_IB_ATTR_DEVX_UMEM_REG_OUT_ID, type(4), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_UMEM,
                            MLX5_IB_METHOD_DEVX_UMEM_DEREG,
                            idr(
                                    MLX5_IB_ATTR_DEVX_UMEM_DEREG_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_UMEM,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                            MLX5_IB_METHOD_DEVX_ASYNC_CMD_FD_ALLOC,
                            fd(
                                    MLX5_IB_ATTR_DEVX_ASYNC_CMD_FD_ALLOC_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                                    Access.NEW,
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                            MLX5_IB_METHOD_DEVX_ASYNC_EVENT_FD_ALLOC,
                            fd(
                                    MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_HANDLE,
                                    MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD,
                                    Access.NEW,
                                    MANDATORY),
                            flagsIn(MLX5_IB_ATTR_DEVX_ASYNC_EVENT_FD_ALLOC_FLAGS, MANDATORY)),

                    // fs.c
                    m(
                            UVERBS_OBJECT_FLOW,
                            MLX5_IB_METHOD_CREATE_FLOW,
                            idr(
                                    MLX5_IB_ATTR_CREATE_FLOW_HANDLE,
                                    UVERBS_OBJECT_FLOW,
                                    Access.NEW,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_CREATE_FLOW_MATCH_VALUE,
                                    size(1, Mlx5Abi.MatchParams.SIZE),
                                    MANDATORY),
                            idr(
                                    MLX5_IB_ATTR_CREATE_FLOW_MATCHER,
                                    MLX5_IB_OBJECT_FLOW_MATCHER,
                                    Access.READ,
                                    MANDATORY),
                            idr(
                                    MLX5_IB_ATTR_CREATE_FLOW_DEST_QP,
                                    UVERBS_OBJECT_QP,
                                    Access.READ,
                                    OPTIONAL),
                            idr(
                                    MLX5_IB_ATTR_CREATE_FLOW_DEST_DEVX,
                                    MLX5_IB_OBJECT_DEVX_OBJ,
                                    Access.READ,
                                    OPTIONAL),
                            idrsArray(
                                    MLX5_IB_ATTR_CREATE_FLOW_ARR_FLOW_ACTIONS,
                                    UVERBS_OBJECT_FLOW_ACTION,
                                    Access.READ,
                                    1,
                                    CREATE_FLOW_MAX_FLOW_ACTIONS,
                                    OPTIONAL),
                            in(MLX5_IB_ATTR_CREATE_FLOW_TAG, type(4), OPTIONAL),
                            idrsArray(
                                    MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX,
                                    MLX5_IB_OBJECT_DEVX_OBJ,
                                    Access.READ,
                                    1,
                                    1,
                                    OPTIONAL),
                            in(
                                    MLX5_IB_ATTR_CREATE_FLOW_ARR_COUNTERS_DEVX_OFFSET,
                                    minSize(4),
                                    OPTIONAL),
                            flagsIn(MLX5_IB_ATTR_CREATE_FLOW_FLAGS, OPTIONAL)),
                    m(
                            UVERBS_OBJECT_FLOW,
                            MLX5_IB_METHOD_DESTROY_FLOW,
                            idr(
                                    MLX5_IB_ATTR_DESTROY_FLOW_HANDLE,
                                    UVERBS_OBJECT_FLOW,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            UVERBS_OBJECT_FLOW_ACTION,
                            MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER,
                            idr(
                                    MLX5_IB_ATTR_CREATE_MODIFY_HEADER_HANDLE,
                                    UVERBS_OBJECT_FLOW_ACTION,
                                    Access.NEW,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_CREATE_MODIFY_HEADER_ACTIONS_PRM,
                                    minSize(MODIFY_HEADER_ACTION_SIZE),
                                    MANDATORY),
                            constIn(MLX5_IB_ATTR_CREATE_MODIFY_HEADER_FT_TYPE, MANDATORY)),
                    m(
                            UVERBS_OBJECT_FLOW_ACTION,
                            MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT,
                            idr(
                                    MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_HANDLE,
                                    UVERBS_OBJECT_FLOW_ACTION,
                                    Access.NEW,
                                    MANDATORY),
                            in(MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_DATA_BUF, minSize(1), OPTIONAL),
                            constIn(MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_TYPE, MANDATORY),
                            constIn(MLX5_IB_ATTR_CREATE_PACKET_REFORMAT_FT_TYPE, MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_FLOW_MATCHER,
                            MLX5_IB_METHOD_FLOW_MATCHER_CREATE,
                            idr(
                                    MLX5_IB_ATTR_FLOW_MATCHER_CREATE_HANDLE,
                                    MLX5_IB_OBJECT_FLOW_MATCHER,
                                    Access.NEW,
                                    MANDATORY),
                            in(
                                    MLX5_IB_ATTR_FLOW_MATCHER_MATCH_MASK,
                                    size(1, Mlx5Abi.MatchParams.SIZE),
                                    MANDATORY),
                            // elem_id is an mlx5_ib_flow_type: NORMAL carries a u16 priority, the
                            // others no data
                            enumIn(
                                    MLX5_IB_ATTR_FLOW_MATCHER_FLOW_TYPE,
                                    MANDATORY,
                                    List.of(
                                            flowType(
                                                    Mlx5Abi.MLX5_IB_FLOW_TYPE_NORMAL,
                                                    "MLX5_IB_FLOW_TYPE_NORMAL",
                                                    2),
                                            flowType(
                                                    Mlx5Abi.MLX5_IB_FLOW_TYPE_SNIFFER,
                                                    "MLX5_IB_FLOW_TYPE_SNIFFER",
                                                    0),
                                            flowType(
                                                    Mlx5Abi.MLX5_IB_FLOW_TYPE_ALL_DEFAULT,
                                                    "MLX5_IB_FLOW_TYPE_ALL_DEFAULT",
                                                    0),
                                            flowType(
                                                    Mlx5Abi.MLX5_IB_FLOW_TYPE_MC_DEFAULT,
                                                    "MLX5_IB_FLOW_TYPE_MC_DEFAULT",
                                                    0))),
                            in(MLX5_IB_ATTR_FLOW_MATCHER_MATCH_CRITERIA, type(1), MANDATORY),
                            flagsIn(MLX5_IB_ATTR_FLOW_MATCHER_FLOW_FLAGS, OPTIONAL),
                            constIn(MLX5_IB_ATTR_FLOW_MATCHER_FT_TYPE, OPTIONAL)),
                    m(
                            MLX5_IB_OBJECT_FLOW_MATCHER,
                            MLX5_IB_METHOD_FLOW_MATCHER_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_FLOW_MATCHER_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_FLOW_MATCHER,
                                    Access.DESTROY,
                                    MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_STEERING_ANCHOR,
                            MLX5_IB_METHOD_STEERING_ANCHOR_CREATE,
                            idr(
                                    MLX5_IB_ATTR_STEERING_ANCHOR_CREATE_HANDLE,
                                    MLX5_IB_OBJECT_STEERING_ANCHOR,
                                    Access.NEW,
                                    MANDATORY),
                            constIn(MLX5_IB_ATTR_STEERING_ANCHOR_FT_TYPE, MANDATORY),
                            in(MLX5_IB_ATTR_STEERING_ANCHOR_PRIORITY, type(2), MANDATORY),
                            in(MLX5_IB_ATTR_STEERING_ANCHOR_FT_ID, type(4), MANDATORY)),
                    m(
                            MLX5_IB_OBJECT_STEERING_ANCHOR,
                            MLX5_IB_METHOD_STEERING_ANCHOR_DESTROY,
                            idr(
                                    MLX5_IB_ATTR_STEERING_ANCHOR_DESTROY_HANDLE,
                                    MLX5_IB_OBJECT_STEERING_ANCHOR,
                                    Access.DESTROY,
                                    MANDATORY)));

    /**
     * Attributes mlx5 adds to core methods (ADD_UVERBS_ATTRIBUTES_SIMPLE), one entry per core
     * method; a merge appends them to that method's core attributes.
     */
    public static final List<Method> CORE_METHOD_ATTRS =
            List.of(
                    // dm.c
                    m(
                            UVERBS_OBJECT_DM,
                            UVERBS_METHOD_DM_ALLOC,
                            out(MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET, type(8), MANDATORY),
                            out(MLX5_IB_ATTR_ALLOC_DM_RESP_PAGE_INDEX, type(2), OPTIONAL),
                            constIn(MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE, OPTIONAL)),
                    // main.c
                    m(
                            UVERBS_OBJECT_DEVICE,
                            UVERBS_METHOD_QUERY_CONTEXT,
                            out(
                                    MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX,
                                    struct(
                                            Mlx5Abi.AllocUcontextResp.SIZE,
                                            Mlx5Abi.AllocUcontextResp.SIZE),
                                    MANDATORY)));

    private static Attr flowType(int elemId, String name, int bytes) {
        return in(elemId, size(bytes, bytes), MANDATORY).named(name);
    }

    private static Method m(int object, int method, Attr... attrs) {
        return UverbsSchema.method(
                k -> METHOD_NAMES.getOrDefault(k, UverbsMethods.NAMES.get(k)),
                ATTR_NAMES::get,
                object,
                method,
                attrs);
    }

    private Mlx5Schema() {}
}
