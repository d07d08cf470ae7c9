package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real {@code sluice-init} with no sentry waiting: the workload is handed the sentry's end of
 * its control socket ({@code HOLD}), the Java side closes its own, and {@link HeldWorkload} later
 * takes a dup with {@code pidfd_getfd}, sends GO and reads the exec's outcome; and the {@code
 * preserve-fds} op. The plans have no {@code unshare} and no mounts: the workload is a plain child.
 */
@Timeout(30)
class HeldWorkloadTest {
    private static final Path INIT =
            Path.of(System.getProperty("sluice.init", "../native-shims/target/bin/sluice-init"));

    private static InitProcess spawn(LaunchPlan plan, int preserved) {
        assertTrue(
                Files.isExecutable(INIT),
                "sluice-init must be built by native-shims before these tests: " + INIT);
        return InitProcess.spawn(INIT, plan, preserved, pid -> {});
    }

    /**
     * The waiting workload: without a {@code reaper} op it is outer's child itself, the process
     * PID1 names (an OCI container's process is pid 1 of its namespace), and it has no child.
     */
    private static int workloadOf(int pid1) throws IOException {
        String children =
                Files.readString(
                                Path.of(
                                        "/proc",
                                        Integer.toString(pid1),
                                        "task",
                                        Integer.toString(pid1),
                                        "children"))
                        .trim();
        assertEquals(
                "", children, "PID1 is the workload itself, not an init with a child of its own");
        return pid1;
    }

    @Test
    void aHeldChannelStartsTheWorkloadAfterTheSentrysEndIsClosed() throws IOException {
        LaunchPlan plan =
                LaunchPlan.builder().exec("/bin/sh", List.of("sh", "-c", "exit 5")).build();
        try (InitProcess p = spawn(plan, 0)) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs");
            int workload = workloadOf(s.pid1());
            int fd = p.handOff();
            assertTrue(fd > 2, "the workload holds the channel as a fd of its own: " + fd);
            p.close(); // nothing of the Java side's is left open
            assertTrue(
                    Files.exists(
                            Path.of(
                                    "/proc",
                                    Integer.toString(workload),
                                    "fd",
                                    Integer.toString(fd))),
                    "the held end is open in the workload");
            assertNull(
                    HeldWorkload.go(workload, fd, pid -> true, null),
                    "GO through the held end, then end of file at exec");
            assertEquals(5, p.waitFor(), "the workload ran to its own exit status");
        }
    }

    @Test
    void anExecFailureComesBackThroughTheHeldChannel() throws IOException {
        LaunchPlan plan = LaunchPlan.builder().exec("/nonexistent/prog", List.of("prog")).build();
        try (InitProcess p = spawn(plan, 0)) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs up to exec");
            int workload = workloadOf(s.pid1());
            int fd = p.handOff();
            p.close();
            String failure = HeldWorkload.go(workload, fd, pid -> true, null);
            assertEquals("/nonexistent/prog: command not found", failure);
            assertEquals(127, p.waitFor());
        }
    }

    @Test
    void aWorkloadThatIsNoLongerTheContainersIsNotWrittenTo() throws IOException {
        LaunchPlan plan = LaunchPlan.builder().exec("/bin/true", List.of("true")).build();
        try (InitProcess p = spawn(plan, 0)) {
            Startup s = Startup.await(p);
            int workload = workloadOf(s.pid1());
            int fd = p.handOff();
            p.close();
            String failure = HeldWorkload.go(workload, fd, pid -> false, null);
            assertNotNull(failure, "the identity check failed: no GO");
            assertTrue(failure.contains("is gone"), failure);
            String wrongFd = HeldWorkload.go(workload, 1000, pid -> true, null);
            assertTrue(
                    wrongFd.contains("cannot take the control socket") && wrongFd.contains("EBADF"),
                    wrongFd);
            HeldWorkload.go(workload, fd, pid -> true, null); // let it finish
            assertEquals(0, p.waitFor());
        }
    }

    @Test
    void preservedFdsReachTheWorkloadAndNothingElseDoes() throws IOException {
        Path three = Files.readSymbolicLink(Path.of("/proc/self/fd/3"));
        assertTrue(
                Files.exists(Path.of("/proc/self/fd/4")),
                "this JVM has fd 4 open too (not passed on)");
        String check =
                "test \"$(readlink /proc/self/fd/3)\" = '"
                        + three
                        + "' || exit 3; test -e /proc/self/fd/4 && exit 4; exit 0";
        LaunchPlan plan =
                LaunchPlan.builder()
                        .preserveFds(1)
                        .exec("/bin/sh", List.of("sh", "-c", check))
                        .build();
        try (InitProcess p = spawn(plan, 1)) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs");
            p.go();
            assertNull(Startup.awaitExec(p));
            assertEquals(
                    0,
                    p.waitFor(),
                    "exit 3: fd 3 is not this JVM's fd 3; exit 4: a fd beyond the preserved one leaked");
        }
    }
}
