package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.TestFds;
import dev.sluice.sentry.nativeio.ThreadCaps;
import dev.sluice.sentry.nativeio.ThreadIds;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link WorkerCredentials} on threads of this JVM made for each case (credentials are per thread,
 * so the test's own thread keeps root's). Needs root with the full capability set, as the sentry
 * has; skipped (visibly) otherwise. The guest of the non-root cases is a {@code sleep} run as uid
 * and gid 1000 with {@code setpriv}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class WorkerCredentialsTest {
    private static final long UID = 1000;
    private static final long GID = 1000;

    @BeforeAll
    static void rootWithEveryCapability() {
        ThreadIds.Ids u = ThreadIds.uids();
        ThreadCaps.Sets c = ThreadCaps.read();
        Assumptions.assumeTrue(
                u != null
                        && u.effective() == 0
                        && c != null
                        && (c.permitted() & WorkerCredentials.FOR_PROC_MEM)
                                == WorkerCredentials.FOR_PROC_MEM,
                "SKIPPED: needs root with CAP_SYS_PTRACE and CAP_DAC_OVERRIDE permitted (uids "
                        + u
                        + ", caps "
                        + c
                        + ")");
    }

    /** Runs {@code body} on a fresh thread and rethrows what it threw. */
    private static void onNewThread(ThrowingRunnable body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t =
                new Thread(
                        () -> {
                            try {
                                body.run();
                            } catch (Throwable e) {
                                failure.set(e);
                            }
                        },
                        "sentry-worker-test");
        t.start();
        t.join();
        if (failure.get() instanceof Exception e) {
            throw e;
        }
        if (failure.get() instanceof Error e) {
            throw e;
        }
    }

    @FunctionalInterface
    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The "Name:\tvalue" lines of /proc/self/task/TID/status. */
    private static Map<String, String> status(int tid) throws IOException {
        Map<String, String> m = new LinkedHashMap<>();
        for (String l :
                Files.readAllLines(Path.of("/proc/self/task", Integer.toString(tid), "status"))) {
            int colon = l.indexOf(':');
            if (colon > 0) {
                m.put(l.substring(0, colon), l.substring(colon + 1).trim().replaceAll("\\s+", " "));
            }
        }
        return m;
    }

    @Test
    void aWorkerTakesTheGuestsUidGidAndCapabilitiesOnItsOwnThreadOnly() throws Exception {
        Map<String, String> mine = status(TestFds.gettid());
        GuestCredentials guest = new GuestCredentials(UID, GID, 1L << 0 /* CAP_CHOWN */);
        onNewThread(
                () -> {
                    assertFalse(
                            WorkerCredentials.actsAs(guest),
                            "a fresh thread acts as nobody's guest");
                    assertEquals(
                            0,
                            WorkerCredentials.become(guest),
                            "the worker takes the guest's credentials");
                    assertTrue(WorkerCredentials.actsAs(guest), "and then acts as that guest");
                    assertFalse(
                            WorkerCredentials.actsAs(GuestCredentials.root(1L)), "and no other");
                    Map<String, String> s = status(TestFds.gettid());
                    assertEquals(
                            "0 1000 0 0",
                            s.get("Uid"),
                            "real and saved uid stay root (the permitted set and signals),"
                                    + " the effective uid is the guest's, the fs uid root's");
                    assertEquals("0 1000 0 0", s.get("Gid"), "likewise for the gid");
                    assertEquals(
                            "0000000000000001",
                            s.get("CapEff"),
                            "the guest's capabilities, nothing more");
                    assertEquals(
                            mine.get("CapPrm"),
                            s.get("CapPrm"),
                            "the permitted set is kept, to raise CAP_SYS_PTRACE");
                });
        Map<String, String> after = status(TestFds.gettid());
        assertEquals(mine.get("Uid"), after.get("Uid"), "other threads keep the sentry's uids");
        assertEquals(mine.get("CapEff"), after.get("CapEff"), "and its capabilities");
    }

    /** What a test does with a guest process: its pid, and a pidfd of it (closed afterwards). */
    @FunctionalInterface
    private interface WithGuest {
        void run(int pid, int pidfd) throws Exception;
    }

    /** Starts {@code command} as the guest, runs {@code body}, and kills the guest. */
    private static void withGuest(List<String> command, long uid, WithGuest body) throws Exception {
        Process guest = new ProcessBuilder(command).start();
        try {
            int pid = (int) guest.pid();
            awaitUid(pid, uid);
            int pidfd = Native.pidfdOpen(pid, 0);
            assertTrue(pidfd >= 0, "pidfd of the guest: " + Errno.describe(-pidfd));
            try {
                body.run(pid, pidfd);
            } finally {
                Native.close(pidfd);
            }
        } finally {
            guest.destroyForcibly();
            guest.waitFor();
        }
    }

    @Test
    void aNonRootGuestIsReachedWithPtraceRaisedOnlyAroundTheDupAndTheMemoryOpen() throws Exception {
        withGuest(
                List.of(
                        "setpriv",
                        "--reuid=" + UID,
                        "--regid=" + GID,
                        "--clear-groups",
                        "sleep",
                        "60"),
                UID,
                (pid, pidfd) ->
                        onNewThread(
                                () -> {
                                    assertEquals(
                                            0,
                                            WorkerCredentials.become(
                                                    new GuestCredentials(UID, GID, 0)),
                                            "become the guest");
                                    WorkerCredentials w = WorkerCredentials.current();
                                    int plain = Native.pidfdGetfd(pidfd, 0);
                                    assertEquals(
                                            -Errno.EPERM,
                                            plain,
                                            "the premise: with the guest's capabilities alone pidfd_getfd is refused"
                                                    + " (the worker's real uid is not the guest's)");
                                    int fd = w.pidfdGetfd(pidfd, 0);
                                    assertTrue(
                                            fd >= 0,
                                            "with CAP_SYS_PTRACE raised around it, the dup works: "
                                                    + (fd < 0 ? Errno.describe(-fd) : ""));
                                    Native.close(fd);
                                    assertEquals(
                                            0,
                                            ThreadCaps.effective(),
                                            "and lowered again right after");
                                    Pointer path = path("/proc/" + pid + "/mem");
                                    int mem = w.openProcMem(path.address());
                                    assertTrue(
                                            mem >= 0,
                                            "the guest's /proc/PID/mem opens: "
                                                    + (mem < 0 ? Errno.describe(-mem) : ""));
                                    Native.close(mem);
                                    assertEquals(
                                            0,
                                            ThreadCaps.effective(),
                                            "lowered again after the open too");
                                    int plainMem =
                                            (int)
                                                    Native.ret(
                                                            Native.LIBC.open(
                                                                    path.address(),
                                                                    Native.O_RDWR
                                                                            | Native.O_CLOEXEC,
                                                                    0));
                                    assertTrue(
                                            plainMem == -Errno.EACCES || plainMem == -Errno.EPERM,
                                            "without raising, the open is refused: "
                                                    + Errno.describe(-plainMem));
                                }));
    }

    @Test
    void aRootGuestIsReachedWithoutRaisingAnything() throws Exception {
        withGuest(
                List.of("sleep", "60"),
                0,
                (pid, pidfd) -> {
                    onNewThread(
                            () -> {
                                // A root guest with all of root's capabilities: the worker acts as
                                // root with them.
                                ThreadCaps.Sets all = ThreadCaps.read();
                                assertEquals(
                                        0,
                                        WorkerCredentials.become(
                                                GuestCredentials.root(all.permitted())),
                                        "become the guest");
                                int fd = WorkerCredentials.current().pidfdGetfd(pidfd, 0);
                                assertTrue(
                                        fd >= 0,
                                        "the dup works: " + (fd < 0 ? Errno.describe(-fd) : ""));
                                Native.close(fd);
                            });
                    onNewThread(
                            () -> {
                                // A root guest with fewer: root's real uid still lets the dup
                                // through without CAP_SYS_PTRACE.
                                assertEquals(
                                        0,
                                        WorkerCredentials.become(
                                                GuestCredentials.root(PlanCompiler.DEFAULT_CAPS)),
                                        "become");
                                int plain = Native.pidfdGetfd(pidfd, 0);
                                assertTrue(
                                        plain >= 0,
                                        "the premise: no raise is needed for a root guest: "
                                                + (plain < 0 ? Errno.describe(-plain) : ""));
                                Native.close(plain);
                                int fd = WorkerCredentials.current().pidfdGetfd(pidfd, 0);
                                assertTrue(
                                        fd >= 0,
                                        "the dup works: " + (fd < 0 ? Errno.describe(-fd) : ""));
                                Native.close(fd);
                                assertEquals(
                                        PlanCompiler.DEFAULT_CAPS,
                                        ThreadCaps.effective(),
                                        "the guest's set, unchanged");
                            });
                });
    }

    @Test
    void aWorkerThatCannotTakeTheCredentialsRefusesEverything() throws Exception {
        GuestCredentials guest = GuestCredentials.root(PlanCompiler.DEFAULT_CAPS);
        onNewThread(
                () -> {
                    // A thread whose permitted set lacks what the guest has: capset must fail.
                    ThreadCaps.Sets s = ThreadCaps.read();
                    assertEquals(
                            0,
                            ThreadCaps.set(new ThreadCaps.Sets(0, 0, s.inheritable())),
                            "drop every capability here");
                    assertEquals(
                            -Errno.EPERM,
                            WorkerCredentials.become(guest),
                            "taking the guest's capabilities fails");
                    assertFalse(
                            WorkerCredentials.actsAs(guest),
                            "so the worker does not act as the guest: it refuses calls");
                    int pidfd = Native.pidfdOpen(Native.getpid(), 0);
                    try {
                        assertEquals(
                                -Errno.EPERM,
                                WorkerCredentials.current().pidfdGetfd(pidfd, 0),
                                "and reaches into nothing");
                    } finally {
                        Native.close(pidfd);
                    }
                });
    }

    private static void awaitUid(int pid, long uid) throws Exception {
        for (int i = 0; i < 200; i++) {
            for (String l : Files.readAllLines(Path.of("/proc", Integer.toString(pid), "status"))) {
                if (l.startsWith("Uid:") && l.substring(4).trim().startsWith(uid + "\t")) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("process " + pid + " never ran as uid " + uid);
    }

    private static Pointer path(String p) {
        byte[] b = p.getBytes(StandardCharsets.US_ASCII);
        Pointer ptr = Memory.allocateDirect(Native.RUNTIME, b.length + 1, true);
        ptr.put(0, b, 0, b.length);
        return ptr;
    }
}
