package dev.sluice.cli;

import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.DeviceProxyProvider;
import dev.sluice.sentry.spi.ProxyConfig;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/**
 * What this installation of sluice has: its native helpers (bin/lib) and the device proxies on its
 * class path.
 */
final class Installation {
    private Installation() {}

    /** bin/lib: {@code -Dsluice.libexec}, else the directory of the running jar. */
    static Path libexec() {
        String p = System.getProperty("sluice.libexec");
        if (p != null) {
            return Path.of(p);
        }
        Path jar = codeSource();
        if (jar == null) {
            throw new IllegalStateException(
                    "cannot locate sluice's native helpers; set -Dsluice.libexec");
        }
        return Files.isDirectory(jar) ? jar : jar.getParent();
    }

    /**
     * Where sluice's classes come from: bin/lib/sluice.jar, or a class directory; null if unknown.
     */
    static Path codeSource() {
        try {
            return Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /**
     * This installation's launcher, bin/sluice, as an absolute path (it may not exist in tests).
     */
    static Path launcher() {
        return libexec().toAbsolutePath().getParent().resolve("sluice");
    }

    /**
     * Sluice's CDI spec of this host's NVIDIA GPUs, as {@code sluice cdi generate} writes it: for a
     * config in the shape {@code docker run --gpus} gives, and {@code sluice run --rootfs --gpus}.
     *
     * @throws IllegalStateException when the host has no NVIDIA driver
     */
    static dev.sluice.oci.cdi.CdiSpec hostGpus() {
        return dev.sluice.oci.cdi.nvidia.NvidiaCdiGenerator.generate(
                dev.sluice.oci.cdi.nvidia.NvidiaHost.discover(
                        Path.of("/"),
                        dev.sluice.oci.cdi.nvidia.LdCache.hostListing(),
                        CdiGenerateCommand.searchPath()),
                launcher().toString(),
                CdiGenerateCommand.hookEnv());
    }

    /** This build's id (bin/lib/sluice.id, written by the build), or "unknown" without one. */
    static String build() {
        try {
            return Files.readString(libexec().resolve("sluice.id")).trim();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }

    static Path helper(String name) {
        Path p = libexec().resolve(name);
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException(
                    name + " not found at " + p + " (run `mvn package` first)");
        }
        return p;
    }

    static List<DeviceProxyProvider> providers() {
        List<DeviceProxyProvider> out = new ArrayList<>();
        ServiceLoader.load(DeviceProxyProvider.class).forEach(out::add);
        return out;
    }

    /**
     * Builds once the ioctl tables of every installed proxy that this host's device nodes ({@code
     * /dev} and {@code /dev/infiniband}) would bring into a sandbox, and returns their names: a
     * spare sentry's warm-up, so that the tables' classes are initialised and their code compiled
     * before a GPU or RDMA sandbox's create builds them again for its driver (NVProxy's took some
     * 90 ms the first time in a JVM, under a millisecond after). A proxy whose tables fail to build
     * is skipped: its sandbox's create reports why.
     */
    static List<String> warmHostTables() {
        List<Path> nodes = new ArrayList<>();
        for (Path dir : List.of(Path.of("/dev"), Path.of("/dev/infiniband"))) {
            try (var list = Files.list(dir)) {
                list.filter(n -> !Files.isDirectory(n)).forEach(nodes::add);
            } catch (java.io.IOException e) {
                // no such directory here
            }
        }
        return warmTables(nodes);
    }

    /** As {@link #warmHostTables}, for a host whose device nodes are {@code nodes}. */
    static List<String> warmTables(List<Path> nodes) {
        ProxyConfig host = new ProxyConfig(nodes, java.util.Set.of(), java.util.Map.of());
        List<String> warmed = new ArrayList<>();
        for (DeviceProxyProvider p : providers()) {
            if (p instanceof dev.sluice.sentry.ioctl.IoctlTableSource tables && p.wanted(host)) {
                try {
                    tables.tables();
                    warmed.add(p.name());
                } catch (RuntimeException e) {
                    // the create that needs them says why
                }
            }
        }
        return warmed;
    }

    /** The proxies a sandbox with {@code config} needs; unknown opt-in names are an error. */
    static List<DeviceProxy> proxies(ProxyConfig config) {
        List<DeviceProxyProvider> providers = checkedProviders(config);
        List<DeviceProxy> out = new ArrayList<>();
        for (DeviceProxyProvider p : providers) {
            p.create(config).ifPresent(out::add);
        }
        return out;
    }

    /** Whether any installed proxy wants this sandbox (without opening a device). */
    static boolean anyProxyWanted(ProxyConfig config) {
        return checkedProviders(config).stream().anyMatch(p -> p.wanted(config));
    }

    /**
     * The installed providers, once every opt-in proxy the config names is known to be one of them
     * and no device the sandbox gets without a host node is one that a proxy mediates.
     */
    private static List<DeviceProxyProvider> checkedProviders(ProxyConfig config) {
        List<DeviceProxyProvider> providers = providers();
        for (CharDevice d : config.nodelessDevices()) {
            for (DeviceProxyProvider p : providers) {
                if (p.mediates(d)) {
                    throw new IllegalArgumentException(
                            "char device "
                                    + d
                                    + " is one "
                                    + p.name()
                                    + " mediates, and the sandbox could reach it without its host"
                                    + " node being granted (a linux.devices entry the host lacks,"
                                    + " or a linux.resources.devices rule that opens it to a"
                                    + " process holding CAP_MKNOD): a mediated device is granted"
                                    + " from its host node only");
                }
            }
        }
        Set<String> known = new TreeSet<>();
        providers.forEach(p -> known.add(p.name()));
        for (String name : config.enabledProxies()) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown proxy '"
                                + name
                                + "' (installed: "
                                + String.join(", ", known)
                                + ")");
            }
        }
        return providers;
    }
}
