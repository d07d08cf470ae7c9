package dev.sluice.sentry.seccomp;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A seccomp profile as sluice-init compiles it into the workload's second filter, loaded right
 * before {@code execve} (the {@code seccomp-*} plan ops, seccomp_profile.c): a default action, the
 * architectures, filter flags and rules. Names are the OCI runtime spec's ({@code SCMP_ACT_*},
 * {@code SCMP_CMP_*}, {@code SECCOMP_FILTER_FLAG_*}); architectures are libseccomp's.
 *
 * <p>Both sandboxes use it: an OCI container's {@code linux.seccomp} (checked field by field by the
 * OCI loader first) and {@code sluice run}'s profile, the built-in {@link DefaultProfile} or a
 * file. Rules may carry a {@link RuleScope}, the container engines' capability, architecture and
 * kernel conditions; such a profile is {@link #resolve resolved} against the sandbox before it goes
 * into a plan, as the engines resolve theirs against the container's capabilities.
 *
 * @param defaultAction what every syscall no rule matches gets; never {@code SCMP_ACT_NOTIFY}
 * @param defaultErrno the errno of an ERRNO (or TRACE) default action, 0 to 4095
 * @param architectures libseccomp names ({@code x86_64}, {@code x86}, {@code x32}); none: the
 *     native one
 * @param flags {@code SECCOMP_FILTER_FLAG_*} names
 * @param rules in order; each name of a rule becomes one {@code seccomp-rule} op
 */
public record SyscallProfile(
        String defaultAction,
        long defaultErrno,
        List<String> architectures,
        List<String> flags,
        List<SyscallRule> rules) {
    /**
     * OCI action names sluice-init maps to libseccomp actions (seccomp_profile.c, {@code action}).
     */
    public static final Set<String> ACTIONS =
            Set.of(
                    "SCMP_ACT_ALLOW",
                    "SCMP_ACT_ERRNO",
                    "SCMP_ACT_KILL",
                    "SCMP_ACT_KILL_THREAD",
                    "SCMP_ACT_KILL_PROCESS",
                    "SCMP_ACT_TRAP",
                    "SCMP_ACT_TRACE",
                    "SCMP_ACT_LOG",
                    "SCMP_ACT_NOTIFY");

    public static final String ALLOW = "SCMP_ACT_ALLOW";
    public static final String ERRNO = "SCMP_ACT_ERRNO";
    public static final String NOTIFY = "SCMP_ACT_NOTIFY";

    /** Comparisons sluice-init maps to libseccomp's ({@code enum scmp_compare}). */
    public static final Set<String> COMPARISONS =
            Set.of(
                    "SCMP_CMP_NE",
                    "SCMP_CMP_LT",
                    "SCMP_CMP_LE",
                    "SCMP_CMP_EQ",
                    "SCMP_CMP_GE",
                    "SCMP_CMP_GT",
                    "SCMP_CMP_MASKED_EQ");

    /** Filter flags sluice-init sets (libseccomp 2.5 has attributes for these three). */
    public static final Set<String> FLAGS =
            Set.of(
                    "SECCOMP_FILTER_FLAG_TSYNC",
                    "SECCOMP_FILTER_FLAG_LOG",
                    "SECCOMP_FILTER_FLAG_SPEC_ALLOW");

    /** Architectures that can occur on the hosts Sluice runs on (x86_64), by libseccomp's name. */
    public static final Set<String> ARCHITECTURES = Set.of("x86_64", "x86", "x32");

    /**
     * The highest errno: the kernel's errno values end at 4095 (include/linux/err.h, MAX_ERRNO).
     */
    public static final long MAX_ERRNO = 4095;

    public SyscallProfile {
        check(ACTIONS.contains(defaultAction), "unknown default action " + defaultAction);
        check(!NOTIFY.equals(defaultAction), "SCMP_ACT_NOTIFY cannot be the default action");
        checkErrno(defaultErrno);
        architectures = List.copyOf(architectures);
        for (String a : architectures) {
            check(
                    ARCHITECTURES.contains(a),
                    "unknown architecture " + a + " (known: " + ARCHITECTURES + ")");
        }
        flags = List.copyOf(flags);
        for (String f : flags) {
            check(FLAGS.contains(f), "unsupported filter flag " + f);
        }
        rules = List.copyOf(rules);
    }

    /** Whether a rule still carries conditions on the sandbox: then {@link #resolve} it first. */
    public boolean resolved() {
        return rules.stream().allMatch(r -> r.scope().equals(RuleScope.ALWAYS));
    }

    /**
     * Whether a rule notifies (the profile then has a listener of its own, for a seccomp agent).
     */
    public boolean notifies() {
        return rules.stream().anyMatch(r -> NOTIFY.equals(r.action()));
    }

    /** The same profile with only the rules whose scope holds for {@code target}, unconditional. */
    public SyscallProfile resolve(ProfileTarget target) {
        List<SyscallRule> kept = new ArrayList<>();
        for (SyscallRule r : rules) {
            if (r.scope().holds(target)) {
                kept.add(r.unscoped());
            }
        }
        return new SyscallProfile(defaultAction, defaultErrno, architectures, flags, kept);
    }

    /**
     * The same profile with the architectures of {@code archMap} for {@code native}: the native
     * architecture and its sub-architectures (the engines' {@code archMap}), or none when the map
     * has no entry for it (libseccomp then filters the native one only).
     */
    public SyscallProfile withArchitectures(Map<String, List<String>> archMap, String nativeArch) {
        List<String> arches = new ArrayList<>();
        List<String> subs = archMap.get(nativeArch);
        if (subs != null) {
            arches.add(nativeArch);
            arches.addAll(subs);
        }
        return new SyscallProfile(defaultAction, defaultErrno, arches, flags, rules);
    }

    static void checkErrno(long errno) {
        check(
                errno >= 0 && errno <= MAX_ERRNO,
                errno + " is not an errno (0 to " + MAX_ERRNO + ")");
    }

    static void check(boolean ok, String problem) {
        if (!ok) {
            throw new IllegalArgumentException("seccomp profile: " + problem);
        }
    }
}
