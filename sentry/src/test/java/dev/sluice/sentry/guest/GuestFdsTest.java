package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;

/**
 * {@link GuestFds} against this JVM itself: its own threads play the guest (dups through the pidfds
 * are {@link CallerIdentityTest}'s). The class is skipped (visibly) only where the kernel lacks
 * pidfd_open/pidfd_getfd or a seccomp policy forbids them.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GuestFdsTest {
    @BeforeAll
    static void pidfdGetfdIsPermitted() {
        TestFds.assumePidfdGetfd();
    }

    @Test
    void openPidfdWorksForLeaderAndThread() {
        for (int tid : new int[] {Native.getpid(), TestFds.gettid()}) {
            int pidfd = GuestFds.openPidfd(tid);
            assertTrue(
                    pidfd >= 0,
                    "a pidfd for " + tid + ": " + (pidfd < 0 ? Errno.describe(-pidfd) : ""));
            Native.close(pidfd);
        }
    }

    @Test
    void goneThreadIsEsrch() {
        int noSuchTid = Integer.MAX_VALUE - 1; // above any pid_max
        assertEquals(
                -Errno.ESRCH,
                GuestFds.openPidfd(noSuchTid),
                "a thread that does not exist has no pidfd: ESRCH");
        assertEquals(-1, GuestFds.tgid(noSuchTid), "tgid of a thread that does not exist is -1");
    }

    @Test
    void tgidOfTheLeaderIsItself() {
        assertEquals(Native.getpid(), GuestFds.tgid(Native.getpid()), "the leader's Tgid");
        assertEquals(Native.getpid(), GuestFds.tgid(TestFds.gettid()), "this thread's Tgid");
    }
}
