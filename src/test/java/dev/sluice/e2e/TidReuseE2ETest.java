package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
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

/**
 * A guest thread dies while the sentry holds its call, and its tid goes to a task outside the
 * sandbox: the sentry must never act on that task (security issue 15, item 2).
 *
 * <p>The reuse is made deterministic. {@code sluice run} runs in a pid namespace of the test's own
 * ({@code unshare --pid --fork --mount-proc}), so the tids the sentry sees are allocated only by
 * this run. The guest ({@code sluice-tidreuse guest}, src/test/c/tidreuse.c) has a {@code CLONE_VM
 * | CLONE_FILES} child call {@code TIOCGPTPEER} on its ptmx, the sandbox's first trapped call,
 * which {@code SLUICE_TEST_FAULTS=stall-ms=MS} holds in the sentry after it was received and before
 * the sentry looks at the caller. Meanwhile the guest kills the child, and the test gives the
 * child's tid (in the sentry's namespace) to a victim it starts there with {@code nsenter} and
 * {@code ns_last_pid}: a task holding an unlocked pty master under the same fd number. When the
 * hold ends, a sentry that looked the tid up again would dup the victim's master and open its pty's
 * slave (before the fix it did: the victim saw its slave opened, and its master read EIO).
 */
@RequiresRoot
class TidReuseE2ETest {
    private static final Duration STALL = Duration.ofSeconds(4);
    private static final Pattern GONE =
            Pattern.compile("sluice: calls whose caller was gone before the sentry acted: (\\d+)");
    private static final Path NS_LAST_PID = Path.of("/proc/sys/kernel/ns_last_pid");

    private static Path binary() {
        Path g = Sluice.guestBinary().resolveSibling("sluice-tidreuse");
        if (!Files.isExecutable(g)) {
            throw new AssertionError(
                    g
                            + " is missing: build it with `make -C src/test/c OUT="
                            + g.getParent()
                            + "`");
        }
        return g;
    }

    private static void assumeTools() {
        for (String tool : List.of("/usr/bin/unshare", "/usr/bin/nsenter")) {
            assumeTrue(
                    Files.isExecutable(Path.of(tool)),
                    "SKIPPED: "
                            + tool
                            + " (util-linux) is needed to make a pid"
                            + " namespace for the run and to start the victim in it");
        }
        assumeTrue(
                Files.exists(NS_LAST_PID),
                "SKIPPED: "
                        + NS_LAST_PID
                        + " is missing (CONFIG_CHECKPOINT_RESTORE):"
                        + " a tid cannot be handed to a chosen task");
    }

    /**
     * What one attempt saw; {@code inconclusive} names why the reuse did not happen in time, else
     * null.
     */
    private record Attempt(Sluice.Result run, String victim, String inconclusive) {}

    @Test
    @Timeout(240)
    void aReusedTidNeverReachesItsNewOwner() throws Exception {
        assumeTools();
        List<String> why = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Attempt a = attempt();
            if (a.inconclusive() != null) {
                why.add(a.inconclusive());
                continue;
            }
            Sluice.Result r = a.run();
            String v = a.victim();
            assertEquals(
                    "0",
                    Hostile.value(v, "victim_opens"),
                    "the sentry must never open the pty of the task that got the dead caller's tid\n"
                            + v
                            + "\n"
                            + r);
            assertEquals(
                    "EAGAIN",
                    Hostile.value(v, "victim_master"),
                    "the victim's master must show no slave opened and closed (EIO would)\n"
                            + v
                            + "\n"
                            + r);
            assertEquals(0, r.exitCode(), "the guest exits 0\n" + r);
            assertEquals(
                    "1",
                    r.value("child_killed"),
                    "the child died mid-call, killed by its parent\n" + r);
            assertEquals("ok", r.value("after"), "the sentry serves the next call\n" + r);
            assertTrue(
                    callersGone(r) >= 1,
                    "the sentry must report the call whose caller was gone\n" + r);
            Hostile.assertNoFdLeak(r);
            return;
        }
        throw new AssertionError(
                "three attempts could not hand the tid over while the sentry held the call: "
                        + why);
    }

    private static long callersGone(Sluice.Result r) {
        Matcher m = GONE.matcher(r.stderr());
        if (!m.find()) {
            throw new AssertionError("no '" + GONE.pattern() + "' line\n" + r);
        }
        return Long.parseLong(m.group(1));
    }

    private Attempt attempt() throws Exception {
        Path dir = Files.createDirectories(Hostile.hostFile("tidreuse"));
        Sluice.Invocation inv =
                Sluice.command(
                                "run",
                                "--proxy",
                                "pty",
                                "--stats",
                                "--",
                                binary().toString(),
                                "guest",
                                dir.toString())
                        .faults("stall-ms=" + STALL.toMillis())
                        .wrappedIn(
                                "unshare", "--pid", "--fork", "--mount-proc", "--kill-child", "--")
                        .timeout(Duration.ofSeconds(60));
        try (Sluice.Running run = inv.start()) {
            String line = run.awaitStdoutLine(l -> l.startsWith("child="), Duration.ofSeconds(60));
            int child = Integer.parseInt(Hostile.value(line, "child"));
            long callNs = Long.parseLong(Hostile.value(line, "call_ns"));
            long[] tids = findChild(child);
            long host = tids[0];
            long inSentryNs = tids[1];
            long sentry = sentryPid(run.pid());
            Files.createFile(dir.resolve("kill"));
            run.awaitStdoutLine(l -> l.startsWith("child_killed="), Duration.ofSeconds(30));
            for (int i = 0; i < 1000 && Files.exists(Path.of("/proc", Long.toString(host))); i++) {
                Thread.sleep(5);
            }
            Process victim =
                    new ProcessBuilder(
                                    "nsenter",
                                    "--target",
                                    Long.toString(sentry),
                                    "--pid",
                                    "--",
                                    binary().toString(),
                                    "victim",
                                    Long.toString(inSentryNs),
                                    dir.toString())
                            .redirectErrorStream(true)
                            .start();
            BlockingQueue<String> lines = lines(victim);
            String ready = lines.poll(30, TimeUnit.SECONDS);
            if (ready == null || !ready.startsWith("victim_ready=1")) {
                victim.destroyForcibly();
                return new Attempt(
                        null, null, "the victim did not get tid " + inSentryNs + ": " + ready);
            }
            long readyNs = Long.parseLong(Hostile.value(ready, "ready_ns"));
            // The sentry looks at the call once the hold ends: wait past that, then ask the victim.
            long holdEnds = callNs + STALL.toNanos();
            Thread.sleep(Math.max(0, (holdEnds - System.nanoTime()) / 1_000_000) + 1000);
            Files.createFile(dir.resolve("stop"));
            String report = lines.poll(30, TimeUnit.SECONDS);
            victim.waitFor(30, TimeUnit.SECONDS);
            Files.createFile(dir.resolve("after"));
            Sluice.Result r = run.await(Duration.ofSeconds(60));
            if (readyNs > holdEnds - 200_000_000L) {
                return new Attempt(
                        r,
                        report,
                        "the victim was ready "
                                + (readyNs - callNs) / 1_000_000
                                + " ms after the call, too close to the end of the "
                                + STALL.toMillis()
                                + " ms hold");
            }
            if (report == null) {
                throw new AssertionError("the victim reported nothing\n" + r);
            }
            return new Attempt(r, ready + "\n" + report, null);
        } finally {
            OciBundle.deleteTree(dir);
        }
    }

    /**
     * The host pid and the pid in the sentry's namespace of the sandbox's "tidreuse-child" with pid
     * {@code child} in the sandbox.
     */
    private static long[] findChild(int child) throws IOException {
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path p : procs) {
                List<String> status;
                try {
                    status = Files.readAllLines(p.resolve("status"));
                } catch (IOException e) {
                    continue; // exited while we looked
                }
                if (!status.contains("Name:\ttidreuse-child")) {
                    continue;
                }
                for (String l : status) {
                    if (l.startsWith("NSpid:")) {
                        String[] ids = l.substring(6).trim().split("\\s+");
                        if (ids.length == 3 && Integer.parseInt(ids[2]) == child) {
                            return new long[] {Long.parseLong(ids[0]), Long.parseLong(ids[1])};
                        }
                    }
                }
            }
        }
        throw new AssertionError(
                "no task named tidreuse-child with pid " + child + " in its sandbox");
    }

    /** The JVM: the one child of {@code unshare}, the first process of the run's pid namespace. */
    private static long sentryPid(long unshare) throws IOException {
        Path children =
                Path.of(
                        "/proc",
                        Long.toString(unshare),
                        "task",
                        Long.toString(unshare),
                        "children");
        String[] pids = Files.readString(children).trim().split("\\s+");
        assertEquals(
                1,
                pids.length,
                "unshare --fork has one child, the sentry: " + String.join(",", pids));
        return Long.parseLong(pids[0]);
    }

    private static BlockingQueue<String> lines(Process p) {
        BlockingQueue<String> q = new LinkedBlockingQueue<>();
        Thread t =
                new Thread(
                        () -> {
                            try (BufferedReader r =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    p.getInputStream(), StandardCharsets.UTF_8))) {
                                for (String l; (l = r.readLine()) != null; ) {
                                    q.add(l);
                                }
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        },
                        "tidreuse-victim-output");
        t.setDaemon(true);
        t.start();
        return q;
    }
}
