package dev.sluice.cli.run;

import dev.sluice.nvproxy.NvProxyProvider;
import dev.sluice.nvproxy.driver.NvidiaDevices;
import dev.sluice.oci.cdi.CdiName;
import dev.sluice.oci.cdi.CdiRegistry;
import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.NvidiaDrmNodes;
import dev.sluice.oci.cdi.NvidiaProcView;
import dev.sluice.oci.launch.SeccompProfile;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.rdmaproxy.RdmaProxyProvider;
import dev.sluice.rdmaproxy.UverbsDevices;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.rdmaproxy.net.RdmaLinks;
import dev.sluice.rdmaproxy.net.StrongArp;
import dev.sluice.sentry.launch.Injection;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.launch.ProcView;
import dev.sluice.sentry.launch.SandboxSpec;
import dev.sluice.sentry.launch.SysView;
import dev.sluice.sentry.seccomp.DefaultProfile;
import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.spi.ProxyConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The sandbox {@code sluice run} makes of a {@link RunRequest}: the options checked against each
 * other; the devices granted ({@code --device}, {@code --gpus}, {@code --rdma}, {@code --rdma-cm});
 * the CDI edits of {@code --device vendor.com/class=name} and, for {@code --gpus} on a root of its
 * own, of Sluice's own spec of the host's driver ({@link CdiInjection}); the driver's /proc as the
 * granted GPUs show it; NVIDIA DRM nodes left out, with a warning; the proxies' configuration; the
 * network (the host's, or a namespace of the sandbox's own with the moved netdevs and the strong
 * host model's sysctls); the filtered /sys of granted RDMA devices; the syscall profile; the
 * environment and working directory. This reads the host and decides; it changes nothing there. The
 * command acts on what it decided: it creates the proxies, writes host sysctls for {@code
 * --rdma-strict-arp}, moves the netdevs and runs the sandbox.
 *
 * <p>It lives in the cli module, not beside {@link SandboxSpec} in the sentry: it needs the
 * proxies' device lookups ({@link NvidiaDevices}, {@link UverbsDevices}), the netdev grants ({@code
 * rdmaproxy.net}) and the OCI profile reader ({@link SeccompProfile}), and the sentry depends on
 * none of them. It needs nothing of picocli.
 */
public final class SandboxPolicy {
    /**
     * {@code --seccomp-profile unconfined}: no syscall profile (docker's {@code
     * seccomp=unconfined}).
     */
    public static final String UNCONFINED = "unconfined";

    private final RunRequest request;
    private final SyscallProfile profile;
    private final List<NetdevMover.Grant> netdevs;
    private final SandboxSpec.Network network;
    private final List<Path> granted;
    private final ProxyConfig proxyConfig;
    private final Injection injection;
    private final List<String> cdiEnv;
    private final List<String> warnings;

    private SandboxPolicy(
            RunRequest request,
            SyscallProfile profile,
            List<NetdevMover.Grant> netdevs,
            SandboxSpec.Network network,
            List<Path> granted,
            ProxyConfig proxyConfig,
            Injection injection,
            List<String> cdiEnv,
            List<String> warnings) {
        this.request = request;
        this.profile = profile;
        this.netdevs = netdevs;
        this.network = network;
        this.granted = granted;
        this.proxyConfig = proxyConfig;
        this.injection = injection;
        this.cdiEnv = List.copyOf(cdiEnv);
        this.warnings = List.copyOf(warnings);
    }

    /** What the CDI edits could not do as asked (lines for stderr). */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Checks the request and finds what it grants. Fails with the option named ({@link
     * IllegalArgumentException}, or the profile file's field) before anything changes on the host.
     */
    public static SandboxPolicy of(RunRequest r) {
        SyscallProfile profile =
                syscallProfile(
                        r.seccompProfile()); // a bad file fails before anything changes on the host
        List<NetdevMover.Grant> netdevs =
                r.rdmaNetdevs().stream().map(NetdevMover.Grant::parse).toList();
        String mode = r.net() != null ? r.net() : netdevs.isEmpty() ? "host" : "none";
        SandboxSpec.Network network =
                switch (mode) {
                    case "host" -> SandboxSpec.Network.HOST;
                    case "none" -> SandboxSpec.Network.NONE;
                    default ->
                            throw new IllegalArgumentException(
                                    "--net must be host or none, not '" + r.net() + "'");
                };
        if (network == SandboxSpec.Network.HOST && !netdevs.isEmpty()) {
            throw new IllegalArgumentException(
                    "--rdma-netdev moves a netdev into the sandbox's own network namespace: not with --net host");
        }
        if (r.strictArpOnHost() && network != SandboxSpec.Network.HOST) {
            throw new IllegalArgumentException(
                    "--rdma-strict-arp is for --net host; a sandbox's own namespace always gets the strict settings");
        }
        if (r.rootfs() != null && !Files.isDirectory(r.rootfs())) {
            throw new IllegalArgumentException("--rootfs " + r.rootfs() + ": no such directory");
        }
        if ((r.rdmaStrict() || r.rdmaCm()) && r.allowIoUring()) {
            throw new IllegalArgumentException(
                    (r.rdmaStrict() ? "--rdma-strict" : "--rdma-cm")
                            + " refuses io_uring (a ring's writes pass no filter): drop --allow-io-uring");
        }
        if (r.rdmaStrict() && r.rdmaDevices().isEmpty()) {
            throw new IllegalArgumentException("--rdma-strict needs an --rdma device to mediate");
        }
        List<Path> requested = new ArrayList<>();
        List<String> cdiNames = new ArrayList<>();
        for (String d : r.devices()) {
            if (CdiName.isQualified(d)) {
                cdiNames.add(d);
            } else {
                requested.add(Path.of(d));
            }
        }
        List<CdiSpec.ContainerEdits> edits = new ArrayList<>();
        if (r.gpus() != null) {
            requested.addAll(NvidiaDevices.nodes(Path.of("/dev"), r.gpus()));
            if (r.rootfs() != null) {
                // An image carries no driver: the host's, as Sluice's own CDI spec lists it.
                try {
                    edits.add(r.hostGpus().get().containerEdits());
                } catch (IllegalStateException e) {
                    throw new IllegalArgumentException(
                            "--gpus with --rootfs: " + e.getMessage(), e);
                }
            }
        }
        if (!cdiNames.isEmpty()) {
            List<Path> dirs =
                    r.cdiSpecDirs().isEmpty() ? CdiRegistry.DEFAULT_DIRS : r.cdiSpecDirs();
            edits.addAll(CdiRegistry.of(dirs).resolve(cdiNames));
        }
        CdiInjection.Result cdi = CdiInjection.of(edits, r.rootfs(), ProcView.NONE);
        for (Path d : cdi.devices()) {
            if (!requested.contains(d)) {
                requested.add(d);
            }
        }
        for (String dev : r.rdmaDevices()) {
            requested.add(UverbsDevices.node(Path.of("/sys"), dev));
        }
        if (r.rdmaCm()) {
            Path cm = Path.of("/dev/infiniband/rdma_cm");
            if (!Files.exists(cm)) {
                throw new IllegalArgumentException(
                        "--rdma-cm: " + cm + " does not exist (is rdma_ucm loaded?)");
            }
            requested.add(cm);
        }
        List<Path> granted = new ArrayList<>();
        List<String> warnings = new ArrayList<>(cdi.warnings());
        for (Path d : requested) {
            Path abs = d.toAbsolutePath().normalize();
            if (!Files.exists(abs) || Files.isDirectory(abs) || Files.isRegularFile(abs)) {
                throw new IllegalArgumentException("--device " + d + ": not a device node");
            }
            if (NvidiaDrmNodes.isNvidia(abs, Path.of("/sys"))) {
                warnings.add(
                        abs
                                + " is a DRM node of an NVIDIA GPU, whose ioctls NVProxy does not mediate: left out");
                continue;
            }
            if (!granted.contains(abs)) {
                granted.add(abs);
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (r.rdmaGeneric() != null) {
            PluginChoice.Generic generic;
            try {
                generic = PluginChoice.Generic.parse(r.rdmaGeneric());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--rdma-generic: " + e.getMessage(), e);
            }
            if (generic != PluginChoice.Generic.OFF) {
                options.put(RdmaProxyProvider.OPT_GENERIC, generic.value());
            }
        }
        options.put(NvProxyProvider.OPT_CAPABILITIES, r.nvCaps());
        if (r.nvDriverVersion() != null) {
            options.put(NvProxyProvider.OPT_DRIVER_VERSION, r.nvDriverVersion());
        }
        if (r.rdmaStrict()) {
            options.put(RdmaProxyProvider.OPT_STRICT, "true");
        }
        if (r.rdmaCm()) {
            // sluice run's plan makes the nodes a proxy opens nodev and traps opens: the sentry
            // opens rdma_cm for the guest and executes its commands (docs/rdma-drivers.md).
            options.put(RdmaProxyProvider.OPT_RDMA_CM, RdmaProxyProvider.RDMA_CM_EXECUTE);
        }
        ProxyConfig config = new ProxyConfig(granted, new LinkedHashSet<>(r.proxies()), options);
        Injection i = cdi.injection();
        Injection injection =
                new Injection(
                        i.binds(),
                        i.links(),
                        i.ldFolders(),
                        NvidiaProcView.of(
                                Path.of("/proc"), granted.stream().map(Path::toString).toList()));
        return new SandboxPolicy(
                r,
                profile,
                netdevs,
                network,
                List.copyOf(granted),
                config,
                injection,
                cdi.env(),
                warnings);
    }

    /**
     * What the proxies are asked for: the granted device nodes, the opt-in proxies, the proxies'
     * options.
     */
    public ProxyConfig proxyConfig() {
        return proxyConfig;
    }

    /**
     * {@code --rdma-netdev}: the host netdevs moved into the sandbox's namespace, and their names
     * there.
     */
    public List<NetdevMover.Grant> netdevs() {
        return netdevs;
    }

    /**
     * For {@code --rdma-strict-arp}: the host netdevs of the {@code --rdma} devices, whose ARP
     * settings (with {@code all}'s) become the strong host model's; empty without the option.
     */
    public List<String> strictArpHostNetdevs() {
        List<String> out = new ArrayList<>();
        if (request.strictArpOnHost()) {
            request.rdmaDevices().forEach(d -> out.addAll(RdmaLinks.netdevsOf(Path.of("/sys"), d)));
        }
        return out;
    }

    /**
     * The sandbox, for a caller whose environment is {@code callerEnv} and whose working directory
     * is {@code callerCwd}: a sandbox granted uverbs nodes sees only their RDMA devices in /sys
     * (and no RDMA netlink); one with RDMA and a network namespace of its own gets the strong host
     * model there.
     */
    public SandboxSpec spec(Map<String, String> callerEnv, String callerCwd) {
        Path root = request.rootfs() == null ? null : request.rootfs().toAbsolutePath().normalize();
        List<String> uverbs =
                granted.stream()
                        .filter(
                                d ->
                                        d.getParent() != null
                                                && d.getParent().equals(Path.of("/dev/infiniband"))
                                                && d.getFileName().toString().startsWith("uverbs"))
                        .map(d -> d.getFileName().toString())
                        .toList();
        SysView view =
                uverbs.isEmpty() ? SysView.NONE : UverbsDevices.sysView(Path.of("/sys"), uverbs);
        boolean rdma = !uverbs.isEmpty() || !netdevs.isEmpty();
        Map<String, String> sysctls =
                network == SandboxSpec.Network.NONE && rdma
                        ? StrongArp.sysctls(
                                netdevs.stream().map(NetdevMover.Grant::innerName).toList())
                        : Map.of();
        return new SandboxSpec(
                request.command(),
                environment(callerEnv),
                PlanCompiler.keepCwd(root, callerCwd),
                root,
                network,
                granted,
                request.hostname(),
                proxyConfig.enabledProxies(),
                proxyConfig.options(),
                view,
                !netdevs.isEmpty(),
                sysctls,
                profile,
                request.allowIoUring(),
                injection);
    }

    /**
     * The profile of {@code --seccomp-profile}: the built-in default (the plan compiler resolves
     * its conditions for the sandbox's capabilities), a file's OCI profile, or none for {@link
     * #UNCONFINED}.
     */
    private static SyscallProfile syscallProfile(String seccompProfile) {
        if (seccompProfile == null) {
            return DefaultProfile.get();
        }
        if (seccompProfile.equals(UNCONFINED)) {
            return null;
        }
        Path file = Path.of(seccompProfile);
        return SeccompProfile.of(SpecLoader.loadSeccomp(file), file.toString(), "", false);
    }

    /**
     * The caller's environment with the CDI edits' env, then --env, applied; {@code NAME} alone
     * imports the caller's value.
     */
    private List<String> environment(Map<String, String> callerEnv) {
        Map<String, String> m = new LinkedHashMap<>(callerEnv);
        for (String e : cdiEnv) {
            int eq = e.indexOf('=');
            m.put(e.substring(0, eq), e.substring(eq + 1));
        }
        for (String e : request.env()) {
            int eq = e.indexOf('=');
            if (eq == 0) {
                throw new IllegalArgumentException("--env " + e + ": empty name");
            }
            if (eq < 0) {
                String v = callerEnv.get(e);
                if (v != null) {
                    m.put(e, v);
                }
            } else {
                m.put(e.substring(0, eq), e.substring(eq + 1));
            }
        }
        List<String> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }
}
