package dev.sluice.oci.service;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * When a caller's {@code sluice run} may go to a spare sentry: on a {@code /proc} of the test's own
 * making, with {@code self} (the service) and {@code 42} (the caller), and on the real one.
 */
class CallerEquivalenceTest {
    private static final int CALLER = 42;

    private static final String STATUS =
            """
            Name:\tsluice-client
            Umask:\t0022
            State:\tS (sleeping)
            Uid:\t0\t0\t0\t0
            Gid:\t0\t0\t0\t0
            Groups:\t0
            NoNewPrivs:\t0
            Seccomp:\t0
            CapInh:\t0000000000000000
            CapPrm:\t000001ffffffffff
            CapEff:\t000001ffffffffff
            CapBnd:\t000001ffffffffff
            CapAmb:\t0000000000000000
            Cpus_allowed_list:\t0-1
            Mems_allowed_list:\t0
            """;

    private static final String LIMITS =
            """
            Limit                     Soft Limit           Hard Limit           Units
            Max stack size            8388608              unlimited            bytes
            Max open files            1048576              1048576              files
            Max address space         unlimited            unlimited            bytes
            """;

    @TempDir Path tmp;

    private void process(
            Path proc, String name, String status, String limits, String oom, String net)
            throws IOException {
        Path p = Files.createDirectories(proc.resolve(name));
        Files.writeString(p.resolve("status"), status);
        Files.writeString(p.resolve("limits"), limits);
        Files.writeString(p.resolve("oom_score_adj"), oom + "\n");
        Path ns = Files.createDirectories(p.resolve("ns"));
        for (String n : CallerEquivalence.NAMESPACES) {
            if (!n.equals("time")) { // a kernel without time namespaces: skipped on both
                Files.createSymbolicLink(
                        ns.resolve(n),
                        Path.of(n + ":[" + (n.equals("net") ? net : "4026531") + "]"));
            }
        }
    }

    private String difference(String status, String limits, String oom, String net)
            throws IOException {
        Path proc = Files.createTempDirectory(tmp, "proc");
        process(proc, "self", STATUS, LIMITS, "0", "4026531840");
        process(proc, Integer.toString(CALLER), status, limits, oom, net);
        return CallerEquivalence.difference(proc, CALLER, Map.of("PATH", "/bin"));
    }

    @Test
    void aCallerLikeTheServiceInEverythingTheSentryInheritsMayUseASpare() throws IOException {
        assertNull(difference(STATUS, LIMITS, "0", "4026531840"));
    }

    @Test
    void onlyTheSoftLimitOfOpenFilesMayDifferAsAJvmRaisesItsOwn() throws IOException {
        String soft1024 =
                LIMITS.replace("1048576              1048576", "1024                 1048576");
        assertNull(difference(STATUS, soft1024, "0", "4026531840"), "a shell's 1024 soft limit");
        String hard = LIMITS.replace("1048576              1048576", "1024                 4096");
        String d = difference(STATUS, hard, "0", "4026531840");
        assertNotNull(d, "a lower hard limit is what the caller's JVM would have had");
        assertTrue(d.contains("Max open files 1024 4096"), d);
    }

    @Test
    void anyOtherDifferenceKeepsTheCallerInAJvmOfItsOwn() throws IOException {
        String net = "4026531840";
        String[][] cases = {
            status("Seccomp:\t0", "Seccomp:\t2"),
            status("NoNewPrivs:\t0", "NoNewPrivs:\t1"),
            status("CapEff:\t000001ffffffffff", "CapEff:\t00000000a80425fb"),
            status("Uid:\t0\t0\t0\t0", "Uid:\t0\t1000\t0\t0"),
            status("Umask:\t0022", "Umask:\t0077"),
            status("Cpus_allowed_list:\t0-1", "Cpus_allowed_list:\t1"),
            {STATUS, LIMITS.replace("8388608", "4194304"), "0", net, "Max stack size"},
            {STATUS, LIMITS, "-1000", net, "oom_score_adj"},
            {STATUS, LIMITS, "0", "4026532999", "net namespace"},
        };
        for (String[] c : cases) {
            String d = difference(c[0], c[1], c[2], c[3]);
            assertNotNull(d, c[4] + " differs");
            assertTrue(d.contains(c[4]), d);
        }
    }

    /** A caller whose status has {@code to} for {@code from}: the case's row, named by its key. */
    private static String[] status(String from, String to) {
        return new String[] {
            STATUS.replace(from, to),
            LIMITS,
            "0",
            "4026531840",
            from.substring(0, from.indexOf(':'))
        };
    }

    @Test
    void whatTheSentryReadsFromItsOwnEnvironmentKeepsTheCallerInAJvmOfItsOwn() throws IOException {
        Path proc = tmp;
        process(proc, "self", STATUS, LIMITS, "0", "1");
        process(proc, Integer.toString(CALLER), STATUS, LIMITS, "0", "1");
        for (String name : CallerEquivalence.ENVIRONMENT) {
            String d = CallerEquivalence.difference(proc, CALLER, Map.of(name, "x"));
            assertNotNull(d, name);
            assertTrue(d.contains(name), d);
        }
    }

    @Test
    void aCallerThatIsGoneOrUnreadableDiffers() throws IOException {
        process(tmp, "self", STATUS, LIMITS, "0", "1");
        String d = CallerEquivalence.difference(tmp, 7, Map.of());
        assertNotNull(d, "no /proc/7");
    }

    @Test
    void thisProcessIsEquivalentToItselfOnTheRealProc() {
        assertNull(
                CallerEquivalence.difference(
                        Path.of("/proc"), (int) ProcessHandle.current().pid(), Map.of()));
    }
}
