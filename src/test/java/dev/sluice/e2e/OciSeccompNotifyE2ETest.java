package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code SCMP_ACT_NOTIFY} in a container's own profile, with a seccomp agent ({@code
 * sluice-seccomp-agent}, src/test/c) at {@code linux.seccomp.listenerPath}: the agent gets the
 * listener and the container process state, and its answers are what the workload sees, the same
 * under Sluice and under runc (the baseline, where it is installed). Where the sentry traps ioctls
 * the profile may not notify (one listener per process), and an agent that cannot be reached means
 * the workload never runs.
 */
@RequiresRoot
@Timeout(180)
class OciSeccompNotifyE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final Pattern NOTIF =
            Pattern.compile("notif pid=(\\d+) syscall=(\\S+) path=(\\S+) answer=(\\S+)");

    /**
     * What the guest reports: the faked mkdir "succeeds" without a directory, the refused one
     * fails, the third is real.
     */
    private static final String EXPECTED =
            "mkdir_0_rc=0 mkdir_0_errno=0 mkdir_0_dir=no\n"
                    + "mkdir_1_rc=-1 mkdir_1_errno=EACCES mkdir_1_dir=no\n"
                    + "mkdir_2_rc=0 mkdir_2_errno=0 mkdir_2_dir=yes\n";

    @RegisterExtension final OciRoot oci = new OciRoot("runc");
    private final List<Agent> agents = new ArrayList<>();

    /**
     * sluice-seccomp-agent on its own socket, answering mkdir of /tmp/fake (returns 0) and
     * /tmp/denied (EACCES).
     */
    private final class Agent implements AutoCloseable {
        final Path socket;
        final Path out;
        final Process process;
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        /**
         * Listens on {@code socket}, writes the states it gets into a directory of its own next to
         * it.
         */
        Agent(Path socket) throws IOException {
            this.socket = socket;
            out = Files.createDirectories(socket.resolveSibling("agent-" + agents.size()));
            Path bin = Sluice.guestBinary().resolveSibling("sluice-seccomp-agent");
            assertTrue(
                    Files.isExecutable(bin),
                    bin + " is built with the guests (src/test/c/Makefile)");
            process =
                    new ProcessBuilder(
                                    bin.toString(),
                                    socket.toString(),
                                    out.toString(),
                                    "/tmp/fake=ret:0",
                                    "/tmp/denied=errno:13")
                            .redirectErrorStream(true)
                            .start();
            agents.add(this);
            oci.closeAfter(this);
            Thread t =
                    new Thread(
                            () -> {
                                try (BufferedReader r =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(),
                                                        StandardCharsets.UTF_8))) {
                                    for (String l; (l = r.readLine()) != null; ) {
                                        lines.add(l);
                                    }
                                } catch (IOException e) {
                                    lines.add("read failed: " + e);
                                }
                            },
                            "seccomp-agent-output");
            t.setDaemon(true);
            t.start();
            assertEquals("ready", next(), "the agent listens");
        }

        String next() {
            try {
                String l = lines.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
                assertNotNull(l, "the agent said nothing in " + WAIT);
                return l;
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }

        /** The next notification line's pid, checking its path and answer. */
        long notified(String path, String answer) {
            String l = next();
            Matcher m = NOTIF.matcher(l);
            assertTrue(m.matches(), "a notification: " + l);
            assertEquals(path, m.group(3), "the path the workload gave mkdir: " + l);
            assertEquals(answer, m.group(4), "the agent's answer: " + l);
            return Long.parseLong(m.group(1));
        }

        JsonNode state(int n) {
            try {
                return JSON.readTree(out.resolve("state-" + n + ".json").toFile());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() {
            process.destroyForcibly();
        }
    }

    /** NOTIFY for mkdir and mkdirat, the agent at {@code socket}; everything else allowed. */
    private static void profile(ObjectNode config, Path socket) {
        ObjectNode s = ((ObjectNode) config.get("linux")).putObject("seccomp");
        s.put("defaultAction", "SCMP_ACT_ALLOW");
        s.put("listenerPath", socket.toString());
        s.put("listenerMetadata", "MKDIR=/tmp/fake");
        s.putArray("architectures").add("SCMP_ARCH_X86_64");
        ArrayNode calls = s.putArray("syscalls");
        ObjectNode mkdir = calls.addObject();
        mkdir.putArray("names").add("mkdir").add("mkdirat");
        mkdir.put("action", "SCMP_ACT_NOTIFY");
    }

    private Path bundle(String name, Path socket, List<String> args) throws IOException {
        Path b =
                OciBundle.create(
                        name,
                        args,
                        c -> {
                            profile(c, socket);
                            ((ObjectNode) c.get("root")).put("readonly", false);
                        });
        Files.createDirectories(b.resolve("rootfs/tmp"));
        return b;
    }

    private static List<String> mkdirs() {
        return List.of("sluice-testguest", "mkdir", "/tmp/fake", "/tmp/denied", "/tmp/real");
    }

    private static void emptyTmp(Path bundle) throws IOException {
        try (Stream<Path> s = Files.list(bundle.resolve("rootfs/tmp"))) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
    }

    /** What the agent got with the listener: the runtime-spec's container process state. */
    private static void checkState(
            JsonNode st, String id, Path bundle, String status, long pid, long initPid) {
        assertEquals("[\"seccompFd\"]", st.get("fds").toString(), "one fd, named seccompFd: " + st);
        assertEquals(
                pid,
                st.get("pid").asLong(),
                "pid: the process whose mkdir was notified, as the host sees it: " + st);
        assertEquals("MKDIR=/tmp/fake", st.get("metadata").asText(), "listenerMetadata: " + st);
        assertFalse(st.get("ociVersion").asText().isEmpty(), "ociVersion: " + st);
        JsonNode s = st.get("state");
        assertEquals(id, s.get("id").asText(), "state.id: " + st);
        assertEquals(status, s.get("status").asText(), "state.status: " + st);
        assertEquals(
                initPid,
                s.get("pid").asLong(),
                "state.pid: the container's pid, as in --pid-file: " + st);
        assertEquals(bundle.toString(), s.get("bundle").asText(), "state.bundle: " + st);
    }

    @Test
    void theAgentAnswersTheWorkloadsMkdirAsUnderRunc() throws Exception {
        Path dir = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("ag")));
        Path socket = dir.resolve("a.sock");
        Path b = bundle("oci-notify", socket, mkdirs());
        Agent agent = new Agent(socket);
        String id = Sluice.unique("nt");
        Path pidFile = dir.resolve("sluice.pid");
        Sluice.Result r =
                Sluice.run(
                        "--root",
                        oci.root().toString(),
                        "run",
                        "--pid-file",
                        pidFile.toString(),
                        "-b",
                        b.toString(),
                        id);
        assertEquals(0, r.exitCode(), "the workload ran\n" + r);
        assertEquals(EXPECTED, r.stdout(), "the agent's answers are what mkdir returned\n" + r);
        assertEquals("listener n=1 fds=1", agent.next(), "one connection, one fd");
        long pid = agent.notified("/tmp/fake", "ret");
        assertEquals(pid, agent.notified("/tmp/denied", "errno"), "the same process");
        assertEquals(pid, agent.notified("/tmp/real", "continue"), "the same process");
        long init = Long.parseLong(Files.readString(pidFile).trim());
        assertEquals(
                init,
                pid,
                "the notified process is the container's own, pid 1 of its namespace (--pid-file), as under runc");
        // Sluice loads the profile on start, right before exec: the container is created, not
        // running yet.
        checkState(agent.state(1), id, b, "created", pid, init);

        Path runc = Path.of("/usr/sbin/runc");
        if (!Files.isExecutable(runc)) {
            System.out.println(
                    "SKIPPED (runc baseline): "
                            + runc
                            + " is missing; install runc (containerd brings it)");
            return;
        }
        agent.close();
        Files.delete(socket);
        emptyTmp(b);
        Agent second = new Agent(socket);
        Path runcPid = dir.resolve("runc.pid");
        String rid = Sluice.unique("rc");
        Process p =
                new ProcessBuilder(
                                runc.toString(),
                                "--root",
                                oci.root().resolve("runc").toString(),
                                "run",
                                "--pid-file",
                                runcPid.toString(),
                                "-b",
                                b.toString(),
                                rid)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "runc finished");
        assertEquals(0, p.exitValue(), "runc: the same exit status");
        assertEquals(EXPECTED, out, "runc: the same answers");
        assertEquals("listener n=1 fds=1", second.next(), "runc: one connection, one fd");
        long rpid = second.notified("/tmp/fake", "ret");
        assertEquals(rpid, second.notified("/tmp/denied", "errno"), "runc: the same process");
        assertEquals(rpid, second.notified("/tmp/real", "continue"), "runc: the same process");
        // runc loads the profile during create and its container process is its init.
        checkState(
                second.state(1),
                rid,
                b,
                "creating",
                rpid,
                Long.parseLong(Files.readString(runcPid).trim()));
    }

    @Test
    void anExecdProcessHandsItsListenerToTheAgentToo() throws Exception {
        Path dir = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("ag")));
        Path socket = dir.resolve("a.sock");
        Path b = bundle("oci-notify-exec", socket, List.of("sluice-testguest", "sleep", "100"));
        Agent agent = new Agent(socket);
        String id = Sluice.unique("nx");
        OciBundle.Reaper reaper =
                OciBundle.Reaper.named(
                        b,
                        "init",
                        "--root",
                        oci.root().toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id);
        try (reaper) {
            assertEquals(
                    "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
            long init = Long.parseLong(reaper.await("pid", WAIT));
            Sluice.Result start = Sluice.run("--root", oci.root().toString(), "start", id);
            assertEquals(0, start.exitCode(), "start\n" + start);
            assertEquals(
                    "listener n=1 fds=1", agent.next(), "the first process's listener, on start");
            Sluice.Result ex =
                    Sluice.run(
                            "--root",
                            oci.root().toString(),
                            "exec",
                            id,
                            "sluice-testguest",
                            "mkdir",
                            "/tmp/fake",
                            "/tmp/denied",
                            "/tmp/real");
            assertEquals(0, ex.exitCode(), "exec\n" + ex);
            assertEquals(
                    EXPECTED,
                    ex.stdout(),
                    "the exec'd process's mkdir is answered by the agent too\n" + ex);
            assertEquals("listener n=2 fds=1", agent.next(), "a connection of its own");
            long pid = agent.notified("/tmp/fake", "ret");
            agent.notified("/tmp/denied", "errno");
            agent.notified("/tmp/real", "continue");
            assertTrue(pid != init, "the exec'd process, not init");
            checkState(agent.state(2), id, b, "running", pid, init);
            Sluice.run("--root", oci.root().toString(), "kill", id, "KILL");
        }
    }

    @Test
    void whereTheSentryTrapsIoctlsTheProfileMayNotNotify() throws Exception {
        Path dir = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("ag")));
        Path b =
                OciBundle.create(
                        "oci-notify-pty",
                        List.of("sluice-testguest", "deny"),
                        c -> {
                            c.putObject("annotations").put("dev.sluice.proxies", "pty");
                            profile(c, dir.resolve("a.sock"));
                        });
        Sluice.Result r =
                Sluice.run(
                        "--root",
                        oci.root().toString(),
                        "run",
                        "-b",
                        b.toString(),
                        Sluice.unique("np"));
        assertEquals(1, r.exitCode(), "refused\n" + r);
        assertTrue(
                r.stderr().contains("linux.seccomp.syscalls[0].action")
                        && r.stderr().contains("one seccomp listener per process"),
                "names the rule and says why\n" + r);
        assertFalse(r.stdout().contains("deny_errno"), "the guest never ran\n" + r);
    }

    @Test
    void anUnreachableAgentMeansTheWorkloadNeverRuns() throws Exception {
        Path dir = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("ag")));
        Path b = bundle("oci-notify-noagent", dir.resolve("nobody.sock"), mkdirs());
        Sluice.Result r =
                Sluice.run(
                        "--root",
                        oci.root().toString(),
                        "run",
                        "-b",
                        b.toString(),
                        Sluice.unique("nn"));
        assertTrue(r.exitCode() != 0, "start fails\n" + r);
        assertTrue(
                r.stderr().contains("linux.seccomp.listenerPath " + dir.resolve("nobody.sock")),
                "names the agent's socket\n" + r);
        assertFalse(r.stdout().contains("mkdir_0"), "the workload never exec'd\n" + r);
        assertFalse(
                Files.exists(b.resolve("rootfs/tmp/real")), "nothing it would have done happened");
    }
}
