package dev.sluice.oci.launch;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.seccomp.SyscallRule;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The container's own seccomp profile ({@code linux.seccomp}): checked field by field, then handed
 * to sluice-init as {@code seccomp-*} plan ops, which compiles it with libseccomp and loads it as a
 * second filter right before exec, after Sluice's notify filter (seccomp_profile.c). The kernel
 * composes stacked filters by precedence (kill, trap, errno, user-notif, trace, log, allow), so the
 * profile can deny anything, including a device ioctl, but cannot let an ioctl past the sentry: an
 * ALLOW never beats the notify filter's USER_NOTIF.
 *
 * <p>{@code SCMP_ACT_NOTIFY} rules give the profile a listener of its own, which the sentry hands
 * to the seccomp agent at {@code listenerPath} ({@code SeccompAgent}). The kernel allows one
 * listener per process (kernel/seccomp.c, {@code has_duplicate_listener}: EBUSY), and when two
 * stacked filters both answer USER_NOTIF the newest one's listener is asked ({@code
 * seccomp_run_filters} keeps the first of equal results, walking from the newest filter): so in a
 * container whose ioctls the sentry traps, a profile's listener could either not exist or take a
 * trapped ioctl away from the sentry. NOTIFY is refused there, naming the rule.
 *
 * <p>What runc does and Sluice does the same: names libseccomp does not know on this machine are
 * skipped; rules whose action is the default are dropped (libseccomp refuses them); two conditions
 * on one argument become two rules; NOTIFY is refused as the default action and for the syscall
 * that hands the listener over (runc's is {@code write}, sluice-init's is {@code sendmsg}).
 * Differences, each refused with the field named or documented: {@code
 * SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV} is refused (libseccomp 2.5 has no attribute for it);
 * architectures other than the x86 family are ignored (they cannot occur on this host); and loading
 * any profile sets no_new_privs, because the workload's capabilities are already dropped when the
 * filter is loaded (docs/oci.md).
 */
public final class SeccompProfile {
    private SeccompProfile() {}

    /** OCI action names sluice-init maps to libseccomp actions. */
    public static final Set<String> ACTIONS = SyscallProfile.ACTIONS;

    static final String NOTIFY = SyscallProfile.NOTIFY;

    /**
     * The syscall sluice-init hands the profile's listener over with, right after loading the
     * profile: notified, it would wait for an agent that cannot have the listener yet (plan.c
     * refuses it too). runc refuses {@code write} for the same reason.
     */
    static final String HANDOVER_SYSCALL = "sendmsg";

    public static final Set<String> COMPARISONS = SyscallProfile.COMPARISONS;
    public static final Set<String> FLAGS = SyscallProfile.FLAGS;

    /**
     * The spec's architecture names that can occur on an x86_64 host, and libseccomp's names for
     * them.
     */
    static final Map<String, String> X86_ARCHES =
            Map.of("SCMP_ARCH_X86_64", "x86_64", "SCMP_ARCH_X86", "x86", "SCMP_ARCH_X32", "x32");

    /** Every architecture name the spec defines. */
    public static final Set<String> ARCHES =
            Set.of(
                    "SCMP_ARCH_X86",
                    "SCMP_ARCH_X86_64",
                    "SCMP_ARCH_X32",
                    "SCMP_ARCH_ARM",
                    "SCMP_ARCH_AARCH64",
                    "SCMP_ARCH_MIPS",
                    "SCMP_ARCH_MIPS64",
                    "SCMP_ARCH_MIPS64N32",
                    "SCMP_ARCH_MIPSEL",
                    "SCMP_ARCH_MIPSEL64",
                    "SCMP_ARCH_MIPSEL64N32",
                    "SCMP_ARCH_PPC",
                    "SCMP_ARCH_PPC64",
                    "SCMP_ARCH_PPC64LE",
                    "SCMP_ARCH_S390",
                    "SCMP_ARCH_S390X",
                    "SCMP_ARCH_PARISC",
                    "SCMP_ARCH_PARISC64",
                    "SCMP_ARCH_RISCV64");

    /** EPERM: runc's errno for an ERRNO action without errnoRet. */
    static final long EPERM = 1;

    static final BigInteger U64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    /**
     * The profile of {@code config}, if it has one, as {@link #compile(Spec.Seccomp, String,
     * LaunchPlan.Builder, boolean)}.
     */
    static void compile(Spec config, String file, LaunchPlan.Builder b, boolean sentryListener) {
        if (config.linux() != null && config.linux().seccomp() != null) {
            compile(config.linux().seccomp(), file, b, sentryListener);
        }
    }

    /**
     * Checks {@code s}, naming the first bad field; then adds its ops to {@code b} (when not null).
     *
     * @param sentryListener the process's plan has notify-ioctl rules: the sentry holds its seccomp
     *     listener, so the profile cannot have one ({@code SCMP_ACT_NOTIFY} is refused)
     */
    static void compile(Spec.Seccomp s, String file, LaunchPlan.Builder b, boolean sentryListener) {
        SyscallProfile p = of(s, file, sentryListener);
        if (b != null) {
            b.seccompProfile(p);
        }
    }

    /**
     * Checks {@code s}, naming the first bad field, and returns it as the profile sluice-init
     * loads: only the architectures of the x86 family (the others cannot occur on this host).
     *
     * @param sentryListener as for {@link #compile(Spec.Seccomp, String, LaunchPlan.Builder,
     *     boolean)}
     */
    public static SyscallProfile of(Spec.Seccomp s, String file, boolean sentryListener) {
        return of(s, file, "linux.seccomp", sentryListener);
    }

    /**
     * As {@link #of(Spec.Seccomp, String, boolean)} for a profile at {@code where} in {@code file}
     * ({@code ""}: the whole file is the profile, as {@code sluice run --seccomp-profile FILE}
     * reads it).
     */
    public static SyscallProfile of(
            Spec.Seccomp s, String file, String where, boolean sentryListener) {
        String p = where.isEmpty() ? "" : where + ".";
        boolean hasListener = given(s.listenerPath());
        if (hasListener && !s.listenerPath().startsWith("/")) {
            throw new SpecException(
                    file,
                    p + "listenerPath",
                    quote(s.listenerPath())
                            + " is not an absolute path (the seccomp agent's unix socket on the host)");
        }
        if (!hasListener && given(s.listenerMetadata())) {
            throw new SpecException(
                    file,
                    p + "listenerMetadata",
                    "set without " + p + "listenerPath: there is no seccomp agent to pass it to");
        }
        long defErrno = errno(s.defaultErrnoRet(), file, p + "defaultErrnoRet");
        action(s.defaultAction(), file, p + "defaultAction");
        if (NOTIFY.equals(s.defaultAction())) {
            throw new SpecException(
                    file,
                    p + "defaultAction",
                    "SCMP_ACT_NOTIFY cannot be the default action: it would"
                            + " notify the "
                            + HANDOVER_SYSCALL
                            + " that hands its listener to the agent, which would wait forever"
                            + " (runc refuses it too)");
        }
        for (int i = 0; i < s.architectures().size(); i++) {
            String a = s.architectures().get(i);
            if (a == null || !ARCHES.contains(a)) {
                throw new SpecException(
                        file, p + "architectures[" + i + "]", "unknown architecture " + quote(a));
            }
        }
        for (int i = 0; i < s.flags().size(); i++) {
            String fl = s.flags().get(i);
            if (fl == null || !FLAGS.contains(fl)) {
                throw new SpecException(
                        file,
                        p + "flags[" + i + "]",
                        "unsupported flag "
                                + quote(fl)
                                + " (supported: "
                                + String.join(", ", FLAGS.stream().sorted().toList())
                                + ")");
            }
        }
        List<SyscallRule> rules = new ArrayList<>();
        String firstNotify = null;
        for (int i = 0; i < s.syscalls().size(); i++) {
            Spec.Syscall c = s.syscalls().get(i);
            String at = p + "syscalls[" + i + "]";
            if (c == null) {
                throw new SpecException(file, at, "null");
            }
            action(c.action(), file, at + ".action");
            boolean notify = NOTIFY.equals(c.action());
            if (notify && firstNotify == null) {
                firstNotify = at + ".action";
            }
            long e = c.errnoRet() != null ? errno(c.errnoRet(), file, at + ".errnoRet") : EPERM;
            if (c.names().isEmpty()) {
                throw new SpecException(file, at + ".names", "no syscall names");
            }
            if (c.args().size() > 6) {
                throw new SpecException(
                        file,
                        at + ".args",
                        c.args().size() + " conditions, at most 6 (one per argument)");
            }
            List<SyscallRule.ArgCondition> conds = new ArrayList<>();
            for (int j = 0; j < c.args().size(); j++) {
                Spec.SyscallArg a = c.args().get(j);
                String aj = at + ".args[" + j + "]";
                if (a == null || a.index() == null || a.index() < 0 || a.index() > 5) {
                    throw new SpecException(
                            file, aj + ".index", "an argument index 0 to 5 is required");
                }
                if (a.op() == null || !COMPARISONS.contains(a.op())) {
                    throw new SpecException(
                            file,
                            aj + ".op",
                            "unknown comparison " + quote(a == null ? null : a.op()));
                }
                conds.add(
                        new SyscallRule.ArgCondition(
                                (int) (long) a.index(),
                                a.op(),
                                u64(a.value(), file, aj + ".value"),
                                a.valueTwo() == null
                                        ? 0
                                        : u64(a.valueTwo(), file, aj + ".valueTwo")));
            }
            for (int j = 0; j < c.names().size(); j++) {
                String name = c.names().get(j);
                if (name == null || !SyscallRule.NAME.matcher(name).matches()) {
                    throw new SpecException(
                            file, at + ".names[" + j + "]", "not a syscall name: " + quote(name));
                }
                if (notify && name.equals(HANDOVER_SYSCALL)) {
                    throw new SpecException(
                            file,
                            at + ".names[" + j + "]",
                            "SCMP_ACT_NOTIFY cannot be used for "
                                    + HANDOVER_SYSCALL
                                    + ": sluice-init hands the profile's listener to the agent with it, right after"
                                    + " loading the profile, and would wait forever (runc refuses write for the same reason)");
                }
            }
            rules.add(new SyscallRule(c.action(), e, c.names(), conds));
        }
        if (firstNotify != null && !hasListener) {
            throw new SpecException(
                    file,
                    firstNotify,
                    "SCMP_ACT_NOTIFY needs "
                            + p
                            + "listenerPath, the unix socket of the seccomp agent that answers the notifications");
        }
        if (firstNotify != null && sentryListener) {
            throw new SpecException(
                    file,
                    firstNotify,
                    "SCMP_ACT_NOTIFY cannot be used in a container whose ioctls the"
                            + " sentry traps (its device proxies): the kernel allows one seccomp listener per process (a second"
                            + " one is EBUSY) and the sentry's comes first; were there two, the profile's would be asked first"
                            + " and could take a trapped ioctl away from the sentry");
        }
        List<String> arches = new ArrayList<>();
        for (String a : s.architectures()) {
            String lib = X86_ARCHES.get(a);
            if (lib != null) {
                arches.add(lib);
            }
        }
        return new SyscallProfile(s.defaultAction(), defErrno, arches, s.flags(), rules);
    }

    /** Go's omitempty: an empty string is no value. */
    private static boolean given(String v) {
        return v != null && !v.isEmpty();
    }

    private static void action(String a, String file, String field) {
        if (a == null || !ACTIONS.contains(a)) {
            throw new SpecException(file, field, "unknown action " + quote(a));
        }
    }

    private static long errno(Long v, String file, String field) {
        if (v == null) {
            return EPERM;
        }
        if (v < 0 || v > 4095) {
            throw new SpecException(file, field, v + " is not an errno (0 to 4095)");
        }
        return v;
    }

    /** The value as the unsigned 64-bit number it is, held in a {@code long}. */
    private static long u64(BigInteger v, String file, String field) {
        if (v == null || v.signum() < 0 || v.compareTo(U64_MAX) > 0) {
            throw new SpecException(file, field, "an unsigned 64-bit value is required");
        }
        return v.longValue();
    }

    private static String quote(String s) {
        return s == null ? "null" : "'" + s + "'";
    }
}
