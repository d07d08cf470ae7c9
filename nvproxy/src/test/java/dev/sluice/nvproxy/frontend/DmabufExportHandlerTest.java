package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.nvproxy.abi.FrontendStructs.ExportToDmaBufFd;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Every branch of the DMABUF export handler against a mock driver. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DmabufExportHandlerTest {
    private static final int REQ = ExportToDmaBufFd.REQUEST;
    private static final IoctlEntry ROW = FakeCall.row(REQ);
    private final FakeCall f = new FakeCall(REQ);
    private final HostDevice host = mock(HostDevice.class);
    private final DmabufExportHandler handler = new DmabufExportHandler(host);

    @AfterEach
    void close() {
        f.hostFd.close();
    }

    private IoctlResult run() {
        Verdict v = handler.handle(f.call, ROW);
        assertEquals(ROW.name(), v.name(), "the call goes by its row's name");
        return v.result();
    }

    /** The mock driver "creates" a dma-buf: a real fd the handler must close. */
    private int driverCreates(AtomicInteger created) {
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            long p = inv.getArgument(2);
                            int fd = FakeCall.openDevNull();
                            created.set(fd);
                            Pointer params = jnr.ffi.Pointer.wrap(Native.RUNTIME, p);
                            params.putInt(ExportToDmaBufFd.OFF_FD, fd);
                            params.putInt(ExportToDmaBufFd.OFF_STATUS, NvStatus.NV_OK);
                            return 0;
                        });
        return 0;
    }

    @Test
    void newExportIsInjectedAndTheGuestNumberWrittenBack() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        AtomicInteger created = new AtomicInteger(-1);
        driverCreates(created);
        when(f.call.injectFd(any(HostFd.class), eq(Native.O_CLOEXEC))).thenReturn(42);
        IoctlResult r = run();
        assertEquals(IoctlResult.value(0), r, "the export succeeds");
        assertEquals(
                42,
                f.mem.getInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD),
                "params.fd is the guest's number");
        assertFalse(FakeCall.isOpen(created.get()), "the sentry's copy of the dma-buf is closed");
    }

    @Test
    void unwritableParamsFailBeforeAnythingIsInstalled() {
        // Params straddle the end of the guest mapping: readable? No: make the read succeed, then
        // the
        // first write fail, by placing the params at the very end and shrinking nothing: use a spy.
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        AtomicInteger created = new AtomicInteger(-1);
        driverCreates(created);
        dev.sluice.sentry.spi.GuestMemory readOnly =
                new dev.sluice.sentry.spi.GuestMemory() {
                    @Override
                    public int read(long a, Pointer dst, long n) {
                        return f.mem.read(a, dst, n);
                    }

                    @Override
                    public int write(long a, Pointer src, long n) {
                        return -Errno.EFAULT;
                    }
                };
        when(f.call.memory()).thenReturn(readOnly);
        IoctlResult r = run();
        assertEquals(IoctlResult.error(Errno.EFAULT), r, "a read-only params page is EFAULT");
        verify(f.call, never()).injectFd(any(), anyInt());
        assertFalse(
                FakeCall.isOpen(created.get()), "the new dma-buf is closed: the export is dropped");
    }

    @Test
    void failedInjectionClosesTheDmaBuf() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        AtomicInteger created = new AtomicInteger(-1);
        driverCreates(created);
        when(f.call.injectFd(any(HostFd.class), anyInt())).thenReturn(-Errno.EMFILE);
        assertEquals(IoctlResult.error(Errno.EMFILE), run(), "the guest's fd table is full");
        assertFalse(FakeCall.isOpen(created.get()), "nothing leaks in the sentry");
    }

    @Test
    void fdLostAfterInjectionIsReportedNotLeakedInTheSentry() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        AtomicInteger created = new AtomicInteger(-1);
        driverCreates(created);
        AtomicInteger writes = new AtomicInteger();
        dev.sluice.sentry.spi.GuestMemory flaky =
                new dev.sluice.sentry.spi.GuestMemory() {
                    @Override
                    public int read(long a, Pointer dst, long n) {
                        return f.mem.read(a, dst, n);
                    }

                    @Override
                    public int write(long a, Pointer src, long n) {
                        return writes.incrementAndGet() == 1
                                ? f.mem.write(a, src, n)
                                : -Errno.EFAULT;
                    }
                };
        when(f.call.memory()).thenReturn(flaky);
        when(f.call.injectFd(any(HostFd.class), anyInt())).thenReturn(9);
        IoctlResult r = run();
        assertInstanceOf(IoctlResult.Denied.class, r, "counted and logged as a failure");
        assertEquals(Errno.EFAULT, ((IoctlResult.Denied) r).errno(), "the guest sees EFAULT");
        assertFalse(FakeCall.isOpen(created.get()), "the sentry's copy is closed");
    }

    @Test
    void driverErrorStatusInstallsNothing() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer params =
                                    Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            params.putInt(
                                    ExportToDmaBufFd.OFF_STATUS, NvStatus.NV_ERR_INVALID_ARGUMENT);
                            return 0;
                        });
        assertEquals(IoctlResult.value(0), run(), "the ioctl itself succeeds");
        assertEquals(
                NvStatus.NV_ERR_INVALID_ARGUMENT,
                f.mem.getInt(FakeCall.BASE + ExportToDmaBufFd.OFF_STATUS),
                "the driver's status reaches the guest");
        assertEquals(-1, f.mem.getInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD), "no fd");
        verify(f.call, never()).injectFd(any(), anyInt());
    }

    @Test
    void driverErrnoIsPassedOn() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -1);
        when(host.ioctl(anyInt(), eq(REQ), anyLong())).thenReturn(-Errno.EINVAL);
        assertEquals(IoctlResult.error(Errno.EINVAL), run(), "EINVAL from the driver");
    }

    @Test
    void existingDmaBufIsTranslatedAndTheGuestNumberRestored() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, 17);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(17)).thenReturn((long) dup);
        when(host.isDmaBuf(dup)).thenReturn(true);
        AtomicInteger seen = new AtomicInteger(-100);
        when(host.ioctl(anyInt(), eq(REQ), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer params =
                                    Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            seen.set(params.getInt(ExportToDmaBufFd.OFF_FD));
                            return 0;
                        });
        assertEquals(IoctlResult.value(0), run(), "the extension succeeds");
        assertEquals(dup, seen.get(), "the driver saw the sentry's dup, not the guest's number");
        assertEquals(
                17,
                f.mem.getInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD),
                "the guest's number is restored");
        assertFalse(FakeCall.isOpen(dup), "the dup is closed");
    }

    @Test
    void existingFdThatIsNotADmaBufIsRefused() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, 5);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(5)).thenReturn((long) dup);
        when(host.isDmaBuf(dup)).thenReturn(false);
        IoctlResult r = run();
        assertInstanceOf(IoctlResult.Denied.class, r, "a foreign fd is denied");
        assertEquals(
                NvStatus.NV_ERR_INVALID_ARGUMENT,
                f.mem.getInt(FakeCall.BASE + ExportToDmaBufFd.OFF_STATUS),
                "with the driver's status for a bad fd");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        assertFalse(FakeCall.isOpen(dup), "the dup is closed");
    }

    @Test
    void fdTheGuestDoesNotHaveIsEbadf() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, 99);
        when(f.call.guestFile(99)).thenReturn((long) -Errno.EBADF);
        IoctlResult r = run();
        assertInstanceOf(IoctlResult.Denied.class, r, "denied");
        assertEquals(Errno.EBADF, ((IoctlResult.Denied) r).errno(), "EBADF");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void fdBelowMinusOneIsEinval() {
        f.mem.putInt(FakeCall.BASE + ExportToDmaBufFd.OFF_FD, -2);
        IoctlResult r = run();
        assertInstanceOf(IoctlResult.Denied.class, r, "denied");
        assertEquals(Errno.EINVAL, ((IoctlResult.Denied) r).errno(), "EINVAL");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }

    @Test
    void unreadableParamsAreEfault() {
        f.request(1, FakeCall.BASE + FakeCall.SIZE - 16);
        assertEquals(IoctlResult.error(Errno.EFAULT), run(), "params past the mapping");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        assertTrue(f.mem.reads() > 0, "it tried to read");
    }
}
