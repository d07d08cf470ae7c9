package dev.sluice.nvproxy;

/**
 * What an NVIDIA device node is to NVProxy: which of its tables decides the node's ioctls, or that
 * none does. A sandbox granted a node that no table covers does not start ({@link
 * NvProxyProvider}); the node's driver would otherwise be reached unmediated.
 */
public enum NvidiaNode {
    /** {@code /dev/nvidiactl} (195:255): the frontend table. */
    CONTROL("the frontend table"),
    /** {@code /dev/nvidia<N>} (195:0 to 195:247): the frontend table. */
    GPU("the frontend table"),
    /**
     * {@code /dev/nvidia-modeset} (195:254, NVKMS): a table of its own that denies its one request,
     * so the node can be granted (container device specs list it) without reaching NVKMS.
     */
    MODESET("the modeset table, which denies NVKMS_IOCTL_CMD"),
    /** {@code /dev/nvidia-uvm} (nvidia-uvm:0): the UVM table. */
    UVM("the UVM table"),
    /**
     * {@code /dev/nvidia-uvm-tools} (nvidia-uvm:1): a table of its own that denies every command.
     */
    UVM_TOOLS("the UVM tools table, which denies every command"),
    /**
     * Any other node of an NVIDIA driver: 195:248 to 195:253, {@code nvidia-caps} (MIG and fabric
     * capabilities), {@code nvidia-caps-imex-channels}, {@code nvidia-nvlink}, {@code
     * nvidia-nvswitch}. No table covers it: granting it is refused.
     */
    UNCOVERED(null),
    /** Not an NVIDIA node. */
    NOT_NVIDIA(null);

    private final String table;

    NvidiaNode(String table) {
        this.table = table;
    }

    /** Which table decides this node's ioctls, for messages; null when none does. */
    public String table() {
        return table;
    }

    /** Whether an NVIDIA driver serves the node (covered or not). */
    public boolean isNvidia() {
        return this != NOT_NVIDIA;
    }
}
