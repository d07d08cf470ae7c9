package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * {@link CallerIdentity} against this JVM's own threads, which play the guest; the notification's
 * validity is a flag the test controls. pidfd_getfd needs ptrace access to the target, which a
 * process always has to itself; skipped (visibly) only where the kernel lacks pidfds.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CallerIdentityTest {
    /** An fd number far above anything this JVM has open. */
    private static final int NOT_OPEN = 999_999;

    @Test
    void procPathsAreTheTidsOwnInAscii() {
        for (int tid : new int[] {1, 9, 10, 4_194_304, Integer.MAX_VALUE}) {
            for (String name : new String[] {"mem", "ns/net", "ns/mnt"}) {
                assertEquals(
                        "/proc/" + tid + "/" + name,
                        new String(
                                CallerIdentity.procPath(tid, name),
                                java.nio.charset.StandardCharsets.US_ASCII),
                        "the path of tid " + tid + " and " + name);
            }
        }
    }

    private int guestFd;

    @BeforeAll
    static void pidfdGetfdIsPermitted() {
        TestFds.assumePidfdGetfd();
    }

    @BeforeEach
    void setUp() {
        guestFd = TestFds.eventfd();
    }

    @AfterEach
    void tearDown() {
        Native.close(guestFd);
    }

    /**
     * Proves that {@code dup} and {@code guestFd} share one eventfd: a count written to one is read
     * from the other.
     */
    private void assertSameOpenFile(long dup, String what) {
        assertTrue(dup >= 0, what + ": " + (dup < 0 ? Errno.describe((int) -dup) : ""));
        try (HostFd fd = HostFd.adopt((int) dup)) {
            assertNotEquals(
                    guestFd, fd.fd(), what + ": a dup is a new number in the sentry's table");
            Pointer p = Memory.allocateDirect(Native.RUNTIME, 8, true);
            p.putLong(0, 41);
            assertEquals(
                    8,
                    Native.ret(Native.LIBC.write(fd.fd(), p.address(), 8)),
                    what + ": write to the dup");
            p.putLong(0, 0);
            assertEquals(
                    8,
                    Native.ret(Native.LIBC.read(guestFd, p.address(), 8)),
                    what + ": read from the guest's fd");
            assertEquals(
                    41,
                    p.getLong(0),
                    what + ": the dup refers to the guest's open file description");
        }
    }

    /**
     * This thread as the caller; every check is counted in {@code checks} and answers {@code
     * waiting}.
     */
    private static CallerIdentity thisThread(AtomicInteger checks, AtomicBoolean waiting) {
        return CallerIdentity.open(
                TestFds.gettid(),
                () -> {
                    checks.incrementAndGet();
                    return waiting.get();
                },
                null);
    }

    @Test
    void dupThroughTheThreadGroupLeaderAndThisThread() {
        for (int tid : new int[] {Native.getpid(), TestFds.gettid()}) {
            try (CallerIdentity c = CallerIdentity.open(tid, () -> true, null)) {
                assertFalse(c.lost(), "a live caller that still waits is pinned");
                assertSameOpenFile(c.dup(guestFd), "tid " + tid);
                assertSameOpenFile(
                        c.dup(guestFd), "a second dup through the same pidfd, tid " + tid);
            }
        }
    }

    /** A thread of this JVM that waits until {@link #end}: a guest thread other than the leader. */
    private static final class GuestThread {
        private final CountDownLatch release = new CountDownLatch(1);
        private final AtomicInteger tid = new AtomicInteger();
        private final Thread thread;

        GuestThread() throws InterruptedException {
            CountDownLatch started = new CountDownLatch(1);
            thread =
                    new Thread(
                            () -> {
                                tid.set(TestFds.gettid());
                                started.countDown();
                                try {
                                    release.await();
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            },
                            "guest-thread");
            thread.start();
            assertTrue(started.await(30, TimeUnit.SECONDS), "the thread started");
        }

        int tid() {
            return tid.get();
        }

        /**
         * Lets the thread exit and waits until the kernel has reaped it (Java says so a little
         * earlier).
         */
        void end() throws InterruptedException {
            release.countDown();
            thread.join();
            Path task = Path.of("/proc/self/task", Integer.toString(tid()));
            while (Files.exists(task)) {
                Thread.sleep(5);
            }
        }
    }

    @Test
    void dupThroughAnotherNonLeaderThread() throws InterruptedException {
        GuestThread t = new GuestThread();
        try {
            assertNotEquals(
                    Native.getpid(), t.tid(), "a started thread is not the thread-group leader");
            try (CallerIdentity c = CallerIdentity.open(t.tid(), () -> true, null)) {
                assertSameOpenFile(c.dup(guestFd), "non-leader thread");
            }
        } finally {
            t.end();
        }
    }

    @Test
    void badFdIsEbadfAndDoesNotLoseTheCaller() {
        try (CallerIdentity c = CallerIdentity.open(TestFds.gettid(), () -> true, null)) {
            assertEquals(-Errno.EBADF, c.dup(-1), "a negative guest fd is EBADF without a syscall");
            assertEquals(-Errno.EBADF, c.dup(NOT_OPEN), "an fd the guest does not have is EBADF");
            assertFalse(c.lost(), "the caller is still known");
            assertSameOpenFile(c.dup(guestFd), "a good fd afterwards");
        }
    }

    @Test
    void aThreadThatDoesNotExistIsLostAndNothingIsLookedUp() {
        AtomicInteger checks = new AtomicInteger();
        try (CallerIdentity c =
                CallerIdentity.open(
                        Integer.MAX_VALUE - 1, () -> checks.incrementAndGet() > 0, null)) {
            assertTrue(c.lost(), "no such thread: lost");
            assertEquals(-Errno.ESRCH, c.dup(guestFd), "ESRCH");
            assertEquals(-Errno.ESRCH, c.openMemory(new Arena(4096)), "ESRCH for memory too");
            assertEquals(0, checks.get(), "nothing to check");
        }
    }

    @Test
    void aNotificationNoLongerValidAfterThePidfdMeansNoDupAtAll() throws IOException {
        long fdsBefore = openFds();
        AtomicInteger checks = new AtomicInteger();
        try (CallerIdentity c =
                CallerIdentity.open(
                        TestFds.gettid(),
                        () -> {
                            checks.incrementAndGet();
                            return false;
                        },
                        null)) {
            assertTrue(
                    c.lost(), "the caller stopped waiting right after its pidfd was opened: lost");
            assertEquals(1, checks.get(), "checked once, right after opening the pidfd");
            assertEquals(
                    -Errno.ESRCH,
                    c.dup(guestFd),
                    "no dup through a pidfd that may name another task");
            assertEquals(-Errno.ESRCH, c.openMemory(new Arena(4096)), "no memory either");
            assertEquals(1, checks.get(), "and no further checks: lost is for good");
        }
        assertEquals(
                fdsBefore, openFds(), "nothing stays open: the pidfd is closed, no dup was made");
    }

    @Test
    void aNotificationGoneAfterTheDupClosesTheDupAndLosesTheCaller() throws IOException {
        long fdsBefore = openFds();
        AtomicBoolean waiting = new AtomicBoolean(true);
        AtomicInteger checks = new AtomicInteger();
        try (CallerIdentity c = thisThread(checks, waiting)) {
            assertSameOpenFile(c.dup(guestFd), "while it waits");
            assertEquals(2, checks.get(), "checked after the pidfd and after the dup");
            waiting.set(false);
            assertEquals(
                    -Errno.ESRCH,
                    c.dup(guestFd),
                    "a dup found after the caller stopped waiting is not handed out");
            assertEquals(3, checks.get(), "that dup was checked too");
            assertTrue(c.lost(), "lost");
            waiting.set(true);
            assertEquals(
                    -Errno.ESRCH,
                    c.dup(guestFd),
                    "lost is for good, whatever a later check would say");
        }
        assertEquals(fdsBefore, openFds(), "the refused dup and the pidfd are closed");
    }

    @Test
    void aLookUpIsCheckedByTheNextVerifyOrMemoryOpenOnly() {
        AtomicBoolean waiting = new AtomicBoolean(true);
        AtomicInteger checks = new AtomicInteger();
        try (CallerIdentity c = thisThread(checks, waiting)) {
            assertEquals(1, checks.get(), "checked after the pidfd");
            assertTrue(c.verify(), "nothing looked up since: no check needed");
            assertEquals(1, checks.get(), "and none made");
            long dup = c.lookUp(guestFd);
            assertEquals(1, checks.get(), "a look-up defers its check");
            waiting.set(false);
            assertFalse(c.verify(), "the deferred check finds the caller gone");
            assertEquals(2, checks.get(), "one check");
            assertTrue(c.lost(), "lost");
            Native.close((int) dup);
        }
        checks.set(0);
        waiting.set(true);
        try (CallerIdentity c = thisThread(checks, waiting)) {
            long dup = c.lookUp(guestFd);
            int mem = c.openMemory(new Arena(4096));
            assertTrue(mem >= 0, "memory opens");
            Native.close(mem);
            assertEquals(2, checks.get(), "the memory open's check covers the look-up before it");
            assertTrue(c.verify(), "so verify needs no further check");
            assertEquals(2, checks.get(), "none made");
            Native.close((int) dup);
        }
    }

    @Test
    void memoryIsOpenedOnceAndChecked() throws IOException {
        AtomicInteger checks = new AtomicInteger();
        try (CallerIdentity c =
                CallerIdentity.open(TestFds.gettid(), () -> checks.incrementAndGet() > 0, null)) {
            int fd = c.openMemory(new Arena(4096));
            assertTrue(
                    fd >= 0,
                    "this thread's /proc/TID/mem opens: " + (fd < 0 ? Errno.describe(-fd) : ""));
            Native.close(fd);
            assertEquals(2, checks.get(), "checked after the pidfd and after opening memory");
        }
    }

    /**
     * The pidfd names the thread, not its number: once the thread has exited, dups fail with ESRCH
     * (whoever gets the number next is never reached) and the caller is lost.
     */
    @Test
    void anExitedCallerIsEsrchNeverANumberLookup() throws InterruptedException {
        GuestThread t = new GuestThread();
        try (CallerIdentity c = CallerIdentity.open(t.tid(), () -> true, null)) {
            assertSameOpenFile(c.dup(guestFd), "while the thread lives");
            t.end();
            long r = c.dup(guestFd);
            if (r >= 0) {
                Native.close((int) r);
            }
            assertEquals(
                    -Errno.ESRCH, r, "after the thread exited its pidfd reaches nobody (ESRCH)");
            assertTrue(c.lost(), "and the caller is lost");
        }
    }

    @Test
    void aKeptPidfdServesTheThreadsNextCallWithoutOpeningOne() throws IOException {
        try (PidfdCache cache = new PidfdCache(4)) {
            int tid = TestFds.gettid();
            AtomicInteger checks = new AtomicInteger();
            try (CallerIdentity c =
                    CallerIdentity.open(tid, () -> checks.incrementAndGet() > 0, null, cache)) {
                assertSameOpenFile(c.dup(guestFd), "first call");
            }
            assertEquals(2, checks.get(), "first call: after opening the pidfd, after the dup");
            assertEquals(1, cache.size(), "its pidfd is kept");
            long pidfds = openPidfds();
            checks.set(0);
            try (CallerIdentity c =
                    CallerIdentity.open(tid, () -> checks.incrementAndGet() > 0, null, cache)) {
                assertEquals(0, cache.size(), "taken out for the call");
                assertEquals(pidfds, openPidfds(), "no pidfd opened for the second call");
                assertEquals(0, checks.get(), "a kept pidfd is not checked before its first use");
                assertSameOpenFile(c.dup(guestFd), "second call, through the kept pidfd");
                assertEquals(1, checks.get(), "its first use is");
            }
            assertEquals(1, cache.size(), "given back");
        }
    }

    @Test
    void aKeptPidfdIsNeverUsedUncheckedOnceTheCallerStoppedWaiting() {
        try (PidfdCache cache = new PidfdCache(4)) {
            int tid = TestFds.gettid();
            CallerIdentity.open(tid, () -> true, null, cache).close();
            assertEquals(1, cache.size(), "kept");
            try (CallerIdentity c = CallerIdentity.open(tid, () -> false, null, cache)) {
                assertEquals(
                        -Errno.ESRCH,
                        c.dup(guestFd),
                        "a dup through the kept pidfd whose check fails is not handed out");
                assertTrue(c.lost(), "lost");
                assertEquals(-Errno.ESRCH, c.openMemory(new Arena(4096)), "no memory either");
            }
            assertEquals(0, cache.size(), "a lost caller's pidfd is closed, not kept");
        }
    }

    /**
     * A kept pidfd whose task has exited while its tid went to another thread (here: a dead
     * thread's pidfd kept under this thread's tid, as if the number had been reused): the call gets
     * ESRCH through it, closes it, opens a fresh pidfd from the tid and carries on.
     */
    @Test
    void aKeptPidfdOfAGoneTaskIsReplacedByAFreshOne() throws InterruptedException, IOException {
        GuestThread t = new GuestThread();
        int dead = GuestFds.openExactPidfd(t.tid());
        assertTrue(dead >= 0, "the thread's pidfd opens");
        t.end();
        try (PidfdCache cache = new PidfdCache(4)) {
            int tid = TestFds.gettid();
            cache.give(tid, dead);
            long pidfds = openPidfds();
            AtomicInteger checks = new AtomicInteger();
            try (CallerIdentity c =
                    CallerIdentity.open(tid, () -> checks.incrementAndGet() > 0, null, cache)) {
                assertSameOpenFile(c.dup(guestFd), "through the fresh pidfd");
                assertFalse(c.lost(), "the caller is not lost for its stale kept pidfd");
                assertEquals(2, checks.get(), "the fresh pidfd is checked, and the dup");
                assertEquals(pidfds, openPidfds(), "the stale pidfd was closed for the fresh one");
            }
            assertEquals(1, cache.size(), "the fresh one is kept");
            try (CallerIdentity c = CallerIdentity.open(tid, () -> true, null, cache)) {
                assertSameOpenFile(c.dup(guestFd), "and serves the next call");
            }
        }
    }

    @Test
    void closeClosesThePidfd() throws IOException {
        long pidfdsBefore = openPidfds();
        CallerIdentity c = CallerIdentity.open(TestFds.gettid(), () -> true, null);
        assertEquals(pidfdsBefore + 1, openPidfds(), "one pidfd per caller while the call runs");
        c.close();
        assertEquals(pidfdsBefore, openPidfds(), "none after close()");
        c.close(); // idempotent
    }

    private static long openFds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    /** Open pidfds in this process, from /proc/self/fd links to anon_inode:[pidfd]. */
    private static long openPidfds() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(
                            p -> {
                                try {
                                    return Files.readSymbolicLink(p).toString().contains("pidfd");
                                } catch (IOException e) {
                                    return false;
                                }
                            })
                    .count();
        }
    }
}
