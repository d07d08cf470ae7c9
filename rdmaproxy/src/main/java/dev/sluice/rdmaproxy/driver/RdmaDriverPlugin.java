package dev.sluice.rdmaproxy.driver;

import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;

import java.util.Optional;
import java.util.Set;

/**
 * What RDMAProxy knows about one RDMA driver: everything about a uverbs call that is not the
 * core's. A plugin is chosen per granted uverbs node by the name of the host driver that sysfs
 * reports for it ({@code mlx5_core} for ConnectX, {@code efa} for AWS EFA, {@code rdma_rxe} for
 * Soft-RoCE; {@link DriverPlugins}); a node whose driver has no plugin is not granted at all,
 * unless the {@link GenericPlugin} was chosen explicitly for it ({@link PluginChoice}).
 *
 * <p>A plugin is data, not behaviour. {@code UverbsDispatch} asks it:
 *
 * <ul>
 *   <li>which {@code driver_id} the calls must carry ({@code ib_uverbs_ioctl_hdr.driver_id}; the
 *       kernel fails any other with EINVAL, so the proxy does too, with a log line);
 *   <li>which (object, method) pairs it allows, with their disposition and schema ({@link
 *       #table()}): the core methods with the driver's own attributes merged in, and the
 *       driver-namespace methods it models ({@code UVERBS_ID_NS_MASK} bits set);
 *   <li>why a method is refused on purpose ({@link #denial}), so that the log line says so rather
 *       than "not modelled";
 *   <li>which driver data ({@code UVERBS_ATTR_UHW_IN}/{@code _OUT}: the driver's private structs
 *       such as {@code struct mlx5_ib_create_cq}) it accepts where ({@link #udataIn}, {@link
 *       #udataOut});
 *   <li>which values of {@code CONST_IN} attributes it allows ({@link #constRule});
 *   <li>where the driver reports its device's capabilities ({@link #capsReport}), for driver data
 *       that only a device with a capability may carry.
 * </ul>
 *
 * Whatever a plugin does not model is denied with EINVAL and a log line that names object, method
 * and attribute. Implementations are immutable and shared by all calls (docs/rdma-drivers.md).
 */
public interface RdmaDriverPlugin {
    /** Short name for logs: {@code mlx5}, {@code rxe}. */
    String name();

    /** One line: the hardware and kernel driver it covers. */
    String description();

    /**
     * The host driver names (the basename of sysfs {@code device/driver}) that select this plugin.
     */
    Set<String> hostDrivers();

    /** The {@code ib_uverbs_ioctl_hdr.driver_id} of this driver ({@code RDMA_DRIVER_MLX5}, ...). */
    int driverId();

    /**
     * Whether calls may carry {@code driverId}: this plugin's own id. A plugin that serves drivers
     * it does not know ({@link GenericPlugin}) accepts any and leaves the check to the kernel,
     * which fails an id that is not the device's with EINVAL (ib_uverbs_cmd_verbs in
     * uverbs_ioctl.c).
     */
    default boolean acceptsDriverId(int driverId) {
        return driverId == driverId();
    }

    /**
     * How log lines name the plugin, after "the": {@code mlx5 plugin}; the {@link GenericPlugin}
     * adds the host driver it serves.
     */
    default String label() {
        return name() + " plugin";
    }

    /** Names for log lines: the core namespace plus the driver's. */
    UverbsNames names();

    /**
     * The methods this plugin allows, with disposition and (merged) schema, and the legacy write
     * commands.
     */
    RdmaTable table();

    /** Why (object, method) is refused on purpose, or empty when it is merely not modelled. */
    Optional<String> denial(int object, int method);

    /**
     * The rule for the driver input (UHW_IN) at {@code site}, or null: the driver reads no input
     * there, so a non-empty UHW_IN is denied as not modelled.
     */
    UdataRule udataIn(UdataSite site);

    /**
     * The rule for the driver output buffer (UHW_OUT) at {@code site}, or null: any length is
     * accepted.
     */
    UdataRule udataOut(UdataSite site);

    /**
     * The allowed values of CONST_IN attribute {@code attr} of (object, method), or null: any
     * value.
     */
    ConstRule constRule(int object, int method, int attr);

    /**
     * Where the driver reports its device's capability bits, which rules with {@link
     * UdataRule#needs()} depend on, or null when none does. The sentry reads them from the driver
     * response of that query whenever it runs the query itself ({@link DeviceCaps}).
     */
    default DeviceCaps.Report capsReport() {
        return null;
    }

    /**
     * What a guest that races the sentry reaches on this driver that the plugin denies to one that
     * does not (the CONTINUE rows are checked on a copy the kernel reads again), for the start
     * warning; empty when that is nothing beyond the core verbs on the guest's own context.
     */
    default String racyReach() {
        return "";
    }
}
