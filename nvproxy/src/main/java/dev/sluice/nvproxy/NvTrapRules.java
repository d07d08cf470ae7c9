package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.NvDeviceNumbers;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The seccomp rules NVProxy needs, derived from what the drivers dispatch.
 *
 * <p>{@code nvidia_ioctl} decodes only {@code _IOC_NR} and {@code _IOC_SIZE}
 * (kernel-open/nvidia/nv.c), so a rule on the {@code 'F'} type byte could be walked around with
 * another type byte. The rules therefore match the nr and size and ignore type and direction (mask
 * {@value #NR_SIZE_MASK}): one per (escape, size) the driver accepts exactly, and nr alone for the
 * three escapes that take a variable size ({@code CARD_INFO}, {@code ATTACH_GPUS_TO_FD}, {@code
 * QUERY_DEVICE_INTR}). Every (nr, size) pair the driver would execute is trapped; any other pair is
 * one the driver refuses itself. NVKMS ({@code /dev/nvidia-modeset}) decodes nr and size the same
 * way and has one request; it is trapped, by nr and size, only when the sandbox is granted that
 * node.
 *
 * <p>UVM commands are raw numbers ({@code uvm_ioctl} switches on the whole request, and hands any
 * number it lacks to the built-in tests, {@code uvm_test_ioctl}, kernel-open/nvidia-uvm/uvm.c) and
 * are trapped <em>by range</em>: every number from {@value #UVM_RANGE_FIRST} to {@value
 * #UVM_RANGE_END} (exclusive), which holds today's commands (23 to 80), the test commands (200 to
 * 311) and room for more, and the Linux-only block {@code 0x30000000} to {@code 0x30000003} ({@code
 * UVM_INITIALIZE}, {@code UVM_DEINITIALIZE}). A number the UVM table does not list is then denied
 * by the table, not run by the driver. Numbers below 16 are left out: no UVM dispatcher handles
 * one, and file ioctls live there ({@code FIBMAP} is 1, {@code FIGETBSZ} 2).
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

    /** The UVM numbers trapped by range: [{@value}, {@link #UVM_RANGE_END}). */
    public static final int UVM_RANGE_FIRST = 16;

    public static final int UVM_RANGE_END = 512;

    /** The Linux-only UVM block, {@code 0x30000000} to {@code 0x30000003} (uvm_linux_ioctl.h). */
    public static final int UVM_LINUX_BLOCK = 0x30000000;

    public static final int UVM_LINUX_BLOCK_MASK = 0xfffffffc;

    private NvTrapRules() {}

    /**
     * The rules for the escapes of {@code frontend} (their sizes are the host driver's); {@code
     * modeset}: the sandbox is granted {@code /dev/nvidia-modeset}.
     */
    public static List<TrapRule> rules(FrontendRequests frontend, boolean modeset) {
        Set<TrapRule> rules = new LinkedHashSet<>();
        for (FrontendRequests.Layout l : frontend.layouts()) {
            String what = "NVIDIA " + FrontendEscapes.name(l.escape());
            if (l.sizeRule() == FrontendRequests.SizeRule.EXACT) {
                rules.add(
                        new TrapRule(
                                NR_SIZE_MASK,
                                (l.size() << 16) | l.escape(),
                                Disposition.DENY,
                                what + " (" + l.size() + " bytes, any type byte)"));
            } else {
                rules.add(
                        new TrapRule(
                                NR_MASK,
                                l.escape(),
                                Disposition.DENY,
                                what + " (any size, any type byte)"));
            }
        }
        // An escape the tag dispatches that no layout describes: trapped whatever its size, and
        // denied by the table (EINVAL), never run unmediated.
        frontend.unlaidOut()
                .forEach(
                        (name, escape) ->
                                rules.add(
                                        new TrapRule(
                                                NR_MASK,
                                                escape,
                                                Disposition.DENY,
                                                "NVIDIA " + name + " (any size, any type byte)")));
        // Aligned power-of-two blocks covering [UVM_RANGE_FIRST, UVM_RANGE_END).
        for (int lo = UVM_RANGE_FIRST; lo < UVM_RANGE_END; lo += lo) {
            rules.add(
                    new TrapRule(
                            ~(lo - 1),
                            lo,
                            Disposition.DENY,
                            "NVIDIA UVM commands " + lo + " to " + (2 * lo - 1)));
        }
        rules.add(
                new TrapRule(
                        UVM_LINUX_BLOCK_MASK,
                        UVM_LINUX_BLOCK,
                        Disposition.DENY,
                        "NVIDIA UVM_INITIALIZE, UVM_DEINITIALIZE and their block"));
        if (modeset) {
            rules.add(
                    new TrapRule(
                            NR_SIZE_MASK,
                            (NvDeviceNumbers.NVKMS_IOCTL_PARAMS_SIZE << 16)
                                    | NvDeviceNumbers.NVKMS_IOCTL_CMD,
                            Disposition.DENY,
                            "NVIDIA NVKMS_IOCTL_CMD (16 bytes, any type byte)"));
        }
        return new ArrayList<>(rules);
    }

    /** Whether a UVM number is inside the trapped range. */
    static boolean uvmTrapped(int cmd) {
        return (cmd >= UVM_RANGE_FIRST && cmd < UVM_RANGE_END)
                || (cmd & UVM_LINUX_BLOCK_MASK) == UVM_LINUX_BLOCK;
    }
}
