package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.EfaIds.*;
import static dev.sluice.rdmaproxy.abi.LegacyCommands.*;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.MLX5_IB_METHOD_DEVX_OTHER;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.MLX5_IB_METHOD_UAR_OBJ_ALLOC;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.MLX5_IB_OBJECT_DEVX;
import static dev.sluice.rdmaproxy.abi.Mlx5Ids.MLX5_IB_OBJECT_UAR;
import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_EFA;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_MLX5;
import static dev.sluice.rdmaproxy.abi.UverbsIoctl.RDMA_DRIVER_RXE;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;
import static dev.sluice.rdmaproxy.driver.Calls.createCq;
import static dev.sluice.rdmaproxy.driver.Calls.createQp;
import static dev.sluice.rdmaproxy.driver.Calls.getContext;
import static dev.sluice.rdmaproxy.driver.Calls.invokeWrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.rdmaproxy.FakeUverbsHost;
import dev.sluice.rdmaproxy.RdmaProxy;
import dev.sluice.rdmaproxy.UverbsCall;
import dev.sluice.rdmaproxy.UverbsCall.Struct;
import dev.sluice.rdmaproxy.abi.EfaAbi;
import dev.sluice.rdmaproxy.abi.EfaSchema;
import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.rdmaproxy.driver.Calls.Expect;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;
import dev.sluice.sentry.spi.WriteRequest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The EFA plugin, table-driven like {@link Mlx5PluginTest}: each row is a uverbs call as libibverbs
 * and rdma-core's efa provider (providers/efa/efa.c, verbs.c) issue it, or as a hostile guest bends
 * it, encoded byte for byte in a fake guest, and what RDMAProxy must answer. Struct sizes and
 * offsets come from {@link EfaAbi}, which is checked against efa-abi.h; the rules come from
 * efa_verbs.c of Linux 6.1. No EFA device runs these calls.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EfaPluginTest {
    private static final RdmaProxy PROXY = Calls.proxy(EfaPlugin.INSTANCE);
    private static final int EFA = RDMA_DRIVER_EFA;

    /**
     * sizeof(struct efa_io_rx_cdesc) and sizeof(struct efa_io_rx_cdesc_ex) as rdma-core's copy of
     * efa_io_defs.h (providers/efa) gives them: the provider's own numbers, not the plugin's.
     */
    private static final int RX_CDESC = 16;

    private static final int RX_CDESC_EX = 32;

    /** rdma-core reads sub_cqs_per_cq from the context's response and sends it back. */
    private static final int SUB_CQS = 2;

    private static Arguments row(String name, UverbsCall call, Expect expect) {
        return Arguments.of(name, call, expect);
    }

    private static byte[] padded(byte[] b, int len, int lastByte) {
        byte[] p = Arrays.copyOf(b, len);
        p[len - 1] = (byte) lastByte;
        return p;
    }

    // ---- driver structs, little-endian, as rdma-core's efa provider fills them

    /**
     * efa_alloc_context: both handshake bits, since the provider handles TX batch and min SQ WR.
     */
    private static byte[] ucontext(UnaryOperator<Struct> edit) {
        return edit.apply(
                        new Struct(EfaAbi.AllocUcontextCmd.SIZE)
                                .u32(
                                        EfaAbi.AllocUcontextCmd.OFF_COMP_MASK,
                                        EfaAbi.EFA_ALLOC_UCONTEXT_CMD_COMP_TX_BATCH
                                                | EfaAbi.EFA_ALLOC_UCONTEXT_CMD_COMP_MIN_SQ_WR))
                .bytes();
    }

    /** efa_create_cq: the plain receive entry, the device's sub-CQ count, no flags. */
    private static Struct cq() {
        return new Struct(EfaAbi.CreateCq.SIZE)
                .u32(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, RX_CDESC)
                .u16(EfaAbi.CreateCq.OFF_NUM_SUB_CQS, SUB_CQS);
    }

    /**
     * create_qp of an SRD QP: 64 receive descriptors of 16 bytes, 64 send WQEs of 64 bytes (the
     * provider's sizes, efa_io_defs.h).
     */
    private static Struct qp() {
        return new Struct(EfaAbi.CreateQp.SIZE)
                .u32(EfaAbi.CreateQp.OFF_RQ_RING_SIZE, 64 * 16)
                .u32(EfaAbi.CreateQp.OFF_SQ_RING_SIZE, 64 * 64)
                .u32(EfaAbi.CreateQp.OFF_DRIVER_QP_TYPE, EfaAbi.EFA_QP_DRIVER_TYPE_SRD);
    }

    /**
     * The request a later rdma-core sends: the efa-abi.h of later kernels (as rdma-core's
     * kernel-headers/rdma/efa-abi.h carries it) puts a u16 flags at 16, a u8 sl at 18 and five
     * reserved bytes after driver_qp_type, 24 bytes in all; {@code edit} sets them.
     */
    private static byte[] laterQp(UnaryOperator<Struct> edit) {
        Struct s = new Struct(EfaAbi.CreateQp.SIZE + 8);
        byte[] base = qp().bytes();
        for (int i = 0; i < base.length; i++) {
            s.u8(i, base[i] & 0xff);
        }
        return edit.apply(s).bytes();
    }

    private static UverbsCall srdQp(byte[] uhwIn) {
        return createQp(
                EFA, UverbsAttrValues.IB_UVERBS_QPT_DRIVER, uhwIn, EfaAbi.CreateQpResp.SIZE);
    }

    /** efadv_query_mr: the MR's handle and four u16 outputs. */
    private static UverbsCall mrQuery() {
        return UverbsCall.of(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY)
                .driver(EFA)
                .idr(EFA_IB_ATTR_QUERY_MR_HANDLE, 3)
                .out(EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY, 2)
                .out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, 2)
                .out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID, 2)
                .out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID, 2);
    }

    /** CQ_CREATE as efa_create_cq with a completion channel (ibv_create_cq with a channel). */
    private static UverbsCall channelCq() {
        return createCq(
                        EFA,
                        cq().u8(
                                        EfaAbi.CreateCq.OFF_FLAGS,
                                        EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL)
                                .bytes(),
                        EfaAbi.CreateCqResp.SIZE)
                .fd(UVERBS_ATTR_CREATE_CQ_COMP_CHANNEL, 7)
                .guestFd(7, Calls::eventFile);
    }

    /** The CQ requests that carry efa_ibv_create_cq with a completion channel, at every site. */
    private static List<UverbsCall> channelCqs() {
        byte[] channel =
                cq().u8(EfaAbi.CreateCq.OFF_FLAGS, EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL)
                        .bytes();
        int resp = EfaAbi.CreateCqResp.SIZE;
        return List.of(
                channelCq(),
                invokeWrite(EFA, IB_USER_VERBS_CMD_CREATE_CQ, false, channel, resp),
                invokeWrite(EFA, IB_USER_VERBS_EX_CMD_CREATE_CQ, true, channel, resp));
    }

    /**
     * The extended QUERY_DEVICE as efa_query_device_ctx sends it when it opens the device
     * (ibv_cmd_query_device_any through INVOKE_WRITE): the efa part of the response in UHW_OUT,
     * {@code uhwOut} bytes.
     */
    private static UverbsCall queryDevice(int uhwOut) {
        return invokeWrite(EFA, IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true, null, uhwOut);
    }

    /**
     * A kernel that answers the extended QUERY_DEVICE as efa_query_device does: the core response
     * and {@code min(sizeof(efa_ibv_ex_query_device_resp), outlen)} bytes of efa's, {@code
     * device_caps} among them; other calls succeed without output.
     */
    private static FakeUverbsHost.Kernel reporting(long deviceCaps) {
        return e -> {
            if (e.len(UVERBS_ATTR_WRITE_CMD) == 8
                    && e.data(UVERBS_ATTR_WRITE_CMD)
                            == (IB_USER_VERBS_EX_CMD_QUERY_DEVICE
                                    | Integer.toUnsignedLong(IB_USER_VERBS_CMD_FLAG_EXTENDED))) {
                byte[] efa =
                        new Struct(EfaAbi.ExQueryDeviceResp.SIZE)
                                .u32(EfaAbi.ExQueryDeviceResp.OFF_MAX_SQ_WR, 256)
                                .u32(EfaAbi.ExQueryDeviceResp.OFF_MAX_RQ_WR, 4096)
                                .u32(EfaAbi.ExQueryDeviceResp.OFF_DEVICE_CAPS, deviceCaps)
                                .bytes();
                e.output(UVERBS_ATTR_CORE_OUT, new byte[e.len(UVERBS_ATTR_CORE_OUT)]);
                e.output(
                        UVERBS_ATTR_UHW_OUT,
                        Arrays.copyOf(efa, Math.min(efa.length, e.len(UVERBS_ATTR_UHW_OUT))));
            }
            return 0;
        };
    }

    /** A proxy with one EFA node whose kernel is {@code kernel}. */
    private static RdmaProxy efaProxy(FakeUverbsHost.Kernel kernel) {
        FakeUverbsHost host = new FakeUverbsHost();
        host.kernel = kernel;
        return new RdmaProxy(List.of(231), Map.of(UverbsCall.UVERBS0, EfaPlugin.INSTANCE), host);
    }

    static Stream<Arguments> contexts() {
        int resp = EfaAbi.AllocUcontextResp.SIZE;
        return Stream.of(
                row(
                        "GET_CONTEXT with efa_ibv_alloc_ucontext_cmd",
                        getContext(EFA, ucontext(s -> s), resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT from an rdma-core before the handshake (no driver data)",
                        getContext(EFA, null, resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with only the TX batch bit",
                        getContext(
                                EFA,
                                ucontext(
                                        s ->
                                                s.u32(
                                                        EfaAbi.AllocUcontextCmd.OFF_COMP_MASK,
                                                        EfaAbi
                                                                .EFA_ALLOC_UCONTEXT_CMD_COMP_TX_BATCH)),
                                resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with an unknown comp_mask bit",
                        getContext(
                                EFA,
                                ucontext(s -> s.u32(EfaAbi.AllocUcontextCmd.OFF_COMP_MASK, 0x7)),
                                resp),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_GET_CONTEXT",
                                "UVERBS_OBJECT_DEVICE",
                                "efa_ibv_alloc_ucontext_cmd (efa-abi.h)",
                                "comp_mask has bits 0x4",
                                "EFA_ALLOC_UCONTEXT_CMD_COMP_MIN_SQ_WR")),
                row(
                        "GET_CONTEXT with reserved_20 set",
                        getContext(
                                EFA,
                                ucontext(s -> s.u8(EfaAbi.AllocUcontextCmd.OFF_RESERVED_20 + 3, 1)),
                                resp),
                        Expect.einval("reserved_20 is 0x1000000, must be zero")),
                row(
                        "GET_CONTEXT with zero data beyond the struct",
                        getContext(EFA, padded(ucontext(s -> s), 16, 0), resp),
                        Expect.ok()),
                row(
                        "GET_CONTEXT with non-zero data beyond the struct",
                        getContext(EFA, padded(ucontext(s -> s), 16, 9), resp),
                        Expect.einval("byte 15", "beyond the struct")),
                row(
                        "GET_CONTEXT with UHW_IN at unmapped memory",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT)
                                .driver(EFA)
                                .inUnmapped(UVERBS_ATTR_UHW_IN, 16),
                        Expect.efault(
                                "UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_GET_CONTEXT", "unreadable")),
                row(
                        "INVOKE_WRITE GET_CONTEXT with efa_ibv_alloc_ucontext_cmd",
                        invokeWrite(
                                EFA, IB_USER_VERBS_CMD_GET_CONTEXT, false, ucontext(s -> s), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE GET_CONTEXT with reserved_20 set",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_GET_CONTEXT,
                                false,
                                ucontext(s -> s.u32(EfaAbi.AllocUcontextCmd.OFF_RESERVED_20, 2)),
                                resp),
                        Expect.einval("IB_USER_VERBS_CMD_GET_CONTEXT", "reserved_20")),
                row(
                        "QUERY_CONTEXT: efa adds no attribute",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(EFA)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_NUM_COMP_VECTORS, 4)
                                .out(UVERBS_ATTR_QUERY_CONTEXT_CORE_SUPPORT, 8),
                        Expect.ok()),
                row(
                        "QUERY_CONTEXT with mlx5's context attribute",
                        UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_CONTEXT)
                                .driver(EFA)
                                .out(MLX5_IB_ATTR_QUERY_CONTEXT_RESP_UCTX, 72),
                        Expect.einval(
                                "unsupported attribute 0x1000", "UVERBS_METHOD_QUERY_CONTEXT")),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE with efa_ibv_ex_query_device_resp",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                                true,
                                null,
                                EfaAbi.ExQueryDeviceResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended QUERY_DEVICE with non-zero input",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                                true,
                                new byte[] {0, 0, 5},
                                EfaAbi.ExQueryDeviceResp.SIZE),
                        Expect.einval(
                                "IB_USER_VERBS_EX_CMD_QUERY_DEVICE",
                                "driver data must be cleared",
                                "byte 2")),
                row(
                        "INVOKE_WRITE ALLOC_PD with efa_ibv_alloc_pd_resp",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_ALLOC_PD,
                                false,
                                null,
                                EfaAbi.AllocPdResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE ALLOC_PD with cleared driver input",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_ALLOC_PD,
                                false,
                                new byte[8],
                                EfaAbi.AllocPdResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE ALLOC_PD with non-zero driver input",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_ALLOC_PD,
                                false,
                                padded(new byte[8], 8, 1),
                                EfaAbi.AllocPdResp.SIZE),
                        Expect.einval("IB_USER_VERBS_CMD_ALLOC_PD", "byte 7")),
                row(
                        "INVOKE_WRITE CREATE_AH with efa_ibv_create_ah_resp",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_CREATE_AH,
                                false,
                                null,
                                EfaAbi.CreateAhResp.SIZE),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE CREATE_AH with non-zero driver input",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_CREATE_AH, false, new byte[] {1}, 0),
                        Expect.einval("IB_USER_VERBS_CMD_CREATE_AH", "byte 0")),
                row(
                        "INVOKE_WRITE REG_MR without driver data",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_REG_MR, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE REG_MR with a byte set past the 8 the kernel checks",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_REG_MR,
                                false,
                                padded(new byte[16], 10, 1),
                                0),
                        Expect.einval("IB_USER_VERBS_CMD_REG_MR", "byte 9")),
                row(
                        "INVOKE_WRITE MODIFY_QP without driver data",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_MODIFY_QP, false, null, 0),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended MODIFY_QP with non-zero driver input",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_EX_CMD_MODIFY_QP,
                                true,
                                padded(new byte[4], 4, 2),
                                0),
                        Expect.einval("IB_USER_VERBS_EX_CMD_MODIFY_QP", "byte 3")),
                row(
                        "INVOKE_WRITE RESIZE_CQ with driver data efa does not read",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_RESIZE_CQ, false, new byte[8], 0),
                        Expect.einval(
                                "8 bytes of driver data",
                                "IB_USER_VERBS_CMD_RESIZE_CQ",
                                "efa plugin does not model")));
    }

    static Stream<Arguments> cqs() {
        int resp = EfaAbi.CreateCqResp.SIZE;
        return Stream.of(
                row(
                        "CQ_CREATE with efa_ibv_create_cq",
                        createCq(EFA, cq().bytes(), resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with the source GID and the extended entry",
                        createCq(
                                EFA,
                                cq().u32(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, RX_CDESC_EX)
                                        .u8(
                                                EfaAbi.CreateCq.OFF_FLAGS,
                                                EfaAbi.EFA_CREATE_CQ_WITH_SGID)
                                        .bytes(),
                                resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with the extended entry and no source GID",
                        createCq(
                                EFA,
                                cq().u32(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, RX_CDESC_EX).bytes(),
                                resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with a completion channel before the device reported anything",
                        channelCq(),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_CQ_CREATE",
                                "efa_ibv_create_cq (efa-abi.h)",
                                "EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL needs the device capability"
                                        + " EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS",
                                "has reported no capabilities yet",
                                "efa_create_cq of Linux 6.1")),
                row(
                        "CQ_CREATE with the source GID and the plain entry",
                        createCq(
                                EFA,
                                cq().u8(EfaAbi.CreateCq.OFF_FLAGS, EfaAbi.EFA_CREATE_CQ_WITH_SGID)
                                        .bytes(),
                                resp),
                        Expect.einval(
                                "efa_ibv_create_cq (efa-abi.h)",
                                "cq_entry_size is 16",
                                "EFA_CREATE_CQ_WITH_SGID needs 32")),
                row(
                        "CQ_CREATE with 64-byte entries",
                        createCq(
                                EFA, cq().u32(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, 64).bytes(), resp),
                        Expect.einval("cq_entry_size is 64, not 16", "or 32")),
                row(
                        "CQ_CREATE cut after num_sub_cqs (10 bytes)",
                        createCq(EFA, Arrays.copyOf(cq().bytes(), 10), resp),
                        Expect.ok()),
                row(
                        "CQ_CREATE with 8 bytes",
                        createCq(EFA, Arrays.copyOf(cq().bytes(), 8), resp),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_CQ_CREATE",
                                "UVERBS_OBJECT_CQ",
                                "length 8 is less than 10",
                                "offsetofend(struct efa_ibv_create_cq, num_sub_cqs)")),
                row(
                        "CQ_CREATE without driver data",
                        createCq(EFA, null, resp),
                        Expect.einval("length 0 is less than 10")),
                row(
                        "CQ_CREATE with comp_mask set",
                        createCq(EFA, cq().u32(EfaAbi.CreateCq.OFF_COMP_MASK, 1).bytes(), resp),
                        Expect.einval("comp_mask is 0x1, must be zero")),
                row(
                        "CQ_CREATE with the last reserved byte set",
                        createCq(EFA, cq().u8(EfaAbi.CreateCq.SIZE - 1, 1).bytes(), resp),
                        Expect.einval("reserved_58 is 0x100000000, must be zero")),
                row(
                        "CQ_CREATE with a later kernel's flag (64-bit SQ request ids)",
                        createCq(EFA, cq().u8(EfaAbi.CreateCq.OFF_FLAGS, 0x4).bytes(), resp),
                        Expect.einval("flags has bits 0x4", "EFA_CREATE_CQ_WITH_SGID")),
                row(
                        "CQ_CREATE with non-zero data beyond the struct",
                        createCq(EFA, padded(cq().bytes(), 24, 3), resp),
                        Expect.einval("byte 23", "beyond the struct")),
                row(
                        "CQ_CREATE with the driver data at unmapped memory",
                        createCq(EFA, null, resp)
                                .inUnmapped(UVERBS_ATTR_UHW_IN, EfaAbi.CreateCq.SIZE),
                        Expect.efault("UVERBS_ATTR_UHW_IN", "UVERBS_METHOD_CQ_CREATE")),
                row(
                        "INVOKE_WRITE CREATE_CQ with efa_ibv_create_cq",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_CREATE_CQ, false, cq().bytes(), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_CQ with efa_ibv_create_cq",
                        invokeWrite(EFA, IB_USER_VERBS_EX_CMD_CREATE_CQ, true, cq().bytes(), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_CQ with a bad entry size",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_EX_CMD_CREATE_CQ,
                                true,
                                cq().u32(EfaAbi.CreateCq.OFF_CQ_ENTRY_SIZE, 8).bytes(),
                                resp),
                        Expect.einval("IB_USER_VERBS_EX_CMD_CREATE_CQ", "cq_entry_size is 8")));
    }

    static Stream<Arguments> qps() {
        int resp = EfaAbi.CreateQpResp.SIZE;
        return Stream.of(
                row(
                        "QP_CREATE of an SRD QP (IBV_QPT_DRIVER) as efadv_create_qp_ex",
                        srdQp(qp().bytes()),
                        Expect.ok()),
                row(
                        "QP_CREATE of a UD QP",
                        createQp(EFA, UverbsAttrValues.IB_UVERBS_QPT_UD, qp().bytes(), resp),
                        Expect.ok()),
                row(
                        "QP_CREATE of an RC QP",
                        createQp(EFA, UverbsAttrValues.IB_UVERBS_QPT_RC, qp().bytes(), resp),
                        Expect.einval(
                                "UVERBS_ATTR_CREATE_QP_TYPE",
                                "UVERBS_METHOD_QP_CREATE",
                                "value 2 is not one of [IB_UVERBS_QPT_DRIVER, IB_UVERBS_QPT_UD]",
                                "efa_qp_validate_attr")),
                row(
                        "QP_CREATE of a driver QP of an unknown driver type",
                        srdQp(qp().u32(EfaAbi.CreateQp.OFF_DRIVER_QP_TYPE, 1).bytes()),
                        Expect.einval(
                                "efa_ibv_create_qp (efa-abi.h)",
                                "driver_qp_type (EFA_QP_DRIVER_TYPE_SRD only) is 1")),
                row(
                        "QP_CREATE with comp_mask set",
                        srdQp(qp().u32(EfaAbi.CreateQp.OFF_COMP_MASK, 8).bytes()),
                        Expect.einval("comp_mask is 0x8, must be zero")),
                row(
                        "QP_CREATE with 12 bytes (no driver_qp_type)",
                        srdQp(Arrays.copyOf(qp().bytes(), 12)),
                        Expect.einval(
                                "UVERBS_ATTR_UHW_IN",
                                "UVERBS_METHOD_QP_CREATE",
                                "length 12 is less than 16")),
                row(
                        "QP_CREATE without driver data",
                        srdQp(null),
                        Expect.einval("length 0 is less than 16")),
                row(
                        "QP_CREATE from a later rdma-core, flags and sl zero",
                        srdQp(laterQp(s -> s)),
                        Expect.ok()),
                row(
                        "QP_CREATE from a later rdma-core with a service level",
                        srdQp(laterQp(s -> s.u8(EfaAbi.CreateQp.SIZE + 2, 8))),
                        Expect.einval("byte 18", "a later kernel's flags and sl")),
                row(
                        "QP_CREATE from a later rdma-core asking for unsolicited write receive",
                        srdQp(laterQp(s -> s.u16(EfaAbi.CreateQp.SIZE, 1))),
                        Expect.einval("byte 16", "beyond the 6.1 struct")),
                row(
                        "INVOKE_WRITE CREATE_QP with efa_ibv_create_qp",
                        invokeWrite(EFA, IB_USER_VERBS_CMD_CREATE_QP, false, qp().bytes(), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE extended CREATE_QP with efa_ibv_create_qp",
                        invokeWrite(EFA, IB_USER_VERBS_EX_CMD_CREATE_QP, true, qp().bytes(), resp),
                        Expect.ok()),
                row(
                        "INVOKE_WRITE CREATE_QP with comp_mask set",
                        invokeWrite(
                                EFA,
                                IB_USER_VERBS_CMD_CREATE_QP,
                                false,
                                qp().u32(EfaAbi.CreateQp.OFF_COMP_MASK, 1).bytes(),
                                resp),
                        Expect.einval("IB_USER_VERBS_CMD_CREATE_QP", "comp_mask")),
                row(
                        "SRQ_CREATE with driver data efa does not read",
                        Calls.createSrq(EFA, new byte[16], 0),
                        Expect.einval("16 bytes of driver data", "UVERBS_METHOD_SRQ_CREATE")));
    }

    static Stream<Arguments> driverNamespace() {
        return Stream.of(
                row("MR_QUERY as efadv_query_mr", mrQuery(), Expect.ok()),
                row(
                        "MR_QUERY without the RDMA receive interconnect id",
                        UverbsCall.of(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY)
                                .driver(EFA)
                                .idr(EFA_IB_ATTR_QUERY_MR_HANDLE, 3)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY, 2)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, 2)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID, 2),
                        Expect.einval(
                                "mandatory",
                                "EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID",
                                "EFA_IB_METHOD_MR_QUERY",
                                "UVERBS_OBJECT_MR")),
                row(
                        "MR_QUERY without the MR handle",
                        UverbsCall.of(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY)
                                .driver(EFA)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_IC_ID_VALIDITY, 2)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, 2)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_READ_IC_ID, 2)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RDMA_RECV_IC_ID, 2),
                        Expect.einval("mandatory", "EFA_IB_ATTR_QUERY_MR_HANDLE")),
                row(
                        "MR_QUERY with a 4-byte output",
                        UverbsCall.of(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY)
                                .driver(EFA)
                                .idr(EFA_IB_ATTR_QUERY_MR_HANDLE, 3)
                                .out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, 4),
                        Expect.einval("EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID", "length 4")),
                row(
                        "MR_QUERY with a handle carrying a length",
                        UverbsCall.of(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY)
                                .driver(EFA)
                                .raw(EFA_IB_ATTR_QUERY_MR_HANDLE, 4, 0, 0, 3),
                        Expect.einval("EFA_IB_ATTR_QUERY_MR_HANDLE", "length 4, expected 0")),
                row(
                        "MR_QUERY with an attribute efa does not declare",
                        mrQuery().u32(0x1005, 0),
                        Expect.einval(
                                "unsupported attribute 0x1005",
                                "EFA_IB_METHOD_MR_QUERY",
                                "UVERBS_OBJECT_MR")),
                row(
                        "an unknown efa method on MR",
                        UverbsCall.of(UVERBS_OBJECT_MR, 0x1001).driver(EFA),
                        Expect.einval(
                                "driver-namespace method 0x1001 on object UVERBS_OBJECT_MR",
                                "not modelled by the efa plugin")),
                row(
                        "the MR query's id on another object",
                        UverbsCall.of(UVERBS_OBJECT_PD, EFA_IB_METHOD_MR_QUERY).driver(EFA),
                        Expect.einval(
                                "driver-namespace method 0x1000 on object UVERBS_OBJECT_PD",
                                "not modelled by the efa plugin")),
                row(
                        "an mlx5 UAR alloc on EFA",
                        UverbsCall.of(MLX5_IB_OBJECT_UAR, MLX5_IB_METHOD_UAR_OBJ_ALLOC).driver(EFA),
                        Expect.einval(
                                "driver-namespace method 0x1000 on object 0x1008",
                                "not modelled by the efa plugin")),
                row(
                        "a DEVX command on EFA",
                        UverbsCall.of(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER).driver(EFA),
                        Expect.einval("driver-namespace", "not modelled by the efa plugin")),
                row(
                        "a core method efa's 6.1 does not know (0x40)",
                        UverbsCall.of(UVERBS_OBJECT_MR, 0x40).driver(EFA),
                        Expect.einval("unsupported method 0x40 on object UVERBS_OBJECT_MR")));
    }

    static Stream<Arguments> framing() {
        return Stream.of(
                row(
                        "mlx5's driver_id on an EFA device",
                        getContext(RDMA_DRIVER_MLX5, ucontext(s -> s), 0),
                        Expect.einval(
                                "driver_id 1 (RDMA_DRIVER_MLX5)",
                                "efa plugin's 17 (RDMA_DRIVER_EFA)",
                                "UVERBS_METHOD_GET_CONTEXT")),
                row(
                        "rxe's driver_id on the MR query",
                        mrQuery().driver(RDMA_DRIVER_RXE),
                        Expect.einval("driver_id 14 (RDMA_DRIVER_RXE)", "EFA_IB_METHOD_MR_QUERY")),
                row(
                        "RDMA_DRIVER_UNKNOWN",
                        createCq(0, cq().bytes(), 0),
                        Expect.einval("driver_id 0 (RDMA_DRIVER_UNKNOWN)")),
                row(
                        "header length not 24 + 16 * num_attrs",
                        mrQuery().length(24 + 16),
                        Expect.einval("length 40 is not 24 + 16 * num_attrs")),
                row(
                        "num_attrs over the limit",
                        getContext(EFA, null, 0).numAttrs(65).length(24 + 16 * 65),
                        Expect.einval("num_attrs 65 exceeds 64")),
                row("reserved2 set", mrQuery().reserved(0, 1), Expect.einval("reserved")),
                row(
                        "a duplicated attribute",
                        mrQuery().out(EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID, 2),
                        Expect.einval("given twice", "EFA_IB_ATTR_QUERY_MR_RESP_RECV_IC_ID")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"contexts", "cqs", "qps", "driverNamespace", "framing"})
    void decides(String name, UverbsCall call, Expect expect) {
        expect.check(call.run(PROXY));
    }

    @Test
    void theTableIsTheCoreOnePlusTheMrQuery() {
        RdmaTable core = RdmaTable.core();
        RdmaTable efa = EfaPlugin.INSTANCE.table();
        assertEquals(
                core.methods().size() + EfaSchema.METHODS.size(),
                efa.methods().size(),
                "the core rows and the MR query");
        assertEquals(core.writes().size(), efa.writes().size(), "every legacy write command");
        for (RdmaTable.MethodRow r : core.methods()) {
            assertEquals(
                    r,
                    efa.method(r.key().object(), r.key().method()),
                    r.name() + " keeps the core row: efa adds no attribute to a core method");
        }
        RdmaTable.MethodRow q = efa.method(UVERBS_OBJECT_MR, EFA_IB_METHOD_MR_QUERY);
        assertEquals(Disposition.CONTINUE, q.disposition(), "the MR query is continued");
        assertEquals(RdmaTable.DRIVER_METHOD, q.why(), "as a driver-namespace method");
    }

    @Test
    void everyEfaMethodIsAllowedAndNothingIsRefusedByName() {
        for (var m : EfaSchema.METHODS) {
            assertTrue(
                    EfaPlugin.INSTANCE.table().method(m.object(), m.method()) != null,
                    m.name() + " is allowed");
        }
        assertEquals(
                EfaPlugin.ALLOWED.size(),
                EfaSchema.METHODS.size(),
                "every method the efa schema knows is allowed");
        assertTrue(
                EfaPlugin.INSTANCE.denial(MLX5_IB_OBJECT_DEVX, MLX5_IB_METHOD_DEVX_OTHER).isEmpty(),
                "efa has nothing to refuse by name: other driver ids are simply not modelled");
        assertEquals(RDMA_DRIVER_EFA, EfaPlugin.INSTANCE.driverId(), "RDMA_DRIVER_EFA");
        assertEquals(17, EfaPlugin.INSTANCE.driverId(), "enum rdma_driver_id: RDMA_DRIVER_EFA");
        assertEquals("", EfaPlugin.INSTANCE.racyReach(), "no reach beyond the core verbs");
    }

    @Test
    void responsesMayHaveAnyLength() {
        for (UdataSite site :
                new UdataSite[] {
                    new UdataSite.Method(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT),
                    new UdataSite.Method(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE),
                    new UdataSite.Method(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE),
                    new UdataSite.Write(IB_USER_VERBS_CMD_CREATE_AH, false)
                }) {
            assertNull(
                    EfaPlugin.INSTANCE.udataOut(site),
                    "efa copies min(sizeof(resp), outlen): no rule for " + site);
        }
        Expect.ok().check(createCq(EFA, cq().bytes(), 0).run(PROXY));
        Expect.ok().check(srdQp(qp().bytes()).run(PROXY));
    }

    @Test
    void theMrQueryReadsOnlyTheEnvelope() {
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall call = mrQuery();
        call.encode(guest);
        Expect.ok().check(call.run(PROXY, guest));
        assertEquals(2, guest.reads(), "header and attributes: the MR query has no pointer input");
        assertEquals(0, guest.writes(), "the proxy writes nothing into a continued call");
        FakeGuestMemory g2 = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall cq = createCq(EFA, cq().bytes(), EfaAbi.CreateCqResp.SIZE);
        cq.encode(g2);
        Expect.ok().check(cq.run(PROXY, g2));
        assertEquals(
                3, g2.reads(), "the header, the attributes, then the 16-byte efa_ibv_create_cq");
    }

    /** What the device said before the CQ request, and whether the channel is allowed after it. */
    static Stream<Arguments> deviceReports() {
        int caps = EfaAbi.EFA_QUERY_DEVICE_CAPS_RDMA_READ | EfaAbi.EFA_QUERY_DEVICE_CAPS_RNR_RETRY;
        int notifications = EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS;
        return Stream.of(
                Arguments.of(
                        "no query yet", null, 0, Expect.einval("has reported no capabilities yet")),
                Arguments.of(
                        "a device with event queues",
                        reporting(caps | notifications),
                        EfaAbi.ExQueryDeviceResp.SIZE,
                        Expect.ok()),
                Arguments.of(
                        "a device without event queues",
                        reporting(caps),
                        EfaAbi.ExQueryDeviceResp.SIZE,
                        Expect.einval(
                                "which the device does not report (its capabilities are 0x3",
                                "device_caps of struct efa_ibv_ex_query_device_resp")),
                Arguments.of(
                        "a response too short to hold device_caps (20 bytes)",
                        reporting(caps | notifications),
                        EfaAbi.ExQueryDeviceResp.OFF_DEVICE_CAPS,
                        Expect.einval("has reported no capabilities yet")),
                Arguments.of(
                        "a query the kernel fails",
                        (FakeUverbsHost.Kernel)
                                e -> {
                                    reporting(caps | notifications).run(e);
                                    return -Errno.EOPNOTSUPP;
                                },
                        EfaAbi.ExQueryDeviceResp.SIZE,
                        Expect.einval("has reported no capabilities yet")),
                Arguments.of(
                        "a response the kernel did not flag written",
                        (FakeUverbsHost.Kernel) e -> 0,
                        EfaAbi.ExQueryDeviceResp.SIZE,
                        Expect.einval("has reported no capabilities yet")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deviceReports")
    void aCompletionChannelNeedsTheDeviceToReportCqNotifications(
            String name, FakeUverbsHost.Kernel kernel, int uhwOut, Expect expect) {
        RdmaProxy proxy = efaProxy(kernel != null ? kernel : e -> 0);
        if (kernel != null) {
            IoctlResult q = queryDevice(uhwOut).run(proxy);
            assertTrue(
                    q.equals(IoctlResult.value(0)) || q instanceof IoctlResult.GuestError,
                    "the query is emulated (run by the sentry): " + q);
        }
        for (UverbsCall c : channelCqs()) {
            expect.check(c.run(proxy));
        }
        Expect.ok().check(createCq(EFA, cq().bytes(), EfaAbi.CreateCqResp.SIZE).run(proxy));
    }

    @Test
    void aGuestsOwnResponseBufferReportsNothing() {
        // A hostile guest fills its UHW_OUT with every capability bit: only what the kernel writes
        // into the sentry's buffer counts, and a kernel that writes nothing reports nothing.
        UverbsCall q = queryDevice(EfaAbi.ExQueryDeviceResp.SIZE);
        RdmaProxy proxy = efaProxy(reporting(0));
        assertEquals(IoctlResult.value(0), q.run(proxy, allCapsInTheGuestsBuffer(q)), "query");
        Expect.einval("which the device does not report (its capabilities are 0x0")
                .check(channelCq().run(proxy));
        RdmaProxy silent = efaProxy(e -> 0);
        assertEquals(IoctlResult.value(0), q.run(silent, allCapsInTheGuestsBuffer(q)), "query");
        Expect.einval("has reported no capabilities yet").check(channelCq().run(silent));
    }

    /** {@code q} encoded in a fresh guest, its UHW_OUT buffer (the last attribute's) all 0xff. */
    private static FakeGuestMemory allCapsInTheGuestsBuffer(UverbsCall q) {
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        q.encode(guest);
        long attr = UverbsCall.HDR + 24 + 16L * (q.attrs().size() - 1);
        assertEquals(UVERBS_ATTR_UHW_OUT, guest.getShort(attr), "UHW_OUT is the last attribute");
        long data =
                Integer.toUnsignedLong(guest.getInt(attr + 8))
                        | (long) guest.getInt(attr + 12) << 32;
        int at = (int) (data - UverbsCall.BASE);
        Arrays.fill(guest.bytes(), at, at + EfaAbi.ExQueryDeviceResp.SIZE, (byte) 0xff);
        return guest;
    }

    @Test
    void capabilitiesAreEachDevicesOwnAndTheLastReportCounts() {
        CharDevice other = new CharDevice(231, 193);
        FakeUverbsHost host = new FakeUverbsHost();
        host.kernel = reporting(EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS);
        RdmaProxy proxy =
                new RdmaProxy(
                        List.of(231),
                        Map.of(UverbsCall.UVERBS0, EfaPlugin.INSTANCE, other, EfaPlugin.INSTANCE),
                        host);
        assertEquals(
                IoctlResult.value(0),
                queryDevice(EfaAbi.ExQueryDeviceResp.SIZE).run(proxy),
                "uverbs0 reports CQ notifications");
        Expect.ok().check(channelCq().run(proxy));
        Expect.einval("has reported no capabilities yet")
                .check(channelCq().device(other).run(proxy));
        host.kernel = reporting(0);
        queryDevice(EfaAbi.ExQueryDeviceResp.SIZE).run(proxy);
        Expect.einval("which the device does not report").check(channelCq().run(proxy));
    }

    @Test
    void theCapabilitiesComeFromTheExtendedQueryDevicesDeviceCaps() {
        DeviceCaps.Report r = EfaPlugin.INSTANCE.capsReport();
        assertEquals(
                new UdataSite.Write(IB_USER_VERBS_EX_CMD_QUERY_DEVICE, true),
                r.site(),
                "the extended QUERY_DEVICE");
        assertEquals(20, r.off(), "offsetof(struct efa_ibv_ex_query_device_resp, device_caps)");
        assertEquals(4, r.width(), "a u32");
        assertEquals(0x4, EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS, "efa-abi.h");
        assertNull(RxePlugin.INSTANCE.capsReport(), "rxe learns none");
    }

    /**
     * An extended legacy command as libibverbs writes it (execute_cmd_write_ex): both headers, the
     * request, then the driver data; the response at {@code response}.
     */
    private static byte[] writtenEx(
            int command, int request, int coreOut, byte[] uhwIn, int uhwOut, long response) {
        ByteBuffer b =
                ByteBuffer.allocate(8 + LegacyCommands.ExCmdHdr.SIZE + request + uhwIn.length)
                        .order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, command | IB_USER_VERBS_CMD_FLAG_EXTENDED);
        b.putShort(4, (short) (request / 8));
        b.putShort(6, (short) (coreOut / 8));
        b.putLong(8 + LegacyCommands.ExCmdHdr.OFF_RESPONSE, response);
        b.putShort(8 + LegacyCommands.ExCmdHdr.OFF_PROVIDER_IN_WORDS, (short) (uhwIn.length / 8));
        b.putShort(8 + LegacyCommands.ExCmdHdr.OFF_PROVIDER_OUT_WORDS, (short) (uhwOut / 8));
        b.put(8 + LegacyCommands.ExCmdHdr.SIZE + request, uhwIn);
        return b.array();
    }

    @Test
    void inStrictModeAWrittenQueryTheSentryRunsReportsTheCapabilitiesToo() {
        FakeUverbsHost host = new FakeUverbsHost();
        host.kernel = reporting(EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS);
        RdmaProxy strict =
                new RdmaProxy(
                        List.of(231), Map.of(UverbsCall.UVERBS0, EfaPlugin.INSTANCE), host, true);
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        long buf = UverbsCall.BASE + 256;
        long resp = UverbsCall.BASE + 8192;
        byte[] channel =
                cq().u8(EfaAbi.CreateCq.OFF_FLAGS, EfaAbi.EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL)
                        .bytes();
        byte[] createCq =
                writtenEx(
                        IB_USER_VERBS_EX_CMD_CREATE_CQ,
                        LegacyCommands.ExCreateCq.SIZE,
                        LegacyCommands.ExCreateCqResp.SIZE,
                        channel,
                        EfaAbi.CreateCqResp.SIZE,
                        resp);
        byte[] query =
                writtenEx(
                        IB_USER_VERBS_EX_CMD_QUERY_DEVICE,
                        LegacyCommands.ExQueryDevice.SIZE,
                        LegacyCommands.ExQueryDeviceResp.SIZE,
                        new byte[0],
                        EfaAbi.ExQueryDeviceResp.SIZE,
                        resp);
        IoctlResult.Denied before =
                assertInstanceOf(
                        IoctlResult.Denied.class, written(strict, guest, buf, createCq).result());
        assertTrue(
                before.reason().contains("EFA_CREATE_CQ_WITH_COMPLETION_CHANNEL")
                        && before.reason().contains("has reported no capabilities yet"),
                "refused for the capability first: " + before.reason());
        assertEquals(
                IoctlResult.value(query.length),
                written(strict, guest, buf, query).result(),
                "the sentry runs the written query");
        assertEquals(
                EfaAbi.EFA_QUERY_DEVICE_CAPS_CQ_NOTIFICATIONS,
                guest.getInt(
                        resp
                                + LegacyCommands.ExQueryDeviceResp.SIZE
                                + EfaAbi.ExQueryDeviceResp.OFF_DEVICE_CAPS),
                "and copies the kernel's answer back");
        IoctlResult.Denied after =
                assertInstanceOf(
                        IoctlResult.Denied.class, written(strict, guest, buf, createCq).result());
        assertTrue(
                after.reason().contains("must run in the caller's context")
                        && !after.reason().contains("capabilit"),
                "then only as a command the sentry cannot run: " + after.reason());
    }

    /** {@code bytes} written with write() at {@code buf} of {@code guest} through {@code proxy}. */
    private static Verdict written(RdmaProxy proxy, FakeGuestMemory guest, long buf, byte[] bytes) {
        System.arraycopy(bytes, 0, guest.bytes(), (int) (buf - UverbsCall.BASE), bytes.length);
        WriteCall c = mock(WriteCall.class);
        when(c.request())
                .thenReturn(new WriteRequest(1, Syscalls.SYS_WRITE, 3, buf, bytes.length, -1));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(new Arena(4096));
        when(c.device()).thenReturn(UverbsCall.UVERBS0);
        when(c.hostFd()).thenReturn(UverbsCall.SENTRY_DUP);
        return proxy.write(c);
    }
}
