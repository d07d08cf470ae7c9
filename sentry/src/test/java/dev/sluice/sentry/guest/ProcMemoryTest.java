package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.nativeio.ThreadCaps;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * {@link ProcMemory} on this process's own memory, through /proc/TID/mem of one of its threads,
 * opened through a {@link CallerIdentity}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcMemoryTest {
    private static final long UNMAPPED = 0x1000;

    private Arena arena;
    private Pointer guest;
    private int tid;

    private final java.util.List<CallerIdentity> callers = new java.util.ArrayList<>();

    /** A memory view of {@code tid} through a caller identity whose notification stays valid. */
    private ProcMemory view(int tid) {
        CallerIdentity c = CallerIdentity.open(tid, () -> true, null);
        callers.add(c);
        return new ProcMemory(c, arena);
    }

    @AfterEach
    void closeCallers() {
        callers.forEach(CallerIdentity::close);
    }

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
        try (ProcMemory m = view(tid)) {
            Pointer dst = arena.alloc(64);
            assertEquals(
                    0, m.read(guest.address() + 10, dst, 64), "reading 64 mapped bytes succeeds");
            for (int i = 0; i < 64; i++) {
                assertEquals(
                        (byte) (10 + i), dst.getByte(i), "byte " + i + " copied from guest memory");
            }
        }
    }

    @Test
    void writesGuestMemory() {
        try (ProcMemory m = view(tid)) {
            Pointer src = arena.alloc(4);
            src.putInt(0, 0xcafebabe);
            assertEquals(
                    0, m.write(guest.address() + 100, src, 4), "writing 4 mapped bytes succeeds");
            assertEquals(0xcafebabe, guest.getInt(100), "the guest sees the new value");
            assertEquals((byte) 99, guest.getByte(99), "the byte before is untouched");
            assertEquals((byte) 104, guest.getByte(104), "the byte after is untouched");
        }
    }

    @Test
    void worksThroughTheLeaderToo() {
        try (ProcMemory m = view(Native.getpid())) {
            Pointer dst = arena.alloc(8);
            assertEquals(
                    0, m.read(guest.address(), dst, 8), "read via the thread-group leader's tid");
            assertEquals(guest.getLong(0), dst.getLong(0), "same bytes");
        }
    }

    @Test
    void unmappedAddressIsEfault() {
        try (ProcMemory m = view(tid)) {
            Pointer buf = arena.alloc(16);
            assertEquals(
                    -Errno.EFAULT,
                    m.read(UNMAPPED, buf, 16),
                    "reading 0x1000 is EFAULT (procfs says EIO)");
            assertEquals(-Errno.EFAULT, m.write(UNMAPPED, buf, 16), "writing 0x1000 is EFAULT");
            assertEquals(
                    0,
                    m.read(guest.address(), buf, 16),
                    "a later good read on the same view still works");
        }
    }

    @Test
    void invalidNotificationIsEsrchAndStaysSo() {
        AtomicInteger checks = new AtomicInteger();
        // Valid when the pidfd is opened, no longer once the memory file is: nothing opened may be
        // used.
        CallerIdentity caller = CallerIdentity.open(tid, () -> checks.incrementAndGet() == 1, null);
        try (caller;
                ProcMemory m = new ProcMemory(caller, arena)) {
            Pointer dst = arena.alloc(8);
            dst.putLong(0, 0x1111);
            assertEquals(
                    -Errno.ESRCH,
                    m.read(guest.address(), dst, 8),
                    "the notification is no longer valid right after opening: ESRCH");
            assertEquals(0x1111, dst.getLong(0), "nothing was read");
            assertTrue(caller.lost(), "the caller's identity is lost");
            assertEquals(
                    -Errno.ESRCH,
                    m.read(guest.address(), dst, 8),
                    "a second access must not use the unverified file either");
            assertEquals(-Errno.ESRCH, m.write(guest.address(), dst, 8), "nor a write");
            assertEquals(0x0706050403020100L, guest.getLong(0), "guest memory unchanged");
            assertEquals(
                    2,
                    checks.get(),
                    "checked after the pidfd and after opening memory, never again once lost");
        }
    }

    @Test
    void validityIsCheckedOnceAfterOpening() {
        AtomicInteger checks = new AtomicInteger();
        CallerIdentity caller =
                CallerIdentity.open(
                        tid,
                        () -> {
                            checks.incrementAndGet();
                            return true;
                        },
                        null);
        try (caller;
                ProcMemory m = new ProcMemory(caller, arena)) {
            Pointer dst = arena.alloc(8);
            assertEquals(
                    1,
                    checks.get(),
                    "the caller's pidfd was checked; memory is not opened before the first access");
            assertEquals(0, m.read(guest.address(), dst, 8), "first read");
            assertEquals(0, m.read(guest.address(), dst, 8), "second read");
            assertEquals(
                    2,
                    checks.get(),
                    "the notification id is checked right after opening memory, once");
        }
    }

    /**
     * Memory the sentry cannot open through /proc is never reached another way. The thread here has
     * the effective capabilities a sentry worker of a root sandbox has (no CAP_SYS_PTRACE) and all
     * of root's permitted ones; the target is a root process with all capabilities. Opening its
     * /proc/PID/mem checks the effective set and fails; process_vm_readv, which names the pid on
     * every transfer, checks the permitted set and would succeed: it used to be the fallback.
     */
    @Test
    void memoryThatCannotBeOpenedIsNeverReachedThroughProcessVm() throws Exception {
        Process target = new ProcessBuilder("sleep", "60").start();
        try {
            int pid = (int) target.pid();
            long addr = stackAddress(pid);
            AtomicReference<int[]> results = new AtomicReference<>();
            Thread t =
                    new Thread(
                            () -> {
                                ThreadCaps.Sets sets = ThreadCaps.read();
                                assertEquals(
                                        0,
                                        ThreadCaps.set(
                                                new ThreadCaps.Sets(
                                                        PlanCompiler.DEFAULT_CAPS
                                                                & sets.permitted(),
                                                        sets.permitted(),
                                                        sets.inheritable())),
                                        "lower this thread's effective set");
                                Arena a = new Arena(4096);
                                try (CallerIdentity caller =
                                                CallerIdentity.open(pid, () -> true, null);
                                        ProcMemory m = new ProcMemory(caller, a)) {
                                    int read = m.read(addr, a.alloc(8), 8);
                                    results.set(new int[] {read, processVmRead(pid, addr)});
                                }
                            });
            t.start();
            t.join();
            int[] r = results.get();
            assertTrue(
                    r[1] == 8,
                    "the premise: process_vm_readv of that process works with these credentials ("
                            + (r[1] < 0 ? Errno.describe(-r[1]) : r[1] + " bytes")
                            + ")");
            assertTrue(
                    r[0] == -Errno.EPERM || r[0] == -Errno.EACCES,
                    "the sentry's memory access fails with the open's errno, not served by process_vm_readv: "
                            + (r[0] < 0 ? Errno.describe(-r[0]) : "read " + r[0]));
        } finally {
            target.destroyForcibly();
            target.waitFor();
        }
    }

    private static long stackAddress(int pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Integer.toString(pid), "maps"))) {
            if (line.endsWith("[stack]")) {
                return Long.parseUnsignedLong(line.substring(0, line.indexOf('-')), 16);
            }
        }
        throw new AssertionError("no [stack] in /proc/" + pid + "/maps");
    }

    /** process_vm_readv(pid) of 8 bytes at addr: bytes read, or -errno. */
    private static int processVmRead(int pid, long addr) {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, 8, true);
        Pointer iov = Memory.allocateDirect(Native.RUNTIME, 32, true);
        iov.putLong(0, buf.address());
        iov.putLong(8, 8);
        iov.putLong(16, addr);
        iov.putLong(24, 8);
        return (int)
                Native.ret(
                        Native.LIBC.syscall(
                                Syscalls.SYS_PROCESS_VM_READV,
                                pid,
                                iov.address(),
                                1,
                                iov.address() + 16,
                                1,
                                0));
    }

    @Test
    void argumentChecks() {
        try (ProcMemory m = view(tid)) {
            Pointer small = arena.alloc(8);
            assertEquals(
                    0,
                    m.read(UNMAPPED, small, 0),
                    "a zero-length copy succeeds without touching memory");
            assertEquals(
                    -Errno.EINVAL,
                    m.read(guest.address(), small, 16),
                    "longer than the local buffer");
            assertEquals(-Errno.EINVAL, m.read(guest.address(), small, -1), "negative length");
            assertEquals(
                    -Errno.EINVAL,
                    m.write(guest.address(), small, ProcMemory.MAX_COPY + 1),
                    "over MAX_COPY");
        }
    }

    @Test
    void goneThreadIsEsrch() {
        try (ProcMemory m = view(Integer.MAX_VALUE - 1)) {
            assertEquals(
                    -Errno.ESRCH,
                    m.read(guest.address(), arena.alloc(8), 8),
                    "no /proc/TID: ESRCH");
        }
    }

    @Test
    void closeClosesTheProcFile() throws IOException {
        String target = "/proc/" + tid + "/mem";
        ProcMemory m = view(tid);
        assertEquals(0, m.read(guest.address(), arena.alloc(8), 8), "a read opens the file");
        assertEquals(1, openFilesTo(target), "one fd on " + target + " while the view is open");
        m.close();
        assertEquals(0, openFilesTo(target), "none after close()");
        m.close(); // idempotent
    }

    private static long openFilesTo(String target) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(
                            p -> {
                                try {
                                    return Files.readSymbolicLink(p).toString().equals(target);
                                } catch (IOException e) {
                                    return false; // closed while listing
                                }
                            })
                    .count();
        }
    }
}
