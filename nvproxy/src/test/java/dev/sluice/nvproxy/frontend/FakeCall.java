package dev.sluice.nvproxy.frontend;

import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Cleanup;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * Test support: a trapped call whose guest memory is a {@link FakeGuestMemory} at {@link #BASE},
 * whose host fd is a real {@code /dev/null} (never used for an ioctl: handlers get a mock {@link
 * HostDevice}), and whose params are at {@link #BASE}.
 */
final class FakeCall {
    static final long BASE = 0x7f0000000000L;
    static final int SIZE = 1 << 16;

    final FakeGuestMemory mem = new FakeGuestMemory(BASE, SIZE);
    final Arena arena = new Arena(1 << 16);
    final HostFd hostFd = HostFd.adopt(openDevNull());
    final IoctlCall call = mock(IoctlCall.class);
    private final int cmd;

    FakeCall(int cmd) {
        this.cmd = cmd;
        request(1, BASE);
        when(call.memory()).thenReturn(mem);
        when(call.arena()).thenReturn(arena);
        when(call.hostFd()).thenReturn(hostFd);
        when(call.cleanup()).thenReturn(new Cleanup());
        when(call.guestFile(anyInt())).thenReturn((long) -9);
    }

    /** The call's registers: the calling thread and the argument, a pointer to the params. */
    void request(int tid, long arg) {
        when(call.request()).thenReturn(new IoctlRequest(tid, 3, cmd, arg));
    }

    /**
     * A frontend row for {@code cmd}, named as {@link FrontendTable} names it, for handlers tested
     * on their own; its handler is never run.
     */
    static IoctlEntry row(int cmd) {
        return new IoctlEntry(
                cmd,
                FrontendEscapes.nameOfRequest(cmd),
                Disposition.EMULATE,
                (c, e) -> {
                    throw new AssertionError("the row's own handler is not under test");
                },
                Ioctl.dir(cmd),
                Ioctl.size(cmd),
                0);
    }

    void putLong(long addr, long v) {
        mem.putInt(addr, (int) v);
        mem.putInt(addr + 4, (int) (v >>> 32));
    }

    long getLong(long addr) {
        return Integer.toUnsignedLong(mem.getInt(addr)) | ((long) mem.getInt(addr + 4)) << 32;
    }

    /** A real fd on /dev/null, owned by the caller. */
    static int openDevNull() {
        return TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC);
    }

    /** Whether {@code fd} is open in this process. */
    static boolean isOpen(int fd) {
        Pointer st = Memory.allocateDirect(Native.RUNTIME, 144, true);
        return Native.fstat(fd, st.address()) == 0;
    }
}
