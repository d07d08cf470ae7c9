package dev.sluice.rdmaproxy.driver;

import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.FakeUverbsHost;
import dev.sluice.rdmaproxy.RdmaProxy;
import dev.sluice.rdmaproxy.UverbsCall;
import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.Mlx5Abi;
import dev.sluice.rdmaproxy.abi.UverbsAttrStructs;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.IoctlResult;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Test support: the uverbs calls libibverbs and its mlx5 and rxe providers issue, attribute by
 * attribute, as {@link UverbsCall}s, and the expectations of a table-driven case.
 *
 * <p>The attribute sets follow rdma-core's command builders: GET_CONTEXT with its two optional
 * outputs and the provider's request in UHW_IN; CQ_CREATE and QP_CREATE with handle, sizes, user
 * handle, the async event fd and the provider's struct in UHW_IN/UHW_OUT; legacy commands through
 * INVOKE_WRITE with the core request in CORE_IN, the core response in CORE_OUT and the provider's
 * part in UHW_IN and UHW_OUT.
 */
final class Calls {
    private Calls() {}

    /**
     * A stand-in for a uverbs event file ({@link FakeUverbsHost#EVENT_STANDIN}), opened afresh; the
     * proxy closes it.
     */
    static int eventFile() {
        return TestFds.open(EVENT_FILE.toString(), Native.O_RDONLY | Native.O_CLOEXEC);
    }

    private static final Path EVENT_FILE = FakeUverbsHost.newEventStandin();

    /** A proxy with uverbs0 served by {@code plugin}. */
    static RdmaProxy proxy(RdmaDriverPlugin plugin) {
        return new RdmaProxy(
                List.of(231), Map.of(UverbsCall.UVERBS0, plugin), new FakeUverbsHost());
    }

    /**
     * What a case expects: allowed (errno 0: continued, or emulated against a scripted kernel that
     * answers 0, as the table says) or a denial with errno naming all of {@code mentions}.
     */
    record Expect(int errno, List<String> mentions) {
        static Expect ok() {
            return new Expect(0, List.of());
        }

        static Expect einval(String... mentions) {
            return new Expect(Errno.EINVAL, List.of(mentions));
        }

        static Expect efault(String... mentions) {
            return new Expect(Errno.EFAULT, List.of(mentions));
        }

        void check(IoctlResult r) {
            if (errno == 0) {
                assertTrue(
                        r == IoctlResult.CONTINUE || r.equals(IoctlResult.value(0)),
                        "allowed: " + r);
                return;
            }
            IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, r, "denied: " + r);
            assertEquals(errno, d.errno(), "errno of " + d.reason());
            assertTrue(
                    d.reason().startsWith("uverbs: "),
                    "one log line from the uverbs proxy: " + d.reason());
            assertTrue(!d.reason().contains("\n"), "one line: " + d.reason());
            for (String m : mentions) {
                assertTrue(d.reason().contains(m), "'" + m + "' in: " + d.reason());
            }
        }
    }

    // ---- driver structs, little-endian, from mlx5-abi.h

    /** struct mlx5_ib_alloc_ucontext_req_v2 as rdma-core's mlx5 provider fills it. */
    static UverbsCall.Struct allocUcontextV2() {
        return new UverbsCall.Struct(Mlx5Abi.AllocUcontextReqV2.SIZE)
                .u32(Mlx5Abi.AllocUcontextReqV2.OFF_TOTAL_NUM_BFREGS, 32)
                .u32(Mlx5Abi.AllocUcontextReqV2.OFF_NUM_LOW_LATENCY_BFREGS, 8)
                .u8(Mlx5Abi.AllocUcontextReqV2.OFF_MAX_CQE_VERSION, 1)
                .u64(
                        Mlx5Abi.AllocUcontextReqV2.OFF_LIB_CAPS,
                        Mlx5Abi.MLX5_LIB_CAP_4K_UAR | Mlx5Abi.MLX5_LIB_CAP_DYN_UAR);
    }

    /** struct mlx5_ib_create_cq: a 64-byte-CQE buffer, its doorbell, on a dynamic UAR page. */
    static UverbsCall.Struct mlx5CreateCq() {
        return new UverbsCall.Struct(Mlx5Abi.CreateCq.SIZE)
                .u64(Mlx5Abi.CreateCq.OFF_BUF_ADDR, 0x7f12_3456_0000L)
                .u64(Mlx5Abi.CreateCq.OFF_DB_ADDR, 0x7f12_3457_0000L)
                .u32(Mlx5Abi.CreateCq.OFF_CQE_SIZE, 64)
                .u16(Mlx5Abi.CreateCq.OFF_FLAGS, Mlx5Abi.MLX5_IB_CREATE_CQ_FLAGS_UAR_PAGE_INDEX)
                .u16(Mlx5Abi.CreateCq.OFF_UAR_PAGE_INDEX, 3);
    }

    /** struct mlx5_ib_create_qp of an RC QP: buffers, WQE counts, user index and bfreg. */
    static UverbsCall.Struct mlx5CreateQp() {
        return new UverbsCall.Struct(Mlx5Abi.CreateQp.SIZE)
                .u64(Mlx5Abi.CreateQp.OFF_BUF_ADDR, 0x7f12_3460_0000L)
                .u64(Mlx5Abi.CreateQp.OFF_DB_ADDR, 0x7f12_3457_0040L)
                .u32(Mlx5Abi.CreateQp.OFF_SQ_WQE_COUNT, 256)
                .u32(Mlx5Abi.CreateQp.OFF_RQ_WQE_COUNT, 256)
                .u32(Mlx5Abi.CreateQp.OFF_RQ_WQE_SHIFT, 4)
                .u32(Mlx5Abi.CreateQp.OFF_UIDX, 0xffffff)
                .u32(Mlx5Abi.CreateQp.OFF_BFREG_INDEX, 1);
    }

    /** struct mlx5_ib_create_qp_rss: a Toeplitz hash over IPv4 addresses. */
    static UverbsCall.Struct mlx5CreateQpRss() {
        return new UverbsCall.Struct(Mlx5Abi.CreateQpRss.SIZE)
                .u64(
                        Mlx5Abi.CreateQpRss.OFF_RX_HASH_FIELDS_MASK,
                        Mlx5Abi.MLX5_RX_HASH_SRC_IPV4 | Mlx5Abi.MLX5_RX_HASH_DST_IPV4)
                .u8(Mlx5Abi.CreateQpRss.OFF_RX_HASH_FUNCTION, Mlx5Abi.MLX5_RX_HASH_FUNC_TOEPLITZ)
                .u8(Mlx5Abi.CreateQpRss.OFF_RX_KEY_LEN, 40);
    }

    /** struct mlx5_ib_create_srq. */
    static UverbsCall.Struct mlx5CreateSrq() {
        return new UverbsCall.Struct(Mlx5Abi.CreateSrq.SIZE)
                .u64(Mlx5Abi.CreateSrq.OFF_BUF_ADDR, 0x7f12_3470_0000L)
                .u64(Mlx5Abi.CreateSrq.OFF_DB_ADDR, 0x7f12_3457_0080L)
                .u32(Mlx5Abi.CreateSrq.OFF_UIDX, 0xffffff);
    }

    /** struct mlx5_ib_create_wq. */
    static UverbsCall.Struct mlx5CreateWq() {
        return new UverbsCall.Struct(Mlx5Abi.CreateWq.SIZE)
                .u64(Mlx5Abi.CreateWq.OFF_BUF_ADDR, 0x7f12_3480_0000L)
                .u64(Mlx5Abi.CreateWq.OFF_DB_ADDR, 0x7f12_3457_00c0L)
                .u32(Mlx5Abi.CreateWq.OFF_RQ_WQE_COUNT, 512)
                .u32(Mlx5Abi.CreateWq.OFF_RQ_WQE_SHIFT, 4);
    }

    // ---- core calls

    /** GET_CONTEXT: the two optional outputs, and the provider's request/response when given. */
    static UverbsCall getContext(int driver, byte[] uhwIn, int uhwOut) {
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT)
                        .driver(driver)
                        .out(UVERBS_ATTR_GET_CONTEXT_NUM_COMP_VECTORS, 4)
                        .out(UVERBS_ATTR_GET_CONTEXT_CORE_SUPPORT, 8);
        if (uhwIn != null) {
            c.in(UVERBS_ATTR_UHW_IN, uhwIn);
        }
        if (uhwOut > 0) {
            c.out(UVERBS_ATTR_UHW_OUT, uhwOut);
        }
        return c;
    }

    /**
     * CQ_CREATE as ibv_icmd_create_cq: handle, cqe, user handle, vector, response, the async fd,
     * udata.
     */
    static UverbsCall createCq(int driver, byte[] uhwIn, int uhwOut) {
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE)
                        .driver(driver)
                        .idr(UVERBS_ATTR_CREATE_CQ_HANDLE, 0)
                        .u32(UVERBS_ATTR_CREATE_CQ_CQE, 255)
                        .u64(UVERBS_ATTR_CREATE_CQ_USER_HANDLE, 0x5555_0000_1234L)
                        .u32(UVERBS_ATTR_CREATE_CQ_COMP_VECTOR, 0)
                        .out(UVERBS_ATTR_CREATE_CQ_RESP_CQE, 4)
                        .fd(UVERBS_ATTR_CREATE_CQ_EVENT_FD, 5)
                        .guestFd(5, Calls::eventFile);
        if (uhwIn != null) {
            c.in(UVERBS_ATTR_UHW_IN, uhwIn);
        }
        if (uhwOut > 0) {
            c.out(UVERBS_ATTR_UHW_OUT, uhwOut);
        }
        return c;
    }

    /** An ib_uverbs_qp_cap: 64 send and receive WRs, one SGE each, 64 bytes inline. */
    static byte[] qpCap() {
        return new UverbsCall.Struct(UverbsAttrStructs.QpCap.SIZE)
                .u32(UverbsAttrStructs.QpCap.OFF_MAX_SEND_WR, 64)
                .u32(UverbsAttrStructs.QpCap.OFF_MAX_RECV_WR, 64)
                .u32(UverbsAttrStructs.QpCap.OFF_MAX_SEND_SGE, 1)
                .u32(UverbsAttrStructs.QpCap.OFF_MAX_RECV_SGE, 1)
                .u32(UverbsAttrStructs.QpCap.OFF_MAX_INLINE_DATA, 64)
                .bytes();
    }

    /**
     * QP_CREATE as ibv_icmd_create_qp of an RC QP on one PD and CQ, with the async fd and udata.
     */
    static UverbsCall createQp(int driver, int qpType, byte[] uhwIn, int uhwOut) {
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                        .driver(driver)
                        .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                        .idr(UVERBS_ATTR_CREATE_QP_PD_HANDLE, 1)
                        .idr(UVERBS_ATTR_CREATE_QP_SEND_CQ_HANDLE, 2)
                        .idr(UVERBS_ATTR_CREATE_QP_RECV_CQ_HANDLE, 2)
                        .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 0x5555_0000_5678L)
                        .in(UVERBS_ATTR_CREATE_QP_CAP, qpCap())
                        .constIn(UVERBS_ATTR_CREATE_QP_TYPE, qpType)
                        .fd(UVERBS_ATTR_CREATE_QP_EVENT_FD, 5)
                        .guestFd(5, Calls::eventFile)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, UverbsAttrStructs.QpCap.SIZE)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4);
        if (uhwIn != null) {
            c.in(UVERBS_ATTR_UHW_IN, uhwIn);
        }
        if (uhwOut > 0) {
            c.out(UVERBS_ATTR_UHW_OUT, uhwOut);
        }
        return c;
    }

    static UverbsCall createQp(int driver, byte[] uhwIn, int uhwOut) {
        return createQp(driver, UverbsAttrValues.IB_UVERBS_QPT_RC, uhwIn, uhwOut);
    }

    /** SRQ_CREATE as ibv_icmd_create_srq of a basic SRQ. */
    static UverbsCall createSrq(int driver, byte[] uhwIn, int uhwOut) {
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_SRQ, UVERBS_METHOD_SRQ_CREATE)
                        .driver(driver)
                        .idr(UVERBS_ATTR_CREATE_SRQ_HANDLE, 0)
                        .idr(UVERBS_ATTR_CREATE_SRQ_PD_HANDLE, 1)
                        .constIn(UVERBS_ATTR_CREATE_SRQ_TYPE, UverbsAttrValues.IB_UVERBS_SRQT_BASIC)
                        .u64(UVERBS_ATTR_CREATE_SRQ_USER_HANDLE, 0x5555_0000_9abcL)
                        .u32(UVERBS_ATTR_CREATE_SRQ_MAX_WR, 128)
                        .u32(UVERBS_ATTR_CREATE_SRQ_MAX_SGE, 1)
                        .u32(UVERBS_ATTR_CREATE_SRQ_LIMIT, 0)
                        .out(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_WR, 4)
                        .out(UVERBS_ATTR_CREATE_SRQ_RESP_MAX_SGE, 4);
        if (uhwIn != null) {
            c.in(UVERBS_ATTR_UHW_IN, uhwIn);
        }
        if (uhwOut > 0) {
            c.out(UVERBS_ATTR_UHW_OUT, uhwOut);
        }
        return c;
    }

    /**
     * A legacy command through INVOKE_WRITE, as rdma-core's ioctl write path sends it: the command,
     * the core request (its registered request size) and response, and the provider's parts when
     * given.
     */
    static UverbsCall invokeWrite(
            int driver, int command, boolean extended, byte[] uhwIn, int uhwOut) {
        LegacyCommands.WriteMethod w =
                LegacyCommands.WRITE_METHODS.stream()
                        .filter(m -> m.command() == command && m.extended() == extended)
                        .findFirst()
                        .orElseThrow();
        long cmd =
                command
                        | (extended
                                ? Integer.toUnsignedLong(
                                        LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED)
                                : 0);
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                        .driver(driver)
                        .constIn(UVERBS_ATTR_WRITE_CMD, cmd);
        if (w.requestSize() >= 4) {
            c.in(UVERBS_ATTR_CORE_IN, new byte[w.requestSize()]);
        }
        if (w.responseSize() > 0) {
            c.out(UVERBS_ATTR_CORE_OUT, w.responseSize());
        }
        if (uhwIn != null) {
            c.in(UVERBS_ATTR_UHW_IN, uhwIn);
        }
        if (uhwOut > 0) {
            c.out(UVERBS_ATTR_UHW_OUT, uhwOut);
        }
        return c;
    }
}
