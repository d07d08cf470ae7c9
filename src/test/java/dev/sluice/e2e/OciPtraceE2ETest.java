package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A container granted {@code CAP_SYS_PTRACE} (as Nsight, cuda-gdb and py-spy need) against the
 * runtime's own processes: its process ({@code sluice-ptrace-probe scan}) tries {@code
 * PTRACE_SEIZE}, {@code /proc/PID/mem} read-write and {@code process_vm_readv} on every other
 * process of its pid namespace, over and over, while processes are exec'd into the container one
 * after another, so that each exec'd process is tried from its fork into the container on
 * (mid-join) to its end. The same bundle runs under runc in the same test, as the baseline that
 * shows the probe reaches what it may reach.
 *
 * <p>Under Sluice nothing succeeds: the container's process is pid 1 itself (no sluice-init stays
 * in the namespace), an exec'd process is forked into the container only once it has the exec'd
 * process's credentials and filters, and the container's processes are in a Landlock domain of
 * their own, which may not trace anything outside it (kernels with Landlock scopes, 6.12+; the
 * probe reports the kernel's Landlock ABI). Before this, pid 1 was sluice-init with every host
 * capability, and the probe seized it.
 */
@RequiresRoot
@Timeout(300)
class OciPtraceE2ETest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int SCAN_MS = 240_000;
    private static final int EXECS = 8;
    @RegisterExtension final OciRoot oci = new OciRoot("runc");

    /** What the probe printed, and what it reached. */
    private record Probe(Map<String, String> values, List<String> hits, List<String> seen) {
        long count(String key) {
            return Long.parseLong(values.getOrDefault(key, "-1"));
        }

        long successes() {
            return count("probe_seize_ok") + count("probe_mem_ok") + count("probe_vm_ok");
        }

        static Probe parse(String out) {
            Map<String, String> v = new TreeMap<>();
            List<String> hits = new ArrayList<>();
            List<String> seen = new ArrayList<>();
            for (String l : out.split("\n")) {
                int eq = l.indexOf('=');
                if (eq < 0) {
                    continue;
                }
                String k = l.substring(0, eq);
                String val = l.substring(eq + 1);
                switch (k) {
                    case "probe_hit" -> hits.add(val);
                    case "probe_seen" -> seen.add(val);
                    default -> v.put(k, val);
                }
            }
            return new Probe(v, hits, seen);
        }
    }

    /**
     * The probe as the container's process, with CAP_SYS_PTRACE in every set; mediated by the pty
     * proxy under Sluice.
     */
    private static Path bundle() throws IOException {
        Path b =
                OciBundle.create(
                        "oci-ptrace",
                        List.of("/bin/sluice-ptrace-probe", "scan", Integer.toString(SCAN_MS)),
                        c -> {
                            ObjectNode caps = (ObjectNode) c.get("process").get("capabilities");
                            for (String set : List.of("bounding", "effective", "permitted")) {
                                ((ArrayNode) caps.get(set)).add("CAP_SYS_PTRACE");
                            }
                            c.putObject("annotations").put("dev.sluice.proxies", "pty");
                        });
        Files.copy(
                Sluice.guestBinary().resolveSibling("sluice-ptrace-probe"),
                b.resolve("rootfs/bin/sluice-ptrace-probe"),
                StandardCopyOption.COPY_ATTRIBUTES);
        return b;
    }

    /**
     * Runs the probe in a container of {@code runtime} while {@link #EXECS} processes are exec'd
     * into it.
     */
    private static Probe probe(String name, Path runtime, Path stateRoot) throws Exception {
        Path b = bundle();
        String id = Sluice.unique(name);
        try (OciBundle.Reaper reaper =
                new OciBundle.Reaper(
                        b,
                        runtime,
                        "--root",
                        stateRoot.toString(),
                        "create",
                        "--bundle",
                        b.toString(),
                        "--pid-file",
                        b.resolve("init.pid").toString(),
                        id)) {
            assertEquals(
                    "0",
                    reaper.await("cmd", WAIT),
                    name + " create\n" + OciBundle.Reaper.read(reaper.err));
            reaper.await("pid", WAIT);
            Sluice.Result start = OciBundle.tool(runtime, stateRoot, "start", id);
            assertEquals(0, start.exitCode(), name + " start\n" + start);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (!OciBundle.Reaper.read(reaper.out).contains("probe_ready")
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(
                    OciBundle.Reaper.read(reaper.out).contains("probe_ready"),
                    name
                            + ": the probe started\n"
                            + OciBundle.Reaper.read(reaper.out)
                            + OciBundle.Reaper.read(reaper.err));
            for (int i = 0; i < EXECS; i++) {
                Sluice.Result exec =
                        OciBundle.tool(
                                runtime,
                                stateRoot,
                                "exec",
                                id,
                                "/bin/sluice-ptrace-probe",
                                "idle",
                                "300");
                assertEquals(0, exec.exitCode(), name + " exec " + i + "\n" + exec);
            }
            // The probe stops scanning at SIGTERM (it has a handler: pid 1 would drop it
            // otherwise).
            Sluice.Result kill = OciBundle.tool(runtime, stateRoot, "kill", id, "TERM");
            assertEquals(0, kill.exitCode(), name + " kill\n" + kill);
            assertEquals(
                    "0",
                    reaper.await("exit", WAIT),
                    name + ": the probe ran to its end\n" + OciBundle.Reaper.read(reaper.out));
            Probe p = Probe.parse(OciBundle.Reaper.read(reaper.out));
            System.out.println(
                    "[sluice-e2e] OciPtraceE2ETest "
                            + name
                            + ": targets="
                            + p.count("probe_targets")
                            + " seize_ok="
                            + p.count("probe_seize_ok")
                            + " mem_ok="
                            + p.count("probe_mem_ok")
                            + " vm_ok="
                            + p.count("probe_vm_ok")
                            + " hits="
                            + p.hits()
                            + " seen="
                            + p.seen()
                            + " landlock_abi="
                            + p.values().get("probe_landlock_abi"));
            OciBundle.tool(runtime, stateRoot, "delete", "--force", id);
            return p;
        }
    }

    @Test
    void aContainerWithCapSysPtraceReachesNoProcessOfTheRuntime() throws Exception {
        Probe sluice = probe("sluice", Sluice.bin(), oci.root());
        assertEquals(
                "1",
                sluice.values().get("probe_self"),
                "under Sluice the container's process is pid 1 itself\n" + sluice);
        assertTrue(
                sluice.count("probe_targets") >= EXECS,
                "the probe saw the exec'd processes come and go (it was looking while they joined)\n"
                        + sluice);
        for (String hit : sluice.hits()) {
            assertTrue(!hit.contains("sluice-init"), "a process of Sluice's was reached: " + hit);
        }
        int abi = Integer.parseInt(sluice.values().getOrDefault("probe_landlock_abi", "0"));
        if (abi >= 6) {
            assertEquals(
                    0,
                    sluice.successes(),
                    "nothing outside the container's own processes is reachable: not an exec'd"
                            + " process, before or after its execve\n"
                            + sluice);
        } else {
            System.out.println(
                    "[sluice-e2e] OciPtraceE2ETest: this kernel has Landlock ABI "
                            + abi
                            + " (< 6, no scopes):"
                            + " exec'd processes are reachable after their execve, as under runc; only Sluice's own processes were checked");
        }

        Path runc = OciBundle.runcBinary();
        if (runc == null) {
            System.out.println(
                    "[sluice-e2e] OciPtraceE2ETest: SKIPPED the runc baseline: runc is not installed"
                            + " (it comes with containerd, which .ci/run installs)");
            return;
        }
        Probe baseline = probe("runc", runc, oci.root().resolve("runc"));
        assertEquals(
                "1",
                baseline.values().get("probe_self"),
                "under runc the container's process is pid 1\n" + baseline);
        assertTrue(
                baseline.count("probe_seize_ok") > 0,
                "the probe can reach what it may: under runc it seizes the exec'd processes\n"
                        + baseline);
        System.out.println(
                "[sluice-e2e] OciPtraceE2ETest: successes sluice="
                        + sluice.successes()
                        + " runc="
                        + baseline.successes());
    }
}
