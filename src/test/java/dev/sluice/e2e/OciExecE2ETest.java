package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code sluice exec} on running OCI containers, as containerd's shim uses it: the exec'd process
 * prints to the caller and returns its status; it is in every namespace of the container (the same
 * namespace files as the container's init, not the host's); {@code --detach} leaves it to the
 * caller's subreaper with its pid in the pid file; its device ioctls go to the container's sentry;
 * and with no sentry to take its listener it does not run at all, nor when the container's cgroup
 * is gone (its cgroups are checked against runc's in OciCgroupsE2ETest).
 */
@RequiresRoot
@Timeout(240)
class OciExecE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> NAMESPACES = List.of("mnt", "pid", "ipc", "uts", "net");
    @RegisterExtension final OciRoot oci = new OciRoot();

    /**
     * A started container of {@code bundle} under the test's root, its init reparented to a reaper;
     * returns init's pid.
     */
    private long running(Path bundle, String id) {
        return oci.start(bundle, id).pid();
    }

    private static Path bundle(String name, Consumer<ObjectNode> edit) {
        return OciBundle.create(name, List.of("sh", "-c", "exec sleep 100"), edit);
    }

    private static String link(Path p) {
        try {
            return Files.readSymbolicLink(p).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void execPrintsToTheCallerAndReturnsTheProcesssStatus() throws IOException {
        Path b = bundle("oci-exec-status", c -> {});
        String id = Sluice.unique("exec");
        running(b, id);
        Sluice.Result r =
                oci.run("exec", id, "sh", "-c", "echo out-of-exec; echo err-of-exec >&2; exit 7");
        assertEquals(7, r.exitCode(), "exec exits with the process's status\n" + r);
        assertEquals("out-of-exec\n", r.stdout(), "the process wrote to exec's stdout\n" + r);
        assertTrue(r.stderr().contains("err-of-exec"), "and to its stderr\n" + r);
        Sluice.Result killed = oci.run("exec", id, "sh", "-c", "kill -TERM $$");
        assertEquals(143, killed.exitCode(), "a process killed by SIGTERM: 128+15\n" + killed);
        Sluice.Result flags =
                oci.run(
                        "exec",
                        "--user",
                        "1000:100",
                        "--env",
                        "FOO=from-flag",
                        "--cwd",
                        "/bin",
                        id,
                        "sh",
                        "-c",
                        "id -u; id -g; echo $FOO; pwd");
        assertEquals(0, flags.exitCode(), "exec with --user, --env, --cwd\n" + flags);
        assertEquals(
                List.of("1000", "100", "from-flag", "/bin"),
                flags.stdoutLines(),
                "the flags reached the process\n" + flags);
        Sluice.Result missing = oci.run("exec", id, "no-such-command");
        assertEquals(1, missing.exitCode(), "a command the container does not have\n" + missing);
        assertTrue(
                missing.stderr().contains("no-such-command: command not found"), missing.stderr());
        assertFalse(r.hasStackTrace() || missing.hasStackTrace(), "no stack traces\n" + missing);
        Path noTerminal = b.resolve("no-terminal.json");
        Files.writeString(
                noTerminal,
                "{\"terminal\": false, \"user\": {\"uid\": 0, \"gid\": 0}, \"args\": [\"true\"], \"cwd\": \"/\"}");
        Sluice.Result tty = oci.run("exec", "--process", noTerminal.toString(), "--tty", id);
        assertEquals(
                1, tty.exitCode(), "--tty with a process file that asks for no terminal\n" + tty);
        assertTrue(
                tty.stderr().contains("--tty: " + noTerminal + " asks for no terminal"),
                tty.stderr());
        assertEquals(
                "running",
                JSON.readTree(oci.run("state", id).stdout()).get("status").asText(),
                "the container runs on");
    }

    /**
     * {@code exec --preserve-fds 1}: the caller's fd 3 reaches the exec'd process, and nothing past
     * it.
     */
    @Test
    void preservedFdsReachTheExecdProcess() throws Exception {
        Path b = bundle("oci-exec-fds", c -> {});
        String id = Sluice.unique("execfds");
        running(b, id);
        Path three = b.resolve("exec.3");
        Path out = b.resolve("exec.out");
        String script =
                "exec 3>"
                        + three
                        + " >"
                        + out
                        + "; exec "
                        + Sluice.bin()
                        + " --root "
                        + oci.root()
                        + " exec --preserve-fds 1 "
                        + id
                        + " sh -c 'echo to-fd-3 >&3; ls /proc/self/fd | tr \"\\n\" \" \"'";
        Process p = new ProcessBuilder("/bin/sh", "-c", script).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "exec finished");
        String err = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.exitValue(), "exec --preserve-fds 1: " + err);
        assertEquals("to-fd-3\n", Files.readString(three), "fd 3 is the caller's");
        assertEquals(
                "0 1 2 3 4",
                Files.readString(out).trim(),
                "fds 0-3 and ls's own directory fd, nothing more");
    }

    @Test
    void execIsInEveryNamespaceOfTheContainer() throws IOException {
        String host = Sluice.unique("exec-host");
        Path b = bundle("oci-exec-ns", c -> c.put("hostname", host));
        String id = Sluice.unique("execns");
        long init = running(b, id);
        Sluice.Result r =
                oci.run(
                        "exec",
                        id,
                        "sh",
                        "-c",
                        "hostname; echo pid=$$; tr '\\0' ' ' < /proc/$$/cmdline; echo; tr '\\0' ' ' < /proc/1/cmdline; echo;"
                                + " for n in mnt pid ipc uts net; do readlink /proc/self/ns/$n; done");
        assertEquals(0, r.exitCode(), "exec\n" + r);
        List<String> lines = r.stdoutLines();
        assertEquals(host, lines.get(0), "the container's hostname (uts)\n" + r);
        int pid = Integer.parseInt(lines.get(1).substring(4));
        assertTrue(
                pid > 1 && pid < 50,
                "a small pid of the container's pid namespace, not a host pid: " + pid + "\n" + r);
        assertTrue(lines.get(2).startsWith("sh -c hostname"), "/proc/$$ is the exec'd shell\n" + r);
        assertEquals(
                "sleep 100 ",
                lines.get(3),
                "pid 1 is the container's workload itself: no process of Sluice's is in"
                        + " the namespace\n"
                        + r);
        for (int i = 0; i < NAMESPACES.size(); i++) {
            String n = NAMESPACES.get(i);
            String initNs = link(Path.of("/proc", Long.toString(init), "ns", n));
            assertEquals(
                    initNs,
                    lines.get(4 + i),
                    n + ": the exec'd process shares the container's namespace\n" + r);
            assertNotEquals(
                    link(Path.of("/proc/self/ns", n)),
                    lines.get(4 + i),
                    n + ": which is not the host's\n" + r);
        }
    }

    @Test
    void aDetachedExecWritesThePidFileAndIsReapedByTheCallersSubreaper() {
        Path b = bundle("oci-exec-detach", c -> {});
        String id = Sluice.unique("execd");
        running(b, id);
        OciBundle.Reaper exec =
                OciBundle.Reaper.named(
                        b,
                        "exec",
                        "--root",
                        oci.root().toString(),
                        "exec",
                        "--detach",
                        "--pid-file",
                        b.resolve("exec.pid").toString(),
                        id,
                        "sh",
                        "-c",
                        "echo detached-out; exec sleep 100");
        oci.closeAfter(exec);
        assertEquals(
                "0",
                exec.await("cmd", WAIT),
                "exec --detach returns 0\n" + OciBundle.Reaper.read(exec.err));
        long pid = Long.parseLong(exec.await("pid", WAIT));
        assertEquals(
                Long.toString(exec.pid()),
                exec.await("parent", WAIT),
                "the exec'd process is reparented to the caller's subreaper, as containerd's shim expects");
        assertTrue(
                ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
                "the pid file's process lives: " + pid);
        for (int i = 0; i < 50 && !OciBundle.Reaper.read(exec.out).contains("detached-out"); i++) {
            sleep(100);
        }
        assertEquals("detached-out\n", OciBundle.Reaper.read(exec.out), "with the caller's stdout");
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        assertEquals(
                "143", exec.await("exit", WAIT), "the subreaper gets its status (SIGTERM: 143)");
    }

    @Test
    void anExecdProcessIsMediatedByTheContainersSentry() throws IOException {
        Path b =
                bundle(
                        "oci-exec-pty",
                        c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
        String id = Sluice.unique("execpty");
        running(b, id);
        Sluice.Result r = oci.run("exec", id, "sluice-testguest", "deny");
        assertEquals(0, r.exitCode(), "the guest runs\n" + r);
        assertEquals(
                "ENOTTY",
                r.value("deny_errno"),
                "TIOCGPTLCK from the exec'd process was trapped and denied by the container's pty proxy\n"
                        + r);
        Path logFile = oci.root().resolve(id).resolve("sentry.log");
        for (int i = 0; i < 100 && !OciBundle.Reaper.read(logFile).contains("TIOCGPTLCK"); i++) {
            sleep(100);
        }
        String sentryLog = OciBundle.Reaper.read(logFile);
        assertTrue(
                sentryLog.contains("denied ioctl 0x80045439 (TIOCGPTLCK)"),
                "the container's sentry logged it:\n" + sentryLog);

        // The sentry's socket gone (it cannot take the listener): the process must not run at all.
        Files.delete(oci.root().resolve(id).resolve("sentry.sock"));
        Sluice.Result refused = oci.run("exec", id, "sh", "-c", "echo RAN-UNMEDIATED");
        assertEquals(1, refused.exitCode(), "exec fails\n" + refused);
        assertTrue(
                refused.stderr()
                        .contains(
                                "the sentry did not take the exec'd process's seccomp listener, so the process"
                                        + " was not started"),
                refused.stderr());
        assertFalse(refused.stdout().contains("RAN-UNMEDIATED"), "nothing ran\n" + refused);

        // The sentry dead: its container's init ends the container (watch-sentry), so exec is
        // refused
        // before anything starts.
        long sentry =
                JSON.readTree(oci.root().resolve(id).resolve("state.json").toFile())
                        .get("sentryPid")
                        .asLong();
        ProcessHandle.of(sentry).ifPresent(ProcessHandle::destroyForcibly);
        for (int i = 0;
                i < 50 && ProcessHandle.of(sentry).map(ProcessHandle::isAlive).orElse(false);
                i++) {
            sleep(100);
        }
        Sluice.Result dead = oci.run("exec", id, "sh", "-c", "echo RAN-UNMEDIATED");
        assertEquals(1, dead.exitCode(), "exec fails\n" + dead);
        assertTrue(
                dead.stderr().contains("cannot exec in a stopped container")
                        || dead.stderr()
                                .contains("the sentry of container " + id + " is not running"),
                dead.stderr());
        assertFalse(dead.stdout().contains("RAN-UNMEDIATED"), "nothing ran\n" + dead);
    }

    @Test
    void execIntoAStoppedOrUnknownContainerFails() {
        Path b = OciBundle.create("oci-exec-stopped", "sh", "-c", "exit 0");
        String id = Sluice.unique("execstop");
        OciBundle.Reaper reaper =
                OciBundle.Reaper.named(
                        b,
                        "init",
                        "--root",
                        oci.root().toString(),
                        "create",
                        "-b",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id);
        oci.closeAfter(reaper);
        assertEquals(
                "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
        reaper.await("pid", WAIT);
        assertEquals(0, oci.run("start", id).exitCode(), "start");
        assertEquals("0", reaper.await("exit", WAIT), "the container exited");
        Sluice.Result r = oci.run("exec", id, "true");
        assertEquals(1, r.exitCode(), "exec into a stopped container\n" + r);
        assertTrue(r.stderr().contains("cannot exec in a stopped container"), r.stderr());
        Sluice.Result ghost = oci.run("exec", "ghost", "true");
        assertEquals(1, ghost.exitCode(), "exec into an unknown container\n" + ghost);
        assertTrue(ghost.stderr().contains("container \"ghost\" does not exist"), ghost.stderr());
        Sluice.Result noCmd = oci.run("exec", id);
        assertEquals(1, noCmd.exitCode(), "exec without a command\n" + noCmd);
        assertTrue(noCmd.stderr().contains("exec: no command"), noCmd.stderr());
        assertFalse(
                r.hasStackTrace() || ghost.hasStackTrace() || noCmd.hasStackTrace(),
                "no stack traces");
    }

    @Test
    void nothingRunsWhenTheContainersCgroupIsGone() throws IOException {
        Path b = bundle("oci-exec-nocg", c -> {});
        String id = Sluice.unique("execnocg");
        running(b, id);
        // What a delete that got as far as the cgroups leaves: its processes elsewhere, its
        // directories gone.
        List<Path> dirs = new ArrayList<>();
        JSON.readTree(oci.root().resolve(id).resolve("state.json").toFile())
                .get("cgroups")
                .forEach(d -> dirs.add(Path.of(d.asText())));
        assertFalse(dirs.isEmpty(), "state.json records the container's cgroups");
        for (Path d : dirs) {
            for (String pid : Files.readString(d.resolve("cgroup.procs")).split("\\s+")) {
                if (!pid.isEmpty()) {
                    Files.writeString(d.getParent().resolve("cgroup.procs"), pid);
                }
            }
            Files.delete(d);
        }
        Sluice.Result r = oci.run("exec", id, "sh", "-c", "echo RAN-OUTSIDE-THE-CGROUP");
        assertEquals(1, r.exitCode(), "exec fails\n" + r);
        assertTrue(
                r.stderr().contains("container " + id + ": its cgroup ")
                        && r.stderr().contains("no longer exists"),
                r.stderr());
        assertFalse(r.stdout().contains("RAN-OUTSIDE-THE-CGROUP"), "nothing ran\n" + r);
        assertFalse(r.hasStackTrace(), "no stack trace\n" + r);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
