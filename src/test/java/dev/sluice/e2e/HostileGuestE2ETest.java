package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Guests that hammer, race and confuse the sentry: it must stay correct and keep serving. */
@RequiresRoot
class HostileGuestE2ETest {

    private static Sluice.Result pty(Duration timeout, String... guestArgs) {
        return Sluice.command("run", "--proxy", "pty", "--stats", "--", Sluice.guest(guestArgs)).timeout(timeout).run();
    }

    @Test
    @Timeout(300)
    void stormOfConcurrentCallsIsAnsweredCorrectlyWithoutLeakingFds() {
        Sluice.Result r = pty(Duration.ofSeconds(280), "storm", "16", "20000");
        assertEquals(0, r.exitCode(), "the storm guest must exit 0\n" + r);
        assertEquals(320000, r.longValue("storm_calls"), "all 16 x 20000 TIOCGPTN calls must return this ptmx's number\n" + r);
        assertEquals(0, r.longValue("storm_bad"), "no call may fail or return another ptmx's number\n" + r);
        StatsReport s = r.stats();
        assertTrue(s.fdsStart().isPresent(), "stats must report the sentry's fds\n" + r);
        assertEquals(s.fdsStart().getAsLong(), s.fdsEnd().getAsLong(),
                "the sentry must hold as many fds at the end as at the start (no leak)\n" + r);
        assertTrue(s.calls("TIOCGPTN", "EMULATE") >= 320000, "every storm call must have been trapped\n" + r);
    }

    @Test
    @Timeout(120)
    void winsizeFlippedDuringTheCallIsValidatedOnTheSentrysCopy() {
        Sluice.Result r = pty(Duration.ofSeconds(100), "race-winsz", "20000");
        assertEquals(0, r.exitCode(), "the race guest must exit 0\n" + r);
        assertTrue(r.longValue("race_max_rows") <= 10000,
                "a row count over 10000 must never be stored, whatever the guest flips after validation\n" + r);
        assertTrue(r.longValue("race_set_ok") > 0, "some TIOCSWINSZ calls must have seen 24 rows and succeeded\n" + r);
        assertTrue(r.longValue("race_set_einval") > 0, "some TIOCSWINSZ calls must have seen 60000 rows: EINVAL\n" + r);
        assertEquals(0, r.longValue("race_set_other"), "TIOCSWINSZ may only succeed or fail with EINVAL\n" + r);
    }

    @Test
    @Timeout(120)
    void fdSwappedDuringTheCallNeverConfusesTheSentry() {
        Sluice.Result r = pty(Duration.ofSeconds(100), "fdrace", "20000");
        assertEquals(0, r.exitCode(), "the fdrace guest must exit 0: the sentry kept serving\n" + r);
        assertEquals(0, r.longValue("fdrace_other"), "a call on a swapped fd may only succeed, EBADF or ENOTTY\n" + r);
        assertEquals("ok", r.value("after"), "after the race a fresh ptmx must still be served\n" + r);
        long sum = r.longValue("fdrace_ok") + r.longValue("fdrace_ebadf") + r.longValue("fdrace_enotty");
        assertEquals(20000, sum, "ok + ebadf + enotty must account for all 20000 calls\n" + r);
    }

    @Test
    @Timeout(60)
    void deniedRequestsAreLoggedOncePerRateLimitWindow() {
        String g = Sluice.guestBinary().toString();
        Sluice.Result r = Sluice.run("run", "--proxy", "pty", "--", "sh", "-c", g + " deny; " + g + " deny; " + g + " deny");
        assertEquals(0, r.exitCode(), "three deny guests must run\n" + r);
        assertEquals(3, r.stdoutLines().stream().filter("deny_errno=ENOTTY"::equals).count(),
                "all three TIOCGPTLCK calls must be denied\n" + r);
        assumeTrue(r.elapsed().toSeconds() < 10,
                "SKIPPED: the three runs took " + r.elapsed().toSeconds() + " s, more than one 10 s rate-limit window");
        for (String req : List.of("0x80045439", "0x0000541b")) {
            assertEquals(1, PtyProxyE2ETest.warnLines(r, req).size(),
                    "the WARN for denied " + req + " must be printed once per 10 s, not once per call\n" + r);
        }
    }
}
