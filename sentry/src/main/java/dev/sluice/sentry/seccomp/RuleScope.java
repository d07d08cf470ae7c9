package dev.sluice.sentry.seccomp;

import java.util.Set;

/**
 * Which sandboxes a rule is for: the container engines' {@code includes} and {@code excludes}
 * (moby/profiles seccomp/seccomp_linux.go, {@code setupSeccomp}). The rule applies when everything
 * {@code includes} asks holds (every capability in the bounding set, the host's architecture among
 * those listed, the kernel at least that version) and nothing {@code excludes} names holds (no
 * listed capability, not a listed architecture, not that kernel or newer).
 */
public record RuleScope(Requirement includes, Requirement excludes) {
    /** Every sandbox. */
    public static final RuleScope ALWAYS = new RuleScope(Requirement.NONE, Requirement.NONE);

    public RuleScope {
        includes = includes == null ? Requirement.NONE : includes;
        excludes = excludes == null ? Requirement.NONE : excludes;
    }

    boolean holds(ProfileTarget t) {
        Requirement in = includes;
        if (!t.capabilities().containsAll(in.capabilities())) {
            return false;
        }
        if (!in.architectures().isEmpty() && !in.architectures().contains(t.architecture())) {
            return false;
        }
        if (in.minKernel() != null && t.kernel().compareTo(in.minKernel()) < 0) {
            return false;
        }
        Requirement ex = excludes;
        if (ex.capabilities().stream().anyMatch(t.capabilities()::contains)) {
            return false;
        }
        if (ex.architectures().contains(t.architecture())) {
            return false;
        }
        return ex.minKernel() == null || t.kernel().compareTo(ex.minKernel()) < 0;
    }

    /**
     * Capabilities ({@code CAP_*} names), architectures (libseccomp names) and a kernel version;
     * empty sets and a null version ask nothing.
     */
    public record Requirement(
            Set<String> capabilities,
            Set<String> architectures,
            ProfileTarget.KernelVersion minKernel) {
        public static final Requirement NONE = new Requirement(Set.of(), Set.of(), null);

        public Requirement {
            capabilities = Set.copyOf(capabilities);
            architectures = Set.copyOf(architectures);
        }
    }
}
