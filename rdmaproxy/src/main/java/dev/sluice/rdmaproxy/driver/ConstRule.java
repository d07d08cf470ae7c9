package dev.sluice.rdmaproxy.driver;

import java.util.Map;

/**
 * The values a plugin allows in one {@code UVERBS_ATTR_CONST_IN} attribute (an inline u64, read by
 * the kernel with {@code uverbs_get_const}), each with its C name, and why others are refused.
 *
 * @param allowed value to its C name
 * @param why the reason given for any other value
 */
public record ConstRule(Map<Long, String> allowed, String why) {
    public ConstRule {
        allowed = Map.copyOf(allowed);
    }

    /** Null when {@code value} is allowed, else the reason for the log line. */
    public String check(long value) {
        if (allowed.containsKey(value)) {
            return null;
        }
        return "value "
                + value
                + " is not one of "
                + allowed.values().stream().sorted().toList()
                + ": "
                + why;
    }
}
