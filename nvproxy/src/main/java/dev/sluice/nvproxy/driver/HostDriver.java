package dev.sluice.nvproxy.driver;

import dev.sluice.nvproxy.abi.FrontendStructs.CardInfo;
import dev.sluice.nvproxy.abi.FrontendStructs.RmApiVersion;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the host's NVIDIA driver says about itself, asked once on {@code /dev/nvidiactl} before the
 * sandbox starts: its version ({@code NV_ESC_CHECK_VERSION_STR} with {@code
 * NV_RM_API_VERSION_CMD_QUERY}, which copies the driver's version string into the reply) and its
 * GPUs ({@code NV_ESC_CARD_INFO}: device minor and RM GPU id of each).
 *
 * @param version the driver version
 * @param gpuIdByMinor RM GPU id ({@code gpu_id}) by device minor ({@code /dev/nvidia<minor>})
 */
public record HostDriver(DriverVersion version, Map<Integer, Integer> gpuIdByMinor) {
    public HostDriver {
        gpuIdByMinor = Collections.unmodifiableMap(new TreeMap<>(gpuIdByMinor));
    }

    /**
     * Probes the driver behind {@code ctl}.
     *
     * @throws IllegalStateException with the reason, when the node cannot be opened or answers
     *     oddly
     */
    public static HostDriver probe(Path ctl) {
        try (HostFd ctlFd = NvidiaDevices.open(ctl)) {
            Pointer v = Memory.allocateDirect(Native.RUNTIME, RmApiVersion.SIZE, true);
            v.putInt(RmApiVersion.OFF_CMD, RmApiVersion.NV_RM_API_VERSION_CMD_QUERY);
            int r =
                    Native.ioctl(
                            ctlFd.fd(), Integer.toUnsignedLong(RmApiVersion.REQUEST), v.address());
            if (r < 0) {
                throw new IllegalStateException(
                        "NV_ESC_CHECK_VERSION_STR on " + ctl + " failed: errno " + -r);
            }
            String text =
                    v.getString(
                                    RmApiVersion.OFF_VERSION_STRING,
                                    RmApiVersion.NV_RM_API_VERSION_STRING_LENGTH,
                                    StandardCharsets.US_ASCII)
                            .trim();
            DriverVersion version = DriverVersion.parse(text);

            Pointer cards = Memory.allocateDirect(Native.RUNTIME, CardInfo.ARRAY_SIZE, true);
            Map<Integer, Integer> ids = new TreeMap<>();
            r = Native.ioctl(ctlFd.fd(), Integer.toUnsignedLong(CardInfo.REQUEST), cards.address());
            if (r < 0) {
                throw new IllegalStateException(
                        "NV_ESC_CARD_INFO on " + ctl + " failed: errno " + -r);
            }
            for (int off = 0; off + CardInfo.SIZE <= CardInfo.ARRAY_SIZE; off += CardInfo.SIZE) {
                if (cards.getByte(off + CardInfo.OFF_VALID) != 0) {
                    ids.put(
                            cards.getInt(off + CardInfo.OFF_MINOR_NUMBER),
                            cards.getInt(off + CardInfo.OFF_GPU_ID));
                }
            }
            return new HostDriver(version, ids);
        }
    }
}
