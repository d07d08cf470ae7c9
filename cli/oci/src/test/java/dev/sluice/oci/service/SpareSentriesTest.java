package dev.sluice.oci.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciNative;
import dev.sluice.oci.ipc.SpareMessage;
import dev.sluice.sentry.launch.ChildSpawner;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The service's spare sentry, with shell scripts standing in for the spare JVM: each says {@code
 * READY} on fd 3 (or does not) and then reads what the service hands it.
 */
@Timeout(60)
class SpareSentriesTest {
    private static final String BUILD = "b1";

    @TempDir Path tmp;

    /**
     * Starts spares with {@code script} (its $0 is {@link #BUILD}), counts the starts and keeps
     * each one's command line and pid.
     */
    private static final class Counting extends ChildSpawner {
        final AtomicInteger started = new AtomicInteger();
        final List<List<String>> argvs = new java.util.concurrent.CopyOnWriteArrayList<>();
        final List<Integer> pids = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
            started.incrementAndGet();
            argvs.add(argv);
            int pid = LOCAL.spawn(file, argv, env, fds);
            pids.add(pid);
            return pid;
        }
    }

    private static SpareSentries spares(String script, Spawner spawner) {
        return spares(script, spawner, 1);
    }

    private static SpareSentries spares(String script, Spawner spawner, int size) {
        return spares(script, spawner, size, SpareSentries.QUIET_MILLIS);
    }

    private static SpareSentries spares(
            String script, Spawner spawner, int size, long quietMillis) {
        return spares(script, spawner, size, quietMillis, SpareSentries.RETRY_MILLIS);
    }

    private static SpareSentries spares(
            String script, Spawner spawner, int size, long quietMillis, long retryMillis) {
        return new SpareSentries(
                new SpareSentries.Command(
                        List.of("/bin/sh", "-c", script, BUILD), List.of("PATH=/usr/bin:/bin")),
                BUILD,
                spawner,
                size,
                quietMillis,
                retryMillis);
    }

    /** The one spare pooled, or null; fails when there are several. */
    private static SpareSentries.Spare current(SpareSentries s) {
        List<SpareSentries.Spare> p = s.pooled();
        assertTrue(p.size() <= 1, "a pool of one holds at most one: " + p.size());
        return p.isEmpty() ? null : p.get(0);
    }

    private static long readyCount(SpareSentries s) {
        return s.pooled().stream().filter(x -> x.state() == SpareSentries.State.READY).count();
    }

    /** A spare that says it is ready, then keeps what it is handed in {@code into}. */
    private static String ready(Path into) {
        return "printf 'READY %s\\n' \"$0\" >&3; exec cat <&3 >" + into;
    }

    private static void eventually(BooleanSupplier cond, String what) throws InterruptedException {
        for (int i = 0; i < 1000 && !cond.getAsBoolean(); i++) {
            Thread.sleep(20);
        }
        assertTrue(cond.getAsBoolean(), what);
    }

    @Test
    void sparesRehearseARunOnlyOnceTheServiceWasAskedForOne() throws Exception {
        Counting recording = new Counting();
        List<List<String>> argvs = recording.argvs;
        try (SpareSentries s = spares(ready(tmp.resolve("handed")), recording)) {
            assertNull(s.take(0), "the first create starts the pool");
            SpareSentries.Spare first = s.take(10_000);
            assertNotNull(first);
            s.wantRuns();
            SpareSentries.Spare second = s.take(10_000);
            assertNotNull(second, "an argument more is still a spare");
            assertEquals(3, argvs.size(), "one ahead, one per take: " + argvs);
            assertFalse(
                    argvs.get(0).contains(SpareSentries.REHEARSE_RUN)
                            || argvs.get(1).contains(SpareSentries.REHEARSE_RUN),
                    "spares started for creates alone rehearse no run: " + argvs);
            assertEquals(
                    SpareSentries.REHEARSE_RUN,
                    argvs.get(2).get(argvs.get(2).size() - 1),
                    "the one started after a run was asked for does: " + argvs);
            first.kill();
            second.kill();
        }
    }

    @Test
    void aSpareStartsOnceOneIsWantedAndEachIsTakenOnce() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares(ready(tmp.resolve("handed")), spawner)) {
            assertNull(current(s), "no spare before a create wanted one");
            assertNull(s.take(0), "the first create finds none: it starts a sentry of its own");
            assertNotNull(current(s), "and makes one start, for the next create");
            SpareSentries.Spare first = s.take(10_000);
            assertNotNull(first, "the next create waits for the starting spare and takes it");
            SpareSentries.Spare second = s.take(10_000);
            assertNotNull(second, "the one after takes the next spare, started as the first went");
            assertNotEquals(
                    first.process().pid(),
                    second.process().pid(),
                    "a spare is never handed to two creates");
            assertEquals(3, spawner.started.get(), "one spare started per take, and one ahead");
            first.kill();
            second.kill();
        }
    }

    @Test
    void aPoolKeepsItsSizeReadyAndHandsEachSpareOnce() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares(ready(Path.of("/dev/null")), spawner, 3)) {
            assertEquals(3, s.size());
            assertNull(s.take(0), "the first create finds none");
            assertEquals(3, s.pooled().size(), "and makes the whole pool start, side by side");
            eventually(() -> readyCount(s) == 3, "all three come ready");
            List<Integer> pids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                SpareSentries.Spare sp = s.take(10_000);
                assertNotNull(sp, "take " + i + " finds a ready spare");
                assertEquals(SpareSentries.State.TAKEN, sp.state());
                assertTrue(!pids.contains(sp.process().pid()), "never one handed twice");
                pids.add(sp.process().pid());
                assertEquals(
                        3, s.pooled().size(), "each taken spare is replaced at once: pool full");
                assertTrue(
                        s.pooled().stream().noneMatch(x -> x == sp), "a taken one leaves the pool");
                sp.kill();
            }
            assertEquals(3 + 5, spawner.started.get(), "the pool, then one per take");
        }
    }

    @Test
    void aQuietPoolKeepsOneSpareAndTheNextTakeFillsItAgain() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares(ready(Path.of("/dev/null")), spawner, 3, 3000)) {
            assertNull(s.take(0), "the first create starts the pool");
            eventually(() -> readyCount(s) == 3, "all three come ready");
            List<SpareSentries.Spare> full = s.pooled();
            eventually(() -> s.pooled().size() == 1, "no take for the quiet period: one kept");
            SpareSentries.Spare kept = s.pooled().get(0);
            for (SpareSentries.Spare sp : full) {
                if (sp != kept) {
                    eventually(() -> !sp.process().alive(), "the others are stopped");
                }
            }
            assertTrue(kept.process().alive(), "the kept one is ready still");
            Thread.sleep(300);
            assertEquals(
                    3, spawner.started.get(), "a stopped spare is neither a death nor replaced");
            assertEquals(1, s.pooled().size());
            SpareSentries.Spare taken = s.take(0);
            assertEquals(kept, taken, "the next create takes the kept one at once");
            assertEquals(3, s.pooled().size(), "and the pool fills again, side by side");
            eventually(() -> readyCount(s) == 3, "all three ready again");
            Thread.sleep(500);
            assertEquals(3, s.pooled().size(), "within the quiet period after a take: kept full");
            taken.kill();
        }
    }

    @Test
    void aPoolOfOneIsNeverTrimmed() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares(ready(Path.of("/dev/null")), spawner, 1, 100)) {
            assertNull(s.take(0));
            eventually(() -> readyCount(s) == 1, "ready");
            SpareSentries.Spare sp = s.pooled().get(0);
            Thread.sleep(600);
            assertEquals(List.of(sp), s.pooled(), "the one spare stays");
            assertTrue(sp.process().alive());
            assertEquals(1, spawner.started.get());
        }
    }

    @Test
    void aPoolTakesTheReadySpareBeforeAnOlderOneStillStarting() throws Exception {
        // The first spare started never says READY; the others do at once.
        Path first = tmp.resolve("first");
        String script =
                "if mkdir "
                        + first
                        + " 2>/dev/null; then exec sleep 60; fi; "
                        + ready(Path.of("/dev/null"));
        Counting recording = new Counting();
        List<Integer> pids = recording.pids;
        try (SpareSentries s = spares(script, recording, 2)) {
            assertNull(s.take(0), "none yet");
            SpareSentries.Spare sp = s.take(10_000);
            assertNotNull(sp, "the ready one is taken, not waited behind the slow one");
            assertNotEquals(
                    s.pooled().get(0).process().pid(),
                    sp.process().pid(),
                    "the slow one is still pooled");
            assertEquals(SpareSentries.State.STARTING, s.pooled().get(0).state());
            sp.kill();
        }
        // Every spare gone before the temporary directory is removed: one started as the ready one
        // was taken could still be at its mkdir, and make the directory again meanwhile.
        eventually(
                () -> pids.stream().noneMatch(pid -> ProcessHandle.of(pid).isPresent()),
                "every spare started is gone: " + pids);
    }

    @Test
    void poolSizeFollowsTheCpusWithinItsBounds() {
        assertEquals(1, SpareSentries.sizeFor(1));
        assertEquals(1, SpareSentries.sizeFor(2), "a small machine: one spare at a time");
        assertEquals(1, SpareSentries.sizeFor(7));
        assertEquals(2, SpareSentries.sizeFor(8));
        assertEquals(4, SpareSentries.sizeFor(16), "a GPU node's CPUs start four side by side");
        assertEquals(SpareSentries.MAX_SIZE, SpareSentries.sizeFor(1024));
        for (int bad : new int[] {0, SpareSentries.MAX_SIZE + 1}) {
            IllegalArgumentException e =
                    org.junit.jupiter.api.Assertions.assertThrows(
                            IllegalArgumentException.class,
                            () -> spares("exit 0", Spawner.LOCAL, bad));
            assertTrue(e.getMessage().contains(Integer.toString(bad)), e.getMessage());
        }
    }

    @Test
    void closingKillsEveryIdleSpareOfAPool() throws Exception {
        SpareSentries s = spares(ready(Path.of("/dev/null")), Spawner.LOCAL, 3);
        s.take(0);
        eventually(() -> readyCount(s) == 3, "three ready");
        List<SpareSentries.Spare> idle = s.pooled();
        s.close();
        for (SpareSentries.Spare sp : idle) {
            eventually(() -> !sp.process().alive(), "every idle spare dies with the service");
        }
        assertTrue(s.pooled().isEmpty(), "and none is kept");
        assertNull(s.take(0), "nor started");
    }

    @Test
    void theSpareGetsTheContainerAndEndOfFile() throws Exception {
        Path handed = tmp.resolve("handed");
        try (SpareSentries s = spares(ready(handed), Spawner.LOCAL)) {
            s.take(0);
            SpareSentries.Spare spare = s.take(10_000);
            assertNotNull(spare, "a ready spare");
            List<HostFd> fds = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                fds.add(
                        HostFd.adopt(
                                OciNative.open("/dev/null", Native.O_RDWR | Native.O_CLOEXEC, 0)));
            }
            spare.hand(
                    new SpareMessage.Container(
                            "c1", "/b", null, 2, 4242, false, fds.get(0), fds.get(1)));
            eventually(() -> !spare.process().alive(), "the spare read to end of file: handed");
            assertEquals(
                    "CONTAINER c1 /b 0 2 4242 0 @ @\n",
                    Files.readString(handed),
                    "the container, then end of file: one container per spare");
            assertTrue(fds.stream().allMatch(HostFd::isOpen), "what was handed stays the caller's");
            fds.forEach(HostFd::close);
        }
    }

    @Test
    void aSpareOfAnotherBuildIsKilledAndNoMoreStart() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s =
                spares("printf 'READY other\\n' >&3; exec cat <&3 >/dev/null", spawner)) {
            assertNull(s.take(0), "none yet");
            assertNull(s.take(10_000), "a spare of another build is never taken");
            eventually(() -> current(s) == null, "it was killed and is not replaced");
            assertNull(s.take(0), "nor does a later create start one");
            assertEquals(1, spawner.started.get(), "one spare started in all");
        }
    }

    @Test
    void sparesThatDieBeforeTheyAreReadyAreReplacedUntilGivenUp() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares("exit 1", spawner)) {
            assertNull(s.take(0), "none yet");
            eventually(
                    () -> spawner.started.get() == SpareSentries.GIVE_UP && current(s) == null,
                    "each death starts another, up to " + SpareSentries.GIVE_UP);
            assertNull(s.take(10_000), "then none is there, and create starts its own sentry");
            assertEquals(
                    SpareSentries.GIVE_UP, spawner.started.get(), "no spare started after that");
        }
    }

    @Test
    void givenUpSparesAreTriedAgainAfterAWaitThatDoublesWhileTheyDie() throws Exception {
        Counting spawner = new Counting();
        try (SpareSentries s = spares("exit 1", spawner, 1, SpareSentries.QUIET_MILLIS, 800)) {
            assertNull(s.take(0));
            eventually(
                    () -> spawner.started.get() == SpareSentries.GIVE_UP && current(s) == null,
                    "given up after " + SpareSentries.GIVE_UP);
            assertNull(s.take(0));
            assertEquals(SpareSentries.GIVE_UP, spawner.started.get(), "not within the wait");
            Thread.sleep(900);
            assertNull(s.take(0), "the first take after the wait tries one");
            eventually(
                    () -> spawner.started.get() == SpareSentries.GIVE_UP + 1 && current(s) == null,
                    "one more, which dies");
            Thread.sleep(900);
            assertNull(s.take(0));
            assertEquals(
                    SpareSentries.GIVE_UP + 1,
                    spawner.started.get(),
                    "its death gives them up for twice as long");
            Thread.sleep(900);
            assertNull(s.take(0));
            eventually(
                    () -> spawner.started.get() == SpareSentries.GIVE_UP + 2,
                    "and then one more is tried");
        }
    }

    @Test
    void aSpareThatComesAfterTheWaitIsTakenAndThePoolRecovers() throws Exception {
        Path tries = Files.createDirectory(tmp.resolve("tries"));
        String script =
                "if [ $(ls "
                        + tries
                        + " | wc -l) -lt "
                        + SpareSentries.GIVE_UP
                        + " ]; then touch "
                        + tries
                        + "/$$; exit 1; fi; "
                        + ready(Path.of("/dev/null"));
        Counting recording = new Counting();
        try (SpareSentries s = spares(script, recording, 1, SpareSentries.QUIET_MILLIS, 300)) {
            assertNull(s.take(0));
            eventually(
                    () -> recording.started.get() == SpareSentries.GIVE_UP && current(s) == null,
                    "given up");
            Thread.sleep(400);
            assertNull(s.take(0), "a try starts");
            SpareSentries.Spare sp = s.take(10_000);
            assertNotNull(sp, "the try comes ready and is taken");
            eventually(
                    () -> current(s) != null && current(s).state() == SpareSentries.State.READY,
                    "and the pool is kept again from then on");
            sp.kill();
        }
        eventually(
                () -> recording.pids.stream().noneMatch(pid -> ProcessHandle.of(pid).isPresent()),
                "every spare started is gone");
    }

    @Test
    void aSpareThatDiesIdleIsReplaced() throws Exception {
        try (SpareSentries s = spares(ready(Path.of("/dev/null")), Spawner.LOCAL)) {
            s.take(0);
            assertNotNull(s.take(10_000), "a spare taken");
            eventually(
                    () -> current(s) != null && current(s).state() == SpareSentries.State.READY,
                    "the next is ready");
            SpareSentries.Spare idle = current(s);
            idle.kill();
            eventually(
                    () ->
                            current(s) != null
                                    && current(s) != idle
                                    && current(s).state() == SpareSentries.State.READY,
                    "a new spare replaces the one that died idle");
            SpareSentries.Spare next = s.take(10_000);
            assertNotNull(next, "and is taken");
            assertNotEquals(idle.process().pid(), next.process().pid(), "never the dead one");
            next.kill();
        }
    }

    @Test
    void closingKillsTheIdleSpareButNeverATakenOne() throws Exception {
        SpareSentries s = spares(ready(Path.of("/dev/null")), Spawner.LOCAL);
        s.take(0);
        SpareSentries.Spare taken = s.take(10_000);
        assertNotNull(taken, "a spare taken");
        eventually(
                () -> current(s) != null && current(s).state() == SpareSentries.State.READY,
                "the next is ready");
        SpareSentries.Spare idle = current(s);
        s.close();
        eventually(() -> !idle.process().alive(), "the idle spare dies with the service");
        assertTrue(taken.process().alive(), "a taken spare is a container's sentry: it lives on");
        assertNull(s.take(0), "a closed service starts no spare");
        assertNull(current(s), "and keeps none");
        taken.kill();
    }
}
