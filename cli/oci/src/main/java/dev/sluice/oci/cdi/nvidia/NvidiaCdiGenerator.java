package dev.sluice.oci.cdi.nvidia;

import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.CdiSpecs;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Sluice's own CDI spec of the host's NVIDIA GPUs ({@code nvidia.com/gpu}), made from an {@link
 * NvidiaHost}: one device per GPU by index and one by UUID, a device {@code all}, and the common
 * edits every GPU container needs (control nodes, the driver's libraries, tools, firmware and the
 * persistence daemon's socket bound read-only at their host paths), with two createContainer hooks
 * that sluice itself runs ({@code sluice hook create-symlinks}, {@code sluice hook update-ldcache})
 * so that the container's linker finds the bound libraries. No NVIDIA container toolkit is needed
 * to make it or to apply it.
 *
 * <p>The environment sets {@code NVIDIA_VISIBLE_DEVICES=void}: an image that carries the toolkit's
 * own hook then has it do nothing, so the GPUs a container gets are exactly the CDI devices asked
 * for.
 *
 * <p>The persistence daemon's socket is bound read-only too: connecting to a UNIX socket needs
 * write permission on the socket's inode, which a read-only mount does not take away (the kernel
 * refuses writes on a read-only mount to regular files, directories and links only; a connect
 * through a read-only bind of a listening socket was checked to succeed).
 */
public final class NvidiaCdiGenerator {
    /** The kind of the spec. */
    public static final String KIND = "nvidia.com/gpu";

    /** The options of every bind mount of the spec. */
    static final List<String> MOUNT_OPTIONS = List.of("ro", "nosuid", "nodev", "bind");

    /**
     * The libraries whose development link ({@code libcuda.so}) programs open by that name
     * (dlopen("libcuda.so") by some frameworks), made by the create-symlinks hook.
     */
    static final List<String> DEV_LINKED = List.of("libcuda.so.", "libnvidia-ml.so.");

    private NvidiaCdiGenerator() {}

    /**
     * The spec of {@code host}'s GPUs.
     *
     * @param sluice the absolute path of the sluice launcher the hooks run
     * @param hookEnv the hooks' whole environment (a hook gets only what its entry lists), as
     *     {@code NAME=VALUE}
     */
    public static CdiSpec generate(NvidiaHost host, String sluice, List<String> hookEnv) {
        if (sluice == null || !sluice.startsWith("/")) {
            throw new IllegalArgumentException(
                    "the sluice launcher's path \"" + sluice + "\" is not absolute");
        }
        if (host.gpus().isEmpty()) {
            throw new IllegalStateException(
                    "the NVIDIA driver "
                            + host.driverVersion()
                            + " is loaded but lists no GPU (/proc/driver/nvidia/gpus is empty)");
        }
        List<CdiSpec.Device> devices = new ArrayList<>();
        List<CdiSpec.DeviceNode> all = new ArrayList<>();
        for (NvidiaHost.Gpu g : host.gpus()) {
            devices.add(device(Integer.toString(g.minor()), List.of(node(g.node()))));
            all.add(node(g.node()));
        }
        for (NvidiaHost.Gpu g : host.gpus()) {
            devices.add(device(g.uuid(), List.of(node(g.node()))));
        }
        devices.add(device("all", all));

        List<CdiSpec.Mount> mounts = new ArrayList<>();
        host.libraries().forEach(l -> mounts.add(bind(l.path())));
        host.binaries().forEach(b -> mounts.add(bind(b)));
        host.firmware().forEach(f -> mounts.add(bind(f)));
        if (host.persistencedSocket() != null) {
            mounts.add(bind(host.persistencedSocket()));
        }

        List<CdiSpec.Hook> hooks = new ArrayList<>();
        List<String> links = new ArrayList<>();
        for (NvidiaHost.Library l : host.libraries()) {
            for (String prefix : DEV_LINKED) {
                if (l.fileName().startsWith(prefix)) {
                    String dev = prefix.substring(0, prefix.length() - 1);
                    links.add("--link");
                    links.add(l.soname() + "::" + join(l.directory(), dev));
                }
            }
        }
        if (!links.isEmpty()) {
            hooks.add(hook(sluice, hookEnv, "create-symlinks", links));
        }
        TreeSet<String> folders = new TreeSet<>();
        host.libraries().forEach(l -> folders.add(l.directory()));
        if (!folders.isEmpty()) {
            List<String> args = new ArrayList<>();
            for (String f : folders) {
                args.add("--folder");
                args.add(f);
            }
            hooks.add(hook(sluice, hookEnv, "update-ldcache", args));
        }

        List<CdiSpec.DeviceNode> controls = new ArrayList<>();
        host.controlNodes().forEach(n -> controls.add(node(n)));
        CdiSpec.ContainerEdits common =
                new CdiSpec.ContainerEdits(
                        List.of("NVIDIA_VISIBLE_DEVICES=void"),
                        controls,
                        mounts,
                        hooks,
                        null,
                        null,
                        null);
        CdiSpec spec = new CdiSpec(CdiSpecs.WRITTEN_VERSION, KIND, null, devices, common);
        CdiSpecs.check(spec, "(generated)");
        return spec;
    }

    private static CdiSpec.Device device(String name, List<CdiSpec.DeviceNode> nodes) {
        return new CdiSpec.Device(
                name, null, new CdiSpec.ContainerEdits(null, nodes, null, null, null, null, null));
    }

    private static CdiSpec.DeviceNode node(String path) {
        return new CdiSpec.DeviceNode(path, null, null, null, null, null, null, null, null);
    }

    private static CdiSpec.Mount bind(String hostPath) {
        return new CdiSpec.Mount(hostPath, hostPath, null, MOUNT_OPTIONS);
    }

    private static CdiSpec.Hook hook(
            String sluice, List<String> env, String command, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("sluice", "hook", command));
        argv.addAll(args);
        return new CdiSpec.Hook("createContainer", sluice, argv, env, null);
    }

    private static String join(String dir, String name) {
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }
}
