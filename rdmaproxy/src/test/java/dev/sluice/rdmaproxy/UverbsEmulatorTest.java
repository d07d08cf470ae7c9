package dev.sluice.rdmaproxy;

import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsAttrStructs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsSchema;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * EMULATE on the uverbs path against a scripted kernel: the kernel sees only sentry memory, the
 * guest sees exactly what the kernel wrote, fds are translated and closed, and the table's EMULATE
 * rows are the ones the security model lists.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UverbsEmulatorTest {
    private final FakeUverbsHost host = new FakeUverbsHost();
    private final RdmaProxy proxy =
            new RdmaProxy(List.of(231), Map.of(UverbsCall.UVERBS0, RxePlugin.INSTANCE), host);
    private final FakeGuestMemory guest = new FakeGuestMemory(UverbsCall.BASE, UverbsCall.SIZE);

    /** The {@code data} of attribute {@code index} as encoded in the guest. */
    private long guestData(int index) {
        long at = UverbsCall.HDR + 24 + 16L * index + 8;
        return Integer.toUnsignedLong(guest.getInt(at)) | ((long) guest.getInt(at + 4) << 32);
    }

    private int guestFlags(int index) {
        return Short.toUnsignedInt(guest.getShort(UverbsCall.HDR + 24 + 16L * index + 4));
    }

    private byte[] guestBytes(long addr, int len) {
        int off = (int) (addr - UverbsCall.BASE);
        return Arrays.copyOfRange(guest.bytes(), off, off + len);
    }

    private static UverbsCall queryPort() {
        return UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_PORT)
                .constIn(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 1)
                .out(UVERBS_ATTR_QUERY_PORT_RESP, UverbsAttrStructs.QueryPortRespEx.SIZE);
    }

    @Test
    void theKernelSeesSentryBuffersAndTheGuestSeesWhatItWrote() {
        UverbsCall c = queryPort();
        c.encode(guest);
        long guestResp = guestData(1);
        int size = UverbsAttrStructs.QueryPortRespEx.SIZE;
        Arrays.fill(
                guest.bytes(),
                (int) (guestResp - UverbsCall.BASE),
                (int) (guestResp - UverbsCall.BASE) + size,
                (byte) 0xaa);
        host.kernel =
                e -> {
                    assertNotEquals(
                            guestResp,
                            e.data(UVERBS_ATTR_QUERY_PORT_RESP),
                            "the kernel writes into sentry memory");
                    e.output(UVERBS_ATTR_QUERY_PORT_RESP, new byte[] {1, 2, 3, 4});
                    return 0;
                };
        assertEquals(IoctlResult.value(0), c.run(proxy, guest));
        assertEquals(1, host.seen.size(), "one ioctl");
        FakeUverbsHost.Seen s = host.seen.get(0);
        assertEquals(UverbsIoctl.RDMA_VERBS_IOCTL, s.request(), "RDMA_VERBS_IOCTL");
        assertEquals(UverbsCall.SENTRY_DUP.fd(), s.fd(), "on the sentry's dup");
        assertEquals(1, s.attr(UVERBS_ATTR_QUERY_PORT_PORT_NUM).data(), "inline input as given");
        byte[] resp = guestBytes(guestResp, size);
        assertArrayEquals(new byte[] {1, 2, 3, 4}, Arrays.copyOf(resp, 4), "what the kernel wrote");
        for (int i = 4; i < size; i++) {
            assertEquals(
                    (byte) 0xaa,
                    resp[i],
                    "byte " + i + " the kernel did not write is the guest's own");
        }
        assertTrue(
                (guestFlags(1) & UverbsIoctl.UVERBS_ATTR_F_VALID_OUTPUT) != 0,
                "VALID_OUTPUT reaches the guest");
        assertEquals(guestResp, guestData(1), "the guest's pointer is left as it was");
    }

    @Test
    void aKernelErrorIsTheGuestsAndUnwrittenOutputStaysUntouched() {
        UverbsCall c = queryPort();
        c.encode(guest);
        int writes = guest.writes();
        host.kernel = e -> -Errno.EINVAL;
        IoctlResult r = c.run(proxy, guest);
        assertEquals(
                IoctlResult.error(Errno.EINVAL), r, "the driver's errno, as an emulated result");
        assertEquals(Disposition.EMULATE, r.disposition(), "counted as emulated, not denied");
        assertEquals(writes, guest.writes(), "nothing written back without VALID_OUTPUT");
    }

    @Test
    void anUnwritableOutputIsEfaultBeforeAnythingRuns() {
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_QUERY_PORT)
                        .constIn(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 1)
                        .raw(
                                UVERBS_ATTR_QUERY_PORT_RESP,
                                UverbsAttrStructs.QueryPortRespEx.SIZE,
                                1,
                                0,
                                UverbsCall.UNMAPPED);
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, c.run(proxy));
        assertEquals(Errno.EFAULT, d.errno(), d.reason());
        assertTrue(
                d.reason().contains("UVERBS_ATTR_QUERY_PORT_RESP")
                        && d.reason().contains("UVERBS_METHOD_QUERY_PORT"),
                d.reason());
        assertTrue(host.seen.isEmpty(), "the kernel never saw it");
    }

    @Test
    void legacyAllocPdIsEmulatedAndCreateQpContinues() {
        LegacyCommands.WriteMethod w = write(LegacyCommands.IB_USER_VERBS_CMD_ALLOC_PD);
        byte[] request = new byte[w.requestSize()];
        Arrays.fill(request, (byte) 0);
        request[0] = 0x5a;
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                        .constIn(UVERBS_ATTR_WRITE_CMD, LegacyCommands.IB_USER_VERBS_CMD_ALLOC_PD)
                        .in(UVERBS_ATTR_CORE_IN, request)
                        .out(UVERBS_ATTR_CORE_OUT, w.responseSize());
        c.encode(guest);
        host.kernel =
                e -> {
                    e.output(UVERBS_ATTR_CORE_OUT, new byte[] {7, 0, 0, 0});
                    return 0;
                };
        assertEquals(IoctlResult.value(0), c.run(proxy, guest), "ALLOC_PD runs in the sentry");
        FakeUverbsHost.Seen s = host.seen.get(0);
        if (request.length > UverbsSchema.INLINE_MAX) {
            assertNotEquals(
                    guestData(1),
                    s.attr(UVERBS_ATTR_CORE_IN).data(),
                    "the kernel reads the sentry's copy");
            assertArrayEquals(request, s.attr(UVERBS_ATTR_CORE_IN).pointee(), "an exact copy");
        } else {
            assertEquals(
                    guestData(1), s.attr(UVERBS_ATTR_CORE_IN).data(), "inline request as given");
        }
        assertEquals(7, guest.getInt(guestData(2)), "pd_handle reaches the guest");

        UverbsCall qp =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                        .constIn(UVERBS_ATTR_WRITE_CMD, LegacyCommands.IB_USER_VERBS_CMD_CREATE_QP)
                        .in(
                                UVERBS_ATTR_CORE_IN,
                                new byte
                                        [write(LegacyCommands.IB_USER_VERBS_CMD_CREATE_QP)
                                                .requestSize()])
                        .out(
                                UVERBS_ATTR_CORE_OUT,
                                write(LegacyCommands.IB_USER_VERBS_CMD_CREATE_QP).responseSize())
                        .out(UVERBS_ATTR_UHW_OUT, 32);
        assertSame(
                IoctlResult.CONTINUE,
                qp.run(proxy),
                "CREATE_QP: the kernel maps the caller's memory");
        assertEquals(1, host.seen.size(), "not run by the sentry");
    }

    @Test
    void longInputIsTheSentrysCopyWhateverTheGuestDoesMeanwhile() {
        LegacyCommands.WriteMethod w = write(LegacyCommands.IB_USER_VERBS_CMD_MODIFY_QP);
        assertTrue(
                w.requestSize() > UverbsSchema.INLINE_MAX,
                "ib_uverbs_modify_qp travels behind a pointer");
        byte[] request = new byte[w.requestSize()];
        request[0] = 3;
        request[8] = 4;
        UverbsCall c =
                UverbsCall.of(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE)
                        .constIn(UVERBS_ATTR_WRITE_CMD, LegacyCommands.IB_USER_VERBS_CMD_MODIFY_QP)
                        .in(UVERBS_ATTR_CORE_IN, request);
        c.encode(guest);
        long guestRequest = guestData(1);
        host.kernel =
                e -> {
                    guest.bytes()[(int) (guestRequest - UverbsCall.BASE)] = 99;
                    byte[] now = new byte[request.length];
                    jnr.ffi.Pointer.wrap(
                                    Native.RUNTIME, e.data(UVERBS_ATTR_CORE_IN), request.length)
                            .get(0, now, 0, now.length);
                    assertArrayEquals(
                            request,
                            now,
                            "a racing guest thread's write does not reach what the kernel reads");
                    return 0;
                };
        assertEquals(IoctlResult.value(0), c.run(proxy, guest), "MODIFY_QP is emulated");
        assertNotEquals(
                guestRequest,
                host.seen.get(0).attr(UVERBS_ATTR_CORE_IN).data(),
                "a sentry pointer");

        host.kernel = e -> 0;
        UverbsCall destroy =
                UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_DESTROY)
                        .idr(UVERBS_ATTR_DESTROY_CQ_HANDLE, 3)
                        .out(UVERBS_ATTR_DESTROY_CQ_RESP, UverbsAttrStructs.DestroyCqResp.SIZE);
        assertEquals(IoctlResult.value(0), destroy.run(proxy), "DESTROY is emulated");
        assertEquals(
                3, host.seen.get(1).attr(UVERBS_ATTR_DESTROY_CQ_HANDLE).data(), "handles as given");
    }

    private UverbsCall regDmabuf(int guestFd) {
        return UverbsCall.of(UVERBS_OBJECT_MR, UVERBS_METHOD_REG_DMABUF_MR)
                .idr(UVERBS_ATTR_REG_DMABUF_MR_HANDLE, 0)
                .idr(UVERBS_ATTR_REG_DMABUF_MR_PD_HANDLE, 1)
                .u64(UVERBS_ATTR_REG_DMABUF_MR_OFFSET, 0)
                .u64(UVERBS_ATTR_REG_DMABUF_MR_LENGTH, 1 << 20)
                .u64(UVERBS_ATTR_REG_DMABUF_MR_IOVA, 0)
                .u32(UVERBS_ATTR_REG_DMABUF_MR_FD, guestFd)
                .u32(UVERBS_ATTR_REG_DMABUF_MR_ACCESS_FLAGS, 7)
                .out(UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY, 4)
                .out(UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY, 4);
    }

    @Test
    void regDmabufMrTranslatesTheFdAndReturnsTheNewHandle() {
        UverbsCall c = regDmabuf(42).guestFd(42, TestFds::eventfd);
        c.encode(guest);
        host.kernel =
                e -> {
                    e.newHandle(UVERBS_ATTR_REG_DMABUF_MR_HANDLE, 77);
                    e.output(UVERBS_ATTR_REG_DMABUF_MR_RESP_LKEY, new byte[] {0x11, 0, 0, 0});
                    e.output(UVERBS_ATTR_REG_DMABUF_MR_RESP_RKEY, new byte[] {0x22, 0, 0, 0});
                    return 0;
                };
        assertEquals(IoctlResult.value(0), c.run(proxy, guest));
        int sentryFd = c.opened().get(0);
        assertEquals(
                sentryFd,
                host.seen.get(0).attr(UVERBS_ATTR_REG_DMABUF_MR_FD).data(),
                "the kernel got the sentry's dup of the guest's dma-buf, not the guest's number 42");
        assertFalse(TestFds.isOpen(sentryFd), "the dup is closed after the call");
        assertEquals(77, guestData(0), "the new MR handle reaches the guest's attribute");
        assertEquals(0x11, guest.getInt(guestData(7)), "lkey");
        assertEquals(0x22, guest.getInt(guestData(8)), "rkey");
    }

    @Test
    void regDmabufMrRefusesAFileThatIsNotADmaBufAndAnFdTheGuestLacks() {
        UverbsCall notDmabuf =
                regDmabuf(9)
                        .guestFd(
                                9,
                                () ->
                                        TestFds.open(
                                                "/dev/null", Native.O_RDONLY | Native.O_CLOEXEC));
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, notDmabuf.run(proxy));
        assertEquals(Errno.EINVAL, d.errno(), d.reason());
        assertTrue(
                d.reason().contains("UVERBS_ATTR_REG_DMABUF_MR_FD")
                        && d.reason().contains("fd 9 (/dev/null)")
                        && d.reason().contains("not a dma-buf"),
                d.reason());
        assertFalse(TestFds.isOpen(notDmabuf.opened().get(0)), "closed on refusal too");

        IoctlResult.Denied gone =
                assertInstanceOf(IoctlResult.Denied.class, regDmabuf(13).run(proxy));
        assertEquals(Errno.EINVAL, gone.errno(), gone.reason());
        assertTrue(
                gone.reason().contains("fd 13, which the caller does not have open"),
                gone.reason());
        assertTrue(host.seen.isEmpty(), "the kernel never saw either");
    }

    @Test
    void anEventFdMustBeAUverbsEventFile() {
        UverbsCall cq =
                UverbsCall.of(UVERBS_OBJECT_CQ, UVERBS_METHOD_CQ_CREATE)
                        .idr(UVERBS_ATTR_CREATE_CQ_HANDLE, 0)
                        .u32(UVERBS_ATTR_CREATE_CQ_CQE, 16)
                        .u64(UVERBS_ATTR_CREATE_CQ_USER_HANDLE, 1)
                        .u32(UVERBS_ATTR_CREATE_CQ_COMP_VECTOR, 0)
                        .fd(UVERBS_ATTR_CREATE_CQ_EVENT_FD, 5)
                        .out(UVERBS_ATTR_CREATE_CQ_RESP_CQE, 4)
                        .out(UVERBS_ATTR_UHW_OUT, 16)
                        .guestFd(5, TestFds::eventfd);
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, cq.run(proxy));
        assertEquals(Errno.EINVAL, d.errno(), d.reason());
        assertTrue(
                d.reason().contains("UVERBS_ATTR_CREATE_CQ_EVENT_FD")
                        && d.reason().contains("anon_inode:[eventfd]")
                        && d.reason().contains("not a uverbs event file"),
                d.reason());
        assertFalse(TestFds.isOpen(cq.opened().get(0)), "the dup is closed");
    }

    @Test
    void emulatedRowsAreTheProcessIndependentOnes() {
        RdmaTable t = RdmaTable.core();
        for (RdmaTable.MethodRow r : t.methods()) {
            boolean creates =
                    r.schema().attrs().stream()
                            .anyMatch(a -> a.access() == UverbsSchema.Access.NEW);
            if (r.disposition() == Disposition.EMULATE && creates) {
                assertEquals(
                        UVERBS_METHOD_REG_DMABUF_MR,
                        r.key().method(),
                        r.name() + ": the only ioctl method that creates an object in the sentry");
            }
            assertFalse(
                    r.disposition() == Disposition.EMULATE
                            && r.schema().attrs().stream()
                                    .anyMatch(a -> a.type() == UverbsSchema.AttrType.FD),
                    r.name() + " takes a uverbs fd object");
        }
        for (String pins :
                List.of(
                        "IB_USER_VERBS_CMD_REG_MR",
                        "IB_USER_VERBS_CMD_CREATE_QP",
                        "IB_USER_VERBS_CMD_CREATE_CQ",
                        "IB_USER_VERBS_CMD_GET_CONTEXT",
                        "IB_USER_VERBS_CMD_CREATE_COMP_CHANNEL",
                        "IB_USER_VERBS_CMD_POST_SEND")) {
            assertEquals(
                    Disposition.CONTINUE,
                    t.writes().stream()
                            .filter(w -> w.name().equals(pins))
                            .findFirst()
                            .orElseThrow()
                            .disposition(),
                    pins);
        }
        for (String emulated :
                List.of(
                        "IB_USER_VERBS_CMD_QUERY_PORT",
                        "IB_USER_VERBS_CMD_ALLOC_PD",
                        "IB_USER_VERBS_CMD_CREATE_AH",
                        "IB_USER_VERBS_CMD_MODIFY_QP",
                        "IB_USER_VERBS_CMD_DESTROY_QP")) {
            assertEquals(
                    Disposition.EMULATE,
                    t.writes().stream()
                            .filter(w -> w.name().equals(emulated))
                            .findFirst()
                            .orElseThrow()
                            .disposition(),
                    emulated);
        }
    }

    private static LegacyCommands.WriteMethod write(int command) {
        return LegacyCommands.WRITE_METHODS.stream()
                .filter(m -> m.command() == command && !m.extended())
                .findFirst()
                .orElseThrow();
    }
}
