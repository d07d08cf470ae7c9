package dev.sluice.cli.run;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code sluice run} was asked for, as its options gave it and before anything is checked:
 * {@link SandboxPolicy} turns it into the sandbox.
 *
 * @param command the command and its arguments
 * @param rootfs {@code --rootfs}, or null for the host's /
 * @param net {@code --net} ({@code host} or {@code none}), or null for the default
 * @param env {@code --env}, {@code NAME=VALUE} or {@code NAME}
 * @param devices {@code --device}
 * @param rdmaDevices {@code --rdma}: RDMA device names
 * @param rdmaNetdevs {@code --rdma-netdev}: {@code IFACE[=NAME]}
 * @param strictArpOnHost {@code --rdma-strict-arp}
 * @param rdmaCm {@code --rdma-cm}
 * @param gpus {@code --gpus}, or null
 * @param nvDriverVersion {@code --nvproxy-driver-version}, or null
 * @param nvCaps {@code --nvproxy-caps}
 * @param hostname {@code --hostname}, or null
 * @param proxies {@code --proxy}: opt-in proxies by name
 * @param seccompProfile {@code --seccomp-profile}: a file, {@link SandboxPolicy#UNCONFINED}, or
 *     null for the default
 * @param allowIoUring {@code --allow-io-uring}
 */
public record RunRequest(
        List<String> command,
        Path rootfs,
        String net,
        List<String> env,
        List<Path> devices,
        List<String> rdmaDevices,
        List<String> rdmaNetdevs,
        boolean strictArpOnHost,
        boolean rdmaCm,
        String gpus,
        String nvDriverVersion,
        String nvCaps,
        String hostname,
        List<String> proxies,
        String seccompProfile,
        boolean allowIoUring) {
    public RunRequest {
        command = List.copyOf(command);
        env = List.copyOf(env);
        devices = List.copyOf(devices);
        rdmaDevices = List.copyOf(rdmaDevices);
        rdmaNetdevs = List.copyOf(rdmaNetdevs);
        proxies = List.copyOf(proxies);
    }
}
