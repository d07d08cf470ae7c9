package dev.sluice.sentry.seccomp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The built-in default profile: the resource parses, and resolved for a sandbox it holds what the
 * container engines' default holds for a container with the same capabilities.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DefaultProfileTest {
    /**
     * Docker's default capability set less CAP_MKNOD: what `sluice run` keeps
     * (PlanCompiler.DEFAULT_CAPS).
     */
    static final Set<String> RUN_CAPS =
            Set.of(
                    "CAP_CHOWN",
                    "CAP_DAC_OVERRIDE",
                    "CAP_FOWNER",
                    "CAP_FSETID",
                    "CAP_KILL",
                    "CAP_SETGID",
                    "CAP_SETUID",
                    "CAP_SETPCAP",
                    "CAP_NET_BIND_SERVICE",
                    "CAP_NET_RAW",
                    "CAP_SYS_CHROOT",
                    "CAP_AUDIT_WRITE",
                    "CAP_SETFCAP");

    static final ProfileTarget.KernelVersion KERNEL = new ProfileTarget.KernelVersion(6, 18);

    private static SyscallProfile resolved(Set<String> caps, ProfileTarget.KernelVersion kernel) {
        DefaultProfile.Parsed p = DefaultProfile.load();
        return p.profile()
                .withArchitectures(p.archMap(), "x86_64")
                .resolve(new ProfileTarget(caps, "x86_64", kernel));
    }

    /** The rules that name {@code syscall}. */
    private static List<SyscallRule> rulesFor(SyscallProfile p, String syscall) {
        return p.rules().stream().filter(r -> r.names().contains(syscall)).toList();
    }

    private static boolean allowedOutright(SyscallProfile p, String syscall) {
        return rulesFor(p, syscall).stream()
                .anyMatch(r -> r.action().equals("SCMP_ACT_ALLOW") && r.args().isEmpty());
    }

    @Test
    void theDefaultRefusesWithEpermAndCoversTheX86Family() {
        SyscallProfile p = resolved(RUN_CAPS, KERNEL);
        assertEquals("SCMP_ACT_ERRNO", p.defaultAction(), "whatever no rule names is refused");
        assertEquals(1, p.defaultErrno(), "with EPERM, as the engines' default");
        assertEquals(
                List.of("x86_64", "x86", "x32"),
                p.architectures(),
                "the native architecture and its sub-architectures: i386 and x32 calls are filtered by name too");
        assertTrue(p.resolved(), "nothing conditional is left");
    }

    @Test
    void whatTheIssueNamesIsRefusedForSluiceRunsCapabilities() {
        SyscallProfile p = resolved(RUN_CAPS, KERNEL);
        for (String s :
                List.of(
                        "unshare",
                        "setns",
                        "mount",
                        "umount2",
                        "io_uring_setup",
                        "io_uring_enter",
                        "io_uring_register",
                        "add_key",
                        "keyctl",
                        "request_key",
                        "bpf",
                        "perf_event_open",
                        "userfaultfd",
                        "kexec_load",
                        "open_by_handle_at",
                        "pidfd_getfd",
                        "init_module")) {
            assertTrue(
                    rulesFor(p, s).isEmpty(),
                    s + " has no rule: it gets the default EPERM\n" + rulesFor(p, s));
        }
    }

    @Test
    void cloneKeepsThreadsButNoNewNamespacesAndClone3FallsBack() {
        SyscallProfile p = resolved(RUN_CAPS, KERNEL);
        List<SyscallRule> clone = rulesFor(p, "clone");
        assertEquals(1, clone.size(), "one clone rule on x86_64: " + clone);
        assertEquals(
                List.of(new SyscallRule.ArgCondition(0, "SCMP_CMP_MASKED_EQ", 0x7e020000L, 0)),
                clone.get(0).args(),
                "allowed only without any CLONE_NEW* flag");
        List<SyscallRule> clone3 = rulesFor(p, "clone3");
        assertEquals(1, clone3.size(), clone3.toString());
        assertEquals("SCMP_ACT_ERRNO", clone3.get(0).action());
        assertEquals(38, clone3.get(0).errno(), "ENOSYS, so that libc falls back to clone()");
    }

    @Test
    void capabilitiesUnlockTheirSyscallsAsInTheEngines() {
        assertTrue(
                allowedOutright(resolved(RUN_CAPS, KERNEL), "chroot"),
                "CAP_SYS_CHROOT is in sluice run's set");
        Set<String> admin = new HashSet<>(RUN_CAPS);
        admin.add("CAP_SYS_ADMIN");
        SyscallProfile a = resolved(admin, KERNEL);
        for (String s :
                List.of("unshare", "mount", "setns", "bpf", "perf_event_open", "clone", "clone3")) {
            assertTrue(allowedOutright(a, s), "CAP_SYS_ADMIN unlocks " + s);
        }
        assertTrue(
                rulesFor(a, "clone3").stream().noneMatch(r -> r.action().equals("SCMP_ACT_ERRNO")),
                "and no ENOSYS for clone3 then");
        assertFalse(allowedOutright(a, "io_uring_setup"), "no capability unlocks io_uring");
        assertFalse(allowedOutright(a, "keyctl"), "nor the keyring");
        assertTrue(
                allowedOutright(resolved(Set.of("CAP_BPF"), KERNEL), "bpf"),
                "CAP_BPF alone unlocks bpf");
        assertTrue(allowedOutright(resolved(Set.of("CAP_PERFMON"), KERNEL), "perf_event_open"));
        assertTrue(allowedOutright(resolved(Set.of("CAP_SYS_PTRACE"), KERNEL), "pidfd_getfd"));
    }

    @Test
    void ptraceNeedsAKernelThatCannotBypassSeccompWithIt() {
        assertTrue(
                allowedOutright(resolved(RUN_CAPS, KERNEL), "ptrace"), "allowed from Linux 4.8 on");
        assertFalse(
                allowedOutright(
                        resolved(RUN_CAPS, new ProfileTarget.KernelVersion(4, 7)), "ptrace"),
                "before 4.8 ptrace could change a syscall after the filter ran");
    }

    @Test
    void socketRefusesAfAlgAndAfVsockOnly() {
        List<SyscallRule> socket = rulesFor(resolved(RUN_CAPS, KERNEL), "socket");
        Set<SyscallRule.ArgCondition> conds = new LinkedHashSet<>();
        socket.forEach(r -> conds.addAll(r.args()));
        assertEquals(
                Set.of(
                        new SyscallRule.ArgCondition(0, "SCMP_CMP_LT", 38, 0),
                        new SyscallRule.ArgCondition(0, "SCMP_CMP_EQ", 39, 0),
                        new SyscallRule.ArgCondition(0, "SCMP_CMP_GT", 40, 0)),
                conds,
                "the families below AF_ALG (38), AF_NFC (39), and those above AF_VSOCK (40)");
    }

    @Test
    void archConditionsFollowTheHost() {
        SyscallProfile p = resolved(RUN_CAPS, KERNEL);
        assertTrue(
                allowedOutright(p, "arch_prctl") && allowedOutright(p, "modify_ldt"),
                "x86 rules apply on x86_64");
        assertTrue(
                rulesFor(p, "s390_runtime_instr").isEmpty()
                        && rulesFor(p, "riscv_flush_icache").isEmpty()
                        && rulesFor(p, "set_tls").isEmpty(),
                "other architectures' rules do not");
    }

    @Test
    void everyNameIsASyscallNameAndTheBaseListIsWhole() {
        DefaultProfile.Parsed p = DefaultProfile.load();
        Set<String> names = new HashSet<>();
        p.profile().rules().forEach(r -> names.addAll(r.names()));
        for (String must :
                List.of(
                        "read",
                        "write",
                        "openat",
                        "execve",
                        "mmap",
                        "futex",
                        "ioctl",
                        "socketpair",
                        "epoll_pwait2",
                        "statx",
                        "close_range",
                        "landlock_create_ruleset",
                        "mseal")) {
            assertTrue(names.contains(must), must + " is in the list");
        }
        SyscallRule base = p.profile().rules().get(0);
        assertEquals(
                361,
                base.names().size(),
                "the unconditional list of moby/profiles seccomp/v0.2.3 has 361 names");
        assertEquals(
                Map.of("x86_64", List.of("x86", "x32")).get("x86_64"), p.archMap().get("x86_64"));
    }

    @Test
    void aBadLineIsRefusedNamingIt() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                DefaultProfile.parse(
                                        "default errno(1)\nallow if-caps=CAP_X: read\n"));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> DefaultProfile.parse("allow: read\n"));
        assertTrue(e.getMessage().contains("no default action"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> DefaultProfile.parse("default errno(1)\nallow arg0&0xff<3: read\n"));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> DefaultProfile.parse("default errno(1)\nallow read\n"));
        assertTrue(e.getMessage().contains("':'"), e.getMessage());
    }

    @Test
    void continuationLinesAndCommentsParse() {
        DefaultProfile.Parsed p =
                DefaultProfile.parse(
                        """
                # a comment
                default errno(1)   # EPERM
                arch x86_64: x86
                allow if-cap=CAP_SYS_ADMIN unless-arch=s390 if-kernel>=5.1 arg1&0x0f==3:
                    mount   # trailing comment
                    umount2

                errno(38): clone3
                """);
        List<SyscallRule> rules = p.profile().rules();
        assertEquals(2, rules.size(), rules.toString());
        assertEquals(List.of("mount", "umount2"), rules.get(0).names());
        assertEquals(
                new RuleScope(
                        new RuleScope.Requirement(
                                Set.of("CAP_SYS_ADMIN"),
                                Set.of(),
                                new ProfileTarget.KernelVersion(5, 1)),
                        new RuleScope.Requirement(Set.of(), Set.of("s390"), null)),
                rules.get(0).scope());
        assertEquals(
                List.of(new SyscallRule.ArgCondition(1, "SCMP_CMP_MASKED_EQ", 0x0f, 3)),
                rules.get(0).args());
        assertEquals(
                new SyscallRule("SCMP_ACT_ERRNO", 38, List.of("clone3"), List.of()), rules.get(1));
        assertEquals(List.of("x86"), p.archMap().get("x86_64"));
    }
}
