package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.driver.DriverPlugins;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.rdmaproxy.driver.RdmaDriverPlugin;
import dev.sluice.rdmaproxy.rdmacm.RdmaCmSandbox;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.ProxyConfig;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Service entry of RDMAProxy, the uverbs proxy. It activates when a sandbox is granted a uverbs
 * node ({@code /dev/infiniband/uverbsN}, {@code sluice run --rdma DEV}) and refuses to start on a
 * host whose uverbs ABI is not the one its schema describes.
 *
 * <p>Each granted node is served by the driver plugin its host driver (from sysfs, {@link
 * UverbsDevices#hostDriver}) selects; a node whose driver has no plugin makes the provider refuse
 * to start, naming the driver and the supported ones, unless option {@value #OPT_GENERIC} chose the
 * generic plugin ({@link PluginChoice}): {@code true} for such nodes, {@code force} for every node.
 *
 * <p>Its dispositions live in {@link RdmaTable}, keyed by uverbs (object, method) rather than by
 * ioctl request, so they are not an {@code IoctlTable} and {@code sluice ioctls} does not list them
 * yet.
 */
public final class RdmaProxyProvider implements DeviceProxyProvider {
    public static final String NAME = "rdmaproxy";

    /**
     * Whether the generic plugin serves nodes: {@code false} (the default), {@code true} (those
     * whose driver has no plugin) or {@code force} (all); {@link PluginChoice.Generic}. {@code
     * sluice run --rdma-generic[=force]}, annotation {@code dev.sluice.rdmaproxy.generic}.
     */
    public static final String OPT_GENERIC = "rdmaproxy.generic";

    private static final Logger LOG = LoggerFactory.getLogger(RdmaProxyProvider.class);

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
    public String docs() {
        return RdmaDocs.markdown();
    }

    @Override
    public String description() {
        return "RDMA uverbs with ConnectX, EFA and Soft-RoCE plugins, and a generic one for other drivers on request"
                + " (activated by granting /dev/infiniband/uverbs*)";
    }

    /**
     * The option of strict mode ({@code sluice run --rdma-strict}, the OCI annotation {@code
     * dev.sluice.rdmaproxy.strict}): {@code true} traps the write family ({@link
     * RdmaProxy#mediatesWrites}).
     */
    public static final String OPT_STRICT = "rdmaproxy.strict";

    /**
     * How commands written to a granted rdma_cm node are run ({@link RdmaCmMediator}): {@value
     * #RDMA_CM_KERNEL_RUN} (the default: the guest opens its rdma_cm files itself and the sentry
     * continues the commands it allows) or {@value #RDMA_CM_EXECUTE} (the sentry opens them for the
     * guest and executes what it allows on its own copy; needs a sandbox whose launch plan makes
     * the node nodev and traps opens, {@link DeviceProxy#opensDevices}: {@code sluice run} sets
     * it).
     */
    public static final String OPT_RDMA_CM = "rdmaproxy.rdma-cm";

    public static final String RDMA_CM_KERNEL_RUN = "kernel-run";
    public static final String RDMA_CM_EXECUTE = "execute";

    @Override
    public boolean wanted(ProxyConfig config) {
        return config.grantedDevices().stream().anyMatch(RdmaProxyProvider::isUverbsNode);
    }

    /**
     * The fixed uverbs minors of major 231 whether or not ib_uverbs is loaded, and any major {@code
     * /proc/devices} names {@value UverbsDevices#CHRDEV_NAME}; any minor of those majors when the
     * minor is {@link CharDevice#ANY} (231's include the uverbs minors).
     */
    @Override
    public boolean mediates(CharDevice device) {
        List<Integer> majors = new ArrayList<>(List.of(UverbsDevices.IB_UVERBS_MAJOR));
        try {
            majors.addAll(UverbsDevices.majors(procDevices));
        } catch (IOException e) {
            LOG.warn("rdmaproxy: cannot read {}: {}", procDevices, e.toString());
        }
        if (device.major() == CharDevice.ANY) {
            return true;
        }
        return device.minor() == CharDevice.ANY
                ? majors.contains(device.major())
                : UverbsDevices.isUverbs(majors, device.major(), device.minor());
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        List<Path> nodes =
                config.grantedDevices().stream().filter(RdmaProxyProvider::isUverbsNode).toList();
        if (!wanted(config)) {
            return Optional.empty();
        }
        Path node = nodes.get(0);
        int abi = UverbsDevices.abiVersion(sys);
        if (abi != UverbsDevices.SUPPORTED_ABI) {
            throw new IllegalStateException(
                    "RDMAProxy supports uverbs ABI "
                            + UverbsDevices.SUPPORTED_ABI
                            + " only; "
                            + sys.resolve("class/infiniband_verbs/abi_version")
                            + (abi < 0 ? " is missing (is ib_uverbs loaded?)" : " reads " + abi)
                            + "; refusing to grant "
                            + node
                            + " without mediation");
        }
        List<Integer> majors;
        try {
            majors = UverbsDevices.majors(procDevices);
        } catch (IOException e) {
            throw new IllegalStateException(
                    "RDMAProxy cannot read " + procDevices + ": " + e.getMessage());
        }
        if (majors.isEmpty()) {
            throw new IllegalStateException(
                    "RDMAProxy: "
                            + procDevices
                            + " lists no "
                            + UverbsDevices.CHRDEV_NAME
                            + " char device (is ib_uverbs loaded?); refusing to grant "
                            + node);
        }
        PluginChoice.Generic generic = generic(config);
        Map<CharDevice, RdmaDriverPlugin> plugins = new LinkedHashMap<>();
        List<String> ibdevs = new ArrayList<>();
        for (Path n : nodes) {
            String name = n.getFileName().toString();
            String ibdev = UverbsDevices.ibdev(sys, name);
            if (!ibdev.isEmpty()) {
                ibdevs.add(ibdev);
            }
            String driver = UverbsDevices.hostDriver(sys, name);
            PluginChoice choice = PluginChoice.of(driver, generic);
            if (choice.refused()) {
                throw new IllegalStateException(
                        "RDMAProxy has no driver plugin for "
                                + n
                                + " ("
                                + (ibdev.isEmpty() ? "unknown RDMA device" : ibdev)
                                + "): "
                                + (driver.isEmpty()
                                        ? "sysfs names no driver for it"
                                        : "its host driver is " + driver)
                                + "; supported: "
                                + DriverPlugins.supported()
                                + "; refusing to grant "
                                + n
                                + " without mediation (sluice run --rdma-generic, or the annotation "
                                + "dev.sluice.rdmaproxy.generic: \"true\", serves it with the generic plugin:"
                                + " core verbs only, no driver data; docs/rdma-drivers.md)");
            }
            RdmaDriverPlugin plugin = choice.plugin();
            CharDevice dev = UverbsDevices.charDevice(sys, name);
            plugins.put(dev, plugin);
            LOG.info(
                    "rdmaproxy: {} ({}, {}) is served by the {} ({})",
                    n,
                    dev,
                    ibdev,
                    plugin.label(),
                    choice.reason());
        }
        String strictValue = config.option(OPT_STRICT, "false");
        if (!strictValue.equals("true") && !strictValue.equals("false")) {
            throw new IllegalArgumentException(
                    "RDMAProxy option "
                            + OPT_STRICT
                            + ": \""
                            + strictValue
                            + "\" is not true or false");
        }
        boolean strict = strictValue.equals("true");
        if (strict) {
            LOG.info(
                    "rdmaproxy: strict mode: the sentry opens the granted uverbs nodes for the guest"
                            + " (their bind mounts are nodev); write(), writev() and pwritev2() are trapped"
                            + " and legacy uverbs commands written to a granted node are decided and run"
                            + " by the sentry as their INVOKE_WRITE ioctls");
        }
        String cmMode = config.option(OPT_RDMA_CM, RDMA_CM_KERNEL_RUN);
        if (!cmMode.equals(RDMA_CM_KERNEL_RUN) && !cmMode.equals(RDMA_CM_EXECUTE)) {
            throw new IllegalArgumentException(
                    "RDMAProxy option "
                            + OPT_RDMA_CM
                            + ": \""
                            + cmMode
                            + "\" is not "
                            + RDMA_CM_EXECUTE
                            + " or "
                            + RDMA_CM_KERNEL_RUN);
        }
        RdmaCmMediator rdmaCm = null;
        Path cmNode =
                config.grantedDevices().stream()
                        .filter(RdmaProxyProvider::isRdmaCmNode)
                        .findFirst()
                        .orElse(null);
        if (cmNode != null) {
            CharDevice cm = UverbsDevices.rdmaCmDevice(sys);
            Supplier<RdmaCmSandbox> sandbox = () -> RdmaCmSandbox.fromSysfs(sys, ibdevs);
            if (cmMode.equals(RDMA_CM_EXECUTE)) {
                // Made here, on the thread that starts the sandbox: the executors' credentials
                // are this thread's (RdmaCmExecutors).
                rdmaCm =
                        new RdmaCmMediator(
                                cm,
                                sandbox,
                                cmNode,
                                RdmaCmHost.NATIVE,
                                new RdmaCmExecutors(RdmaCmHost.NATIVE));
                LOG.info(
                        "rdmaproxy: rdma_cm ({}) is mediated in execute mode: the sentry opens {} for the"
                                + " guest (its bind mount is nodev); write(), writev() and pwritev2() are"
                                + " trapped, and each command is decided by the rdma_cm policy and executed"
                                + " by the sentry on its copy, in the caller's network namespace",
                        cm,
                        cmNode);
            } else {
                rdmaCm = new RdmaCmMediator(cm, sandbox);
                LOG.info(
                        "rdmaproxy: rdma_cm ({}) is mediated in kernel-run mode: write(), writev() and"
                                + " pwritev2() are trapped and each command is decided by the rdma_cm"
                                + " policy, then continued",
                        cm);
            }
        }
        return Optional.of(
                new RdmaProxy(majors, plugins, HostDevice.NATIVE, strict, rdmaCm, nodes));
    }

    /**
     * The choice about the generic plugin in {@code config}'s option {@value #OPT_GENERIC}.
     *
     * @throws IllegalArgumentException for a value that names none
     */
    static PluginChoice.Generic generic(ProxyConfig config) {
        try {
            return PluginChoice.Generic.parse(config.option(OPT_GENERIC, null));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "RDMAProxy option " + OPT_GENERIC + ": " + e.getMessage(), e);
        }
    }

    static boolean isRdmaCmNode(Path device) {
        Path name = device.getFileName();
        return name != null && name.toString().equals(UverbsDevices.RDMA_CM);
    }

    static boolean isUverbsNode(Path device) {
        Path name = device.getFileName();
        return name != null && name.toString().startsWith("uverbs");
    }
}
