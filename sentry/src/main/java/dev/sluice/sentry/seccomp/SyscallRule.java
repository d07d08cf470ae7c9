package dev.sluice.sentry.seccomp;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One rule of a {@link SyscallProfile}: {@code action} (with {@code errno}) for each of {@code
 * names} when every argument condition holds, and only in sandboxes where {@code scope} holds.
 *
 * @param action an OCI {@code SCMP_ACT_*} name
 * @param errno what ERRNO and TRACE actions return, 0 to 4095
 * @param names syscall names; one unknown to libseccomp on the host is skipped there, as runc does
 * @param args at most six argument conditions, all of which must hold
 * @param scope the sandboxes the rule is for ({@link RuleScope#ALWAYS}: every one)
 */
public record SyscallRule(
        String action, long errno, List<String> names, List<ArgCondition> args, RuleScope scope) {
    /** A syscall name as libseccomp spells them (plan.c checks the same). */
    public static final Pattern NAME = Pattern.compile("[a-z0-9_]{1,64}");

    public SyscallRule {
        SyscallProfile.check(SyscallProfile.ACTIONS.contains(action), "unknown action " + action);
        SyscallProfile.checkErrno(errno);
        names = List.copyOf(names);
        SyscallProfile.check(!names.isEmpty(), "a rule without syscall names");
        for (String n : names) {
            SyscallProfile.check(NAME.matcher(n).matches(), "not a syscall name: '" + n + "'");
        }
        args = List.copyOf(args);
        SyscallProfile.check(args.size() <= 6, args.size() + " argument conditions, at most 6");
        if (scope == null) {
            scope = RuleScope.ALWAYS;
        }
    }

    /** An unconditional rule. */
    public SyscallRule(String action, long errno, List<String> names, List<ArgCondition> args) {
        this(action, errno, names, args, RuleScope.ALWAYS);
    }

    SyscallRule unscoped() {
        return new SyscallRule(action, errno, names, args, RuleScope.ALWAYS);
    }

    /**
     * The {@code seccomp-rule} arguments after the syscall name: each condition as its index,
     * comparison and two unsigned 64-bit values.
     */
    public List<String> conditionTokens() {
        return args.stream().flatMap(a -> a.tokens().stream()).toList();
    }

    /**
     * One argument condition: argument {@code index} compared with {@code value} by {@code op}; for
     * {@code SCMP_CMP_MASKED_EQ}, {@code (arg & value) == valueTwo}. Values are unsigned 64-bit,
     * held in a {@code long}.
     */
    public record ArgCondition(int index, String op, long value, long valueTwo) {
        public ArgCondition {
            SyscallProfile.check(
                    index >= 0 && index <= 5, "argument index " + index + " is not 0 to 5");
            SyscallProfile.check(
                    SyscallProfile.COMPARISONS.contains(op), "unknown comparison " + op);
        }

        List<String> tokens() {
            return List.of(
                    Integer.toString(index),
                    op,
                    Long.toUnsignedString(value),
                    Long.toUnsignedString(valueTwo));
        }
    }
}
