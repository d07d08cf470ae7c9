package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The real {@code sluice-init} carrying out {@code deny-socket}: the workload's {@code socket()}
 * with that domain and protocol fails with the given errno, every other socket is untouched, and no
 * listener is sent when the plan traps no ioctl. The plan has no {@code unshare} and no mounts, so
 * this needs no root.
 */
@Timeout(30)
class DenySocketTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @Test
    void deniedSocketFailsWithTheErrnoAndOthersWork() {
        Path init =
                Path.of(
                        System.getProperty(
                                "sluice.init", "../native-shims/target/bin/sluice-init"));
        assertTrue(
                Files.isExecutable(init),
                "sluice-init must be built by native-shims before these tests: " + init);
        assumeTrue(Files.isExecutable(PYTHON), "needs " + PYTHON);
        // NETLINK_ROUTE (0) exists on every kernel, so its refusal cannot come from the kernel
        // itself.
        String code =
                String.join(
                        "\n",
                        "import socket, sys",
                        "socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 16).close()", // NETLINK_GENERIC: allowed
                        "socket.socket(socket.AF_INET, socket.SOCK_DGRAM, 0).close()", // protocol 0
                        // of another
                        // domain
                        "try:",
                        "    socket.socket(socket.AF_NETLINK, socket.SOCK_RAW | socket.SOCK_CLOEXEC, 0)",
                        "except OSError as e:",
                        "    sys.exit(e.errno)",
                        "sys.exit(0)");
        LaunchPlan plan =
                LaunchPlan.builder()
                        .noNewPrivs()
                        .denySocket(16, 0, 13)
                        .exec(PYTHON.toString(), List.of("python3", "-c", code))
                        .build();
        try (InitProcess p = InitProcess.spawn(init, plan)) {
            Startup s = Startup.await(p);
            assertNull(s.failure(), "the plan runs");
            assertNull(s.listener(), "no notify-ioctl: no listener");
            p.go();
            Startup.awaitExec(p);
            assertEquals(
                    13,
                    p.waitFor(),
                    "socket(AF_NETLINK, SOCK_RAW|SOCK_CLOEXEC, NETLINK_ROUTE) fails with EACCES;"
                            + " the generic netlink and the AF_INET sockets before it were created (else python exits 1)");
        }
    }
}
