package dev.sluice.nvproxy.frontend;

import java.util.List;

/**
 * One allowed RM allocation class ({@code NV_ESC_RM_ALLOC}).
 *
 * @param hClass the class
 * @param name its C name
 * @param paramsSize the size RM copies from {@code pAllocParms} for this class (it ignores the
 *     caller's {@code paramsSize}; see {@code AllocClasses}); 0 when it takes none
 * @param caps the capabilities that enable it (any of them)
 * @param zeroedPointers offsets of {@code NvP64} members of the alloc params that RM does not
 *     follow for this class: the sentry zeroes them in its copy before the call, so no guest
 *     address reaches RM from the sentry (where RM would follow it into the sentry's memory)
 * @param notPointers offsets of {@code NvP64} members that carry a value, not an address (cited
 *     where the rule is made): passed as they are
 */
public record ClassRule(
        int hClass,
        String name,
        int paramsSize,
        long caps,
        List<Integer> zeroedPointers,
        List<Integer> notPointers) {
    public ClassRule {
        zeroedPointers = List.copyOf(zeroedPointers);
        notPointers = List.copyOf(notPointers);
        for (int off : zeroedPointers) {
            if (off < 0 || off + 8 > paramsSize) {
                throw new IllegalArgumentException(
                        name + ": pointer at " + off + " does not fit params of " + paramsSize);
            }
        }
    }

    /** A class whose alloc params hold no pointer. */
    public ClassRule(int hClass, String name, int paramsSize, long caps) {
        this(hClass, name, paramsSize, caps, List.of(), List.of());
    }
}
