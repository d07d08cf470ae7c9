package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ThreadCapsTest {
    /** include/uapi/linux/capability.h */
    private static final int CAP_SYS_ADMIN = 21;

    private static final int CAP_CHOWN = 0;

    @Test
    void settingIsPerThreadAndKeepsThePermittedSet() throws Exception {
        ThreadCaps.Sets before = ThreadCaps.read();
        assertNotNull(before, "capget works");
        AtomicReference<ThreadCaps.Sets> inside = new AtomicReference<>();
        AtomicLong rc = new AtomicLong(-2);
        long allowed = 1L << CAP_CHOWN;
        Thread t =
                new Thread(
                        () -> {
                            ThreadCaps.Sets s = ThreadCaps.read();
                            rc.set(
                                    ThreadCaps.set(
                                            new ThreadCaps.Sets(
                                                    s.effective() & allowed,
                                                    s.permitted(),
                                                    s.inheritable())));
                            inside.set(ThreadCaps.read());
                        });
        t.start();
        t.join();
        assertEquals(0, rc.get(), "capset succeeds");
        assertEquals(
                before.effective() & allowed,
                inside.get().effective(),
                "only the allowed bits stay effective on that thread");
        assertTrue(
                (inside.get().effective() & (1L << CAP_SYS_ADMIN)) == 0,
                "CAP_SYS_ADMIN is gone there");
        assertEquals(before.permitted(), inside.get().permitted(), "its permitted set is kept");
        assertEquals(before, ThreadCaps.read(), "other threads keep theirs");
    }

    @Test
    void aSwitchChangesOnlyTheEffectiveSetAndOnlyWithinThePermittedOne() throws Exception {
        AtomicReference<long[]> seen = new AtomicReference<>();
        Thread t =
                new Thread(
                        () -> {
                            ThreadCaps.Sets s = ThreadCaps.read();
                            ThreadCaps.Switch sw =
                                    new ThreadCaps.Switch(s.permitted(), s.inheritable());
                            int lowered = sw.to(0);
                            long none = ThreadCaps.effective();
                            int raised = sw.to(1L << CAP_SYS_ADMIN);
                            long admin = ThreadCaps.effective();
                            // Drop CAP_SYS_ADMIN from the permitted set: a switch may no longer
                            // raise it.
                            ThreadCaps.set(
                                    new ThreadCaps.Sets(
                                            0,
                                            s.permitted() & ~(1L << CAP_SYS_ADMIN),
                                            s.inheritable()));
                            int refused =
                                    new ThreadCaps.Switch(
                                                    s.permitted() & ~(1L << CAP_SYS_ADMIN),
                                                    s.inheritable())
                                            .to(1L << CAP_SYS_ADMIN);
                            seen.set(
                                    new long[] {
                                        lowered,
                                        none,
                                        raised,
                                        admin,
                                        refused,
                                        ThreadCaps.effective()
                                    });
                        });
        t.start();
        t.join();
        long[] r = seen.get();
        assertEquals(0, r[0], "lowering to nothing succeeds");
        assertEquals(0, r[1], "nothing effective");
        assertEquals(0, r[2], "raising a permitted capability succeeds");
        assertEquals(1L << CAP_SYS_ADMIN, r[3], "exactly that one is effective");
        assertEquals(-Errno.EPERM, r[4], "raising one outside the permitted set is EPERM");
        assertEquals(0, r[5], "and changes nothing");
    }
}
