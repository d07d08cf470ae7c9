package dev.sluice.oci.launch;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The device nodes of {@code linux.devices} that the container's sentry opens for it ({@link
 * dev.sluice.sentry.spi.DeviceProxy#opensDevices}: RDMAProxy's strict mode): the OCI counterpart of
 * the nodev binds of {@code sluice run}. Each is the host's node bound at its path in the container
 * and made {@code nodev}, never a node made with mknod: stat still shows the device, but an open by
 * the container fails EACCES ({@code may_open_dev}, fs/namei.c), so the only file of the device the
 * container can have is the one the sentry opens and installs.
 *
 * <p>The sentry knows a node by its host path: it opens that path itself, in its own (the host's)
 * mount namespace, and serves an open whose path is exactly that string. A served node must
 * therefore be listed at the path its host node has ({@code /dev/infiniband/uverbs0} for the host's
 * {@code /dev/infiniband/uverbs0}, which is also the name libibverbs opens, from sysfs): the string
 * the container opens is then the host node the config granted, whatever the container's own tree
 * makes of that path. A node of the device listed under another path is refused: the sentry would
 * not serve it, and the host path the container could ask for might name another device there.
 */
final class ServedNodes {
    private ServedNodes() {}

    /**
     * One served node.
     *
     * @param path its path in the container, as {@code linux.devices} lists it (the host node's)
     * @param destination that path resolved in the container ({@link ContainerPaths})
     * @param hostNode the host node bound there, the one the sentry opens
     */
    record Node(String path, String destination, Path hostNode) {}

    /**
     * The entries of {@code linux.devices} whose host node is among {@code opened} (the proxies'
     * host paths), with their destinations from {@code destinations} (each device path resolved in
     * the container, {@link OciSpecChecks.Checked#devicePaths}); refuses, naming the entry, one
     * that is not at its host node's path.
     */
    static List<Node> of(
            Spec spec, String file, Map<String, String> destinations, List<Path> opened) {
        List<Node> out = new ArrayList<>();
        if (opened.isEmpty() || spec.linux() == null) {
            return out;
        }
        List<Spec.Device> devices = spec.linux().devices();
        for (int i = 0; i < devices.size(); i++) {
            Spec.Device d = devices.get(i);
            if (d.type().equals("b") || d.type().equals("p")) {
                continue;
            }
            Path host = OciSpecChecks.findHostNode(d);
            if (host == null || !opened.contains(host)) {
                continue;
            }
            if (!Path.of(d.path()).equals(host)) {
                throw new SpecException(
                        file,
                        "linux.devices[" + i + "].path",
                        d.path()
                                + " is the host's "
                                + host
                                + ", whose opens the sentry serves (RDMAProxy's strict mode): list"
                                + " it at "
                                + host
                                + ", the path the sentry opens for the container");
            }
            out.add(new Node(d.path(), destinations.get(d.path()), host));
        }
        return out;
    }
}
