package dev.sluice.oci.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.OciException;
import dev.sluice.sentry.launch.HostProcess;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** The state store under --root: ids, the lock, state.json, status and removal. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StateStoreTest {
    @TempDir Path tmp;

    private StateStore store() {
        return new StateStore(tmp.resolve("root"));
    }

    private static ContainerState state(String id, int pid, long start, boolean started) {
        return new ContainerState(
                "1.0.2",
                id,
                "/b",
                "/b/rootfs",
                pid,
                start,
                0,
                0,
                "2026-01-01T00:00:00Z",
                started,
                Map.of("a", "b"));
    }

    @Test
    void createWriteReadRoundTrip() {
        StateStore s = store();
        try (StateStore.Locked l = s.create("c1")) {
            assertEquals(s.root().resolve("c1"), l.dir(), "one directory per id under the root");
            assertEquals(Optional.empty(), s.read("c1"), "no state.json yet");
            assertEquals(
                    Status.CREATING,
                    s.status(s.read("c1")),
                    "a directory without state is being created");
            s.write(state("c1", 1, 5, false));
        }
        ContainerState back = s.read("c1").orElseThrow();
        assertEquals(state("c1", 1, 5, false), back, "state.json reads back as written");
        assertEquals(List.of("c1"), s.ids(), "ids lists it");
    }

    @Test
    void theCgroupIsRecordedAndOldStateReadsWithoutOne() throws Exception {
        StateStore s = store();
        s.create("cg").close();
        Map<String, String> dirs = Map.of("memory", "/sys/fs/cgroup/memory/sluice/cg");
        s.write(state("cg", 1, 5, false).withCgroups(dirs));
        assertEquals(
                dirs, s.read("cg").orElseThrow().cgroups(), "the cgroup's directories read back");
        Files.writeString(s.dir("cg").resolve(StateStore.STATE), "{\"id\": \"cg\", \"pid\": 3}");
        assertEquals(
                Map.of(),
                s.read("cg").orElseThrow().cgroups(),
                "a state.json from before cgroups has none");
    }

    @Test
    void anExistingIdIsRefused() {
        StateStore s = store();
        s.create("dup").close();
        OciException e = assertThrows(OciException.class, () -> s.create("dup"));
        assertEquals("container with id exists: dup", e.getMessage(), "runc's message");
    }

    @Test
    void concurrentCreatesOfOneIdLetExactlyOneWin() throws Exception {
        StateStore s = store();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            results.add(
                    pool.submit(
                            () -> {
                                go.await();
                                try {
                                    s.create("race").close();
                                    return true;
                                } catch (OciException e) {
                                    return false;
                                }
                            }));
        }
        go.countDown();
        int wins = 0;
        for (Future<Boolean> f : results) {
            wins += f.get() ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(
                1, wins, "mkdir is atomic: one create wins, the others are told the id exists");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", ".", "..", "a/b", "../x", "a b", "a\nb", "é"})
    void badIdsAreRefused(String id) {
        OciException e = assertThrows(OciException.class, () -> store().create(id), "id " + id);
        assertTrue(e.getMessage().contains("container id"), "names the id: " + e.getMessage());
    }

    @Test
    void unknownIdsAreNamed() {
        StateStore s = store();
        OciException e = assertThrows(OciException.class, () -> s.read("nope"));
        assertEquals("container \"nope\" does not exist", e.getMessage(), "runc's message");
        assertThrows(OciException.class, () -> s.lock("nope"), "lock on an unknown id fails too");
    }

    @Test
    void statusFollowsTheProcess() {
        StateStore s = store();
        int me = (int) ProcessHandle.current().pid();
        long myStart = HostProcess.startTime(me);
        assertTrue(myStart > 0, "our own start time is readable");
        assertEquals(
                Status.CREATED,
                s.status(Optional.of(state("x", me, myStart, false))),
                "alive, not started: created");
        assertEquals(
                Status.RUNNING,
                s.status(Optional.of(state("x", me, myStart, true))),
                "alive and started: running");
        assertEquals(
                Status.STOPPED,
                s.status(Optional.of(state("x", me, myStart + 1, true))),
                "the same pid with another start time is another process: stopped");
        assertEquals(
                Status.STOPPED,
                s.status(Optional.of(state("x", 0, 0, false))),
                "no init and no sentry: stopped");
        ContainerState creating = state("x", 0, 0, false).withSentry(me, myStart);
        assertEquals(
                Status.CREATING,
                s.status(Optional.of(creating)),
                "no init yet but the sentry is alive: creating");
    }

    @Test
    void aZombieIsStopped() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "exit 3").start();
        int pid = (int) p.pid();
        long start = HostProcess.startTime(pid);
        // Not reaped yet if we are quick; either way it must not read as alive once it exited.
        while (p.isAlive()) {
            Thread.sleep(10);
        }
        assertFalse(
                new HostProcess(pid, start).alive(),
                "an exited process is not alive, zombie or reaped");
    }

    @Test
    void removeDeletesEverythingAndFollowsNoLink() throws IOException {
        StateStore s = store();
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("keep"), "x");
        try (StateStore.Locked l = s.create("gone")) {
            s.write(state("gone", 0, 0, false));
            Files.createDirectories(l.dir().resolve("rootfs/a/b"));
            Files.writeString(l.dir().resolve("rootfs/a/f"), "y");
            Files.createSymbolicLink(l.dir().resolve("link"), outside);
        }
        s.remove("gone");
        assertFalse(Files.exists(s.root().resolve("gone")), "the directory is gone");
        assertTrue(Files.exists(outside.resolve("keep")), "a link's target is left alone");
        assertEquals(List.of(), s.ids(), "no container left");
        s.remove("gone");
    }

    @Test
    void aLockWaitsForTheHolderAndSeesARemoval() throws Exception {
        StateStore s = store();
        s.create("held").close();
        Path lockFile = s.root().resolve("held/lock");
        // Another process holds the container's lock (fcntl, as another sluice would).
        Process holder =
                new ProcessBuilder(
                                "python3",
                                "-c",
                                "import fcntl,sys,time; f=open(sys.argv[1],'w'); fcntl.lockf(f, fcntl.LOCK_EX); print('locked', flush=True);"
                                        + " sys.stdin.read()",
                                lockFile.toString())
                        .start();
        try {
            String line = new String(holder.getInputStream().readNBytes(7));
            assertEquals("locked\n", line, "the helper holds the lock");
            ExecutorService pool = Executors.newSingleThreadExecutor();
            Future<?> waiter = pool.submit(() -> s.lock("held"));
            Thread.sleep(300);
            assertFalse(
                    waiter.isDone(), "a second command on the same container waits for the lock");
            s.remove("held");
            holder.getOutputStream().close();
            try {
                waiter.get(20, TimeUnit.SECONDS);
                throw new AssertionError("the waiter must learn that the container is gone");
            } catch (java.util.concurrent.ExecutionException e) {
                assertTrue(
                        e.getCause() instanceof OciException
                                && e.getCause().getMessage().contains("does not exist"),
                        "the waiter is told the container no longer exists: " + e.getCause());
            }
            pool.shutdown();
        } finally {
            holder.destroyForcibly();
        }
    }
}
