package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.*;
import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.RdmaProxy;
import dev.sluice.rdmaproxy.UverbsCall;
import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.RxeAbi;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.driver.Calls.Expect;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The Soft-RoCE plugin, table-driven like {@link Mlx5PluginTest}: the same core flows as
 * libibverbs' rxe provider issues them (no driver input, {@code struct mminfo} responses in
 * UHW_OUT, rdma_user_rxe.h), and the same bad input.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RxePluginTest {
    private static final RdmaProxy PROXY = Calls.proxy(RxePlugin.INSTANCE);
    private static final int RXE = RDMA_DRIVER_RXE;

    private static Arguments row(String name, UverbsCall call, Expect expect) {
        return Arguments.of(name, call, expect);
    }

    static Stream<Arguments> flows() {
        return Stream.of(
                row("GET_CONTEXT without driver data", getContext(RXE, null, 0), Expect.ok()),
                row(
                        "GET_CONTEXT with driver data rxe does not read",
                        getContext(RXE, new byte[8], 0),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_GET_CONTEXT",
                                "8 bytes of driver data",
                                "rxe plugin does not model")),
                row(
                        "QUERY_CONTEXT",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(RXE)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, 4),
                        Expect.ok()),
                row(
                        "QUERY_CONTEXT with mlx5's attribute",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(RXE)
                                .out(
                                        MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX,
                                        Mlx5Abi.AllocUcontextResp.SIZE),
                        Expect.einval(
                                "unsupported attribute 0x1000", "UVERBS_METHOD_QUERY_CONTEXT")),
                row(
                        "INVOKE_WRITE ALLOC_PD",
                        invokeWrite(RXE, IB_USER_VERBS_CMD_ALLOC_PD, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE REG_MR",
                        invokeWrite(RXE, IB_USER_VERBS_CMD_REG_MR, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE CREATE_AH with rxe_create_ah_resp",
                        invokeWrite(
                                RXE,
                                IB_USER_VERBS_CMD_CREATE_AH,
                                false,
                                null,
                                RxeAbi.CreateAhResp.SIZE),
                        Expect.ok()),
                row(
                        "CQ_CREATE with rxe_create_cq_resp",
                        createCq(RXE, null, RxeAbi.CreateCqResp.SIZE),
                        Expect.ok()),
                row(
                        "CQ_CREATE with a short response buffer",
                        createCq(RXE, null, 8),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_OUT",
                                "UVERBS_METHOD_CQ_CREATE",
                                "UVERBS_OBJECT_CQ",
                                "rxe_create_cq_resp",
                                "length 8 is less than 16")),
                row(
                        "CQ_CREATE without a response buffer",
                        createCq(RXE, null, 0),
                        Expect.einval("length 0 is less than 16")),
                row(
                        "CQ_CREATE with mlx5's driver struct",
                        createCq(RXE, Calls.mlx5CreateCq().bytes(), RxeAbi.CreateCqResp.SIZE),
                        Expect.einval("32 bytes of driver data", "does not model")),
                row(
                        "INVOKE_WRITE CREATE_CQ",
                        invokeWrite(
                                RXE,
                                IB_USER_VERBS_CMD_CREATE_CQ,
                                false,
                                null,
                                RxeAbi.CreateCqResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_CQ with a short response",
                        invokeWrite(RXE, IB_USER_VERBS_EX_CMD_CREATE_CQ, true, null, 4),
                        Expect.einval("IB_USER_VERBS_EX_CMD_CREATE_CQ", "rxe_create_cq_resp")),
                row(
                        "INVOKE_WRITE RESIZE_CQ with rxe_resize_cq_resp",
                        invokeWrite(
                                RXE,
                                IB_USER_VERBS_CMD_RESIZE_CQ,
                                false,
                                null,
                                RxeAbi.ResizeCqResp.SIZE),
                        Expect.ok()),
                row(
                        "QP_CREATE with rxe_create_qp_resp",
                        createQp(RXE, null, RxeAbi.CreateQpResp.SIZE),
                        Expect.ok()),
                row(
                        "QP_CREATE with a 16-byte response",
                        createQp(RXE, null, 16),
                        Expect.einval("rxe_create_qp_resp", "length 16 is less than 32")),
                row(
                        "QP_CREATE with driver input (rxe fails it with EINVAL)",
                        createQp(RXE, new byte[16], RxeAbi.CreateQpResp.SIZE),
                        Expect.einval("16 bytes of driver data")),
                row(
                        "INVOKE_WRITE CREATE_QP",
                        invokeWrite(
                                RXE,
                                IB_USER_VERBS_CMD_CREATE_QP,
                                false,
                                null,
                                RxeAbi.CreateQpResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE MODIFY_QP",
                        invokeWrite(RXE, IB_USER_VERBS_CMD_MODIFY_QP, false, null, 0),
                        Expect.ok()),
                row(
                        "SRQ_CREATE with rxe_create_srq_resp",
                        createSrq(RXE, null, RxeAbi.CreateSrqResp.SIZE),
                        Expect.ok()),
                row(
                        "SRQ_CREATE with a short response",
                        createSrq(RXE, null, 16),
                        Expect.einval("rxe_create_srq_resp", "length 16 is less than 24")),
                row(
                        "INVOKE_WRITE MODIFY_SRQ with rxe_modify_srq_cmd (an inline pointer)",
                        invokeWrite(
                                RXE,
                                IB_USER_VERBS_CMD_MODIFY_SRQ,
                                false,
                                new UverbsCall.Struct(RxeAbi.ModifySrqCmd.SIZE)
                                        .u64(
                                                RxeAbi.ModifySrqCmd.OFF_MMAP_INFO_ADDR,
                                                UverbsCall.BASE + 8192)
                                        .bytes(),
                                0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE MODIFY_SRQ without rxe_modify_srq_cmd",
                        invokeWrite(RXE, IB_USER_VERBS_CMD_MODIFY_SRQ, false, null, 0),
                        Expect.einval(
                                "IB_USER_VERBS_CMD_MODIFY_SRQ",
                                "rxe_modify_srq_cmd",
                                "length 0 is less than 8")),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE",
                        invokeWrite(RXE, IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE with a driver response (rxe fails it)",
                        invokeWrite(RXE, IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true, null, 8),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_OUT",
                                "IB_USER_VERBS_EX_CMD_QUERY_DEVICE",
                                "carries 8 bytes")),
                row(
                        "ASYNC_EVENT_ALLOC",
                        UverbsCall.of(UVERBS_OBJECT_ASYNC_EVENT, UVERBS_METHOD_ASYNC_EVENT_ALLOC)
                                .driver(RXE)
                                .fd(UVERBS_ATTR_ASYNC_EVENT_ALLOC_FD_HANDLE, 0),
                        Expect.ok()),
                row(
                        "CQ_DESTROY",
                        UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY)
                                .driver(RXE)
                                .idr(UVERBS_ATTR_DESTROY_CQ_HANDLE, 2)
                                .out(UVERBS_ATTR_DESTROY_CQ_RESP, 8),
                        Expect.ok()),
                row(
                        "CQ_DESTROY with a short response",
                        UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY)
                                .driver(RXE)
                                .idr(UVERBS_ATTR_DESTROY_CQ_HANDLE, 2)
                                .out(UVERBS_ATTR_DESTROY_CQ_RESP, 4),
                        Expect.einval(
                                "UVERBS_ATTR_DESTROY_CQ_RESP",
                                "UVERBS_METHOD_CQ_DESTROY",
                                "length 4, less than 8")));
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                row(
                        "header length not 24 + 16 * num_attrs",
                        createCq(RXE, null, 16).length(24),
                        Expect.einval("length 24 is not 24 + 16 * num_attrs")),
                row(
                        "num_attrs over the limit",
                        getContext(RXE, null, 0).numAttrs(200).length(24 + 16 * 200),
                        Expect.einval("num_attrs 200 exceeds 64")),
                row(
                        "reserved2 set",
                        getContext(RXE, null, 0).reserved(0, 3),
                        Expect.einval("reserved")),
                row(
                        "mlx5's driver_id on a Soft-RoCE device",
                        createCq(RDMA_DRIVER_MLX5, null, 16),
                        Expect.einval(
                                "driver_id 1 (RDMA_DRIVER_MLX5)",
                                "rxe plugin's 14 (RDMA_DRIVER_RXE)",
                                "UVERBS_METHOD_CQ_CREATE")),
                row(
                        "RDMA_DRIVER_UNKNOWN",
                        getContext(0, null, 0),
                        Expect.einval("driver_id 0 (RDMA_DRIVER_UNKNOWN)")),
                row(
                        "an mlx5 UAR alloc on Soft-RoCE",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC).driver(RXE),
                        Expect.einval(
                                "driver-namespace method 0x1000 on object 0x1008",
                                "not modelled by the rxe plugin")),
                row(
                        "a DEVX command on Soft-RoCE",
                        UverbsCall.of(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER).driver(RXE),
                        Expect.einval("driver-namespace", "rxe")),
                row(
                        "a pointer attribute at unmapped memory",
                        createQp(RXE, null, 32).inUnmapped(UVERBS_ATTR_UHW_IN, 64),
                        Expect.efault(
                                "UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_QP_CREATE", "unreadable")),
                row(
                        "INVOKE_WRITE with CORE_IN at unmapped memory",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                                .driver(RXE)
                                .constIn(UVERBS_ATTR_WRITE_CMD, IB_USER_VERBS_CMD_REG_MR)
                                .inUnmapped(UVERBS_ATTR_CORE_IN, 40),
                        Expect.efault("UVERBS_ATTR_CORE_IN", "UVERBS_METHOD_INVOKE_WRITE")),
                row(
                        "INVOKE_WRITE with a 2-byte CORE_IN",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                                .driver(RXE)
                                .constIn(UVERBS_ATTR_WRITE_CMD, IB_USER_VERBS_CMD_REG_MR)
                                .in(UVERBS_ATTR_CORE_IN, new byte[2]),
                        Expect.einval("UVERBS_ATTR_CORE_IN", "length 2, less than 4")),
                row(
                        "a 2-byte FLAGS_IN",
                        createQp(RXE, null, 32).raw(UVERBS_ATTR_CREATE_QP_FLAGS, 2, 0, 0, 0),
                        Expect.einval("UVERBS_ATTR_CREATE_QP_FLAGS", "length 2, less than 4")),
                row(
                        "a handle with attr_data set",
                        UverbsCall.of(UVERBS_OBJECT_PD, UVERBS_METHOD_PD_DESTROY)
                                .driver(RXE)
                                .raw(UVERBS_ATTR_DESTROY_PD_HANDLE, 0, 1, 0x100, 1),
                        Expect.einval("UVERBS_ATTR_DESTROY_PD_HANDLE", "attr_data.reserved")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"flows", "badInput"})
    void decides(String name, UverbsCall call, Expect expect) {
        expect.check(call.run(PROXY));
    }

    @Test
    void theTableIsTheCoreOne() {
        RdmaTable core = RdmaTable.core();
        RdmaTable rxe = RxePlugin.INSTANCE.table();
        assertEquals(
                core.methods().size(),
                rxe.methods().size(),
                "no driver-namespace rows: rxe registers none");
        assertEquals(core.writes().size(), rxe.writes().size(), "every legacy write command");
        for (RdmaTable.MethodRow r : rxe.methods()) {
            UverbsSchema.Method s = UverbsSchema.CORE_BY_KEY.get(r.key());
            assertEquals(s, r.schema(), r.name() + " has the core schema, unmerged");
        }
        assertTrue(
                RxePlugin.INSTANCE.denial(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER).isEmpty(),
                "rxe refuses nothing by name: the driver namespace is simply not modelled");
        assertEquals(RDMA_DRIVER_RXE, RxePlugin.INSTANCE.driverId(), "RDMA_DRIVER_RXE");
    }
}
