package dev.sluice.sentry.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockingDetails;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.guest.WorkerCredentials;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.SeccompAbi;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.notify.Listener;
import dev.sluice.sentry.notify.Notification;
import dev.sluice.sentry.observe.CallKey;
import dev.sluice.sentry.observe.CallStats;
import dev.sluice.sentry.observe.RateLimitedLog;
import dev.sluice.sentry.observe.TraceWriter;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;
import dev.sluice.sentry.spi.WriteCall;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;
import org.slf4j.Logger;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The dispatcher with a mocked {@link Listener} and mocked proxies. The "guest" is this JVM: a
 * notification names this thread and an fd the test opened, so the dispatcher resolves it with the
 * real {@code pidfd_getfd} and {@code fstat}, and the device decides who owns the call ({@code
 * /dev/null} is 1:3, owned by nobody; {@code /dev/ptmx} is 5:2).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DispatcherTest {
    private static final int TCGETS = 0x5401;
    private static final int NV_RM_CONTROL = 0xc020462a;
    private static final int UVERBS = 0xc0181b01;
    private static final CharDevice PTMX = new CharDevice(5, 2);

    /** An fd number far above anything this JVM has open. */
    private static final int NOT_OPEN = 999_999;

    private Listener listener;
    private DeviceProxy pty;
    private DeviceProxy nv;
    private CallStats stats;
    private Logger log;
    private Dispatcher dispatcher;
    private Arena arena;
    private int devNull;
    private int ptmx;
    private long nextId = 100;

    @BeforeAll
    static void pidfdGetfdIsPermitted() {
        TestFds.assumePidfdGetfd();
    }

    @BeforeEach
    void setUp() {
        listener = mock(Listener.class);
        when(listener.idValid(any(), anyLong())).thenReturn(true);
        pty = mock(DeviceProxy.class);
        when(pty.name()).thenReturn("pty");
        when(pty.trapRules())
                .thenReturn(List.of(TrapRule.family('T', Disposition.CONTINUE, "tty ioctls")));
        when(pty.owns(any())).thenAnswer(inv -> PTMX.equals(inv.getArgument(0)));
        when(pty.ioctlName(anyInt()))
                .thenAnswer(inv -> (int) inv.getArgument(0) == TCGETS ? "TCGETS" : "PTY_ROW");
        nv = mock(DeviceProxy.class);
        when(nv.name()).thenReturn("nvproxy");
        when(nv.trapRules())
                .thenReturn(List.of(TrapRule.family('F', Disposition.DENY, "NVIDIA frontend")));
        when(nv.owns(any())).thenReturn(false);
        when(nv.ioctlName(anyInt())).thenReturn("NV_ESC_RM_CONTROL");
        stats = new CallStats();
        log = mock(Logger.class);
        dispatcher =
                new Dispatcher(
                        listener,
                        List.of(pty, nv),
                        stats,
                        null,
                        new RateLimitedLog(log, Duration.ZERO, System::nanoTime),
                        null);
        arena = new Arena(4096);
        devNull = TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC);
        ptmx = TestFds.open("/dev/ptmx", Native.O_RDWR | Native.O_NOCTTY | Native.O_CLOEXEC);
    }

    @AfterEach
    void tearDown() {
        dispatcher.close();
        Native.close(devNull);
        Native.close(ptmx);
    }

    /**
     * What the mocked pty proxy decided, under the name it gives the call (as its ioctlName does).
     */
    private static Verdict verdict(IoctlResult r) {
        return new Verdict(r, "PTY_ROW");
    }

    /** A trapped syscall from this thread. */
    private Notification notif(int nr, int arch, int fd, int cmd, long arg) {
        long[] args = {
            fd, (long) cmd, arg, 0, 0, 0
        }; // the request sign-extended, as a guest may pass it
        return new Notification(nextId++, TestFds.gettid(), nr, arch, args);
    }

    private Notification ioctl(int fd, int cmd) {
        return notif(Syscalls.SYS_IOCTL, SeccompAbi.AUDIT_ARCH_X86_64, fd, cmd, 0x7ffd1000L);
    }

    private CallStats.Row row(String device, int cmd, Disposition d) {
        return stats.rows().stream()
                .filter(
                        r ->
                                r.key().device().equals(device)
                                        && r.key().cmd() == cmd
                                        && r.key().disposition() == d)
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        "a stats row "
                                                + device
                                                + " "
                                                + Ioctl.hex(cmd)
                                                + " "
                                                + d
                                                + " in "
                                                + stats.rows()));
    }

    @Test
    void nonIoctlSyscallIsEnosysAndCounted() {
        Notification n = notif(0 /* read */, SeccompAbi.AUDIT_ARCH_X86_64, devNull, 0, 0);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.ENOSYS), eq(0));
        CallStats.Row r = row(Dispatcher.UNOWNED, 0, Disposition.DENY);
        assertEquals(1, r.count(), "the refused syscall is counted");
        assertEquals(1, r.errors(), "as a guest error");
        assertEquals("syscall 0", r.key().name(), "named by its syscall number");
        verify(log).warn(anyString(), any(Object[].class));
    }

    private Notification writeOf(int nr, int fd, long offset) {
        long[] args = {fd, 0x7ffd2000L, 32, offset, 0, 0};
        return new Notification(nextId++, TestFds.gettid(), nr, SeccompAbi.AUDIT_ARCH_X86_64, args);
    }

    @Test
    void aWriteOnAnFdNoProxyOwnsIsContinuedAndCounted() {
        Notification n = writeOf(Syscalls.SYS_WRITE, devNull, 0);
        dispatcher.handle(n, arena);
        verify(listener).respondContinue(any(), eq(n.id()));
        CallStats.Row r = row(Dispatcher.UNOWNED, 0, Disposition.CONTINUE);
        assertEquals("write", r.key().name(), "named by its syscall");
        verify(pty, never()).write(any());
    }

    @Test
    void aWriteOnAnOwnedDeviceGoesToAProxyThatMediatesWrites() {
        when(pty.mediatesWrites()).thenReturn(true);
        when(pty.write(any()))
                .thenReturn(new Verdict(IoctlResult.deny(Errno.EINVAL, "no"), "write CMD"));
        Notification n = writeOf(Syscalls.SYS_WRITEV, ptmx, 0);
        dispatcher.handle(n, arena);
        ArgumentCaptor<WriteCall> call = ArgumentCaptor.forClass(WriteCall.class);
        verify(pty).write(call.capture());
        assertEquals(Syscalls.SYS_WRITEV, call.getValue().request().syscall(), "writev decoded");
        assertEquals(32, call.getValue().request().count(), "its iovcnt register");
        assertEquals(PTMX, call.getValue().device(), "classified by the sentry's dup");
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EINVAL), eq(0));
        assertEquals(1, row("pty", 0, Disposition.DENY).count(), "the refusal is counted");
    }

    @Test
    void aWriteOnAnOwnedDeviceIsContinuedWhenItsProxyDoesNotMediateWrites() {
        Notification n = writeOf(Syscalls.SYS_WRITE, ptmx, 0);
        dispatcher.handle(n, arena);
        verify(listener).respondContinue(any(), eq(n.id()));
        verify(pty, never()).write(any());
    }

    @Test
    void aPwritev2AtAnOffsetIsContinuedWithoutLookingAtTheFd() {
        // ESPIPE on every stream file (uverbs, rdma_cm): nothing to mediate, nothing to resolve.
        Notification n = writeOf(Syscalls.SYS_PWRITEV2, NOT_OPEN, 4096);
        dispatcher.handle(n, arena);
        verify(listener).respondContinue(any(), eq(n.id()));
    }

    @Test
    void aWriteOnANumberWithNoFileIsContinuedForTheKernelsEbadfAndNotCountedAsARefusal() {
        Notification n = writeOf(Syscalls.SYS_PWRITEV2, NOT_OPEN, -1);
        dispatcher.handle(n, arena);
        verify(listener).respondContinue(any(), eq(n.id()));
        assertEquals(0, stats.count(Disposition.DENY), "the guest's own EBADF is no refusal");
    }

    /** A NUL-terminated string in this JVM's memory (the "guest"), kept alive by the test. */
    private final List<jnr.ffi.Pointer> strings = new java.util.ArrayList<>();

    private long cString(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        jnr.ffi.Pointer p = jnr.ffi.Memory.allocateDirect(Native.RUNTIME, b.length + 1, true);
        p.put(0, b, 0, b.length);
        strings.add(p);
        return p.address();
    }

    private static final Path NODE = Path.of("/dev/infiniband/uverbs0");

    /** A dispatcher whose proxy {@code uv} serves opens of {@link #NODE} with {@code opener}. */
    private Dispatcher serving(Dispatcher.NodeOpener opener) {
        DeviceProxy uv = mock(DeviceProxy.class);
        when(uv.name()).thenReturn("rdmaproxy");
        when(uv.trapRules()).thenReturn(List.of());
        when(uv.opensDevices()).thenReturn(List.of(NODE));
        return new Dispatcher(
                listener,
                List.of(pty, uv),
                stats,
                null,
                new RateLimitedLog(log, Duration.ZERO, System::nanoTime),
                null,
                opener);
    }

    private Notification openOf(int nr, long... args) {
        long[] a = new long[6];
        System.arraycopy(args, 0, a, 0, args.length);
        return new Notification(nextId++, TestFds.gettid(), nr, SeccompAbi.AUDIT_ARCH_X86_64, a);
    }

    @Test
    void anOpenOfAServedNodeIsOpenedByTheSentryAndInjected() {
        AtomicReference<String> opened = new AtomicReference<>();
        AtomicInteger flags = new AtomicInteger(-1);
        Dispatcher d =
                serving(
                        (node, f) -> {
                            opened.set(node.toString());
                            flags.set(f);
                            return TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC);
                        });
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true))).thenReturn(7);
        Notification n =
                openOf(
                        Syscalls.SYS_OPENAT,
                        -100,
                        cString(NODE.toString()),
                        Native.O_RDWR | Native.O_CLOEXEC);
        d.handle(n, arena);
        assertEquals(NODE.toString(), opened.get(), "the sentry opened the node itself");
        assertEquals(Native.O_RDWR, flags.get(), "with the access mode asked");
        verify(listener).addFd(any(), eq(n.id()), anyInt(), eq(Native.O_CLOEXEC), eq(true));
        verify(listener, never()).respondContinue(any(), anyLong());
        CallStats.Row r = row("rdmaproxy", 0, Disposition.EMULATE);
        assertEquals("open " + NODE, r.key().name(), "counted and named by the node");
    }

    @Test
    void aProxyThatOpensItsNodeItselfIsAskedAndItsFileInjected() {
        AtomicInteger sentryOpens = new AtomicInteger();
        DeviceProxy cm = mock(DeviceProxy.class);
        when(cm.name()).thenReturn("rdmaproxy");
        when(cm.trapRules()).thenReturn(List.of());
        when(cm.opensDevices()).thenReturn(List.of(NODE));
        int fd = TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC);
        when(cm.openDevice(eq(NODE), anyInt())).thenReturn(OptionalInt.of(fd));
        Dispatcher d =
                new Dispatcher(
                        listener,
                        List.of(pty, cm),
                        stats,
                        null,
                        new RateLimitedLog(log, Duration.ZERO, System::nanoTime),
                        null,
                        (node, f) -> {
                            sentryOpens.incrementAndGet();
                            return -Errno.EIO;
                        });
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true))).thenReturn(7);
        Notification n = openOf(Syscalls.SYS_OPENAT, -100, cString(NODE.toString()), Native.O_RDWR);
        d.handle(n, arena);
        verify(cm).openDevice(NODE, Native.O_RDWR);
        assertEquals(0, sentryOpens.get(), "the proxy opened it, not a worker");
        verify(listener).addFd(any(), eq(n.id()), eq(fd), eq(0), eq(true));
    }

    @Test
    void otherPathsRelativePathsAndOtherFlagsAreContinued() {
        AtomicInteger opens = new AtomicInteger();
        Dispatcher d =
                serving(
                        (node, f) -> {
                            opens.incrementAndGet();
                            return -Errno.EIO;
                        });
        List<Notification> calls =
                List.of(
                        openOf(Syscalls.SYS_OPEN, cString("/etc/passwd"), Native.O_RDONLY),
                        openOf(
                                Syscalls.SYS_OPENAT,
                                devNull,
                                cString("infiniband/uverbs0"),
                                Native.O_RDWR),
                        openOf(Syscalls.SYS_OPENAT, -100, cString("/dev/./infiniband/uverbs0"), 2),
                        openOf(Syscalls.SYS_OPEN, cString(NODE.toString()), 2 | 0100 | 0200),
                        openOf(Syscalls.SYS_OPEN, cString(NODE.toString()), 010000000),
                        openOf(Syscalls.SYS_CREAT, cString(NODE.toString()), 0600),
                        openOf(Syscalls.SYS_OPEN, 0x10, Native.O_RDWR));
        for (Notification n : calls) {
            d.handle(n, arena);
            verify(listener).respondContinue(any(), eq(n.id()));
        }
        assertEquals(0, opens.get(), "the sentry opened nothing");
        verify(listener, never()).addFd(any(), anyLong(), anyInt(), anyInt(), eq(true));
    }

    @Test
    void anOpenWhoseCallerIsGoneIsNoRefusalAndOpensNothing() {
        AtomicReference<String> opened = new AtomicReference<>();
        Dispatcher d =
                serving(
                        (node, f) -> {
                            opened.set(node.toString());
                            return -Errno.EIO;
                        });
        when(listener.idValid(any(), anyLong())).thenReturn(false);
        d.handle(openOf(Syscalls.SYS_OPENAT, -100, cString(NODE.toString()), Native.O_RDWR), arena);
        assertEquals(null, opened.get(), "nothing opened for a caller that is gone");
        assertEquals(1, d.callersGone(), "counted as lost");
        assertEquals(
                0, stats.count(Disposition.DENY), "a thread that exits mid-open is no refusal");
    }

    @Test
    void openat2IsServedWithoutResolveFlagsOnly() {
        Dispatcher d =
                serving((node, f) -> TestFds.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC));
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true))).thenReturn(7);
        jnr.ffi.Pointer how = jnr.ffi.Memory.allocateDirect(Native.RUNTIME, 24, true);
        strings.add(how);
        how.putLong(0, Native.O_RDWR);
        Notification plain =
                openOf(Syscalls.SYS_OPENAT2, -100, cString(NODE.toString()), how.address(), 24);
        d.handle(plain, arena);
        verify(listener).addFd(any(), eq(plain.id()), anyInt(), eq(0), eq(true));
        how.putLong(16, 0x08); // RESOLVE_BENEATH
        Notification beneath =
                openOf(Syscalls.SYS_OPENAT2, -100, cString(NODE.toString()), how.address(), 24);
        d.handle(beneath, arena);
        verify(listener).respondContinue(any(), eq(beneath.id()));
    }

    @Test
    void aServedOpenThatFailsAnswersTheErrno() {
        Dispatcher d = serving((node, f) -> -Errno.EACCES);
        Notification n = openOf(Syscalls.SYS_OPEN, cString(NODE.toString()), Native.O_RDWR);
        d.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EACCES), eq(0));
    }

    @Test
    void otherArchitectureIsEnosys() {
        Notification n =
                notif(Syscalls.SYS_IOCTL, 0x40000003 /* AUDIT_ARCH_I386 */, devNull, TCGETS, 0);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.ENOSYS), eq(0));
        verify(listener, never()).respondContinue(any(), anyLong());
        assertEquals(1, stats.count(Disposition.DENY), "counted as a denial");
    }

    @Test
    void unresolvableFdIsEbadfNeverContinued() {
        Notification n = ioctl(NOT_OPEN, TCGETS);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EBADF), eq(0));
        verify(listener, never()).respondContinue(any(), anyLong());
        assertEquals(
                1,
                row(Dispatcher.UNOWNED, TCGETS, Disposition.DENY).count(),
                "counted as an unowned denial");
    }

    @Test
    void unownedFdWithAContinueRuleContinues() {
        Notification n = ioctl(devNull, TCGETS);
        dispatcher.handle(n, arena);
        verify(listener).respondContinue(any(), eq(n.id()));
        verify(listener, never()).respond(any(), anyLong(), anyLong(), anyInt(), anyInt());
        verify(pty, never()).handle(any());
        CallStats.Row r = row(Dispatcher.UNOWNED, TCGETS, Disposition.CONTINUE);
        assertEquals(1, r.count(), "counted as CONTINUE");
        assertEquals(0, r.errors(), "not an error");
        assertEquals("TCGETS", r.key().name(), "named by the proxy whose rule trapped it");
        verify(log, never()).warn(anyString(), any(Object[].class));
    }

    @Test
    void unownedFdWithADenyRuleIsEnotty() {
        Notification n = ioctl(devNull, NV_RM_CONTROL);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.ENOTTY), eq(0));
        verify(listener, never()).respondContinue(any(), anyLong());
        CallStats.Row r = row(Dispatcher.UNOWNED, NV_RM_CONTROL, Disposition.DENY);
        assertEquals(1, r.count(), "counted as DENY");
        assertEquals("NV_ESC_RM_CONTROL", r.key().name(), "named by the strict proxy");
        verify(log).warn(anyString(), any(Object[].class));
    }

    @Test
    void requestMatchingNoRuleIsEnosys() {
        Notification n = ioctl(devNull, UVERBS);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.ENOSYS), eq(0));
        assertEquals(1, stats.denials(), "counted as a denial");
    }

    @Test
    void ownedFdGoesToItsProxyWithTheCallsFacts() {
        AtomicReference<HostFd> seen = new AtomicReference<>();
        when(pty.handle(any()))
                .thenAnswer(
                        inv -> {
                            IoctlCall c = inv.getArgument(0);
                            assertEquals(PTMX, c.device(), "the device of the sentry's dup");
                            assertEquals(ptmx, c.request().fd(), "the guest's fd number");
                            assertEquals(
                                    0x80045430,
                                    c.request().cmd(),
                                    "the request, truncated to 32 bits");
                            assertEquals(0x7ffd1000L, c.request().arg(), "the raw third argument");
                            assertEquals(TestFds.gettid(), c.request().tid(), "the calling thread");
                            assertEquals('T', c.request().type(), "its _IOC_TYPE");
                            assertEquals(0x30, c.request().nr(), "its _IOC_NR");
                            assertEquals(4, c.request().size(), "its _IOC_SIZE");
                            assertEquals(Ioctl.READ, c.request().dir(), "its _IOC_DIR");
                            assertNotNull(c.memory(), "guest memory");
                            assertTrue(
                                    c.hostFd().isOpen(),
                                    "the sentry's dup is open during the call");
                            assertTrue(c.hostFd().fd() != ptmx, "and is the sentry's own number");
                            seen.set(c.hostFd());
                            return verdict(IoctlResult.value(7));
                        });
        Notification n = ioctl(ptmx, 0x80045430);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(7L), eq(0), eq(0));
        assertFalse(seen.get().isOpen(), "the dispatcher closes its dup after the call");
        assertTrue(TestFds.isOpen(ptmx), "the guest's own fd is never closed");
        CallStats.Row r = row("pty", 0x80045430, Disposition.EMULATE);
        assertEquals(1, r.count(), "counted under the proxy as EMULATE");
        assertEquals(0, r.errors(), "not an error");
        verify(nv, never()).handle(any());
    }

    @Test
    void guestErrorIsAnsweredAndCountedAsAnError() {
        when(pty.handle(any())).thenReturn(verdict(IoctlResult.error(Errno.EFAULT)));
        Notification n = ioctl(ptmx, 0x80045430);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EFAULT), eq(0));
        assertEquals(
                1,
                row("pty", 0x80045430, Disposition.EMULATE).errors(),
                "an emulated call that failed is an error");
    }

    @Test
    void proxyContinueAndDenyAreAnswered() {
        when(pty.handle(any()))
                .thenReturn(
                        verdict(IoctlResult.CONTINUE),
                        verdict(IoctlResult.deny(Errno.ENOTTY, "not in the table")));
        Notification c = ioctl(ptmx, TCGETS);
        dispatcher.handle(c, arena);
        verify(listener).respondContinue(any(), eq(c.id()));
        Notification d = ioctl(ptmx, 0x5420);
        dispatcher.handle(d, arena);
        verify(listener).respond(any(), eq(d.id()), eq(0L), eq(Errno.ENOTTY), eq(0));
        assertEquals(1, row("pty", TCGETS, Disposition.CONTINUE).count(), "CONTINUE counted");
        assertEquals(1, row("pty", 0x5420, Disposition.DENY).count(), "DENY counted");
        verify(log).warn(anyString(), any(Object[].class));
    }

    @Test
    void proxyExceptionIsEioAndTheSentryKeepsGoing() {
        when(pty.handle(any()))
                .thenThrow(new IllegalStateException("proxy bug"))
                .thenReturn(verdict(IoctlResult.value(0)));
        Notification bad = ioctl(ptmx, 0x80045430);
        dispatcher.handle(bad, arena);
        verify(listener).respond(any(), eq(bad.id()), eq(0L), eq(Errno.EIO), eq(0));
        arena.reset();
        Notification good = ioctl(ptmx, 0x80045430);
        dispatcher.handle(good, arena);
        verify(listener).respond(any(), eq(good.id()), eq(0L), eq(0), eq(0));
        CallStats.Row r = row("pty", 0x80045430, Disposition.EMULATE);
        assertEquals(2, r.count(), "both calls are counted");
        assertEquals(1, r.errors(), "the faulted one as a guest error (EIO)");
    }

    @Test
    void injectedFdIsSentAndClosed() {
        HostFd peer = HostFd.adopt(TestFds.eventfd());
        int peerNumber = peer.fd();
        when(pty.handle(any()))
                .thenReturn(verdict(new IoctlResult.InjectFd(peer, Native.O_CLOEXEC)));
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true))).thenReturn(9);
        Notification n = ioctl(ptmx, 0x5441);
        dispatcher.handle(n, arena);
        verify(listener).addFd(any(), eq(n.id()), eq(peerNumber), eq(Native.O_CLOEXEC), eq(true));
        verify(listener, never()).respond(any(), anyLong(), anyLong(), anyInt(), anyInt());
        assertFalse(peer.isOpen(), "the sentry's copy of the injected fd is closed after sending");
        assertEquals(1, row("pty", 0x5441, Disposition.EMULATE).count(), "counted as EMULATE");
    }

    @Test
    void injectRefusedByTheGuestsFdTableBecomesItsErrno() {
        HostFd peer = HostFd.adopt(TestFds.eventfd());
        when(pty.handle(any())).thenReturn(verdict(new IoctlResult.InjectFd(peer, 0)));
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true)))
                .thenReturn(-Errno.EMFILE);
        Notification n = ioctl(ptmx, 0x5441);
        dispatcher.handle(n, arena);
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EMFILE), eq(0));
        assertFalse(peer.isOpen(), "closed either way");
    }

    @Test
    void anAnswerTheKernelRefusesBecauseTheGuestStoppedWaitingIsCountedAsAbandoned() {
        // Gone by the answer, for both calls (neither acts on its dup): the kernel refuses the
        // send and the atomic inject with ENOENT, as it does for a stale notification id.
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true)))
                .thenReturn(-Errno.ENOENT);
        when(listener.respondContinue(any(), anyLong())).thenReturn(-Errno.ENOENT);
        HostFd peer = HostFd.adopt(TestFds.eventfd());
        when(pty.handle(any())).thenReturn(verdict(new IoctlResult.InjectFd(peer, 0)));
        dispatcher.handle(ioctl(ptmx, 0x5441), arena);
        dispatcher.handle(ioctl(devNull, TCGETS), arena);
        verify(listener, never()).respond(any(), anyLong(), anyLong(), anyInt(), anyInt());
        assertFalse(peer.isOpen(), "an fd that could not be injected is closed");
        assertEquals(2, dispatcher.abandoned(), "both answers found nobody waiting");
        assertEquals(2, stats.total(), "the calls are still counted");
    }

    // ---- the caller's identity ---------------------------------------------------------------

    @Test
    void aCallerGoneBeforeTheLookupNeverReachesTheProxy() {
        when(listener.idValid(any(), anyLong())).thenReturn(false);
        when(listener.respond(any(), anyLong(), anyLong(), anyInt(), anyInt()))
                .thenReturn(-Errno.ENOENT);
        Notification n = ioctl(ptmx, 0x5441);
        dispatcher.handle(n, arena);
        verify(pty, never()).handle(any());
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EIO), eq(0));
        verify(listener, never()).addFd(any(), anyLong(), anyInt(), anyInt(), any(Boolean.class));
        assertEquals(1, dispatcher.callersGone(), "counted as a call whose caller was gone");
        assertEquals(1, dispatcher.abandoned(), "and as abandoned: nobody waited for the answer");
        CallStats.Row r = row(Dispatcher.UNOWNED, 0x5441, Disposition.DENY);
        assertEquals(1, r.count(), "counted as a denial, never under the proxy");
    }

    @Test
    void aWriteWhoseCallerIsGoneIsNoRefusal() {
        when(listener.idValid(any(), anyLong())).thenReturn(false);
        when(pty.mediatesWrites()).thenReturn(true);
        Notification n = writeOf(Syscalls.SYS_WRITE, ptmx, 0);
        dispatcher.handle(n, arena);
        verify(pty, never()).write(any());
        verify(listener, never()).respond(any(), anyLong(), anyLong(), anyInt(), anyInt());
        assertEquals(1, dispatcher.callersGone(), "counted as a call whose caller was gone");
        assertEquals(
                0, stats.count(Disposition.DENY), "a thread that exits mid-write is no refusal");
    }

    @Test
    void aWriteWhoseCallerDiesWhileTheProxyWorksIsNoRefusal() {
        // Waiting after the pidfd; gone when the proxy reads the write's buffer (a thread that
        // exits mid-write at teardown, after the sentry knew its file).
        when(listener.idValid(any(), anyLong())).thenReturn(true, false);
        when(pty.mediatesWrites()).thenReturn(true);
        AtomicInteger read = new AtomicInteger(1);
        when(pty.write(any()))
                .thenAnswer(
                        inv -> {
                            WriteCall c = inv.getArgument(0);
                            read.set(c.memory().read(0x7ffd2000L, arena.alloc(8), 8));
                            return new Verdict(IoctlResult.value(32), "write CMD");
                        });
        Notification n = writeOf(Syscalls.SYS_WRITE, ptmx, 0);
        dispatcher.handle(n, arena);
        assertEquals(-Errno.ESRCH, read.get(), "the proxy read nothing after the loss");
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EIO), eq(0));
        assertEquals(1, dispatcher.callersGone(), "counted as a call whose caller was gone");
        assertEquals(
                0, stats.count(Disposition.DENY), "a thread that exits mid-write is no refusal");
        assertEquals(
                1, row("pty", 0, Disposition.EMULATE).count(), "counted under its proxy, as EIO");
    }

    @Test
    void aCallerGoneDuringTheCallFailsItWithEioWhateverTheProxyAnswered() {
        // Waiting after the pidfd; gone when the proxy dups another fd; the answer finds it waiting
        // (as an interrupted and restarted call could), so the EIO is sent.
        when(listener.idValid(any(), anyLong())).thenReturn(true, false, true);
        HostFd peer = HostFd.adopt(TestFds.eventfd());
        AtomicReference<long[]> seen = new AtomicReference<>();
        when(pty.handle(any()))
                .thenAnswer(
                        inv -> {
                            IoctlCall c = inv.getArgument(0);
                            long other = c.guestFile(devNull);
                            long again = c.guestFile(devNull);
                            int mem = c.memory().read(0x7ffd1000L, arena.alloc(8), 8);
                            seen.set(new long[] {other, again, mem});
                            return verdict(new IoctlResult.InjectFd(peer, 0));
                        });
        Notification n = ioctl(ptmx, 0x5441);
        dispatcher.handle(n, arena);
        assertEquals(
                -Errno.ESRCH,
                seen.get()[0],
                "the dup after the caller was found gone is refused (its fd is closed)");
        assertEquals(
                -Errno.ESRCH, seen.get()[1], "and so is every later dup, without asking again");
        assertEquals(-Errno.ESRCH, seen.get()[2], "and every memory access");
        verify(listener, never()).addFd(any(), anyLong(), anyInt(), anyInt(), any(Boolean.class));
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EIO), eq(0));
        assertFalse(peer.isOpen(), "the fd the proxy meant to inject is closed, never handed out");
        assertEquals(1, dispatcher.callersGone(), "counted");
    }

    @Test
    void theCallsOwnDupIsCheckedBeforeTheProxyCanActOnIt() {
        AtomicInteger checks = new AtomicInteger();
        when(listener.idValid(any(), anyLong()))
                .thenAnswer(
                        inv -> {
                            checks.incrementAndGet();
                            return true;
                        });
        AtomicInteger atEntry = new AtomicInteger(-1);
        AtomicInteger afterHostFd = new AtomicInteger(-1);
        when(pty.handle(any()))
                .thenAnswer(
                        inv -> {
                            IoctlCall c = inv.getArgument(0);
                            atEntry.set(checks.get());
                            c.hostFd();
                            afterHostFd.set(checks.get());
                            c.hostFd();
                            return verdict(IoctlResult.value(0));
                        });
        dispatcher.handle(ioctl(ptmx, 0x80045430), arena);
        assertEquals(
                1, atEntry.get(), "NOTIF_ID_VALID right after opening the pidfd, before the dup");
        assertEquals(2, afterHostFd.get(), "and after the dup, before the proxy gets it");
        assertEquals(
                2,
                checks.get(),
                "none for the second hostFd(), none before the answer (the send checks itself)");

        checks.set(0);
        dispatcher.handle(ioctl(devNull, TCGETS), arena);
        assertEquals(
                0,
                checks.get(),
                "a call continued without acting on its dup, from a thread whose pidfd is kept:"
                        + " nothing to check");
        checks.set(0);
        dispatcher.handle(ioctl(ptmx, 0x80045430), arena);
        assertEquals(
                1,
                checks.get(),
                "a call that acts, through the kept pidfd: one check, after the dup, before the"
                        + " proxy acts");
        assertEquals(0, dispatcher.callersGone(), "nobody was gone");
    }

    @Test
    void aProxyNeverGetsTheDupOfACallerGoneAfterTheLookup() {
        when(listener.idValid(any(), anyLong())).thenReturn(true, false, true);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        when(pty.handle(any()))
                .thenAnswer(
                        inv -> {
                            IoctlCall c = inv.getArgument(0);
                            try {
                                c.hostFd();
                            } catch (RuntimeException e) {
                                thrown.set(e);
                                throw e;
                            }
                            throw new AssertionError("the dup was handed out");
                        });
        Notification n = ioctl(ptmx, 0x80045430);
        dispatcher.handle(n, arena);
        assertNotNull(thrown.get(), "hostFd() refuses once the caller is found gone");
        verify(listener).respond(any(), eq(n.id()), eq(0L), eq(Errno.EIO), eq(0));
        assertEquals(1, dispatcher.callersGone(), "counted");
    }

    @Test
    void aWorkerThatDoesNotActAsTheGuestRefusesEveryCall() throws Exception {
        GuestCredentials guest = GuestCredentials.root(1L << 0 /* CAP_CHOWN */);
        Dispatcher strict =
                new Dispatcher(
                        listener,
                        List.of(pty, nv),
                        stats,
                        null,
                        new RateLimitedLog(log, Duration.ZERO, System::nanoTime),
                        guest);
        when(pty.handle(any())).thenReturn(verdict(IoctlResult.value(5)));
        // This thread never took the guest's credentials.
        Notification refused = ioctl(ptmx, 0x80045430);
        strict.handle(refused, arena);
        verify(listener).respond(any(), eq(refused.id()), eq(0L), eq(Errno.EIO), eq(0));
        verify(pty, never()).handle(any());
        // A worker that did is served (the guest is that worker thread itself here).
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Long> servedId = new AtomicReference<>();
        Thread worker =
                new Thread(
                        () -> {
                            try {
                                assertEquals(
                                        0,
                                        WorkerCredentials.become(guest),
                                        "the worker takes the guest's credentials");
                                Notification n =
                                        new Notification(
                                                nextId + 1000,
                                                TestFds.gettid(),
                                                Syscalls.SYS_IOCTL,
                                                SeccompAbi.AUDIT_ARCH_X86_64,
                                                new long[] {
                                                    ptmx, 0x80045430L, 0x7ffd1000L, 0, 0, 0
                                                });
                                servedId.set(n.id());
                                strict.handle(n, new Arena(4096));
                            } catch (Throwable t) {
                                failure.set(t);
                            }
                        },
                        "sentry-worker-test");
        worker.start();
        worker.join();
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        verify(listener).respond(any(), eq((long) servedId.get()), eq(5L), eq(0), eq(0));
        strict.close();
    }

    @Test
    void everyCallIsCountedWithItsDisposition() {
        when(pty.handle(any())).thenReturn(verdict(IoctlResult.value(0)));
        dispatcher.handle(ioctl(ptmx, 0x80045430), arena); // EMULATE
        dispatcher.handle(ioctl(devNull, TCGETS), arena); // CONTINUE
        dispatcher.handle(ioctl(devNull, NV_RM_CONTROL), arena); // DENY
        dispatcher.handle(notif(0, SeccompAbi.AUDIT_ARCH_X86_64, 0, 0, 0), arena); // DENY (read)
        dispatcher.handle(ioctl(NOT_OPEN, NV_RM_CONTROL), arena); // DENY (EBADF)
        assertEquals(5, stats.total(), "every call is counted");
        assertEquals(1, stats.count(Disposition.EMULATE), "one EMULATE");
        assertEquals(1, stats.count(Disposition.CONTINUE), "one CONTINUE");
        assertEquals(3, stats.count(Disposition.DENY), "three DENY");
        CallKey k = row("pty", 0x80045430, Disposition.EMULATE).key();
        assertEquals("pty", k.device(), "owned calls are counted under the proxy's name");
    }

    // ---- one decode, one name, one answer ----------------------------------------------------

    @Test
    void theCallGoesByTheNameItsVerdictGivesWithoutASecondLookup(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("trace.json");
        TraceWriter trace = TraceWriter.open(file);
        Dispatcher traced =
                new Dispatcher(
                        listener,
                        List.of(pty, nv),
                        stats,
                        trace,
                        new RateLimitedLog(log, Duration.ZERO, System::nanoTime),
                        null);
        when(pty.handle(any()))
                .thenReturn(
                        new Verdict(IoctlResult.value(0), "TIOCGPTN (sub-command 7)"),
                        new Verdict(
                                IoctlResult.deny(Errno.EPERM, "refused"),
                                "TIOCSPTLCK (sub-command 8)"));
        traced.handle(ioctl(ptmx, 0x80045430), arena);
        arena.reset();
        traced.handle(ioctl(ptmx, 0x40045431), arena);
        traced.close();
        trace.close();
        verify(pty, never()).ioctlName(anyInt());
        assertEquals(
                "TIOCGPTN (sub-command 7)",
                row("pty", 0x80045430, Disposition.EMULATE).key().name(),
                "stats take the name from the verdict");
        assertEquals(
                "TIOCSPTLCK (sub-command 8)",
                row("pty", 0x40045431, Disposition.DENY).key().name(),
                "a denial too");
        ArgumentCaptor<Object[]> warned = ArgumentCaptor.forClass(Object[].class);
        verify(log).warn(anyString(), warned.capture());
        assertTrue(
                List.of(warned.getValue()).contains("TIOCSPTLCK (sub-command 8)"),
                "the denial log names the call as its verdict does: " + List.of(warned.getValue()));
        String events = Files.readString(file);
        assertTrue(
                events.contains("TIOCGPTN (sub-command 7)")
                        && events.contains("TIOCSPTLCK (sub-command 8)"),
                "the trace names each call as its verdict does: " + events);
    }

    @Test
    void everyPathAnswersExactlyOnce() {
        HostFd peer = HostFd.adopt(TestFds.eventfd());
        when(listener.addFd(any(), anyLong(), anyInt(), anyInt(), eq(true))).thenReturn(9);
        when(pty.handle(any()))
                .thenReturn(
                        verdict(IoctlResult.value(3)),
                        verdict(new IoctlResult.InjectFd(peer, 0)),
                        verdict(IoctlResult.CONTINUE),
                        verdict(IoctlResult.deny(Errno.ENOTTY, "no")))
                .thenThrow(new IllegalStateException("proxy bug"));
        List<Notification> calls =
                List.of(
                        notif(
                                1 /* write */,
                                SeccompAbi.AUDIT_ARCH_X86_64,
                                devNull,
                                0,
                                0), // not an ioctl
                        ioctl(NOT_OPEN, TCGETS), // bad fd
                        ioctl(devNull, TCGETS), // unowned, continued
                        ioctl(devNull, NV_RM_CONTROL), // unowned, denied
                        ioctl(devNull, UVERBS), // no rule
                        ioctl(ptmx, 0x80045430), // proxy: value
                        ioctl(ptmx, 0x5441), // proxy: injected fd
                        ioctl(ptmx, TCGETS), // proxy: continued
                        ioctl(ptmx, 0x5420), // proxy: denied
                        ioctl(ptmx, 0x80045430)); // proxy fault
        for (Notification n : calls) {
            dispatcher.handle(n, arena);
            arena.reset();
            long answers =
                    mockingDetails(listener).getInvocations().stream()
                            .filter(
                                    i ->
                                            i.getArguments().length > 1
                                                    && Long.valueOf(n.id())
                                                            .equals(i.getArguments()[1]))
                            .filter(
                                    i ->
                                            switch (i.getMethod().getName()) {
                                                case "respond", "respondContinue" -> true;
                                                case "addFd" ->
                                                        Boolean.TRUE.equals(i.getArguments()[4]);
                                                default -> false;
                                            })
                            .count();
            assertEquals(
                    1,
                    answers,
                    "one answer for syscall "
                            + n.nr()
                            + " ioctl "
                            + Ioctl.hex((int) n.arg(1))
                            + " on fd "
                            + n.arg(0));
        }
        assertEquals(calls.size(), stats.total(), "and each counted once");
    }

    @Test
    void whatTheCallOpenedIsClosedOnlyAfterTheAnswer() {
        AtomicReference<HostFd> dup = new AtomicReference<>();
        AtomicReference<Boolean> openAtAnswer = new AtomicReference<>();
        when(pty.handle(any()))
                .thenAnswer(
                        inv -> {
                            IoctlCall c = inv.getArgument(0);
                            dup.set(c.hostFd());
                            return verdict(IoctlResult.value(1));
                        });
        when(listener.respond(any(), anyLong(), anyLong(), anyInt(), anyInt()))
                .thenAnswer(
                        inv -> {
                            openAtAnswer.set(dup.get().isOpen());
                            return 0;
                        });
        dispatcher.handle(ioctl(ptmx, 0x80045430), arena);
        assertEquals(
                Boolean.TRUE,
                openAtAnswer.get(),
                "the sentry's dup is still open when the answer goes out:"
                        + " the guest does not wait for the closes");
        assertFalse(dup.get().isOpen(), "and closed after it");
    }
}
