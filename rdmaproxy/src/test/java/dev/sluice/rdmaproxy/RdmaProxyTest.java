package dev.sluice.rdmaproxy;

import static dev.sluice.rdmaproxy.abi.UverbsAttrs.*;
import static dev.sluice.rdmaproxy.abi.UverbsMethods.*;
import static dev.sluice.rdmaproxy.abi.UverbsObjects.*;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.sluice.rdmaproxy.abi.LegacyCommands;
import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.driver.RxePlugin;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsDispositions;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.FakeGuestMemory;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlRequest;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@link RdmaProxy} step 1: envelope and schema validation, then CONTINUE; everything else EINVAL.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RdmaProxyTest {
    private static final long BASE = 0x7f00_0000_0000L;
    private static final long HDR = BASE + 64;
    private static final int UVERBS_MAJOR = 231;

    private final FakeUverbsHost host = new FakeUverbsHost();
    private final RdmaProxy proxy =
            new RdmaProxy(
                    List.of(UVERBS_MAJOR, 511),
                    Map.of(new CharDevice(UVERBS_MAJOR, 192), RxePlugin.INSTANCE),
                    host);
    private final FakeGuestMemory guest = new FakeGuestMemory(BASE, 4096);
    private final Arena arena = new Arena(4096);

    /** One attribute to encode: id, len, flags, data. */
    private record A(int id, int len, int flags, long data) {
        static A of(int id, int len) {
            return new A(id, len, 0, 0);
        }
    }

    private void putLong(long addr, long v) {
        guest.putInt(addr, (int) v);
        guest.putInt(addr + 4, (int) (v >>> 32));
    }

    /** Writes a header of {@code length} with {@code attrs} at {@link #HDR}. */
    private void encode(
            int length,
            int object,
            int method,
            int numAttrs,
            long reserved1,
            int reserved2,
            A... attrs) {
        guest.putShort(HDR, (short) length);
        guest.putShort(HDR + 2, (short) object);
        guest.putShort(HDR + 4, (short) method);
        guest.putShort(HDR + 6, (short) numAttrs);
        putLong(HDR + 8, reserved1);
        guest.putInt(HDR + 16, UverbsIoctl.RDMA_DRIVER_RXE);
        guest.putInt(HDR + 20, reserved2);
        for (int i = 0; i < attrs.length; i++) {
            long a = HDR + 24 + 16L * i;
            guest.putShort(a, (short) attrs[i].id());
            guest.putShort(a + 2, (short) attrs[i].len());
            guest.putShort(a + 4, (short) attrs[i].flags());
            guest.putShort(a + 6, (short) 0);
            putLong(a + 8, attrs[i].data());
        }
    }

    private void encode(int object, int method, A... attrs) {
        encode(24 + 16 * attrs.length, object, method, attrs.length, 0, 0, attrs);
    }

    private IoctlResult call() {
        return verdict().result();
    }

    private Verdict verdict() {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, UverbsIoctl.RDMA_VERBS_IOCTL, HDR));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(new CharDevice(UVERBS_MAJOR, 192));
        when(c.hostFd()).thenReturn(UverbsCall.SENTRY_DUP);
        return proxy.handle(c);
    }

    private static IoctlResult.Denied denied(IoctlResult r, int errno) {
        IoctlResult.Denied d = assertInstanceOf(IoctlResult.Denied.class, r, "denied: " + r);
        assertEquals(errno, d.errno(), "errno of " + d);
        return d;
    }

    @Test
    void trapsExactlyRdmaVerbsIoctlAndDeniesItOnUnownedFds() {
        TrapRule rule = proxy.trapRules().get(0);
        assertEquals(1, proxy.trapRules().size(), "one rule");
        assertEquals(
                0xffffffff, rule.mask(), "the whole request, not type and nr (umad shares them)");
        assertEquals(UverbsIoctl.RDMA_VERBS_IOCTL, rule.value(), "RDMA_VERBS_IOCTL");
        assertEquals(Disposition.DENY, rule.unowned(), "strict: the fd race of the security model");
        assertFalse(
                rule.matches(UverbsIoctl.IB_USER_MAD_REGISTER_AGENT),
                "umad's request is not trapped");
        assertEquals("RDMA_VERBS_IOCTL", proxy.ioctlName(UverbsIoctl.RDMA_VERBS_IOCTL), "named");
    }

    @Test
    void ownsUverbsNodesByMajorAndMinor() {
        assertTrue(proxy.owns(new CharDevice(231, 192)), "uverbs0");
        assertTrue(proxy.owns(new CharDevice(231, 223)), "uverbs31");
        assertFalse(proxy.owns(new CharDevice(231, 0)), "umad0 shares major 231");
        assertFalse(proxy.owns(new CharDevice(231, 64)), "issm0 shares major 231");
        assertFalse(proxy.owns(new CharDevice(231, 224)), "beyond the fixed minors");
        assertTrue(proxy.owns(new CharDevice(511, 0)), "the dynamic infiniband_verbs major");
        assertFalse(proxy.owns(new CharDevice(1, 3)), "/dev/null");
        assertFalse(proxy.owns(new CharDevice(195, 0)), "nvidia0");
    }

    @Test
    void validQueryIsEmulatedAndCreateContinues() {
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_PORT,
                new A(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 8, UverbsIoctl.UVERBS_ATTR_F_MANDATORY, 1),
                new A(
                        UVERBS_ATTR_QUERY_PORT_RESP,
                        48,
                        UverbsIoctl.UVERBS_ATTR_F_MANDATORY,
                        BASE + 1024));
        assertEquals(
                IoctlResult.value(0), call(), "QUERY_PORT with its attributes, run by the sentry");
        assertEquals(1, host.seen.size(), "one ioctl on the sentry's dup");
        assertEquals(
                UverbsCall.SENTRY_DUP.fd(),
                host.seen.get(0).fd(),
                "on the sentry's dup of the guest's file");
    }

    @Test
    void methodWithOnlyOptionalAttrsContinuesWithNone() {
        encode(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT);
        assertSame(IoctlResult.CONTINUE, call(), "GET_CONTEXT without attributes");
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_GET_CONTEXT,
                A.of(UVERBS_ATTR_UHW_IN, 0),
                A.of(UVERBS_ATTR_UHW_OUT, 0));
        assertSame(
                IoctlResult.CONTINUE,
                call(),
                "the driver-data attributes the core schema declares");
        assertEquals(
                "RDMA_VERBS_IOCTL UVERBS_METHOD_GET_CONTEXT",
                verdict().name(),
                "the call goes by the request and the method it carries");
    }

    @Test
    void unknownMethodIsDeniedByName() {
        encode(UVERBS_OBJECT_FLOW_ACTION, UVERBS_METHOD_FLOW_ACTION_ESP_CREATE);
        IoctlResult.Denied d = denied(call(), Errno.EINVAL);
        assertTrue(d.reason().contains("UVERBS_METHOD_FLOW_ACTION_ESP_CREATE"), d.reason());
        assertTrue(d.reason().contains("UVERBS_OBJECT_FLOW_ACTION"), d.reason());
        encode(UVERBS_OBJECT_PD, 7);
        d = denied(call(), Errno.EINVAL);
        assertTrue(
                d.reason().contains("0x7") && d.reason().contains("UVERBS_OBJECT_PD"), d.reason());
    }

    @Test
    void driverNamespaceMethodsAreDenied() {
        encode(UVERBS_OBJECT_PD, 0x1000);
        assertTrue(
                denied(call(), Errno.EINVAL).reason().contains("driver-namespace"),
                "mlx5's PD_QUERY is not modelled");
        encode(0x1000, 0);
        denied(call(), Errno.EINVAL);
    }

    @Test
    void badLengthIsDenied() {
        encode(24 + 16, UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT, 0, 0, 0);
        assertTrue(
                denied(call(), Errno.EINVAL).reason().contains("length"),
                "length != 24 + 16 * num_attrs");
        encode(
                24,
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_GET_CONTEXT,
                1,
                0,
                0,
                A.of(UVERBS_ATTR_UHW_IN, 0));
        denied(call(), Errno.EINVAL);
    }

    @Test
    void tooManyAttrsAreDeniedBeforeTheyAreRead() {
        int n = UverbsEnvelope.MAX_ATTRS + 1;
        encode(24 + 16 * n, UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT, n, 0, 0);
        assertTrue(denied(call(), Errno.EINVAL).reason().contains("num_attrs"), "bounded");
        assertEquals(1, guest.reads(), "only the header was read");
    }

    @Test
    void nonZeroReservedIsDenied() {
        encode(24, UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT, 0, 1L << 40, 0);
        assertTrue(denied(call(), Errno.EINVAL).reason().contains("reserved"), "reserved1");
        encode(24, UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT, 0, 0, 1);
        denied(call(), Errno.EINVAL);
    }

    @Test
    void unknownAttrIsDeniedByName() {
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_PORT,
                A.of(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 8),
                A.of(UVERBS_ATTR_QUERY_PORT_RESP, 48),
                A.of(9, 8));
        IoctlResult.Denied d = denied(call(), Errno.EINVAL);
        assertTrue(
                d.reason().contains("attribute 0x9")
                        && d.reason().contains("UVERBS_METHOD_QUERY_PORT")
                        && d.reason().contains("UVERBS_OBJECT_DEVICE"),
                d.reason());
    }

    @Test
    void duplicateAttrIsDenied() {
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_PORT,
                A.of(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 8),
                A.of(UVERBS_ATTR_QUERY_PORT_RESP, 48),
                A.of(UVERBS_ATTR_QUERY_PORT_RESP, 48));
        assertTrue(denied(call(), Errno.EINVAL).reason().contains("twice"), "each attribute once");
    }

    @Test
    void missingMandatoryAttrIsDeniedByName() {
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_QUERY_PORT,
                A.of(UVERBS_ATTR_QUERY_PORT_PORT_NUM, 8));
        IoctlResult.Denied d = denied(call(), Errno.EINVAL);
        assertTrue(
                d.reason().contains("mandatory")
                        && d.reason().contains("UVERBS_ATTR_QUERY_PORT_RESP"),
                d.reason());
    }

    @Test
    void invokeWriteChecksTheCommand() {
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                new A(UVERBS_ATTR_WRITE_CMD, 8, 1, LegacyCommands.IB_USER_VERBS_CMD_ALLOC_PD));
        assertEquals(IoctlResult.value(0), call(), "ALLOC_PD is registered, and emulated");
        assertEquals(
                "RDMA_VERBS_IOCTL IB_USER_VERBS_CMD_ALLOC_PD",
                verdict().name(),
                "a legacy command goes by the request and the command");
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                new A(
                        UVERBS_ATTR_WRITE_CMD,
                        8,
                        1,
                        Integer.toUnsignedLong(LegacyCommands.IB_USER_VERBS_CMD_FLAG_EXTENDED)
                                | LegacyCommands.IB_USER_VERBS_EX_CMD_CREATE_FLOW));
        assertSame(IoctlResult.CONTINUE, call(), "extended CREATE_FLOW is registered");
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                new A(UVERBS_ATTR_WRITE_CMD, 8, 1, LegacyCommands.IB_USER_VERBS_CMD_REG_SMR));
        IoctlResult.Denied d = denied(call(), Errno.EINVAL);
        assertTrue(
                d.reason().contains("IB_USER_VERBS_CMD_REG_SMR"),
                "numbered, not registered: " + d.reason());
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                new A(UVERBS_ATTR_WRITE_CMD, 8, 1, 0x100));
        denied(call(), Errno.EINVAL);
        encode(
                UVERBS_OBJECT_DEVICE,
                UVERBS_METHOD_INVOKE_WRITE,
                new A(UVERBS_ATTR_WRITE_CMD, 16, 1, BASE));
        assertTrue(
                denied(call(), Errno.EINVAL).reason().contains("length 16"),
                "the command must be inline");
        encode(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_INVOKE_WRITE);
        denied(call(), Errno.EINVAL);
    }

    @Test
    void unreadableHeaderIsEfault() {
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, UverbsIoctl.RDMA_VERBS_IOCTL, 0x1000L));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(new CharDevice(UVERBS_MAJOR, 192));
        Verdict v = proxy.handle(c);
        denied(v.result(), Errno.EFAULT);
        assertEquals(
                "RDMA_VERBS_IOCTL",
                v.name(),
                "an envelope the sentry cannot read goes by the request's name");
    }

    @Test
    void callsOnAUverbsNodeThatWasNotGrantedAreDenied() {
        encode(UVERBS_OBJECT_DEVICE, UVERBS_METHOD_GET_CONTEXT);
        IoctlCall c = mock(IoctlCall.class);
        when(c.request()).thenReturn(new IoctlRequest(1, 3, UverbsIoctl.RDMA_VERBS_IOCTL, HDR));
        when(c.memory()).thenReturn(guest);
        when(c.arena()).thenReturn(arena);
        when(c.device()).thenReturn(new CharDevice(UVERBS_MAJOR, 193));
        IoctlResult.Denied d = denied(proxy.handle(c).result(), Errno.EINVAL);
        assertTrue(
                d.reason().contains("231:193") && d.reason().contains("not granted"), d.reason());
        assertEquals(0, guest.reads(), "decided before reading guest memory");
        assertSame(
                RxePlugin.INSTANCE,
                proxy.plugin(new CharDevice(UVERBS_MAJOR, 192)),
                "uverbs0 is rxe's");
    }

    @Test
    void everyCoreMethodAndWriteCommandHasARowWithAReason() {
        RdmaTable t = RdmaTable.core();
        assertEquals(
                dev.sluice.rdmaproxy.abi.UverbsSchema.CORE.size(),
                t.methods().size(),
                "one row per core method");
        assertEquals(
                LegacyCommands.WRITE_METHODS.size(),
                t.writes().size(),
                "one row per write command");
        assertEquals(
                t.methods().size(),
                UverbsDispositions.METHODS.size(),
                "no reason for a method the kernel lacks");
        assertEquals(
                t.writes().size(),
                UverbsDispositions.WRITES.size(),
                "no reason for a command the kernel lacks");
        assertTrue(
                t.methods().stream().allMatch(r -> !r.why().isEmpty()),
                "every method row says why");
    }

    /**
     * The start warning's line (security issue 15): uverbs CONTINUE rows and write(), and DEVX on
     * mlx5.
     */
    @Test
    void racyRowsNameTheUverbsRowsAndDevxWhereMlx5ServesANode() {
        String rxe = proxy.racyRows();
        assertTrue(
                rxe.contains("rdmaproxy (rxe)")
                        && rxe.contains("CONTINUE")
                        && rxe.contains("write()"),
                "rxe: the validated CONTINUE rows and the untrapped write() path: " + rxe);
        assertFalse(rxe.contains("DEVX"), "no DEVX without mlx5: " + rxe);
        RdmaProxy both =
                new RdmaProxy(
                        List.of(UVERBS_MAJOR),
                        Map.of(
                                new CharDevice(UVERBS_MAJOR, 192),
                                RxePlugin.INSTANCE,
                                new CharDevice(UVERBS_MAJOR, 193),
                                dev.sluice.rdmaproxy.driver.Mlx5Plugin.INSTANCE),
                        host);
        String mlx5 = both.racyRows();
        assertTrue(
                mlx5.contains("mlx5") && mlx5.contains("DEVX"),
                "mlx5: DEVX reachable by a racing guest: " + mlx5);
        assertTrue(
                dev.sluice.sentry.spi.DeviceProxy.racyWarning(List.of(both))
                        .orElseThrow()
                        .contains("DEVX"),
                "and the start warning says so");
    }
}
