package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Guests that hammer, race and confuse the sentry: it must stay correct and keep serving. Every
 * case ends with a clean errno for the guest, the sentry alive (the guest's last call answered, the
 * run's stats printed), and the sentry's fds back where they started.
 */
@RequiresRoot
class HostileGuestE2ETest {

    private static Sluice.Result pty(Duration timeout, String... guestArgs) {
        return Sluice.command("run", "--proxy", "pty", "--stats", "--", Sluice.guest(guestArgs))
                .timeout(timeout)
                .run();
    }

    @Test
    @Timeout(300)
    void stormOfConcurrentCallsIsAnsweredCorrectlyWithoutLeakingFds() {
        Sluice.Result r = pty(Duration.ofSeconds(280), "storm", "16", "20000");
        assertEquals(0, r.exitCode(), "the storm guest must exit 0\n" + r);
        assertEquals(
                320000,
                r.longValue("storm_calls"),
                "all 16 x 20000 TIOCGPTN calls must return this ptmx's number\n" + r);
        assertEquals(
                0,
                r.longValue("storm_bad"),
                "no call may fail or return another ptmx's number\n" + r);
        StatsReport s = r.stats();
        assertTrue(s.fdsStart().isPresent(), "stats must report the sentry's fds\n" + r);
        assertEquals(
                s.fdsStart().getAsLong(),
                s.fdsEnd().getAsLong(),
                "the sentry must hold as many fds at the end as at the start (no leak)\n" + r);
        assertTrue(
                s.calls("TIOCGPTN", "EMULATE") >= 320000,
                "every storm call must have been trapped\n" + r);
    }

    @Test
    @Timeout(120)
    void winsizeFlippedDuringTheCallIsValidatedOnTheSentrysCopy() {
        Sluice.Result r = pty(Duration.ofSeconds(100), "race-winsz", "20000");
        assertEquals(0, r.exitCode(), "the race guest must exit 0\n" + r);
        assertTrue(
                r.longValue("race_max_rows") <= 10000,
                "a row count over 10000 must never be stored, whatever the guest flips after validation\n"
                        + r);
        assertTrue(
                r.longValue("race_set_ok") > 0,
                "some TIOCSWINSZ calls must have seen 24 rows and succeeded\n" + r);
        assertTrue(
                r.longValue("race_set_einval") > 0,
                "some TIOCSWINSZ calls must have seen 60000 rows: EINVAL\n" + r);
        assertEquals(
                0,
                r.longValue("race_set_other"),
                "TIOCSWINSZ may only succeed or fail with EINVAL\n" + r);
    }

    @Test
    @Timeout(120)
    void fdSwappedDuringTheCallNeverConfusesTheSentry() {
        Sluice.Result r = pty(Duration.ofSeconds(100), "fdrace", "20000");
        assertEquals(
                0, r.exitCode(), "the fdrace guest must exit 0: the sentry kept serving\n" + r);
        assertEquals(
                0,
                r.longValue("fdrace_other"),
                "a call on a swapped fd may only succeed, EBADF or ENOTTY\n" + r);
        assertEquals(
                "ok", r.value("after"), "after the race a fresh ptmx must still be served\n" + r);
        long sum =
                r.longValue("fdrace_ok")
                        + r.longValue("fdrace_ebadf")
                        + r.longValue("fdrace_enotty");
        assertEquals(20000, sum, "ok + ebadf + enotty must account for all 20000 calls\n" + r);
    }

    @Test
    @Timeout(60)
    void deniedRequestsAreLoggedOncePerRateLimitWindow() {
        String g = Sluice.guestBinary().toString();
        Sluice.Result r =
                Sluice.run(
                        "run",
                        "--proxy",
                        "pty",
                        "--",
                        "sh",
                        "-c",
                        g + " deny; " + g + " deny; " + g + " deny");
        assertEquals(0, r.exitCode(), "three deny guests must run\n" + r);
        assertEquals(
                3,
                r.stdoutLines().stream().filter("deny_errno=ENOTTY"::equals).count(),
                "all three TIOCGPTLCK calls must be denied\n" + r);
        assumeTrue(
                r.elapsed().toSeconds() < 10,
                "SKIPPED: the three runs took "
                        + r.elapsed().toSeconds()
                        + " s, more than one 10 s rate-limit window");
        for (String req : List.of("0x80045439", "0x0000541b")) {
            assertEquals(
                    1,
                    PtyProxyE2ETest.warnLines(r, req).size(),
                    "the WARN for denied "
                            + req
                            + " must be printed once per 10 s, not once per call\n"
                            + r);
        }
    }

    // ---- races on params and fds -------------------------------------------------------------

    @Test
    @Timeout(60)
    void paramsPageUnmappedDuringTheCallGivesOnlySuccessOrEfault() {
        Sluice.Result r =
                Hostile.pty(List.of(), "outrace", "20000").timeout(Duration.ofSeconds(50)).run();
        assertEquals(0, r.exitCode(), "the outrace guest must exit 0\n" + r);
        assertEquals(
                0,
                r.longValue("outrace_other"),
                "a call whose params page another thread unmaps may only succeed or fail with EFAULT\n"
                        + r);
        assertTrue(r.longValue("outrace_ok") > 0, "some calls found the page mapped\n" + r);
        assertTrue(
                r.longValue("outrace_efault") > 0,
                "some calls found it unmapped: EFAULT, not a crash\n" + r);
        assertEquals(
                20000,
                r.longValue("outrace_ok") + r.longValue("outrace_efault"),
                "every call accounted for\n" + r);
        Hostile.assertNoFdLeak(r);
    }

    // ---- storms --------------------------------------------------------------------------------

    @Test
    @Timeout(90)
    void threadStormWithTidChurnIsServedWithoutLeaks() {
        Sluice.Result r =
                Hostile.pty(List.of(), "threadstorm", "20", "100", "5")
                        .timeout(Duration.ofSeconds(80))
                        .run();
        assertEquals(0, r.exitCode(), "the thread storm guest must exit 0\n" + r);
        assertEquals(2000, r.longValue("ts_threads"), "20 waves of 100 threads\n" + r);
        assertEquals(
                10000,
                r.longValue("ts_calls"),
                "every call of every short-lived thread returns this ptmx's number\n" + r);
        assertEquals(0, r.longValue("ts_bad"), r.toString());
        Hostile.assertNoFdLeak(r);
    }

    /**
     * Under a fd limit of 1024 a storm of 2,000 short-lived threads used to fill the sentry's fd
     * table with the cached pidfds of exited threads, after which every call failed with EMFILE. A
     * pidfd now lives for one call, so nothing accumulates.
     */
    @Test
    @Timeout(90)
    void threadStormUnderALowFdLimitDoesNotExhaustTheSentry() throws Exception {
        Path go = Hostile.hostFile("lowfd-go");
        try (Sluice.Running run =
                Hostile.pty(List.of(), "await", go.toString(), "threadstorm", "20", "100", "5")
                        .ownJvm()
                        .start()) {
            run.awaitStdoutLine("awaiting=1"::equals, Duration.ofSeconds(30));
            Hostile.softFdLimit(run.pid(), 1024);
            Files.createFile(go);
            Sluice.Result r = run.await(Duration.ofSeconds(80));
            assertEquals(0, r.exitCode(), "the storm must finish\n" + r);
            assertEquals(
                    0,
                    r.longValue("ts_bad"),
                    "no call may fail because the sentry's fd table is full of cached pidfds of dead threads\n"
                            + r);
            assertEquals(10000, r.longValue("ts_calls"), r.toString());
            Hostile.assertNoFdLeak(r);
        } finally {
            Files.deleteIfExists(go);
        }
    }

    @Test
    @Timeout(90)
    void forkStormIsServedWithoutLeaks() {
        Sluice.Result r =
                Hostile.pty(List.of(), "forkstorm", "100", "200")
                        .timeout(Duration.ofSeconds(80))
                        .run();
        assertEquals(0, r.exitCode(), "the fork storm guest must exit 0\n" + r);
        assertEquals(
                301,
                r.longValue("fs_procs"),
                "the parent, 100 children (twice: before and after forking) and 100 grandchildren made calls\n"
                        + r);
        assertEquals(
                0,
                r.longValue("fs_bad"),
                "every call in every process returns the inherited ptmx's number\n" + r);
        assertEquals(100 * (200 + 200) + 200, r.longValue("fs_calls"), r.toString());
        Hostile.assertNoFdLeak(r);
    }

    /**
     * A large kernel queue: the sentry stops answering for 3 s from the first call on ({@code
     * SLUICE_TEST_FAULTS=stall-ms=3000}), 10,000 guest threads trap meanwhile, and then it drains
     * them: 100,000 calls in all. Each pending notification is a blocked task, so the queue is
     * bounded by the pids a sandbox can have (pid_max, 32,768 by default); see the threat table.
     */
    @Test
    @Timeout(90)
    void tenThousandPendingNotificationsAreDrainedWithoutLeaks() {
        Sluice.Result r =
                Hostile.pty(List.of(), "pending", "10000", "10")
                        .faults("stall-ms=3000")
                        .timeout(Duration.ofSeconds(80))
                        .run();
        assertEquals(0, r.exitCode(), "the pending guest must exit 0\n" + r);
        assertEquals(10000, r.longValue("pending_threads"), r.toString());
        assertTrue(
                r.longValue("pending_peak") >= 9000,
                "at least 9,000 calls must have been waiting at once (at most 64 of them in sentry workers)\n"
                        + r);
        assertEquals(100000, r.longValue("pending_calls"), r.toString());
        assertEquals(
                0, r.longValue("pending_bad"), "every queued call is answered correctly\n" + r);
        assertTrue(r.stats().calls("TIOCGPTN", "EMULATE") >= 100000, r.toString());
        Hostile.assertNoFdLeak(r);
    }

    // ---- guests that stop waiting --------------------------------------------------------------

    /**
     * Children are killed (or exit from another thread) while their TIOCGPTPEER is held in the
     * sentry ({@code SLUICE_TEST_FAULTS=delay-ms=200}): the sentry opened a pty peer for each,
     * finds the notification gone (ID_VALID), and must close that peer rather than leak it.
     */
    @Test
    @Timeout(60)
    void guestDyingMidCallLeavesNothingBehindInTheSentry() {
        Sluice.Result r =
                Hostile.pty(List.of(), "exitmid", "6")
                        .faults("delay-ms=200")
                        .timeout(Duration.ofSeconds(50))
                        .run();
        assertEquals(0, r.exitCode(), "the exitmid guest must exit 0\n" + r);
        assertEquals(6, r.longValue("exitmid_children"), r.toString());
        assertEquals(0, r.longValue("exitmid_bad"), "each child died as planned, mid-call\n" + r);
        assertEquals("ok", r.value("after"), "the sentry serves the next call\n" + r);
        assertTrue(
                Hostile.abandoned(r) >= 6,
                "the sentry must have found all 6 calls abandoned\n" + r);
        Hostile.assertNoFdLeak(r);
    }

    /**
     * A guest that never reads its results: TIOCGPTPEER fds it keeps and never uses, under a low fd
     * limit of its own, with calls interrupted by signals while the sentry holds them. It gets a
     * peer, EINTR or EMFILE, never an fd it was not told about, and the sentry keeps none.
     */
    @Test
    @Timeout(60)
    void resultsTheGuestNeverReadsAreNotLeaked() {
        Sluice.Result r =
                Hostile.pty(List.of(), "noread", "400")
                        .faults("delay-ms=2")
                        .timeout(Duration.ofSeconds(50))
                        .run();
        assertEquals(0, r.exitCode(), "the noread guest must exit 0\n" + r);
        assertEquals(0, r.longValue("noread_other"), "only a peer, EINTR or EMFILE\n" + r);
        assertEquals(
                0,
                r.longValue("noread_stray"),
                "the guest holds exactly the peers it was told about\n" + r);
        assertTrue(
                r.longValue("noread_eintr") > 0,
                "some calls were interrupted while the sentry held them\n" + r);
        assertTrue(
                r.longValue("noread_ok") + r.longValue("noread_emfile") > 0,
                "some were answered\n" + r);
        assertTrue(Hostile.abandoned(r) > 0, "the sentry saw interrupted calls go away\n" + r);
        Hostile.assertNoFdLeak(r);
    }
}
