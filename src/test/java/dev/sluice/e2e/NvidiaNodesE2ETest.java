package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * NVIDIA device nodes that no NVProxy table covers (security issue 15, item 4), without a GPU: the
 * nodes are made with mknod in a scratch directory and granted with {@code --device}. What decides
 * is the node's device number, never its name: a hostile config names an NVIDIA node anything.
 */
@RequiresRoot
class NvidiaNodesE2ETest {
    private static final String RAN = "the-command-ran-with-the-node";

    /** A char node {@code major:minor} called {@code name} in a fresh scratch directory. */
    private static Path node(String name, int major, int minor) throws Exception {
        Path dir = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("nvnodes")));
        Path node = dir.resolve(name);
        Process p =
                new ProcessBuilder(
                                "mknod",
                                node.toString(),
                                "c",
                                Integer.toString(major),
                                Integer.toString(minor))
                        .redirectErrorStream(true)
                        .start();
        assertTrue(p.waitFor(10, TimeUnit.SECONDS), "mknod finishes");
        assertEquals(
                0,
                p.exitValue(),
                "mknod " + node + ": " + new String(p.getInputStream().readAllBytes()));
        return node;
    }

    @Test
    @Timeout(60)
    void anNvidiaNodeNoTableCoversIsRefusedAtStartNamingIt() throws Exception {
        // 195:250: a minor of the NVIDIA major that the driver does not use (nv-chardev-numbers.h),
        // under a
        // name that does not say NVIDIA.
        Path node = node("accel0", 195, 250);
        Sluice.Result r =
                Sluice.run("run", "--device", node.toString(), "--", "sh", "-c", "echo " + RAN);
        assertEquals(125, r.exitCode(), "refused at start, before the command runs\n" + r);
        assertFalse(r.stdout().contains(RAN), "the command never ran with the node\n" + r);
        assertTrue(r.stderr().contains(node.toString()), "the message names the node\n" + r);
        assertTrue(
                r.stderr().contains("195:250") && r.stderr().contains("no NVProxy table covers"),
                "and says what it is and why it is refused\n" + r);
        assertFalse(r.hasStackTrace(), "a refusal, not a crash\n" + r);
    }

    @Test
    @Timeout(60)
    void aGpuNodeUnderAnotherNameIsStillNvProxys() throws Exception {
        assumeFalse(
                Files.exists(Path.of("/dev/nvidiactl")),
                "skipped: this host has an NVIDIA driver, so the renamed GPU node would be served (the GPU suite covers it)");
        Path node = node("renamed-gpu", 195, 0);
        Sluice.Result r =
                Sluice.run("run", "--device", node.toString(), "--", "sh", "-c", "echo " + RAN);
        assertEquals(
                125,
                r.exitCode(),
                "NVProxy claims 195:0 whatever its name; without a driver it cannot start\n" + r);
        assertFalse(
                r.stdout().contains(RAN),
                "the command never ran with an unmediated GPU node\n" + r);
        assertTrue(
                r.stderr().contains("/dev/nvidiactl"), "NVProxy says what it could not ask\n" + r);
    }
}
