package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The RDMA VM harness ({@code src/test/vm/}): boots Debian's stock kernel under QEMU/TCG, brings up
 * Soft-RoCE ({@code rdma_rxe}) on a dummy netdev and runs the verbs tools in the guest: natively
 * ({@code guest-rdma-native.sh}, the baseline) and under {@code sluice run --rdma rxe0} with
 * RDMAProxy mediating the uverbs ioctls ({@code guest-rdma-sluice.sh}).
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

    /** What one guest script reported. */
    private record GuestRun(int rc, Map<String, String> results, String ctx) {
        String get(String key) {
            return results.get(key);
        }
    }

    /** Boots the VM with {@code script}, bounded by {@code vmSeconds}; skips visibly without QEMU or the cache. */
    private static GuestRun runGuest(String script, String tag, long vmSeconds) throws Exception {
        Path vmDir = Sluice.root().resolve("src/test/vm");
        assumeAvailable(Files.isExecutable(QEMU), QEMU + " is not installed (apt-get install qemu-system-x86)");
        Path cache = Path.of(Optional.ofNullable(System.getenv("SLUICE_VM_DIR")).orElse("/var/cache/sluice-vm"));
        assumeAvailable(Files.isRegularFile(cache.resolve("current")),
                "the VM cache " + cache + " is not set up (run `bash src/test/vm/setup.sh` as root)");

        Path out = Sluice.workDir().resolve(Sluice.unique(tag));
        Files.createDirectories(out);
        Path log = out.resolve("run.log");
        ProcessBuilder pb = new ProcessBuilder("bash", vmDir.resolve("run.sh").toString(),
                vmDir.resolve(script).toString(), out.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("SLUICE_VM_TIMEOUT", Long.toString(vmSeconds));
        Process p = pb.start();
        // run.sh bounds the VM with vmSeconds plus a 10 s kill grace; this is the outer bound.
        if (!p.waitFor(vmSeconds + 40, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        int rc = p.isAlive() ? -1 : p.exitValue();
        Map<String, String> r = results(output);
        // The figures go to the build log: useful for spotting regressions by eye, never asserted.
        System.out.println("[" + tag + "] rc=" + rc + " " + r + " (console: " + out.resolve("console.log") + ")");
        return new GuestRun(rc, r, "\n--- run.sh output (rc " + rc + ", console log in " + out + "):\n" + output);
    }

    @Test
    @Timeout(300)
    void softRoceVerbsToolsRunNativelyInTheVm() throws Exception {
        GuestRun g = runGuest("guest-rdma-native.sh", "rdma-vm", 240);
        Map<String, String> r = g.results();
        int rc = g.rc();
        String ctx = g.ctx();
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

    /**
     * The same tools with server and client each under {@code sluice run --rdma rxe0 --stats}:
     * RDMAProxy checks every {@code RDMA_VERBS_IOCTL} against the uverbs schema and continues it. The
     * native runs in the same VM are the control. Every sandboxed run must trap uverbs ioctls and deny
     * none of them.
     */
    @Test
    @Timeout(560)
    void softRoceVerbsToolsRunUnderSluiceInTheVm() throws Exception {
        // Opt-in for now, and said so in every run's output: in 1 of 4 runs so far, the sluice JVM
        // serving the rping server died of SIGSEGV in JIT-compiled JDK code under QEMU/TCG. Until
        // that is understood (the guest script now keeps hs_err files), it must not gate CI.
        assumeAvailable("1".equals(System.getenv("SLUICE_VM_SANDBOXED")),
                "the sandboxed Soft-RoCE run is opt-in (SLUICE_VM_SANDBOXED=1) until an intermittent"
                        + " JVM SIGSEGV under QEMU/TCG is understood; it passed 3 of 4 runs");
        GuestRun g = runGuest("guest-rdma-sluice.sh", "rdma-vm-sluice", 480);
        String ctx = g.ctx();
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        checks.add(() -> assertEquals("ok", g.get("rxe"), "rdma_rxe must come up" + ctx));
        checks.add(() -> assertEquals("found", g.get("sluice"), "bin/sluice and java must be visible in the guest" + ctx));
        for (String mode : List.of("native", "sluice")) {
            for (String tool : List.of("devinfo", "pingpong", "rping")) {
                checks.add(() -> assertEquals("ok", g.get(mode + "_" + tool), mode + " " + tool + ctx));
            }
        }
        for (String run : List.of("devinfo", "pingpong_server", "pingpong_client", "rping_server", "rping_client")) {
            checks.add(() -> assertTrue(Long.parseLong(Optional.ofNullable(g.get("sluice_" + run + "_trapped")).orElse("0")) > 0,
                    "sluice " + run + " must trap uverbs ioctls (--stats)" + ctx));
            checks.add(() -> assertEquals("0", g.get("sluice_" + run + "_denied"), "sluice " + run + " must deny none" + ctx));
        }
        checks.add(() -> assertEquals("pass", g.get("verdict"), "the guest's verdict must be pass" + ctx));
        checks.add(() -> assertEquals(0, g.rc(), "run.sh must exit 0 (the guest's verdict)" + ctx));
        assertAll(checks);
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
