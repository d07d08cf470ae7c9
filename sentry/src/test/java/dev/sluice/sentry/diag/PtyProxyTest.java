package dev.sluice.sentry.diag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.nativeio.AbiDump;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.ProxyConfig;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PtyProxyTest {
    /** Requests that predate the _IOC encoding: their rows state dir and size explicitly. */
    private static final Set<Integer> LEGACY =
            Set.of(PtyProxy.TCGETS, PtyProxy.TIOCSWINSZ, PtyProxy.TIOCGWINSZ);

    private final PtyProxy pty = new PtyProxy();

    static Stream<Arguments> entries() {
        return new PtyProxy().table().entries().stream().map(e -> Arguments.of(e.name(), e));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void paramSizeMatchesTheKernel(String name, IoctlEntry e) {
        if (LEGACY.contains(e.cmd())) {
            assertEquals(
                    0, Ioctl.size(e.cmd()), name + " is a legacy number without an encoded size");
            if (e.disposition() == Disposition.EMULATE) {
                assertEquals(
                        AbiDump.value("sizeof.winsize"),
                        e.paramSize(),
                        name + " copies a struct winsize (sizeof.winsize from sluice-abi-dump)");
                assertEquals(PtyProxy.WINSIZE_SIZE, e.paramSize(), name + " uses WINSIZE_SIZE");
            } else {
                assertEquals(-1, e.paramSize(), name + " is continued: the sentry copies nothing");
            }
        } else if (e.paramSize() < 0) {
            assertEquals(0, Ioctl.size(e.cmd()), name + " has no params, so _IOC_SIZE is 0");
        } else {
            assertEquals(
                    Ioctl.size(e.cmd()),
                    e.paramSize(),
                    name + " paramSize equals _IOC_SIZE(" + Ioctl.hex(e.cmd()) + ")");
            assertEquals(Ioctl.dir(e.cmd()), e.dir(), name + " dir equals _IOC_DIR");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void emulateRowsHaveAHandlerAndCountedDirections(String name, IoctlEntry e) {
        assertTrue(e.disposition() != Disposition.DENY, name + " is not a DENY row");
        if (e.paramSize() > 0) {
            assertTrue(e.dir() != Ioctl.NONE, name + " copies params, so it says which way");
        }
        assertEquals(name, pty.ioctlName(e.cmd()), "ioctlName names the row");
    }

    @Test
    void legacyWinszDirections() {
        assertEquals(
                Ioctl.WRITE,
                pty.table().lookup(PtyProxy.TIOCSWINSZ).dir(),
                "TIOCSWINSZ copies params in");
        assertEquals(
                Ioctl.READ,
                pty.table().lookup(PtyProxy.TIOCGWINSZ).dir(),
                "TIOCGWINSZ copies params out");
    }

    static Stream<Arguments> requestNumbers() {
        return Stream.of(
                Arguments.of("TIOCGPTN", PtyProxy.TIOCGPTN),
                Arguments.of("TIOCSPTLCK", PtyProxy.TIOCSPTLCK),
                Arguments.of("TIOCGPTLCK", PtyProxy.TIOCGPTLCK),
                Arguments.of("TIOCGPTPEER", PtyProxy.TIOCGPTPEER),
                Arguments.of("TIOCSWINSZ", PtyProxy.TIOCSWINSZ),
                Arguments.of("TIOCGWINSZ", PtyProxy.TIOCGWINSZ),
                Arguments.of("TCGETS", PtyProxy.TCGETS),
                Arguments.of("FIONREAD", PtyProxy.FIONREAD));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requestNumbers")
    void requestNumbersMatchTheHeaders(String name, int javaValue) {
        assertEquals(
                AbiDump.value(name),
                Integer.toUnsignedLong(javaValue),
                "PtyProxy." + name + " equals the C header's " + name);
    }

    @Test
    void winsizeSizeMatchesTheHeaders() {
        assertEquals(
                AbiDump.value("sizeof.winsize"), PtyProxy.WINSIZE_SIZE, "sizeof(struct winsize)");
    }

    @Test
    void ownsOnlyThePtyMultiplexer() {
        assertTrue(pty.owns(new CharDevice(5, 2)), "owns /dev/ptmx (5:2)");
        assertFalse(pty.owns(new CharDevice(5, 0)), "not /dev/tty (5:0)");
        assertFalse(pty.owns(new CharDevice(5, 1)), "not /dev/console (5:1)");
        assertFalse(pty.owns(new CharDevice(136, 0)), "not a pty slave (136:0)");
        assertFalse(pty.owns(new CharDevice(1, 3)), "not /dev/null (1:3)");
        assertFalse(pty.owns(new CharDevice(2, 5)), "major and minor are not interchangeable");
    }

    @Test
    void trapRuleIsTheTtyFamilyContinuedWhenUnowned() {
        List<TrapRule> rules = pty.trapRules();
        assertEquals(1, rules.size(), "one trap rule");
        TrapRule r = rules.get(0);
        assertEquals(0xff00, r.mask(), "the rule matches _IOC_TYPE only");
        assertEquals('T' << 8, r.value(), "type 'T'");
        assertEquals(
                Disposition.CONTINUE,
                r.unowned(),
                "tty ioctls on other fds (the caller's terminal) are continued");
        for (IoctlEntry e : pty.table().entries()) {
            assertTrue(r.matches(e.cmd()), "the trap rule traps row " + e.name());
        }
        assertFalse(
                r.matches(Ioctl.iowr('F', 0x2a, 32)),
                "an NVIDIA request is not trapped by the pty rule");
    }

    @Test
    void nameAndUnknownNames() {
        assertEquals("pty", pty.name(), "proxy name");
        assertEquals(
                "TIOCGPTLCK",
                pty.ioctlName(PtyProxy.TIOCGPTLCK),
                "known but denied request is named");
        assertEquals("unknown", pty.ioctlName(Ioctl.io('T', 0x7f)), "unknown request");
    }

    private static IoctlCall call(int cmd, long arg) {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, cmd, arg));
        return c;
    }

    @Test
    void tiocgptpeerWithBadFlagsIsEinvalWithoutTouchingTheDevice() {
        IoctlCall c = call(PtyProxy.TIOCGPTPEER, 0x40000000L | Native.O_RDWR);
        IoctlResult r = pty.handle(c).result();
        assertEquals(
                IoctlResult.error(Errno.EINVAL),
                r,
                "a flag outside O_ACCMODE|O_NOCTTY|O_CLOEXEC|O_NONBLOCK is EINVAL");
        verify(c, never()).hostFd();

        IoctlCall high = call(PtyProxy.TIOCGPTPEER, 1L << 40);
        assertEquals(
                IoctlResult.error(Errno.EINVAL),
                pty.handle(high).result(),
                "bits above 32 are not ignored");
        verify(high, never()).hostFd();
    }

    @Test
    void tiocgptpeerOpensThePeerAndInjectsIt() {
        try (HostFd ptmx =
                HostFd.adopt(
                        TestFds.open(
                                "/dev/ptmx", Native.O_RDWR | Native.O_NOCTTY | Native.O_CLOEXEC))) {
            Pointer unlock = Memory.allocateDirect(Native.RUNTIME, 4, true);
            assertEquals(
                    0,
                    Native.ioctl(
                            ptmx.fd(),
                            Integer.toUnsignedLong(PtyProxy.TIOCSPTLCK),
                            unlock.address()),
                    "unlock");
            IoctlCall c = call(PtyProxy.TIOCGPTPEER, Native.O_RDWR | Native.O_CLOEXEC);
            when(c.hostFd()).thenReturn(ptmx);
            IoctlResult r = pty.handle(c).result();
            IoctlResult.InjectFd inject =
                    assertInstanceOf(IoctlResult.InjectFd.class, r, "TIOCGPTPEER injects the peer");
            try (HostFd peer = inject.fd()) {
                assertTrue(
                        peer.isOpen() && TestFds.isOpen(peer.fd()),
                        "the peer fd is open in the sentry");
                assertEquals(
                        Native.O_CLOEXEC,
                        inject.newFdFlags(),
                        "the guest's O_CLOEXEC choice is kept");
            }
            IoctlCall noCloexec = call(PtyProxy.TIOCGPTPEER, Native.O_RDWR);
            when(noCloexec.hostFd()).thenReturn(ptmx);
            IoctlResult.InjectFd second =
                    assertInstanceOf(
                            IoctlResult.InjectFd.class, pty.handle(noCloexec).result(), "again");
            second.fd().close();
            assertEquals(0, second.newFdFlags(), "without O_CLOEXEC the guest's fd is inheritable");
        }
    }

    @Test
    void unknownRequestOnThePtmxIsDeniedWithEnotty() {
        Verdict v = pty.handle(call(PtyProxy.FIONREAD, 0));
        IoctlResult.Denied d =
                assertInstanceOf(
                        IoctlResult.Denied.class, v.result(), "FIONREAD is not in the table");
        assertEquals(Errno.ENOTTY, d.errno(), "denied with ENOTTY");
        assertEquals("FIONREAD", v.name(), "a known but denied request goes by its name");
        assertEquals(
                new Verdict(IoctlResult.CONTINUE, "TCGETS"),
                pty.handle(call(PtyProxy.TCGETS, 0)),
                "TCGETS is continued, under its row's name");
        assertEquals(
                "unknown",
                pty.handle(call(Ioctl.io('T', 0x7f), 0)).name(),
                "a request nobody names");
    }

    @Test
    void serviceLoaderFindsTheProviderAndItIsOptIn() {
        Optional<DeviceProxyProvider> found =
                ServiceLoader.load(DeviceProxyProvider.class).stream()
                        .map(ServiceLoader.Provider::get)
                        .filter(p -> p instanceof PtyProxyProvider)
                        .findFirst();
        assertTrue(found.isPresent(), "META-INF/services registers PtyProxyProvider");
        DeviceProxyProvider p = found.get();
        assertEquals("pty", p.name(), "provider name");
        assertFalse(p.description().isBlank(), "a description for `sluice proxies`");

        ProxyConfig none = new ProxyConfig(List.of(), Set.of(), Map.of());
        assertTrue(p.create(none).isEmpty(), "not created unless asked for");
        ProxyConfig ptmxGranted =
                new ProxyConfig(List.of(Path.of("/dev/ptmx")), Set.of("nvproxy"), Map.of());
        assertTrue(
                p.create(ptmxGranted).isEmpty(),
                "granting a device or enabling another proxy does not enable it");

        Optional<DeviceProxy> enabled =
                p.create(new ProxyConfig(List.of(), Set.of("pty"), Map.of()));
        assertTrue(enabled.isPresent(), "created with --proxy pty");
        assertInstanceOf(PtyProxy.class, enabled.get(), "the proxy is a PtyProxy");
    }
}
