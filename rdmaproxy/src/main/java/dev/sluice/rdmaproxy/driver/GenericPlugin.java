package dev.sluice.rdmaproxy.driver;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.rdmaproxy.uverbs.RdmaTable;
import dev.sluice.rdmaproxy.uverbs.UverbsEnvelope;

import java.util.Optional;
import java.util.Set;

/**
 * The plugin for an RDMA driver RDMAProxy has no plugin of its own for: the core uverbs methods and
 * legacy write commands ({@link RdmaTable#core()}, with no driver attributes merged in) and nothing
 * that belongs to the driver. It is never chosen by host driver: only explicitly, per sandbox
 * ({@code sluice run --rdma-generic}, the OCI annotation {@code dev.sluice.rdmaproxy.generic};
 * {@link PluginChoice}), so it is not in {@link DriverPlugins#ALL}.
 *
 * <p>What a call carries for the driver cannot be vetted without knowing the driver, so it is
 * refused, with a line that names the host driver:
 *
 * <ul>
 *   <li>every driver-namespace object and method (ids with {@code UVERBS_ID_NS_MASK} set,
 *       rdma_user_ioctl_cmds.h), known to some plugin or not; driver-namespace attributes of core
 *       methods are not in the core schema and are refused as unsupported;
 *   <li>every driver-data blob: a non-empty {@code UVERBS_ATTR_UHW_IN} or {@code UHW_OUT} at a core
 *       method that declares them (GET_CONTEXT, CQ/QP/SRQ/WQ create) and with any legacy command
 *       through {@code UVERBS_METHOD_INVOKE_WRITE}. UHW_IN is the driver's private request (buffer
 *       and doorbell addresses, flags that enable features such as mlx5's DEVX); UHW_OUT is where
 *       the driver writes its private response (queue numbers, mmap offsets), and its length alone
 *       changes what some drivers do (rxe fails a short one, rxe_verbs.c).
 * </ul>
 *
 * <p>Any {@code driver_id} is accepted ({@link #acceptsDriverId}): the plugin serves drivers it
 * knows nothing about, their ids included, and the kernel fails an id that is not the device's with
 * EINVAL (ib_uverbs_cmd_verbs in uverbs_ioctl.c).
 *
 * <p>What stays unvetted is the driver's own handling of the core calls it is given: the core
 * schema checks their shape, not what an unknown driver does with them (docs/rdma-drivers.md,
 * "Generic"; docs/security-model.md).
 */
public final class GenericPlugin implements RdmaDriverPlugin {
    /** The name in logs, the doctor's report and {@code racyRows}. */
    public static final String NAME = "generic";

    /** What the message says when sysfs names no host driver. */
    static final String UNKNOWN_DRIVER = "unknown";

    private final String hostDriver;
    private final String label;
    private final UdataRule udataIn;
    private final UdataRule udataOut;

    private GenericPlugin(String hostDriver) {
        this.hostDriver = hostDriver.isEmpty() ? UNKNOWN_DRIVER : hostDriver;
        this.label = NAME + " plugin (driver " + this.hostDriver + ")";
        String refuses = "the " + label + " refuses driver data";
        this.udataIn =
                new UdataRule(
                        refuses,
                        (u, env) ->
                                u.len() == 0
                                        ? null
                                        : u.len()
                                                + " bytes of "
                                                + this.hostDriver
                                                + "'s private request, which no plugin vets");
        this.udataOut =
                new UdataRule(
                        refuses,
                        (u, env) ->
                                u.len() == 0
                                        ? null
                                        : "a "
                                                + u.len()
                                                + "-byte buffer for "
                                                + this.hostDriver
                                                + "'s private response, which no plugin vets");
    }

    /**
     * The generic plugin serving a node whose host driver sysfs names {@code hostDriver} (empty:
     * none), which only appears in its log lines.
     */
    public static GenericPlugin forHostDriver(String hostDriver) {
        return new GenericPlugin(hostDriver);
    }

    /** The host driver it serves, for log lines; {@value #UNKNOWN_DRIVER} when sysfs names none. */
    public String hostDriver() {
        return hostDriver;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String description() {
        return "core verbs of a driver without a plugin, no driver data (chosen explicitly)";
    }

    /** None: the plugin is chosen explicitly, never by host driver. */
    @Override
    public Set<String> hostDrivers() {
        return Set.of();
    }

    /** {@code RDMA_DRIVER_UNKNOWN}: it has no id of its own; {@link #acceptsDriverId} takes any. */
    @Override
    public int driverId() {
        return UverbsIoctl.RDMA_DRIVER_UNKNOWN;
    }

    @Override
    public boolean acceptsDriverId(int driverId) {
        return true;
    }

    @Override
    public UverbsNames names() {
        return UverbsNames.core();
    }

    @Override
    public RdmaTable table() {
        return RdmaTable.core();
    }

    @Override
    public Optional<String> denial(int object, int method) {
        if (UverbsEnvelope.driverNamespace(object) || UverbsEnvelope.driverNamespace(method)) {
            return Optional.of(
                    "a driver-namespace object or method, and the generic plugin knows no driver's"
                            + " schema");
        }
        return Optional.empty();
    }

    /** Every site: driver data must be empty. */
    @Override
    public UdataRule udataIn(UdataSite site) {
        return udataIn;
    }

    /** Every site: no buffer for a driver response. */
    @Override
    public UdataRule udataOut(UdataSite site) {
        return udataOut;
    }

    @Override
    public ConstRule constRule(int object, int method, int attr) {
        return null;
    }

    @Override
    public String racyReach() {
        return "the driver-namespace methods and driver data of "
                + hostDriver
                + ", which the generic plugin refuses and no plugin vets";
    }

    @Override
    public String toString() {
        return label;
    }
}
