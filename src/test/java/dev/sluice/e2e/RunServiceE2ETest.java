package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sluice's own {@code sluice run} through the runtime service: the service hands it to a warm spare
 * sentry when the caller is equivalent to the service in all the sentry inherits, and the run must
 * then be the run a JVM of the caller's own would have made (docs/oci.md, "Sluice's run through the
 * service"). Each case runs the same command both ways in the same test, the JVM one with {@code
 * SLUICE_SERVICE=0}, and reads the service's log to know which way a run went.
 */
@RequiresRoot
class RunServiceE2ETest {
    /** The default {@code --root}'s service log, where the service says what it handed over. */
    private static final Path LOG = Path.of("/run/sluice/.sluice-service.log");

    /** A word that names one run in the service's log (it logs the command line). */
    private static String marker() {
        return "SLUICE_E2E_MARK=" + Sluice.unique("m");
    }

    /** Whether the service's log says it handed the run carrying {@code marker} to a spare. */
    private static boolean handed(String marker) throws IOException {
        return Files.exists(LOG)
                && Files.readAllLines(LOG).stream()
                        .anyMatch(l -> l.contains(marker) && l.contains("to a spare sentry"));
    }

    /** The service's log line about the run carrying {@code marker}, if any. */
    private static Optional<String> logLine(String marker) throws IOException {
        return Files.exists(LOG)
                ? Files.readAllLines(LOG).stream().filter(l -> l.contains(marker)).findFirst()
                : Optional.empty();
    }

    /** How often a case retries a run the service did not hand over (no spare was ready yet). */
    private static final int ATTEMPTS = 40;

    /**
     * The result of the first run of {@code make(marker)} that the service hands to a spare: a run
     * finds none ready when the previous one took it and the next is still starting (on a small
     * machine some seconds; the first run of a build starts the service and its first spare), and
     * then runs in a JVM of its own, correctly but not what the case is about.
     */
    private static Sluice.Result handedRun(
            java.util.function.Function<String, Sluice.Invocation> make) throws IOException {
        for (int i = 0; i < ATTEMPTS; i++) {
            String m = marker();
            Sluice.Result r = make.apply(m).run();
            if (handed(m)) {
                return r;
            }
            Hostile.sleep(500);
        }
        throw new AssertionError("the runtime service never handed a run to a spare sentry");
    }

    /**
     * As {@link #handedRun}, for a run the case acts on while it runs: started, and once its
     * workload printed {@code ready}, kept if it was handed over, else killed and started again.
     */
    private static Sluice.Running handedStart(
            java.util.function.Function<String, Sluice.Invocation> make) throws IOException {
        for (int i = 0; i < ATTEMPTS; i++) {
            String m = marker();
            Sluice.Running run = make.apply(m).start();
            run.awaitStdoutLine("ready"::equals, Duration.ofSeconds(60));
            if (handed(m)) {
                return run;
            }
            run.close();
            Hostile.sleep(500);
        }
        throw new AssertionError("the runtime service never handed a run to a spare sentry");
    }

    /** {@code sluice run OPTIONS -e MARKER -- CMD...}, in the service's way or a JVM's own. */
    private static Sluice.Invocation sandbox(
            boolean ownJvm, String marker, List<String> options, List<String> cmd) {
        List<Object> parts = new ArrayList<>(List.of("run"));
        parts.addAll(options);
        parts.addAll(List.of("-e", marker, "--"));
        parts.addAll(cmd);
        Sluice.Invocation inv = Sluice.command(parts.toArray());
        return ownJvm ? inv.ownJvm() : inv;
    }

    @Test
    @Timeout(300)
    void aRunHandedToASpareIsTheRunItsOwnJvmWouldHaveMade() throws IOException {
        Path dir = Files.createTempDirectory(Sluice.workDir(), "run-service");
        try {
            List<Sluice.Result> results = new ArrayList<>();
            for (boolean own : new boolean[] {false, true}) {
                String trace = own ? "trace-own.json" : "trace-service.json";
                java.util.function.Function<String, Sluice.Invocation> mediated =
                        m ->
                                sandbox(
                                                own,
                                                m,
                                                List.of(
                                                        "--proxy", "pty", "--stats", "--trace",
                                                        trace),
                                                Sluice.guest("deny"))
                                        .directory(dir)
                                        .env("SLUICE_E2E_CALLER", "kept");
                java.util.function.Function<String, Sluice.Invocation> shell =
                        m ->
                                sandbox(
                                                own,
                                                m,
                                                List.of(),
                                                List.of(
                                                        "sh",
                                                        "-c",
                                                        "echo caller=$SLUICE_E2E_CALLER; echo to-stderr >&2;"
                                                                + " echo nofile=$(ulimit -n); exit 7"))
                                        .directory(dir)
                                        .env("SLUICE_E2E_CALLER", "kept");
                Sluice.Result r = own ? ownRun(mediated) : handedRun(mediated);
                assertEquals(0, r.exitCode(), r.toString());
                assertEquals("ENOTTY", r.value("deny_errno"), "mediated: denied\n" + r);
                assertEquals(1, r.stats().calls("TIOCGPTLCK", "DENY"), "counted\n" + r);
                assertEquals(
                        1,
                        PtyProxyE2ETest.warnLines(r, "0x80045439").size(),
                        "the sentry's warning on the caller's stderr\n" + r);
                assertTrue(
                        Files.size(dir.resolve(trace)) > 0,
                        "the relative --trace is in the caller's directory\n" + r);
                results.add(r);
                results.add(own ? ownRun(shell) : handedRun(shell));
            }
            Sluice.Result service = results.get(1);
            Sluice.Result jvm = results.get(3);
            assertEquals(7, service.exitCode(), service.toString());
            assertEquals(jvm.exitCode(), service.exitCode(), "the same exit status");
            assertEquals(jvm.stdoutLines(), service.stdoutLines(), "the same output");
            assertEquals("kept", service.value("caller"), "the caller's environment\n" + service);
            assertEquals(jvm.stderrLines(), service.stderrLines(), "the same errors");
            assertEquals(
                    results.get(2).stats().calls("TIOCGPTLCK", "DENY"),
                    results.get(0).stats().calls("TIOCGPTLCK", "DENY"),
                    "the same mediation");
        } finally {
            OciBundle.deleteTree(dir);
        }
    }

    /** A run in a JVM of its own ({@code SLUICE_SERVICE=0}), which the service never sees. */
    private static Sluice.Result ownRun(java.util.function.Function<String, Sluice.Invocation> make)
            throws IOException {
        String m = marker();
        Sluice.Result r = make.apply(m).run();
        assertFalse(handed(m), "a run with SLUICE_SERVICE=0 is its own JVM's\n" + r);
        return r;
    }

    @Test
    @Timeout(300)
    void aSignalToTheCallerReachesTheSandboxAsFromItsOwnJvm() throws IOException {
        for (boolean own : new boolean[] {false, true}) {
            java.util.function.Function<String, Sluice.Invocation> trapping =
                    m ->
                            sandbox(
                                    own,
                                    m,
                                    List.of("--proxy", "pty"),
                                    List.of(
                                            "sh",
                                            "-c",
                                            "trap 'echo got=TERM; exit 3' TERM; echo ready;"
                                                    + " while :; do sleep 0.1; done"));
            String m = marker();
            try (Sluice.Running run = own ? trapping.apply(m).start() : handedStart(trapping)) {
                if (own) {
                    run.awaitStdoutLine("ready"::equals, Duration.ofSeconds(60));
                    assertFalse(handed(m), "its own JVM's");
                }
                run.signal("TERM");
                Sluice.Result r = run.await(Duration.ofSeconds(30));
                assertEquals(3, r.exitCode(), "the trap's status, own JVM: " + own + "\n" + r);
                assertEquals("TERM", r.value("got"), r.toString());
            }
        }
    }

    @Test
    @Timeout(300)
    void killingTheSpareSentryEndsItsSandboxAndTheCallerSaysHow() throws Exception {
        try (Sluice.Running run =
                handedStart(
                        m ->
                                sandbox(
                                        false,
                                        m,
                                        List.of("--proxy", "pty"),
                                        List.of("sh", "-c", "echo ready; exec sleep 600")))) {
            List<ProcessHandle> sandbox =
                    ProcessHandle.of(run.pid()).orElseThrow().descendants().toList();
            assertTrue(
                    sandbox.size() >= 3,
                    "outer, init and the workload are the caller's descendants: " + sandbox);
            long sentry = sentryOf(run.pid());
            assertNotEquals(run.pid(), sentry, "the sentry is not the caller");
            assertFalse(
                    ProcessHandle.of(run.pid())
                            .orElseThrow()
                            .descendants()
                            .anyMatch(h -> h.pid() == sentry),
                    "nor one of its descendants");
            ProcessHandle.of(sentry).orElseThrow().destroyForcibly();
            Sluice.Result r = run.await(Duration.ofSeconds(30));
            assertEquals(
                    137,
                    r.exitCode(),
                    "the workload was killed, as when its own JVM dies of SIGKILL\n" + r);
            for (int i = 0; i < 100 && sandbox.stream().anyMatch(ProcessHandle::isAlive); i++) {
                Hostile.sleep(50);
            }
            assertEquals(
                    List.of(),
                    sandbox.stream().filter(ProcessHandle::isAlive).toList(),
                    "no process of the sandbox outlives its sentry");
        }
    }

    @Test
    @Timeout(300)
    void aCallerUnlikeTheServiceRunsItsSandboxInAJvmOfItsOwn() throws IOException {
        // A spare is ready (or starting) for both runs below: what keeps them from it is the
        // caller.
        handedRun(m -> sandbox(false, m, List.of(), List.of("/bin/true")));
        String m = marker();
        Sluice.Result limited =
                sandbox(false, m, List.of(), List.of("sh", "-c", "echo stack=$(ulimit -s)"))
                        .wrappedIn("sh", "-c", "ulimit -Ss 4096 && exec \"$@\"", "sh")
                        .run();
        assertEquals(0, limited.exitCode(), limited.toString());
        assertEquals("4096", limited.value("stack"), limited.toString());
        assertFalse(handed(m), "a caller with other limits than the service's\n" + limited);
        assertTrue(
                logLine(m).orElse("").contains("Max stack size"),
                "the service's log says why: " + logLine(m));

        String m2 = marker();
        Sluice.Result rehearsal =
                sandbox(false, m2, List.of("--proxy", "pty"), List.of("/bin/true"))
                        .env("SLUICE_REHEARSAL", "0")
                        .run();
        assertEquals(0, rehearsal.exitCode(), rehearsal.toString());
        assertFalse(handed(m2), "a variable a sentry reads from its own environment\n" + rehearsal);
        assertTrue(
                logLine(m2).orElse("").contains("SLUICE_REHEARSAL"),
                "the service's log says why: " + logLine(m2));
    }

    @Test
    @Timeout(60)
    void aCallerWhoCannotReachTheServiceIsToldWhatItLacksAtOnce() {
        // Another user than the service's: it can neither connect nor start a service of its own
        // under root's --root, so the command runs as without one, at once (it waited 10 s).
        long t0 = System.nanoTime();
        Sluice.Result r =
                Sluice.command("run", "--", "/bin/true")
                        .wrappedIn(
                                "setpriv",
                                "--reuid=65534",
                                "--regid=65534",
                                "--clear-groups",
                                // to reach bin/sluice wherever the checkout is; no write anywhere
                                "--inh-caps=+dac_read_search",
                                "--ambient-caps=+dac_read_search",
                                "--")
                        .run();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(125, r.exitCode(), r.toString());
        assertTrue(r.stderr().contains("needs root"), r.toString());
        assertTrue(ms < 5_000, "told in " + ms + " ms, not after waiting for a service\n" + r);
    }

    /**
     * The spare sentry running the caller {@code client}'s sandbox: the {@code sentry-spare} JVM
     * whose stdout is the caller's.
     */
    private static long sentryOf(long client) throws IOException {
        String callersOut = Files.readSymbolicLink(Path.of("/proc/" + client + "/fd/1")).toString();
        List<Long> found = new ArrayList<>();
        for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
            String cmd = h.info().commandLine().orElse("");
            if (!cmd.contains("sentry-spare")) {
                continue;
            }
            try {
                Path out = Path.of("/proc/" + h.pid() + "/fd/1");
                if (Files.readSymbolicLink(out).toString().equals(callersOut)) {
                    found.add(h.pid());
                }
            } catch (IOException e) {
                // gone, or not ours to read
            }
        }
        assertEquals(1, found.size(), "one spare sentry has the caller's stdout: " + found);
        return found.get(0);
    }
}
