package dev.sluice.sentry.diag;

import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.ioctl.SimpleHandlers;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;

import java.util.List;

/**
 * A diagnostic proxy for the pty multiplexer, {@code /dev/ptmx} (char 5:2), which every Linux
 * machine has. It exercises each path of the sentry end to end, the way a GPU or RDMA proxy uses
 * them, without the hardware:
 *
 * <ul>
 *   <li>{@code TIOCGPTN}: EMULATE, the result written through a guest pointer;
 *   <li>{@code TIOCSPTLCK}: EMULATE, a value read from guest memory;
 *   <li>{@code TIOCGPTPEER}: EMULATE, a new fd injected into the guest;
 *   <li>{@code TIOCSWINSZ}: EMULATE with validation of the sentry's private copy (rows and columns
 *       at most 10000), which a guest cannot race;
 *   <li>{@code TCGETS}: CONTINUE;
 *   <li>everything else on the ptmx: DENY with {@code ENOTTY}.
 * </ul>
 *
 * The trap rule is the whole tty family ({@code _IOC_TYPE == 'T'}); tty ioctls on other fds (the
 * caller's terminal) are continued.
 *
 * <p>It is opt-in ({@code --proxy pty}) because it changes what a guest may do with ptys.
 */
public final class PtyProxy implements DeviceProxy {
    public static final String NAME = "pty";

    // include/uapi/asm-generic/ioctls.h
    public static final int TCGETS = 0x5401;
    public static final int TIOCGWINSZ = 0x5413;
    public static final int TIOCSWINSZ = 0x5414;
    public static final int TIOCGPTN = Ioctl.ior('T', 0x30, 4); // _IOR('T', 0x30, unsigned int)
    public static final int TIOCSPTLCK = Ioctl.iow('T', 0x31, 4); // _IOW('T', 0x31, int)
    public static final int TIOCGPTLCK = Ioctl.ior('T', 0x39, 4); // _IOR('T', 0x39, int)
    public static final int TIOCGPTPEER = Ioctl.io('T', 0x41); // _IO('T', 0x41)
    public static final int FIONREAD = 0x541b;

    /**
     * include/uapi/asm-generic/termios.h: struct winsize { unsigned short row, col, xpixel, ypixel;
     * }
     */
    public static final int WINSIZE_SIZE = 8;

    public static final int MAX_WINSIZE = 10000;

    /** The pty multiplexer, Documentation/admin-guide/devices.txt: 5,2 /dev/ptmx. */
    public static final CharDevice PTMX = new CharDevice(5, 2);

    private static final int PEER_FLAGS =
            3 /* O_ACCMODE */ | Native.O_NOCTTY | Native.O_CLOEXEC | Native.O_NONBLOCK;

    private final IoctlTable table =
            IoctlTable.builder(NAME)
                    .unknownErrno(Errno.ENOTTY)
                    .emulate(TIOCGPTN, "TIOCGPTN", SimpleHandlers::simple)
                    .emulate(TIOCSPTLCK, "TIOCSPTLCK", SimpleHandlers::simple)
                    .emulateNoParams(TIOCGPTPEER, "TIOCGPTPEER", PtyProxy::openPeer)
                    .emulateLegacy(
                            TIOCSWINSZ,
                            "TIOCSWINSZ",
                            Ioctl.WRITE,
                            WINSIZE_SIZE,
                            SimpleHandlers.validated(
                                    p ->
                                            Short.toUnsignedInt(p.getShort(0)) > MAX_WINSIZE
                                                            || Short.toUnsignedInt(p.getShort(2))
                                                                    > MAX_WINSIZE
                                                    ? Errno.EINVAL
                                                    : 0))
                    .emulateLegacy(
                            TIOCGWINSZ,
                            "TIOCGWINSZ",
                            Ioctl.READ,
                            WINSIZE_SIZE,
                            SimpleHandlers::simple)
                    .continueCall(TCGETS, "TCGETS")
                    .knownName(TIOCGPTLCK, "TIOCGPTLCK")
                    .knownName(FIONREAD, "FIONREAD")
                    .knownName(0x5402, "TCSETS")
                    .knownName(0x540e, "TIOCSCTTY")
                    .knownName(0x5420, "TIOCPKT")
                    .build();

    public IoctlTable table() {
        return table;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TrapRule> trapRules() {
        return List.of(TrapRule.family('T', Disposition.CONTINUE, "tty ioctls"));
    }

    @Override
    public boolean owns(CharDevice device) {
        return PTMX.equals(device);
    }

    @Override
    public Verdict handle(IoctlCall call) {
        return table.dispatch(call, 0);
    }

    @Override
    public String ioctlName(int cmd) {
        return table.name(cmd);
    }

    /**
     * TIOCGPTPEER opens the peer in the sentry (always O_NOCTTY, so the sentry never acquires a
     * controlling terminal, and O_CLOEXEC on the sentry's side) and injects it into the guest with
     * the guest's O_CLOEXEC choice.
     */
    private static Verdict openPeer(IoctlCall call, IoctlEntry entry) {
        return entry.verdict(openPeer(call));
    }

    private static IoctlResult openPeer(IoctlCall call) {
        long flags = call.request().arg();
        if ((flags & ~PEER_FLAGS) != 0) {
            return IoctlResult.error(Errno.EINVAL);
        }
        int hostFlags = (int) flags | Native.O_NOCTTY | Native.O_CLOEXEC;
        int fd = Native.ioctl(call.hostFd().fd(), Integer.toUnsignedLong(TIOCGPTPEER), hostFlags);
        if (fd < 0) {
            return IoctlResult.error(-fd);
        }
        return new IoctlResult.InjectFd(HostFd.adopt(fd), (int) flags & Native.O_CLOEXEC);
    }
}
