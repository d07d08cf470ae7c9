package dev.sluice.rdmaproxy;

import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Service entry of RDMAProxy, the uverbs proxy. It activates when a sandbox is granted a uverbs
 * node ({@code /dev/infiniband/uverbsN}).
 *
 * <p>Until the uverbs schema exists, a sandbox that is granted a uverbs node is refused: granting
 * it without mediation would let every verbs ioctl through unchecked.
 */
public final class RdmaProxyProvider implements DeviceProxyProvider {
    public static final String NAME = "rdmaproxy";

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
        for (Path d : config.grantedDevices()) {
            if (isUverbsNode(d)) {
                throw new IllegalStateException("RDMAProxy does not mediate uverbs devices yet; refusing to grant "
                        + d + " without mediation");
            }
        }
        return Optional.empty();
    }

    static boolean isUverbsNode(Path device) {
        Path name = device.getFileName();
        return name != null && name.toString().startsWith("uverbs");
    }
}
