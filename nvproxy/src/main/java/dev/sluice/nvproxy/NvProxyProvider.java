package dev.sluice.nvproxy;

import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Service entry of NVProxy, the NVIDIA GPU proxy. It activates when a sandbox is granted an NVIDIA
 * device node ({@code /dev/nvidiactl}, {@code /dev/nvidia[0-9]+}, {@code /dev/nvidia-uvm*}).
 *
 * <p>Until the frontend, control and UVM tables exist, a sandbox that is granted an NVIDIA node is
 * refused: granting the node without mediation would let every ioctl through unchecked.
 */
public final class NvProxyProvider implements DeviceProxyProvider {
    public static final String NAME = "nvproxy";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "NVIDIA GPUs: frontend, control and UVM ioctls (activated by granting /dev/nvidia*)";
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        for (Path d : config.grantedDevices()) {
            if (isNvidiaNode(d)) {
                throw new IllegalStateException("NVProxy does not mediate NVIDIA devices yet; refusing to grant "
                        + d + " without mediation");
            }
        }
        return Optional.empty();
    }

    static boolean isNvidiaNode(Path device) {
        Path name = device.getFileName();
        return name != null && name.toString().startsWith("nvidia");
    }
}
