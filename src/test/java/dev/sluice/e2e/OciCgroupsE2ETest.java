package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * OCI containers in their cgroups, on this host's cgroup version: a pids limit the workload runs
 * into, the memory limit in its file, the cgroup made by create and removed by delete, the sentry
 * outside it, {@code ps --format json}, exec'd processes inside it (their cgroup, ps, the pids
 * limit), and pause/resume through the freezer (a counter stops and goes on; kill and delete
 * --force of a paused container). The pids, ps and exec checks run against runc too, where it is
 * installed, as the baseline.
 */
@RequiresRoot
@Timeout(240)
class OciCgroupsE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Path CGROUP = Path.of("/sys/fs/cgroup");
    private static final int PIDS_LIMIT = 8;
    private static final long MEMORY_LIMIT = 64L << 20;

    /** Tries to leave 20 background sleeps; prints how many forks worked and failed; then waits. */
    private static final String FORKS =
            "ok=0; fail=0; i=0; while [ $i -lt 20 ]; do if (sleep 60 &) 2>/dev/null; "
                    + "then ok=$((ok+1)); else fail=$((fail+1)); fi; i=$((i+1)); done; echo forks ok=$ok fail=$fail; exec sleep 100";

    private static final Pattern FORKS_LINE = Pattern.compile("forks ok=(\\d+) fail=(\\d+)");

    /** FORKS for an exec'd shell: the sleeps let go of exec's stdout, and the shell returns. */
    private static final String EXEC_FORKS =
            "ok=0; fail=0; i=0; while [ $i -lt 20 ]; do if (sleep 60 >/dev/null &) 2>/dev/null; "
                    + "then ok=$((ok+1)); else fail=$((fail+1)); fi; i=$((i+1)); done; echo forks ok=$ok fail=$fail";

    private Path root;
    private Path runcRoot;

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        Assumptions.assumeTrue(
                Files.isDirectory(CGROUP), "SKIPPED: no /sys/fs/cgroup on this host");
        root = OciBundle.root();
        runcRoot = OciBundle.root();
    }

    @AfterEach
    void tearDown() throws IOException {
        for (Path r : List.of(root, runcRoot)) {
            if (r != null && Files.isDirectory(r)) {
                try (Stream<Path> s = Files.list(r)) {
                    for (Path p : s.toList()) {
                        if (r == root) {
                            Sluice.run(
                                    "--root",
                                    root.toString(),
                                    "delete",
                                    "--force",
                                    p.getFileName().toString());
                        } else {
                            runc("delete", "--force", p.getFileName().toString());
                        }
                    }
                }
                OciBundle.deleteTree(r);
            }
        }
        // runc leaves the parent of its containers' cgroups, as sluice leaves /sluice: this one is
        // the test's.
        try (Stream<Path> s = Files.list(CGROUP)) {
            for (Path h : s.toList()) {
                Path parent =
                        v2() ? CGROUP.resolve("sluice-e2e-runc") : h.resolve("sluice-e2e-runc");
                if (Files.isDirectory(parent)) {
                    try {
                        Files.delete(parent);
                    } catch (IOException e) {
                        // another run's containers are still in it
                    }
                }
            }
        }
        OciBundle.cleanup();
    }

    // ---- helpers -------------------------------------------------------------------------------

    private static boolean v2() {
        return Files.exists(CGROUP.resolve("cgroup.controllers"));
    }

    /** A control file of cgroup {@code path} (absolute in the hierarchy) on this host's version. */
    private static Path file(String controller, String path, String name) {
        return v2()
                ? CGROUP.resolve(path.substring(1)).resolve(name)
                : CGROUP.resolve(controller).resolve(path.substring(1)).resolve(name);
    }

    private Sluice.Result oci(Object... args) {
        List<Object> parts = new ArrayList<>(List.of("--root", root.toString()));
        parts.addAll(List.of(args));
        return Sluice.run(parts.toArray());
    }

    private JsonNode state(String id) {
        Sluice.Result r = oci("state", id);
        assertEquals(0, r.exitCode(), "state " + id + "\n" + r);
        return read(r.stdout());
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Long> pids(String json) {
        List<Long> out = new ArrayList<>();
        read(json).forEach(n -> out.add(n.asLong()));
        return out;
    }

    private static String text(Path p) {
        try {
            return Files.readString(p).trim();
        } catch (IOException e) {
            return "(unreadable " + p + ": " + e.getMessage() + ")";
        }
    }

    /** The forks line of the workload's stdout, once it is there. */
    private static Matcher forks(OciBundle.Reaper reaper) {
        for (int i = 0; i < 300; i++) {
            Matcher m = FORKS_LINE.matcher(OciBundle.Reaper.read(reaper.out));
            if (m.find()) {
                return m;
            }
            sleep(100);
        }
        throw new AssertionError(
                "the workload printed no forks line\n--- stdout ---\n"
                        + OciBundle.Reaper.read(reaper.out)
                        + "\n--- stderr ---\n"
                        + OciBundle.Reaper.read(reaper.err));
    }

    /** The last number the counting workload printed, -1 for none. */
    private static long counter(OciBundle.Reaper reaper) {
        String[] lines = OciBundle.Reaper.read(reaper.out).trim().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (lines[i].matches("\\d+")) {
                return Long.parseLong(lines[i]);
            }
        }
        return -1;
    }

    private static long awaitCounterAbove(OciBundle.Reaper reaper, long floor) {
        for (int i = 0; i < 300; i++) {
            long c = counter(reaper);
            if (c > floor) {
                return c;
            }
            sleep(100);
        }
        throw new AssertionError(
                "the counter did not pass "
                        + floor
                        + "\n"
                        + OciBundle.Reaper.read(reaper.out)
                        + OciBundle.Reaper.read(reaper.err));
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static Consumer<ObjectNode> limits(String cgroupsPath) {
        return c -> {
            ObjectNode linux = (ObjectNode) c.get("linux");
            ObjectNode r = (ObjectNode) linux.get("resources");
            r.putObject("pids").put("limit", PIDS_LIMIT);
            r.putObject("memory").put("limit", MEMORY_LIMIT);
            if (cgroupsPath != null) {
                linux.put("cgroupsPath", cgroupsPath);
            }
        };
    }

    // ---- sluice --------------------------------------------------------------------------------

    @Test
    void limitsAreEnforcedAndTheCgroupLivesFromCreateToDelete() {
        // With a proxy (the diagnostic pty one), so that a sentry runs and must stay out of the
        // cgroup.
        Consumer<ObjectNode> withSentry =
                c -> {
                    limits(null).accept(c);
                    c.putObject("annotations").put("dev.sluice.proxies", "pty");
                };
        Path b = OciBundle.create("oci-cgroup", List.of("sh", "-c", FORKS), withSentry);
        String id = Sluice.unique("cg");
        String path = "/sluice/" + id; // the default cgroupsPath
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        root.toString(),
                        "create",
                        "-b",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            long init = Long.parseLong(reaper.await("pid", WAIT));
            Path pidsMax = file("pids", path, "pids.max");
            assertTrue(
                    Files.isDirectory(pidsMax.getParent()),
                    "create made the cgroup " + pidsMax.getParent());
            assertEquals(
                    Integer.toString(PIDS_LIMIT), text(pidsMax), "pids.max has the config's limit");
            assertEquals(
                    Long.toString(MEMORY_LIMIT),
                    text(file("memory", path, v2() ? "memory.max" : "memory.limit_in_bytes")),
                    "the memory limit file has the config's limit");
            Sluice.Result ps = oci("ps", "--format", "json", id);
            assertEquals(0, ps.exitCode(), "ps --format json\n" + ps);
            List<Long> inCgroup = pids(ps.stdout());
            assertTrue(inCgroup.contains(init), "ps lists the init pid " + init + ": " + inCgroup);
            long sentry =
                    read(text(root.resolve(id).resolve("state.json"))).get("sentryPid").asLong();
            assertTrue(alive(sentry), "the sentry runs until start");
            assertFalse(
                    inCgroup.contains(sentry),
                    "the sentry (pid "
                            + sentry
                            + ") stays out of the container's cgroup: "
                            + inCgroup);
            Sluice.Result table = oci("ps", id, "-o", "pid,args");
            assertEquals(0, table.exitCode(), "ps -o pid,args\n" + table);
            assertTrue(
                    table.stdout().lines().findFirst().orElse("").contains("PID"),
                    "ps's header first\n" + table.stdout());
            assertTrue(
                    table.stdout().lines().anyMatch(l -> l.trim().startsWith(init + " ")),
                    "the init's line\n" + table.stdout());

            assertEquals(0, oci("start", id).exitCode(), "start");
            Matcher m = forks(reaper);
            int ok = Integer.parseInt(m.group(1));
            int fail = Integer.parseInt(m.group(2));
            System.out.println("[sluice-e2e] sluice, pids.limit " + PIDS_LIMIT + ": " + m.group());
            assertEquals(20, ok + fail, "every fork was tried");
            assertTrue(fail > 0, "pids.limit " + PIDS_LIMIT + " made forks fail: " + m.group());
            assertTrue(
                    ok > 0 && ok < PIDS_LIMIT,
                    "only what fits under the limit was forked: " + m.group());
            List<Long> running = pids(oci("ps", "--format", "json", id).stdout());
            assertTrue(
                    running.size() <= PIDS_LIMIT,
                    "at most " + PIDS_LIMIT + " processes in the cgroup: " + running);
            assertTrue(
                    running.size() >= 1 + ok,
                    "the workload (pid 1) and its sleeps are all in it: "
                            + running
                            + " for "
                            + m.group());

            assertEquals(0, oci("pause", id).exitCode(), "pause");
            assertEquals("paused", state(id).get("status").asText(), "state after pause");
            Sluice.Result kill = oci("kill", id, "KILL");
            assertEquals(0, kill.exitCode(), "kill of a paused container\n" + kill);
            assertEquals(
                    "137",
                    reaper.await("exit", WAIT),
                    "a paused container dies of SIGKILL (thawed after it)");
            assertEquals("stopped", state(id).get("status").asText(), "then it is stopped");
            assertTrue(Files.isDirectory(pidsMax.getParent()), "the cgroup stays until delete");

            Sluice.Result delete = oci("delete", id);
            assertEquals(0, delete.exitCode(), "delete\n" + delete);
            for (String c :
                    v2() ? List.of("") : List.of("pids", "memory", "freezer", "cpu", "devices")) {
                Path dir =
                        v2()
                                ? CGROUP.resolve(path.substring(1))
                                : CGROUP.resolve(c).resolve(path.substring(1));
                assertFalse(Files.exists(dir), "delete removed " + dir);
            }
            for (long p : running) {
                assertFalse(alive(p), "process " + p + " of the container is gone");
            }
        }
    }

    @Test
    void pauseFreezesAndResumeContinues() {
        Path b =
                OciBundle.create(
                        "oci-pause",
                        List.of(
                                "sh",
                                "-c",
                                "n=0; while true; do n=$((n+1)); echo $n; sleep 0.1; done"),
                        c -> {});
        String id = Sluice.unique("pause");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        root.toString(),
                        "create",
                        "-b",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            reaper.await("pid", WAIT);
            Sluice.Result resumeCreated = oci("resume", id);
            assertEquals(
                    1,
                    resumeCreated.exitCode(),
                    "resume of a container that is not paused\n" + resumeCreated);
            assertTrue(
                    resumeCreated.stderr().contains("container not paused"),
                    resumeCreated.stderr());
            assertEquals(0, oci("start", id).exitCode(), "start");
            awaitCounterAbove(reaper, 3);

            assertEquals(0, oci("pause", id).exitCode(), "pause");
            assertEquals("paused", state(id).get("status").asText(), "state says paused");
            Sluice.Result list = oci("list", "--format", "json");
            assertTrue(list.stdout().contains("\"paused\""), "list says paused\n" + list.stdout());
            long frozen = counter(reaper);
            sleep(1500);
            assertEquals(
                    frozen,
                    counter(reaper),
                    "the counter does not advance while paused (15 ticks would have passed)");
            Sluice.Result again = oci("pause", id);
            assertTrue(
                    again.exitCode() == 1 && again.stderr().contains("already paused"),
                    "pause twice\n" + again);

            assertEquals(0, oci("resume", id).exitCode(), "resume");
            assertEquals("running", state(id).get("status").asText(), "state says running again");
            awaitCounterAbove(reaper, frozen + 3);

            assertEquals(0, oci("pause", id).exitCode(), "pause again");
            Sluice.Result delete = oci("delete", "--force", id);
            assertEquals(0, delete.exitCode(), "delete --force of a paused container\n" + delete);
            assertEquals("137", reaper.await("exit", WAIT), "killed with SIGKILL");
            assertFalse(Files.exists(root.resolve(id)), "the state is gone");
            assertFalse(
                    Files.exists(
                            v2()
                                    ? CGROUP.resolve("sluice").resolve(id)
                                    : CGROUP.resolve("freezer/sluice").resolve(id)),
                    "the cgroup is gone");
        }
    }

    // ---- runc, the baseline --------------------------------------------------------------------

    private Sluice.Result runc(String... args) {
        return OciBundle.tool(OciBundle.runcBinary(), runcRoot, args);
    }

    @Test
    void runcBaselineForThePidsLimitAndPs() {
        Path runc = OciBundle.runcBinary();
        if (runc == null) {
            System.out.println(
                    "[sluice-e2e] OciCgroupsE2ETest: SKIPPED the runc baseline: runc is not installed"
                            + " (it comes with containerd, which .ci/run installs)");
        }
        Assumptions.assumeTrue(
                runc != null, "SKIPPED: runc is not installed, no baseline to compare with");
        String id = Sluice.unique("runc-cg");
        String path = "/sluice-e2e-runc/" + id;
        Path b = OciBundle.create("runc-cgroup", List.of("sh", "-c", FORKS), limits(path));
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        runc,
                        "--root",
                        runcRoot.toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0",
                    reaper.await("cmd", WAIT),
                    "runc create\n" + OciBundle.Reaper.read(reaper.err));
            long init = Long.parseLong(reaper.await("pid", WAIT));
            assertEquals(
                    Integer.toString(PIDS_LIMIT),
                    text(file("pids", path, "pids.max")),
                    "runc wrote pids.max");
            Sluice.Result ps = runc("ps", "--format", "json", id);
            assertEquals(0, ps.exitCode(), "runc ps\n" + ps);
            assertTrue(
                    pids(ps.stdout()).contains(init),
                    "runc ps lists its init " + init + ": " + ps.stdout());
            assertEquals(0, runc("start", id).exitCode(), "runc start");
            Matcher m = forks(reaper);
            int ok = Integer.parseInt(m.group(1));
            int fail = Integer.parseInt(m.group(2));
            System.out.println("[sluice-e2e] runc, pids.limit " + PIDS_LIMIT + ": " + m.group());
            assertEquals(20, ok + fail, "every fork was tried");
            assertTrue(
                    fail > 0 && ok > 0 && ok < PIDS_LIMIT,
                    "runc: the same limit, the same failures: " + m.group());
            Sluice.Result delete = runc("delete", "--force", id);
            assertEquals(0, delete.exitCode(), "runc delete --force\n" + delete);
            assertEquals("137", reaper.await("exit", WAIT), "runc's init killed");
            assertFalse(
                    Files.exists(file("pids", path, "pids.max").getParent()),
                    "runc removed its cgroup too");
        }
    }

    // ---- exec'd processes, sluice and runc -----------------------------------------------------

    /**
     * In a running container of {@code binary} (pids.limit 8, running {@code sleep}): an exec'd
     * process sees the cgroup of the container's pid 1 in {@code /proc/self/cgroup}; a detached one
     * is, from the host, in init's cgroup and listed by {@code ps --format json}; and an exec'd
     * shell that tries to leave 20 sleeps runs into the container's pids limit. Returns its forks
     * line.
     */
    private static Matcher execJoinsTheContainersCgroup(
            String name, Path binary, Path stateRoot, String id, String cgroupsPath) {
        Path b =
                OciBundle.create(
                        "exec-cgroup-" + name,
                        List.of("sh", "-c", "exec sleep 100"),
                        limits(cgroupsPath));
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        binary,
                        "--root",
                        stateRoot.toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0",
                    reaper.await("cmd", WAIT),
                    name + " create\n" + OciBundle.Reaper.read(reaper.err));
            long init = Long.parseLong(reaper.await("pid", WAIT));
            Sluice.Result start = OciBundle.tool(binary, stateRoot, "start", id);
            assertEquals(0, start.exitCode(), name + " start\n" + start);

            Sluice.Result self =
                    OciBundle.tool(
                            binary,
                            stateRoot,
                            "exec",
                            id,
                            "sh",
                            "-c",
                            "cat /proc/self/cgroup; echo ---; cat /proc/1/cgroup");
            assertEquals(0, self.exitCode(), name + " exec\n" + self);
            String[] views = self.stdout().split("---\n");
            assertEquals(2, views.length, name + ": two cgroup files\n" + self);
            assertEquals(
                    views[1],
                    views[0],
                    name
                            + ": the exec'd process's /proc/self/cgroup is the container's (its pid 1's)");

            try (OciBundle.Reaper exec =
                    OciBundle.Reaper.named(
                            b,
                            "exec",
                            binary,
                            "--root",
                            stateRoot.toString(),
                            "exec",
                            "--detach",
                            "--pid-file",
                            b.resolve("exec.pid").toString(),
                            id,
                            "sleep",
                            "100")) {
                assertEquals(
                        "0",
                        exec.await("cmd", WAIT),
                        name + " exec --detach\n" + OciBundle.Reaper.read(exec.err));
                long pid = Long.parseLong(exec.await("pid", WAIT));
                assertEquals(
                        text(Path.of("/proc", Long.toString(init), "cgroup")),
                        text(Path.of("/proc", Long.toString(pid), "cgroup")),
                        name
                                + ": seen from the host, the exec'd process "
                                + pid
                                + " is in the cgroups of the container's init "
                                + init);
                Sluice.Result ps = OciBundle.tool(binary, stateRoot, "ps", "--format", "json", id);
                assertEquals(0, ps.exitCode(), name + " ps\n" + ps);
                assertTrue(
                        pids(ps.stdout()).contains(pid),
                        name
                                + ": ps --format json lists the exec'd process "
                                + pid
                                + ": "
                                + ps.stdout());
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
                assertEquals(
                        "137",
                        exec.await("exit", WAIT),
                        name + ": the exec'd sleep is gone, and counts no more");
            }

            Sluice.Result forks =
                    OciBundle.tool(binary, stateRoot, "exec", id, "sh", "-c", EXEC_FORKS);
            assertEquals(0, forks.exitCode(), name + " exec of the forking shell\n" + forks);
            Matcher m = FORKS_LINE.matcher(forks.stdout());
            assertTrue(m.find(), name + ": the forks line\n" + forks);
            int ok = Integer.parseInt(m.group(1));
            int fail = Integer.parseInt(m.group(2));
            System.out.println(
                    "[sluice-e2e] "
                            + name
                            + ", an exec'd shell under pids.limit "
                            + PIDS_LIMIT
                            + ": "
                            + m.group());
            assertEquals(20, ok + fail, name + ": every fork was tried");
            assertTrue(
                    fail > 0 && ok > 0 && ok < PIDS_LIMIT,
                    name
                            + ": the container's pids limit holds for an exec'd process: "
                            + m.group());
            Sluice.Result delete = OciBundle.tool(binary, stateRoot, "delete", "--force", id);
            assertEquals(0, delete.exitCode(), name + " delete --force\n" + delete);
            assertEquals("137", reaper.await("exit", WAIT), name + ": init killed");
            return m;
        }
    }

    /**
     * A container with a cgroup namespace of its own sees its cgroup as the root, in every
     * hierarchy, as under runc: the namespace is made by the container's process once it is in its
     * cgroup (on cgroup v2 it is forked straight into it), never by sluice-init's outer process,
     * which stays in the caller's. Mediated (a sentry) and not.
     */
    @Test
    void aCgroupNamespaceIsRootedAtTheContainersCgroupAsUnderRunc() {
        Path runc = OciBundle.runcBinary();
        Assumptions.assumeTrue(
                runc != null, "SKIPPED: runc is not installed, no baseline to compare with");
        String read =
                "cat /proc/self/cgroup; cat /proc/self/mountinfo | grep -c ' - cgroup' || true";
        Consumer<ObjectNode> cgroupns =
                c ->
                        ((ArrayNode) c.get("linux").get("namespaces"))
                                .addObject()
                                .put("type", "cgroup");
        Path b = OciBundle.create("cgroupns", List.of("sh", "-c", read), cgroupns);
        Sluice.Result r =
                OciBundle.tool(runc, runcRoot, "run", "-b", b.toString(), Sluice.unique("rcgns"));
        assertEquals(0, r.exitCode(), "runc run\n" + r);
        assertTrue(r.stdout().contains(":/\n"), "runc: rooted at its cgroup\n" + r.stdout());
        Path mediated =
                OciBundle.create(
                        "cgroupns-pty",
                        List.of("sh", "-c", read),
                        cgroupns.andThen(
                                c -> c.putObject("annotations").put("dev.sluice.proxies", "pty")));
        for (Path bundle : List.of(b, mediated)) {
            Sluice.Result s = oci("run", "-b", bundle.toString(), Sluice.unique("cgns"));
            assertEquals(0, s.exitCode(), bundle + ": sluice run\n" + s);
            assertEquals(
                    r.stdout(),
                    s.stdout(),
                    bundle + ": the container's view of its cgroups, as under runc");
        }
    }

    @Test
    void execdProcessesAreInTheContainersCgroupAsUnderRunc() {
        Matcher sluice =
                execJoinsTheContainersCgroup(
                        "sluice", Sluice.bin(), root, Sluice.unique("execcg"), null);
        Path runc = OciBundle.runcBinary();
        if (runc == null) {
            System.out.println(
                    "[sluice-e2e] OciCgroupsE2ETest: SKIPPED the runc baseline for exec: runc is not installed");
            return;
        }
        String id = Sluice.unique("runc-execcg");
        Matcher baseline =
                execJoinsTheContainersCgroup("runc", runc, runcRoot, id, "/sluice-e2e-runc/" + id);
        // The same processes in the cgroup as under runc: the container's own (pid 1 is its
        // process,
        // not a process of Sluice's), and exec's waiting process is not in it.
        assertEquals(
                Integer.parseInt(baseline.group(1)),
                Integer.parseInt(sluice.group(1)),
                "sluice's exec'd shell forks as many sleeps as runc's: sluice "
                        + sluice.group()
                        + ", runc "
                        + baseline.group());
    }
}
