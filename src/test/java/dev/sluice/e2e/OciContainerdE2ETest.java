package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real OCI client: containerd 1.6's {@code ctr} driving Sluice through its shim ({@code ctr run
 * --runc-binary bin/sluice}), with the same checks against runc as the baseline. The shim calls
 * {@code --root R --log L --log-format json create --bundle B --pid-file P ID}, {@code start},
 * {@code kill ID SIG}, {@code delete} and {@code delete --force}, reaps the container's init as its
 * subreaper, and shows errors from the last JSON line of the log.
 *
 * <p>Runs a private containerd (everything under the e2e work directory, no CRI) and containers
 * from a busybox root directory ({@code ctr run --rootfs}), so it needs no image or registry.
 * Skipped, visibly, where containerd and ctr are not installed (.ci/run installs them).
 */
@RequiresRoot
@Timeout(300)
class OciContainerdE2ETest {
    private static final Duration WAIT = PrivateContainerd.WAIT;
    private static Path work;
    private static Path rootfs;
    private static PrivateContainerd containerd;

    @BeforeAll
    static void startContainerd() throws Exception {
        PrivateContainerd.assumeInstalled();
        OciBundle.assumeBusybox();
        work = Sluice.workDir().resolve(Sluice.unique("ctr"));
        rootfs = Files.createDirectories(work.resolve("rootfs/bin"));
        Files.copy(OciBundle.BUSYBOX, rootfs.resolve("busybox"));
        for (String a : OciBundle.APPLETS) {
            Files.createSymbolicLink(rootfs.resolve(a), Path.of("busybox"));
        }
        rootfs = rootfs.getParent();
        containerd = PrivateContainerd.start(work, false, "");
    }

    @AfterAll
    static void stopContainerd() throws Exception {
        if (containerd != null) {
            containerd.close("default");
        }
    }

    static PrivateContainerd.Out ctr(String... args) {
        return containerd.ctr(args);
    }

    /** The runtimes: runc as the baseline (when installed), and sluice. */
    static Stream<Arguments> runtimes() {
        List<Arguments> out = new ArrayList<>();
        if (PrivateContainerd.onPath("runc")) {
            out.add(Arguments.of("runc", "runc"));
        }
        out.add(Arguments.of("sluice", Sluice.bin().toString()));
        return out.stream();
    }

    /** {@code ctr run} options for {@code runtime}, each with a runtime root of its own. */
    private static List<String> run(String name, String binary, String... more) {
        List<String> a =
                new ArrayList<>(
                        List.of(
                                "run",
                                "--runc-binary",
                                binary,
                                "--runc-root",
                                work.resolve("root-" + name).toString(),
                                "--env",
                                "PATH=/bin"));
        a.addAll(Arrays.asList(more));
        return a;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void ctrRunReportsOutputAndExitStatus(String name, String binary) {
        String id = Sluice.unique(name + "-run");
        List<String> a =
                run(
                        name,
                        binary,
                        "--rm",
                        "--rootfs",
                        rootfs.toString(),
                        id,
                        "sh",
                        "-c",
                        "echo hello from $0; exit 3");
        PrivateContainerd.Out o = ctr(a.toArray(String[]::new));
        assertEquals(3, o.exitCode(), name + ": ctr run exits with the container's status\n" + o);
        assertTrue(
                o.stdout().contains("hello from sh"),
                name + ": the container's stdout reaches ctr\n" + o);
        assertEquals(
                "",
                ctr("container", "ls", "-q")
                        .stdout()
                        .lines()
                        .filter(l -> l.equals(id))
                        .findAny()
                        .orElse(""),
                name + ": --rm removed it");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void detachedTaskKillAndRemove(String name, String binary) throws InterruptedException {
        String id = Sluice.unique(name + "-task");
        // A handler of its own, so that runc's pid 1 (the shell itself) acts on SIGTERM too.
        List<String> a =
                run(
                        name,
                        binary,
                        "-d",
                        "--rootfs",
                        rootfs.toString(),
                        id,
                        "sh",
                        "-c",
                        "trap 'exit 7' TERM; while true; do sleep 1; done");
        PrivateContainerd.Out started = ctr(a.toArray(String[]::new));
        assertEquals(0, started.exitCode(), name + ": ctr run -d\n" + started);
        PrivateContainerd.Out ls = ctr("task", "ls");
        assertTrue(
                ls.stdout().lines().anyMatch(l -> l.startsWith(id) && l.contains("RUNNING")),
                name + ": RUNNING\n" + ls);
        PrivateContainerd.Out kill = ctr("task", "kill", "-s", "TERM", id);
        assertEquals(0, kill.exitCode(), name + ": ctr task kill\n" + kill);
        boolean stopped = false;
        for (int i = 0; i < 100 && !stopped; i++) {
            stopped =
                    ctr("task", "ls")
                            .stdout()
                            .lines()
                            .anyMatch(l -> l.startsWith(id) && l.contains("STOPPED"));
            if (!stopped) {
                Thread.sleep(200);
            }
        }
        assertTrue(stopped, name + ": STOPPED after SIGTERM\n" + ctr("task", "ls"));
        PrivateContainerd.Out rm = ctr("task", "rm", id);
        assertEquals(0, rm.exitCode(), name + ": ctr task rm\n" + rm);
        assertTrue(
                rm.stderr().contains("exit code 7"),
                name + ": the shim reaped the workload's status\n" + rm);
        assertEquals(0, ctr("container", "rm", id).exitCode(), name + ": ctr container rm");
        Path root = work.resolve("root-" + name).resolve("default");
        assertTrue(
                !Files.exists(root.resolve(id)),
                name + ": the runtime's state for " + id + " is gone");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void ctrTaskExecRunsAProcessInTheContainer(String name, String binary) {
        String id = Sluice.unique(name + "-exec");
        List<String> a =
                run(
                        name,
                        binary,
                        "-d",
                        "--rootfs",
                        rootfs.toString(),
                        id,
                        "sh",
                        "-c",
                        "exec sleep 100");
        PrivateContainerd.Out started = ctr(a.toArray(String[]::new));
        assertEquals(0, started.exitCode(), name + ": ctr run -d\n" + started);
        // The shim calls exec --process FILE --detach --pid-file F ID and reaps the process itself.
        PrivateContainerd.Out exec =
                ctr(
                        "task",
                        "exec",
                        "--exec-id",
                        "e1",
                        id,
                        "sh",
                        "-c",
                        "echo from-exec; echo pid=$$; exit 4");
        assertEquals(
                4,
                exec.exitCode(),
                name + ": ctr task exec exits with the process's status\n" + exec);
        assertTrue(
                exec.stdout().startsWith("from-exec\n"),
                name + ": its stdout reaches ctr\n" + exec);
        int pid =
                Integer.parseInt(
                        exec.stdout().lines().skip(1).findFirst().orElse("pid=-1").substring(4));
        assertTrue(
                pid > 1 && pid < 20,
                name + ": a pid of the container's pid namespace, not a host pid\n" + exec);
        assertEquals(0, ctr("task", "kill", "-s", "KILL", id).exitCode(), name + ": ctr task kill");
        for (int i = 0;
                i < 100
                        && !ctr("task", "ls")
                                .stdout()
                                .lines()
                                .anyMatch(l -> l.startsWith(id) && l.contains("STOPPED"));
                i++) {
            sleep(200);
        }
        assertEquals(0, ctr("task", "rm", id).exitCode(), name + ": ctr task rm");
        assertEquals(0, ctr("container", "rm", id).exitCode(), name + ": ctr container rm");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void createErrorsReachTheUser(String name, String binary) {
        String id = Sluice.unique(name + "-bad");
        List<String> a =
                run(name, binary, "--rm", "--rootfs", rootfs.toString(), id, "no-such-command");
        PrivateContainerd.Out o = ctr(a.toArray(String[]::new));
        assertTrue(o.exitCode() != 0, name + ": ctr run fails\n" + o);
        assertTrue(
                o.stderr().contains("OCI runtime create failed")
                        && o.stderr()
                                .contains(
                                        "exec: \"no-such-command\": executable file"
                                                + " not found in $PATH"),
                name + ": the runtime's own message, from its JSON log, reaches the user\n" + o);
        ctr("container", "rm", id);
    }

    /**
     * {@code ctr run -t}: the shim makes the console socket, the runtime sends the pty master
     * there, and the process's stdio is the pty. ctr needs a terminal of its own, so it runs under
     * {@code script} (util-linux), which gives it one.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void ctrRunWithATerminal(String name, String binary) throws Exception {
        Path script = Path.of("/usr/bin/script");
        assertTrue(
                Files.isExecutable(script),
                "script (util-linux, bsdutils) gives ctr its terminal: " + script);
        String id = Sluice.unique(name + "-tty");
        List<String> cmd =
                new ArrayList<>(List.of("ctr", "--address", containerd.socket().toString()));
        cmd.addAll(
                run(
                        name,
                        binary,
                        "--rm",
                        "-t",
                        "--rootfs",
                        rootfs.toString(),
                        id,
                        "sh",
                        "-c",
                        "tty; test -t 0 && echo stdin-is-a-tty; exit 5"));
        String line = String.join(" ", cmd.stream().map(OciContainerdE2ETest::quote).toList());
        Path out = Files.createTempFile(work, "ctr-tty", ".out");
        Process p =
                new ProcessBuilder(script.toString(), "-q", "-e", "-c", line, "/dev/null")
                        .redirectInput(ProcessBuilder.Redirect.PIPE)
                        .redirectErrorStream(true)
                        .redirectOutput(out.toFile())
                        .start();
        assertTrue(p.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), name + ": ctr run -t finished");
        String text = Files.readString(out, StandardCharsets.UTF_8).replace("\r", "");
        assertEquals(
                5, p.exitValue(), name + ": the container's exit status through script\n" + text);
        assertTrue(
                text.contains("/dev/pts/0") && text.contains("stdin-is-a-tty"),
                name + ": the process's stdio is the container's first pty\n" + text);
    }

    /**
     * A pids limit holds: the container's cgroup is made (by the runtime) under a parent whose
     * {@code pids.max} is 8, given with {@code ctr run --cgroup}, so forks past it fail.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("runtimes")
    void aPidsLimitHolds(String name, String binary) throws IOException {
        String parent = Sluice.unique("e2e-pids-" + name);
        Path v1 = Path.of("/sys/fs/cgroup/pids");
        boolean isV1 = Files.isDirectory(v1);
        Path dir = isV1 ? v1.resolve(parent) : Path.of("/sys/fs/cgroup", parent);
        Files.createDirectory(dir);
        try {
            if (!isV1) {
                Files.writeString(dir.resolve("cgroup.subtree_control"), "+pids");
            }
            Files.writeString(dir.resolve("pids.max"), "8");
            String id = Sluice.unique(name + "-pids");
            List<String> a =
                    run(
                            name,
                            binary,
                            "--rm",
                            "--cgroup",
                            "/" + parent + "/" + id,
                            "--rootfs",
                            rootfs.toString(),
                            id,
                            "sh",
                            "-c",
                            "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do sleep 3 & done; wait");
            PrivateContainerd.Out o = ctr(a.toArray(String[]::new));
            assertTrue(
                    (o.stdout() + o.stderr()).contains("can't fork"),
                    name + ": forks past pids.max 8 fail\n" + o);
        } finally {
            // The runtimes made the parent in every other hierarchy too; each is empty again now.
            java.util.Set<Path> parents = new java.util.LinkedHashSet<>(List.of(dir));
            if (isV1) {
                try (Stream<Path> hierarchies = Files.list(Path.of("/sys/fs/cgroup"))) {
                    hierarchies
                            .map(h -> h.resolve(parent))
                            .filter(Files::isDirectory)
                            .forEach(parents::add);
                }
            }
            for (Path d : parents) {
                try (Stream<Path> children = Files.list(d)) {
                    for (Path c : children.filter(Files::isDirectory).toList()) {
                        Files.deleteIfExists(c);
                    }
                }
                Files.deleteIfExists(d);
            }
        }
    }

    /** One argument for sh: single-quoted. */
    private static String quote(String arg) {
        return "'" + arg.replace("'", "'\\''") + "'";
    }
}
