package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link GuestFds} against this JVM itself: its own threads play the guest. pidfd_getfd needs
 * ptrace access to the target, which a process always has to itself; the class is skipped (visibly)
 * only where the kernel lacks pidfd_open/pidfd_getfd or a seccomp policy forbids them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GuestFdsTest {
    /** An fd number far above anything this JVM has open. */
    private static final int NOT_OPEN = 999_999;
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

    /** Proves that {@code dup} and {@code guestFd} share one eventfd: a count written to one is read from the other. */
    private void assertSameOpenFile(int dup, String what) {
        assertNotEquals(guestFd, dup, what + ": a dup is a new number in the sentry's table");
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 8, true);
        p.putLong(0, 41);
        assertEquals(8, Native.ret(Native.LIBC.write(dup, p.address(), 8)), what + ": write to the dup");
        p.putLong(0, 0);
        assertEquals(8, Native.ret(Native.LIBC.read(guestFd, p.address(), 8)), what + ": read from the guest's fd");
        assertEquals(41, p.getLong(0), what + ": the dup refers to the guest's open file description");
    }

    @Test
    void dupThroughTheThreadGroupLeader() {
        int leader = Native.getpid();
        long dup = GuestFds.dup(leader, guestFd);
        assertTrue(dup >= 0, "dup via the leader's tid " + leader + ": " + (dup < 0 ? Errno.describe((int) -dup) : ""));
        try {
            assertSameOpenFile((int) dup, "leader");
        } finally {
            Native.close((int) dup);
        }
    }

    @Test
    void dupThroughThisThread() {
        int tid = TestFds.gettid();
        long dup = GuestFds.dup(tid, guestFd);
        assertTrue(dup >= 0, "dup via this thread's tid " + tid + ": " + (dup < 0 ? Errno.describe((int) -dup) : ""));
        try {
            assertSameOpenFile((int) dup, "this thread");
        } finally {
            Native.close((int) dup);
        }
    }

    @Test
    void dupThroughAnotherNonLeaderThread() throws InterruptedException {
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
        }, "guest-thread");
        t.start();
        try {
            assertTrue(started.await(30, TimeUnit.SECONDS), "the thread started");
            assertNotEquals(Native.getpid(), tid.get(), "a started thread is not the thread-group leader");
            assertEquals(Native.getpid(), GuestFds.tgid(tid.get()), "its Tgid is this process");
            long dup = GuestFds.dup(tid.get(), guestFd);
            assertTrue(dup >= 0, "dup via a non-leader thread " + tid.get() + ": " + (dup < 0 ? Errno.describe((int) -dup) : ""));
            try (HostFd fd = HostFd.adopt((int) dup)) {
                assertSameOpenFile(fd.fd(), "non-leader thread");
            }
        } finally {
            release.countDown();
            t.join();
        }
    }

    @Test
    void openPidfdWorksForLeaderAndThread() {
        for (int tid : new int[] {Native.getpid(), TestFds.gettid()}) {
            int pidfd = GuestFds.openPidfd(tid);
            assertTrue(pidfd >= 0, "a pidfd for " + tid + ": " + (pidfd < 0 ? Errno.describe(-pidfd) : ""));
            Native.close(pidfd);
        }
    }

    @Test
    void badFdIsEbadf() {
        int tid = TestFds.gettid();
        assertEquals(-Errno.EBADF, GuestFds.dup(tid, -1), "a negative guest fd is EBADF without a syscall");
        // Not a recently closed number: the pidfd that dup() opens would take that number itself.
        assertEquals(-Errno.EBADF, GuestFds.dup(tid, NOT_OPEN), "an fd the guest does not have is EBADF");
    }

    @Test
    void goneThreadIsEsrch() {
        int noSuchTid = Integer.MAX_VALUE - 1; // above any pid_max
        assertEquals(-Errno.ESRCH, GuestFds.dup(noSuchTid, guestFd), "a thread that does not exist is ESRCH");
        assertEquals(-1, GuestFds.tgid(noSuchTid), "tgid of a thread that does not exist is -1");
    }

    @Test
    void tgidOfTheLeaderIsItself() {
        assertEquals(Native.getpid(), GuestFds.tgid(Native.getpid()), "the leader's Tgid");
        assertEquals(Native.getpid(), GuestFds.tgid(TestFds.gettid()), "this thread's Tgid");
    }
}
