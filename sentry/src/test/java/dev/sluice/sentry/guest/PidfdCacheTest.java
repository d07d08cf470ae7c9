package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link PidfdCache} against this JVM's own threads (see {@link GuestFdsTest}). */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PidfdCacheTest {
    /** An fd number far above anything this JVM has open. */
    private static final int NOT_OPEN = 999_999;
    private int guestFd;
    private PidfdCache cache;

    @BeforeAll
    static void pidfdGetfdIsPermitted() {
        TestFds.assumePidfdGetfd();
    }

    @BeforeEach
    void setUp() {
        guestFd = TestFds.eventfd();
        cache = new PidfdCache();
    }

    @AfterEach
    void tearDown() {
        cache.close();
        Native.close(guestFd);
    }

    private void assertDupOfGuestFd(long dup, String what) {
        assertTrue(dup >= 0, what + ": " + (dup < 0 ? Errno.describe((int) -dup) : ""));
        try {
            Pointer p = Memory.allocateDirect(Native.RUNTIME, 8, true);
            p.putLong(0, 3);
            assertEquals(8, Native.ret(Native.LIBC.write((int) dup, p.address(), 8)), what + ": write to the dup");
            assertEquals(8, Native.ret(Native.LIBC.read(guestFd, p.address(), 8)), what + ": read from the guest fd");
            assertEquals(3, p.getLong(0), what + ": the dup shares the guest's open file description");
        } finally {
            Native.close((int) dup);
        }
    }

    @Test
    void cachesOnePidfdPerThreadAndNeverTheDup() throws IOException {
        int tid = TestFds.gettid();
        long pidfdsBefore = openPidfds();
        assertDupOfGuestFd(cache.dup(tid, guestFd), "first dup");
        assertEquals(1, cache.size(), "the thread's pidfd is cached");
        assertDupOfGuestFd(cache.dup(tid, guestFd), "second dup, from the cache");
        assertEquals(1, cache.size(), "still one entry for one thread");
        assertEquals(pidfdsBefore + 1, openPidfds(), "exactly one pidfd stays open: the cached one");

        assertDupOfGuestFd(cache.dup(Native.getpid(), guestFd), "dup via the leader");
        assertEquals(2, cache.size(), "another thread gets its own entry");

        cache.close();
        assertEquals(0, cache.size(), "close() empties the cache");
        assertEquals(pidfdsBefore, openPidfds(), "close() closes every cached pidfd");
    }

    @Test
    void badFdIsEbadfAndDoesNotPoisonTheEntry() {
        int tid = TestFds.gettid();
        assertEquals(-Errno.EBADF, cache.dup(tid, -1), "a negative fd");
        assertEquals(0, cache.size(), "nothing opened for a negative fd");
        // Not a recently closed number: the pidfd that dup() opens would take that number itself.
        assertEquals(-Errno.EBADF, cache.dup(tid, NOT_OPEN), "an fd the guest does not have");
        assertDupOfGuestFd(cache.dup(tid, guestFd), "a good fd afterwards");
    }

    @Test
    void goneThreadIsEsrchAndNotCached() {
        assertEquals(-Errno.ESRCH, cache.dup(Integer.MAX_VALUE - 1, guestFd), "a thread that does not exist");
        assertEquals(0, cache.size(), "no entry for it");
    }

    @Test
    void anExitedThreadsEntryIsReplaced() throws InterruptedException {
        AtomicInteger tid = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            tid.set(TestFds.gettid());
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "short-lived guest thread");
        t.start();
        assertTrue(started.await(30, TimeUnit.SECONDS), "the thread started");
        assertDupOfGuestFd(cache.dup(tid.get(), guestFd), "dup via the live thread");
        assertEquals(1, cache.size(), "its pidfd is cached");
        release.countDown();
        t.join();
        // Java reports the thread terminated a little before the kernel has reaped it.
        Path task = Path.of("/proc/self/task", Integer.toString(tid.get()));
        while (Files.exists(task)) {
            Thread.sleep(5);
        }
        // The cached pidfd names the dead thread: never a thread that later gets its number.
        long r = cache.dup(tid.get(), guestFd);
        if (r >= 0) {
            Native.close((int) r);
        }
        assertEquals(-Errno.ESRCH, r, "after the thread exited its tid resolves to nothing (ESRCH)");
        assertEquals(0, cache.size(), "the dead thread's entry is dropped");
    }

    /** Open pidfds in this process, from /proc/self/fd links to anon_inode:[pidfd]. */
    private static long openPidfds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(p -> {
                try {
                    return Files.readSymbolicLink(p).toString().contains("pidfd");
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }
    }
}
