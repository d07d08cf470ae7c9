package dev.sluice.sentry.ioctl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.diag.PtyProxy;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

/**
 * {@link SimpleHandlers} against a real device: a fresh pty master from {@code /dev/ptmx}, whose
 * requests every Linux machine supports, with guest memory faked by {@link FakeGuestMemory}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SimpleHandlersTest {
    private static final long BASE = 0x7f00_0000_0000L;

    private final PtyProxy pty = new PtyProxy();
    private HostFd ptmx;
    private Arena arena;
    private FakeGuestMemory guest;

    @BeforeEach
    void setUp() {
        ptmx =
                HostFd.adopt(
                        TestFds.open(
                                "/dev/ptmx", Native.O_RDWR | Native.O_NOCTTY | Native.O_CLOEXEC));
        arena = new Arena(4096);
        guest = new FakeGuestMemory(BASE, 256);
    }

    @AfterEach
    void tearDown() {
        ptmx.close();
    }

    private IoctlCall call(int cmd, long arg) {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, cmd, arg));
        when(c.memory()).thenReturn(guest);
        when(c.hostFd()).thenReturn(ptmx);
        when(c.arena()).thenReturn(arena);
        return c;
    }

    private IoctlEntry entry(int cmd) {
        IoctlEntry e = pty.table().lookup(cmd);
        assertTrue(e != null, "PtyProxy has a row for " + Ioctl.hex(cmd));
        return e;
    }

    /** The pty number as the kernel reports it to the sentry directly. */
    private int ptyNumber() {
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 4, true);
        assertEquals(
                0,
                Native.ioctl(ptmx.fd(), Integer.toUnsignedLong(PtyProxy.TIOCGPTN), p.address()),
                "direct TIOCGPTN");
        return p.getInt(0);
    }

    @Test
    void readRequestCopiesTheDriversAnswerToTheGuest() {
        guest.fill((byte) 0x5a);
        long arg = BASE + 16;
        IoctlResult r =
                SimpleHandlers.simple(call(PtyProxy.TIOCGPTN, arg), entry(PtyProxy.TIOCGPTN))
                        .result();
        assertEquals(IoctlResult.value(0), r, "TIOCGPTN succeeds with the ioctl's return value");
        assertEquals(
                ptyNumber(), guest.getInt(arg), "the guest's unsigned int holds the pty number");
        assertEquals((byte) 0x5a, guest.bytes()[15], "the byte before the params is untouched");
        assertEquals(
                (byte) 0x5a, guest.bytes()[20], "the byte after the 4-byte params is untouched");
        assertEquals(0, guest.reads(), "an _IOR request reads nothing from the guest");
    }

    @Test
    void theCallGoesByItsRowsName() {
        Verdict v = SimpleHandlers.simple(call(PtyProxy.TIOCGPTN, BASE), entry(PtyProxy.TIOCGPTN));
        assertEquals(
                new Verdict(IoctlResult.value(0), "TIOCGPTN"),
                v,
                "the answer under the row's name");
    }

    @Test
    void writeRequestCopiesTheGuestsParamsToTheDriver() {
        long arg = BASE + 32;
        guest.putInt(arg, 0); // unlock
        IoctlResult r =
                SimpleHandlers.simple(call(PtyProxy.TIOCSPTLCK, arg), entry(PtyProxy.TIOCSPTLCK))
                        .result();
        assertEquals(IoctlResult.value(0), r, "TIOCSPTLCK succeeds");
        assertEquals(0, guest.writes(), "an _IOW request writes nothing to the guest");
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 4, true);
        assertEquals(
                0,
                Native.ioctl(ptmx.fd(), Integer.toUnsignedLong(PtyProxy.TIOCGPTLCK), p.address()),
                "TIOCGPTLCK");
        assertEquals(0, p.getInt(0), "the pty is unlocked: the guest's value reached the driver");

        guest.putInt(arg, 1); // lock again
        assertEquals(
                IoctlResult.value(0),
                SimpleHandlers.simple(call(PtyProxy.TIOCSPTLCK, arg), entry(PtyProxy.TIOCSPTLCK))
                        .result(),
                "TIOCSPTLCK(1)");
        assertEquals(
                0,
                Native.ioctl(ptmx.fd(), Integer.toUnsignedLong(PtyProxy.TIOCGPTLCK), p.address()),
                "TIOCGPTLCK");
        assertEquals(1, p.getInt(0), "the pty is locked again");
    }

    @Test
    void badGuestPointerForAReadRequestIsEfault() {
        IoctlResult r =
                SimpleHandlers.simple(call(PtyProxy.TIOCGPTN, 0x1000), entry(PtyProxy.TIOCGPTN))
                        .result();
        assertEquals(
                IoctlResult.error(Errno.EFAULT),
                r,
                "copying the answer to an unmapped guest address is EFAULT");
    }

    @Test
    void guestPointerStraddlingTheEndIsEfault() {
        long arg = BASE + 254; // 2 of the 4 bytes are mapped
        IoctlResult r =
                SimpleHandlers.simple(call(PtyProxy.TIOCGPTN, arg), entry(PtyProxy.TIOCGPTN))
                        .result();
        assertEquals(IoctlResult.error(Errno.EFAULT), r, "a partly mapped range is EFAULT");
    }

    @Test
    void badGuestPointerForAWriteRequestIsEfaultBeforeTheIoctl() {
        IoctlCall c = call(PtyProxy.TIOCSPTLCK, 0x1000);
        IoctlResult r = SimpleHandlers.simple(c, entry(PtyProxy.TIOCSPTLCK)).result();
        assertEquals(
                IoctlResult.error(Errno.EFAULT),
                r,
                "copying params from an unmapped guest address is EFAULT");
        verify(c, never()).hostFd();
    }

    @Test
    void driverErrorIsAGuestError() {
        // TIOCGPTN on /dev/null: the driver itself refuses with ENOTTY.
        int fd = TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC);
        try (HostFd devNull = HostFd.adopt(fd)) {
            IoctlCall c = call(PtyProxy.TIOCGPTN, BASE);
            when(c.hostFd()).thenReturn(devNull);
            IoctlResult r = SimpleHandlers.simple(c, entry(PtyProxy.TIOCGPTN)).result();
            assertEquals(
                    IoctlResult.error(Errno.ENOTTY),
                    r,
                    "the driver's errno reaches the guest as a GuestError");
            assertEquals(0, guest.writes(), "nothing is copied out after a failed ioctl");
        }
    }

    @Test
    void validatorRejectionLeavesEverythingUntouched() {
        long arg = BASE + 64;
        guest.putShort(arg, (short) 20000); // ws_row > MAX_WINSIZE
        guest.putShort(arg + 2, (short) 80); // ws_col
        byte[] before = guest.bytes().clone();
        IoctlCall c = call(PtyProxy.TIOCSWINSZ, arg);
        IoctlResult r =
                entry(PtyProxy.TIOCSWINSZ).handler().handle(c, entry(PtyProxy.TIOCSWINSZ)).result();
        assertEquals(
                IoctlResult.error(Errno.EINVAL),
                r,
                "rows above " + PtyProxy.MAX_WINSIZE + " are EINVAL");
        verify(c, never()).hostFd();
        assertArrayEquals(before, guest.bytes(), "guest memory is untouched");
        assertEquals(0, guest.writes(), "nothing was written to the guest");
        assertEquals(0, winsize()[0], "the ioctl did not run: the pty still has 0 rows");
    }

    @Test
    void validatorAcceptingLetsTheIoctlRun() {
        long arg = BASE + 64;
        guest.putShort(arg, (short) 24);
        guest.putShort(arg + 2, (short) 80);
        IoctlResult r =
                entry(PtyProxy.TIOCSWINSZ)
                        .handler()
                        .handle(call(PtyProxy.TIOCSWINSZ, arg), entry(PtyProxy.TIOCSWINSZ))
                        .result();
        assertEquals(IoctlResult.value(0), r, "a sane window size is set");
        assertArrayEquals(
                new int[] {24, 80}, winsize(), "the driver received the guest's rows and columns");

        long out = BASE + 128;
        IoctlResult g =
                SimpleHandlers.simple(call(PtyProxy.TIOCGWINSZ, out), entry(PtyProxy.TIOCGWINSZ))
                        .result();
        assertEquals(IoctlResult.value(0), g, "TIOCGWINSZ succeeds");
        assertEquals(24, guest.getShort(out), "ws_row copied out to the guest");
        assertEquals(80, guest.getShort(out + 2), "ws_col copied out to the guest");
    }

    @Test
    void validatorSeesTheSentrysCopy() {
        long arg = BASE + 8;
        guest.putShort(arg, (short) 11);
        guest.putShort(arg + 2, (short) 22);
        int[] seen = new int[2];
        IoctlHandler h =
                SimpleHandlers.validated(
                        p -> {
                            seen[0] = p.getShort(0);
                            seen[1] = p.getShort(2);
                            return Errno.EPERM;
                        });
        IoctlResult r =
                h.handle(call(PtyProxy.TIOCSWINSZ, arg), entry(PtyProxy.TIOCSWINSZ)).result();
        assertEquals(IoctlResult.error(Errno.EPERM), r, "the validator's errno is the guest's");
        assertArrayEquals(
                new int[] {11, 22},
                seen,
                "the validator reads the params copied in from the guest");
    }

    /** ws_row, ws_col of the pty, read directly. */
    private int[] winsize() {
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 8, true);
        assertEquals(
                0, Native.ioctl(ptmx.fd(), PtyProxy.TIOCGWINSZ, p.address()), "direct TIOCGWINSZ");
        return new int[] {Short.toUnsignedInt(p.getShort(0)), Short.toUnsignedInt(p.getShort(2))};
    }
}
