package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.seccomp.SyscallRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real {@code sluice-init} carrying out {@code deny-syscall}: the named syscall fails with the
 * errno in the workload, other syscalls are untouched, and a profile loaded after Sluice's filter
 * (here one that allows the call by name, SCMP_ACT_LOG) cannot allow it back. No unshare, no
 * mounts: no root needed.
 */
@Timeout(30)
class DenySyscallTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    /**
     * Python calling io_uring_setup(1, &params) and keyctl(KEYCTL_GET_KEYRING_ID, ...) by number
     * (x86_64).
     */
    private static final String CODE =
            String.join(
                    "\n",
                    "import ctypes, sys",
                    "libc = ctypes.CDLL(None, use_errno=True)",
                    "params = ctypes.create_string_buffer(120)",
                    "fd = libc.syscall(425, 1, params)", // __NR_io_uring_setup
                    "setup = 0 if fd >= 0 else ctypes.get_errno()",
                    "k = libc.syscall(250, 0, -2, 1)", // __NR_keyctl, KEYCTL_GET_KEYRING_ID,
                    // KEY_SPEC_PROCESS_KEYRING
                    "keyctl = 0 if k >= 0 else ctypes.get_errno()",
                    "sys.exit(100 + setup if keyctl == 0 else 50)");

    private static Path init() {
        Path init =
                Path.of(
                        System.getProperty(
                                "sluice.init", "../native-shims/target/bin/sluice-init"));
        assertTrue(
                Files.isExecutable(init),
                "sluice-init must be built by native-shims before these tests: " + init);
        assumeTrue(Files.isExecutable(PYTHON), "needs " + PYTHON);
        return init;
    }

    private static int run(LaunchPlan plan) {
        try (InitProcess p = InitProcess.spawn(init(), plan)) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs");
            assertNull(s.listener(), "no notify-ioctl: no listener");
            p.go();
            Startup.awaitExec(p);
            return p.waitFor();
        }
    }

    @Test
    void theSyscallFailsWithTheErrnoAndOthersWork() {
        assumeTrue(
                nativeExit() == 100,
                "io_uring_setup and keyctl work on this host (else nothing to refuse)");
        int code =
                run(
                        LaunchPlan.builder()
                                .noNewPrivs()
                                .denySyscall("io_uring_setup", 1)
                                .exec(PYTHON.toString(), List.of("python3", "-c", CODE))
                                .build());
        assertEquals(101, code, "io_uring_setup fails with EPERM; keyctl still works (else 50)");
    }

    @Test
    void aProfileLoadedAfterwardsCannotAllowItBack() {
        assumeTrue(
                nativeExit() == 100,
                "io_uring_setup and keyctl work on this host (else nothing to refuse)");
        SyscallProfile allowsIt =
                new SyscallProfile(
                        "SCMP_ACT_ALLOW",
                        0,
                        List.of(),
                        List.of(),
                        List.of(
                                new SyscallRule(
                                        "SCMP_ACT_LOG", 0, List.of("io_uring_setup"), List.of())));
        int code =
                run(
                        LaunchPlan.builder()
                                .noNewPrivs()
                                .denySyscall("io_uring_setup", 13)
                                .seccompProfile(allowsIt)
                                .exec(PYTHON.toString(), List.of("python3", "-c", CODE))
                                .build());
        assertEquals(113, code, "EACCES from Sluice's filter: ERRNO beats the profile's LOG");
    }

    @Test
    void aNameLibseccompDoesNotKnowFailsClosed() {
        LaunchPlan plan =
                LaunchPlan.builder()
                        .noNewPrivs()
                        .denySyscall("no_such_syscall_anywhere", 1)
                        .exec(PYTHON.toString(), List.of("python3", "-c", "pass"))
                        .build();
        try (InitProcess p = InitProcess.spawn(init(), plan)) {
            Startup s = Startup.await(p);
            assertNotNull(s.failure(), "the workload must not run without the rule");
            assertTrue(s.failure().contains("no_such_syscall_anywhere"), s.failure());
            assertEquals(125, p.waitFor(), "a setup failure");
        }
    }

    /** The script outside any sandbox: 100 when both calls work here. */
    private static int nativeExit() {
        try {
            Process p = new ProcessBuilder(PYTHON.toString(), "-c", CODE).inheritIO().start();
            return p.waitFor();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
