package dev.sluice.rdmaproxy;

import static dev.sluice.rdmaproxy.abi.LegacyCommands.IB_USER_VERBS_CMD_POST_SEND;
import static dev.sluice.rdmaproxy.abi.LegacyCommands.IB_USER_VERBS_CMD_REG_MR;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.rdmaproxy.abi.LegacyCommands.PostSend;
import dev.sluice.rdmaproxy.abi.LegacyCommands.PostSendResp;
import dev.sluice.rdmaproxy.abi.LegacyCommands.RegMr;
import dev.sluice.rdmaproxy.abi.LegacyCommands.RegMrResp;
import dev.sluice.rdmaproxy.abi.UverbsAttrs;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsMethods;
import dev.sluice.rdmaproxy.abi.UverbsObjects;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;
import dev.sluice.sentry.spi.WriteRequest;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * RDMAProxy's strict mode: legacy uverbs commands written to a granted node are decided exactly as
 * the {@code UVERBS_METHOD_INVOKE_WRITE} ioctl carrying them, on the sentry's copy; bytes encoded
 * as rdma-core's rxe provider and libibverbs' legacy path write them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StrictWriteTest {
    private static final long BASE = 0x7f00_0000_0000L;
    private static final long BUF = BASE + 256;
    private static final long IOV = BASE + 64;
    private static final long RESP = BASE + 3072;
    private static final int UVERBS_MAJOR = 231;
    private static final CharDevice UVERBS0 = new CharDevice(UVERBS_MAJOR, 192);

    private final FakeUverbsHost host = new FakeUverbsHost();
    private final RdmaProxy strict =
            new RdmaProxy(List.of(UVERBS_MAJOR), Map.of(UVERBS0, RxePlugin.INSTANCE), host, true);
    private final FakeGuestMemory guest = new FakeGuestMemory(BASE, 4096);
    private final Arena arena = new Arena(4096);

    private void put(long addr, byte[] bytes) {
        GuestBytes.put(guest, addr, bytes);
    }

    /** {@code ib_uverbs_cmd_hdr} and a request of {@code request} bytes (plus driver data). */
    private static ByteBuffer plain(int command, int request, int outWords, int driverData) {
        int len = 8 + request + driverData;
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, command);
        b.putShort(4, (short) (len / 4));
        b.putShort(6, (short) outWords);
        b.putLong(8, RESP); // response: the first u64 of every request with a response
        return b;
    }

    /** rxe's send doorbell (providers/rxe/rxe.c post_send_db): wr_count 0, sge_count 0. */
    private static byte[] postSendDoorbell() {
        ByteBuffer b = plain(IB_USER_VERBS_CMD_POST_SEND, PostSend.SIZE, PostSendResp.SIZE / 4, 0);
        b.putInt(8 + PostSend.OFF_QP_HANDLE, 3);
        b.putInt(8 + PostSend.OFF_WQE_SIZE, 128);
        return b.array();
    }

    /** REG_MR as ibv_cmd_reg_mr writes it, with {@code driverData} bytes after the request. */
    private static byte[] regMr(int driverData) {
        ByteBuffer b = plain(IB_USER_VERBS_CMD_REG_MR, RegMr.SIZE, RegMrResp.SIZE / 4, driverData);
        b.putLong(8 + RegMr.OFF_START, BASE);
        b.putLong(8 + RegMr.OFF_LENGTH, 4096);
        b.putLong(8 + RegMr.OFF_HCA_VA, BASE);
        b.putInt(8 + RegMr.OFF_PD_HANDLE, 1);
        b.putInt(8 + RegMr.OFF_ACCESS_FLAGS, 1);
        for (int i = 0; i < driverData; i++) {
            b.put(8 + RegMr.SIZE + i, (byte) 0x5a);
        }
        return b.array();
    }

    private Verdict write(RdmaProxy proxy, int syscall, long addr, long count) {
        WriteCall c = mock(WriteCall.class);
        when(c.request()).thenReturn(new WriteRequest(1, syscall, 3, addr, count, -1));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(UVERBS0);
        when(c.hostFd()).thenReturn(UverbsCall.SENTRY_DUP);
        return proxy.write(c);
    }

    private Verdict writeOne(byte[] bytes) {
        put(BUF, bytes);
        return write(strict, Syscalls.SYS_WRITE, BUF, bytes.length);
    }

    private static IoctlResult.Denied denied(Verdict v, int errno) {
        IoctlResult.Denied d =
                assertInstanceOf(IoctlResult.Denied.class, v.result(), "denied: " + v);
        assertEquals(errno, d.errno(), "errno of " + d);
        return d;
    }

    @Test
    void onlyStrictModeMediatesWrites() {
        assertTrue(strict.mediatesWrites(), "strict mode traps the write family");
        assertFalse(
                new RdmaProxy(List.of(UVERBS_MAJOR), Map.of(UVERBS0, RxePlugin.INSTANCE), host)
                        .mediatesWrites(),
                "the default mode does not");
    }

    @Test
    void onlyStrictModeHasTheSentryOpenTheGrantedUverbsNodes() {
        java.nio.file.Path node = java.nio.file.Path.of("/dev/infiniband/uverbs0");
        Map<CharDevice, dev.sluice.rdmaproxy.driver.RdmaDriverPlugin> plugins =
                Map.of(UVERBS0, RxePlugin.INSTANCE);
        assertEquals(
                List.of(node),
                new RdmaProxy(List.of(UVERBS_MAJOR), plugins, host, true, null, List.of(node))
                        .opensDevices(),
                "strict: the sentry opens the node");
        assertTrue(
                new RdmaProxy(List.of(UVERBS_MAJOR), plugins, host, false, null, List.of(node))
                        .opensDevices()
                        .isEmpty(),
                "the default mode leaves opens to the guest");
    }

    @Test
    void rxesSendDoorbellIsRunByTheSentryAsItsInvokeWriteIoctl() {
        byte[] bytes = postSendDoorbell();
        byte[] bad = new byte[PostSendResp.SIZE];
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0x77);
        host.kernel =
                e -> {
                    e.output(UverbsAttrs.UVERBS_ATTR_CORE_OUT, bad);
                    return 0;
                };
        Verdict v = writeOne(bytes);
        assertEquals(
                IoctlResult.value(bytes.length), v.result(), "answered with the bytes written");
        assertEquals("write IB_USER_VERBS_CMD_POST_SEND", v.name(), "named by its command");
        assertEquals(1, host.seen.size(), "one ioctl");
        FakeUverbsHost.Seen seen = host.seen.get(0);
        assertEquals(UverbsCall.SENTRY_DUP.fd(), seen.fd(), "on the sentry's dup");
        assertEquals(UverbsIoctl.RDMA_VERBS_IOCTL, seen.request(), "RDMA_VERBS_IOCTL");
        assertEquals(UverbsObjects.UVERBS_OBJECT_DEVICE, seen.object(), "the device object");
        assertEquals(UverbsMethods.UVERBS_METHOD_INVOKE_WRITE, seen.method(), "INVOKE_WRITE");
        assertEquals(
                IB_USER_VERBS_CMD_POST_SEND,
                seen.attr(UverbsAttrs.UVERBS_ATTR_WRITE_CMD).data(),
                "the command inline");
        FakeUverbsHost.SeenAttr in = seen.attr(UverbsAttrs.UVERBS_ATTR_CORE_IN);
        assertEquals(PostSend.SIZE, in.len(), "the request");
        byte[] request = java.util.Arrays.copyOfRange(bytes, 8, 8 + PostSend.SIZE);
        assertEquals(
                java.util.Arrays.toString(request),
                java.util.Arrays.toString(in.pointee()),
                "the sentry's copy of the request");
        assertTrue(
                in.data() < BASE || in.data() >= BASE + 4096, "sentry memory, never the guest's");
        FakeUverbsHost.SeenAttr out = seen.attr(UverbsAttrs.UVERBS_ATTR_CORE_OUT);
        assertEquals(PostSendResp.SIZE, out.len(), "a response buffer of the response's size");
        assertEquals(0x77, guest.getInt(RESP), "the response copied to the request's address");
    }

    @Test
    void aGuestOpenedFileKeepsItsCallerContextCommandsContinued() {
        // rdma_cm granted without strict mode: the guest opened uverbs itself, nothing is refused
        // for needing the caller's context and nothing is run by the sentry.
        Verdict v =
                new UverbsDispatch(RxePlugin.INSTANCE, host)
                        .decideWritten(LegacyWrite.parse(regMr(0)).write(), false);
        assertInstanceOf(IoctlResult.Continue.class, v.result(), "continued: " + v);
        assertTrue(host.seen.isEmpty(), "nothing ran");
    }

    @Test
    void aFailingCommandAnswersTheKernelsErrnoAndCopiesNothing() {
        guest.putInt(RESP, 0x1234);
        host.kernel = e -> -Errno.EINVAL;
        Verdict v = writeOne(postSendDoorbell());
        assertEquals(IoctlResult.error(Errno.EINVAL), v.result(), "the ioctl's errno");
        assertEquals(0x1234, guest.getInt(RESP), "no response written");
    }

    @Test
    void commandsThatMustRunInTheCallersContextAreRefused() {
        Verdict v = writeOne(regMr(0));
        assertTrue(
                denied(v, Errno.EINVAL).reason().contains("run it through the ioctl path"),
                "REG_MR pins the caller's memory: " + v);
        assertTrue(host.seen.isEmpty(), "nothing ran");
    }

    @Test
    void driverDataTheRxePluginDoesNotModelIsRefusedByWriteAsByTheIoctl() {
        Verdict byWrite = writeOne(regMr(8));
        String reason = denied(byWrite, Errno.EINVAL).reason();
        assertTrue(
                reason.contains("carries 8 bytes of driver data")
                        && reason.contains("IB_USER_VERBS_CMD_REG_MR")
                        && reason.contains("rxe plugin does not model"),
                "the driver data is named: " + reason);
        assertEquals("write IB_USER_VERBS_CMD_REG_MR", byWrite.name(), "counted by command");

        // The same command over RDMA_VERBS_IOCTL's INVOKE_WRITE, as rdma-core's ioctl_write sends
        // it.
        long hdr = BASE + 1024;
        long core = BASE + 2048;
        byte[] req = regMr(0);
        byte[] coreIn = java.util.Arrays.copyOfRange(req, 8, 8 + RegMr.SIZE);
        put(core, coreIn);
        ByteBuffer h = ByteBuffer.allocate(24 + 16 * 4).order(ByteOrder.LITTLE_ENDIAN);
        h.putShort(0, (short) (24 + 16 * 4));
        h.putShort(2, (short) UverbsObjects.UVERBS_OBJECT_DEVICE);
        h.putShort(4, (short) UverbsMethods.UVERBS_METHOD_INVOKE_WRITE);
        h.putShort(6, (short) 4);
        h.putInt(16, UverbsIoctl.RDMA_DRIVER_RXE);
        int[][] attrs = {
            {UverbsAttrs.UVERBS_ATTR_WRITE_CMD, 8},
            {UverbsAttrs.UVERBS_ATTR_CORE_IN, RegMr.SIZE},
            {UverbsAttrs.UVERBS_ATTR_CORE_OUT, RegMrResp.SIZE},
            {UverbsAttrs.UVERBS_ATTR_UHW_IN, 8}
        };
        long[] data = {IB_USER_VERBS_CMD_REG_MR, core, RESP, 0x5a5a5a5a5a5a5a5aL};
        for (int i = 0; i < attrs.length; i++) {
            h.putShort(24 + 16 * i, (short) attrs[i][0]);
            h.putShort(24 + 16 * i + 2, (short) attrs[i][1]);
            h.putLong(24 + 16 * i + 8, data[i]);
        }
        put(hdr, h.array());
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, UverbsIoctl.RDMA_VERBS_IOCTL, hdr));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(UVERBS0);
        when(c.hostFd()).thenReturn(UverbsCall.SENTRY_DUP);
        Verdict byIoctl = strict.handle(c);
        String ioctlReason = denied(byIoctl, Errno.EINVAL).reason();
        assertTrue(
                ioctlReason.contains("carries 8 bytes of driver data")
                        && ioctlReason.contains("rxe plugin does not model"),
                "the ioctl is refused for the same driver data: " + ioctlReason);
    }

    @Test
    void framingTheKernelRefusesIsRefusedFirst() {
        byte[] shortWrite = new byte[4];
        assertTrue(
                denied(writeOne(shortWrite), Errno.EINVAL)
                        .reason()
                        .contains("shorter than struct ib_uverbs_cmd_hdr"),
                "a write shorter than the header");

        byte[] bad = postSendDoorbell();
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putShort(4, (short) 9);
        assertTrue(
                denied(writeOne(bad), Errno.EINVAL).reason().contains("in_words 9 * 4"),
                "in_words must count the write's bytes");

        byte[] unknown = postSendDoorbell();
        ByteBuffer.wrap(unknown).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 200);
        assertTrue(
                denied(writeOne(unknown), Errno.EINVAL)
                        .reason()
                        .contains("command 200 is not one the kernel registers"),
                "an unregistered command number");

        byte[] flags = postSendDoorbell();
        ByteBuffer.wrap(flags).order(ByteOrder.LITTLE_ENDIAN).putInt(0, 0x4000_001c);
        assertTrue(
                denied(writeOne(flags), Errno.EINVAL).reason().contains("not a command number"),
                "bits beyond the command and the extended flag");
    }

    @Test
    void everySegmentOfAWritevIsOneCommandAndOneBadSegmentRefusesTheCall() {
        byte[] good = postSendDoorbell();
        byte[] bad = regMr(8);
        long second = BUF + 512;
        put(BUF, good);
        put(second, bad);
        ByteBuffer iov = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        iov.putLong(0, BUF).putLong(8, good.length).putLong(16, second).putLong(24, bad.length);
        put(IOV, iov.array());
        denied(write(strict, Syscalls.SYS_WRITEV, IOV, 2), Errno.EINVAL);

        iov.putLong(16, BUF).putLong(24, good.length);
        put(IOV, iov.array());
        assertEquals(
                IoctlResult.value(2L * good.length),
                write(strict, Syscalls.SYS_WRITEV, IOV, 2).result(),
                "two doorbells, run by the sentry: the sum of the segments");
        assertEquals(2, host.seen.size(), "one ioctl per segment");
    }

    @Test
    void unreadableOrOversizedBuffersAreRefused() {
        denied(write(strict, Syscalls.SYS_WRITEV, BASE + 1_000_000, 1), Errno.EFAULT);
        denied(write(strict, Syscalls.SYS_WRITEV, IOV, 1025), Errno.EINVAL);
        denied(write(strict, Syscalls.SYS_WRITE, BASE + 4090, 64), Errno.EFAULT);
        assertTrue(
                denied(write(strict, Syscalls.SYS_WRITE, BUF, 1L << 30), Errno.EINVAL)
                        .reason()
                        .contains("longer than any legacy command"),
                "a gigabyte is no command");
    }

    @Test
    void aNodeThatWasNotGrantedIsRefused() {
        WriteCall c = mock(WriteCall.class);
        when(c.request()).thenReturn(new WriteRequest(1, Syscalls.SYS_WRITE, 3, BUF, 32, -1));
        when(c.device()).thenReturn(new CharDevice(UVERBS_MAJOR, 193));
        assertTrue(
                denied(strict.write(c), Errno.EINVAL).reason().contains("was not granted"),
                "uverbs1 has no plugin");
    }
}
