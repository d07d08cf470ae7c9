package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.LaunchPlan.Op;
import dev.sluice.sentry.seccomp.RuleScope;
import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.seccomp.SyscallRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LaunchPlanTest {

    private static LaunchPlan sample() {
        return LaunchPlan.builder()
                .unshare(0x2c020000L)
                .hostname("box")
                .mount(null, "/", null, 16384 | (1L << 18), null)
                .mount("tmpfs", "/s/tmp", "tmpfs", 6, "mode=1777")
                .mountSetattr("/s", 1, 0, true)
                .mkdir("/s/dev/pts", 0755)
                .touch("/s/dev/null", 0666)
                .symlink("pts/ptmx", "/s/dev/ptmx")
                .pivotRoot("/s")
                .chdir("/home/ü ser")
                .env("A=b=c")
                .env("EMPTY=")
                .caps(0xa80425fbL)
                .noNewPrivs()
                .notifyIoctl(0xffffffff, 0xc0181b01)
                .exec("sh", List.of("sh", "-c", "echo hi", ""))
                .build();
    }

    @Test
    void encodeDecodeRoundTrip() {
        LaunchPlan p = sample();
        LaunchPlan back = LaunchPlan.decode(p.encode());
        assertEquals(
                p.ops(), back.ops(), "decode(encode(plan)) has the same ops, arguments and order");
        assertArrayEquals(p.encode(), back.encode(), "and re-encodes to the same bytes");
    }

    @Test
    void encodingIsNulTerminatedTokens() {
        LaunchPlan p = LaunchPlan.builder().chdir("/x").exec("true", List.of("true")).build();
        String wire = new String(p.encode(), StandardCharsets.UTF_8);
        assertEquals(
                "version\0"
                        + "1\0"
                        + "1\0"
                        + "chdir\0"
                        + "1\0"
                        + "/x\0"
                        + "exec\0"
                        + "2\0"
                        + "true\0"
                        + "true\0",
                wire,
                "OP NUL N NUL ARG... NUL, version 1 first");
    }

    @Test
    void versionComesFirstAndExecLast() {
        List<Op> ops = sample().ops();
        assertEquals(new Op("version", List.of("1")), ops.get(0), "the plan starts with version 1");
        assertEquals("exec", ops.get(ops.size() - 1).name(), "the plan ends with exec");
        assertEquals(
                List.of("sh", "sh", "-c", "echo hi", ""),
                ops.get(ops.size() - 1).args(),
                "exec carries the file then the whole argv, empty arguments included");
    }

    @Test
    void nulInAnArgumentIsRejected() {
        LaunchPlan p = LaunchPlan.builder().env("A=x\0y").exec("true", List.of("true")).build();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, p::encode, "NUL cannot be encoded");
        assertTrue(e.getMessage().contains("NUL"), "the message says why: " + e.getMessage());
        assertTrue(
                e.getMessage().contains("A=x?y"),
                "and shows the argument with the NUL replaced: " + e.getMessage());

        LaunchPlan argv = LaunchPlan.builder().exec("sh", List.of("sh", "a\0b")).build();
        assertThrows(IllegalArgumentException.class, argv::encode, "NUL in argv");
    }

    @Test
    void planTooLargeIsRejected() {
        LaunchPlan.Builder b = LaunchPlan.builder();
        String big = "X=" + "y".repeat(1000);
        for (int i = 0; i < LaunchPlan.MAX_BYTES / 1000 + 1; i++) {
            b.env(big);
        }
        LaunchPlan p = b.exec("true", List.of("true")).build();
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, p::encode, "a plan over MAX_BYTES");
        assertTrue(e.getMessage().contains("too large"), "the message says why: " + e.getMessage());
    }

    @Test
    void planJustUnderTheLimitEncodes() {
        LaunchPlan small = LaunchPlan.builder().exec("true", List.of("true")).build();
        int overhead = small.encode().length;
        // One env op costs "env\0" + "1\0" + value + "\0" = 7 bytes plus the value.
        String value = "V=" + "v".repeat(LaunchPlan.MAX_BYTES - overhead - 7 - 2);
        LaunchPlan p = LaunchPlan.builder().env(value).exec("true", List.of("true")).build();
        assertEquals(LaunchPlan.MAX_BYTES, p.encode().length, "exactly MAX_BYTES is allowed");
    }

    @Test
    void mustEndWithExec() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> LaunchPlan.builder().chdir("/").build(),
                        "a plan without exec");
        assertTrue(
                e.getMessage().contains("exec"),
                "the message says what is missing: " + e.getMessage());
        assertThrows(
                IllegalStateException.class,
                () -> LaunchPlan.builder().exec("true", List.of("true")).chdir("/").build(),
                "exec must be last");
    }

    @Test
    void opTokenFormats() {
        LaunchPlan p = sample();
        assertEquals(
                List.of("/s/dev/pts", "755"),
                p.ops("mkdir").get(0).args(),
                "mkdir mode in octal, no leading 0");
        assertEquals(
                List.of("/s/dev/null", "666"), p.ops("touch").get(0).args(), "touch mode in octal");
        assertEquals(
                List.of("4294967295", "3222805249"),
                p.ops("notify-ioctl").get(0).args(),
                "notify-ioctl mask and value as unsigned decimal (0xffffffff, 0xc0181b01)");
        assertEquals(
                List.of(Long.toString(0xa80425fbL), Long.toString(0xa80425fbL), "0", "0"),
                p.ops("caps").get(0).args(),
                "caps as unsigned decimal: bounding, permitted, no inheritable, no ambient");
        assertEquals(
                List.of(), p.ops("no-new-privs").get(0).args(), "no-new-privs has no arguments");
        assertEquals(
                List.of("", "/", "", Long.toString(16384 | (1L << 18)), ""),
                p.ops("mount").get(0).args(),
                "mount: null source, fstype and data are empty tokens; flags in decimal");
        assertEquals(
                List.of("tmpfs", "/s/tmp", "tmpfs", "6", "mode=1777"),
                p.ops("mount").get(1).args(),
                "mount args in order");
        assertEquals(
                List.of("/s", "1", "0", "1"),
                p.ops("mount-setattr").get(0).args(),
                "mount-setattr set, clear, recursive=1");
        assertEquals(
                List.of("pts/ptmx", "/s/dev/ptmx"),
                p.ops("symlink").get(0).args(),
                "symlink target then path");
        assertEquals(
                List.of(Long.toString(0x2c020000L)),
                p.ops("unshare").get(0).args(),
                "unshare flags in decimal");
    }

    @Test
    void ociOpTokenFormats() {
        LaunchPlan p =
                LaunchPlan.builder()
                        .detach()
                        .setns("/proc/1/ns/net", 0x40000000L)
                        .mknod("/s/dev/nvidia0", 'c', 0666, 195, 0, 0, 0)
                        .writeFile("/s/proc/sys/net/x", "0 0")
                        .rlimit(7, "1024", "18446744073709551615")
                        .user(1000, 100, List.of(10L, 20L))
                        .exec("sh", List.of("sh"))
                        .build();
        assertEquals(List.of(), p.ops("detach").get(0).args(), "detach has no arguments");
        assertEquals(
                List.of("/proc/1/ns/net", "1073741824"),
                p.ops("setns").get(0).args(),
                "setns path and CLONE_NEW* flag");
        assertEquals(
                List.of("/s/dev/nvidia0", "c", "666", "195", "0", "0", "0"),
                p.ops("mknod").get(0).args(),
                "mknod path, type letter, octal mode, major, minor, uid, gid");
        assertEquals(
                List.of("/s/proc/sys/net/x", "0 0"),
                p.ops("write-file").get(0).args(),
                "write-file path and data");
        assertEquals(
                List.of("7", "1024", "18446744073709551615"),
                p.ops("rlimit").get(0).args(),
                "rlimit: unsigned 64-bit");
        assertEquals(
                List.of("1000", "100", "10", "20"),
                p.ops("user").get(0).args(),
                "user uid gid groups...");
    }

    @Test
    void execOpTokenFormats() {
        LaunchPlan p =
                LaunchPlan.builder()
                        .join(4242, 123456789012L, 0x6c020000L)
                        .terminal(24, 80)
                        .exec("sh", List.of("sh"))
                        .build();
        assertEquals(
                List.of("4242", "123456789012", Long.toString(0x6c020000L)),
                p.ops("join").get(0).args(),
                "join pid, start time, CLONE_NEW* flags in decimal");
        assertEquals(
                List.of("24", "80"), p.ops("terminal").get(0).args(), "terminal rows then columns");
    }

    @Test
    void stickyAndLargeModes() {
        LaunchPlan p =
                LaunchPlan.builder()
                        .mkdir("/shm", 01777)
                        .mountSetattr("/x", 1, 2, false)
                        .caps(-1L)
                        .exec("true", List.of("true"))
                        .build();
        assertEquals(
                "1777", p.ops("mkdir").get(0).args().get(1), "the sticky bit is kept in octal");
        assertEquals("0", p.ops("mount-setattr").get(0).args().get(3), "non-recursive is 0");
        assertEquals(
                "18446744073709551615",
                p.ops("caps").get(0).args().get(0),
                "an all-ones mask is unsigned");
    }

    @Test
    void decodeRejectsMalformedInput() {
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.decode("version\0001\0001".getBytes(StandardCharsets.UTF_8)),
                "a token without its NUL");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.decode("version\0".getBytes(StandardCharsets.UTF_8)),
                "an op without its count");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.decode("exec\0003\0a\0".getBytes(StandardCharsets.UTF_8)),
                "fewer arguments than claimed");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.decode("exec\0-1\0".getBytes(StandardCharsets.UTF_8)),
                "a negative count");
        assertEquals(
                List.of(), LaunchPlan.decode(new byte[0]).ops(), "an empty plan decodes to no ops");
    }

    /** Found by LaunchPlanFuzzTest: an unpaired surrogate was sent to sluice-init as '?'. */
    @Test
    void encodeRefusesAnUnpairedSurrogateInsteadOfAlteringIt() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                LaunchPlan.builder()
                                        .mkdir("/a\ud800b", 0755)
                                        .exec("true", List.of("true"))
                                        .build()
                                        .encode());
        assertTrue(e.getMessage().contains("/a?b"), e.getMessage());
        assertEquals(
                "/\ud83d\ude00",
                LaunchPlan.decode(
                                LaunchPlan.builder()
                                        .chdir("/\ud83d\ude00")
                                        .exec("true", List.of("true"))
                                        .build()
                                        .encode())
                        .ops("chdir")
                        .get(0)
                        .args()
                        .get(0),
                "a pair is fine");
    }

    /**
     * Found by LaunchPlanFuzzTest: counts were read with Integer.parseInt, laxer than sluice-init.
     */
    @Test
    void decodeReadsCountsTheWaySluiceInitDoes() {
        for (String count : List.of("", "+1", "-0", "\u0663", " 1", "1x")) {
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () ->
                                    LaunchPlan.decode(
                                            ("chdir\0" + count + "\0/\0")
                                                    .getBytes(StandardCharsets.UTF_8)),
                            "count '" + count + "' is not plain ASCII digits");
            assertEquals(
                    IllegalArgumentException.class,
                    e.getClass(),
                    "a refusal of decode's own, not a parse error");
            assertTrue(e.getMessage().startsWith("op chdir has "), e.getMessage());
        }
        IllegalArgumentException huge =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                LaunchPlan.decode(
                                        "chdir\0002147483647\0/\0"
                                                .getBytes(StandardCharsets.UTF_8)));
        assertTrue(
                huge.getMessage().startsWith("op chdir claims"),
                "a count past the plan, not an overflow: " + huge.getMessage());
        assertEquals(
                List.of(new Op("chdir", List.of("/"))),
                LaunchPlan.decode("chdir\00001\0/\0".getBytes(StandardCharsets.UTF_8)).ops(),
                "leading zeros are digits, as strtoull reads them");
    }

    @Test
    void opsIsImmutable() {
        LaunchPlan p = sample();
        assertThrows(
                UnsupportedOperationException.class,
                () -> p.ops().clear(),
                "ops() cannot be modified");
        assertThrows(
                UnsupportedOperationException.class,
                () -> p.ops().get(0).args().clear(),
                "nor an op's args");
    }

    @Test
    void denySyscallArgTakesAMaskedConditionOnOneArgument() {
        LaunchPlan p =
                LaunchPlan.builder()
                        .denySyscallArg("mknodat", 1, 2, 0170000, 0020000)
                        .exec("sh", List.of("sh"))
                        .build();
        assertEquals(
                List.of(new Op("deny-syscall-arg", List.of("mknodat", "1", "2", "61440", "8192"))),
                p.ops("deny-syscall-arg"),
                "name, errno, index, mask and value in decimal");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.builder().denySyscallArg("mknod", 1, 6, 1, 1),
                "seccomp sees six arguments");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.builder().denySyscallArg("mknod", 0, 1, 1, 1),
                "errno 0 would allow the call");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.builder().denySyscallArg("mknod", 1, 1, 0xf0, 0x100),
                "a value outside its mask never matches");
        assertThrows(
                IllegalArgumentException.class,
                () -> LaunchPlan.builder().denySyscallArg("mk/nod", 1, 1, 1, 1),
                "not a syscall name");
    }

    @Test
    void denySyscallTakesASyscallNameAndAnErrnoOfOneTo4095() {
        LaunchPlan p =
                LaunchPlan.builder()
                        .denySyscall("io_uring_setup", 1)
                        .exec("sh", List.of("sh"))
                        .build();
        assertEquals(
                List.of(new Op("deny-syscall", List.of("io_uring_setup", "1"))),
                p.ops("deny-syscall"),
                "name, then errno in decimal");
        for (String bad :
                List.of("", "io_uring/setup", "IO_URING_SETUP", "a".repeat(65), "io uring")) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> LaunchPlan.builder().denySyscall(bad, 1),
                    "'" + bad + "' is no syscall name; sluice-init would refuse the plan");
        }
        for (int errno : new int[] {0, -1, 4096}) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> LaunchPlan.builder().denySyscall("keyctl", errno),
                    "errno " + errno + " is outside 1..4095");
        }
    }

    @Test
    void aProfileBecomesItsSeccompOpsInOrder() {
        SyscallProfile profile =
                new SyscallProfile(
                        "SCMP_ACT_ERRNO",
                        1,
                        List.of("x86_64", "x86"),
                        List.of("SECCOMP_FILTER_FLAG_LOG"),
                        List.of(
                                new SyscallRule(
                                        "SCMP_ACT_ALLOW", 0, List.of("read", "write"), List.of()),
                                new SyscallRule(
                                        "SCMP_ACT_ALLOW",
                                        0,
                                        List.of("clone"),
                                        List.of(
                                                new SyscallRule.ArgCondition(
                                                        0, "SCMP_CMP_MASKED_EQ", 0x7e020000L, 0))),
                                new SyscallRule(
                                        "SCMP_ACT_ALLOW",
                                        0,
                                        List.of("personality"),
                                        List.of(
                                                new SyscallRule.ArgCondition(
                                                        0, "SCMP_CMP_EQ", -1L, 0)))));
        LaunchPlan p =
                LaunchPlan.builder().seccompProfile(profile).exec("sh", List.of("sh")).build();
        assertEquals(
                List.of(new Op("seccomp-default", List.of("SCMP_ACT_ERRNO", "1"))),
                p.ops("seccomp-default"));
        assertEquals(
                List.of(
                        new Op("seccomp-arch", List.of("x86_64")),
                        new Op("seccomp-arch", List.of("x86"))),
                p.ops("seccomp-arch"));
        assertEquals(
                List.of(new Op("seccomp-flag", List.of("SECCOMP_FILTER_FLAG_LOG"))),
                p.ops("seccomp-flag"));
        assertEquals(
                List.of(
                        new Op("seccomp-rule", List.of("SCMP_ACT_ALLOW", "0", "read")),
                        new Op("seccomp-rule", List.of("SCMP_ACT_ALLOW", "0", "write")),
                        new Op(
                                "seccomp-rule",
                                List.of(
                                        "SCMP_ACT_ALLOW",
                                        "0",
                                        "clone",
                                        "0",
                                        "SCMP_CMP_MASKED_EQ",
                                        "2114060288",
                                        "0")),
                        new Op(
                                "seccomp-rule",
                                List.of(
                                        "SCMP_ACT_ALLOW",
                                        "0",
                                        "personality",
                                        "0",
                                        "SCMP_CMP_EQ",
                                        "18446744073709551615",
                                        "0"))),
                p.ops("seccomp-rule"),
                "one rule op per name, values unsigned 64-bit");
    }

    @Test
    void aProfileStillConditionalOnTheSandboxIsRefused() {
        SyscallProfile conditional =
                new SyscallProfile(
                        "SCMP_ACT_ERRNO",
                        1,
                        List.of(),
                        List.of(),
                        List.of(
                                new SyscallRule(
                                        "SCMP_ACT_ALLOW",
                                        0,
                                        List.of("mount"),
                                        List.of(),
                                        new RuleScope(
                                                new RuleScope.Requirement(
                                                        java.util.Set.of("CAP_SYS_ADMIN"),
                                                        java.util.Set.of(),
                                                        null),
                                                null))));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> LaunchPlan.builder().seccompProfile(conditional));
        assertTrue(e.getMessage().contains("resolve"), e.getMessage());
    }
}
