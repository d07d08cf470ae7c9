package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sluice.sentry.nativeio.Native;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The real {@code sluice-init} carrying out the {@code cgroup} op (an OCI container on cgroup v2):
 * the container's process is forked straight into its cgroup and outer is never moved there; where
 * clone3 is refused, the forked process moves itself in first and is still born inside; the {@code
 * cgroupns} op roots the process's cgroup namespace at that cgroup; no fd of the cgroup reaches the
 * workload. An exec'd process (a join plan) is born there too, as outer's child, and outer, which
 * waits for it and forwards its signals, never was. Runs on a cgroup2 mount of the host's: the
 * whole tree on a cgroup v2 host, the unified one on a hybrid host (a cgroup there needs no
 * controller for this).
 */
@Timeout(60)
class CgroupForkTest {
    private static final Path INIT =
            Path.of(System.getProperty("sluice.init", "../native-shims/target/bin/sluice-init"));
    private static final Path NO_CLONE3 =
            Path.of(
                    System.getProperty(
                            "sluice.noClone3", "../native-shims/target/test-bin/sluice-no-clone3"));

    @TempDir Path tmp;
    private Path mount;
    private Path cgroup;

    @BeforeEach
    void cgroup() throws IOException {
        assertTrue(Files.isExecutable(INIT), "sluice-init must be built first: " + INIT);
        assumeTrue(Native.geteuid() == 0, "skipped: making a cgroup needs root");
        mount = cgroup2Mount();
        assumeTrue(mount != null, "skipped: no cgroup2 mount on this host");
        cgroup = mount.resolve("sluice-cgroup-fork-test-" + ProcessHandle.current().pid());
        Files.createDirectories(cgroup);
    }

    @AfterEach
    void removeCgroup() throws Exception {
        if (cgroup == null) {
            return;
        }
        for (int i = 0; i < 100 && Files.exists(cgroup); i++) {
            try {
                Files.delete(cgroup); // rmdir: EBUSY while an exited process is not reaped yet
            } catch (IOException e) {
                Thread.sleep(20);
            }
        }
    }

    /** The mount point of the first cgroup2 filesystem in this process's mountinfo. */
    private static Path cgroup2Mount() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            String[] halves = line.split(" - ", 2);
            if (halves.length == 2 && halves[1].startsWith("cgroup2 ")) {
                return Path.of(halves[0].split(" ")[4]);
            }
        }
        return null;
    }

    /** {@code pid}'s cgroup in the cgroup2 hierarchy, as {@code /proc/PID/cgroup} names it. */
    private static String unifiedCgroup(Path procCgroup) throws IOException {
        for (String line : Files.readAllLines(procCgroup)) {
            if (line.startsWith("0::")) {
                return line.substring(3);
            }
        }
        throw new AssertionError("no cgroup2 line in " + procCgroup);
    }

    private String hostView() {
        return "/" + mount.relativize(cgroup);
    }

    /** The shell command that writes its cgroups to {@code cgroups} and its fds to {@code fds}. */
    private static String whereAmI(Path cgroups, Path fds) {
        return "cat /proc/self/cgroup > " + cgroups + "; ls -l /proc/$$/fd > " + fds;
    }

    /** {@code b}'s plan, ending in {@code sh -c script}. */
    private static LaunchPlan shell(LaunchPlan.Builder b, String script) {
        return b.exec("/bin/sh", List.of("sh", "-c", script)).build();
    }

    private record Seen(String outer, String pid1, String workload, String workloadFds) {}

    /**
     * Runs a plan with {@code cgroup} and {@code cgroupns} whose workload writes where it finds
     * itself and its fds, and reads outer's and the process's cgroups before the process execs.
     */
    private Seen run(Spawner spawner) throws IOException {
        Path seen = tmp.resolve("cgroup");
        Path fds = tmp.resolve("fds");
        LaunchPlan plan =
                shell(
                        LaunchPlan.builder().cgroup(cgroup.toString()).cgroupns(),
                        whereAmI(seen, fds));
        try (InitProcess p = InitProcess.spawn(spawner, INIT, plan, 0, false, pid -> {})) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs");
            String outer = unifiedCgroup(Path.of("/proc/" + p.pid() + "/cgroup"));
            String pid1 = unifiedCgroup(Path.of("/proc/" + s.pid1() + "/cgroup"));
            p.go();
            assertNull(Startup.awaitExec(p), "the workload execs");
            assertEquals(0, p.waitFor(), "the workload exits 0");
            return new Seen(outer, pid1, unifiedCgroup(seen), Files.readString(fds));
        }
    }

    @Test
    void theContainersProcessIsBornInItsCgroupAndOuterIsNeverMoved() throws IOException {
        Seen s = run(Spawner.LOCAL);
        assertEquals(hostView(), s.pid1(), "the process is in the container's cgroup");
        assertNotEquals(hostView(), s.outer(), "outer was never moved there");
        assertEquals("/", s.workload(), "its cgroup namespace is rooted at its cgroup");
        assertTrue(
                !s.workloadFds().contains("cgroup"),
                "no fd of the cgroup reaches the workload: " + s.workloadFds());
    }

    @Test
    void whereClone3IsRefusedOuterMovesItselfFirstAndTheProcessIsStillBornInside()
            throws IOException {
        Spawner refusing = refusingClone3();
        Seen s = run(refusing);
        assertEquals(
                hostView(), s.pid1(), "the process moved itself in (clone3: ENOSYS) before it ran");
        assertNotEquals(hostView(), s.outer(), "outer stayed where it was");
        assertEquals("/", s.workload(), "its cgroup namespace is rooted at its cgroup");
        assertTrue(
                !s.workloadFds().contains("cgroup"),
                "no fd of the cgroup reaches the workload: " + s.workloadFds());
    }

    /** Starts sluice-init under a filter that answers clone3 with ENOSYS, as Docker's profile. */
    private static Spawner refusingClone3() {
        assertTrue(Files.isExecutable(NO_CLONE3), "the test tool must be built: " + NO_CLONE3);
        return new ChildSpawner() {
            @Override
            public int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
                List<String> a = new ArrayList<>(argv);
                a.add(0, NO_CLONE3.toString());
                a.set(1, file);
                return LOCAL.spawn(NO_CLONE3.toString(), a, env, fds);
            }
        };
    }

    private static final long CLONE_NEWUTS = 0x04000000L;

    /** What an exec'd process (a join plan with {@code cgroup}) found. */
    private record Exec(
            String process,
            String fds,
            String outer,
            int pid,
            int ppid,
            int reported,
            int outerPid,
            int status) {}

    /**
     * Execs a shell that reports where it is and then becomes a {@code sleep} into the UTS
     * namespace of another {@code sleep} (the "container"), with a join plan that forks it into the
     * test's cgroup; reads outer's cgroup while the process runs, then lets {@code meanwhile} act
     * on outer, and waits for it.
     */
    private Exec exec(Spawner spawner, java.util.function.Consumer<InitProcess> meanwhile)
            throws Exception {
        Process target = new ProcessBuilder("sleep", "60").start();
        try {
            int pid = (int) target.pid();
            Path seen = tmp.resolve("exec-cgroup");
            Path ids = tmp.resolve("exec-ids");
            Path fds = tmp.resolve("exec-fds");
            LaunchPlan plan =
                    shell(
                            LaunchPlan.builder()
                                    .join(pid, HostProcess.startTime(pid), CLONE_NEWUTS)
                                    .cgroup(cgroup.toString()),
                            whereAmI(seen, fds)
                                    + "; echo $$ $PPID > "
                                    + ids
                                    + ".tmp; mv "
                                    + ids
                                    + ".tmp "
                                    + ids
                                    + "; exec sleep 60");
            try (InitProcess p = InitProcess.spawn(spawner, INIT, plan, 0, false, x -> {})) {
                Startup s = Startup.await(p);
                assertNull(s.failure(), "the plan runs");
                p.go();
                int[] reported = {0};
                assertNull(Startup.awaitExec(p, null, x -> reported[0] = x), "the process execs");
                for (int i = 0; i < 500 && !Files.exists(ids); i++) {
                    Thread.sleep(10);
                }
                String[] pp = Files.readString(ids).trim().split(" ");
                List<String> members = List.of();
                for (int i = 0; i < 200; i++) { // mid, reaped by outer, leaves the cgroup
                    members =
                            Files.readAllLines(cgroup.resolve("cgroup.procs")).stream()
                                    .filter(l -> !l.isBlank())
                                    .toList();
                    if (members.size() == 1) {
                        break;
                    }
                    Thread.sleep(10);
                }
                assertEquals(
                        List.of(pp[0]), members, "only the process is in the cgroup, no helper");
                String outer = unifiedCgroup(Path.of("/proc/" + p.pid() + "/cgroup"));
                meanwhile.accept(p);
                return new Exec(
                        unifiedCgroup(seen),
                        Files.readString(fds),
                        outer,
                        Integer.parseInt(pp[0]),
                        Integer.parseInt(pp[1]),
                        reported[0],
                        p.pid(),
                        p.waitFor());
            }
        } finally {
            target.destroyForcibly().waitFor();
        }
    }

    private void assertExecd(Exec e) {
        assertEquals(hostView(), e.process(), "the exec'd process is in the container's cgroup");
        assertNotEquals(hostView(), e.outer(), "outer, which waits for it, was never moved there");
        assertEquals(e.pid(), e.reported(), "PID1 names the process");
        assertEquals(e.outerPid(), e.ppid(), "the process is outer's child (CLONE_PARENT)");
        assertTrue(
                !e.fds().contains("cgroup"),
                "no fd of the cgroup reaches the exec'd process: " + e.fds());
    }

    @Test
    void anExecdProcessIsBornInItsCgroupAsOutersChildAndItsSignalsAndStatusReachIt()
            throws Exception {
        Exec e = exec(Spawner.LOCAL, p -> p.signal(15)); // SIGTERM to outer, forwarded
        assertExecd(e);
        assertEquals(
                128 + 15,
                e.status(),
                "outer forwarded SIGTERM and exits with the process's status");
    }

    @Test
    void whereClone3IsRefusedAnExecdProcessIsStillBornInItsCgroup() throws Exception {
        Exec e = exec(refusingClone3(), p -> p.signal(15));
        assertExecd(e);
        assertEquals(128 + 15, e.status(), "its status");
    }

    @Test
    void aCgroupThatIsGoneFailsTheStartNamingIt() {
        Path gone = cgroup.resolve("gone");
        LaunchPlan plan =
                LaunchPlan.builder()
                        .cgroup(gone.toString())
                        .exec("/bin/true", List.of("true"))
                        .build();
        try (InitProcess p = InitProcess.spawn(Spawner.LOCAL, INIT, plan, 0, false, pid -> {})) {
            Startup s = Startup.await(p);
            assertNotNull(s.failure(), "nothing runs");
            assertTrue(
                    s.failure().contains("cgroup " + gone + ": open"),
                    "the failure names the cgroup: " + s.failure());
            assertEquals(0, s.pid1(), "no process was forked");
        }
    }
}
