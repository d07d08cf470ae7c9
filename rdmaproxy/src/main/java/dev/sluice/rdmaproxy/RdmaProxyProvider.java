package dev.sluice.rdmaproxy;

import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Service entry of RDMAProxy, the uverbs proxy. It activates when a sandbox is granted a uverbs
 * node ({@code /dev/infiniband/uverbsN}, {@code sluice run --rdma DEV}) and refuses to start on a
 * host whose uverbs ABI is not the one its schema describes.
 *
 * <p>Its dispositions live in {@link RdmaTable}, keyed by uverbs (object, method) rather than by
 * ioctl request, so they are not an {@code IoctlTable} and {@code sluice ioctls} does not list them
 * yet.
 */
public final class RdmaProxyProvider implements DeviceProxyProvider {
    public static final String NAME = "rdmaproxy";

    private final Path sys;
    private final Path procDevices;

    public RdmaProxyProvider() {
        this(Path.of("/sys"), Path.of("/proc/devices"));
    }

    RdmaProxyProvider(Path sys, Path procDevices) {
        this.sys = sys;
        this.procDevices = procDevices;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "RDMA uverbs with ConnectX and Soft-RoCE plugins (activated by granting /dev/infiniband/uverbs*)";
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        Path node = config.grantedDevices().stream().filter(RdmaProxyProvider::isUverbsNode).findFirst().orElse(null);
        if (node == null) {
            return Optional.empty();
        }
        int abi = UverbsDevices.abiVersion(sys);
        if (abi != UverbsDevices.SUPPORTED_ABI) {
            throw new IllegalStateException("RDMAProxy supports uverbs ABI " + UverbsDevices.SUPPORTED_ABI + " only; "
                    + sys.resolve("class/infiniband_verbs/abi_version")
                    + (abi < 0 ? " is missing (is ib_uverbs loaded?)" : " reads " + abi)
                    + "; refusing to grant " + node + " without mediation");
        }
        List<Integer> majors;
        try {
            majors = UverbsDevices.majors(procDevices);
        } catch (IOException e) {
            throw new IllegalStateException("RDMAProxy cannot read " + procDevices + ": " + e.getMessage());
        }
        if (majors.isEmpty()) {
            throw new IllegalStateException("RDMAProxy: " + procDevices + " lists no " + UverbsDevices.CHRDEV_NAME
                    + " char device (is ib_uverbs loaded?); refusing to grant " + node);
        }
        return Optional.of(new RdmaProxy(majors, RdmaTable.core()));
    }

    static boolean isUverbsNode(Path device) {
        Path name = device.getFileName();
        return name != null && name.toString().startsWith("uverbs");
    }
}
