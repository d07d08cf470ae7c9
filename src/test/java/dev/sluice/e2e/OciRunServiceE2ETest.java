package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * runc's {@code run} of a bundle and {@code exec} through the runtime service (docs/oci.md, "The
 * runtime service"): the service creates and starts the container (a container with proxies from a
 * spare sentry, as a create) or the exec'd process, and the caller, {@code sluice-client}, waits
 * for it (for a run, as the container's subreaper), passes it the signals it receives and exits
 * with its status. Each case runs the same bundle under runc in the same test and expects the same:
 * exit status, output, a relative {@code --bundle}, a forwarded SIGTERM, the container gone
 * afterwards. And the service runs no command that is not one of the runtime's (a same-user caller
 * asking for a sandbox, a spare sentry or another service gets "run it yourself").
 */
@RequiresRoot
@Timeout(240)
class OciRunServiceE2ETest {
    @RegisterExtension final OciRoot oci = new OciRoot("runc");

    private static final String PROXIES = "dev.sluice.proxies";

    /** A bundle whose container runs {@code script} under sh, with the pty proxy (a sentry). */
    private static Path bundle(String name, String script) {
        return OciBundle.create(
                name,
                List.of("/bin/sh", "-c", script),
                c -> c.putObject("annotations").put(PROXIES, "pty"));
    }

    /** {@code runtime --root ROOT run -b BUNDLE ID} from the bundle's parent directory. */
    private static Process start(Path runtime, Path root, Path bundle, String id)
            throws IOException {
        List<String> cmd =
                new ArrayList<>(
                        List.of(
                                runtime.toString(),
                                "--root",
                                root.toString(),
                                "run",
                                "-b",
                                bundle.getFileName().toString(),
                                id));
        return new ProcessBuilder(cmd)
                .directory(bundle.getParent().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
    }

    private static Path runc() {
        Path runc = OciBundle.runcBinary();
        assumeTrue(runc != null, "SKIPPED: no runc on PATH, the baseline of this suite");
        return runc;
    }

    private String serviceLog() throws IOException {
        Path log = oci.root().resolve(".sluice-service.log");
        return Files.exists(log) ? Files.readString(log) : "";
    }

    @Test
    void aMediatedRunIsServedWithRuncsStatusOutputAndCleanUp() throws Exception {
        Path runc = runc();
        Files.createDirectories(oci.root()); // an existing root: its commands go to its service
        Path b = bundle("oci-run-svc", "echo out-line; echo err-line >&2; exit 7");
        String id = Sluice.unique("run");
        Process s = start(Sluice.bin(), oci.root(), b, id);
        String sOut = new String(s.getInputStream().readAllBytes());
        String sErr = new String(s.getErrorStream().readAllBytes());
        assertTrue(s.waitFor(90, TimeUnit.SECONDS), "sluice run ended");
        Process r = start(runc, oci.root().resolve("runc"), b, id);
        String rOut = new String(r.getInputStream().readAllBytes());
        String rErr = new String(r.getErrorStream().readAllBytes());
        assertTrue(r.waitFor(60, TimeUnit.SECONDS), "runc run ended");

        assertEquals(7, r.exitValue(), "runc: the container's status\n" + rErr);
        assertEquals(r.exitValue(), s.exitValue(), "the container's status, as runc's\n" + sErr);
        assertEquals(rOut, sOut, "the container's stdout reached the caller, as under runc");
        assertTrue(
                rErr.contains("err-line") && sErr.contains("err-line"),
                "and its stderr\nrunc: " + rErr + "\nsluice: " + sErr);
        assertTrue(
                serviceLog().contains("served [--root, " + oci.root() + ", run, -b, "),
                "the service ran it\n" + serviceLog());
        Sluice.Result list = oci.run("list", "--quiet");
        assertFalse(list.stdout().contains(id), "deleted after its exit, as runc's\n" + list);
        Sluice.Result state = oci.run("state", id);
        assertEquals(1, state.exitCode(), "no such container any more\n" + state);
    }

    @Test
    void aSignalToTheCallerReachesTheContainerAsUnderRunc() throws Exception {
        Path runc = runc();
        Files.createDirectories(oci.root());
        Path b =
                bundle(
                        "oci-run-signal",
                        "trap 'echo got-term; exit 3' TERM; echo ready; while true; do sleep 0.1; done");
        int[] status = new int[2];
        String[] out = new String[2];
        Path[] runtimes = {Sluice.bin(), runc};
        Path[] roots = {oci.root(), oci.root().resolve("runc")};
        for (int i = 0; i < 2; i++) {
            String id = Sluice.unique("sig");
            Process p = start(runtimes[i], roots[i], b, id);
            java.io.BufferedReader lines =
                    new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
            String first = lines.readLine();
            assertEquals("ready", first, runtimes[i] + ": the container runs");
            // SIGTERM to the runtime's process, as a supervisor's stop (Process.destroy would
            // also close its output)
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor(),
                    "kill");
            StringBuilder rest = new StringBuilder();
            for (String l = lines.readLine(); l != null; l = lines.readLine()) {
                rest.append(l).append('\n');
            }
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), runtimes[i] + " ended");
            status[i] = p.exitValue();
            out[i] = rest.toString();
        }
        assertEquals(3, status[1], "runc forwarded SIGTERM to the container, whose trap exits 3");
        assertEquals("got-term\n", out[1], "runc");
        assertEquals(status[1], status[0], "sluice, through the service: the same status");
        assertEquals(out[1], out[0], "and the same output");
        Sluice.Result list = oci.run("list", "--quiet");
        assertFalse(list.stdout().contains("sig-"), "deleted after its exit\n" + list);
    }

    /** {@code runtime --root ROOT ARGS...} from {@code dir}, stdin /dev/null, not waited for. */
    private static Process start(Path runtime, Path root, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(runtime.toString(), "--root", root.toString()));
        cmd.addAll(args);
        return new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
    }

    /**
     * Reads {@code p}'s stdout to its end, sending it SIGTERM once its first line is {@code ready};
     * that first line and the rest.
     */
    private static String readSignallingAtReady(Process p) throws Exception {
        java.io.BufferedReader lines =
                new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
        String first = lines.readLine();
        StringBuilder all = new StringBuilder(String.valueOf(first)).append('\n');
        if ("ready".equals(first)) {
            // SIGTERM to the runtime's process, as a supervisor's stop (Process.destroy would
            // also close its output)
            assertEquals(
                    0,
                    new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor(),
                    "kill");
        }
        for (String l = lines.readLine(); l != null; l = lines.readLine()) {
            all.append(l).append('\n');
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ended");
        return all.toString();
    }

    @Test
    void aForegroundExecIsServedWithRuncsStatusOutputAndSignals() throws Exception {
        Path runc = runc();
        Files.createDirectories(oci.root());
        Path b = bundle("oci-exec-svc", "exec sleep 100 >/dev/null 2>&1 </dev/null");
        Path[] runtimes = {Sluice.bin(), runc};
        Path[] roots = {oci.root(), oci.root().resolve("runc")};
        int[] status = new int[2];
        int[] signalled = new int[2];
        String[] out = new String[2];
        String[] err = new String[2];
        String[] trapped = new String[2];
        for (int i = 0; i < 2; i++) {
            String id = Sluice.unique("exec");
            Sluice.Result run =
                    OciBundle.tool(runtimes[i], roots[i], "run", "-d", "-b", b.toString(), id);
            assertEquals(0, run.exitCode(), runtimes[i] + ": run -d\n" + run);
            try {
                Sluice.Result e =
                        OciBundle.tool(
                                runtimes[i],
                                roots[i],
                                "exec",
                                id,
                                "sh",
                                "-c",
                                "echo exec-out; echo exec-err >&2; exit 5");
                out[i] = e.stdout();
                err[i] = e.stderr();
                status[i] = e.exitCode();
                Process t =
                        start(
                                runtimes[i],
                                roots[i],
                                List.of(
                                        "exec",
                                        id,
                                        "sh",
                                        "-c",
                                        "trap 'echo got-term; exit 4' TERM; echo ready;"
                                                + " while true; do sleep 0.1; done"));
                trapped[i] = readSignallingAtReady(t);
                signalled[i] = t.exitValue();
            } finally {
                OciBundle.tool(runtimes[i], roots[i], "delete", "--force", id);
            }
        }
        assertEquals(5, status[1], "runc: the process's status\n" + err[1]);
        assertEquals(status[1], status[0], "sluice: the same status\n" + err[0]);
        assertEquals("exec-out\n", out[1], "runc");
        assertEquals(out[1], out[0], "the process's stdout reached the caller, as under runc");
        assertTrue(err[0].contains("exec-err"), "and its stderr\n" + err[0]);
        assertEquals("ready\ngot-term\n", trapped[1], "runc forwarded SIGTERM to the process");
        assertEquals(4, signalled[1], "runc: the trap's status");
        assertEquals(trapped[1], trapped[0], "sluice, through the service: the same output");
        assertEquals(signalled[1], signalled[0], "and the same status");
        assertTrue(
                serviceLog().contains("served [--root, " + oci.root() + ", exec, "),
                "the service ran the execs\n" + serviceLog());
    }

    @Test
    void theServiceRunsNoCommandButTheRuntimes() throws Exception {
        Files.createDirectories(oci.root());
        assertEquals(0, oci.run("list").exitCode(), "the first command starts the service");
        Path socket;
        try (var s = Files.list(oci.root())) {
            socket =
                    s.filter(p -> p.getFileName().toString().matches("\\.sluice-service-.*\\.sock"))
                            .findFirst()
                            .orElseThrow();
        }
        Path client = Sluice.bin().resolveSibling("lib/sluice-client");
        // A caller of the service's own user, with its own client: in place of the JVM it would
        // run itself, echo, so that what it ran shows. Sluice's own run (no runc global option
        // before it, no runc run option) is a sandbox, not a container.
        String root = oci.root().toString();
        List<List<String>> asks =
                List.of(
                        List.of("run", "--", "/bin/true"),
                        List.of("--root", root, "sentry-spare", root),
                        List.of("--root", root, "service", "--socket", "/tmp/other.sock"),
                        List.of("--root", root, "bench", "trap"));
        for (List<String> ask : asks) {
            List<String> cmd =
                    new ArrayList<>(
                            List.of(client.toString(), socket.toString(), "2", "/bin/echo", "own"));
            cmd.addAll(ask);
            Sluice.Result r = OciBundle.command(cmd);
            assertEquals(0, r.exitCode(), ask + ": the caller ran it itself\n" + r);
            assertEquals(
                    "own " + String.join(" ", ask) + "\n",
                    r.stdout(),
                    ask + ": the caller's own command line, not the service's work");
            assertTrue(
                    serviceLog()
                            .contains(
                                    "not served, the caller runs it: ["
                                            + String.join(", ", ask)
                                            + "]"),
                    ask + ": the service says it left it\n" + serviceLog());
        }
        assertFalse(Files.exists(Path.of("/tmp/other.sock")), "no second service was started");
    }
}
