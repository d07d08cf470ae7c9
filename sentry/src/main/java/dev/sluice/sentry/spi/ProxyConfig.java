package dev.sluice.sentry.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link DeviceProxyProvider} learns about the sandbox it is asked to serve.
 *
 * @param grantedDevices host device nodes that appear in the sandbox's /dev
 * @param nodelessDevices char device numbers the sandbox's /dev gets (an OCI {@code linux.devices}
 *     entry made with mknod) that no host node has; none may be one a proxy mediates ({@link
 *     DeviceProxyProvider#mediates})
 * @param enabledProxies names of opt-in proxies the user asked for ({@code --proxy NAME})
 * @param options proxy options, {@code nvproxy.driver-version=580.159.04} style keys
 */
public record ProxyConfig(
        List<Path> grantedDevices,
        List<CharDevice> nodelessDevices,
        Set<String> enabledProxies,
        Map<String, String> options) {
    public ProxyConfig {
        grantedDevices = List.copyOf(grantedDevices);
        nodelessDevices = List.copyOf(nodelessDevices);
        enabledProxies = Set.copyOf(enabledProxies);
        options = Map.copyOf(options);
    }

    /** A sandbox whose every device has a host node ({@code sluice run}). */
    public ProxyConfig(
            List<Path> grantedDevices, Set<String> enabledProxies, Map<String, String> options) {
        this(grantedDevices, List.of(), enabledProxies, options);
    }

    public boolean enabled(String proxyName) {
        return enabledProxies.contains(proxyName);
    }

    public String option(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }
}
