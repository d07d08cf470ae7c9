package dev.sluice.rdmaproxy.driver;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The driver plugins RDMAProxy ships, looked up by the host driver name sysfs reports. */
public final class DriverPlugins {
    /** Every plugin, in the order their names are listed to users. */
    public static final List<RdmaDriverPlugin> ALL =
            List.of(Mlx5Plugin.INSTANCE, EfaPlugin.INSTANCE, RxePlugin.INSTANCE);

    private DriverPlugins() {}

    /**
     * The plugin serving {@code hostDriver} ({@code mlx5_core}, {@code efa}, {@code rdma_rxe}), if
     * any.
     */
    public static Optional<RdmaDriverPlugin> forHostDriver(String hostDriver) {
        return ALL.stream().filter(p -> p.hostDrivers().contains(hostDriver)).findFirst();
    }

    /**
     * For error messages: {@code mlx5_core (mlx5: ConnectX (mlx5_ib), without DEVX), rdma_rxe (rxe:
     * ...)}.
     */
    public static String supported() {
        return ALL.stream()
                .map(
                        p ->
                                p.hostDrivers().stream()
                                                .sorted()
                                                .collect(Collectors.joining(" or "))
                                        + " ("
                                        + p.name()
                                        + ": "
                                        + p.description()
                                        + ")")
                .collect(Collectors.joining(", "));
    }
}
