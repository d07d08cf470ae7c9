package dev.sluice.nvproxy.modeset;

import dev.sluice.nvproxy.abi.NvDeviceNumbers;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;

/**
 * The table of {@code /dev/nvidia-modeset} (NVKMS, 195:254): no rows. NVKMS has one request, {@code
 * NVKMS_IOCTL_CMD}, whose params name an NVKMS command and a pointer to that command's params
 * (display modesetting, surfaces, the display's memory); NVProxy models none of them, so every call
 * is denied with {@code EPERM}, what {@code nvkms_ioctl_common} answers for a command NVKMS refuses
 * (kernel-open/nvidia-modeset/nvidia-modeset-linux.c). The node itself can then be granted, as
 * container device specs for NVIDIA GPUs list it: opening it allocates an empty per-open state,
 * {@code mmap} of it always fails with {@code EPERM}, and {@code poll} reports events that only
 * NVKMS commands could have registered.
 */
public final class ModesetTable {
    /** {@code _IOWR('m', NVKMS_IOCTL_CMD, struct NvKmsIoctlParams)}. */
    public static final int NVKMS_IOCTL_REQUEST =
            Ioctl.iowr(
                    NvDeviceNumbers.NVKMS_IOCTL_MAGIC,
                    NvDeviceNumbers.NVKMS_IOCTL_CMD,
                    NvDeviceNumbers.NVKMS_IOCTL_PARAMS_SIZE);

    private ModesetTable() {}

    public static IoctlTable build() {
        return IoctlTable.builder("nvproxy-modeset")
                .unknownErrno(Errno.EPERM)
                .knownName(NVKMS_IOCTL_REQUEST, "NVKMS_IOCTL_CMD")
                .build();
    }
}
