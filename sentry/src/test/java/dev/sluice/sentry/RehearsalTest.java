package dev.sluice.sentry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.diag.PtyProxy;
import dev.sluice.sentry.guest.GuestCredentials;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * {@link Rehearsal} in this JVM: a thread that traps its own ioctls, served by a dispatcher of the
 * rehearsal's own with a pty proxy ({@code TIOCGPTN} on {@code /dev/ptmx}, EMULATE: the sentry's
 * dup, the result written back through the caller's memory).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RehearsalTest {
    private static final GuestCredentials ROOT = GuestCredentials.root(PlanCompiler.DEFAULT_CAPS);
    private static final int CALLS = 50;

    /** TIOCGPTN on a ptmx of its own, {@link #CALLS} times; counts the answers that were right. */
    private static final class PtyCalls implements CallRehearsal {
        final PtyProxy proxy = new PtyProxy();
        final AtomicInteger right = new AtomicInteger();
        final AtomicInteger thread = new AtomicInteger();
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public DeviceProxy proxy() {
            return proxy;
        }

        @Override
        public int perform(Arena arena) {
            thread.set(dev.sluice.sentry.nativeio.TestFds.gettid());
            byte[] path = "/dev/ptmx".getBytes(StandardCharsets.US_ASCII);
            Pointer p = arena.alloc(path.length + 1);
            p.put(0, path, 0, path.length);
            int fd = Native.LIBC.open(p.address(), Native.O_RDWR | Native.O_CLOEXEC, 0);
            assertTrue(fd >= 0, "ptmx opens");
            Pointer out = arena.alloc(4);
            try {
                for (int i = 0; i < CALLS; i++) {
                    out.putInt(0, -1);
                    if (Native.ioctl(fd, PtyProxy.TIOCGPTN, out.address()) == 0
                            && out.getInt(0) >= 0) {
                        right.incrementAndGet();
                    }
                }
            } finally {
                Native.close(fd);
            }
            return CALLS;
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    @Test
    void theCallsGoThroughADispatcherOfTheRehearsalsOwn() {
        PtyCalls pty = new PtyCalls();
        Rehearsal.Result r = Rehearsal.run(List.of(pty), ROOT);
        assertEquals(CALLS, r.calls(), "every call was made");
        assertEquals(CALLS, pty.right.get(), "and answered with the pty's number");
        assertEquals(
                CALLS,
                r.stats().count(Disposition.EMULATE),
                "each was trapped and emulated by the rehearsal's dispatcher: "
                        + r.stats().total()
                        + " trapped");
        assertTrue(r.nanos() > 0, "timed");
    }

    @Test
    void theTrappedThreadIsGoneAfterwardsAndNoFdIsLeft() throws IOException {
        Rehearsal.run(List.of(new PtyCalls()), ROOT); // the JVM's own first-use fds settle
        long before = openFds();
        PtyCalls pty = new PtyCalls();
        Rehearsal.run(List.of(pty), ROOT);
        assertTrue(
                Files.notExists(Path.of("/proc/self/task/" + pty.thread.get())),
                "the thread that trapped itself has exited (its filter with it)");
        assertEquals(before, openFds(), "the listener and every dup are closed");
    }

    @Test
    void onlyTheRehearsalThreadIsTrapped() {
        Rehearsal.run(List.of(new PtyCalls()), ROOT);
        Arena arena = new Arena(4096);
        byte[] path = "/dev/ptmx".getBytes(StandardCharsets.US_ASCII);
        Pointer p = arena.alloc(path.length + 1);
        p.put(0, path, 0, path.length);
        int fd = Native.LIBC.open(p.address(), Native.O_RDWR | Native.O_CLOEXEC, 0);
        try {
            Pointer out = arena.alloc(4);
            assertEquals(
                    0,
                    Native.ioctl(fd, PtyProxy.TIOCGPTN, out.address()),
                    "this thread's ioctls reach the kernel directly");
        } finally {
            Native.close(fd);
        }
    }

    @Test
    void startClosesTheRehearsalsAndIsOffWithoutAny() throws Exception {
        assertNull(
                Rehearsal.start(List.of(new PtyProxy()), ROOT).get(10, TimeUnit.SECONDS),
                "a proxy without a rehearsal: none");
        PtyCalls pty = new PtyCalls();
        DeviceProxy withRehearsal =
                new DeviceProxy() {
                    @Override
                    public String name() {
                        return "pty";
                    }

                    @Override
                    public List<dev.sluice.sentry.spi.TrapRule> trapRules() {
                        return pty.proxy.trapRules();
                    }

                    @Override
                    public boolean owns(dev.sluice.sentry.spi.CharDevice device) {
                        return pty.proxy.owns(device);
                    }

                    @Override
                    public dev.sluice.sentry.spi.Verdict handle(
                            dev.sluice.sentry.spi.IoctlCall call) {
                        return pty.proxy.handle(call);
                    }

                    @Override
                    public String ioctlName(int cmd) {
                        return pty.proxy.ioctlName(cmd);
                    }

                    @Override
                    public CallRehearsal rehearsal() {
                        return pty;
                    }
                };
        Rehearsal.Result r =
                Rehearsal.start(List.of(withRehearsal), ROOT).get(30, TimeUnit.SECONDS);
        assertNotNull(r, "it ran");
        assertEquals(CALLS, r.calls(), "all of it");
        assertTrue(pty.closed.get(), "and the rehearsal was closed");
    }

    private static long openFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
