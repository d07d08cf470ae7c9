package dev.sluice.nvproxy;

import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.nvproxy.driver.Abi580;
import dev.sluice.nvproxy.driver.DriverAbi;
import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.driver.DriverVersion;
import dev.sluice.nvproxy.driver.HostDriver;
import dev.sluice.nvproxy.frontend.FrontendHandlers;
import dev.sluice.nvproxy.frontend.FrontendTable;
import dev.sluice.nvproxy.uvm.UvmTable;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Service entry of NVProxy. It activates when a sandbox is granted an NVIDIA device node
 * ({@code sluice run --gpus}, or {@code --device /dev/nvidia...}), detects the host driver's version
 * (or takes {@value #OPT_DRIVER_VERSION}), picks that version's ABI, and builds the tables for the
 * capabilities in {@value #OPT_CAPABILITIES} (default {@code compute,utility}). An unknown version
 * fails the sandbox's start with a message naming it and the supported ones.
 */
public final class NvProxyProvider implements DeviceProxyProvider {
    private static final Logger LOG = LoggerFactory.getLogger(NvProxyProvider.class);
    public static final String NAME = "nvproxy";
    public static final String OPT_DRIVER_VERSION = "nvproxy.driver-version";
    public static final String OPT_CAPABILITIES = "nvproxy.capabilities";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "NVIDIA GPUs: frontend, control and UVM ioctls (sluice run --gpus; driver " + DriverAbis.supported() + ")";
    }

    @Override
    public boolean wanted(ProxyConfig config) {
        return config.grantedDevices().stream().anyMatch(NvidiaDevices::isNvidiaNode);
    }

    @Override
    public Optional<DeviceProxy> create(ProxyConfig config) {
        List<Path> nodes = config.grantedDevices().stream().filter(NvidiaDevices::isNvidiaNode).toList();
        if (!wanted(config)) {
            return Optional.empty();
        }
        Set<Capability> caps = Capability.parse(config.option(OPT_CAPABILITIES, "compute,utility"));
        Path ctl = Path.of("/dev", NvidiaDevices.CTL);
        HostDriver host = HostDriver.probe(ctl);
        DriverVersion version = host.version();
        String override = config.option(OPT_DRIVER_VERSION, "");
        if (!override.isEmpty()) {
            DriverVersion forced = DriverVersion.parse(override);
            if (!forced.equals(version)) {
                LOG.warn("nvproxy: host driver is {}, using the ABI of {} as asked", version, forced);
            }
            version = forced;
        }
        DriverAbi abi = DriverAbis.forVersion(version);
        Set<Integer> minors = new HashSet<>();
        Set<Integer> gpuIds = new HashSet<>();
        for (Path n : nodes) {
            NvidiaDevices.minorOf(n).ifPresent(minor -> {
                minors.add(minor);
                Integer id = host.gpuIdByMinor().get(minor);
                if (id != null) {
                    gpuIds.add(id);
                }
            });
        }
        long mask = Capability.mask(caps);
        String driver = "driver " + version;
        IoctlTable frontend = FrontendTable.build(abi, mask, driver, HostDevice.NATIVE,
                new FrontendHandlers(HostDevice.NATIVE, minors, gpuIds));
        LOG.info("nvproxy: {} (branch {} ABI), capabilities {}, GPUs {}", driver, abi.branch(),
                Capability.labels(mask), minors);
        List<HostFd> held = new ArrayList<>();
        try {
            for (Path n : nodes) {
                if (NvidiaDevices.minorOf(n).isPresent()) {
                    held.add(NvidiaDevices.open(n));
                }
            }
        } catch (RuntimeException e) {
            held.forEach(HostFd::close);
            throw e;
        }
        return Optional.of(new NvProxy(frontend, UvmTable.build(abi), FrontendHandlers.NV_MAJOR_DEVICE_NUMBER,
                charMajor(Path.of("/proc/devices"), NvidiaDevices.UVM), mask, held));
    }

    @Override
    public List<IoctlTable> tables() {
        DriverAbi abi = new Abi580();
        long all = Capability.mask(Capability.values());
        IoctlTable frontend = FrontendTable.build(abi, all, "docs", HostDevice.NATIVE,
                new FrontendHandlers(HostDevice.NATIVE, Set.of(), Set.of()));
        return List.of(frontend, UvmTable.build(abi));
    }

    @Override
    public String docs() {
        return NvDocs.markdown();
    }

    /** The major of a char driver by name in /proc/devices, or -1. */
    static int charMajor(Path procDevices, String driver) {
        try {
            boolean chars = false;
            for (String line : Files.readAllLines(procDevices)) {
                if (line.startsWith("Character devices")) {
                    chars = true;
                } else if (line.startsWith("Block devices")) {
                    chars = false;
                } else if (chars) {
                    String[] f = line.trim().split("\\s+");
                    if (f.length == 2 && f[1].equals(driver)) {
                        return Integer.parseInt(f[0]);
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            LOG.warn("nvproxy: cannot read {}: {}", procDevices, e.toString());
        }
        return -1;
    }
}
