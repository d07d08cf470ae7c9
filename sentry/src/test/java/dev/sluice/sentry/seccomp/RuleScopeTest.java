package dev.sluice.sentry.seccomp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import java.util.Set;

/**
 * The engines' includes/excludes semantics (moby/profiles seccomp/seccomp_linux.go, setupSeccomp).
 */
class RuleScopeTest {
    private static final ProfileTarget.KernelVersion K_6_1 = new ProfileTarget.KernelVersion(6, 1);

    private static ProfileTarget target(Set<String> caps) {
        return new ProfileTarget(caps, "x86_64", K_6_1);
    }

    private static RuleScope.Requirement caps(String... c) {
        return new RuleScope.Requirement(Set.of(c), Set.of(), null);
    }

    @Test
    void includedCapabilitiesMustAllBeHeld() {
        RuleScope s = new RuleScope(caps("CAP_SYS_ADMIN", "CAP_BPF"), null);
        assertTrue(s.holds(target(Set.of("CAP_SYS_ADMIN", "CAP_BPF", "CAP_KILL"))), "all held");
        assertFalse(s.holds(target(Set.of("CAP_SYS_ADMIN"))), "one missing: the rule is left out");
    }

    @Test
    void anyExcludedCapabilityLeavesTheRuleOut() {
        RuleScope s = new RuleScope(null, caps("CAP_SYS_ADMIN", "CAP_BPF"));
        assertTrue(s.holds(target(Set.of("CAP_KILL"))), "none held");
        assertFalse(s.holds(target(Set.of("CAP_BPF"))), "one held is enough to leave it out");
    }

    @Test
    void architecturesAndKernelVersions() {
        RuleScope arch =
                new RuleScope(
                        new RuleScope.Requirement(Set.of(), Set.of("x86_64", "x32"), null),
                        new RuleScope.Requirement(Set.of(), Set.of("s390"), null));
        assertTrue(arch.holds(target(Set.of())));
        assertFalse(
                arch.holds(new ProfileTarget(Set.of(), "x86", K_6_1)), "not a listed architecture");
        assertFalse(
                new RuleScope(null, new RuleScope.Requirement(Set.of(), Set.of("x86_64"), null))
                        .holds(target(Set.of())),
                "an excluded architecture");
        RuleScope since =
                new RuleScope(
                        new RuleScope.Requirement(
                                Set.of(), Set.of(), new ProfileTarget.KernelVersion(6, 1)),
                        null);
        assertTrue(since.holds(target(Set.of())), "6.1 is at least 6.1");
        assertFalse(
                since.holds(
                        new ProfileTarget(
                                Set.of(), "x86_64", new ProfileTarget.KernelVersion(5, 19))),
                "5.19 is older");
        RuleScope before =
                new RuleScope(
                        null,
                        new RuleScope.Requirement(
                                Set.of(), Set.of(), new ProfileTarget.KernelVersion(6, 2)));
        assertTrue(before.holds(target(Set.of())), "excluded from 6.2 on; 6.1 keeps it");
        assertFalse(
                before.holds(
                        new ProfileTarget(
                                Set.of(), "x86_64", new ProfileTarget.KernelVersion(10, 0))));
        assertTrue(
                ProfileTarget.KernelVersion.parse("6.18.44-fc-v1045")
                                .compareTo(new ProfileTarget.KernelVersion(6, 9))
                        > 0,
                "minor versions compare as numbers, not text");
    }
}
