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
 */
public record SandboxSpec(List<String> command, List<String> env, String cwd, Path rootfs, Network network,
                          List<Path> devices, String hostname, Set<String> proxies, Map<String, String> proxyOptions) {
    public enum Network { HOST, NONE }

    public SandboxSpec {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to run");
        }
        command = List.copyOf(command);
        env = List.copyOf(env);
        devices = List.copyOf(devices);
        proxies = Set.copyOf(proxies);
        proxyOptions = Map.copyOf(proxyOptions);
    }
}
