package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.driver.DriverVersion;
import dev.sluice.nvproxy.driver.HostDriver;
import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.nvproxy.frontend.FrontendHandlers;
import dev.sluice.nvproxy.frontend.FrontendTable;
import dev.sluice.nvproxy.frontend.ProcGuestPids;
import dev.sluice.nvproxy.frontend.SandboxScope;
import dev.sluice.nvproxy.modeset.ModesetTable;
import dev.sluice.nvproxy.uvm.UvmTable;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.ioctl.IoctlTableSource;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.ProxyConfig;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Service entry of NVProxy. It activates when a sandbox is granted an NVIDIA device node ({@code
 * sluice run --gpus}, or {@code --device} of any node whose device number is an NVIDIA driver's,
 * whatever its name), refuses nodes no table of its covers ({@link NvidiaNode#UNCOVERED}), detects
 * the host driver's version (or takes {@value #OPT_DRIVER_VERSION}), picks that version's ABI, and
 * builds the tables for the capabilities in {@value #OPT_CAPABILITIES} (default {@code
 * compute,utility}). An unknown version fails the sandbox's start with a message naming it and the
 * supported ones.
 */
public final class NvProxyProvider implements DeviceProxyProvider, IoctlTableSource {
    private static final Logger LOG = LoggerFactory.getLogger(NvProxyProvider.class);
    public static final String NAME = "nvproxy";
    public static final String OPT_DRIVER_VERSION = "nvproxy.driver-version";
    public static final String OPT_CAPABILITIES = "nvproxy.capabilities";

    private final Path procDevices;
    private final Function<Path, Optional<CharDevice>> stat;

    public NvProxyProvider() {
        this(Path.of("/proc/devices"), NvidiaChardevs::charDeviceOf);
    }

    /**
     * @param procDevices where the host's char majors are listed
     * @param stat the char device a node is (following links), or empty
     */
    NvProxyProvider(Path procDevices, Function<Path, Optional<CharDevice>> stat) {
        this.procDevices = procDevices;
        this.stat = stat;
    }

    /**
     * One granted node, what it is, and its device number (null when it could not be looked at).
     */
    private record Granted(Path path, NvidiaNode kind, CharDevice device) {
        String describe(NvidiaChardevs chardevs) {
            return path
                    + (device == null
                            ? ""
                            : " (char " + device + ", " + chardevs.driverOf(device.major()) + ")");
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        StringBuilder s =
                new StringBuilder(
                        "NVIDIA GPUs: frontend, control and UVM ioctls (sluice run --gpus); drivers:");
        DriverAbis.byBranch()
                .forEach(
                        (branch, versions) ->
                                s.append(
                                        String.format(
                                                "%n%11s%d: %s",
                                                "", branch, String.join(", ", versions))));
        return s.toString();
    }

    @Override
    public boolean wanted(ProxyConfig config) {
        return !nvidiaNodes(config, NvidiaChardevs.read(procDevices)).isEmpty();
    }

    /**
     * Major 195 whether or not the driver is loaded, and the majors NVIDIA's drivers registered;
     * every minor of those, covered or not (an uncovered one is refused, never left unmediated).
     */
    @Override
    public boolean mediates(CharDevice device) {
        return device.major() == CharDevice.ANY
                || NvidiaChardevs.read(procDevices)
                        .classify(device.major(), Math.max(device.minor(), 0))
                        .isNvidia();
    }

    /**
     * The granted nodes that are NVIDIA's, by device number (by name for a path that cannot be
     * looked at).
     */
    private List<Granted> nvidiaNodes(ProxyConfig config, NvidiaChardevs chardevs) {
        List<Granted> out = new ArrayList<>();
        for (Path p : config.grantedDevices()) {
            Optional<CharDevice> d = stat.apply(p);
            NvidiaNode kind =
                    d.map(chardevs::classify)
                            .orElseGet(
                                    () ->
                                            Files.exists(p)
                                                    ? NvidiaNode.NOT_NVIDIA
                                                    : NvidiaChardevs.classifyByName(p));
            if (kind.isNvidia()) {
                out.add(new Granted(p, kind, d.orElse(null)));
            }
        }
        return out;
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        NvidiaChardevs chardevs = NvidiaChardevs.read(procDevices);
        List<Granted> nodes = nvidiaNodes(config, chardevs);
        if (nodes.isEmpty()) {
            return Optional.empty();
        }
        List<Granted> uncovered =
                nodes.stream().filter(g -> g.kind() == NvidiaNode.UNCOVERED).toList();
        if (!uncovered.isEmpty()) {
            throw new IllegalStateException(
                    "NVProxy: "
                            + uncovered.stream()
                                    .map(g -> g.describe(chardevs))
                                    .collect(Collectors.joining(", "))
                            + (uncovered.size() == 1
                                    ? " is an NVIDIA device node"
                                    : " are NVIDIA" + " device nodes")
                            + " that no NVProxy table covers; refusing to grant "
                            + (uncovered.size() == 1 ? "it" : "them")
                            + " without mediation (NVProxy covers nvidiactl, nvidia<N>, nvidia-uvm,"
                            + " nvidia-uvm-tools and nvidia-modeset)");
        }
        Set<Capability> caps = Capability.parse(config.option(OPT_CAPABILITIES, "compute,utility"));
        Path ctl = Path.of("/dev", NvidiaDevices.CTL);
        HostDriver host = HostDriver.probe(ctl);
        DriverVersion version = host.version();
        String override = config.option(OPT_DRIVER_VERSION, "");
        if (!override.isEmpty()) {
            DriverVersion forced = DriverVersion.parse(override);
            if (!forced.equals(version)) {
                LOG.warn(
                        "nvproxy: host driver is {}, using the ABI of {} as asked",
                        version,
                        forced);
            }
            version = forced;
        }
        DriverAbi abi = DriverAbis.forVersion(version);
        Set<Integer> minors = new HashSet<>();
        Set<Integer> gpuIds = new HashSet<>();
        List<Granted> gpus = nodes.stream().filter(g -> g.kind() == NvidiaNode.GPU).toList();
        for (Granted g : gpus) {
            Optional<Integer> minor =
                    g.device() != null
                            ? Optional.of(g.device().minor())
                            : NvidiaDevices.minorOf(g.path());
            minor.ifPresent(
                    n -> {
                        minors.add(n);
                        Integer id = host.gpuIdByMinor().get(n);
                        if (id != null) {
                            gpuIds.add(id);
                        }
                    });
        }
        long mask = Capability.mask(caps);
        String driver = "driver " + version;
        FrontendHandlers fe =
                new FrontendHandlers(
                        HostDevice.NATIVE,
                        minors,
                        new SandboxScope(gpuIds, new ProcGuestPids(Path.of("/proc"))),
                        memoryBlockSize(Path.of("/sys/devices/system/memory/block_size_bytes")));
        IoctlTable frontend = FrontendTable.build(abi, mask, driver, HostDevice.NATIVE, fe);
        boolean modeset = nodes.stream().anyMatch(g -> g.kind() == NvidiaNode.MODESET);
        LOG.info(
                "nvproxy: {} (ABI of tag {}, {} policy rows not at this tag), capabilities {}, GPUs"
                        + " {}{}",
                driver,
                abi.tag(),
                abi.dropped().size(),
                Capability.labels(mask),
                minors,
                modeset ? ", nvidia-modeset (every NVKMS call denied)" : "");
        List<HostFd> held = new ArrayList<>();
        try {
            for (Granted g : gpus) {
                held.add(NvidiaDevices.open(g.path()));
            }
        } catch (RuntimeException e) {
            held.forEach(HostFd::close);
            throw e;
        }
        return Optional.of(
                new NvProxy(
                        new NvProxy.Tables(
                                frontend,
                                UvmTable.build(abi, UvmCommands.of(abi.tag())),
                                UvmTable.tools(UvmCommands.of(abi.tag())),
                                ModesetTable.build()),
                        abi.frontend(),
                        chardevs,
                        mask,
                        modeset,
                        held));
    }

    @Override
    public List<IoctlTable> tables() {
        DriverAbi abi = DriverAbis.forVersion(DriverAbis.REFERENCE);
        long all = Capability.mask(Capability.values());
        IoctlTable frontend =
                FrontendTable.build(
                        abi,
                        all,
                        "docs",
                        HostDevice.NATIVE,
                        new FrontendHandlers(HostDevice.NATIVE, Set.of(), Set.of()));
        UvmCommands uvm = UvmCommands.of(abi.tag());
        return List.of(
                frontend, UvmTable.build(abi, uvm), UvmTable.tools(uvm), ModesetTable.build());
    }

    @Override
    public String docs() {
        return NvDocs.markdown();
    }

    /** The host kernel's memory block size, hexadecimal in {@code file}; empty when it has none. */
    static OptionalLong memoryBlockSize(Path file) {
        try {
            return OptionalLong.of(Long.parseUnsignedLong(Files.readString(file).trim(), 16));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
