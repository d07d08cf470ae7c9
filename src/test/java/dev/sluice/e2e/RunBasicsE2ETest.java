package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * {@code sluice run}: exit status, namespaces, filesystem, /dev, environment, network, bad input.
 */
@RequiresRoot
class RunBasicsE2ETest {

    // ---- exit status -------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void exitCodeOfTheCommandIsSluicesExitCode() {
        Sluice.Result r = Sluice.run("run", "--", "sh", "-c", "exit 7");
        assertEquals(7, r.exitCode(), "sluice must exit with the command's exit code 7\n" + r);
    }

    @Test
    @Timeout(60)
    void aJvmThatCannotBindLibcSaysWhyInOneLine() {
        // jnr-ffi's native stub is extracted to a directory at start; one that cannot exist
        // fails the binding, which the start-up work meets first on a thread of its own.
        Sluice.Result r =
                Sluice.command("run", "--proxy", "pty", "--", "/bin/true")
                        .env(
                                "SLUICE_JAVA_OPTS",
                                "-Djava.io.tmpdir=/proc/nonexistent"
                                        + " -Djffi.extract.dir=/proc/nonexistent")
                        .run();
        assertEquals(125, r.exitCode(), "sluice's own failure status\n" + r);
        assertTrue(
                r.stderr().startsWith("sluice: cannot start: "),
                "one error line of sluice's\n" + r);
        assertTrue(
                r.stderr().contains("could not load jffi library from /proc/nonexistent"),
                "naming the cause, not JDK 17's bare 'could not initialize class'\n" + r);
        assertFalse(r.stderr().contains("\tat "), "no stack trace\n" + r);
    }

    @Test
    @Timeout(60)
    void deathBySignalIs128PlusSignal() {
        Sluice.Result r = Sluice.run("run", "--", "sh", "-c", "kill -TERM $$");
        assertEquals(143, r.exitCode(), "a command killed by SIGTERM must give 128+15\n" + r);
    }

    // ---- namespaces --------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void commandRunsInItsOwnPidNamespaceUnderSluiceInit() {
        Sluice.Result r =
                Sluice.run("run", "--", "sh", "-c", "echo $$; tr '\\0' ' ' </proc/1/cmdline; echo");
        assertEquals(0, r.exitCode(), "the probe must succeed\n" + r);
        List<String> lines = r.stdoutLines();
        assertTrue(lines.size() >= 2, "expected the shell's pid and pid 1's cmdline\n" + r);
        assertEquals(
                "2",
                lines.get(0).trim(),
                "the command must be pid 2 of a new pid namespace (init is 1)\n" + r);
        assertTrue(
                lines.get(1).contains("sluice-init"),
                "pid 1 of the sandbox must be sluice-init\n" + r);
    }

    @Test
    @Timeout(60)
    void hostnameOptionSetsTheUtsName() {
        String name = "sbx-" + Long.toHexString(System.nanoTime() & 0xffffffL);
        Sluice.Result r = Sluice.run("run", "--hostname", name, "--", "uname", "-n");
        assertEquals(0, r.exitCode(), "uname must succeed\n" + r);
        assertEquals(name, r.stdout().trim(), "--hostname must set the sandbox's hostname\n" + r);
    }

    // ---- filesystem --------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void hostRootIsReadOnly() {
        String target = "/etc/" + Sluice.unique("sluice-x");
        Sluice.Result r = Sluice.run("run", "--", "touch", target);
        try {
            assertNotEquals(0, r.exitCode(), "touch under /etc must fail in the sandbox\n" + r);
            assertTrue(
                    r.stderr().contains("Read-only"),
                    "the failure must be a read-only filesystem\n" + r);
            assertFalse(
                    Files.exists(Path.of(target)),
                    "the file must not appear on the host: " + target);
        } finally {
            try {
                Files.deleteIfExists(Path.of(target));
            } catch (IOException ignored) {
                // best effort
            }
        }
    }

    @Test
    @Timeout(60)
    void tmpIsPrivateAndWritable() throws IOException {
        String mine = Sluice.unique("sluice-e2e-sandbox-tmp");
        Path hostFile = Files.createTempFile(Path.of("/tmp"), "sluice-e2e-host-", ".txt");
        Files.writeString(hostFile, "host\n");
        try {
            // The sandbox's /tmp is an overlay: the host's files show through, writes stay private.
            Sluice.Result r =
                    Sluice.run(
                            "run",
                            "--",
                            "sh",
                            "-c",
                            "echo hi > /tmp/"
                                    + mine
                                    + " && cat /tmp/"
                                    + mine
                                    + " && cat "
                                    + hostFile
                                    + " && echo changed > "
                                    + hostFile
                                    + " && cat "
                                    + hostFile);
            assertEquals(0, r.exitCode(), "writing to the sandbox's /tmp must work\n" + r);
            assertEquals(
                    List.of("hi", "host", "changed"),
                    r.stdoutLines(),
                    "the sandbox reads its own file, sees the host's file, and can change its own copy\n"
                            + r);
            assertFalse(
                    Files.exists(Path.of("/tmp", mine)),
                    "a file created in the sandbox's /tmp must not appear on the host");
            assertEquals(
                    "host\n",
                    Files.readString(hostFile),
                    "a change in the sandbox's /tmp must not reach the host's file");
        } finally {
            Files.deleteIfExists(hostFile);
            Files.deleteIfExists(Path.of("/tmp", mine));
        }
    }

    @Test
    @Timeout(60)
    void runIsPrivateSoHostDaemonSocketsAreOutOfReach() throws IOException {
        Path marker = Path.of("/run", Sluice.unique("sluice-e2e-run"));
        Files.createDirectory(marker);
        try {
            Sluice.Result r =
                    Sluice.run(
                            "run",
                            "--",
                            "sh",
                            "-c",
                            "test ! -e " + marker + " && echo hidden && ls -A /run");
            assertEquals(
                    0,
                    r.exitCode(),
                    "the host's /run content must not be visible in the sandbox\n" + r);
            assertTrue(
                    r.stdout().contains("hidden"),
                    "a directory the host has in /run is not in the sandbox's\n" + r);
            for (String line : r.stdoutLines().subList(1, r.stdoutLines().size())) {
                assertTrue(
                        List.of("systemd", "nvidia-persistenced").contains(line.trim()),
                        "only the bound-back resolver and persistence daemon directories may appear in /run: "
                                + line);
            }
        } finally {
            Files.deleteIfExists(marker);
        }
    }

    @Test
    @Timeout(60)
    void devIsMinimal() {
        Sluice.Result r = Sluice.run("run", "--", "ls", "-A", "/dev");
        assertEquals(0, r.exitCode(), "ls /dev must succeed\n" + r);
        Set<String> got =
                new TreeSet<>(
                        r.stdoutLines().stream()
                                .map(String::trim)
                                .filter(s -> !s.isEmpty())
                                .toList());
        Set<String> want =
                new TreeSet<>(
                        List.of(
                                "fd", "full", "null", "ptmx", "pts", "random", "shm", "stderr",
                                "stdin", "stdout", "tty", "urandom", "zero"));
        assertEquals(want, got, "the sandbox's /dev must hold exactly the minimal set\n" + r);
    }

    @Test
    @Timeout(120)
    void deviceOptionGrantsANode() throws Exception {
        Path dev =
                Stream.of("/dev/fuse", "/dev/net/tun", "/dev/loop-control", "/dev/kvm")
                        .map(Path::of)
                        .filter(RunBasicsE2ETest::isCharDevice)
                        .findFirst()
                        .orElse(null);
        assumeTrue(
                dev != null,
                "SKIPPED: the host has none of /dev/fuse, /dev/net/tun, /dev/loop-control, /dev/kvm");
        String probe = "if test -c " + dev + "; then echo present; else echo absent; fi";

        Sluice.Result without = Sluice.run("run", "--", "sh", "-c", probe);
        assertEquals(0, without.exitCode(), "the probe must run\n" + without);
        assertEquals(
                "absent",
                without.stdout().trim(),
                dev + " must not exist in the sandbox unless granted\n" + without);

        Sluice.Result with = Sluice.run("run", "--device", dev.toString(), "--", "sh", "-c", probe);
        assertEquals(0, with.exitCode(), "the probe must run with --device\n" + with);
        assertEquals(
                "present",
                with.stdout().trim(),
                "--device " + dev + " must make the node exist as a char device\n" + with);
    }

    private static boolean isCharDevice(Path p) {
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode");
            return (mode & 0170000) == 0020000;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    @Timeout(60)
    void workingDirectoryIsKept() throws IOException {
        Sluice.Result r = Sluice.command("run", "--", "pwd").directory(Sluice.root()).run();
        assertEquals(0, r.exitCode(), "pwd must succeed\n" + r);
        assertEquals(
                Sluice.root().toString(),
                r.stdout().trim(),
                "the sandbox must start in the caller's directory\n" + r);

        Path sub = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique("cwd")));
        try {
            Sluice.Result r2 = Sluice.command("run", "--", "pwd").directory(sub).run();
            assertEquals(0, r2.exitCode(), "pwd must succeed\n" + r2);
            assertEquals(
                    sub.toRealPath().toString(),
                    r2.stdout().trim(),
                    "the sandbox must start in the caller's directory\n" + r2);
        } finally {
            Files.deleteIfExists(sub);
        }
    }

    // ---- environment -------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void envOptionIsVisible() {
        Sluice.Result r =
                Sluice.run(
                        "run",
                        "--env",
                        "SLUICE_E2E_A=hello world",
                        "-e",
                        "SLUICE_E2E_B=x=y",
                        "--",
                        "sh",
                        "-c",
                        "printf '%s|%s\\n' \"$SLUICE_E2E_A\" \"$SLUICE_E2E_B\"");
        assertEquals(0, r.exitCode(), "the probe must succeed\n" + r);
        assertEquals(
                "hello world|x=y",
                r.stdout().trim(),
                "--env NAME=VALUE must be set in the sandbox (value verbatim)\n" + r);
    }

    @Test
    @Timeout(60)
    void callersEnvironmentIsKept() {
        String v = Sluice.unique("caller");
        Sluice.Result r =
                Sluice.command("run", "--", "sh", "-c", "echo \"$SLUICE_E2E_CALLER\"")
                        .env("SLUICE_E2E_CALLER", v)
                        .run();
        assertEquals(0, r.exitCode(), "the probe must succeed\n" + r);
        assertEquals(v, r.stdout().trim(), "the caller's environment must reach the command\n" + r);
    }

    // ---- network -----------------------------------------------------------------------------

    private static List<String> interfaces(String procNetDev) {
        return procNetDev
                .lines()
                .skip(2)
                .map(l -> l.split(":", 2)[0].trim())
                .filter(s -> !s.isEmpty())
                .toList();
    }

    @Test
    @Timeout(60)
    void netNoneHasOnlyLoopback() {
        Sluice.Result r = Sluice.run("run", "--net", "none", "--", "cat", "/proc/net/dev");
        assertEquals(0, r.exitCode(), "cat /proc/net/dev must succeed\n" + r);
        assertEquals(List.of("lo"), interfaces(r.stdout()), "--net none must leave only lo\n" + r);
    }

    @Test
    @Timeout(60)
    void netHostSharesTheHostsInterfaces() throws IOException {
        List<String> host = interfaces(Files.readString(Path.of("/proc/net/dev")));
        assumeTrue(
                host.size() > 1,
                "SKIPPED: the host itself has only lo, so --net host cannot be told apart");
        Sluice.Result r = Sluice.run("run", "--net", "host", "--", "cat", "/proc/net/dev");
        assertEquals(0, r.exitCode(), "cat /proc/net/dev must succeed\n" + r);
        List<String> inside = interfaces(r.stdout());
        assertTrue(
                inside.size() > 1,
                "--net host must show more than lo (host has " + host + ")\n" + r);
        assertEquals(
                new TreeSet<>(host),
                new TreeSet<>(inside),
                "--net host must show the host's interfaces\n" + r);
    }

    // ---- rootfs ------------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void rootfsOptionRunsFromTheGivenRoot() throws IOException {
        Path rootfs = Sluice.workDir().resolve(Sluice.unique("rootfs"));
        Files.createDirectories(rootfs.resolve("bin"));
        Files.copy(
                Sluice.guestBinary(),
                rootfs.resolve("bin/sluice-testguest"),
                StandardCopyOption.COPY_ATTRIBUTES);
        try {
            Sluice.Result r =
                    Sluice.run(
                            "run",
                            "--rootfs",
                            rootfs.toString(),
                            "--",
                            "/bin/sluice-testguest",
                            "exit",
                            "3");
            assertEquals(3, r.exitCode(), "the guest from the rootfs must run and exit 3\n" + r);

            Sluice.Result noSh =
                    Sluice.run("run", "--rootfs", rootfs.toString(), "--", "/bin/sh", "-c", "true");
            assertEquals(
                    127,
                    noSh.exitCode(),
                    "the rootfs has no /bin/sh, so the host's must not be reachable\n" + noSh);
        } finally {
            deleteTree(rootfs);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(x);
            }
        }
    }

    // ---- privileges --------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void noNewPrivsIsSetAndSysAdminIsDropped() {
        Sluice.Result r = Sluice.run("run", "--", "cat", "/proc/self/status");
        assertEquals(0, r.exitCode(), "cat must succeed\n" + r);
        String nnp = field(r, "NoNewPrivs");
        assertEquals("1", nnp, "no_new_privs must be set in the sandbox\n" + r);
        long capEff = Long.parseUnsignedLong(field(r, "CapEff"), 16);
        assertEquals(
                0,
                capEff & (1L << 21),
                "CAP_SYS_ADMIN (bit 21) must not be effective: CapEff="
                        + Long.toHexString(capEff)
                        + "\n"
                        + r);
        long capBnd = Long.parseUnsignedLong(field(r, "CapBnd"), 16);
        assertEquals(
                0,
                capBnd & (1L << 21),
                "CAP_SYS_ADMIN must be dropped from the bounding set: CapBnd="
                        + Long.toHexString(capBnd)
                        + "\n"
                        + r);
    }

    private static String field(Sluice.Result r, String name) {
        return r.stdoutLines().stream()
                .filter(l -> l.startsWith(name + ":"))
                .map(l -> l.substring(name.length() + 1).trim())
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        "/proc/self/status has no " + name + " line\n" + r));
    }

    // ---- bad input ---------------------------------------------------------------------------

    @Test
    @Timeout(60)
    void nonexistentCommandIs127() {
        Sluice.Result r = Sluice.run("run", "--", "sluice-e2e-no-such-command");
        assertEquals(127, r.exitCode(), "a command that is not found must give 127\n" + r);
        assertTrue(
                r.stderr().contains("command not found"),
                "stderr must say 'command not found'\n" + r);
        assertFalse(
                r.hasStackTrace(),
                "a missing command is a user error: no exception or stack trace\n" + r);
    }

    @Test
    @Timeout(60)
    void unknownOptionIs125WithOneErrorLine() {
        Sluice.Result r = Sluice.run("run", "--sluice-e2e-bogus", "--", "true");
        assertEquals(125, r.exitCode(), "an unknown option must give 125\n" + r);
        long errorLines = r.stderrLines().stream().filter(l -> l.startsWith("sluice:")).count();
        assertEquals(1, errorLines, "exactly one 'sluice:' error line\n" + r);
        assertTrue(
                r.stderr().contains("--sluice-e2e-bogus"), "the error must name the option\n" + r);
        assertFalse(r.hasStackTrace(), "no exception or stack trace for a usage error\n" + r);
    }

    @Test
    @Timeout(60)
    void runHelpPrintsUsage() {
        // The usage error below tells the user to "Try 'sluice run --help'", so that must work.
        Sluice.Result r = Sluice.run("run", "--help");
        assertEquals(0, r.exitCode(), "`sluice run --help` must print the usage and exit 0\n" + r);
        assertTrue(
                r.stdout().contains("--rootfs") && r.stdout().contains("--proxy"),
                "`sluice run --help` must list the run options on stdout\n" + r);
        assertFalse(
                r.stderr().contains("Missing required parameter"),
                "--help must not be a usage error\n" + r);
    }

    @Test
    @Timeout(60)
    void nonexistentRootfsIsAClearError() {
        Sluice.Result r = Sluice.run("run", "--rootfs", "/nonexistent-sluice-e2e", "--", "true");
        assertNotEquals(0, r.exitCode(), "a missing rootfs must fail\n" + r);
        assertTrue(
                r.stderr()
                        .lines()
                        .anyMatch(
                                l ->
                                        l.startsWith("sluice:")
                                                && l.contains("/nonexistent-sluice-e2e")),
                "a 'sluice:' line must name the missing rootfs\n" + r);
        assertFalse(r.hasStackTrace(), "no exception or stack trace for a usage error\n" + r);
    }

    @Test
    @Timeout(60)
    void bogusNetModeIsAClearError() {
        Sluice.Result r = Sluice.run("run", "--net", "bogus", "--", "true");
        assertNotEquals(0, r.exitCode(), "--net bogus must fail\n" + r);
        assertTrue(
                r.stderr().lines().anyMatch(l -> l.startsWith("sluice:") && l.contains("bogus")),
                "a 'sluice:' line must name the bad --net value\n" + r);
        assertFalse(r.hasStackTrace(), "no exception or stack trace for a usage error\n" + r);
    }
}
