package dev.sluice.sentry.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a {@link DeviceProxyProvider} learns about the sandbox it is asked to serve.
 *
 * @param grantedDevices host device nodes that appear in the sandbox's /dev
 * @param enabledProxies names of opt-in proxies the user asked for ({@code --proxy NAME})
 * @param options proxy options, {@code nvproxy.driver-version=580.159.04} style keys
 */
public record ProxyConfig(
        List<Path> grantedDevices, Set<String> enabledProxies, Map<String, String> options) {
    public ProxyConfig {
        grantedDevices = List.copyOf(grantedDevices);
        enabledProxies = Set.copyOf(enabledProxies);
        options = Map.copyOf(options);
    }

    public boolean enabled(String proxyName) {
        return enabledProxies.contains(proxyName);
    }

    public String option(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }
}
