package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a hostile guest can reach outside the ioctl gate: the sentry's process (it must not be able
 * to see, signal, trace or read it, even knowing its host pid) and device nodes it was not granted
 * (no mknod, no devtmpfs, no open_by_handle_at, no way in through /proc/N/root).
 */
@RequiresRoot
class GuestReachE2ETest {

    /** A host char device that exists on every Linux host and is never granted to a sandbox. */
    private static final Path HOST_DEV = Path.of("/dev/kmsg");

    @Test
    @Timeout(60)
    void theGuestCannotSeeSignalTraceOrReadTheSentry() throws IOException {
        Path pidFile = Hostile.hostFile("sentry-pid");
        try (Sluice.Running run =
                Hostile.pty(List.of(), "probe-sentry", pidFile.toString()).ownJvm().start()) {
            // The sentry is the sluice JVM itself; the guest is told its host pid.
            Files.writeString(pidFile, Long.toString(run.pid()));
            Sluice.Result r = run.await(Duration.ofSeconds(50));
            assertEquals(0, r.exitCode(), "the probe guest must exit 0\n" + r);
            assertEquals(
                    Long.toString(run.pid()),
                    r.value("probe_pid"),
                    "the guest read the sentry's host pid\n" + r);
            assertEquals(
                    0,
                    r.longValue("probe_visible_java"),
                    "no JVM is visible in the sandbox's /proc\n" + r);
            assertTrue(
                    r.longValue("probe_visible_procs") <= 3,
                    "only the sandbox's own processes are visible\n" + r);
            // Outside the guest's pid namespace the pid names nothing.
            for (String k :
                    List.of(
                            "probe_kill",
                            "probe_attach",
                            "probe_seize",
                            "probe_pidfd",
                            "probe_vmread")) {
                assertEquals(
                        "ESRCH",
                        r.value(k),
                        k + " on the sentry's host pid must fail with ESRCH\n" + r);
            }
            for (String k : List.of("probe_mem", "probe_root")) {
                assertEquals(
                        "ENOENT",
                        r.value(k),
                        k + ": /proc/<sentry pid>/... does not exist in the sandbox\n" + r);
            }
            assertEquals(
                    "EPERM",
                    r.value("probe_attach_init"),
                    "the workload cannot ptrace the sandbox's init either (no CAP_SYS_PTRACE)\n"
                            + r);
        } finally {
            Files.deleteIfExists(pidFile);
        }
    }

    @Test
    @Timeout(60)
    void ungrantedDeviceNodesStayOutOfReach() {
        assumeTrue(Files.exists(HOST_DEV), "SKIPPED: the host has no " + HOST_DEV);
        Sluice.Result r = Hostile.pty(List.of(), "reach", HOST_DEV.toString(), "1", "11").run();
        assertEquals(0, r.exitCode(), "the reach guest must exit 0\n" + r);
        assertEquals(
                "ENOENT", r.value("reach_open"), "the node is not in the sandbox's /dev\n" + r);
        assertEquals(
                "EPERM",
                r.value("reach_mknod"),
                "no CAP_MKNOD: a char node cannot be made in the writable /tmp\n" + r);
        assertEquals("EPERM", r.value("reach_mknod_dev"), "nor in /dev\n" + r);
        assertEquals(
                "EPERM",
                r.value("reach_devtmpfs"),
                "no CAP_SYS_ADMIN: no devtmpfs of the host's devices\n" + r);
        assertTrue(
                r.longValue("reach_procroot_tried") >= 4,
                "every visible process's root and cwd was tried\n" + r);
        assertEquals(
                0,
                r.longValue("reach_procroot_opened"),
                "/proc/N/root leads only to the sandbox's own root\n" + r);
        assertEquals("ENOENT", r.value("reach_procroot_errno"), r.toString());
    }

    /**
     * The "shocker" escape: a file handle of a host device inode, opened through a mount of the
     * same file system the sandbox has (its /dev/null is bound from the host's devtmpfs). On the
     * host the handle opens the device; in the sandbox, without CAP_DAC_READ_SEARCH, it must not.
     */
    @Test
    @Timeout(60)
    void openByHandleAtCannotReachAHostDevice() {
        assumeTrue(Files.exists(HOST_DEV), "SKIPPED: the host has no " + HOST_DEV);
        String handle = Hostile.value(Hostile.native_("fhandle", HOST_DEV.toString()), "handle");
        assumeTrue(!handle.equals("none"), "SKIPPED: the host's /dev gives no file handles");
        assertEquals(
                "0",
                Hostile.value(
                        Hostile.native_("openhandle", "/dev/null", handle), "openhandle_errno"),
                "on the host, as root, the handle opens "
                        + HOST_DEV
                        + " through /dev/null's mount: the attack is real");
        Sluice.Result r = Hostile.pty(List.of(), "openhandle", "/dev/null", handle).run();
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(
                "EPERM",
                r.value("openhandle_errno"),
                "in the sandbox open_by_handle_at must fail with EPERM (no CAP_DAC_READ_SEARCH)\n"
                        + r);
    }

    /**
     * sluice run's init is pid 1 of the sandbox, so the workload can see it: it must hold nothing
     * the workload lacks. Once the workload exists it keeps no capability (bounding set included),
     * has no_new_privs and a seccomp filter, and is out of the workload's ptrace reach: the ptrace
     * probe (PTRACE_SEIZE, /proc/PID/mem read-write, process_vm_readv on every other pid, for half
     * a second) reaches nothing. Before, init kept every capability of the host's root.
     */
    @Test
    @Timeout(60)
    void theSandboxsInitKeepsNothingTheWorkloadCouldUse() {
        Sluice.Result status =
                Sluice.run("run", "--proxy", "pty", "--", "/bin/cat", "/proc/1/status");
        assertEquals(0, status.exitCode(), status.toString());
        for (String set : List.of("CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb")) {
            assertTrue(
                    status.stdout().contains(set + ":\t0000000000000000\n"),
                    "init's " + set + " is empty\n" + status);
        }
        assertTrue(
                status.stdout().contains("NoNewPrivs:\t1\n"), "init has no_new_privs\n" + status);
        assertTrue(
                status.stdout().contains("Seccomp:\t2\n"),
                "init runs under a seccomp filter\n" + status);

        Path probe = Sluice.guestBinary().resolveSibling("sluice-ptrace-probe");
        Sluice.Result r =
                Sluice.run("run", "--proxy", "pty", "--", probe.toString(), "scan", "500");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("2", r.value("probe_self"), "the workload is pid 2; pid 1 is init\n" + r);
        assertTrue(r.stdout().contains("probe_seen=1:sluice-init"), "the probe tried init\n" + r);
        for (String k : List.of("probe_seize_ok", "probe_mem_ok", "probe_vm_ok")) {
            assertEquals(0, r.longValue(k), k + ": init is out of the workload's reach\n" + r);
        }
    }
}
