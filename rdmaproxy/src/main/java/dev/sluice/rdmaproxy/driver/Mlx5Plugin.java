package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.UdataRule.all;
import static dev.sluice.rdmaproxy.driver.UdataRule.emptyOr;
import static dev.sluice.rdmaproxy.driver.UdataRule.flags;
import static dev.sluice.rdmaproxy.driver.UdataRule.minLen;
import static dev.sluice.rdmaproxy.driver.UdataRule.oneOf;
import static dev.sluice.rdmaproxy.driver.UdataRule.zero;
import static dev.sluice.rdmaproxy.driver.UdataRule.zeroFrom;

import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.Mlx5Schema;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * ConnectX ({@code mlx5_core} / {@code mlx5_ib}): what NCCL's and UCX's verbs paths use, and
 * nothing else. There is no ConnectX hardware in the development loop, so every fact here comes
 * from the uapi headers of Debian's linux-libc-dev 6.1.187 ({@code /usr/include/rdma/mlx5-abi.h},
 * {@code mlx5_user_ioctl_cmds.h}, {@code mlx5_user_ioctl_verbs.h}) and from the mlx5_ib driver of
 * the Debian linux-source-6.1 6.1.192 package (drivers/infiniband/hw/mlx5), where each check is
 * cited.
 *
 * <p>Allowed (CONTINUE in this step; the queries become EMULATE later):
 *
 * <ul>
 *   <li>every core method and legacy write command, with mlx5's attributes on DM_ALLOC and
 *       QUERY_CONTEXT ({@link Mlx5Schema#CORE_METHOD_ATTRS});
 *   <li>UAR alloc/destroy ({@code mlx5dv_devx_alloc_uar} without DEVX, and rdma-core's dynamic
 *       UARs), type BF or NC only;
 *   <li>the mlx5 queries {@code MLX5_IB_METHOD_QUERY_PORT} ({@code mlx5dv_query_port}), {@code
 *       MLX5_IB_METHOD_PD_QUERY} ({@code mlx5dv_init_obj} of a PD) and {@code
 *       MLX5_IB_METHOD_DM_QUERY};
 *   <li>device memory of type MEMIC only (UCX's on-device send buffers).
 * </ul>
 *
 * <p>Denied with a reason: DEVX in every form (its objects, and a DEVX-capable context asked for
 * with {@code MLX5_IB_ALLOC_UCTX_DEVX} in the GET_CONTEXT driver data), VAR (virtio emulation),
 * packet pacing, flow steering, steering anchors, MEMIC op addresses and SW ICM device memory.
 * Anything else in the driver namespace is denied as not modelled.
 *
 * <p>Driver data: {@link #udataIn} holds one rule per place mlx5_ib reads a private struct from
 * UHW_IN in 6.1 (grep {@code udata->inlen} and {@code ib_copy_from_udata} in
 * drivers/infiniband/hw/mlx5), for the ioctl method and for the legacy command that carry it. Each
 * rule is the kernel's own size rule, the reserved fields it insists on and the flag bits it knows;
 * data beyond the struct must be zero. Elsewhere mlx5_ib reads no driver input, so UHW_IN must be
 * empty.
 */
public final class Mlx5Plugin implements RdmaDriverPlugin {
    public static final Mlx5Plugin INSTANCE = new Mlx5Plugin();

    /**
     * The PCI driver of ConnectX functions, which the RDMA device's parent is bound to (main.c sets
     * ib_dev.dev.parent = mdev->device).
     */
    public static final String HOST_DRIVER = "mlx5_core";

    /** Why DEVX is refused: docs/rdma-drivers.md. */
    public static final String DEVX_DENIED =
            "DEVX hands raw firmware commands (and umem registrations) to the"
                    + " ConnectX firmware, which the proxy cannot mediate; denied by policy (docs/rdma-drivers.md)";

    static final String STEERING_DENIED =
            "flow steering programs the port's packet steering tables;"
                    + " not used by NCCL or UCX verbs transports";
    static final String VAR_DENIED =
            "VAR pages are virtio-net emulation doorbells (vDPA); not used by NCCL or UCX";
    static final String PP_DENIED =
            "packet pacing entries are a device-wide rate-limit resource; not used by NCCL or UCX";
    static final String DM_OP_ADDR_DENIED =
            "MEMIC operation addresses (device-memory atomics); not used by NCCL or UCX";

    private static final UverbsNames NAMES = UverbsNames.mlx5();

    /** Driver-namespace methods this plugin allows, all CONTINUE in this step. */
    static final Set<UverbsMethods.Key> ALLOWED =
            Set.of(
                    key(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC),
                    key(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_DESTROY),
                    key(UVERBS_OBJECT_DEVICE, MLX5_IB_METHOD_QUERY_PORT),
                    key(UVERBS_OBJECT_PD, MLX5_IB_METHOD_PD_QUERY),
                    key(UVERBS_OBJECT_DM, MLX5_IB_METHOD_DM_QUERY));

    /** mlx5 objects refused whole, every method (known or not) included. */
    static final Map<Integer, String> DENIED_OBJECTS =
            Map.of(
                    MLX5_IB_OBJECT_DEVX, DEVX_DENIED,
                    MLX5_IB_OBJECT_DEVX_OBJ, DEVX_DENIED,
                    MLX5_IB_OBJECT_DEVX_UMEM, DEVX_DENIED,
                    MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD, DEVX_DENIED,
                    MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD, DEVX_DENIED,
                    MLX5_IB_OBJECT_VAR, VAR_DENIED,
                    MLX5_IB_OBJECT_PP, PP_DENIED,
                    MLX5_IB_OBJECT_FLOW_MATCHER, STEERING_DENIED,
                    MLX5_IB_OBJECT_STEERING_ANCHOR, STEERING_DENIED);

    /** mlx5 methods on core objects refused with a reason. */
    static final Map<UverbsMethods.Key, String> DENIED_METHODS =
            Map.of(
                    key(UVERBS_OBJECT_FLOW, MLX5_IB_METHOD_CREATE_FLOW), STEERING_DENIED,
                    key(UVERBS_OBJECT_FLOW, MLX5_IB_METHOD_DESTROY_FLOW), STEERING_DENIED,
                    key(UVERBS_OBJECT_FLOW_ACTION, MLX5_IB_METHOD_FLOW_ACTION_CREATE_MODIFY_HEADER),
                            STEERING_DENIED,
                    key(
                                    UVERBS_OBJECT_FLOW_ACTION,
                                    MLX5_IB_METHOD_FLOW_ACTION_CREATE_PACKET_REFORMAT),
                            STEERING_DENIED,
                    key(UVERBS_OBJECT_DM, MLX5_IB_METHOD_DM_MAP_OP_ADDR), DM_OP_ADDR_DENIED);

    private static final RdmaTable TABLE =
            RdmaTable.withDriver(
                    Mlx5Schema.CORE_METHOD_ATTRS,
                    Mlx5Schema.METHODS.stream()
                            .filter(m -> ALLOWED.contains(m.key()))
                            .map(RdmaTable.MethodRow::driver)
                            .toList());

    // ---- CONST_IN values

    /**
     * enum mlx5_ib_uapi_uar_alloc_type (mlx5_user_ioctl_verbs.h): main.c fails anything else with
     * EOPNOTSUPP.
     */
    static final ConstRule UAR_TYPE =
            new ConstRule(
                    Map.of(
                            (long) Mlx5Abi.MLX5_IB_UAPI_UAR_ALLOC_TYPE_BF,
                                    "MLX5_IB_UAPI_UAR_ALLOC_TYPE_BF",
                            (long) Mlx5Abi.MLX5_IB_UAPI_UAR_ALLOC_TYPE_NC,
                                    "MLX5_IB_UAPI_UAR_ALLOC_TYPE_NC"),
                    "enum mlx5_ib_uapi_uar_alloc_type (mlx5_user_ioctl_verbs.h) has no other value");

    /**
     * enum mlx5_ib_uapi_dm_type (mlx5_user_ioctl_verbs.h): MEMIC (on-chip memory, UCX's
     * device-memory send buffers) only. The SW ICM types are steering and header-modify memory of
     * the NIC's switch tables (dm.c requires CAP_SYS_RAWIO and CAP_NET_RAW for them).
     */
    static final ConstRule DM_TYPE =
            new ConstRule(
                    Map.of((long) Mlx5Abi.MLX5_IB_UAPI_DM_TYPE_MEMIC, "MLX5_IB_UAPI_DM_TYPE_MEMIC"),
                    "SW ICM device memory is NIC steering memory; not used by NCCL or UCX");

    private static final Map<UverbsAttrs.Key, ConstRule> CONST_RULES =
            Map.of(
                    new UverbsAttrs.Key(
                            MLX5_IB_OBJECT_UAR,
                            MLX5_IB_METHOD_UAR_OBJ_ALLOC,
                            MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE),
                    UAR_TYPE,
                    new UverbsAttrs.Key(
                            UVERBS_OBJECT_DM,
                            UVERBS_METHOD_DM_ALLOC,
                            MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE),
                    DM_TYPE);

    // ---- driver data (UHW_IN), one rule per struct mlx5_ib reads; sizes and offsets from
    // mlx5-abi.h

    /**
     * enum mlx5_ib_alloc_uctx_v2_flags (mlx5-abi.h): only DEVX; main.c fails other bits with
     * EOPNOTSUPP.
     */
    static final UdataRule ALLOC_UCONTEXT =
            new UdataRule(
                    "struct mlx5_ib_alloc_ucontext_req_v2 (mlx5-abi.h)",
                    all(
                            // main.c mlx5_ib_alloc_ucontext: inlen ==
                            // sizeof(mlx5_ib_alloc_ucontext_req) (v0, 8 bytes)
                            // or inlen >= offsetof(mlx5_ib_alloc_ucontext_req_v2, max_cqe_version)
                            // (v2, 16)
                            (u, env) ->
                                    u.len() == Mlx5Abi.AllocUcontextReq.SIZE
                                                    || u.len()
                                                            >= Mlx5Abi.AllocUcontextReqV2
                                                                    .OFF_MAX_CQE_VERSION
                                            ? null
                                            : "length "
                                                    + u.len()
                                                    + " is neither "
                                                    + Mlx5Abi.AllocUcontextReq.SIZE
                                                    + " (struct mlx5_ib_alloc_ucontext_req) nor at least "
                                                    + Mlx5Abi.AllocUcontextReqV2.OFF_MAX_CQE_VERSION
                                                    + " (offsetof max_cqe_version)",
                            zeroFrom(Mlx5Abi.AllocUcontextReqV2.SIZE, "data beyond the struct"),
                            // the DEVX policy: no DEVX-capable context, so no DEVX uid to run
                            // commands under
                            (u, env) ->
                                    (u.field(Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS, 4)
                                                            & Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX)
                                                    == 0
                                            ? null
                                            : "flags asks for MLX5_IB_ALLOC_UCTX_DEVX: "
                                                    + DEVX_DENIED,
                            flags(
                                    Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS,
                                    4,
                                    "flags",
                                    Map.of(
                                            (long) Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX,
                                            "MLX5_IB_ALLOC_UCTX_DEVX")),
                            // main.c: comp_mask and the reserved fields must be zero (else
                            // EOPNOTSUPP)
                            zero(Mlx5Abi.AllocUcontextReqV2.OFF_COMP_MASK, 4, "comp_mask"),
                            zero(Mlx5Abi.AllocUcontextReqV2.OFF_RESERVED0, 1, "reserved0"),
                            zero(Mlx5Abi.AllocUcontextReqV2.OFF_RESERVED1, 2, "reserved1"),
                            zero(Mlx5Abi.AllocUcontextReqV2.OFF_RESERVED2, 4, "reserved2")));

    /**
     * enum mlx5_ib_create_cq_flags (mlx5-abi.h); cq.c create_cq_user fails other bits with EINVAL.
     */
    static final Map<Long, String> CQ_FLAGS =
            Map.of(
                    (long) Mlx5Abi.MLX5_IB_CREATE_CQ_FLAGS_CQE_128B_PAD,
                            "MLX5_IB_CREATE_CQ_FLAGS_CQE_128B_PAD",
                    (long) Mlx5Abi.MLX5_IB_CREATE_CQ_FLAGS_UAR_PAGE_INDEX,
                            "MLX5_IB_CREATE_CQ_FLAGS_UAR_PAGE_INDEX",
                    (long) Mlx5Abi.MLX5_IB_CREATE_CQ_FLAGS_REAL_TIME_TS,
                            "MLX5_IB_CREATE_CQ_FLAGS_REAL_TIME_TS");

    static final UdataRule CREATE_CQ =
            new UdataRule(
                    "struct mlx5_ib_create_cq (mlx5-abi.h)",
                    all(
                            // cq.c create_cq_user: min(inlen, sizeof) < offsetof(struct
                            // mlx5_ib_create_cq, flags) is EINVAL
                            minLen(
                                    Mlx5Abi.CreateCq.OFF_FLAGS,
                                    "offsetof(struct mlx5_ib_create_cq, flags)"),
                            zeroFrom(Mlx5Abi.CreateCq.SIZE, "data beyond the struct"),
                            flags(Mlx5Abi.CreateCq.OFF_FLAGS, 2, "flags", CQ_FLAGS),
                            // cq.c: cqe_size must be 64 or 128, reserved0 and reserved1 zero (else
                            // EINVAL)
                            oneOf(Mlx5Abi.CreateCq.OFF_CQE_SIZE, 4, "cqe_size", 64, 128),
                            zero(Mlx5Abi.CreateCq.OFF_RESERVED0, 2, "reserved0"),
                            zero(Mlx5Abi.CreateCq.OFF_RESERVED1, 4, "reserved1")));

    /**
     * cq.c: the CQ number is copied out unconditionally, 4 bytes (struct
     * mlx5_ib_create_cq_resp.cqn).
     */
    static final UdataRule CREATE_CQ_RESP =
            new UdataRule(
                    "struct mlx5_ib_create_cq_resp (mlx5-abi.h)",
                    minLen(
                            Mlx5Abi.CreateCqResp.OFF_RESERVED,
                            "offsetofend(struct mlx5_ib_create_cq_resp, cqn)"));

    static final UdataRule RESIZE_CQ =
            new UdataRule(
                    "struct mlx5_ib_resize_cq (mlx5-abi.h)",
                    all(
                            // cq.c resize_user: copies sizeof(ucmd) whatever inlen says
                            minLen(Mlx5Abi.ResizeCq.SIZE, "sizeof(struct mlx5_ib_resize_cq)"),
                            zeroFrom(Mlx5Abi.ResizeCq.SIZE, "data beyond the struct"),
                            zero(Mlx5Abi.ResizeCq.OFF_RESERVED0, 2, "reserved0"),
                            zero(Mlx5Abi.ResizeCq.OFF_RESERVED1, 4, "reserved1")));

    /**
     * The MLX5_QP_FLAG_* bits of mlx5-abi.h; qp.c process_vendor_flags fails others with
     * EOPNOTSUPP.
     */
    static final Map<Long, String> QP_FLAGS = qpFlags();

    static final UdataRule CREATE_QP =
            new UdataRule(
                    "struct mlx5_ib_create_qp or, for an RSS QP, struct mlx5_ib_create_qp_rss (mlx5-abi.h)",
                    (u, env) ->
                            rss(u, env)
                                    ? all(
                                                    // qp.c process_udata_size: inlen >=
                                                    // offsetofend(mlx5_ib_create_qp_rss, flags),
                                                    // the excess beyond the struct cleared;
                                                    // create_rss_raw_qp_tir: comp_mask zero
                                                    minLen(
                                                            Mlx5Abi.CreateQpRss.SIZE,
                                                            "offsetofend(struct mlx5_ib_create_qp_rss, flags)"),
                                                    zeroFrom(
                                                            Mlx5Abi.CreateQpRss.SIZE,
                                                            "data beyond struct mlx5_ib_create_qp_rss"),
                                                    zero(
                                                            Mlx5Abi.CreateQpRss.OFF_COMP_MASK,
                                                            4,
                                                            "comp_mask"),
                                                    flags(
                                                            Mlx5Abi.CreateQpRss.OFF_FLAGS,
                                                            4,
                                                            "flags",
                                                            QP_FLAGS))
                                            .check(u, env)
                                    : all(
                                                    // qp.c process_udata_size: inlen <
                                                    // offsetof(mlx5_ib_create_qp, ece_options) is
                                                    // EINVAL; check_ucmd_data: everything from
                                                    // offsetof(reserved) on must be zero
                                                    minLen(
                                                            Mlx5Abi.CreateQp.OFF_ECE_OPTIONS,
                                                            "offsetof(struct mlx5_ib_create_qp, ece_options)"),
                                                    zeroFrom(
                                                            Mlx5Abi.CreateQp.OFF_RESERVED,
                                                            "reserved and data beyond the struct"),
                                                    flags(
                                                            Mlx5Abi.CreateQp.OFF_FLAGS,
                                                            4,
                                                            "flags",
                                                            QP_FLAGS))
                                            .check(u, env));

    static final UdataRule MODIFY_QP =
            new UdataRule(
                    "struct mlx5_ib_modify_qp (mlx5-abi.h)",
                    // qp.c mlx5_ib_modify_qp: no data, or at least offsetofend(ece_options), excess
                    // cleared,
                    // comp_mask and burst_info.reserved zero (struct mlx5_ib_burst_info: u32, u16,
                    // u16 reserved)
                    emptyOr(
                            all(
                                    minLen(
                                            Mlx5Abi.ModifyQp.SIZE,
                                            "offsetofend(struct mlx5_ib_modify_qp, ece_options)"),
                                    zeroFrom(Mlx5Abi.ModifyQp.SIZE, "data beyond the struct"),
                                    zero(Mlx5Abi.ModifyQp.OFF_COMP_MASK, 4, "comp_mask"),
                                    zero(
                                            Mlx5Abi.ModifyQp.OFF_BURST_INFO + 6,
                                            2,
                                            "burst_info.reserved"))));

    static final UdataRule CREATE_SRQ =
            new UdataRule(
                    "struct mlx5_ib_create_srq (mlx5-abi.h)",
                    all(
                            // srq.c create_srq_user copies min(inlen, sizeof); without buf_addr and
                            // db_addr there
                            // is no queue to pin, so the proxy asks for both (rdma-core always
                            // sends the struct)
                            minLen(
                                    Mlx5Abi.CreateSrq.OFF_FLAGS,
                                    "offsetofend(struct mlx5_ib_create_srq, db_addr)"),
                            zeroFrom(Mlx5Abi.CreateSrq.SIZE, "data beyond the struct"),
                            flags(
                                    Mlx5Abi.CreateSrq.OFF_FLAGS,
                                    4,
                                    "flags",
                                    Map.of(
                                            (long) Mlx5Abi.MLX5_SRQ_FLAG_SIGNATURE,
                                            "MLX5_SRQ_FLAG_SIGNATURE")),
                            // srq.c: reserved0 and reserved1 must be zero (else EINVAL)
                            zero(Mlx5Abi.CreateSrq.OFF_RESERVED0, 4, "reserved0"),
                            zero(Mlx5Abi.CreateSrq.OFF_RESERVED1, 4, "reserved1")));

    static final UdataRule CREATE_WQ =
            new UdataRule(
                    "struct mlx5_ib_create_wq (mlx5-abi.h)",
                    all(
                            // qp.c prepare_user_rq: inlen >=
                            // offsetofend(single_stride_log_num_of_bytes), excess
                            // cleared, comp_mask only MLX5_IB_CREATE_WQ_STRIDING_RQ
                            minLen(
                                    Mlx5Abi.CreateWq.OFF_SINGLE_WQE_LOG_NUM_OF_STRIDES,
                                    "offsetofend(struct mlx5_ib_create_wq, single_stride_log_num_of_bytes)"),
                            zeroFrom(Mlx5Abi.CreateWq.SIZE, "data beyond the struct"),
                            flags(
                                    Mlx5Abi.CreateWq.OFF_COMP_MASK,
                                    4,
                                    "comp_mask",
                                    Map.of(
                                            (long) Mlx5Abi.MLX5_IB_CREATE_WQ_STRIDING_RQ,
                                            "MLX5_IB_CREATE_WQ_STRIDING_RQ")),
                            flags(
                                    Mlx5Abi.CreateWq.OFF_FLAGS,
                                    4,
                                    "flags",
                                    Map.of(
                                            (long) Mlx5Abi.MLX5_WQ_FLAG_SIGNATURE,
                                            "MLX5_WQ_FLAG_SIGNATURE"))));

    static final UdataRule MODIFY_WQ =
            new UdataRule(
                    "struct mlx5_ib_modify_wq (mlx5-abi.h)",
                    all(
                            // qp.c mlx5_ib_modify_wq: inlen >= offsetofend(reserved), comp_mask and
                            // reserved zero
                            minLen(
                                    Mlx5Abi.ModifyWq.SIZE,
                                    "offsetofend(struct mlx5_ib_modify_wq, reserved)"),
                            zeroFrom(
                                    Mlx5Abi.ModifyWq.OFF_COMP_MASK,
                                    "comp_mask, reserved and data beyond the struct")));

    static final UdataRule ALLOC_MW =
            new UdataRule(
                    "struct mlx5_ib_alloc_mw (mlx5-abi.h)",
                    all(
                            // mr.c mlx5_ib_alloc_mw: copies min(inlen, sizeof), excess cleared,
                            // comp_mask and
                            // the reserved fields zero (else EOPNOTSUPP)
                            zeroFrom(Mlx5Abi.AllocMw.SIZE, "data beyond the struct"),
                            zero(Mlx5Abi.AllocMw.OFF_COMP_MASK, 4, "comp_mask"),
                            zero(Mlx5Abi.AllocMw.OFF_RESERVED1, 1, "reserved1"),
                            zero(Mlx5Abi.AllocMw.OFF_RESERVED2, 2, "reserved2")));

    /**
     * main.c mlx5_ib_query_device and qp.c mlx5_ib_create_rwq_ind_table: input must be all zero.
     */
    static final UdataRule ALL_ZERO =
            new UdataRule(
                    "no input struct (main.c, qp.c)",
                    zeroFrom(0, "input the driver does not define"));

    private static final Map<UdataSite, UdataRule> UDATA_IN = udataIn();
    private static final Map<UdataSite, UdataRule> UDATA_OUT =
            Map.of(
                    new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE), CREATE_CQ_RESP,
                    new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_CQ, false), CREATE_CQ_RESP,
                    new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_CQ, true), CREATE_CQ_RESP);

    private Mlx5Plugin() {}

    private static Map<UdataSite, UdataRule> udataIn() {
        Map<UdataSite, UdataRule> m = new LinkedHashMap<>();
        m.put(
                new UdataSite.Method(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT),
                ALLOC_UCONTEXT);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_GET_CONTEXT, false), ALLOC_UCONTEXT);
        m.put(new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE), CREATE_CQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_CQ, false), CREATE_CQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_CQ, true), CREATE_CQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_RESIZE_CQ, false), RESIZE_CQ);
        m.put(new UdataSite.Method(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_QP, false), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_QP, true), CREATE_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_MODIFY_QP, false), MODIFY_QP);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_MODIFY_QP, true), MODIFY_QP);
        m.put(new UdataSite.Method(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_CREATE), CREATE_SRQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_SRQ, false), CREATE_SRQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_XSRQ, false), CREATE_SRQ);
        m.put(new UdataSite.Method(UVERBS_OBJECT_WQ, UVERBS_METHOD_WQ_CREATE), CREATE_WQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_WQ, true), CREATE_WQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_MODIFY_WQ, true), MODIFY_WQ);
        m.put(new UdataSite.Write(IB_USER_VERBS_CMD_ALLOC_MW, false), ALLOC_MW);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true), ALL_ZERO);
        m.put(new UdataSite.Write(IB_USER_VERBS_EX_CMD_CREATE_RWQ_IND_TBL, true), ALL_ZERO);
        return Map.copyOf(m);
    }

    private static Map<Long, String> qpFlags() {
        Map<Long, String> m = new HashMap<>();
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_SIGNATURE, "MLX5_QP_FLAG_SIGNATURE");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_SCATTER_CQE, "MLX5_QP_FLAG_SCATTER_CQE");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_TUNNEL_OFFLOADS, "MLX5_QP_FLAG_TUNNEL_OFFLOADS");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_BFREG_INDEX, "MLX5_QP_FLAG_BFREG_INDEX");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_TYPE_DCT, "MLX5_QP_FLAG_TYPE_DCT");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_TYPE_DCI, "MLX5_QP_FLAG_TYPE_DCI");
        m.put(
                (long) Mlx5Abi.MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_UC,
                "MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_UC");
        m.put(
                (long) Mlx5Abi.MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_MC,
                "MLX5_QP_FLAG_TIR_ALLOW_SELF_LB_MC");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_ALLOW_SCATTER_CQE, "MLX5_QP_FLAG_ALLOW_SCATTER_CQE");
        m.put(
                (long) Mlx5Abi.MLX5_QP_FLAG_PACKET_BASED_CREDIT_MODE,
                "MLX5_QP_FLAG_PACKET_BASED_CREDIT_MODE");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_UAR_PAGE_INDEX, "MLX5_QP_FLAG_UAR_PAGE_INDEX");
        m.put((long) Mlx5Abi.MLX5_QP_FLAG_DCI_STREAM, "MLX5_QP_FLAG_DCI_STREAM");
        return Map.copyOf(m);
    }

    /**
     * Whether the QP driver data is an RSS one: qp.c takes struct mlx5_ib_create_qp_rss when the QP
     * has a receive WQ indirection table. The ioctl method names the table in {@code
     * UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE}; the legacy extended command carries it in its core
     * struct, so there the length decides (the RSS struct is the longer one).
     */
    static boolean rss(Udata u, UverbsEnvelope env) {
        boolean invokeWrite =
                env.objectId() == UVERBS_OBJECT_DEVICE
                        && env.methodId() == UVERBS_METHOD_INVOKE_WRITE;
        if (!invokeWrite) {
            return env.attrs().stream()
                    .anyMatch(a -> a.id() == UverbsAttrs.UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE);
        }
        return u.len() >= Mlx5Abi.CreateQpRss.SIZE;
    }

    private static UverbsMethods.Key key(int object, int method) {
        return new UverbsMethods.Key(object, method);
    }

    @Override
    public String name() {
        return "mlx5";
    }

    @Override
    public String description() {
        return "ConnectX (mlx5_ib), without DEVX";
    }

    /**
     * GET_CONTEXT is CONTINUE, so a racing guest can ask for a DEVX-capable context ({@code
     * MLX5_IB_ALLOC_UCTX_DEVX}) and then issue DEVX methods, also continued as driver-namespace
     * methods: raw firmware commands, where the firmware enables DEVX.
     */
    @Override
    public String racyReach() {
        return "mlx5 DEVX (raw firmware commands, where the firmware enables DEVX)";
    }

    @Override
    public Set<String> hostDrivers() {
        return Set.of(HOST_DRIVER);
    }

    @Override
    public int driverId() {
        return UverbsIoctl.RDMA_DRIVER_MLX5;
    }

    @Override
    public UverbsNames names() {
        return NAMES;
    }

    @Override
    public RdmaTable table() {
        return TABLE;
    }

    @Override
    public Optional<String> denial(int object, int method) {
        String r = DENIED_OBJECTS.get(object);
        if (r == null) {
            r = DENIED_METHODS.get(key(object, method));
        }
        return Optional.ofNullable(r);
    }

    @Override
    public UdataRule udataIn(UdataSite site) {
        return UDATA_IN.get(site);
    }

    @Override
    public UdataRule udataOut(UdataSite site) {
        return UDATA_OUT.get(site);
    }

    @Override
    public ConstRule constRule(int object, int method, int attr) {
        return CONST_RULES.get(new UverbsAttrs.Key(object, method, attr));
    }
}
