package dev.sluice.rdmaproxy;

import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.UverbsAttrStructs;
import dev.sluice.rdmaproxy.abi.UverbsAttrValues;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** How {@link UverbsDispatch} reads pointer input: once, in bounded chunks, EFAULT on any hole. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UverbsDispatchTest {
    private final RdmaProxy proxy =
            new RdmaProxy(
                    List.of(231),
                    Map.of(UverbsCall.UVERBS0, RxePlugin.INSTANCE),
                    new FakeUverbsHost());

    /** ADVISE_MR with an SGE list of {@code sges} ib_uverbs_sge entries (16 bytes each). */
    private static UverbsCall adviseMr(byte[] sgeList) {
        return UverbsCall.of(UVERBS_OBJECT_MR, UVERBS_METHOD_ADVISE_MR)
                .driver(UverbsIoctl.RDMA_DRIVER_RXE)
                .idr(UVERBS_ATTR_ADVISE_MR_PD_HANDLE, 1)
                .constIn(
                        UVERBS_ATTR_ADVISE_MR_ADVICE,
                        UverbsAttrValues.IB_UVERBS_ADVISE_MR_ADVICE_PREFETCH)
                .u32(UVERBS_ATTR_ADVISE_MR_FLAGS, 0)
                .in(UVERBS_ATTR_ADVISE_MR_SGE_LIST, sgeList);
    }

    @Test
    void longInputIsReadInChunks() {
        int len = 600 * UverbsAttrStructs.Sge.SIZE;
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall c = adviseMr(new byte[len]);
        c.encode(guest);
        assertSame(IoctlResult.CONTINUE, c.run(proxy, guest), "9600 bytes of SGEs");
        assertEquals(
                2 + (len + UverbsDispatch.CHUNK - 1) / UverbsDispatch.CHUNK,
                guest.reads(),
                "header, attributes, then the list " + UverbsDispatch.CHUNK + " bytes at a time");
    }

    @Test
    void inputRunningOffTheMappingIsEfault() {
        FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_MR, UVERBS_METHOD_ADVISE_MR)
                        .driver(UverbsIoctl.RDMA_DRIVER_RXE)
                        .idr(UVERBS_ATTR_ADVISE_MR_PD_HANDLE, 1)
                        .constIn(
                                UVERBS_ATTR_ADVISE_MR_ADVICE,
                                UverbsAttrValues.IB_UVERBS_ADVISE_MR_ADVICE_PREFETCH)
                        .u32(UVERBS_ATTR_ADVISE_MR_FLAGS, 0)
                        .raw(
                                UVERBS_ATTR_ADVISE_MR_SGE_LIST,
                                8192,
                                0,
                                0,
                                UverbsCall.BASE + UverbsCall.SIZE - 5000);
        c.encode(guest);
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, c.run(proxy, guest));
        assertEquals(Errno.EFAULT, d.errno(), d.reason());
        assertTrue(
                d.reason().contains("UVERBS_ATTR_ADVISE_MR_SGE_LIST")
                        && d.reason().contains("UVERBS_METHOD_ADVISE_MR")
                        && d.reason().contains("8192 bytes"),
                d.reason());
    }

    @Test
    void excessBeyondAKnownStructIsCheckedPastTheFirstChunk() {
        byte[] cap = new byte[6000];
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                        .driver(UverbsIoctl.RDMA_DRIVER_RXE)
                        .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                        .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 1)
                        .in(UVERBS_ATTR_CREATE_QP_CAP, cap)
                        .constIn(UVERBS_ATTR_CREATE_QP_TYPE, UverbsAttrValues.IB_UVERBS_QPT_RC)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, 20)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4)
                        .out(UVERBS_ATTR_UHW_OUT, 32);
        assertSame(IoctlResult.CONTINUE, c.run(proxy), "a long qp_cap whose excess is zero");
        cap[5000] = 1;
        UverbsCall bad =
                UverbsCall.of(UVERBS_OBJECT_QP, UVERBS_METHOD_QP_CREATE)
                        .driver(UverbsIoctl.RDMA_DRIVER_RXE)
                        .idr(UVERBS_ATTR_CREATE_QP_HANDLE, 0)
                        .u64(UVERBS_ATTR_CREATE_QP_USER_HANDLE, 1)
                        .in(UVERBS_ATTR_CREATE_QP_CAP, cap)
                        .constIn(UVERBS_ATTR_CREATE_QP_TYPE, UverbsAttrValues.IB_UVERBS_QPT_RC)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_CAP, 20)
                        .out(UVERBS_ATTR_CREATE_QP_RESP_QP_NUM, 4)
                        .out(UVERBS_ATTR_UHW_OUT, 32);
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, bad.run(proxy));
        assertEquals(Errno.EINVAL, d.errno(), d.reason());
        assertTrue(d.reason().contains("non-zero byte 5000 beyond the 20 bytes"), d.reason());
    }
}
