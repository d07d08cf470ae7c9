package dev.sluice.sentry.launch;

import dev.sluice.sentry.seccomp.DefaultProfile;
import dev.sluice.sentry.seccomp.SyscallProfile;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the user asked for: the command and the sandbox around it. The plan compiler turns it into a
 * {@link LaunchPlan}; the runner turns it into proxies.
 *
 * @param command the workload's argv; {@code command.get(0)} is searched in {@code PATH}
 * @param env the workload's whole environment, {@code NAME=VALUE}
 * @param cwd the working directory inside the sandbox
 * @param rootfs the root filesystem, mounted read-only; the host's {@code /} when null
 * @param network {@link Network#HOST} shares the host's network namespace
 * @param devices host device nodes granted into the sandbox's /dev
 * @param hostname the UTS hostname, or null to keep the host's
 * @param proxies opt-in proxies to enable by name
 * @param proxyOptions options for proxies, see {@link dev.sluice.sentry.spi.ProxyConfig}
 * @param sysView what the sandbox sees of the granted devices in /sys (applied on the host's root
 *     only: a {@code --rootfs} has no /sys of the host)
 * @param hostSetup whether sluice-init stops once its namespaces exist, before any mount, for the
 *     host to set them up (moving netdevs into the new network namespace); the runner's {@link
 *     dev.sluice.sentry.SandboxRunner.HostSetup} runs then
 * @param netSysctls written by sluice-init after that stop, in the sandbox's network namespace:
 *     paths under /proc/sys to values, in order
 * @param seccomp the workload's syscall profile, a second filter loaded right before exec, possibly
 *     conditional on the sandbox (the plan compiler resolves it for the workload's capabilities);
 *     null for none ({@code --seccomp-profile unconfined})
 * @param allowIoUring keep io_uring where the sentry traps ioctls; by default Sluice's own filter
 *     refuses it there (io_uring submits socket() and driver commands without the syscalls the
 *     filter sees)
 */
public record SandboxSpec(
        List<String> command,
        List<String> env,
        String cwd,
        Path rootfs,
        Network network,
        List<Path> devices,
        String hostname,
        Set<String> proxies,
        Map<String, String> proxyOptions,
        SysView sysView,
        boolean hostSetup,
        Map<String, String> netSysctls,
        SyscallProfile seccomp,
        boolean allowIoUring,
        Injection injection) {
    public enum Network {
        HOST,
        NONE
    }

    /** Nothing injected. */
    public SandboxSpec(
            List<String> command,
            List<String> env,
            String cwd,
            Path rootfs,
            Network network,
            List<Path> devices,
            String hostname,
            Set<String> proxies,
            Map<String, String> proxyOptions,
            SysView sysView,
            boolean hostSetup,
            Map<String, String> netSysctls,
            SyscallProfile seccomp,
            boolean allowIoUring) {
        this(
                command,
                env,
                cwd,
                rootfs,
                network,
                devices,
                hostname,
                proxies,
                proxyOptions,
                sysView,
                hostSetup,
                netSysctls,
                seccomp,
                allowIoUring,
                Injection.NONE);
    }

    /** With the default syscall profile and no io_uring where ioctls are trapped. */
    public SandboxSpec(
            List<String> command,
            List<String> env,
            String cwd,
            Path rootfs,
            Network network,
            List<Path> devices,
            String hostname,
            Set<String> proxies,
            Map<String, String> proxyOptions,
            SysView sysView,
            boolean hostSetup,
            Map<String, String> netSysctls) {
        this(
                command,
                env,
                cwd,
                rootfs,
                network,
                devices,
                hostname,
                proxies,
                proxyOptions,
                sysView,
                hostSetup,
                netSysctls,
                DefaultProfile.get(),
                false,
                Injection.NONE);
    }

    /** A sandbox that sees the host's /sys as it is, with the default syscall profile. */
    public SandboxSpec(
            List<String> command,
            List<String> env,
            String cwd,
            Path rootfs,
            Network network,
            List<Path> devices,
            String hostname,
            Set<String> proxies,
            Map<String, String> proxyOptions) {
        this(
                command,
                env,
                cwd,
                rootfs,
                network,
                devices,
                hostname,
                proxies,
                proxyOptions,
                SysView.NONE,
                false,
                Map.of());
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
        if (injection == null) {
            injection = Injection.NONE;
        }
        netSysctls =
                java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(netSysctls));
        if (!netSysctls.isEmpty() && network != Network.NONE) {
            throw new IllegalArgumentException(
                    "network sysctls need the sandbox's own network namespace");
        }
        if (seccomp != null && seccomp.notifies()) {
            throw new IllegalArgumentException(
                    "SCMP_ACT_NOTIFY needs a seccomp agent, which only OCI containers have"
                            + " (linux.seccomp.listenerPath); sluice run has none");
        }
    }
}
