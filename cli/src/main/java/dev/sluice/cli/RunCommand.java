package dev.sluice.cli;

import dev.sluice.nvproxy.NvProxyProvider;
import dev.sluice.nvproxy.NvidiaDevices;
import dev.sluice.rdmaproxy.UverbsDevices;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.rdmaproxy.net.RdmaLinks;
import dev.sluice.rdmaproxy.net.StrongArp;
import dev.sluice.oci.launch.SeccompProfile;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.SandboxRunner;
import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.launch.SandboxSpec;
import dev.sluice.sentry.launch.SysView;
import dev.sluice.sentry.seccomp.DefaultProfile;
import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.ProxyConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import jnr.posix.POSIXFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice run [options] -- CMD [ARGS...]}: runs CMD in a sandbox and returns its exit code
 * (128+N when it dies of signal N; 125 when sluice itself fails; 126/127 when CMD cannot be run).
 */
@Command(name = "run", sortOptions = false, mixinStandardHelpOptions = true,
        description = {
            "Run CMD in a sandbox: new mount, pid, ipc and uts namespaces; the host root (or --rootfs) read-only;",
            "a private /tmp; a minimal /dev with only the devices granted by --device; a /proc of its own;",
            "the container engines' default syscall profile. Device ioctls of the active proxies pass through the sentry."})
final class RunCommand implements Callable<Integer> {
    /** {@code --seccomp-profile unconfined}: no syscall profile (docker's {@code seccomp=unconfined}). */
    static final String UNCONFINED = "unconfined";

    @Option(names = "--rootfs", paramLabel = "DIR", description = "Root filesystem (default: the host's /), mounted read-only.")
    Path rootfs;

    @Option(names = "--net", paramLabel = "MODE",
            description = "host (share the host's network) or none (a new namespace with only lo, and the --rdma-netdev netdevs)."
                    + " Default: host, or none with --rdma-netdev.")
    String net;

    @Option(names = {"-e", "--env"}, paramLabel = "NAME=VALUE", description = "Set an environment variable (repeatable). The caller's environment is kept otherwise.")
    List<String> env = new ArrayList<>();

    @Option(names = "--device", paramLabel = "PATH", description = "Grant a host device node into the sandbox's /dev (repeatable).")
    List<Path> devices = new ArrayList<>();

    @Option(names = "--rdma", paramLabel = "DEV", description = "Grant the uverbs node of RDMA device DEV (e.g. rxe0, mlx5_0), mediated by RDMAProxy (repeatable).")
    List<String> rdmaDevices = new ArrayList<>();

    @Option(names = "--rdma-netdev", paramLabel = "IFACE[=NAME]",
            description = {"Move the host netdev IFACE into the sandbox's own network namespace (as NAME), with its addresses,"
                    + " MTU and routes, so that RoCE GIDs stay populated; it comes back to the host with them when the sandbox"
                    + " ends. The sandbox's namespace gets arp_ignore=1 and arp_announce=2 (repeatable)."})
    List<String> rdmaNetdevs = new ArrayList<>();

    @Option(names = "--rdma-strict-arp",
            description = "With --net host: set arp_ignore=1 and arp_announce=2 on the host (all, and the netdevs of the --rdma devices)."
                    + " This changes the host for everyone and stays after the sandbox.")
    boolean strictArpOnHost;

    @Option(names = "--rdma-cm", description = "Grant /dev/infiniband/rdma_cm (the RDMA connection manager; its write() commands are not mediated).")
    boolean rdmaCm;

    @Option(names = "--gpus", paramLabel = "all|N[,M...]",
            description = "Grant NVIDIA GPUs (all, or device indices) with /dev/nvidiactl and /dev/nvidia-uvm, mediated by NVProxy.")
    String gpus;

    @Option(names = "--nvproxy-driver-version", paramLabel = "VERSION",
            description = "Use this driver version's ABI instead of the detected one (e.g. 580.159.04).")
    String nvDriverVersion;

    @Option(names = "--nvproxy-caps", paramLabel = "LIST", defaultValue = "compute,utility",
            description = "NVIDIA driver capabilities: compute, utility, rdma (DMABUF export), or all. Default: ${DEFAULT-VALUE}.")
    String nvCaps;

    @Option(names = "--accept-racy-continue",
            description = "Do not warn at start that the active proxies have racy CONTINUE rows (a workload that races the"
                    + " sentry bypasses their checks; docs/security-model.md): the workload is trusted.")
    boolean acceptRacyContinue;

    @Option(names = "--hostname", paramLabel = "NAME", description = "Hostname inside the sandbox (default: the host's).")
    String hostname;

    @Option(names = "--proxy", paramLabel = "NAME", description = "Enable an opt-in device proxy, e.g. the diagnostic 'pty' proxy (repeatable). See `sluice proxies`.")
    List<String> proxies = new ArrayList<>();

    @Option(names = "--seccomp-profile", paramLabel = "FILE|unconfined",
            description = {"The workload's syscall profile: an OCI linux.seccomp JSON file, or unconfined for none."
                    + " Default: the container engines' default profile (as docker run and podman run load it),"
                    + " resolved for the sandbox's capabilities."})
    String seccompProfile;

    @Option(names = "--allow-io-uring",
            description = "Keep io_uring (io_uring_setup, _enter, _register) where a device proxy traps ioctls; Sluice's"
                    + " own filter refuses it there (EPERM), since a ring creates sockets and issues driver commands"
                    + " without the syscalls the filter sees. The syscall profile still applies (the default one refuses it).")
    boolean allowIoUring;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write a Chrome/Perfetto trace (JSON) of every trapped ioctl.")
    Path trace;

    @Option(names = "--stats", description = "Print counts and p50/p99 latency of trapped ioctls by device, request and disposition at exit.")
    boolean stats;

    @Parameters(arity = "1..*", paramLabel = "CMD", description = "The command and its arguments.")
    List<String> command = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        if (POSIXFactory.getNativePOSIX().geteuid() != 0) {
            throw new IllegalStateException("sluice run needs root: it creates mount and pid namespaces");
        }
        SyscallProfile profile = syscallProfile(); // a bad file fails before anything changes on the host
        TestFaults.active(); // so does a malformed SLUICE_TEST_FAULTS (the tests' switch)
        List<NetdevMover.Grant> netdevs = rdmaNetdevs.stream().map(NetdevMover.Grant::parse).toList();
        String mode = net != null ? net : netdevs.isEmpty() ? "host" : "none";
        SandboxSpec.Network network = switch (mode) {
            case "host" -> SandboxSpec.Network.HOST;
            case "none" -> SandboxSpec.Network.NONE;
            default -> throw new IllegalArgumentException("--net must be host or none, not '" + net + "'");
        };
        if (network == SandboxSpec.Network.HOST && !netdevs.isEmpty()) {
            throw new IllegalArgumentException("--rdma-netdev moves a netdev into the sandbox's own network namespace: not with --net host");
        }
        if (strictArpOnHost && network != SandboxSpec.Network.HOST) {
            throw new IllegalArgumentException("--rdma-strict-arp is for --net host; a sandbox's own namespace always gets the strict settings");
        }
        if (rootfs != null && !Files.isDirectory(rootfs)) {
            throw new IllegalArgumentException("--rootfs " + rootfs + ": no such directory");
        }
        List<Path> requested = new ArrayList<>(devices);
        if (gpus != null) {
            requested.addAll(NvidiaDevices.nodes(Path.of("/dev"), gpus));
        }
        for (String dev : rdmaDevices) {
            requested.add(UverbsDevices.node(Path.of("/sys"), dev));
        }
        if (rdmaCm) {
            Path cm = Path.of("/dev/infiniband/rdma_cm");
            if (!Files.exists(cm)) {
                throw new IllegalArgumentException("--rdma-cm: " + cm + " does not exist (is rdma_ucm loaded?)");
            }
            requested.add(cm);
        }
        List<Path> granted = new ArrayList<>();
        for (Path d : requested) {
            Path abs = d.toAbsolutePath().normalize();
            if (!Files.exists(abs) || Files.isDirectory(abs) || Files.isRegularFile(abs)) {
                throw new IllegalArgumentException("--device " + d + ": not a device node");
            }
            if (!granted.contains(abs)) {
                granted.add(abs);
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        options.put(NvProxyProvider.OPT_CAPABILITIES, nvCaps);
        if (nvDriverVersion != null) {
            options.put(NvProxyProvider.OPT_DRIVER_VERSION, nvDriverVersion);
        }
        ProxyConfig config = new ProxyConfig(granted, new LinkedHashSet<>(proxies), options);
        List<DeviceProxy> active = Runtime.proxies(config);
        if (!acceptRacyContinue) {
            DeviceProxy.racyWarning(active).ifPresent(w -> System.err.println("sluice: warning: " + w
                    + " (--accept-racy-continue accepts them)"));
        }
        Path root = rootfs == null ? null : rootfs.toAbsolutePath().normalize();
        // A sandbox granted uverbs nodes sees only their RDMA devices in /sys (and no RDMA netlink).
        List<String> uverbs = granted.stream().filter(d -> d.getParent() != null
                && d.getParent().equals(Path.of("/dev/infiniband")) && d.getFileName().toString().startsWith("uverbs"))
                .map(d -> d.getFileName().toString()).toList();
        SysView view = uverbs.isEmpty() ? SysView.NONE : UverbsDevices.sysView(Path.of("/sys"), uverbs);
        if (strictArpOnHost) {
            List<String> hostNetdevs = new ArrayList<>();
            rdmaDevices.forEach(d -> hostNetdevs.addAll(RdmaLinks.netdevsOf(Path.of("/sys"), d)));
            for (String line : StrongArp.applyOnHost(Path.of("/proc/sys"), hostNetdevs)) {
                System.err.println("sluice: host sysctl " + line);
            }
        }
        boolean rdma = !uverbs.isEmpty() || !netdevs.isEmpty();
        Map<String, String> sysctls = network == SandboxSpec.Network.NONE && rdma
                ? StrongArp.sysctls(netdevs.stream().map(NetdevMover.Grant::innerName).toList()) : Map.of();
        SandboxSpec spec = new SandboxSpec(command, environment(), PlanCompiler.keepCwd(root, System.getProperty("user.dir")),
                root, network, granted, hostname, config.enabledProxies(), config.options(), view, !netdevs.isEmpty(), sysctls,
                profile, allowIoUring);
        SandboxRunner runner = new SandboxRunner(Runtime.libexec(), System.err);
        NetdevMover mover = netdevs.isEmpty() ? null : NetdevMover.onHost();
        AtomicReference<NetdevMover.Moved> moved = new AtomicReference<>();
        try {
            if (mover != null) {
                for (String dev : mover.recoverStale()) {
                    System.err.println("sluice: netdev " + dev + " restored to the host from a sandbox that ended without giving it back");
                }
            }
            return runner.run(spec, active, new SandboxRunner.Options(stats, trace, 2, 64),
                    mover == null ? null : pid1 -> moveNetdevs(mover, netdevs, pid1, moved));
        } finally {
            active.forEach(DeviceProxy::close);
            if (moved.get() != null) {
                for (String failure : moved.get().restore()) {
                    System.err.println("sluice: " + failure);
                }
            }
        }
    }

    /** The runner's host setup: the netdevs into the namespace of the sandbox's pid 1; null, or why not. */
    private static String moveNetdevs(NetdevMover mover, List<NetdevMover.Grant> netdevs, int pid1,
                                      AtomicReference<NetdevMover.Moved> moved) {
        HostProcess owner = HostProcess.of(pid1);
        if (owner == null) {
            return "the sandbox ended while its netdevs were being moved";
        }
        try {
            moved.set(mover.moveIn(netdevs, owner, "sluice run (pid " + ProcessHandle.current().pid() + ")"));
            return null;
        } catch (NetdevException e) {
            return e.getMessage();
        }
    }

    /**
     * The profile of {@code --seccomp-profile}: the built-in default (the plan compiler resolves its
     * conditions for the sandbox's capabilities), a file's OCI profile, or none for {@code unconfined}.
     */
    private SyscallProfile syscallProfile() {
        if (seccompProfile == null) {
            return DefaultProfile.get();
        }
        if (seccompProfile.equals(UNCONFINED)) {
            return null;
        }
        Path file = Path.of(seccompProfile);
        return SeccompProfile.of(SpecLoader.loadSeccomp(file), file.toString(), "", false);
    }

    /** The caller's environment with --env applied; {@code NAME} alone imports the caller's value. */
    private List<String> environment() {
        Map<String, String> m = new LinkedHashMap<>(System.getenv());
        for (String e : env) {
            int eq = e.indexOf('=');
            if (eq == 0) {
                throw new IllegalArgumentException("--env " + e + ": empty name");
            }
            if (eq < 0) {
                String v = System.getenv(e);
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
