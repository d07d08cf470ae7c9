package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RDMA VM harness ({@code src/test/vm/}): boots Debian's stock kernel under QEMU/TCG, brings up
 * Soft-RoCE ({@code rdma_rxe}) on a dummy netdev and runs the verbs tools natively in the guest.
 * This is the baseline that sandboxed RDMA runs will be compared with; it does not run sluice yet.
 *
 * <p>Needs root, {@code /usr/bin/qemu-system-x86_64} and the VM cache prepared by
 * {@code src/test/vm/setup.sh} (which {@code .ci/run} runs). Without them the test is reported as
 * skipped, with the reason, never as passed. perftest figures are printed but not judged: its
 * calibration flakes under TCG; exit codes and data validation (ibv_rc_pingpong -c, rping -V) are.
 */
@RequiresRoot
class RdmaVmE2ETest {

    private static final Path QEMU = Path.of("/usr/bin/qemu-system-x86_64");
    private static final Pattern RESULT = Pattern.compile("^([a-z][a-z0-9_]*)=(\\S*)$");
    /** run.sh bounds the VM with 240 s (plus a 10 s kill grace); this is the outer bound. */
    private static final long RUN_SECONDS = 280;

    @Test
    @Timeout(300)
    void softRoceVerbsToolsRunNativelyInTheVm() throws Exception {
        Path vmDir = Sluice.root().resolve("src/test/vm");
        assumeAvailable(Files.isExecutable(QEMU), QEMU + " is not installed (apt-get install qemu-system-x86)");
        Path cache = Path.of(Optional.ofNullable(System.getenv("SLUICE_VM_DIR")).orElse("/var/cache/sluice-vm"));
        assumeAvailable(Files.isRegularFile(cache.resolve("current")),
                "the VM cache " + cache + " is not set up (run `bash src/test/vm/setup.sh` as root)");

        Path out = Sluice.workDir().resolve(Sluice.unique("rdma-vm"));
        Files.createDirectories(out);
        Path log = out.resolve("run.log");
        Process p = new ProcessBuilder("bash", vmDir.resolve("run.sh").toString(),
                vmDir.resolve("guest-rdma-native.sh").toString(), out.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        if (!p.waitFor(RUN_SECONDS, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        int rc = p.isAlive() ? -1 : p.exitValue();
        Map<String, String> r = results(output);
        // The figures go to the build log: useful for spotting regressions by eye, never asserted.
        System.out.println("[rdma-vm] rc=" + rc + " " + r + " (console: " + out.resolve("console.log") + ")");

        String ctx = "\n--- run.sh output (rc " + rc + ", console log in " + out + "):\n" + output;
        assertAll(
                () -> assertEquals("ok", r.get("rxe"), "rdma_rxe must load and `rdma link add rxe0` succeed" + ctx),
                () -> assertEquals("ok", r.get("uverbs"), "/dev/infiniband/uverbs0 must appear" + ctx),
                () -> assertEquals("ok", r.get("devices"), "ibv_devices must list rxe0" + ctx),
                () -> assertEquals("PORT_ACTIVE", r.get("port_state"), "ibv_devinfo must show rxe0's port active" + ctx),
                () -> assertEquals("ok", r.get("pingpong"), "ibv_rc_pingpong must complete all iterations" + ctx),
                () -> assertEquals("ok", r.get("pingpong_data"), "ibv_rc_pingpong -c must find the data intact" + ctx),
                () -> assertEquals("ok", r.get("rping"), "rping -V must complete 20 validated pings" + ctx),
                () -> assertEquals("0", r.get("write_bw_server_rc"), "ib_write_bw server must exit 0" + ctx),
                () -> assertEquals("0", r.get("write_bw_rc"), "ib_write_bw client must exit 0" + ctx),
                () -> assertEquals("0", r.get("send_lat_server_rc"), "ib_send_lat server must exit 0" + ctx),
                () -> assertEquals("0", r.get("send_lat_rc"), "ib_send_lat client must exit 0" + ctx),
                () -> assertEquals("pass", r.get("verdict"), "the guest's verdict must be pass" + ctx),
                () -> assertEquals(0, rc, "run.sh must exit 0 (the guest's verdict)" + ctx));
        assertTrue(r.containsKey("vm_seconds"), "run.sh must report the VM's run time" + ctx);
    }

    /** Skips visibly: the reason goes to the report and to stderr, like {@link RequiresRoot}. */
    private static void assumeAvailable(boolean ok, String why) {
        if (!ok) {
            System.err.println("[sluice-e2e] RdmaVmE2ETest: SKIPPED: " + why);
        }
        assumeTrue(ok, "SKIPPED: " + why);
    }

    /** The KEY=VALUE lines run.sh prints (the last value wins); other lines are ignored. */
    static Map<String, String> results(String output) {
        Map<String, String> r = new LinkedHashMap<>();
        for (String line : output.split("\n")) {
            Matcher m = RESULT.matcher(line.strip());
            if (m.matches()) {
                r.put(m.group(1), m.group(2));
            }
        }
        return r;
    }
}
