package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_EFA;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_MLX5;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_RXE;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.Calls.createCq;
import static dev.sluice.rdmaproxy.driver.Calls.createQp;
import static dev.sluice.rdmaproxy.driver.Calls.createSrq;
import static dev.sluice.rdmaproxy.driver.Calls.getContext;
import static dev.sluice.rdmaproxy.driver.Calls.invokeWrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.sluice.rdmaproxy.RdmaProxy;
import dev.sluice.rdmaproxy.UverbsCall;
import dev.sluice.rdmaproxy.UverbsCall.Struct;
import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.Mlx5Schema;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.rdmaproxy.driver.Calls.Expect;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.FakeGuestMemory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The ConnectX plugin, table-driven: each row is a uverbs call as libibverbs and its mlx5 provider
 * (or a hostile guest) issue it, encoded byte for byte in a fake guest, and what RDMAProxy must
 * answer: CONTINUE, or EINVAL/EFAULT with a log line naming what was refused. Struct sizes and
 * offsets come from the abi classes, which are checked against the uapi headers (mlx5-abi.h,
 * mlx5_user_ioctl_cmds.h, mlx5_user_ioctl_verbs.h, rdma_user_ioctl_cmds.h).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class Mlx5PluginTest {
    private static final RdmaProxy PROXY = Calls.proxy(Mlx5Plugin.INSTANCE);
    private static final int MLX5 = RDMA_DRIVER_MLX5;

    private static Arguments row(String name, UverbsCall call, Expect expect) {
        return Arguments.of(name, call, expect);
    }

    private static byte[] ucontext(java.util.function.UnaryOperator<Struct> edit) {
        return edit.apply(Calls.allocUcontextV2()).bytes();
    }

    private static byte[] padded(byte[] b, int len, int lastByte) {
        byte[] p = java.util.Arrays.copyOf(b, len);
        p[len - 1] = (byte) lastByte;
        return p;
    }

    static Stream<Arguments> contexts() {
        int resp = Mlx5Abi.AllocUcontextResp.SIZE;
        return Stream.of(
                row(
                        "GET_CONTEXT with mlx5_ib_alloc_ucontext_req_v2",
                        getContext(MLX5, ucontext(s -> s), resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with the v0 request (8 bytes)",
                        getContext(
                                MLX5,
                                java.util.Arrays.copyOf(
                                        ucontext(s -> s), Mlx5Abi.AllocUcontextReq.SIZE),
                                resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with v2 cut at max_cqe_version (16 bytes)",
                        getContext(MLX5, java.util.Arrays.copyOf(ucontext(s -> s), 16), resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with 12 bytes: neither v0 nor v2",
                        getContext(MLX5, java.util.Arrays.copyOf(ucontext(s -> s), 12), resp),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_GET_CONTEXT",
                                "UVERBS_OBJECT_DEVICE",
                                "mlx5_ib_alloc_ucontext_req_v2",
                                "length 12")),
                row(
                        "GET_CONTEXT asking for a DEVX context",
                        getContext(
                                MLX5,
                                ucontext(
                                        s ->
                                                s.u32(
                                                        Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS,
                                                        Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX)),
                                resp),
                        Expect.einval(
                                "MLX5_IB_ALLOC_UCTX_DEVX",
                                "DEVX",
                                "raw firmware commands",
                                "UVERBS_METHOD_GET_CONTEXT")),
                row(
                        "GET_CONTEXT with an unknown flag",
                        getContext(
                                MLX5,
                                ucontext(s -> s.u32(Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS, 0x4)),
                                resp),
                        Expect.einval("flags has bits 0x4")),
                row(
                        "GET_CONTEXT with comp_mask set",
                        getContext(
                                MLX5,
                                ucontext(s -> s.u32(Mlx5Abi.AllocUcontextReqV2.OFF_COMP_MASK, 1)),
                                resp),
                        Expect.einval("comp_mask")),
                row(
                        "GET_CONTEXT with reserved2 set",
                        getContext(
                                MLX5,
                                ucontext(s -> s.u32(Mlx5Abi.AllocUcontextReqV2.OFF_RESERVED2, 1)),
                                resp),
                        Expect.einval("reserved2")),
                row(
                        "GET_CONTEXT with zero data beyond the struct",
                        getContext(MLX5, padded(ucontext(s -> s), 40, 0), resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with non-zero data beyond the struct",
                        getContext(MLX5, padded(ucontext(s -> s), 40, 1), resp),
                        Expect.einval("byte 39", "beyond the struct")),
                row(
                        "GET_CONTEXT with UHW_IN at unmapped memory",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT)
                                .driver(MLX5)
                                .inUnmapped(UVERBS_ATTR_UHW_IN, Mlx5Abi.AllocUcontextReqV2.SIZE),
                        Expect.efault(
                                "UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_GET_CONTEXT", "unreadable")),
                row(
                        "INVOKE_WRITE GET_CONTEXT with the v2 request",
                        invokeWrite(
                                MLX5, IB_USER_VERBS_CMD_GET_CONTEXT, false, ucontext(s -> s), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE GET_CONTEXT asking for DEVX",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_GET_CONTEXT,
                                false,
                                ucontext(
                                        s ->
                                                s.u32(
                                                        Mlx5Abi.AllocUcontextReqV2.OFF_FLAGS,
                                                        Mlx5Abi.MLX5_IB_ALLOC_UCTX_DEVX)),
                                resp),
                        Expect.einval("MLX5_IB_ALLOC_UCTX_DEVX", "IB_USER_VERBS_CMD_GET_CONTEXT")),
                row(
                        "QUERY_CONTEXT with mlx5's RESP_UCTX",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(MLX5)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, 4)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT, 8)
                                .out(
                                        MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX,
                                        Mlx5Abi.AllocUcontextResp.SIZE),
                        Expect.ok()),
                row(
                        "QUERY_CONTEXT without the mandatory mlx5 attribute",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(MLX5)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, 4),
                        Expect.einval(
                                "mandatory",
                                "MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX",
                                "UVERBS_METHOD_QUERY_CONTEXT")),
                row(
                        "QUERY_CONTEXT with a short RESP_UCTX",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(MLX5)
                                .out(MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX, 16),
                        Expect.einval(
                                "MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX",
                                "length 16",
                                "less than 72")),
                row(
                        "INVOKE_WRITE ALLOC_PD with mlx5_ib_alloc_pd_resp",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_ALLOC_PD,
                                false,
                                null,
                                Mlx5Abi.AllocPdResp.SIZE),
                        Expect.ok()));
    }

    static Stream<Arguments> cqs() {
        int resp = Mlx5Abi.CreateCqResp.SIZE;
        byte[] cq = Calls.mlx5CreateCq().bytes();
        return Stream.of(
                row("CQ_CREATE with mlx5_ib_create_cq", createCq(MLX5, cq, resp), Expect.ok()),
                row(
                        "CQ_CREATE with 128-byte CQEs and padding",
                        createCq(
                                MLX5,
                                Calls.mlx5CreateCq()
                                        .u32(Mlx5Abi.CreateCq.OFF_CQE_SIZE, 128)
                                        .u16(
                                                Mlx5Abi.CreateCq.OFF_FLAGS,
                                                Mlx5Abi.MLX5_IB_CREATE_CQ_FLAGS_CQE_128B_PAD)
                                        .bytes(),
                                resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with a completion channel and flags",
                        createCq(MLX5, cq, resp)
                                .fd(UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL, 7)
                                .guestFd(7, Calls::eventFile)
                                .u32(UVERBS_ATTR_CREATE_CQ_FLAGS, 0),
                        Expect.ok()),
                row(
                        "CQ_CREATE with struct cut before flags (offsetof 22)",
                        createCq(MLX5, java.util.Arrays.copyOf(cq, 20), resp),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_CQ_CREATE",
                                "UVERBS_OBJECT_CQ",
                                "mlx5_ib_create_cq",
                                "length 20 is less than 22")),
                row(
                        "CQ_CREATE with cut at flags (22 bytes)",
                        createCq(
                                MLX5,
                                java.util.Arrays.copyOf(
                                        Calls.mlx5CreateCq()
                                                .u16(Mlx5Abi.CreateCq.OFF_FLAGS, 0)
                                                .bytes(),
                                        22),
                                resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with 32-byte CQEs",
                        createCq(
                                MLX5,
                                Calls.mlx5CreateCq().u32(Mlx5Abi.CreateCq.OFF_CQE_SIZE, 32).bytes(),
                                resp),
                        Expect.einval("cqe_size is 32")),
                row(
                        "CQ_CREATE with an unknown flag",
                        createCq(
                                MLX5,
                                Calls.mlx5CreateCq().u16(Mlx5Abi.CreateCq.OFF_FLAGS, 0x8).bytes(),
                                resp),
                        Expect.einval(
                                "flags has bits 0x8", "MLX5_IB_CREATE_CQ_FLAGS_REAL_TIME_TS")),
                row(
                        "CQ_CREATE with reserved1 set",
                        createCq(
                                MLX5,
                                Calls.mlx5CreateCq().u32(Mlx5Abi.CreateCq.OFF_RESERVED1, 9).bytes(),
                                resp),
                        Expect.einval("reserved1")),
                row(
                        "CQ_CREATE with non-zero data beyond the struct",
                        createCq(MLX5, padded(cq, 40, 7), resp),
                        Expect.einval("beyond the struct")),
                row(
                        "CQ_CREATE with a 2-byte response buffer",
                        createCq(MLX5, cq, 2),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_OUT",
                                "mlx5_ib_create_cq_resp",
                                "length 2 is less than 4")),
                row(
                        "CQ_CREATE without driver data",
                        createCq(MLX5, null, resp),
                        Expect.einval("length 0 is less than 22")),
                row(
                        "CQ_CREATE with the driver data at unmapped memory",
                        createCq(MLX5, null, resp)
                                .inUnmapped(UVERBS_ATTR_UHW_IN, Mlx5Abi.CreateCq.SIZE),
                        Expect.efault("UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_CQ_CREATE", "0x1000")),
                row(
                        "CQ_CREATE with an 8-byte CQE count (a u32)",
                        UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_CREATE_CQ_HANDLE, 0)
                                .u64(UVERBS_ATTR_CREATE_CQ_CQE, 255),
                        Expect.einval("UVERBS_ATTR_CREATE_CQ_CQE", "length 8, more than 4")),
                row(
                        "CQ_CREATE with a handle carrying a length",
                        UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE)
                                .driver(MLX5)
                                .raw(UVERBS_ATTR_CREATE_CQ_HANDLE, 4, 1, 0, 0),
                        Expect.einval("UVERBS_ATTR_CREATE_CQ_HANDLE", "length 4, expected 0")),
                row(
                        "CQ_CREATE with attr_data.reserved set on the event fd",
                        createCq(MLX5, cq, resp)
                                .raw(UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL, 0, 0, 1, 7),
                        Expect.einval("UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL", "attr_data.reserved")),
                row(
                        "INVOKE_WRITE CREATE_CQ with mlx5_ib_create_cq",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_CREATE_CQ, false, cq, resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_CQ with mlx5_ib_create_cq",
                        invokeWrite(MLX5, IB_USER_VERBS_EX_CMD_CREATE_CQ, true, cq, resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE CREATE_CQ with a bad cqe_size",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_CREATE_CQ,
                                false,
                                Calls.mlx5CreateCq()
                                        .u32(Mlx5Abi.CreateCq.OFF_CQE_SIZE, 256)
                                        .bytes(),
                                resp),
                        Expect.einval("IB_USER_VERBS_CMD_CREATE_CQ", "cqe_size is 256")),
                row(
                        "INVOKE_WRITE RESIZE_CQ with mlx5_ib_resize_cq",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_RESIZE_CQ,
                                false,
                                new Struct(Mlx5Abi.ResizeCq.SIZE)
                                        .u64(0, 0x7f00_1000_0000L)
                                        .u16(Mlx5Abi.ResizeCq.OFF_CQE_SIZE, 64)
                                        .bytes(),
                                0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE RESIZE_CQ with 8 bytes (the kernel copies 16)",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_RESIZE_CQ, false, new byte[8], 0),
                        Expect.einval("mlx5_ib_resize_cq", "length 8 is less than 16")));
    }

    static Stream<Arguments> qps() {
        byte[] qp = Calls.mlx5CreateQp().bytes();
        int resp = Mlx5Abi.CreateQpResp.SIZE;
        byte[] rss = Calls.mlx5CreateQpRss().bytes();
        return Stream.of(
                row("QP_CREATE RC with mlx5_ib_create_qp", createQp(MLX5, qp, resp), Expect.ok()),
                row(
                        "QP_CREATE DCI (IBV_QPT_DRIVER) as mlx5dv_create_qp",
                        createQp(
                                MLX5,
                                UverbsAttrValues.IB_UVERBS_QPT_DRIVER,
                                Calls.mlx5CreateQp()
                                        .u32(
                                                Mlx5Abi.CreateQp.OFF_FLAGS,
                                                Mlx5Abi.MLX5_QP_FLAG_TYPE_DCI)
                                        .bytes(),
                                resp),
                        Expect.ok()),
                row(
                        "QP_CREATE DCT with its access key",
                        createQp(
                                MLX5,
                                UverbsAttrValues.IB_UVERBS_QPT_DRIVER,
                                Calls.mlx5CreateQp()
                                        .u32(
                                                Mlx5Abi.CreateQp.OFF_FLAGS,
                                                Mlx5Abi.MLX5_QP_FLAG_TYPE_DCT)
                                        .u64(Mlx5Abi.CreateQp.OFF_ACCESS_KEY, 0x1234_5678L)
                                        .bytes(),
                                resp),
                        Expect.ok()),
                row(
                        "QP_CREATE from an rdma-core without ECE (48 bytes)",
                        createQp(
                                MLX5,
                                java.util.Arrays.copyOf(qp, Mlx5Abi.CreateQp.OFF_ECE_OPTIONS),
                                resp),
                        Expect.ok()),
                row(
                        "QP_CREATE with 44 bytes",
                        createQp(MLX5, java.util.Arrays.copyOf(qp, 44), resp),
                        Expect.einval(
                                "UVERBS_METHOD_QP_CREATE",
                                "UVERBS_OBJECT_QP",
                                "UVERBS_ATTR_UHW_IN",
                                "mlx5_ib_create_qp",
                                "length 44 is less than 48")),
                row(
                        "QP_CREATE with the reserved field set",
                        createQp(
                                MLX5,
                                Calls.mlx5CreateQp().u16(Mlx5Abi.CreateQp.OFF_RESERVED, 1).bytes(),
                                resp),
                        Expect.einval("byte 54", "reserved")),
                row(
                        "QP_CREATE with an unknown flag",
                        createQp(
                                MLX5,
                                Calls.mlx5CreateQp()
                                        .u32(Mlx5Abi.CreateQp.OFF_FLAGS, 0x1000)
                                        .bytes(),
                                resp),
                        Expect.einval("flags has bits 0x1000", "MLX5_QP_FLAG_DCI_STREAM")),
                row(
                        "QP_CREATE with the capabilities at unmapped memory",
                        UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                                .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 1)
                                .inUnmapped(UVERBS_ATTR_CREATE_QP_CAP, 20)
                                .constIn(
                                        UVERBS_ATTR_CREATE_QP_TYPE,
                                        UverbsAttrValues.IB_UVERBS_QPT_RC)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, 20)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4),
                        Expect.efault(
                                "UVERBS_ATTR_CREATE_QP_CAP",
                                "UVERBS_METHOD_QP_CREATE",
                                "unreadable guest memory")),
                row(
                        "QP_CREATE with an attribute mlx5 does not add to it",
                        createQp(MLX5, qp, resp).u32(0x1002, 0),
                        Expect.einval(
                                "unsupported attribute 0x1002",
                                "UVERBS_METHOD_QP_CREATE",
                                "UVERBS_OBJECT_QP")),
                row(
                        "QP_CREATE with a 24-byte qp_cap whose excess is zero",
                        UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                                .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 1)
                                .in(
                                        UVERBS_ATTR_CREATE_QP_CAP,
                                        java.util.Arrays.copyOf(Calls.qpCap(), 24))
                                .constIn(
                                        UVERBS_ATTR_CREATE_QP_TYPE,
                                        UverbsAttrValues.IB_UVERBS_QPT_UD)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, 20)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4)
                                .in(UVERBS_ATTR_UHW_IN, qp),
                        Expect.ok()),
                row(
                        "QP_CREATE with a 24-byte qp_cap whose excess is not zero",
                        UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                                .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 1)
                                .in(UVERBS_ATTR_CREATE_QP_CAP, padded(Calls.qpCap(), 24, 1))
                                .constIn(
                                        UVERBS_ATTR_CREATE_QP_TYPE,
                                        UverbsAttrValues.IB_UVERBS_QPT_UD)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, 20)
                                .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4),
                        Expect.einval(
                                "UVERBS_ATTR_CREATE_QP_CAP",
                                "non-zero byte 23",
                                "beyond the 20 bytes")),
                row(
                        "QP_CREATE with an 8-byte source QPN (a u32)",
                        createQp(MLX5, qp, resp).raw(UVERBS_ATTR_CREATE_QP_SOURCE_QPN, 8, 0, 0, 0),
                        Expect.einval("UVERBS_ATTR_CREATE_QP_SOURCE_QPN", "length 8, more than 4")),
                row(
                        "QP_CREATE RSS with mlx5_ib_create_qp_rss",
                        createQp(MLX5, UverbsAttrValues.IB_UVERBS_QPT_RAW_PACKET, rss, resp)
                                .idr(UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE, 3),
                        Expect.ok()),
                row(
                        "QP_CREATE RSS with the plain struct",
                        createQp(MLX5, UverbsAttrValues.IB_UVERBS_QPT_RAW_PACKET, qp, resp)
                                .idr(UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE, 3),
                        Expect.einval("length 56 is less than 152", "mlx5_ib_create_qp_rss")),
                row(
                        "QP_CREATE RSS with comp_mask set",
                        createQp(
                                        MLX5,
                                        UverbsAttrValues.IB_UVERBS_QPT_RAW_PACKET,
                                        Calls.mlx5CreateQpRss()
                                                .u32(Mlx5Abi.CreateQpRss.OFF_COMP_MASK, 1)
                                                .bytes(),
                                        resp)
                                .idr(UVERBS_ATTR_CREATE_QP_IND_TABLE_HANDLE, 3),
                        Expect.einval("comp_mask")),
                row(
                        "INVOKE_WRITE CREATE_QP with mlx5_ib_create_qp",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_CREATE_QP, false, qp, resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_QP with the RSS struct",
                        invokeWrite(MLX5, IB_USER_VERBS_EX_CMD_CREATE_QP, true, rss, resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE MODIFY_QP without driver data",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_MODIFY_QP, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended MODIFY_QP with mlx5_ib_modify_qp (ECE)",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_MODIFY_QP,
                                true,
                                new Struct(Mlx5Abi.ModifyQp.SIZE)
                                        .u32(Mlx5Abi.ModifyQp.OFF_ECE_OPTIONS, 0x1)
                                        .bytes(),
                                Mlx5Abi.ModifyQpResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE MODIFY_QP with 8 bytes",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_MODIFY_QP, false, new byte[8], 0),
                        Expect.einval("mlx5_ib_modify_qp", "length 8 is less than 16")),
                row(
                        "INVOKE_WRITE MODIFY_QP with burst_info.reserved set",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_MODIFY_QP,
                                false,
                                new Struct(Mlx5Abi.ModifyQp.SIZE)
                                        .u16(Mlx5Abi.ModifyQp.OFF_BURST_INFO + 6, 1)
                                        .bytes(),
                                0),
                        Expect.einval("burst_info.reserved")),
                row(
                        "SRQ_CREATE with mlx5_ib_create_srq",
                        createSrq(MLX5, Calls.mlx5CreateSrq().bytes(), Mlx5Abi.CreateSrqResp.SIZE),
                        Expect.ok()),
                row(
                        "SRQ_CREATE with reserved0 set",
                        createSrq(
                                MLX5,
                                Calls.mlx5CreateSrq()
                                        .u32(Mlx5Abi.CreateSrq.OFF_RESERVED0, 1)
                                        .bytes(),
                                Mlx5Abi.CreateSrqResp.SIZE),
                        Expect.einval("reserved0")),
                row(
                        "INVOKE_WRITE CREATE_XSRQ with mlx5_ib_create_srq",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_CREATE_XSRQ,
                                false,
                                Calls.mlx5CreateSrq().bytes(),
                                Mlx5Abi.CreateSrqResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_WQ with mlx5_ib_create_wq",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_CREATE_WQ,
                                true,
                                Calls.mlx5CreateWq().bytes(),
                                Mlx5Abi.CreateWqResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_WQ with an unknown comp_mask bit",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_CREATE_WQ,
                                true,
                                Calls.mlx5CreateWq().u32(Mlx5Abi.CreateWq.OFF_COMP_MASK, 2).bytes(),
                                0),
                        Expect.einval("comp_mask has bits 0x2")),
                row(
                        "INVOKE_WRITE extended MODIFY_WQ with reserved set",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_MODIFY_WQ,
                                true,
                                new Struct(Mlx5Abi.ModifyWq.SIZE)
                                        .u32(Mlx5Abi.ModifyWq.OFF_RESERVED, 1)
                                        .bytes(),
                                0),
                        Expect.einval("mlx5_ib_modify_wq", "byte 4")),
                row(
                        "INVOKE_WRITE ALLOC_MW with mlx5_ib_alloc_mw",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_ALLOC_MW,
                                false,
                                new Struct(Mlx5Abi.AllocMw.SIZE)
                                        .u8(Mlx5Abi.AllocMw.OFF_NUM_KLMS, 4)
                                        .bytes(),
                                0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE ALLOC_MW with comp_mask set",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_CMD_ALLOC_MW,
                                false,
                                new Struct(Mlx5Abi.AllocMw.SIZE)
                                        .u32(Mlx5Abi.AllocMw.OFF_COMP_MASK, 1)
                                        .bytes(),
                                0),
                        Expect.einval("mlx5_ib_alloc_mw", "comp_mask")),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE with mlx5_ib_query_device_resp",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                                true,
                                null,
                                Mlx5Abi.QueryDeviceResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE with non-zero input",
                        invokeWrite(
                                MLX5,
                                IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                                true,
                                new byte[] {0, 1},
                                0),
                        Expect.einval("IB_USER_VERBS_EX_CMD_QUERY_DEVICE", "byte 1")),
                row(
                        "INVOKE_WRITE REG_MR with driver data mlx5 does not read",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_REG_MR, false, new byte[8], 0),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "8 bytes of driver data",
                                "IB_USER_VERBS_CMD_REG_MR",
                                "does not model")),
                row(
                        "INVOKE_WRITE REG_MR without driver data",
                        invokeWrite(MLX5, IB_USER_VERBS_CMD_REG_MR, false, null, 0),
                        Expect.ok()));
    }

    static Stream<Arguments> driverNamespace() {
        return Stream.of(
                row(
                        "UAR alloc (NC) as mlx5dv_devx_alloc_uar",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, 0)
                                .constIn(
                                        MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE,
                                        Mlx5Abi.MLX5_IB_UAPI_UAR_ALLOC_TYPE_NC)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, 8)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH, 4)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID, 4),
                        Expect.ok()),
                row(
                        "UAR alloc (BF)",
                        uarAlloc(Mlx5Abi.MLX5_IB_UAPI_UAR_ALLOC_TYPE_BF),
                        Expect.ok()),
                row(
                        "UAR alloc of an unknown type",
                        uarAlloc(2),
                        Expect.einval(
                                "MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE",
                                "MLX5_IB_METHOD_UAR_OBJ_ALLOC",
                                "MLX5_IB_OBJECT_UAR",
                                "value 2",
                                "MLX5_IB_UAPI_UAR_ALLOC_TYPE_NC")),
                row(
                        "UAR alloc without its type",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, 0)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, 8)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH, 4)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID, 4),
                        Expect.einval("mandatory", "MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE")),
                row(
                        "UAR alloc with a 4-byte mmap offset",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, 0)
                                .constIn(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, 0)
                                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, 4),
                        Expect.einval(
                                "MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET", "length 4, less than 8")),
                row(
                        "UAR alloc with an unknown attribute",
                        uarAlloc(0).u32(0x1010, 1),
                        Expect.einval(
                                "unsupported attribute 0x1010",
                                "MLX5_IB_METHOD_UAR_OBJ_ALLOC",
                                "MLX5_IB_OBJECT_UAR")),
                row(
                        "UAR alloc with a 4-byte type",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, 0)
                                .u32(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, 0),
                        Expect.einval("MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE", "length 4, less than 8")),
                row(
                        "UAR destroy",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_DESTROY)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE, 4),
                        Expect.ok()),
                row(
                        "UAR destroy without its handle",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_DESTROY)
                                .driver(MLX5),
                        Expect.einval("mandatory", "MLX5_IB_ATTR_UAR_OBJ_DESTROY_HANDLE")),
                row(
                        "mlx5 QUERY_PORT as mlx5dv_query_port",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, MLX5_IB_METHOD_QUERY_PORT)
                                .driver(MLX5)
                                .u32(MLX5_IB_ATTR_QUERY_PORT_PORT_NUM, 1)
                                .out(MLX5_IB_ATTR_QUERY_PORT, Mlx5Abi.UapiQueryPort.SIZE),
                        Expect.ok()),
                row(
                        "PD_QUERY as mlx5dv_init_obj(PD)",
                        UverbsCall.of(UVERBS_OBJECT_PD, MLX5_IB_METHOD_PD_QUERY)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_QUERY_PD_HANDLE, 1)
                                .out(MLX5_IB_ATTR_QUERY_PD_RESP_PDN, 4),
                        Expect.ok()),
                row(
                        "DM_QUERY",
                        UverbsCall.of(UVERBS_OBJECT_DM, MLX5_IB_METHOD_DM_QUERY)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_QUERY_DM_REQ_HANDLE, 1)
                                .out(MLX5_IB_ATTR_QUERY_DM_RESP_START_OFFSET, 8)
                                .out(MLX5_IB_ATTR_QUERY_DM_RESP_PAGE_INDEX, 2)
                                .out(MLX5_IB_ATTR_QUERY_DM_RESP_LENGTH, 8),
                        Expect.ok()),
                row(
                        "DM_ALLOC of MEMIC with mlx5's attributes",
                        dmAlloc()
                                .constIn(
                                        MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE,
                                        Mlx5Abi.MLX5_IB_UAPI_DM_TYPE_MEMIC),
                        Expect.ok()),
                row("DM_ALLOC without a type (MEMIC)", dmAlloc(), Expect.ok()),
                row(
                        "DM_ALLOC of steering SW ICM",
                        dmAlloc()
                                .constIn(
                                        MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE,
                                        Mlx5Abi.MLX5_IB_UAPI_DM_TYPE_STEERING_SW_ICM),
                        Expect.einval(
                                "MLX5_IB_ATTR_ALLOC_DM_REQ_TYPE",
                                "UVERBS_METHOD_DM_ALLOC",
                                "SW ICM")),
                row(
                        "DM_ALLOC without mlx5's mandatory start offset",
                        UverbsCall.of(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_ALLOC_DM_HANDLE, 0)
                                .u64(UVERBS_ATTR_ALLOC_DM_LENGTH, 4096)
                                .u32(UVERBS_ATTR_ALLOC_DM_ALIGNMENT, 64),
                        Expect.einval("mandatory", "MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET")),
                row(
                        "DM_MAP_OP_ADDR",
                        UverbsCall.of(UVERBS_OBJECT_DM, MLX5_IB_METHOD_DM_MAP_OP_ADDR)
                                .driver(MLX5)
                                .idr(MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_HANDLE, 1)
                                .in(MLX5_IB_ATTR_DM_MAP_OP_ADDR_REQ_OP, new byte[] {1}),
                        Expect.einval(
                                "MLX5_IB_METHOD_DM_MAP_OP_ADDR",
                                "UVERBS_OBJECT_DM",
                                "denied by the mlx5 plugin")),
                row(
                        "an unknown mlx5 method on PD",
                        UverbsCall.of(UVERBS_OBJECT_PD, 0x1005).driver(MLX5),
                        Expect.einval(
                                "driver-namespace method 0x1005 on object UVERBS_OBJECT_PD",
                                "not modelled by the mlx5")),
                row(
                        "an unknown mlx5 object",
                        UverbsCall.of(0x100a, 0x1000).driver(MLX5),
                        Expect.einval("driver-namespace", "object 0x100a", "not modelled")),
                row(
                        "REG_DMABUF_MR with its fd as an inline u32",
                        UverbsCall.of(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR)
                                .driver(MLX5)
                                .idr(UVERBS_ATTR_REG_DMABUF_MR_HANDLE, 0)
                                .idr(UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE, 1)
                                .u64(UVERBS_ATTR_REG_DMABUF_MR_OFFSET, 0)
                                .u64(UVERBS_ATTR_REG_DMABUF_MR_LENGTH, 1 << 20)
                                .u64(UVERBS_ATTR_REG_DMABUF_MR_IOVA, 0)
                                .u32(UVERBS_ATTR_REG_DMABUF_MR_FD, 42)
                                .guestFd(42, TestFds::eventfd)
                                .u32(UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS, 7)
                                .out(UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY, 4)
                                .out(UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY, 4),
                        Expect.ok()),
                row(
                        "REG_DMABUF_MR with its fd in data_s64 (len 0)",
                        UverbsCall.of(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR)
                                .driver(MLX5)
                                .fd(UVERBS_ATTR_REG_DMABUF_MR_FD, 42),
                        Expect.einval("UVERBS_ATTR_REG_DMABUF_MR_FD", "length 0, less than 4")));
    }

    private static UverbsCall uarAlloc(long type) {
        return UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC)
                .driver(MLX5)
                .idr(MLX5_IB_ATTR_UAR_OBJ_ALLOC_HANDLE, 0)
                .constIn(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, type)
                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_OFFSET, 8)
                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_MMAP_LENGTH, 4)
                .out(MLX5_IB_ATTR_UAR_OBJ_ALLOC_PAGE_ID, 4);
    }

    private static UverbsCall dmAlloc() {
        return UverbsCall.of(UVERBS_OBJECT_DM, UVERBS_METHOD_DM_ALLOC)
                .driver(MLX5)
                .idr(UVERBS_ATTR_ALLOC_DM_HANDLE, 0)
                .u64(UVERBS_ATTR_ALLOC_DM_LENGTH, 4096)
                .u32(UVERBS_ATTR_ALLOC_DM_ALIGNMENT, 64)
                .out(MLX5_IB_ATTR_ALLOC_DM_RESP_START_OFFSET, 8)
                .out(MLX5_IB_ATTR_ALLOC_DM_RESP_PAGE_INDEX, 2);
    }

    /** DEVX, VAR, PP and steering: every method mlx5 registers there is refused with its reason. */
    static Stream<Arguments> refused() {
        List<Arguments> rows = new ArrayList<>();
        for (var m : Mlx5Schema.METHODS) {
            if (Mlx5Plugin.ALLOWED.contains(m.key())) {
                continue;
            }
            String reason =
                    Mlx5Plugin.DENIED_OBJECTS.getOrDefault(
                            m.object(), Mlx5Plugin.DENIED_METHODS.get(m.key()));
            String keyword =
                    reason.equals(Mlx5Plugin.DEVX_DENIED) ? "DEVX" : reason.substring(0, 12);
            rows.add(
                    row(
                            m.name(),
                            UverbsCall.of(m.object(), m.method()).driver(MLX5),
                            Expect.einval(m.name(), "denied by the mlx5 plugin", keyword)));
        }
        rows.add(
                row(
                        "DEVX_OTHER with a raw firmware command",
                        UverbsCall.of(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER)
                                .driver(MLX5)
                                .in(
                                        MLX5_IB_ATTR_DEVX_OTHER_CMD_IN,
                                        new Struct(64).u16(0, 0x100).bytes())
                                .out(MLX5_IB_ATTR_DEVX_OTHER_CMD_OUT, 256),
                        Expect.einval(
                                "MLX5_IB_METHOD_DEVX_OTHER",
                                "MLX5_IB_OBJECT_DEVX",
                                "raw firmware commands")));
        rows.add(
                row(
                        "an unknown method on a DEVX object",
                        UverbsCall.of(MLX5_IB_OBJECT_DEVX_OBJ, 0x1077).driver(MLX5),
                        Expect.einval("0x1077", "MLX5_IB_OBJECT_DEVX_OBJ", "DEVX")));
        return rows.stream();
    }

    static Stream<Arguments> framing() {
        return Stream.of(
                row(
                        "header length not 24 + 16 * num_attrs",
                        createCq(MLX5, Calls.mlx5CreateCq().bytes(), 8).length(24 + 16),
                        Expect.einval("length 40 is not 24 + 16 * num_attrs")),
                row(
                        "num_attrs over the limit",
                        getContext(MLX5, null, 0).numAttrs(65).length(24 + 16 * 65),
                        Expect.einval("num_attrs 65 exceeds 64")),
                row(
                        "reserved1 set",
                        getContext(MLX5, null, 0).reserved(1, 0),
                        Expect.einval("reserved")),
                row(
                        "the rxe driver_id on a ConnectX device",
                        getContext(RDMA_DRIVER_RXE, null, 0),
                        Expect.einval(
                                "driver_id 14 (RDMA_DRIVER_RXE)",
                                "mlx5 plugin's 1 (RDMA_DRIVER_MLX5)",
                                "UVERBS_METHOD_GET_CONTEXT")),
                row(
                        "an unknown driver_id",
                        getContext(999, null, 0),
                        Expect.einval("driver_id 999 (unknown)")),
                row(
                        "EFA's driver_id on a UAR alloc",
                        uarAlloc(0).driver(RDMA_DRIVER_EFA),
                        Expect.einval("RDMA_DRIVER_EFA", "MLX5_IB_METHOD_UAR_OBJ_ALLOC")),
                row(
                        "a duplicated attribute",
                        uarAlloc(0).constIn(MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE, 0),
                        Expect.einval("given twice", "MLX5_IB_ATTR_UAR_OBJ_ALLOC_TYPE")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"contexts", "cqs", "qps", "driverNamespace", "refused", "framing"})
    void decides(String name, UverbsCall call, Expect expect) {
        expect.check(call.run(PROXY));
    }

    @Test
    void everyMlx5MethodIsAllowedOrRefusedWithAReason() {
        for (var m : Mlx5Schema.METHODS) {
            boolean allowed = Mlx5Plugin.INSTANCE.table().method(m.object(), m.method()) != null;
            boolean refused = Mlx5Plugin.INSTANCE.denial(m.object(), m.method()).isPresent();
            assertEquals(true, allowed ^ refused, m.name() + ": exactly one of allowed or refused");
        }
        assertEquals(
                Mlx5Plugin.ALLOWED.size(),
                Mlx5Plugin.INSTANCE.table().methods().stream()
                        .filter(r -> (r.key().method() & 0xf000) != 0)
                        .count(),
                "the allowed driver-namespace rows");
    }

    @Test
    void devxObjectsAreAllRefused() {
        for (int o :
                List.of(
                        MLX5_IB_OBJECT_DEVX,
                        MLX5_IB_OBJECT_DEVX_OBJ,
                        MLX5_IB_OBJECT_DEVX_UMEM,
                        MLX5_IB_OBJECT_DEVX_ASYNC_CMD_FD,
                        MLX5_IB_OBJECT_DEVX_ASYNC_EVENT_FD)) {
            assertEquals(
                    Mlx5Plugin.DEVX_DENIED,
                    Mlx5Plugin.INSTANCE.denial(o, 0x1000).orElseThrow(),
                    "0x" + Integer.toHexString(o));
            assertEquals(
                    Mlx5Plugin.DEVX_DENIED,
                    Mlx5Plugin.INSTANCE.denial(o, 0x1fff).orElseThrow(),
                    "any method");
        }
    }

    @Test
    void driverDataIsReadOnceAndOnlyWhenLongerThanInline() {
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall call = createCq(MLX5, Calls.mlx5CreateCq().bytes(), 8);
        call.encode(guest);
        Expect.ok().check(call.run(PROXY, guest));
        assertEquals(
                3, guest.reads(), "the header, the attributes, then the 32-byte mlx5_ib_create_cq");
        FakeGuestMemory g2 = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall uar = uarAlloc(1);
        uar.encode(g2);
        Expect.ok().check(uar.run(PROXY, g2));
        assertEquals(2, g2.reads(), "header and attributes only: a UAR alloc has no pointer input");
        assertEquals(0, g2.writes(), "the proxy never writes guest memory in step 1");
    }
}
