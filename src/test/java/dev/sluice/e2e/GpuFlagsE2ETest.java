package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code sluice run --gpus} on a host without NVIDIA GPUs (CI): a clear error and exit 125, never a
 * sandbox with an unmediated device. The GPU suite ({@link GpuSuiteE2ETest}) covers hosts that have
 * one.
 */
@RequiresRoot
class GpuFlagsE2ETest {

    private static void assumeNoNvidiaDriver() {
        assumeFalse(
                Files.exists(Path.of("/dev/nvidiactl")), "skipped: this host has an NVIDIA driver");
    }

    @Test
    @Timeout(60)
    void gpusAllWithoutGpusIsAClearError() {
        assumeNoNvidiaDriver();
        Sluice.Result r = Sluice.run("run", "--gpus", "all", "--", "true");
        assertEquals(125, r.exitCode(), "no GPU: sluice fails, the command never runs\n" + r);
        assertTrue(r.stderr().contains("no NVIDIA GPU nodes"), "the error says why\n" + r);
        assertFalse(r.hasStackTrace(), "a user error, not a crash\n" + r);
    }

    @Test
    @Timeout(60)
    void aGpuIndexWithoutANodeIsNamed() {
        assumeNoNvidiaDriver();
        Sluice.Result r = Sluice.run("run", "--gpus", "3", "--", "true");
        assertEquals(125, r.exitCode(), "GPU 3 does not exist\n" + r);
        assertTrue(r.stderr().contains("/dev/nvidia3"), "the error names the missing node\n" + r);
    }

    @Test
    @Timeout(60)
    void aMalformedGpuListIsAUsageError() {
        Sluice.Result r = Sluice.run("run", "--gpus", "0,x", "--", "true");
        assertEquals(125, r.exitCode(), "'x' is not a GPU index\n" + r);
        assertTrue(
                r.stderr().contains("'x' is not a GPU index"),
                "the error names the bad part\n" + r);
    }
}
