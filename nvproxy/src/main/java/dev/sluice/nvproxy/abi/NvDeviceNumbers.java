package dev.sluice.nvproxy.abi;

/**
 * The char device numbers of the NVIDIA driver's nodes, and the one request of the modeset node.
 *
 * <p>Major 195 is reserved and shared: the GPUs, the control device and the modeset device (NVKMS,
 * a separate module) are its minors. Every other NVIDIA node has a dynamic major, named in
 * /proc/devices after its driver ({@code nvidia-uvm}, {@code nvidia-caps}, {@code nvidia-nvlink},
 * {@code nvidia-nvswitch}, {@code nvidia-caps-imex-channels}), all beginning with {@code nvidia}.
 */
public final class NvDeviceNumbers {
    // From kernel-open/common/inc/nv-chardev-numbers.h (580.142)
    public static final int NV_MAJOR_DEVICE_NUMBER = 195;

    /** GPUs are minors 0 to this one; 248 to 253 are unused. */
    public static final int NV_MINOR_DEVICE_NUMBER_REGULAR_MAX = 247;

    public static final int NV_MINOR_DEVICE_NUMBER_MODESET_DEVICE = 254;
    public static final int NV_MINOR_DEVICE_NUMBER_CONTROL_DEVICE = 255;

    // From kernel-open/nvidia-uvm/uvm_common.h (580.142): minors of the nvidia-uvm major
    public static final int NVIDIA_UVM_PRIMARY_MINOR_NUMBER = 0;
    public static final int NVIDIA_UVM_TOOLS_MINOR_NUMBER = 1;

    /** The prefix of every NVIDIA driver's name in /proc/devices. */
    public static final String DRIVER_NAME_PREFIX = "nvidia";

    /**
     * {@code NVKMS_IOCTL_CMD}: {@code _IOWR('m', 0, struct NvKmsIoctlParams)}, the only request of
     * {@code /dev/nvidia-modeset}. {@code nvkms_ioctl}
     * (kernel-open/nvidia-modeset/nvidia-modeset-linux.c) checks only {@code _IOC_NR} and {@code
     * _IOC_SIZE}, like the frontend, and answers {@code ENOTTY} to anything else; the params
     * ({@code NvU32 cmd; NvU32 size; NvU64 address}) name an NVKMS command and a pointer to its own
     * params. From kernel-open/nvidia-modeset/nvkms-ioctl.h (580.142).
     */
    public static final int NVKMS_IOCTL_MAGIC = 'm';

    public static final int NVKMS_IOCTL_CMD = 0;
    public static final int NVKMS_IOCTL_PARAMS_SIZE = 16;

    private NvDeviceNumbers() {}
}
