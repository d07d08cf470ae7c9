package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code sluice run}'s syscall profile, played by a workload that wants more of the host kernel
 * than a container should reach ({@code sluice-syscalls}, src/test/c/syscalls.c): by default the
 * container engines' profile refuses user namespaces, io_uring, the kernel keyring, bpf and
 * perf_event_open, as {@code docker run} does; {@code --seccomp-profile unconfined} lets them reach
 * the kernel again, and a profile file replaces the default. Where a device proxy traps ioctls (the
 * pty proxy stands in for a mediated device), Sluice's own filter refuses io_uring whatever the
 * profile says, since a ring makes sockets (IORING_OP_SOCKET) and driver calls without the syscalls
 * the filter sees; {@code --allow-io-uring} is the explicit opt-in.
 */
@RequiresRoot
@Timeout(180)
class SyscallProfileE2ETest {
    /**
     * What the probe tries, and what the kernel answers when the call reaches it in the sandbox.
     */
    static final Map<String, String> KERNEL_ANSWERS =
            Map.of(
                    "unshare_user",
                    "0",
                    "clone_newuser",
                    "0",
                    "clone3_newuser",
                    "0",
                    "io_uring_setup",
                    "0",
                    "add_key",
                    "0",
                    "keyctl",
                    "0",
                    "bpf",
                    "EINVAL",
                    "perf_event_open",
                    "EFAULT");

    /** AF_NETLINK, SOCK_RAW, NETLINK_GENERIC: a socket every kernel makes. */
    static final List<String> NETLINK_SOCKET = List.of("16", "3", "16");

    static final String GUEST = "sluice-syscalls";

    /** {@code sluice-syscalls args...} as a command line. */
    static List<String> guest(String... args) {
        return Sluice.guestCommand(GUEST, args);
    }

    private static Sluice.Result run(List<String> sluiceOptions, String... guestArgs) {
        Sluice.Result r = Sluice.run("run", sluiceOptions, "--", guest(guestArgs));
        assertEquals(0, r.exitCode(), "the guest runs to its end\n" + r);
        return r;
    }

    @Test
    void byDefaultTheEnginesProfileRefusesWhatDockerRunRefuses() {
        Sluice.Result native_ = nativeProbe();
        for (var e : KERNEL_ANSWERS.entrySet()) {
            assertEquals(
                    e.getValue(),
                    native_.value(e.getKey()),
                    "outside any sandbox "
                            + e.getKey()
                            + " reaches the kernel (else this host cannot show the difference)\n"
                            + native_);
        }
        Sluice.Result r = run(List.of(), "probe");
        for (String k : KERNEL_ANSWERS.keySet()) {
            // clone3 hides its flags in memory a filter cannot read: the engines answer ENOSYS so
            // that libc falls back to clone(), whose flags the profile checks.
            String expected = k.equals("clone3_newuser") ? "ENOSYS" : "EPERM";
            assertEquals(
                    expected,
                    r.value(k),
                    k + " is refused by the default profile, as docker run refuses it\n" + r);
        }
    }

    @Test
    void unconfinedLetsEveryCallReachTheKernel() {
        Sluice.Result r = run(List.of("--seccomp-profile", "unconfined"), "probe");
        for (var e : KERNEL_ANSWERS.entrySet()) {
            assertEquals(
                    e.getValue(),
                    r.value(e.getKey()),
                    e.getKey() + " reaches the kernel without a profile\n" + r);
        }
    }

    @Test
    void aProfileFileReplacesTheDefault() throws IOException {
        Path file = Sluice.workDir().resolve(Sluice.unique("profile") + ".json");
        Files.writeString(
                file,
                """
                {"defaultAction": "SCMP_ACT_ALLOW",
                 "architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86", "SCMP_ARCH_X32"],
                 "syscalls": [{"names": ["keyctl"], "action": "SCMP_ACT_ERRNO", "errnoRet": 13}]}
                """);
        try {
            Sluice.Result r = run(List.of("--seccomp-profile", file.toString()), "probe");
            assertEquals("EACCES", r.value("keyctl"), "the file's rule, with its errno\n" + r);
            assertEquals(
                    "0",
                    r.value("add_key"),
                    "what the file allows is allowed, though the default refuses it\n" + r);
            assertEquals(
                    "0",
                    r.value("unshare_user"),
                    "the file replaces the default profile, it is not stacked on it\n" + r);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void anEngineFormatProfileIsRefusedRatherThanReadWithoutItsConditions() throws IOException {
        Path file = Sluice.workDir().resolve(Sluice.unique("engine-profile") + ".json");
        // docker's format: "allow bpf only with CAP_SYS_ADMIN". An OCI reader ignores "includes"
        // and would allow bpf to everyone.
        Files.writeString(
                file,
                """
                {"defaultAction": "SCMP_ACT_ERRNO",
                 "syscalls": [{"names": ["bpf"], "action": "SCMP_ACT_ALLOW", "includes": {"caps": ["CAP_SYS_ADMIN"]}}]}
                """);
        try {
            Sluice.Result r =
                    Sluice.run("run", "--seccomp-profile", file.toString(), "--", guest("probe"));
            assertEquals(125, r.exitCode(), "refused before anything runs\n" + r);
            assertTrue(
                    r.stderr().contains(file.toString())
                            && r.stderr().contains("syscalls[0].includes"),
                    "names the file and the field\n" + r);
            assertFalse(r.stdout().contains("bpf="), "the guest never ran\n" + r);
            assertFalse(r.hasStackTrace(), "a user error, not a stack trace\n" + r);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void whereIoctlsAreTrappedIoUringIsRefusedWhateverTheProfileSays() throws IOException {
        // Without a mediated device and without a profile, a ring makes a socket without socket().
        Sluice.Result plain =
                run(
                        List.of("--seccomp-profile", "unconfined"),
                        args("uring-socket", NETLINK_SOCKET));
        assertEquals(
                "0",
                plain.value("uring_socket"),
                "IORING_OP_SOCKET works where nothing is mediated\n" + plain);
        assertEquals("16", plain.value("uring_socket_protocol"), plain.toString());

        // With one, Sluice's own filter refuses the ring, even with no profile at all ...
        Sluice.Result mediated =
                run(
                        List.of("--proxy", "pty", "--seccomp-profile", "unconfined"),
                        args("uring-socket", NETLINK_SOCKET));
        assertEquals(
                "EPERM",
                mediated.value("uring_setup"),
                "no ring where ioctls are trapped\n" + mediated);
        assertFalse(
                mediated.values().containsKey("uring_socket"),
                "so no socket through it\n" + mediated);
        Sluice.Result probe =
                run(List.of("--proxy", "pty", "--seccomp-profile", "unconfined"), "probe");
        assertEquals("EPERM", probe.value("io_uring_setup"), probe.toString());
        assertEquals(
                "0",
                probe.value("keyctl"),
                "only io_uring: the rest is the profile's business\n" + probe);

        // ... and with a profile that allows io_uring by name: the most restrictive filter wins.
        Path file = Sluice.workDir().resolve(Sluice.unique("uring-profile") + ".json");
        // SCMP_ACT_LOG: allowed and logged, by name (an ALLOW rule under an ALLOW default would be
        // dropped).
        Files.writeString(
                file,
                """
                {"defaultAction": "SCMP_ACT_ALLOW",
                 "syscalls": [{"names": ["io_uring_setup", "io_uring_enter", "io_uring_register"], "action": "SCMP_ACT_LOG"}]}
                """);
        try {
            Sluice.Result allowed =
                    run(
                            List.of("--proxy", "pty", "--seccomp-profile", file.toString()),
                            args("uring-socket", NETLINK_SOCKET));
            assertEquals(
                    "EPERM",
                    allowed.value("uring_setup"),
                    "a profile cannot allow what Sluice's filter refuses\n" + allowed);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void allowIoUringIsTheExplicitOptIn() {
        Sluice.Result r =
                run(
                        List.of(
                                "--proxy",
                                "pty",
                                "--seccomp-profile",
                                "unconfined",
                                "--allow-io-uring"),
                        args("uring-socket", NETLINK_SOCKET));
        assertEquals(
                "0",
                r.value("uring_setup"),
                "the opt-in keeps io_uring beside a mediated device\n" + r);
        assertEquals("0", r.value("uring_socket"), r.toString());
        assertEquals("16", r.value("uring_socket_protocol"), r.toString());
        // The default profile still refuses it: the opt-in lifts Sluice's rule, not the profile's.
        Sluice.Result d =
                run(
                        List.of("--proxy", "pty", "--allow-io-uring"),
                        args("uring-socket", NETLINK_SOCKET));
        assertEquals(
                "EPERM",
                d.value("uring_setup"),
                "the engines' default profile refuses io_uring on its own\n" + d);
        assertNotEquals("0", d.values().getOrDefault("uring_socket", "none"), d.toString());
    }

    private static String[] args(String first, List<String> rest) {
        List<String> a = new ArrayList<>();
        a.add(first);
        a.addAll(rest);
        return a.toArray(String[]::new);
    }

    /** The probe on the host, outside any sandbox: the baseline. */
    private static Sluice.Result nativeProbe() {
        try {
            Process p = new ProcessBuilder(guest("probe")).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            int code = p.waitFor();
            return new Sluice.Result(guest("probe"), code, out, "", java.time.Duration.ZERO);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
