package dev.sluice.sentry.launch;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the user asked for: the command and the sandbox around it. The plan compiler turns it into
 * a {@link LaunchPlan}; the runner turns it into proxies.
 *
 * @param command        the workload's argv; {@code command.get(0)} is searched in {@code PATH}
 * @param env            the workload's whole environment, {@code NAME=VALUE}
 * @param cwd            the working directory inside the sandbox
 * @param rootfs         the root filesystem, mounted read-only; the host's {@code /} when null
 * @param network        {@link Network#HOST} shares the host's network namespace
 * @param devices        host device nodes granted into the sandbox's /dev
 * @param hostname       the UTS hostname, or null to keep the host's
 * @param proxies        opt-in proxies to enable by name
 * @param proxyOptions   options for proxies, see {@link dev.sluice.sentry.spi.ProxyConfig}
 * @param sysView        what the sandbox sees of the granted devices in /sys (applied on the host's
 *                       root only: a {@code --rootfs} has no /sys of the host)
 */
public record SandboxSpec(List<String> command, List<String> env, String cwd, Path rootfs, Network network,
                          List<Path> devices, String hostname, Set<String> proxies, Map<String, String> proxyOptions,
                          SysView sysView) {
    public enum Network { HOST, NONE }

    /** A sandbox that sees the host's /sys as it is. */
    public SandboxSpec(List<String> command, List<String> env, String cwd, Path rootfs, Network network,
                       List<Path> devices, String hostname, Set<String> proxies, Map<String, String> proxyOptions) {
        this(command, env, cwd, rootfs, network, devices, hostname, proxies, proxyOptions, SysView.NONE);
    }

    public SandboxSpec {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run");
        }
        command = List.copyOf(command);
        env = List.copyOf(env);
        devices = List.copyOf(devices);
        proxies = Set.copyOf(proxies);
        proxyOptions = Map.copyOf(proxyOptions);
        if (sysView == null) {
            sysView = SysView.NONE;
        }
    }
}
