package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link ProcMemory} on this process's own memory, through /proc/TID/mem of one of its threads. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcMemoryTest {
    private static final long UNMAPPED = 0x1000;

    private Arena arena;
    private Pointer guest;
    private int tid;

    @BeforeEach
    void setUp() {
        arena = new Arena(4096);
        guest = Memory.allocateDirect(Native.RUNTIME, 256, true);
        for (int i = 0; i < 256; i++) {
            guest.putByte(i, (byte) i);
        }
        tid = TestFds.gettid();
    }

    @Test
    void readsGuestMemory() {
        try (ProcMemory m = new ProcMemory(tid, arena, () -> true)) {
            Pointer dst = arena.alloc(64);
            assertEquals(0, m.read(guest.address() + 10, dst, 64), "reading 64 mapped bytes succeeds");
            for (int i = 0; i < 64; i++) {
                assertEquals((byte) (10 + i), dst.getByte(i), "byte " + i + " copied from guest memory");
            }
        }
    }

    @Test
    void writesGuestMemory() {
        try (ProcMemory m = new ProcMemory(tid, arena, () -> true)) {
            Pointer src = arena.alloc(4);
            src.putInt(0, 0xcafebabe);
            assertEquals(0, m.write(guest.address() + 100, src, 4), "writing 4 mapped bytes succeeds");
            assertEquals(0xcafebabe, guest.getInt(100), "the guest sees the new value");
            assertEquals((byte) 99, guest.getByte(99), "the byte before is untouched");
            assertEquals((byte) 104, guest.getByte(104), "the byte after is untouched");
        }
    }

    @Test
    void worksThroughTheLeaderToo() {
        try (ProcMemory m = new ProcMemory(Native.getpid(), arena, () -> true)) {
            Pointer dst = arena.alloc(8);
            assertEquals(0, m.read(guest.address(), dst, 8), "read via the thread-group leader's tid");
            assertEquals(guest.getLong(0), dst.getLong(0), "same bytes");
        }
    }

    @Test
    void unmappedAddressIsEfault() {
        try (ProcMemory m = new ProcMemory(tid, arena, () -> true)) {
            Pointer buf = arena.alloc(16);
            assertEquals(-Errno.EFAULT, m.read(UNMAPPED, buf, 16), "reading 0x1000 is EFAULT (procfs says EIO)");
            assertEquals(-Errno.EFAULT, m.write(UNMAPPED, buf, 16), "writing 0x1000 is EFAULT");
            assertEquals(0, m.read(guest.address(), buf, 16), "a later good read on the same view still works");
        }
    }

    @Test
    void invalidNotificationIsEsrchAndStaysSo() {
        AtomicInteger checks = new AtomicInteger();
        try (ProcMemory m = new ProcMemory(tid, arena, () -> {
            checks.incrementAndGet();
            return false;
        })) {
            Pointer dst = arena.alloc(8);
            dst.putLong(0, 0x1111);
            assertEquals(-Errno.ESRCH, m.read(guest.address(), dst, 8),
                    "the notification is no longer valid right after opening: ESRCH");
            assertEquals(0x1111, dst.getLong(0), "nothing was read");
            assertEquals(-Errno.ESRCH, m.read(guest.address(), dst, 8),
                    "a second access must not use the unverified file either");
            assertEquals(-Errno.ESRCH, m.write(guest.address(), dst, 8), "nor a write");
            assertEquals(0x0706050403020100L, guest.getLong(0), "guest memory unchanged");
            assertTrue(checks.get() >= 1, "the validity check ran");
        }
    }

    @Test
    void validityIsCheckedOnceAfterOpening() {
        AtomicInteger checks = new AtomicInteger();
        try (ProcMemory m = new ProcMemory(tid, arena, () -> {
            checks.incrementAndGet();
            return true;
        })) {
            Pointer dst = arena.alloc(8);
            assertEquals(0, checks.get(), "nothing is opened before the first access");
            assertEquals(0, m.read(guest.address(), dst, 8), "first read");
            assertEquals(0, m.read(guest.address(), dst, 8), "second read");
            assertEquals(1, checks.get(), "the notification id is checked right after opening, once");
        }
    }

    @Test
    void argumentChecks() {
        try (ProcMemory m = new ProcMemory(tid, arena, () -> true)) {
            Pointer small = arena.alloc(8);
            assertEquals(0, m.read(UNMAPPED, small, 0), "a zero-length copy succeeds without touching memory");
            assertEquals(-Errno.EINVAL, m.read(guest.address(), small, 16), "longer than the local buffer");
            assertEquals(-Errno.EINVAL, m.read(guest.address(), small, -1), "negative length");
            assertEquals(-Errno.EINVAL, m.write(guest.address(), small, ProcMemory.MAX_COPY + 1), "over MAX_COPY");
        }
    }

    @Test
    void goneThreadIsEsrch() {
        try (ProcMemory m = new ProcMemory(Integer.MAX_VALUE - 1, arena, () -> true)) {
            assertEquals(-Errno.ESRCH, m.read(guest.address(), arena.alloc(8), 8), "no /proc/TID: ESRCH");
        }
    }

    @Test
    void closeClosesTheProcFile() throws IOException {
        String target = "/proc/" + tid + "/mem";
        ProcMemory m = new ProcMemory(tid, arena, () -> true);
        assertEquals(0, m.read(guest.address(), arena.alloc(8), 8), "a read opens the file");
        assertEquals(1, openFilesTo(target), "one fd on " + target + " while the view is open");
        m.close();
        assertEquals(0, openFilesTo(target), "none after close()");
        m.close(); // idempotent
    }

    private static long openFilesTo(String target) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(p -> {
                try {
                    return Files.readSymbolicLink(p).toString().equals(target);
                } catch (IOException e) {
                    return false; // closed while listing
                }
            }).count();
        }
    }
}
