package dev.sluice.cli;

import dev.sluice.cli.run.RunRequest;
import dev.sluice.cli.run.SandboxPolicy;
import dev.sluice.oci.OciNative;
import dev.sluice.oci.cdi.CdiName;
import dev.sluice.oci.daemon.SentryWatch;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.rdmaproxy.net.StrongArp;
import dev.sluice.sentry.SandboxRunner;
import dev.sluice.sentry.faults.TestFaults;
import dev.sluice.sentry.launch.HostProcess;
import dev.sluice.sentry.launch.SandboxSpec;
import dev.sluice.sentry.launch.Spawner;
import dev.sluice.sentry.spi.DeviceProxy;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code sluice run [options] -- CMD [ARGS...]}: runs CMD in a sandbox and returns its exit code
 * (128+N when it dies of signal N; 125 when sluice itself fails; 126/127 when CMD cannot be run).
 * What the sandbox gets is {@link SandboxPolicy}'s; this command parses the options and acts on the
 * policy: it creates the proxies, changes the host where asked, and runs the sandbox.
 */
@Command(
        name = "run",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Run CMD in a sandbox: new mount, pid, ipc and uts namespaces; the host root (or --rootfs) read-only;",
            "a private /tmp; a minimal /dev with only the devices granted by --device; a /proc of its own;",
            "the container engines' default syscall profile. Device ioctls of the active proxies pass through the sentry."
        })
final class RunCommand implements Callable<Integer> {
    @Option(
            names = "--rootfs",
            paramLabel = "DIR",
            description = "Root filesystem (default: the host's /), mounted read-only.")
    Path rootfs;

    @Option(
            names = "--net",
            paramLabel = "MODE",
            description =
                    "host (share the host's network) or none (a new namespace with only lo, and the --rdma-netdev netdevs)."
                            + " Default: host, or none with --rdma-netdev.")
    String net;

    @Option(
            names = {"-e", "--env"},
            paramLabel = "NAME=VALUE",
            description =
                    "Set an environment variable (repeatable). The caller's environment is kept otherwise.")
    List<String> env = new ArrayList<>();

    @Option(
            names = "--device",
            paramLabel = "PATH|CDI-NAME",
            description =
                    "Grant a host device node into the sandbox's /dev, or a CDI device (vendor.com/class=name, e.g."
                            + " nvidia.com/gpu=all) with the edits of its spec (repeatable).")
    List<String> devices = new ArrayList<>();

    @picocli.CommandLine.Mixin CdiSpecDirs cdiSpecDirs = new CdiSpecDirs();

    @Option(
            names = "--rdma",
            paramLabel = "DEV",
            description =
                    "Grant the uverbs node of RDMA device DEV (e.g. rxe0, mlx5_0), mediated by RDMAProxy (repeatable).")
    List<String> rdmaDevices = new ArrayList<>();

    @Option(
            names = "--rdma-netdev",
            paramLabel = "IFACE[=NAME]",
            description = {
                "Move the host netdev IFACE into the sandbox's own network namespace (as NAME), with its addresses,"
                        + " MTU and routes, so that RoCE GIDs stay populated; it comes back to the host with them when the sandbox"
                        + " ends. The sandbox's namespace gets arp_ignore=1 and arp_announce=2 (repeatable)."
            })
    List<String> rdmaNetdevs = new ArrayList<>();

    @Option(
            names = "--rdma-strict-arp",
            description =
                    "With --net host: set arp_ignore=1 and arp_announce=2 on the host (all, and the netdevs of the --rdma devices)."
                            + " This changes the host for everyone and stays after the sandbox.")
    boolean strictArpOnHost;

    @Option(
            names = "--rdma-cm",
            description =
                    "Grant /dev/infiniband/rdma_cm (the RDMA connection manager), mediated by RDMAProxy: write(), writev() and"
                            + " pwritev2() are trapped and every rdma_cm command is decided by its policy (addresses, ids,"
                            + " options) and executed by the sentry, which opens rdma_cm for the workload; io_uring is"
                            + " refused (docs/rdma-drivers.md#rdma_cm).")
    boolean rdmaCm;

    @Option(
            names = "--rdma-strict",
            description =
                    "RDMAProxy's strict mode: trap write(), writev() and pwritev2() too, and decide every legacy uverbs command"
                            + " written to a granted node as its ioctl; io_uring is refused. Every write of the workload then"
                            + " passes the sentry (docs/rdma-drivers.md#strict-mode).")
    boolean rdmaStrict;

    @Option(
            names = "--rdma-generic",
            arity = "0..1",
            paramLabel = "force",
            fallbackValue = "true",
            preprocessor = AttachedValueOnly.class,
            description = {
                "For --rdma devices whose host driver has no RDMAProxy plugin (not mlx5_core, efa, rdma_rxe): serve"
                        + " them with the generic plugin instead of refusing them. It allows the core verbs only and"
                        + " refuses every driver-data blob and driver-namespace call, naming the driver; the driver's"
                        + " own handling of core calls is not vetted (docs/rdma-drivers.md). Devices with a plugin keep"
                        + " it; --rdma-generic=force serves every device with the generic plugin."
            })
    String rdmaGeneric;

    @Option(
            names = "--gpus",
            paramLabel = "all|N[,M...]",
            description =
                    "Grant NVIDIA GPUs (all, or device indices) with /dev/nvidiactl and /dev/nvidia-uvm, mediated by NVProxy;"
                            + " with --rootfs, the driver's libraries and tools too (sluice cdi generate's spec).")
    String gpus;

    @Option(
            names = "--nvproxy-driver-version",
            paramLabel = "VERSION",
            description =
                    "Use this driver version's ABI instead of the detected one (e.g. 580.159.04).")
    String nvDriverVersion;

    @Option(
            names = "--nvproxy-caps",
            paramLabel = "LIST",
            defaultValue = "compute,utility",
            description =
                    "NVIDIA driver capabilities: compute, utility, rdma (DMABUF export), or all. Default: ${DEFAULT-VALUE}.")
    String nvCaps;

    @Option(
            names = "--accept-racy-continue",
            description =
                    "Do not warn at start that the active proxies have racy CONTINUE rows (a workload that races the"
                            + " sentry bypasses their checks; docs/security-model.md): the workload is trusted.")
    boolean acceptRacyContinue;

    @Option(
            names = "--hostname",
            paramLabel = "NAME",
            description = "Hostname inside the sandbox (default: the host's).")
    String hostname;

    @Option(
            names = "--proxy",
            paramLabel = "NAME",
            description =
                    "Enable an opt-in device proxy, e.g. the diagnostic 'pty' proxy (repeatable). See `sluice proxies`.")
    List<String> proxies = new ArrayList<>();

    @Option(
            names = "--seccomp-profile",
            paramLabel = "FILE|unconfined",
            description = {
                "The workload's syscall profile: an OCI linux.seccomp JSON file, or unconfined for none."
                        + " Default: the container engines' default profile (as docker run and podman run load it),"
                        + " resolved for the sandbox's capabilities."
            })
    String seccompProfile;

    @Option(
            names = "--allow-io-uring",
            description =
                    "Keep io_uring (io_uring_setup, _enter, _register) where a device proxy traps ioctls; Sluice's"
                            + " own filter refuses it there (EPERM), since a ring creates sockets and issues driver commands"
                            + " without the syscalls the filter sees. The syscall profile still applies (the default one refuses it).")
    boolean allowIoUring;

    @Option(
            names = "--trace",
            paramLabel = "FILE",
            description = "Write a Chrome/Perfetto trace (JSON) of every trapped ioctl.")
    Path trace;

    @Option(
            names = "--stats",
            description =
                    "Print counts and p50/p99 latency of trapped calls (ioctls; writes and opens"
                            + " under --rdma-strict or --rdma-cm) by device, request and"
                            + " disposition at exit.")
    boolean stats;

    @Parameters(arity = "1..*", paramLabel = "CMD", description = "The command and its arguments.")
    List<String> command = new ArrayList<>();

    /** Whose run this is: this JVM's caller, or the caller a spare sentry runs it for. */
    @ParentCommand Main main;

    @Override
    public Integer call() throws Exception {
        if (dev.sluice.sentry.nativeio.Native.geteuid() != 0) {
            throw new IllegalStateException(
                    "sluice run needs root: it creates mount and pid namespaces");
        }
        // A bad option or profile file fails before anything changes on the host.
        Invocation caller = main == null ? Invocation.own() : main.invocation;
        SandboxPolicy policy = policy(caller);
        policy.warnings().forEach(w -> System.err.println("sluice: warning: " + w));
        TestFaults.active(); // so does a malformed SLUICE_TEST_FAULTS (the tests' switch)
        List<DeviceProxy> active = Installation.proxies(policy.proxyConfig());
        if (!acceptRacyContinue) {
            DeviceProxy.racyWarning(active)
                    .ifPresent(
                            w ->
                                    System.err.println(
                                            "sluice: warning: "
                                                    + w
                                                    + " (--accept-racy-continue accepts them)"));
        }
        SandboxSpec spec = policy.spec(caller.env(), caller.cwd().toString());
        if (strictArpOnHost) {
            for (String line :
                    StrongArp.applyOnHost(Path.of("/proc/sys"), policy.strictArpHostNetdevs())) {
                System.err.println("sluice: host sysctl " + line);
            }
        }
        List<NetdevMover.Grant> netdevs = policy.netdevs();
        if (caller.spawner() != Spawner.LOCAL) {
            // A JVM's children inherit the open-files limit it raised for itself: so does the
            // sandbox that a spare sentry has its caller start.
            OciNative.raiseOpenFilesLimit(caller.spawner().parentPid());
        }
        SandboxRunner runner =
                caller.spawner() == Spawner.LOCAL
                        ? new SandboxRunner(Installation.libexec(), System.err)
                        : new SandboxRunner(
                                Installation.libexec(),
                                System.err,
                                caller.spawner(),
                                RunCommand::watchThisSentry);
        NetdevMover mover = netdevs.isEmpty() ? null : NetdevMover.onHost();
        AtomicReference<NetdevMover.Moved> moved = new AtomicReference<>();
        try {
            if (mover != null) {
                for (String dev : mover.recoverStale()) {
                    System.err.println(
                            "sluice: netdev "
                                    + dev
                                    + " restored to the host from a sandbox that ended without giving it back");
                }
            }
            return runner.run(
                    spec,
                    active,
                    new SandboxRunner.Options(stats, trace, 2, 64),
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

    /** The sandbox these options ask for, paths resolved against {@code caller}'s directory. */
    private SandboxPolicy policy(Invocation caller) {
        return SandboxPolicy.of(
                new RunRequest(
                        command,
                        rootfs,
                        net,
                        env,
                        devices.stream().map(d -> callersPath(caller, d)).toList(),
                        cdiSpecDirs.dirs,
                        rdmaDevices,
                        rdmaNetdevs,
                        strictArpOnHost,
                        rdmaCm,
                        rdmaStrict,
                        rdmaGeneric,
                        gpus,
                        nvDriverVersion,
                        nvCaps,
                        hostname,
                        proxies,
                        seccompProfile == null || seccompProfile.equals(SandboxPolicy.UNCONFINED)
                                ? seccompProfile
                                : caller.cwd().resolve(seccompProfile).toString(),
                        allowIoUring,
                        Installation::hostGpus));
    }

    /**
     * Everything of this command but the sandbox: the policy, the proxies (made and closed), the
     * spec and its launch plan ({@link SandboxRunner#rehearse}). A spare sentry's rehearsal of a
     * sandbox run, on a command line of its own: its code loaded and compiled before a caller's run
     * comes. Nothing on the host changes.
     */
    void rehearse() throws java.io.IOException {
        Invocation own = Invocation.own();
        SandboxPolicy policy = policy(own);
        List<DeviceProxy> active = Installation.proxies(policy.proxyConfig());
        try {
            DeviceProxy.racyWarning(active);
            SandboxRunner.rehearse(policy.spec(own.env(), own.cwd().toString()), active);
        } finally {
            active.forEach(DeviceProxy::close);
        }
    }

    /**
     * A {@code --device} as the caller meant it: a host path relative to its directory, or a CDI
     * name as it is.
     */
    private static String callersPath(Invocation caller, String device) {
        return CdiName.isQualified(device) ? device : caller.cwd().resolve(device).toString();
    }

    /**
     * The guard of a sandbox that a spare sentry runs for a caller ({@link SpareSentryMain}): its
     * sluice-init is the caller's child, so this JVM's death would not end it through {@code
     * PR_SET_PDEATHSIG}; the watcher an OCI container's sentry starts ends it instead. Null, or why
     * it could not be watched.
     */
    private static String watchThisSentry(int pid1) {
        HostProcess sandbox = HostProcess.of(pid1);
        HostProcess self = HostProcess.of((int) ProcessHandle.current().pid());
        if (sandbox == null || self == null) {
            return "the sandbox ended before its sentry could be watched";
        }
        try {
            SentryWatch.start(Installation.helper("sluice-init"), self, sandbox);
            return null;
        } catch (RuntimeException e) {
            return e.getMessage();
        }
    }

    /**
     * The runner's host setup: the netdevs into the namespace of the sandbox's pid 1; null, or why
     * not.
     */
    private static String moveNetdevs(
            NetdevMover mover,
            List<NetdevMover.Grant> netdevs,
            int pid1,
            AtomicReference<NetdevMover.Moved> moved) {
        HostProcess owner = HostProcess.of(pid1);
        if (owner == null) {
            return "the sandbox ended while its netdevs were being moved";
        }
        try {
            moved.set(
                    mover.moveIn(
                            netdevs,
                            owner,
                            "sluice run (pid " + ProcessHandle.current().pid() + ")"));
            return null;
        } catch (NetdevException e) {
            return e.getMessage();
        }
    }
}
