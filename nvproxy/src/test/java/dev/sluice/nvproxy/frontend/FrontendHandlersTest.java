package dev.sluice.nvproxy.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.nvproxy.abi.FrontendStructs.AttachGpusToFd;
import dev.sluice.nvproxy.abi.FrontendStructs.CardInfo;
import dev.sluice.nvproxy.abi.FrontendStructs.RegisterFd;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrontendHandlersTest {
    private final HostDevice host = mock(HostDevice.class);
    private final FrontendHandlers fe = new FrontendHandlers(host, Set.of(0), Set.of(0x1800));

    private static IoctlEntry entry(int req) {
        return new IoctlEntry(
                req, "x", Disposition.EMULATE, (c, e) -> null, Ioctl.dir(req), Ioctl.size(req), 1);
    }

    @Test
    void registerFdTranslatesTheControlFd() {
        FakeCall f = new FakeCall(RegisterFd.REQUEST);
        f.mem.putInt(FakeCall.BASE, 3);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(3)).thenReturn((long) dup);
        when(host.charDevice(dup)).thenReturn(new CharDevice(195, 255));
        AtomicInteger seen = new AtomicInteger();
        when(host.ioctl(anyInt(), eq(RegisterFd.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            seen.set(
                                    Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2))
                                            .getInt(0));
                            return 0;
                        });
        assertEquals(
                IoctlResult.value(0),
                fe.registerFd(f.call, entry(RegisterFd.REQUEST)),
                "registered");
        assertEquals(
                dup, seen.get(), "the driver resolves the sentry's dup, not the guest's number");
        assertFalse(FakeCall.isOpen(dup), "and the dup is closed");
        f.hostFd.close();
    }

    @Test
    void registerFdRefusesAnythingButNvidiactl() {
        FakeCall f = new FakeCall(RegisterFd.REQUEST);
        f.mem.putInt(FakeCall.BASE, 4);
        int dup = FakeCall.openDevNull();
        when(f.call.guestFile(4)).thenReturn((long) dup);
        when(host.charDevice(dup)).thenReturn(new CharDevice(1, 3));
        IoctlResult r = fe.registerFd(f.call, entry(RegisterFd.REQUEST));
        assertInstanceOf(IoctlResult.Denied.class, r, "a foreign fd is refused");
        assertEquals(Errno.EINVAL, ((IoctlResult.Denied) r).errno(), "EINVAL");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        assertFalse(FakeCall.isOpen(dup), "the dup is closed");
        f.hostFd.close();
    }

    @Test
    void attachGpusAcceptsOnlyTheSandboxsGpus() {
        int req = AttachGpusToFd.request(2);
        FakeCall f = new FakeCall(req);
        f.mem.putInt(FakeCall.BASE, 0x1800);
        f.mem.putInt(FakeCall.BASE + 4, 0x1900);
        IoctlResult r = fe.attachGpus(f.call, entry(req));
        assertInstanceOf(IoctlResult.Denied.class, r, "GPU 0x1900 was not granted");
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
        f.mem.putInt(FakeCall.BASE + 4, 0); // an unused slot, which the driver skips
        when(host.ioctl(anyInt(), eq(req), anyLong())).thenReturn(0);
        assertEquals(
                IoctlResult.value(0), fe.attachGpus(f.call, entry(req)), "granted GPUs attach");
        f.hostFd.close();
    }

    @Test
    void cardInfoHidesGpusTheSandboxWasNotGranted() {
        FakeCall f = new FakeCall(CardInfo.REQUEST);
        when(host.ioctl(anyInt(), eq(CardInfo.REQUEST), anyLong()))
                .thenAnswer(
                        inv -> {
                            Pointer p = Pointer.wrap(Native.RUNTIME, (long) inv.getArgument(2));
                            for (int i = 0; i < 2; i++) {
                                p.putByte(i * CardInfo.SIZE + CardInfo.OFF_VALID, (byte) 1);
                                p.putInt(i * CardInfo.SIZE + CardInfo.OFF_MINOR_NUMBER, i);
                                p.putInt(
                                        i * CardInfo.SIZE + CardInfo.OFF_GPU_ID,
                                        0x1800 + 0x100 * i);
                            }
                            return 0;
                        });
        assertEquals(
                IoctlResult.value(0), fe.cardInfo(f.call, entry(CardInfo.REQUEST)), "answered");
        assertEquals(1, f.mem.bytes()[CardInfo.OFF_VALID], "GPU 0 (granted) is listed");
        assertEquals(0x1800, f.mem.getInt(FakeCall.BASE + CardInfo.OFF_GPU_ID), "with its id");
        assertEquals(0, f.mem.bytes()[CardInfo.SIZE + CardInfo.OFF_VALID], "GPU 1 is hidden");
        assertEquals(
                0, f.mem.getInt(FakeCall.BASE + CardInfo.SIZE + CardInfo.OFF_GPU_ID), "entirely");
        f.hostFd.close();
    }

    /**
     * A driver-wide value the first caller would set for every tenant (security issue 15, item 5).
     */
    @Test
    void sysParamsNeverReachesTheDriver() {
        long block = 0x8000000L; // 128 MiB, a common x86 memory block size
        FrontendHandlers withBlocks =
                new FrontendHandlers(
                        host,
                        Set.of(0),
                        new SandboxScope(Set.of(0x1800), GuestPids.NONE),
                        java.util.OptionalLong.of(block));
        int req = dev.sluice.nvproxy.abi.FrontendStructs.SysParams.REQUEST;
        for (long asked : new long[] {block, 0}) {
            FakeCall f = new FakeCall(req);
            f.putLong(FakeCall.BASE, asked);
            assertEquals(
                    IoctlResult.value(0),
                    withBlocks.sysParams(f.call, entry(req)),
                    "0x" + Long.toHexString(asked) + ": what an honest client passes succeeds");
            f.hostFd.close();
        }
        FakeCall f = new FakeCall(req);
        f.putLong(FakeCall.BASE, 0x1000);
        IoctlResult r = withBlocks.sysParams(f.call, entry(req));
        assertInstanceOf(IoctlResult.Denied.class, r, "another value is refused");
        assertEquals(Errno.EBUSY, ((IoctlResult.Denied) r).errno(), "with the driver's EBUSY");
        f.hostFd.close();

        FakeCall noBlocks = new FakeCall(req);
        noBlocks.putLong(FakeCall.BASE, 0x1000);
        assertEquals(
                IoctlResult.value(0),
                fe.sysParams(noBlocks.call, entry(req)),
                "a host without memory blocks has nothing to compare: the call is a no-op");
        noBlocks.hostFd.close();

        FakeCall bad = new FakeCall(req);
        bad.request(1, 0x1000L);
        assertEquals(
                IoctlResult.error(Errno.EFAULT),
                withBlocks.sysParams(bad.call, entry(req)),
                "unreadable params");
        bad.hostFd.close();
        verify(host, never()).ioctl(anyInt(), anyInt(), anyLong());
    }
}
