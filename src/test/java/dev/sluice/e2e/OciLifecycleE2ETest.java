package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * OCI containers through the runc-compatible commands, the way containerd's shim drives them: spec,
 * create (init waits, the sentry detaches, init is reparented to the caller's subreaper), state,
 * start, kill, delete; the exit status read through the pid file's process; runc's {@code run}; the
 * detached sentry mediating device ioctls.
 */
@RequiresRoot
@Timeout(180)
class OciLifecycleE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private Path root;
    private Path log;

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
        log = root.resolveSibling(root.getFileName() + ".log");
    }

    @AfterEach
    void tearDown() throws IOException {
        OciBundle.deleteRoot(root);
        if (log != null) {
            Files.deleteIfExists(log);
        }
        OciBundle.cleanup();
    }

    /**
     * {@code bin/sluice --root R --log L --log-format json ARGS...}, as containerd's shim calls it.
     */
    private Sluice.Result oci(Object... args) {
        List<Object> parts =
                new ArrayList<>(
                        List.of(
                                "--root",
                                root.toString(),
                                "--log",
                                log.toString(),
                                "--log-format",
                                "json"));
        parts.addAll(List.of(args));
        return Sluice.run(parts.toArray());
    }

    private JsonNode state(String id) {
        Sluice.Result r = oci("state", id);
        assertEquals(0, r.exitCode(), "state " + id + "\n" + r);
        try {
            return JSON.readTree(r.stdout());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private JsonNode recorded(String id) {
        try {
            return JSON.readTree(root.resolve(id).resolve("state.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
                && !procState(pid).equals("Z");
    }

    private static String procState(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        } catch (IOException e) {
            return "gone";
        }
    }

    private void assertGone(String id, long sentryPid, long initPid) {
        assertFalse(Files.exists(root.resolve(id)), "delete removes the state directory of " + id);
        for (int i = 0; i < 50 && alive(sentryPid); i++) {
            sleep(100);
        }
        assertFalse(
                alive(sentryPid),
                "the detached sentry (pid " + sentryPid + ") is gone after delete");
        assertFalse(
                alive(initPid), "the container's init (pid " + initPid + ") is gone after delete");
    }

    /**
     * Host processes (JVMs of bin/sluice, sluice-init outside a container) whose command line names
     * {@code root}, but for the root's runtime service and its idle spare sentry.
     */
    private static List<String> sluiceProcessesOf(Path root) {
        List<String> out = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(q -> q.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String cmd = Files.readString(p.resolve("cmdline")).replace('\0', ' ');
                    // The root's runtime service serves every container of the root, and its
                    // idle spare sentry is not yet any container's.
                    if (cmd.contains(root.toString())
                            && !cmd.contains("sluice-reaper")
                            && !cmd.contains(" service --socket ")
                            && !cmd.contains(" sentry-spare ")) {
                        out.add(p.getFileName() + ": " + cmd);
                    }
                } catch (IOException e) {
                    // exited meanwhile
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void specCreateStateStartKillDelete() {
        // The workload is pid 1 of its namespace, as under runc: the kernel drops a signal it has
        // no
        // handler for, so it handles SIGTERM itself (sleeping in short steps, as sh runs traps
        // between commands).
        Path b =
                OciBundle.create(
                        "oci-lifecycle",
                        "sh",
                        "-c",
                        "trap 'exit 143' TERM; echo started; hostname;"
                                + " while :; do sleep 0.2; done");
        String id = Sluice.unique("life");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        root.toString(),
                        "--log",
                        log.toString(),
                        "--log-format",
                        "json",
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0",
                    reaper.await("cmd", WAIT),
                    "create exits 0\n" + OciBundle.Reaper.read(reaper.err));
            long pid = Long.parseLong(reaper.await("pid", WAIT));
            assertEquals(
                    Long.toString(reaper.pid()),
                    reaper.await("parent", WAIT),
                    "the container's process is reparented to the caller's subreaper, not the sentry's child");
            JsonNode s = state(id);
            assertEquals("created", s.get("status").asText(), "after create: " + s);
            assertEquals(pid, s.get("pid").asLong(), "state's pid is the pid file's");
            assertEquals(b.toString(), s.get("bundle").asText(), "bundle");
            assertEquals(id, s.get("id").asText(), "id");
            long sentry = recorded(id).get("sentryPid").asLong();
            assertEquals(0, sentry, "no device proxy: no sentry stays after create");
            assertEquals(
                    List.of(),
                    sluiceProcessesOf(root),
                    "no process of Sluice's is left for the container");
            assertTrue(
                    Files.exists(root.resolve(id).resolve("held")),
                    "the waiting workload holds its GO channel");
            assertEquals("", OciBundle.Reaper.read(reaper.out), "nothing ran before start");

            Sluice.Result start = oci("start", id);
            assertEquals(0, start.exitCode(), "start\n" + start);
            assertEquals("running", state(id).get("status").asText(), "after start");
            for (int i = 0;
                    i < 100 && !OciBundle.Reaper.read(reaper.out).contains("started");
                    i++) {
                sleep(100);
            }
            assertEquals(
                    "started\nsluice\n",
                    OciBundle.Reaper.read(reaper.out),
                    "the workload wrote to the caller's stdout");

            Sluice.Result again = oci("start", id);
            assertEquals(1, again.exitCode(), "start twice\n" + again);
            assertTrue(
                    again.stderr().contains("cannot start an already running container"),
                    again.stderr());

            Sluice.Result notStopped = oci("delete", id);
            assertEquals(
                    1,
                    notStopped.exitCode(),
                    "delete of a running container without --force\n" + notStopped);
            assertTrue(
                    notStopped.stderr().contains("that is not stopped: running"),
                    notStopped.stderr());

            Sluice.Result kill = oci("kill", id, "SIGTERM");
            assertEquals(0, kill.exitCode(), "kill\n" + kill);
            assertEquals(
                    "143", reaper.await("exit", WAIT), "SIGTERM reached the workload: exit 128+15");
            JsonNode stopped = state(id);
            assertEquals("stopped", stopped.get("status").asText(), "after the workload exited");
            assertEquals(0, stopped.get("pid").asLong(), "a stopped container has pid 0");

            Sluice.Result kill2 = oci("kill", id, "KILL");
            assertEquals(1, kill2.exitCode(), "kill of a stopped container\n" + kill2);
            assertTrue(kill2.stderr().contains("container not running"), kill2.stderr());
            Sluice.Result start2 = oci("start", id);
            assertTrue(
                    start2.stderr().contains("cannot start a container that has stopped"),
                    start2.stderr());

            Sluice.Result delete = oci("delete", id);
            assertEquals(0, delete.exitCode(), "delete\n" + delete);
            assertGone(id, sentry, pid);
            assertFalse(kill.hasStackTrace() || delete.hasStackTrace(), "no stack traces");
        }
    }

    @Test
    void theExitStatusComesThroughThePidFilesProcess() {
        Path b = OciBundle.create("oci-exit", "sh", "-c", "exit 7");
        String id = Sluice.unique("exit");
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        "--root",
                        root.toString(),
                        "create",
                        "-b",
                        b.toString(),
                        "--pid-file=" + b.resolve("init.pid"),
                        id)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            reaper.await("pid", WAIT);
            assertEquals(0, oci("start", id).exitCode(), "start");
            assertEquals("7", reaper.await("exit", WAIT), "the workload's exit code is init's");
            assertEquals(0, oci("delete", id).exitCode(), "delete a stopped container");
        }
    }

    @Test
    void killOfACreatedContainerAndDeleteForce() {
        Path b = OciBundle.create("oci-force", "sleep", "100");
        String id = Sluice.unique("force");
        String id2 = Sluice.unique("force2");
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
            long pid = Long.parseLong(reaper.await("pid", WAIT));
            long sentry = recorded(id).get("sentryPid").asLong();
            Sluice.Result dup = oci("create", "--bundle", b.toString(), id);
            assertEquals(1, dup.exitCode(), "create with an existing id\n" + dup);
            assertTrue(dup.stderr().contains("container with id exists: " + id), dup.stderr());
            assertEquals(
                    "created",
                    state(id).get("status").asText(),
                    "the existing container is untouched");
            Sluice.Result del = oci("delete", "--force", id);
            assertEquals(0, del.exitCode(), "delete --force of a created container\n" + del);
            assertEquals("137", reaper.await("exit", WAIT), "killed with SIGKILL");
            assertGone(id, sentry, pid);
        }
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
                        id2)) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            long pid = Long.parseLong(reaper.await("pid", WAIT));
            long sentry = recorded(id2).get("sentryPid").asLong();
            assertEquals(0, oci("start", id2).exitCode(), "start");
            Sluice.Result all = oci("kill", "--all", id2, "9");
            assertEquals(0, all.exitCode(), "kill --all\n" + all);
            assertEquals("137", reaper.await("exit", WAIT), "every process got SIGKILL");
            assertEquals(0, oci("delete", id2).exitCode(), "delete");
            assertGone(id2, sentry, pid);
        }
    }

    @Test
    void runInRuncsFormWaitsForTheContainerAndDeletesIt() {
        Path b = OciBundle.create("oci-run", "sh", "-c", "echo in-container; exit 3");
        String id = Sluice.unique("run");
        Sluice.Result r =
                Sluice.run("--root", root.toString(), "run", "--bundle", b.toString(), id);
        assertEquals(3, r.exitCode(), "run returns the container's exit status\n" + r);
        assertTrue(r.stdout().contains("in-container"), "with the caller's stdout\n" + r);
        assertFalse(Files.exists(root.resolve(id)), "and deletes the container");
        Sluice.Result sandbox = Sluice.run("run", "--", "true");
        assertEquals(
                0, sandbox.exitCode(), "sluice run -- CMD is still the sandbox run\n" + sandbox);
    }

    /**
     * {@code --preserve-fds 2}: the caller's fds 3 and 4 reach the workload, open, and nothing else
     * does; the same as runc's {@code run --preserve-fds 2} in the same test.
     */
    @Test
    void preservedFdsReachTheWorkloadAsWithRunc() throws IOException {
        Path b =
                OciBundle.create(
                        "oci-fds",
                        "sh",
                        "-c",
                        "echo three >&3; echo four >&4; ls /proc/self/fd | tr '\\n' ' '");
        Map<String, String> outputs = new LinkedHashMap<>();
        Path runc = Path.of("/usr/sbin/runc");
        Map<String, Path> runtimes = new LinkedHashMap<>();
        runtimes.put("sluice", Sluice.bin());
        if (Files.isExecutable(runc)) {
            runtimes.put("runc", runc);
        } else {
            System.out.println("SKIPPED (runc baseline of preserve-fds): " + runc + " is missing");
        }
        for (Map.Entry<String, Path> rt : runtimes.entrySet()) {
            Path three = b.resolve(rt.getKey() + ".3");
            Path four = b.resolve(rt.getKey() + ".4");
            Path out = b.resolve(rt.getKey() + ".out");
            String id = Sluice.unique("fds");
            String script =
                    "exec 3>"
                            + three
                            + " 4>"
                            + four
                            + " >"
                            + out
                            + "; exec "
                            + rt.getValue()
                            + " --root "
                            + root.resolve(rt.getKey())
                            + " run --preserve-fds 2 -b "
                            + b
                            + " "
                            + id;
            Process p =
                    new ProcessBuilder("/bin/sh", "-c", script).redirectErrorStream(true).start();
            try {
                assertTrue(
                        p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS),
                        rt.getKey() + " run finished");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            String err = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.exitValue(), rt.getKey() + ": " + err);
            assertEquals(
                    "three\n", Files.readString(three), rt.getKey() + ": fd 3 is the caller's");
            assertEquals("four\n", Files.readString(four), rt.getKey() + ": fd 4 is the caller's");
            outputs.put(rt.getKey(), Files.readString(out).trim());
        }
        assertEquals(
                "0 1 2 3 4 5",
                outputs.get("sluice"),
                "fds 0-4 and ls's own directory fd, nothing more");
        if (outputs.containsKey("runc")) {
            assertEquals(outputs.get("runc"), outputs.get("sluice"), "the same fds as under runc");
        }
    }

    @Test
    void theDetachedSentryMediatesDeviceIoctls() {
        Path b =
                OciBundle.create(
                        "oci-pty",
                        List.of("sluice-testguest", "deny"),
                        c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
        String id = Sluice.unique("pty");
        Sluice.Result r =
                Sluice.run("--root", root.toString(), "run", "--keep", "-b", b.toString(), id);
        assertEquals(0, r.exitCode(), "the guest runs\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("deny_errno"),
                "TIOCGPTLCK was trapped and denied by the pty proxy in the detached sentry (natively it succeeds)\n"
                        + r);
        Path logFile = root.resolve(id).resolve("sentry.log");
        for (int i = 0; i < 100 && !OciBundle.Reaper.read(logFile).contains("TIOCGPTLCK"); i++) {
            sleep(100);
        }
        String sentryLog = OciBundle.Reaper.read(logFile);
        assertTrue(
                sentryLog.contains("denied ioctl 0x80045439 (TIOCGPTLCK)"),
                "the sentry logged the denial:\n" + sentryLog + "\n" + r);
        assertEquals(0, oci("delete", id).exitCode(), "delete");
    }

    @Test
    void containersWithDifferentIdsRunConcurrently() throws Exception {
        Path b = OciBundle.create("oci-many", "sh", "-c", "exit 0");
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<Sluice.Result>> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String id = Sluice.unique("many" + i);
            runs.add(
                    pool.submit(
                            () ->
                                    Sluice.command(
                                                    "--root",
                                                    root.toString(),
                                                    "run",
                                                    "-b",
                                                    b.toString(),
                                                    id)
                                            .timeout(Duration.ofSeconds(120))
                                            .run()));
        }
        for (Future<Sluice.Result> f : runs) {
            Sluice.Result r = f.get();
            assertEquals(0, r.exitCode(), "each run succeeds\n" + r);
        }
        pool.shutdown();
        try (Stream<Path> left = Files.list(root)) {
            assertEquals(List.of(), left.toList(), "every container was deleted");
        }
    }

    @Test
    void theUserAndGroupsOfTheConfig() {
        Path b =
                OciBundle.create(
                        "oci-user",
                        List.of(
                                "sh",
                                "-c",
                                "id; cat /proc/self/status | grep -E '^(Groups|CapEff)'"),
                        c -> {
                            ObjectNode u = ((ObjectNode) c.get("process")).putObject("user");
                            u.put("uid", 1000)
                                    .put("gid", 100)
                                    .putArray("additionalGids")
                                    .add(10)
                                    .add(20);
                        });
        String id = Sluice.unique("user");
        Sluice.Result r = Sluice.run("--root", root.toString(), "run", "-b", b.toString(), id);
        assertEquals(0, r.exitCode(), "runs\n" + r);
        assertTrue(r.stdout().contains("uid=1000 gid=100"), "uid and gid\n" + r);
        assertTrue(
                r.stdout().matches("(?s).*Groups:\\s+10 20\\s.*"),
                "exactly the additional groups\n" + r);
        assertTrue(
                r.stdout().matches("(?s).*CapEff:\\s+0000000000000000.*"),
                "a non-root user keeps no capability\n" + r);
    }
}
