package dev.sluice.oci.launch;

import dev.sluice.oci.cgroup.DeviceRules;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.ProxyConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which device proxies an OCI container gets, from its config: every {@code linux.devices} node (by
 * its host node, or by number where the host has none, so NVProxy starts for {@code /dev/nvidia*}
 * and RDMAProxy for {@code /dev/infiniband/uverbs*}), the opt-in proxies named in the {@code
 * dev.sluice.proxies} annotation, and the proxy options given as {@code dev.sluice.<option>}
 * annotations ({@code dev.sluice.nvproxy.capabilities}, {@code dev.sluice.nvproxy.driver-version},
 * {@code dev.sluice.rdmaproxy.generic}).
 */
public final class ProxySelection {
    private ProxySelection() {}

    public static ProxyConfig of(Spec spec, String file) {
        return of(spec, file, Map.of());
    }

    /**
     * As above, for a container in {@code cgroup} (as state.json records it, or create plans it):
     * where its process keeps {@code CAP_MKNOD} there ({@link ProcessOps#keepsMknod}), every char
     * device its device rules open counts as one it could reach without a host node
     * (ProxyConfig#nodelessDevices), unless {@code linux.devices} grants that very number: a node
     * it made of a mediated device would reach the driver unmediated, so the providers refuse it.
     */
    public static ProxyConfig of(Spec spec, String file, Map<String, String> cgroup) {
        Set<String> enabled = new LinkedHashSet<>();
        String named = spec.annotations().get(OciPlanCompiler.ANNOTATION_PROXIES);
        if (named != null) {
            for (String n : named.split(",")) {
                String t = n.trim();
                if (t.isEmpty()) {
                    throw new SpecException(
                            file,
                            "annotations." + OciPlanCompiler.ANNOTATION_PROXIES,
                            "empty proxy name in \"" + named + "\"");
                }
                enabled.add(t);
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        for (String opt : OciPlanCompiler.PROXY_OPTIONS) {
            String v = spec.annotations().get(OciPlanCompiler.ANNOTATION_PREFIX + opt);
            if (v != null) {
                options.put(opt, v);
            }
        }
        OciSpecChecks.HostDevices devices = OciSpecChecks.hostDevices(spec);
        List<CharDevice> nodeless = new ArrayList<>(devices.nodeless());
        if (ProcessOps.keepsMknod(spec, cgroup)) {
            List<CharDevice> listed =
                    spec.linux().devices().stream()
                            .filter(d -> !d.type().equals("b") && !d.type().equals("p"))
                            .map(d -> new CharDevice(d.major().intValue(), d.minor().intValue()))
                            .toList();
            for (CharDevice d : DeviceRules.opened(spec)) {
                if (!listed.contains(d) && !nodeless.contains(d)) {
                    nodeless.add(d);
                }
            }
        }
        return new ProxyConfig(devices.nodes(), nodeless, enabled, options);
    }
}
