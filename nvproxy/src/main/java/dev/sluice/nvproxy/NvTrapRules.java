package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.UvmIoctls;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The seccomp rules NVProxy needs, derived from what the driver dispatches.
 *
 * <p>{@code nvidia_ioctl} decodes only {@code _IOC_NR} and {@code _IOC_SIZE} (kernel-open/nvidia/nv.c),
 * so a rule on the {@code 'F'} type byte could be walked around with another type byte. The rules
 * therefore match the nr and size and ignore type and direction (mask {@value #NR_SIZE_MASK}): one
 * per (escape, size) the driver accepts exactly, and nr alone for the three escapes that take a
 * variable size ({@code CARD_INFO}, {@code ATTACH_GPUS_TO_FD}, {@code QUERY_DEVICE_INTR}). Every
 * (nr, size) pair the driver would execute is trapped; any other pair is one the driver refuses
 * itself. UVM commands are raw numbers ({@code uvm_unlocked_ioctl} switches on the whole request)
 * and are trapped exactly.
 *
 * <p>On an fd no proxy owns these requests are denied ({@code unowned = DENY}): continuing them
 * would let a guest swap an NVIDIA fd onto the number between the sentry's check and the kernel's
 * call. The price is that another device's ioctl with the same nr and size is refused; the
 * collision test in this module checks the common ones.
 */
public final class NvTrapRules {
    /** {@code _IOC_SIZE} and {@code _IOC_NR}, not {@code _IOC_DIR} or {@code _IOC_TYPE}. */
    public static final int NR_SIZE_MASK = 0x3fff00ff;
    public static final int NR_MASK = 0x000000ff;

    private NvTrapRules() {}

    public static List<TrapRule> rules() {
        Set<TrapRule> rules = new LinkedHashSet<>();
        for (FrontendRequests.Layout l : FrontendRequests.LAYOUTS) {
            String what = "NVIDIA " + FrontendEscapes.name(l.escape());
            if (l.sizeRule() == FrontendRequests.SizeRule.EXACT) {
                rules.add(new TrapRule(NR_SIZE_MASK, (l.size() << 16) | l.escape(), Disposition.DENY,
                        what + " (" + l.size() + " bytes, any type byte)"));
            } else {
                rules.add(new TrapRule(NR_MASK, l.escape(), Disposition.DENY, what + " (any size, any type byte)"));
            }
        }
        for (UvmIoctls.Entry e : UvmIoctls.entries().values()) {
            if (e.route() != UvmIoctls.Route.NONE) {
                rules.add(TrapRule.exact(e.cmd(), Disposition.DENY, "NVIDIA UVM " + e.name()));
            }
        }
        return new ArrayList<>(rules);
    }
}
