package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

/**
 * The RDMA VM harness ({@code src/test/vm/}): boots Debian's stock kernel under QEMU/TCG, brings up
 * Soft-RoCE ({@code rdma_rxe}) on dummy netdevs and runs the verbs tools in the guest: natively
 * ({@code guest-rdma-native.sh}, the baseline, part of every {@code mvn verify}) and, in the RDMA
 * VM suite ({@code mvn -Prdma-vm verify}), natively and under {@code sluice run --rdma rxe0} with
 * RDMAProxy mediating the uverbs ioctls in the same boot ({@code guest-rdma-sluice.sh}).
 *
 * <p>Needs root, {@code /usr/bin/qemu-system-x86_64} and the VM cache prepared by {@code
 * src/test/vm/setup.sh} (which {@code .ci/run} runs). Without them the test is reported as skipped,
 * with the reason, never as passed. perftest figures are printed but not judged: its calibration
 * flakes under TCG; exit codes and data validation (ibv_rc_pingpong -c, rping -V) are.
 */
@RequiresRoot
class RdmaVmE2ETest {

    private static final Path QEMU = Path.of("/usr/bin/qemu-system-x86_64");
    private static final Pattern RESULT = Pattern.compile("^([a-z][a-z0-9_]*)=(\\S*)$");

    /** What one guest script reported; {@code out} keeps its results and console log. */
    private record GuestRun(int rc, Map<String, String> results, String ctx, Path out) {
        String get(String key) {
            return results.get(key);
        }
    }

    /**
     * Boots the VM with {@code script}, bounded by {@code vmSeconds}; skips visibly without QEMU or
     * the cache.
     */
    private static GuestRun runGuest(
            String script, String tag, long vmSeconds, boolean printResults) throws Exception {
        Path vmDir = Sluice.root().resolve("src/test/vm");
        assumeAvailable(
                Files.isExecutable(QEMU),
                QEMU + " is not installed (apt-get install qemu-system-x86)");
        Path cache =
                Path.of(
                        Optional.ofNullable(System.getenv("SLUICE_VM_DIR"))
                                .orElse("/var/cache/sluice-vm"));
        assumeAvailable(
                Files.isRegularFile(cache.resolve("current")),
                "the VM cache "
                        + cache
                        + " is not set up (run `bash src/test/vm/setup.sh` as root)");

        Path out = Sluice.workDir().resolve(Sluice.unique(tag));
        Files.createDirectories(out);
        Path log = out.resolve("run.log");
        ProcessBuilder pb =
                new ProcessBuilder(
                                "bash",
                                vmDir.resolve("run.sh").toString(),
                                vmDir.resolve(script).toString(),
                                out.toString())
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
        // (The suite prints its own table instead.)
        System.out.println(
                "["
                        + tag
                        + "] rc="
                        + rc
                        + (printResults ? " " + r : "")
                        + " (console: "
                        + out.resolve("console.log")
                        + ")");
        return new GuestRun(
                rc,
                r,
                "\n--- run.sh output (rc " + rc + ", console log in " + out + "):\n" + output,
                out);
    }

    @Test
    @Timeout(300)
    void softRoceVerbsToolsRunNativelyInTheVm() throws Exception {
        GuestRun g = runGuest("guest-rdma-native.sh", "rdma-vm", 240, true);
        Map<String, String> r = g.results();
        int rc = g.rc();
        String ctx = g.ctx();
        assertAll(
                () ->
                        assertEquals(
                                "ok",
                                r.get("rxe"),
                                "rdma_rxe must load and `rdma link add rxe0` succeed" + ctx),
                () ->
                        assertEquals(
                                "ok", r.get("uverbs"), "/dev/infiniband/uverbs0 must appear" + ctx),
                () -> assertEquals("ok", r.get("devices"), "ibv_devices must list rxe0" + ctx),
                () ->
                        assertEquals(
                                "PORT_ACTIVE",
                                r.get("port_state"),
                                "ibv_devinfo must show rxe0's port active" + ctx),
                () ->
                        assertEquals(
                                "ok",
                                r.get("pingpong"),
                                "ibv_rc_pingpong must complete all iterations" + ctx),
                () ->
                        assertEquals(
                                "ok",
                                r.get("pingpong_data"),
                                "ibv_rc_pingpong -c must find the data intact" + ctx),
                () ->
                        assertEquals(
                                "ok",
                                r.get("rping"),
                                "rping -V must complete 20 validated pings" + ctx),
                () ->
                        assertEquals(
                                "0",
                                r.get("write_bw_server_rc"),
                                "ib_write_bw server must exit 0" + ctx),
                () ->
                        assertEquals(
                                "0", r.get("write_bw_rc"), "ib_write_bw client must exit 0" + ctx),
                () ->
                        assertEquals(
                                "0",
                                r.get("send_lat_server_rc"),
                                "ib_send_lat server must exit 0" + ctx),
                () ->
                        assertEquals(
                                "0", r.get("send_lat_rc"), "ib_send_lat client must exit 0" + ctx),
                () ->
                        assertEquals(
                                "ok",
                                r.get("strict"),
                                "under --rdma-strict a legacy REG_MR with driver data must be refused"
                                        + " by write() and by ioctl alike (EINVAL), both counted"
                                        + ctx),
                () ->
                        assertEquals(
                                "pass", r.get("verdict"), "the guest's verdict must be pass" + ctx),
                () -> assertEquals(0, rc, "run.sh must exit 0 (the guest's verdict)" + ctx));
        assertTrue(r.containsKey("vm_seconds"), "run.sh must report the VM's run time" + ctx);
    }

    /** The suite's tests, in the order the guest runs them; each runs natively and in a sandbox. */
    static final List<String> TESTS =
            List.of("devices", "pingpong", "write_bw", "send_lat", "rdma_write", "rping");

    /** What each test's figure is, for the table. */
    private static final Map<String, String> UNITS =
            Map.of(
                    "devices",
                    "devices",
                    "pingpong",
                    "us/iter",
                    "write_bw",
                    "Gb/s",
                    "send_lat",
                    "us",
                    "rdma_write",
                    "ms setup",
                    "rping",
                    "pings");

    /** The tests whose figure has a meaningful sandboxed/native ratio. */
    private static final java.util.Set<String> RATIOS =
            java.util.Set.of("pingpong", "write_bw", "send_lat", "rdma_write");

    /** rdma_write's per-verb figures (microseconds per call), in the order its setup runs them. */
    static final List<String> VERBS =
            List.of(
                    "list",
                    "open",
                    "query_port",
                    "query_gid",
                    "pd",
                    "mr",
                    "cq",
                    "qp",
                    "init",
                    "rtr",
                    "rts",
                    "setup",
                    "teardown");

    /**
     * The RDMA VM suite ({@code guest-rdma-sluice.sh}): in one boot, with rxe0 and rxe1 up, every
     * test natively and then under {@code sluice run --rdma rxe0 --stats} (RDMAProxy): the sysfs
     * and verbs view (the sandbox must list rxe0 only), ibv_rc_pingpong with data check,
     * ib_write_bw, ib_send_lat, the project's own RDMA WRITE program (every byte checked) and rping
     * over RDMA CM. Every sandboxed run must trap uverbs ioctls and deny none. Function is
     * asserted; figures are printed in a table, never asserted (perftest flakes under TCG).
     *
     * <p>Runs with {@code mvn -Prdma-vm verify} (or {@code SLUICE_VM_SANDBOXED=1}); skipped only
     * when QEMU cannot start. Ends its output with {@code rdma-vm: N passed, M failed} and {@code
     * write_bw ratio=<sandboxed/native>}.
     */
    /** The tests run again under {@code --rdma-strict} (guest-rdma-sluice.sh). */
    static final List<String> STRICT_TESTS = List.of("pingpong", "write_bw", "rdma_write", "rping");

    @Test
    @Timeout(800)
    void rdmaVmSuite() throws Exception {
        assumeSandboxedSuite("the sandboxed RDMA VM suite");
        Path cache =
                Path.of(
                        Optional.ofNullable(System.getenv("SLUICE_VM_DIR"))
                                .orElse("/var/cache/sluice-vm"));
        assertTrue(
                Files.isRegularFile(cache.resolve("current")),
                "the VM cache "
                        + cache
                        + " is not set up: run `bash src/test/vm/setup.sh` as root (.ci/run does)");
        GuestRun g = runGuest("guest-rdma-sluice.sh", "rdma-vm-suite", 720, false);
        Report report = Report.of(g.results());
        System.out.print(report.table());
        System.out.println(
                "rdma-vm: " + report.passed() + " passed, " + report.failed() + " failed");
        for (String test : STRICT_TESTS) {
            System.out.println(
                    "strict "
                            + test
                            + ": "
                            + g.get("strict_" + test)
                            + " "
                            + g.get("strict_" + test + "_value")
                            + " "
                            + UNITS.get(test)
                            + ", strict/native="
                            + Report.ratio(
                                    g.get("native_" + test + "_value"),
                                    g.get("strict_" + test + "_value"))
                            + ", strict/sluice="
                            + Report.ratio(
                                    g.get("sluice_" + test + "_value"),
                                    g.get("strict_" + test + "_value"))
                            + ", trapped "
                            + g.get("strict_" + test + "_trapped"));
        }
        System.out.println(
                "send_lat_cm (ib_send_lat -R, mediated rdma_cm): native "
                        + g.get("native_send_lat_cm_value")
                        + " us, sandboxed "
                        + g.get("sluice_send_lat_cm_value")
                        + " us, ratio="
                        + Report.ratio(
                                g.get("native_send_lat_cm_value"),
                                g.get("sluice_send_lat_cm_value")));
        System.out.println(
                "writes (dd, 64-byte writes to /dev/null), us per write: native "
                        + g.get("native_writes_value")
                        + ", sandboxed "
                        + g.get("sluice_writes_value")
                        + ", strict "
                        + g.get("strict_writes_value")
                        + "; strict/native="
                        + Report.ratio(g.get("native_writes_value"), g.get("strict_writes_value"))
                        + " strict/sandboxed="
                        + Report.ratio(g.get("sluice_writes_value"), g.get("strict_writes_value")));
        System.out.println("legacy_write hostile (strict): " + g.get("strict_legacy_hostile_line"));
        System.out.println("rdma_cm hostile (--rdma-cm): " + g.get("sluice_cm_hostile_line"));
        System.out.println(
                "legacy_write errnos (write,ioctl): sluice "
                        + g.get("sluice_legacy_write_errnos")
                        + ", strict "
                        + g.get("strict_legacy_write_errnos"));
        System.out.println("write_bw ratio=" + report.writeBwRatio());
        String ctx = g.ctx();
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        checks.add(
                () ->
                        assertEquals(
                                "ok", g.get("rxe"), "rdma_rxe must bring up rxe0 and rxe1" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "found",
                                g.get("sluice"),
                                "bin/sluice and java must be visible in the guest" + ctx));
        for (String mode : List.of("native", "sluice")) {
            for (String test : TESTS) {
                checks.add(
                        () ->
                                assertEquals(
                                        "ok", g.get(mode + "_" + test), mode + " " + test + ctx));
            }
        }
        for (String test : STRICT_TESTS) {
            checks.add(
                    () ->
                            assertEquals(
                                    "ok",
                                    g.get("strict_" + test),
                                    "--rdma-strict " + test + " must pass and deny nothing" + ctx));
        }
        checks.add(
                () ->
                        assertEquals(
                                "22,22",
                                g.get("strict_legacy_write_errnos"),
                                "--rdma-strict refuses REG_MR with driver data by write() and by ioctl"
                                        + " alike (EINVAL)"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "ok",
                                g.get("strict_legacy_hostile"),
                                "--rdma-strict: opening the node under another name and reopening"
                                        + " /proc/self/fd/N fail EACCES, and no write swapped onto"
                                        + " the uverbs fd is run by the kernel ("
                                        + g.get("strict_legacy_hostile_line")
                                        + ")"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "ok",
                                g.get("sluice_cm_hostile"),
                                "--rdma-cm: the sentry runs a plain CREATE_ID, refuses a foreign id"
                                        + " (EINVAL) and an unmapped response (EFAULT), the node"
                                        + " under another name and /proc/self/fd/N fail EACCES, and"
                                        + " no write swapped onto the rdma_cm fd is run by the"
                                        + " kernel ("
                                        + g.get("sluice_cm_hostile_line")
                                        + ")"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "0,22",
                                g.get("sluice_legacy_write_errnos"),
                                "without --rdma-strict the write() is not trapped, the ioctl is refused"
                                        + ctx));
        for (String mode : List.of("native", "sluice")) {
            checks.add(
                    () ->
                            assertEquals(
                                    "ok",
                                    g.get(mode + "_send_lat_cm"),
                                    mode
                                            + " ib_send_lat -R (RDMA CM"
                                            + (mode.equals("sluice") ? ", mediated" : "")
                                            + ") must pass and deny nothing"
                                            + ctx));
        }
        for (String mode : List.of("native", "sluice", "strict")) {
            checks.add(
                    () ->
                            assertEquals(
                                    "ok",
                                    g.get(mode + "_writes"),
                                    mode + " writes: dd must run" + ctx));
        }
        for (String mode : List.of("sluice", "strict")) {
            checks.add(
                    () ->
                            assertEquals(
                                    "ok",
                                    g.get(mode + "_legacy_write"),
                                    mode + " legacy_write: the refusals are counted" + ctx));
        }
        checks.add(
                () ->
                        assertEquals(
                                "rxe0,rxe1",
                                g.get("native_devices_list"),
                                "natively both devices are listed" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "rxe0",
                                g.get("sluice_devices_list"),
                                "ibv_devices in the sandbox lists rxe0 only" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "rxe0",
                                g.get("sluice_hcas"),
                                "ibv_devinfo in the sandbox shows rxe0 only" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "rxe0",
                                g.get("sluice_sys_ib"),
                                "/sys/class/infiniband in the sandbox: rxe0" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "abi_version,uverbs0",
                                g.get("sluice_sys_verbs"),
                                "/sys/class/infiniband_verbs in the sandbox: abi_version and uverbs0"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "6",
                                g.get("sluice_abi"),
                                "abi_version reads 6 in the sandbox" + ctx));
        for (String test : TESTS) {
            checks.add(
                    () ->
                            assertTrue(
                                    Long.parseLong(
                                                    Optional.ofNullable(
                                                                    g.get(
                                                                            "sluice_"
                                                                                    + test
                                                                                    + "_trapped"))
                                                            .orElse("0"))
                                            > 0,
                                    "sluice " + test + " must trap uverbs ioctls (--stats)" + ctx));
            checks.add(
                    () ->
                            assertEquals(
                                    "0",
                                    g.get("sluice_" + test + "_deny"),
                                    "sluice " + test + " must deny none" + ctx));
        }
        checks.add(
                () ->
                        assertEquals(
                                "pass",
                                g.get("verdict"),
                                "the guest's verdict must be pass" + ctx));
        checks.add(() -> assertEquals(0, g.rc(), "run.sh must exit 0 (the guest's verdict)" + ctx));
        assertAll(checks);
    }

    /**
     * The generic plugin forced on Soft-RoCE ({@code guest-rdma-generic.sh}): the suite's tests
     * under {@code sluice run --rdma rxe0 --rdma-generic=force --stats}, so that rxe0 is served by
     * the generic plugin (core verbs only, driver data refused) instead of rxe's. Reports what
     * still works and what is refused; asserts that every test either works or fails with refusals
     * that are all the generic plugin's driver-data ones (counted per test), that the device view,
     * which needs no driver data, works, and that some driver data was refused: rxe hands its
     * queues to user space through it. Docs: docs/rdma-drivers.md, "Generic".
     */
    @Test
    @Timeout(360)
    void rdmaGenericSuite() throws Exception {
        assumeSandboxedSuite("the RDMA VM suite's generic-plugin case");
        GuestRun g = runGuest("guest-rdma-generic.sh", "rdma-vm-generic", 300, false);
        GenericReport report = new GenericReport(g.results());
        System.out.print(report.table());
        System.out.println(report.summary());
        Path refusals = g.out().resolve("generic-refusals.log");
        if (Files.isRegularFile(refusals)) {
            Files.readAllLines(refusals).stream()
                    .limit(6)
                    .forEach(l -> System.out.println("rdma-vm generic refusal: " + l));
        }
        String ctx = g.ctx();
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        checks.add(
                () ->
                        assertEquals(
                                "ok", g.get("rxe"), "rdma_rxe must bring up rxe0 and rxe1" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "found",
                                g.get("sluice"),
                                "bin/sluice and java must be visible in the guest" + ctx));
        for (String test : TESTS) {
            checks.add(
                    () ->
                            assertTrue(
                                    List.of("ok", "refused").contains(g.get("generic_" + test)),
                                    "generic "
                                            + test
                                            + " must work, or fail with driver-data refusals"
                                            + " only, not "
                                            + g.get("generic_" + test)
                                            + ctx));
            checks.add(
                    () ->
                            assertEquals(
                                    "0",
                                    g.get("generic_" + test + "_other_deny"),
                                    "generic "
                                            + test
                                            + ": every refusal is a driver-data one"
                                            + ctx));
            checks.add(
                    () ->
                            assertEquals(
                                    g.get("generic_" + test + "_deny"),
                                    g.get("generic_" + test + "_driver_data"),
                                    "generic "
                                            + test
                                            + ": the denials counted are the driver-data ones"
                                            + ctx));
        }
        checks.add(
                () ->
                        assertEquals(
                                "ok",
                                g.get("generic_devices"),
                                "ibv_devices and ibv_devinfo need no driver data: they must work"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "rxe0",
                                g.get("generic_devices_list"),
                                "the sandbox lists rxe0 only, as with rxe's plugin" + ctx));
        checks.add(
                () ->
                        assertTrue(
                                report.driverDataRefusals() > 0,
                                "rxe returns its queues' mmap info as driver data, so forcing the"
                                        + " generic plugin must refuse some"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "pass",
                                g.get("verdict"),
                                "the guest's verdict must be pass" + ctx));
        checks.add(() -> assertEquals(0, g.rc(), "run.sh must exit 0 (the guest's verdict)" + ctx));
        assertAll(checks);
    }

    /** The generic-plugin case's table: per test, its outcome, trapped calls and refusals. */
    record GenericReport(Map<String, String> r) {
        long count(String outcome) {
            return TESTS.stream().filter(t -> outcome.equals(r.get("generic_" + t))).count();
        }

        long driverDataRefusals() {
            long n = 0;
            for (String test : TESTS) {
                try {
                    n += Long.parseLong(r.getOrDefault("generic_" + test + "_driver_data", "0"));
                } catch (NumberFormatException e) {
                    // reported as is in the table
                }
            }
            return n;
        }

        String summary() {
            return "rdma-vm generic: "
                    + count("ok")
                    + " work, "
                    + count("refused")
                    + " refused ("
                    + driverDataRefusals()
                    + " driver-data refusals), "
                    + (TESTS.size() - count("ok") - count("refused"))
                    + " failed";
        }

        String table() {
            StringBuilder b = new StringBuilder();
            b.append(
                    String.format(
                            "rdma-vm: Soft-RoCE forced through the generic plugin, kernel %s, one VM boot of %s s"
                                    + " (sluice run --rdma rxe0 --rdma-generic=force)%n",
                            r.getOrDefault("kernel", "?"), r.getOrDefault("vm_seconds", "?")));
            String fmt = "%-11s %-8s %-34s %-14s %s%n";
            b.append(
                    String.format(
                            fmt,
                            "test",
                            "outcome",
                            "trapped (EMULATE, CONTINUE, DENY)",
                            "driver data",
                            "refused at"));
            for (String test : TESTS) {
                String p = "generic_" + test;
                b.append(
                        String.format(
                                fmt,
                                test,
                                r.getOrDefault(p, "-"),
                                r.getOrDefault(p + "_trapped", "-")
                                        + " ("
                                        + r.getOrDefault(p + "_emulate", "?")
                                        + ", "
                                        + r.getOrDefault(p + "_continue", "?")
                                        + ", "
                                        + r.getOrDefault(p + "_deny", "?")
                                        + ")",
                                r.getOrDefault(p + "_driver_data", "-")
                                        + " of "
                                        + r.getOrDefault(p + "_deny", "?"),
                                r.getOrDefault(p + "_refused_at", "-")));
            }
            return b.toString();
        }
    }

    /**
     * The RDMA netns suite ({@code guest-rdma-netns.sh}, docs/rdma-networking.md): rxe0 and rxe1 on
     * the two ends of a veth pair, each end moved into its own sandbox by {@code --rdma-netdev},
     * and ibv_rc_pingpong between the sandboxes; first as a plain runtime moves netdevs
     * (PLAIN_MOVE, which must fail: no GID for the address), then as Sluice moves them (GIDs,
     * strict ARP, QPs at RTS, the whole pingpong where the kernel's rdma_rxe has per-namespace
     * sockets). Both times the host must get its netdevs back with their addresses and GIDs. Runs
     * with {@code mvn -Prdma-vm verify}.
     */
    @Test
    @Timeout(560)
    void rdmaNetnsSuite() throws Exception {
        assumeSandboxedSuite("the RDMA netns VM suite");
        GuestRun g = runGuest("guest-rdma-netns.sh", "rdma-netns", 500, true);
        String ctx = g.ctx();
        System.out.println(
                "rdma-netns: without the fix pingpong="
                        + g.get("plain_pingpong")
                        + " gid="
                        + g.get("plain_server_gid")
                        + "; with it pingpong="
                        + g.get("sluice_pingpong")
                        + " gid="
                        + g.get("sluice_server_gid")
                        + "/"
                        + g.get("sluice_client_gid")
                        + " qp_rts="
                        + g.get("sluice_qp_rts")
                        + " arp="
                        + g.get("sluice_arp")
                        + " rxe_netns_sockets="
                        + g.get("rxe_netns_sockets"));
        List<org.junit.jupiter.api.function.Executable> checks = new ArrayList<>();
        checks.add(
                () ->
                        assertEquals(
                                "ok",
                                g.get("rxe"),
                                "rdma_rxe must bring up rxe0 and rxe1 on the veth pair" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "fail",
                                g.get("plain_pingpong"),
                                "without the fix the pingpong must fail" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "no",
                                g.get("plain_server_gid"),
                                "without the fix the sandbox has no GID for its address" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "yes",
                                g.get("sluice_server_gid"),
                                "the server's sandbox has the GID of its address" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "yes",
                                g.get("sluice_client_gid"),
                                "the client's sandbox has the GID of its address" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "12",
                                g.get("sluice_arp"),
                                "arp_ignore=1 and arp_announce=2 in the sandbox" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "yes",
                                g.get("sluice_qp_rts"),
                                "both QPs reach RTS with the exchanged GIDs" + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "0",
                                g.get("sluice_doctor_rc"),
                                "sluice rdma doctor in the sandbox finds nothing to warn about"
                                        + ctx));
        checks.add(
                () ->
                        assertEquals(
                                "ok",
                                g.get("sluice_doctor_report"),
                                "and reports rxe0 with the GID of its address" + ctx));
        if ("yes".equals(g.get("rxe_netns_sockets"))) {
            checks.add(
                    () ->
                            assertEquals(
                                    "ok",
                                    g.get("sluice_pingpong"),
                                    "the pingpong across the two sandboxes" + ctx));
        }
        for (String mode : List.of("plain", "sluice")) {
            checks.add(
                    () ->
                            assertEquals(
                                    "yes",
                                    g.get(mode + "_host_restored"),
                                    mode
                                            + ": the host's netdevs come back with addresses and GIDs"
                                            + ctx));
        }
        checks.add(
                () ->
                        assertEquals(
                                "pass",
                                g.get("verdict"),
                                "the guest's verdict must be pass" + ctx));
        assertAll(checks);
    }

    /**
     * The sandboxed VM suites run with {@code mvn -Prdma-vm verify} (or SLUICE_VM_SANDBOXED=1) and
     * a QEMU that starts.
     */
    private static void assumeSandboxedSuite(String name) {
        assumeAvailable(
                "1".equals(System.getenv("SLUICE_VM_SANDBOXED"))
                        || Boolean.getBoolean("sluice.rdmaVm"),
                name + " runs with `mvn -Prdma-vm verify` (or SLUICE_VM_SANDBOXED=1)");
        assumeAvailable(qemuStarts(), QEMU + " cannot start (apt-get install qemu-system-x86)");
    }

    /** Whether the QEMU binary runs at all ({@code -version}). */
    private static boolean qemuStarts() {
        if (!Files.isExecutable(QEMU)) {
            return false;
        }
        try {
            Process p =
                    new ProcessBuilder(QEMU.toString(), "-version")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (java.io.IOException | InterruptedException e) {
            return false;
        }
    }

    /**
     * The suite's table: per test, the native and sandboxed figure, their ratio and the trapped
     * calls.
     */
    record Report(Map<String, String> r) {
        static Report of(Map<String, String> results) {
            return new Report(results);
        }

        int passed() {
            int n = 0;
            for (String test : TESTS) {
                for (String mode : List.of("native", "sluice")) {
                    n += "ok".equals(r.get(mode + "_" + test)) ? 1 : 0;
                }
            }
            return n;
        }

        int failed() {
            return 2 * TESTS.size() - passed();
        }

        /** sandboxed/native of ib_write_bw's average bandwidth, two decimals; n/a without both. */
        String writeBwRatio() {
            return ratio(r.get("native_write_bw_value"), r.get("sluice_write_bw_value"));
        }

        static String ratio(String nat, String box) {
            try {
                double n = Double.parseDouble(nat);
                double b = Double.parseDouble(box);
                return n > 0 ? String.format(java.util.Locale.ROOT, "%.2f", b / n) : "n/a";
            } catch (NullPointerException | NumberFormatException e) {
                return "n/a";
            }
        }

        private String cell(String mode, String test) {
            String v = r.get(mode + "_" + test + "_value");
            String ok = r.get(mode + "_" + test);
            String fig =
                    v == null
                            ? "-"
                            : test.equals("devices")
                                    ? r.getOrDefault(mode + "_devices_list", "?")
                                    : v + " " + UNITS.get(test);
            return "ok".equals(ok) ? fig : "FAIL" + (v == null ? "" : " (" + fig + ")");
        }

        private String trapped(String test) {
            String t = r.get("sluice_" + test + "_trapped");
            if (t == null) {
                return "-";
            }
            return t
                    + " (EMULATE "
                    + r.getOrDefault("sluice_" + test + "_emulate", "?")
                    + ", CONTINUE "
                    + r.getOrDefault("sluice_" + test + "_continue", "?")
                    + ", DENY "
                    + r.getOrDefault("sluice_" + test + "_deny", "?")
                    + ")";
        }

        String table() {
            StringBuilder b = new StringBuilder();
            b.append(
                    String.format(
                            "rdma-vm: Soft-RoCE suite, kernel %s, one VM boot of %s s (native, then sandboxed: sluice run --rdma rxe0)%n",
                            r.getOrDefault("kernel", "?"), r.getOrDefault("vm_seconds", "?")));
            String fmt = "%-11s %-20s %-20s %-7s %s%n";
            b.append(
                    String.format(
                            fmt,
                            "test",
                            "native",
                            "sandboxed",
                            "ratio",
                            "trapped calls (sandboxed), by disposition"));
            for (String test : TESTS) {
                String ratio =
                        RATIOS.contains(test)
                                ? ratio(
                                        r.get("native_" + test + "_value"),
                                        r.get("sluice_" + test + "_value"))
                                : "-";
                b.append(
                        String.format(
                                fmt,
                                test,
                                cell("native", test),
                                cell("sluice", test),
                                ratio,
                                trapped(test)));
            }
            b.append(
                    String.format(
                            "rdma_write setup, us per call: %s%n",
                            String.join(
                                            " ",
                                            VERBS.stream()
                                                    .map(
                                                            v ->
                                                                    v
                                                                            + "="
                                                                            + r.getOrDefault(
                                                                                    "native_rdma_write_"
                                                                                            + v
                                                                                            + "_us",
                                                                                    "-")
                                                                            + "/"
                                                                            + r.getOrDefault(
                                                                                    "sluice_rdma_write_"
                                                                                            + v
                                                                                            + "_us",
                                                                                    "-"))
                                                    .toList())
                                    + " (native/sandboxed)"));
            return b.toString();
        }
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
