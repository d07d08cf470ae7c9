package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The real {@code sluice-init} fed malformed launch plans: each must be refused with one clear
 * {@code ERROR plan ...} line turned into a message, exit 125, and no sandbox. sluice-init checks
 * the whole plan before it unshares anything, so this needs no root.
 */
@Timeout(30)
class MalformedPlanTest {
    private static Path init() {
        Path p =
                Path.of(
                        System.getProperty(
                                "sluice.init", "../native-shims/target/bin/sluice-init"));
        assertTrue(
                Files.isExecutable(p),
                "sluice-init must be built by native-shims before these tests: " + p);
        return p;
    }

    private static byte[] tokens(String... t) {
        return (String.join("\0", t) + "\0").getBytes(StandardCharsets.UTF_8);
    }

    static Stream<Arguments> plans() {
        byte[] truncated = tokens("version", "1", "exec", "2", "/bin/true");
        byte[] noNul =
                "version\u00001\u0000exec\u00002\u0000/bin/true\u0000true"
                        .getBytes(StandardCharsets.UTF_8);
        return Stream.of(
                Arguments.of("no version first", tokens("exec", "2", "/bin/true", "true")),
                Arguments.of(
                        "unknown op",
                        tokens(
                                "version",
                                "1",
                                "frobnicate",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of("no exec", tokens("version", "1", "chdir", "1", "/")),
                Arguments.of("argument count beyond the plan", truncated),
                Arguments.of("last token not NUL-terminated", noNul),
                Arguments.of(
                        "negative count",
                        tokens("version", "1", "chdir", "-1", "exec", "2", "/bin/true", "true")),
                Arguments.of(
                        "wrong arity",
                        tokens(
                                "version",
                                "1",
                                "mount",
                                "2",
                                "a",
                                "b",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "mask value outside 32 bits",
                        tokens(
                                "version",
                                "1",
                                "notify-ioctl",
                                "2",
                                "4294967296",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "value outside mask",
                        tokens(
                                "version",
                                "1",
                                "notify-ioctl",
                                "2",
                                "65280",
                                "1",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-socket errno 0",
                        tokens(
                                "version",
                                "1",
                                "deny-socket",
                                "3",
                                "16",
                                "20",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-socket errno past 4095",
                        tokens(
                                "version",
                                "1",
                                "deny-socket",
                                "3",
                                "16",
                                "20",
                                "4096",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-syscall errno 0",
                        tokens(
                                "version",
                                "1",
                                "deny-syscall",
                                "2",
                                "io_uring_setup",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-syscall errno past 4095",
                        tokens(
                                "version",
                                "1",
                                "deny-syscall",
                                "2",
                                "io_uring_setup",
                                "4096",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-syscall of no syscall name",
                        tokens(
                                "version",
                                "1",
                                "deny-syscall",
                                "2",
                                "../io_uring",
                                "1",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-syscall of an empty name",
                        tokens(
                                "version",
                                "1",
                                "deny-syscall",
                                "2",
                                "",
                                "1",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "deny-syscall without errno",
                        tokens(
                                "version",
                                "1",
                                "deny-syscall",
                                "1",
                                "io_uring_setup",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "seccomp-rule conditions not in fours",
                        tokens(
                                "version",
                                "1",
                                "seccomp-rule",
                                "5",
                                "SCMP_ACT_ERRNO",
                                "1",
                                "mkdir",
                                "0",
                                "SCMP_CMP_EQ",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "seccomp-default errno past 4095",
                        tokens(
                                "version",
                                "1",
                                "seccomp-default",
                                "2",
                                "SCMP_ACT_ERRNO",
                                "4096",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "seccomp-default SCMP_ACT_NOTIFY",
                        tokens(
                                "version",
                                "1",
                                "seccomp-default",
                                "2",
                                "SCMP_ACT_NOTIFY",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "seccomp-rule SCMP_ACT_NOTIFY for sendmsg",
                        tokens(
                                "version",
                                "1",
                                "seccomp-default",
                                "2",
                                "SCMP_ACT_ALLOW",
                                "0",
                                "seccomp-rule",
                                "3",
                                "SCMP_ACT_NOTIFY",
                                "0",
                                "sendmsg",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "seccomp-rule SCMP_ACT_NOTIFY beside notify-ioctl",
                        tokens(
                                "version",
                                "1",
                                "seccomp-default",
                                "2",
                                "SCMP_ACT_ALLOW",
                                "0",
                                "seccomp-rule",
                                "3",
                                "SCMP_ACT_NOTIFY",
                                "0",
                                "mkdir",
                                "notify-ioctl",
                                "2",
                                "65280",
                                "21504",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "mknod of an unknown type",
                        tokens(
                                "version",
                                "1",
                                "mknod",
                                "7",
                                "/x",
                                "z",
                                "666",
                                "1",
                                "3",
                                "0",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "mknod mode beyond permission bits",
                        tokens(
                                "version",
                                "1",
                                "mknod",
                                "7",
                                "/x",
                                "c",
                                "20666",
                                "1",
                                "3",
                                "0",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "user with a group outside 32 bits",
                        tokens(
                                "version",
                                "1",
                                "user",
                                "3",
                                "0",
                                "0",
                                "4294967296",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "user without gid",
                        tokens("version", "1", "user", "1", "0", "exec", "2", "/bin/true", "true")),
                Arguments.of(
                        "rlimit with a sign",
                        tokens(
                                "version",
                                "1",
                                "rlimit",
                                "3",
                                "7",
                                "-1",
                                "10",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "detach with an argument",
                        tokens(
                                "version",
                                "1",
                                "detach",
                                "1",
                                "x",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join of pid 0",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "0",
                                "1",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join twice",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join with unshare",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "unshare",
                                "1",
                                "131072",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join with an init-phase op",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "mkdir",
                                "2",
                                "/x",
                                "755",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "cgroup twice",
                        tokens(
                                "version",
                                "1",
                                "cgroup",
                                "1",
                                "/sys/fs/cgroup/a",
                                "cgroup",
                                "1",
                                "/sys/fs/cgroup/b",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "cgroup not an absolute path",
                        tokens(
                                "version",
                                "1",
                                "cgroup",
                                "1",
                                "sys/fs/cgroup/a",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "cgroup with reaper (sluice run)",
                        tokens(
                                "version",
                                "1",
                                "reaper",
                                "0",
                                "cgroup",
                                "1",
                                "/sys/fs/cgroup/a",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "cgroup with an unshare of the cgroup namespace, which would be rooted"
                                + " outside it",
                        tokens(
                                "version",
                                "1",
                                "cgroup",
                                "1",
                                "/sys/fs/cgroup/a",
                                "unshare",
                                "1",
                                "33554432",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "unshare of a user namespace, which would have no maps",
                        tokens(
                                "version",
                                "1",
                                "unshare",
                                "1",
                                "268566528",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "userns with one map",
                        tokens(
                                "version",
                                "1",
                                "userns",
                                "1",
                                "0 100000 1\n",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "userns twice",
                        tokens(
                                "version",
                                "1",
                                "userns",
                                "2",
                                "0 100000 1\n",
                                "0 100000 1\n",
                                "userns",
                                "2",
                                "0 100000 1\n",
                                "0 100000 1\n",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join with userns",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "userns",
                                "2",
                                "0 1 1\n",
                                "0 1 1\n",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "setid with a sign",
                        tokens(
                                "version",
                                "1",
                                "setid",
                                "2",
                                "-1",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "terminal with one argument",
                        tokens(
                                "version",
                                "1",
                                "terminal",
                                "1",
                                "24",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "terminal twice",
                        tokens(
                                "version",
                                "1",
                                "terminal",
                                "2",
                                "0",
                                "0",
                                "terminal",
                                "2",
                                "0",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join with reaper",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "reaper",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "join with ptrace-scope",
                        tokens(
                                "version",
                                "1",
                                "join",
                                "3",
                                "1",
                                "1",
                                "0",
                                "ptrace-scope",
                                "0",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "reaper with an argument",
                        tokens(
                                "version",
                                "1",
                                "reaper",
                                "1",
                                "x",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of(
                        "watch-sentry, an op that is gone (the sentry's watcher is a process of its own)",
                        tokens(
                                "version",
                                "1",
                                "watch-sentry",
                                "2",
                                "1",
                                "1",
                                "exec",
                                "2",
                                "/bin/true",
                                "true")),
                Arguments.of("empty plan", new byte[] {0}));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void malformedPlanIsRefusedCleanly(String what, byte[] plan) {
        try (InitProcess p = InitProcess.spawnRaw(init(), plan)) {
            Startup s = Startup.await(p);
            int code = p.waitFor();
            assertNull(s.listener(), what + ": no listener may come from a refused plan");
            assertNotNull(s.failure(), what + ": startup must fail");
            assertTrue(
                    s.failure().startsWith("sandbox setup failed (plan)")
                            || s.failure().startsWith("sandbox setup ended"),
                    what + ": the message names the plan: " + s.failure());
            assertEquals(
                    125,
                    code,
                    what + ": sluice-init exits 125 for a refused plan (" + s.failure() + ")");
        }
    }
}
