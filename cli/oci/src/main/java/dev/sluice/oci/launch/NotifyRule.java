package dev.sluice.oci.launch;

import dev.sluice.sentry.spi.TrapRule;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One {@code notify-ioctl} rule of a container's seccomp filter: trap {@code ioctl} when {@code
 * (request & mask) == value} (low 32 bits). What a {@link TrapRule} leaves in the plan; the sentry
 * records a container's rules ({@code TrapFile}) so that every process exec'd into it gets the very
 * filter its first process got.
 */
public record NotifyRule(int mask, int value) {
    public NotifyRule {
        if ((value & ~mask) != 0) {
            throw new IllegalArgumentException(
                    String.format("value 0x%08x has bits outside mask 0x%08x", value, mask));
        }
    }

    /** The rules of {@code rules}, each once, in their first order. */
    public static List<NotifyRule> of(List<TrapRule> rules) {
        Set<NotifyRule> seen = new LinkedHashSet<>();
        for (TrapRule r : rules) {
            seen.add(new NotifyRule(r.mask(), r.value()));
        }
        return new ArrayList<>(seen);
    }
}
