package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/** Signals sent to sluice reach the sandboxed command; killing sluice kills the whole sandbox. */
@RequiresRoot
class SignalsE2ETest {

    @ParameterizedTest(name = "SIG{0} is forwarded: exit {1}")
    @CsvSource({"TERM, 42", "INT, 43", "HUP, 44"})
    @Timeout(60)
    void forwardedSignalReachesTheCommand(String sig, int code) {
        String script =
                "trap \"echo got-"
                        + sig
                        + "; exit "
                        + code
                        + "\" "
                        + sig
                        + "; echo ready; while :; do sleep 0.05; done";
        try (Sluice.Running run = Sluice.command("run", "--", "sh", "-c", script).start()) {
            run.awaitStdoutLine("ready"::equals, Duration.ofSeconds(30));
            run.signal(sig);
            Sluice.Result r = run.await(Duration.ofSeconds(20));
            assertEquals(
                    code,
                    r.exitCode(),
                    "SIG"
                            + sig
                            + " sent to sluice must reach the command's trap, which exits "
                            + code
                            + "\n"
                            + r);
            assertTrue(
                    r.stdoutLines().contains("got-" + sig),
                    "the command's SIG" + sig + " trap must have run\n" + r);
        }
    }

    /**
     * sluice started with SIGINT ignored (as a non-interactive shell starts a background job, or
     * {@code nohup}) still forwards a SIGINT sent to it, as runc does: the JVM would otherwise keep
     * the inherited disposition and install no handler, and the signal would be lost.
     */
    @Test
    @Timeout(60)
    void aSigintSentToASluiceStartedWithSigintIgnoredIsForwarded() {
        String script =
                "trap \"echo got-INT; exit 43\" INT; echo ready; while :; do sleep 0.05; done";
        try (Sluice.Running run =
                Sluice.command("run", "--", "sh", "-c", script)
                        .wrappedIn("bash", "-c", "trap '' INT; exec \"$@\"", "ignoring-int")
                        .start()) {
            run.awaitStdoutLine("ready"::equals, Duration.ofSeconds(30));
            run.signal("INT");
            Sluice.Result r = run.await(Duration.ofSeconds(20));
            assertEquals(43, r.exitCode(), "the command's INT trap ran and exited 43\n" + r);
            assertTrue(r.stdoutLines().contains("got-INT"), r.toString());
        }
    }

    @Test
    @Timeout(60)
    void killingSluiceKillsTheSandbox() throws Exception {
        // A unique argument marks our sandboxed process among everything else on the host.
        String marker =
                String.format(
                        Locale.ROOT,
                        "%d.%06d",
                        900 + ThreadLocalRandom.current().nextInt(99),
                        ThreadLocalRandom.current().nextInt(1_000_000));
        try (Sluice.Running run = Sluice.command("run", "--", "sleep", marker).start()) {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            List<Long> found = processesWithArgs("sleep", marker);
            while (found.isEmpty() && System.nanoTime() < deadline && run.process().isAlive()) {
                Thread.sleep(50);
                found = processesWithArgs("sleep", marker);
            }
            assertTrue(
                    !found.isEmpty(),
                    "the sandboxed 'sleep "
                            + marker
                            + "' never appeared\nstdout: "
                            + run.stdoutSoFar()
                            + "\nstderr: "
                            + run.stderrSoFar());
            String parentArg = "--parent-pid\0" + run.pid();

            run.process().destroyForcibly(); // SIGKILL to the sluice JVM: no handler can run
            assertTrue(
                    run.process().waitFor(10, java.util.concurrent.TimeUnit.SECONDS),
                    "sluice must die of SIGKILL");

            deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            List<Long> left = processesWithArgs("sleep", marker);
            List<Long> inits = processesWithCmdlinePart(parentArg);
            while ((!left.isEmpty() || !inits.isEmpty()) && System.nanoTime() < deadline) {
                Thread.sleep(50);
                left = processesWithArgs("sleep", marker);
                inits = processesWithCmdlinePart(parentArg);
            }
            assertTrue(
                    left.isEmpty(),
                    "10 s after sluice was killed, the sandboxed 'sleep "
                            + marker
                            + "' must be gone; still alive: pids "
                            + left);
            assertTrue(
                    inits.isEmpty(),
                    "10 s after sluice was killed, its sluice-init processes must be gone; "
                            + "still alive: pids "
                            + inits);
        }
    }

    /** Host pids whose argv is exactly {@code argv}. */
    static List<Long> processesWithArgs(String... argv) {
        String want = String.join("\0", argv) + "\0";
        List<Long> pids = new ArrayList<>();
        for (var e : cmdlines()) {
            if (e.cmdline().equals(want) || e.cmdline().endsWith("/" + want)) {
                pids.add(e.pid());
            }
        }
        return pids;
    }

    /** Host pids whose NUL-separated cmdline contains {@code part}. */
    static List<Long> processesWithCmdlinePart(String part) {
        List<Long> pids = new ArrayList<>();
        for (var e : cmdlines()) {
            if (e.cmdline().contains(part) && e.cmdline().contains("sluice-init")) {
                pids.add(e.pid());
            }
        }
        return pids;
    }

    record Cmdline(long pid, String cmdline) {}

    static List<Cmdline> cmdlines() {
        List<Cmdline> out = new ArrayList<>();
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(
                        Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path p : ds) {
                try {
                    byte[] b = Files.readAllBytes(p.resolve("cmdline"));
                    if (b.length > 0) {
                        out.add(
                                new Cmdline(
                                        Long.parseLong(p.getFileName().toString()),
                                        new String(b, StandardCharsets.UTF_8)));
                    }
                } catch (IOException gone) {
                    // the process exited while we looked
                }
            }
        } catch (IOException e) {
            throw new AssertionError("cannot list /proc", e);
        }
        return out;
    }
}
