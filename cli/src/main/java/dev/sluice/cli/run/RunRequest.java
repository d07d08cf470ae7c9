package dev.sluice.cli.run;

import dev.sluice.oci.cdi.CdiSpec;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * What {@code sluice run} was asked for, as its options gave it and before anything is checked:
 * {@link SandboxPolicy} turns it into the sandbox.
 *
 * @param command the command and its arguments
 * @param rootfs {@code --rootfs}, or null for the host's /
 * @param net {@code --net} ({@code host} or {@code none}), or null for the default
 * @param env {@code --env}, {@code NAME=VALUE} or {@code NAME}
 * @param devices {@code --device}: host device paths, or CDI device names ({@code
 *     vendor.com/class=name})
 * @param cdiSpecDirs {@code --cdi-spec-dir}: where CDI specs are read (empty: CDI's defaults)
 * @param rdmaDevices {@code --rdma}: RDMA device names
 * @param rdmaNetdevs {@code --rdma-netdev}: {@code IFACE[=NAME]}
 * @param strictArpOnHost {@code --rdma-strict-arp}
 * @param rdmaCm {@code --rdma-cm}
 * @param rdmaStrict {@code --rdma-strict}
 * @param rdmaGeneric {@code --rdma-generic}: {@code true}, {@code force}, or null without it
 * @param gpus {@code --gpus}, or null
 * @param nvDriverVersion {@code --nvproxy-driver-version}, or null
 * @param nvCaps {@code --nvproxy-caps}
 * @param hostname {@code --hostname}, or null
 * @param proxies {@code --proxy}: opt-in proxies by name
 * @param seccompProfile {@code --seccomp-profile}: a file, {@link SandboxPolicy#UNCONFINED}, or
 *     null for the default
 * @param allowIoUring {@code --allow-io-uring}
 * @param hostGpus Sluice's CDI spec of the host's GPUs, asked for {@code --gpus} on a root of its
 *     own ({@code --rootfs}), whose image carries no driver
 */
public record RunRequest(
        List<String> command,
        Path rootfs,
        String net,
        List<String> env,
        List<String> devices,
        List<Path> cdiSpecDirs,
        List<String> rdmaDevices,
        List<String> rdmaNetdevs,
        boolean strictArpOnHost,
        boolean rdmaCm,
        boolean rdmaStrict,
        String rdmaGeneric,
        String gpus,
        String nvDriverVersion,
        String nvCaps,
        String hostname,
        List<String> proxies,
        String seccompProfile,
        boolean allowIoUring,
        Supplier<CdiSpec> hostGpus) {
    public RunRequest {
        command = List.copyOf(command);
        env = List.copyOf(env);
        devices = List.copyOf(devices);
        cdiSpecDirs = List.copyOf(cdiSpecDirs);
        rdmaDevices = List.copyOf(rdmaDevices);
        rdmaNetdevs = List.copyOf(rdmaNetdevs);
        proxies = List.copyOf(proxies);
    }
}
