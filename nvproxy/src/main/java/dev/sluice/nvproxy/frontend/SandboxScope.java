package dev.sluice.nvproxy.frontend;

import java.util.Set;

/**
 * What belongs to the sandbox, for the controls that name GPUs or processes ({@link ScopedField}):
 * its GPUs, by RM GPU id ({@code gpu_id} of {@code NV_ESC_CARD_INFO}, the id RM's {@code NV0000}
 * controls use: both come from {@code nv_generate_id_from_pci_info},
 * src/nvidia/arch/nvalloc/unix/src/osinit.c), and its processes, by the calling guest's pid
 * namespace.
 */
public record SandboxScope(Set<Integer> gpuIds, GuestPids pids) {
    /**
     * A sandbox with no GPU and no process to see: every scoped field refuses or filters
     * everything.
     */
    public static final SandboxScope NONE = new SandboxScope(Set.of(), GuestPids.NONE);

    public SandboxScope {
        gpuIds = Set.copyOf(gpuIds);
    }

    public boolean hasGpu(int gpuId) {
        return gpuIds.contains(gpuId);
    }
}
