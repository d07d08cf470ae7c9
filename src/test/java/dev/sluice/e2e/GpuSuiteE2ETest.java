package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The GPU suite ({@code src/test/gpu/run-suite.sh}): CUDA, PyTorch and nvidia-smi workloads, each
 * run natively and under {@code sluice run --gpus all --stats}, compared and tabulated. The
 * script's last line is {@code gpu suite: N passed, M failed}; this test passes only when N > 0 and
 * M == 0.
 *
 * <p>Needs an NVIDIA GPU ({@code /dev/nvidiactl}) and root. Without them the test is reported as
 * skipped, with the reason, never as passed; so is a run where the script itself exits 77 (its skip
 * status, e.g. no {@code nvidia-smi}).
 */
class GpuSuiteE2ETest {

    private static final Path NVIDIACTL = Path.of("/dev/nvidiactl");
    private static final Pattern LAST_LINE =
            Pattern.compile("^gpu suite: (\\d+) passed, (\\d+) failed$");
    private static final long TIMEOUT_SECONDS = 600;

    @Test
    @Timeout(TIMEOUT_SECONDS + 60)
    void gpuSuitePassesNativelyAndSandboxed() throws Exception {
        runScript("run-suite.sh", "gpu-suite", LAST_LINE);
    }

    /**
     * {@code src/test/gpu/containers.sh}: GPU containers from an image without a driver, through
     * {@code sluice run --rootfs --gpus}, a CDI device, and the OCI path (a CDI bundle and
     * dockerd's legacy-hook shape); its last line is {@code gpu containers: N passed, M failed}.
     */
    @Test
    @Timeout(TIMEOUT_SECONDS + 60)
    void gpuContainersFromAnImageWithoutADriver() throws Exception {
        runScript(
                "containers.sh",
                "gpu-containers",
                Pattern.compile("^gpu containers: (\\d+) passed, (\\d+) failed$"));
    }

    private static void runScript(String name, String outDir, Pattern lastLine) throws Exception {
        skipUnless(
                Files.exists(NVIDIACTL),
                "skipped: no NVIDIA GPU on this host (" + NVIDIACTL + " absent)");
        long euid = RequiresRoot.Condition.effectiveUid();
        skipUnless(euid == 0, "skipped: sluice run needs root (effective uid is " + euid + ")");
        Sluice.bin(); // fails, with how to build it, when bin/sluice is missing

        Path script = Sluice.root().resolve("src/test/gpu").resolve(name);
        Path out = Sluice.workDir().resolve(outDir);
        ProcessBuilder pb =
                new ProcessBuilder("bash", script.toString(), "--out", out.toString())
                        .directory(Sluice.root().toFile())
                        .redirectErrorStream(true)
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        List<String> lines = new ArrayList<>();
        Thread pump = new Thread(() -> echo(p, lines), "gpu-suite-output");
        pump.setDaemon(true);
        pump.start();
        boolean exited = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!exited) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
        }
        pump.join(TimeUnit.SECONDS.toMillis(10));
        List<String> output;
        synchronized (lines) {
            output = List.copyOf(lines);
        }
        String ctx =
                "\n--- " + name + " output (logs in " + out + ") ---\n" + String.join("\n", output);
        assertTrue(exited, name + " did not finish within " + TIMEOUT_SECONDS + " s" + ctx);

        int rc = p.exitValue();
        String last = output.isEmpty() ? "" : output.get(output.size() - 1).strip();
        if (rc == 77) {
            skipUnless(false, last.isEmpty() ? "skipped: " + name + " exited 77" : last);
        }
        Matcher m = lastLine.matcher(last);
        assertTrue(
                m.matches(),
                "the last line must match '" + lastLine + "', got '" + last + "'" + ctx);
        long passed = Long.parseLong(m.group(1));
        long failed = Long.parseLong(m.group(2));
        assertEquals(
                0, failed, "no GPU workload may fail (see the problems above the last line)" + ctx);
        assertTrue(passed > 0, "at least one GPU workload must pass" + ctx);
        assertEquals(0, rc, name + " must exit 0 when nothing failed" + ctx);
    }

    /**
     * Echoes the script's output to stdout as it comes (progress of a minutes-long run) and keeps
     * it.
     */
    private static void echo(Process p, List<String> lines) {
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                System.out.println("[gpu-suite] " + line);
                synchronized (lines) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            // The process was destroyed under us: keep what we have.
        }
    }

    /** Skips visibly: the reason goes to stdout and to the report; a skip is never a pass. */
    private static void skipUnless(boolean ok, String reason) {
        if (!ok) {
            System.out.println("[sluice-e2e] GpuSuiteE2ETest: " + reason);
            Assumptions.abort(reason);
        }
    }
}
