package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/**
 * Faults of the sentry itself: killed with SIGKILL, out of fds, out of memory, and a host driver
 * that fails the calls it executes. Nothing may run unmediated, calls fail with a clean errno, and
 * where the fault passes the sentry serves again.
 */
@RequiresRoot
class SentryFaultsE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @RegisterExtension final OciRoot oci = new OciRoot();

    // ---- SIGKILL -------------------------------------------------------------------------------

    /**
     * {@code sluice run}: the sentry is the sluice JVM; its death must take the whole sandbox with
     * it.
     */
    @Test
    @Timeout(60)
    void sigkillOfTheSentryKillsTheSandbox() {
        try (Sluice.Running run = Hostile.pty(List.of(), "forever").ownJvm().start()) {
            run.awaitStdoutLine("ready=1"::equals, Duration.ofSeconds(30));
            List<ProcessHandle> sandbox =
                    ProcessHandle.of(run.pid()).orElseThrow().descendants().toList();
            assertTrue(
                    sandbox.size() >= 3,
                    "outer, init and the guest run under the sentry: " + sandbox);
            run.signal("KILL");
            Sluice.Result r =
                    run.await(
                            Duration.ofSeconds(
                                    30)); // fails if a sandboxed process keeps the pipes open
            assertEquals(137, r.exitCode(), r.toString());
            for (int i = 0; i < 100 && sandbox.stream().anyMatch(ProcessHandle::isAlive); i++) {
                Hostile.sleep(50);
            }
            assertEquals(
                    List.of(),
                    sandbox.stream()
                            .filter(ProcessHandle::isAlive)
                            .map(ProcessHandle::pid)
                            .toList(),
                    "every process of the sandbox must die with its sentry\n" + r);
            assertFalse(
                    r.stdout().contains("ok_after_fail"),
                    "no trapped call may succeed once the sentry is gone\n" + r);
        }
    }

    /**
     * An OCI container's detached sentry killed with SIGKILL: no trapped call succeeds afterwards
     * (the kernel answers ENOSYS for a listener nobody holds), and the container's init, which
     * watches the sentry through a pidfd (the plan's watch-sentry op), ends the container: it exits
     * 137, {@code state} says {@code stopped}, {@code exec} runs nothing and {@code delete} cleans
     * up.
     */
    @Test
    @Timeout(120)
    void sigkillOfAnOciContainersSentryEndsTheContainerAndDeleteCleansUp() throws Exception {
        Path b =
                OciBundle.create(
                        "oci-sentry-kill",
                        List.of("sluice-hostile", "forever"),
                        c -> c.putObject("annotations").put("dev.sluice.proxies", "pty"));
        Files.copy(
                Hostile.binary(),
                b.resolve("rootfs/bin/sluice-hostile"),
                StandardCopyOption.COPY_ATTRIBUTES);
        String id = Sluice.unique("sentrykill");
        OciBundle.Reaper reaper =
                oci.closeAfter(
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
                                id));
        assertEquals(
                "0", reaper.await("cmd", WAIT), "create\n" + OciBundle.Reaper.read(reaper.err));
        long init = Long.parseLong(reaper.await("pid", WAIT));
        assertEquals(0, oci.run("start", id).exitCode(), "start");
        awaitText(reaper.out, "ready=1");

        long sentry =
                JSON.readTree(oci.root().resolve(id).resolve("state.json").toFile())
                        .get("sentryPid")
                        .asLong();
        assertTrue(sentry > 0, "the container has a sentry");
        ProcessHandle.of(sentry).ifPresent(ProcessHandle::destroyForcibly);
        for (int i = 0;
                i < 100 && ProcessHandle.of(sentry).map(ProcessHandle::isAlive).orElse(false);
                i++) {
            Hostile.sleep(50);
        }
        assertFalse(
                ProcessHandle.of(sentry).map(ProcessHandle::isAlive).orElse(false),
                "the sentry is dead");
        // The container's init watches the sentry (watch-sentry) and takes the container down with
        // it.
        assertEquals(
                "137", reaper.await("exit", WAIT), "init ended the container when its sentry died");
        String out = OciBundle.Reaper.read(reaper.out);
        assertFalse(
                out.contains("ok_after_fail"),
                "no trapped call succeeded after the sentry died\n" + out);
        assertFalse(
                ProcessHandle.of(init).map(ProcessHandle::isAlive).orElse(false),
                "the container's init is gone");
        assertEquals(
                "stopped",
                JSON.readTree(oci.run("state", id).stdout()).get("status").asText(),
                "state says stopped");
        Sluice.Result exec = oci.run("exec", id, "sh", "-c", "echo RAN-UNMEDIATED");
        assertNotEquals(
                0,
                exec.exitCode(),
                "exec into a container whose sentry is dead runs nothing\n" + exec);
        assertFalse(exec.stdout().contains("RAN-UNMEDIATED"), exec.toString());
        Sluice.Result del = oci.run("delete", id);
        assertEquals(0, del.exitCode(), "delete of the stopped container\n" + del);
        assertFalse(Files.exists(oci.root().resolve(id)), "delete removed the state directory");
        assertNotEquals(0, oci.run("state", id).exitCode(), "state of a deleted container fails");
    }

    private static void awaitText(Path file, String text) {
        for (int i = 0; i < 300 && !OciBundle.Reaper.read(file).contains(text); i++) {
            Hostile.sleep(100);
        }
        assertTrue(
                OciBundle.Reaper.read(file).contains(text),
                "no '" + text + "' in " + file + ":\n" + OciBundle.Reaper.read(file));
    }

    // ---- out of fds ----------------------------------------------------------------------------

    /**
     * The sentry's fd limit lowered under its use ({@code prlimit} on the running JVM): every call
     * that needs a dup of the guest's fd fails with EMFILE, cleanly; with the limit raised again
     * the same guest is served as before.
     */
    @Test
    @Timeout(90)
    void outOfFdsCallsFailWithEmfileAndTheSentryRecovers() throws IOException {
        Path dir = Files.createDirectories(Hostile.hostFile("fds"));
        try (Sluice.Running run =
                Hostile.pty(List.of(), "phases", dir.toString(), "3").ownJvm().start()) {
            long pid = run.pid();
            run.awaitStdoutLine("waiting=1"::equals, Duration.ofSeconds(30));
            long soft = softNofile(pid);
            Files.createFile(dir.resolve("go-1"));
            run.awaitStdoutLine("waiting=2"::equals, Duration.ofSeconds(30));
            Hostile.softFdLimit(pid, 3); // fds 0-2 are open: no new fd at all
            Files.createFile(dir.resolve("go-2"));
            run.awaitStdoutLine("waiting=3"::equals, Duration.ofSeconds(30));
            Hostile.softFdLimit(pid, soft);
            Files.createFile(dir.resolve("go-3"));
            Sluice.Result r = run.await(Duration.ofSeconds(60));
            assertEquals(0, r.exitCode(), r.toString());
            List<String> phases =
                    r.stdoutLines().stream().filter(l -> l.startsWith("phase=")).toList();
            assertEquals(3, phases.size(), r.toString());
            assertEquals(
                    "phase=1 ok=25 emfile=0 other=0 other_errno=0 opened=5",
                    phases.get(0),
                    "before: all served\n" + r);
            assertEquals(
                    "phase=2 ok=0 emfile=25 other=0 other_errno=0 opened=5",
                    phases.get(1),
                    "without a free fd every call fails with EMFILE, none another way\n" + r);
            assertEquals(
                    "phase=3 ok=25 emfile=0 other=0 other_errno=0 opened=5",
                    phases.get(2),
                    "after: all served again\n" + r);
            Hostile.assertNoFdLeak(r);
        } finally {
            OciBundle.deleteTree(dir);
        }
    }

    private static long softNofile(long pid) throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc", Long.toString(pid), "limits"))) {
            if (l.startsWith("Max open files")) {
                return Long.parseLong(
                        l.substring("Max open files".length()).trim().split("\\s+")[0]);
            }
        }
        throw new AssertionError("no fd limit for " + pid);
    }

    // ---- out of memory -------------------------------------------------------------------------

    /**
     * 100,000 distinct unknown requests: every one is refused, and what the sentry keeps per
     * request (stats rows, log limiters) is bounded, so its heap stays within 64 MiB.
     */
    @Test
    @Timeout(90)
    void aSprayOfUnknownRequestsKeepsTheSentrysMemoryBounded() {
        Sluice.Result r =
                Hostile.pty(List.of(), "spray", "100000")
                        .env("SLUICE_JAVA_OPTS", "-Xmx64m")
                        .timeout(Duration.ofSeconds(80))
                        .run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(
                0,
                r.longValue("spray_other"),
                "every unknown request is refused with ENOTTY or EINVAL\n" + r);
        assertEquals(
                100000, r.longValue("spray_enotty") + r.longValue("spray_einval"), r.toString());
        assertEquals("ok", r.value("after"), "the sentry still serves\n" + r);
        assertTrue(
                r.stats().rows().size() <= 4100,
                "stats rows are bounded (4096 keys and an overflow row)\n" + r);
        long[] mem = Hostile.memory(r);
        assertTrue(mem[3] > 0 && mem[3] <= mem[4], "the heap in use is within its 64 MiB\n" + r);
        Hostile.assertNoFdLeak(r);
    }

    /**
     * The same spray against a heap too small for the sentry's bounded tables (24 MiB): it runs out
     * of memory. Inside the JVM, an Error outside a call fails the loop closed, but when the heap
     * is exhausted even that path can fail to allocate, so the sentry JVM must run with {@code
     * -XX:+ExitOnOutOfMemoryError}: the JVM exits, PR_SET_PDEATHSIG kills the sandbox, the kernel
     * answers ENOSYS meanwhile. It must not hang, and the sandbox must not outlive it (the harness
     * fails a run whose pipes stay open after sluice exited).
     */
    @Test
    @Timeout(90)
    void outOfHeapTheSentryFailsClosedAndNeverHangs() {
        Sluice.Result r =
                Hostile.pty(List.of(), "spray", "100000")
                        .env("SLUICE_JAVA_OPTS", "-Xmx24m -XX:+ExitOnOutOfMemoryError")
                        .timeout(Duration.ofSeconds(80))
                        .run();
        assertEquals(3, r.exitCode(), "the JVM exits on OutOfMemoryError\n" + r);
        assertTrue(
                (r.stdout() + r.stderr()).contains("Terminating due to java.lang.OutOfMemoryError"),
                r.toString());
        assertFalse(
                r.stdout().contains("after=ok"),
                "no call is served after the sentry is gone\n" + r);
    }

    // ---- host driver errors --------------------------------------------------------------------

    /**
     * An EMULATE'd call the host driver fails gives the guest the driver's own errno, as natively.
     */
    @Test
    @Timeout(60)
    void hostDriverErrorsReachTheGuestUnchanged() {
        String host = Hostile.native_("hosterr");
        Sluice.Result r = Hostile.pty(List.of(), "hosterr").run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(
                "EIO",
                Hostile.value(host, "hosterr_peer_locked"),
                "natively, a locked pty's peer cannot be opened: EIO\n" + host);
        assertEquals(
                Hostile.value(host, "hosterr_peer_locked"),
                r.value("hosterr_peer_locked"),
                "TIOCGPTPEER is executed by the sentry and fails there with the driver's EIO\n"
                        + r);
        assertEquals(
                Hostile.value(host, "hosterr_opath"),
                r.value("hosterr_opath"),
                "an O_PATH fd: EBADF either way\n" + r);
        StatsReport.Row peer =
                r.stats().rows().stream()
                        .filter(
                                x ->
                                        x.name().equals("TIOCGPTPEER")
                                                && x.disposition().equals("EMULATE"))
                        .findFirst()
                        .orElseThrow(
                                () -> new AssertionError("TIOCGPTPEER was not emulated\n" + r));
        assertEquals(1, peer.errors(), "counted as one emulated call that failed\n" + r);
    }
}
