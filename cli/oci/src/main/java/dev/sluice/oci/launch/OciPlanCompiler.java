package dev.sluice.oci.launch;

import static dev.sluice.oci.launch.MountOptions.MS_BIND;
import static dev.sluice.oci.launch.MountOptions.MS_NODEV;
import static dev.sluice.oci.launch.MountOptions.MS_NOEXEC;
import static dev.sluice.oci.launch.MountOptions.MS_NOSUID;
import static dev.sluice.oci.launch.MountOptions.MS_RDONLY;
import static dev.sluice.oci.launch.MountOptions.MS_REC;
import static dev.sluice.oci.launch.MountOptions.MS_REMOUNT;
import static dev.sluice.oci.launch.MountOptions.MS_SLAVE;

import dev.sluice.oci.cdi.NvidiaProcView;
import dev.sluice.oci.cgroup.Cgroup;
import dev.sluice.oci.hooks.HookRunner;
import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.rdmaproxy.RdmaProxyProvider;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.rdmaproxy.net.StrongArp;
import dev.sluice.sentry.launch.IoUring;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.OpenTraps;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.spi.TrapRule;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns an OCI config into a {@link LaunchPlan} for {@code sluice-init}: the OCI counterpart of
 * {@link PlanCompiler}, sharing its plan format, its init and its seccomp notify rules. Where
 * {@code sluice run} builds a fixed sandbox, this follows config.json the way runc does:
 *
 * <ol>
 *   <li>namespaces: join those with a path ({@code setns}), create the others ({@code unshare});
 *       the outer process detaches so that init is reparented to the caller. A user namespace comes
 *       first, so that it owns the others ({@link #namespaces});
 *   <li>{@code /} made rslave (or {@code linux.rootfsPropagation}), the rootfs bind-mounted onto
 *       itself ({@code root.path}, as runc);
 *   <li>each of {@code mounts}, in order, at its destination resolved inside the container ({@link
 *       ContainerPaths}); bind mounts remounted with their flags;
 *   <li>the default devices and {@code linux.devices} created with mknod, and /dev's links when
 *       /dev is a fresh mount; the nodes the sentry opens itself bound nodev from the host ({@link
 *       ServedNodes});
 *   <li>sysctls, {@code maskedPaths}, {@code readonlyPaths}, the read-only root, the working
 *       directory; {@code pivot_root};
 *   <li>the process ({@link ProcessOps}, shared with exec): a pty when {@code process.terminal},
 *       cwd, env, rlimits, user and groups, capabilities, no_new_privs, the proxies' notify rules,
 *       exec.
 * </ol>
 *
 * <p><b>The device boundary.</b> A mediated device must reach the container only as a node whose
 * ioctls the sentry traps. On cgroup v1 the device cgroup enforces {@code linux.resources.devices};
 * cgroup v2 has no device files (its controller is BPF, which Sluice does not load), so the
 * boundary is also kept by construction, on both: {@code CAP_MKNOD} is always dropped (the workload
 * cannot make nodes); a bind mount of a device node other than the harmless defaults is refused
 * (grant it in {@code linux.devices}, where its proxy sees it); directory bind mounts are made
 * {@code nodev} recursively; {@code devtmpfs} mounts are refused. A container given {@code
 * CAP_SYS_ADMIN} can still mount what it likes: that is its config's choice, as with runc.
 *
 * <p>What Sluice refuses is {@link OciSpecChecks}'s: {@link #compile} runs those checks first and
 * emits its ops from their result, in which every container path is already resolved.
 */
public final class OciPlanCompiler {
    /** Annotations under this prefix configure Sluice; any other is ignored, as the spec wants. */
    public static final String ANNOTATION_PREFIX = "dev.sluice.";

    /** {@code dev.sluice.proxies}: opt-in proxies by name, comma-separated (e.g. {@code pty}). */
    public static final String ANNOTATION_PROXIES = ANNOTATION_PREFIX + "proxies";

    /**
     * Proxy options by annotation: {@code dev.sluice.nvproxy.capabilities} is option {@code
     * nvproxy.capabilities}.
     */
    public static final List<String> PROXY_OPTIONS =
            List.of(
                    "nvproxy.capabilities",
                    "nvproxy.driver-version",
                    RdmaProxyProvider.OPT_GENERIC,
                    RdmaProxyProvider.OPT_STRICT);

    /**
     * {@code dev.sluice.rdmaproxy.generic}: {@code "true"} serves the granted uverbs nodes whose
     * host driver has no RDMAProxy plugin with the generic plugin (core verbs only, no driver
     * data), {@code "force"} serves every one with it, {@code "false"} (the default) refuses the
     * former; as {@code sluice run --rdma-generic[=force]} (docs/rdma-drivers.md).
     */
    public static final String ANNOTATION_RDMA_GENERIC =
            ANNOTATION_PREFIX + RdmaProxyProvider.OPT_GENERIC;

    /**
     * {@code dev.sluice.rdmaproxy.strict}: {@code "true"} puts RDMAProxy in strict mode (the write
     * family trapped, legacy uverbs commands written to a granted node decided as their ioctls,
     * io_uring refused), as {@code sluice run --rdma-strict}; {@code "false"} is the default
     * (docs/rdma-drivers.md#strict-mode).
     */
    public static final String ANNOTATION_RDMA_STRICT =
            ANNOTATION_PREFIX + RdmaProxyProvider.OPT_STRICT;

    /**
     * {@code dev.sluice.accept-racy-continue}: {@code true} silences the warning about the proxies'
     * racy CONTINUE rows at create, as {@code sluice run --accept-racy-continue}; {@code false}
     * (the default) keeps it.
     */
    public static final String ANNOTATION_ACCEPT_RACY_CONTINUE =
            ANNOTATION_PREFIX + "accept-racy-continue";

    /**
     * {@code dev.sluice.allow-io-uring}: {@code "true"} keeps io_uring in a container whose ioctls
     * the sentry traps, where Sluice's own filter refuses it by default ({@link IoUring}); {@code
     * "false"} is the default.
     */
    public static final String ANNOTATION_ALLOW_IO_URING = ANNOTATION_PREFIX + "allow-io-uring";

    /** Every annotation Sluice reads. */
    public static final List<String> ANNOTATIONS =
            List.of(
                    ANNOTATION_PROXIES,
                    ANNOTATION_PREFIX + PROXY_OPTIONS.get(0),
                    ANNOTATION_PREFIX + PROXY_OPTIONS.get(1),
                    ANNOTATION_RDMA_GENERIC,
                    ANNOTATION_RDMA_STRICT,
                    ANNOTATION_ACCEPT_RACY_CONTINUE,
                    ANNOTATION_ALLOW_IO_URING);

    // include/uapi/linux/mount.h
    static final long MOUNT_ATTR_RDONLY = 0x1;
    static final long MOUNT_ATTR_NODEV = 0x4;

    private final Spec spec;
    private final String file;
    private final OciSpecChecks.Checked checked;

    private OciPlanCompiler(Spec spec, String file, Path bundle) {
        this.spec = spec;
        this.file = file;
        this.checked = OciSpecChecks.check(spec, file, bundle);
    }

    /**
     * Checks what the container asks for against what Sluice carries out ({@link OciSpecChecks}),
     * and compiles the plan. Everything is checked before anything runs: a refused config leaves
     * nothing behind.
     *
     * @param rules the active proxies' trap rules
     */
    public static LaunchPlan compile(Spec spec, String file, Path bundle, List<TrapRule> rules) {
        return compile(spec, file, bundle, Mediation.of(rules), 0, Map.of());
    }

    /**
     * What the container's sentry mediates, as the plan needs it.
     *
     * @param rules the active proxies' trap rules
     * @param trapWrites an active proxy mediates writes: the filter also traps the write family and
     *     refuses io_uring ({@link dev.sluice.sentry.launch.WriteTraps}), which the annotation
     *     {@value #ANNOTATION_ALLOW_IO_URING} may then not ask for
     * @param opened the device nodes the sentry opens itself (host paths: the proxies' {@link
     *     dev.sluice.sentry.spi.DeviceProxy#opensDevices}, RDMAProxy's strict mode): each granted
     *     one is the host's node bound nodev at its path ({@link ServedNodes}), and the filter
     *     traps the open family and refuses {@code mknod} of character devices ({@link OpenTraps}),
     *     as {@link PlanCompiler} does for {@code sluice run}
     */
    public record Mediation(List<TrapRule> rules, boolean trapWrites, List<Path> opened) {
        /** Ioctls only: no write family, no node the sentry opens. */
        public static Mediation of(List<TrapRule> rules) {
            return new Mediation(rules, false, List.of());
        }
    }

    /**
     * As above, for a container whose sentry mediates {@code mediation}; the workload also keeps
     * fds 3 to 3+{@code preservedFds}-1 ({@code --preserve-fds}), and in a container whose cgroup
     * is {@code cgroup} (as state.json records it), under a cgroup v1 device controller, {@code
     * CAP_MKNOD} where its config lists it ({@link ProcessOps#keepsMknod}).
     */
    public static LaunchPlan compile(
            Spec spec,
            String file,
            Path bundle,
            Mediation mediation,
            int preservedFds,
            Map<String, String> cgroup) {
        return new OciPlanCompiler(spec, file, bundle)
                .compile(
                        mediation.rules(),
                        mediation.trapWrites(),
                        mediation.opened(),
                        preservedFds,
                        cgroup);
    }

    /**
     * A GPU container's {@code /proc/driver/nvidia} ({@link NvidiaProcView}): only its GPUs, and
     * {@code ModifyDeviceFiles: 0}; where the config mounts a proc at /proc.
     */
    private void procView(LaunchPlan.Builder b, String root) {
        boolean proc =
                spec.mounts().stream()
                        .anyMatch(m -> "proc".equals(m.type()) && "/proc".equals(m.destination()));
        if (!proc || spec.linux() == null) {
            return;
        }
        NvidiaProcView.of(
                        Path.of("/proc"),
                        spec.linux().devices().stream().map(Spec.Device::path).toList())
                .apply(b, root + "/proc", Path.of("/proc"));
    }

    private LaunchPlan compile(
            List<TrapRule> rules,
            boolean trapWrites,
            List<Path> opened,
            int preservedFds,
            Map<String, String> cgroup) {
        boolean mknod = ProcessOps.keepsMknod(spec, cgroup);
        List<ServedNodes.Node> served = ServedNodes.of(spec, file, checked.devicePaths(), opened);
        UserNamespace userns = checked.userns();
        // The root is assembled at root.path itself, bound onto itself in the container's mount
        // namespace, as runc does (/ is rslave first: nothing reaches the host's view of it), so
        // that hooks which edit the container through root.path (createContainer hooks such as
        // the NVIDIA container toolkit's run in this namespace) see the tree the container gets.
        String root = checked.rootfs().toString();
        LaunchPlan.Builder b = LaunchPlan.builder();
        b.detach();
        Spec.Process p = spec.process();
        if (p.oomScoreAdj() != null) {
            // Outer, before any namespace changes: lowering it needs CAP_SYS_RESOURCE on the host.
            // init and the workload inherit it.
            b.oomScoreAdj(p.oomScoreAdj());
        }
        bornInCgroup(b, cgroup);
        namespaces(b, userns);
        Set<String> types = OciSpecChecks.namespaceTypes(spec);
        if (spec.hostname() != null && !spec.hostname().isEmpty()) {
            b.hostname(spec.hostname());
        }
        if (types.contains("network") && namespacePath("network") == null) {
            b.ifup("lo");
        }
        long propagation = MS_SLAVE | MS_REC;
        String rp = spec.linux() == null ? null : spec.linux().rootfsPropagation();
        if (rp != null && !rp.isEmpty()) {
            propagation = MountOptions.PROPAGATION.get(rp);
        }
        b.mount(null, "/", null, propagation, null);
        if ((propagation & MountOptions.MS_SHARED) != 0) {
            // pivot_root refuses a shared current root, a shared new root and a shared parent of
            // it (EINVAL): as runc does, the mounts they come from are made private first, so
            // the rootfs bind is private and the rest of the container's mounts stay shared.
            b.makePrivate("/");
            b.makePrivate(checked.rootfs().toString());
            b.makePrivate(Path.of(root).getParent().toString());
        }
        b.mount(checked.rootfs().toString(), root, null, MS_BIND | MS_REC, null);

        boolean freshDev = mounts(b, root, userns, cgroup);
        devices(b, root, freshDev, served);
        procView(b, root);
        checked.sysctls().forEach((path, value) -> b.writeFile(root + path, value));
        masked(b, root);
        readonly(b, root);
        String cwd = checked.cwd();
        b.mkdir(root + cwd, 0755);
        List<String> netdevs = checked.netdevs();
        if (HookRunner.needsCreateStop(spec) || !netdevs.isEmpty()) {
            // linux.netDevices move in here, then prestart, createRuntime and createContainer run
            // (HookRunner).
            b.hooksWait();
        }
        // After the create hooks, as runc makes the root read-only (finalizeRootfs): a hook that
        // edits the root through root.path (update-ldcache) must still be able to.
        if (spec.root().isReadonly()) {
            b.mountSetattr(root, MOUNT_ATTR_RDONLY, 0, false);
        }
        strictArp(b, netdevs);
        b.pivotRoot(root);
        // A pid namespace of the container's own, or the host's where a sentry lives: its processes
        // must not reach what is outside (processes exec'd into it, and their setup; the sentry).
        // One joined by path is another container's (a pod's): its processes keep runc's reach
        // there.
        if (namespacePath("pid") == null && (types.contains("pid") || !rules.isEmpty())) {
            b.ptraceScope();
        }

        List<NotifyRule> notify = NotifyRule.of(rules);
        SeccompProfile.compile(spec, file, b, !notify.isEmpty());
        if (preservedFds > 0) {
            b.preserveFds(preservedFds);
        }
        Long persona = OciSpecChecks.personality(spec, file);
        if (persona != null) {
            b.personality(persona);
        }
        boolean ioUring = allowsIoUring(spec, file);
        flag(spec, file, ANNOTATION_RDMA_STRICT); // "true" or "false", or the line names it
        if (trapWrites && ioUring) {
            throw new SpecException(
                    file,
                    "annotations." + ANNOTATION_ALLOW_IO_URING,
                    "io_uring cannot be allowed where RDMAProxy mediates writes (strict mode or a"
                            + " granted rdma_cm): a ring's writes pass no filter");
        }
        return ProcessOps.emit(
                b, p, cwd, checked.home(), notify, trapWrites, !opened.isEmpty(), ioUring, mknod);
    }

    /**
     * Whether the container keeps io_uring where the sentry traps its ioctls: its {@link
     * #ANNOTATION_ALLOW_IO_URING} annotation, {@code "true"} or {@code "false"} (the default).
     */
    static boolean allowsIoUring(Spec spec, String file) {
        return flag(spec, file, ANNOTATION_ALLOW_IO_URING);
    }

    // ---- namespaces -------------------------------------------------------------------------

    private String namespacePath(String type) {
        for (Spec.Namespace n : spec.linux().namespaces()) {
            if (n.type().equals(type) && n.path() != null && !n.path().isEmpty()) {
                return n.path();
            }
        }
        return null;
    }

    /**
     * As runc orders them. A user namespace joined by path comes first: the namespaces joined and
     * made after it are then entered with its capabilities (and owned by it). Otherwise the others
     * joined by path come first, still with the host's capabilities, then the new user namespace
     * with its maps, then everything else is unshared, owned by the new user namespace. Outer then
     * becomes the namespace's root (uid 0, gid 0, which {@link UserNamespace} requires mapped), so
     * that init creates files and mounts as a mapped user.
     */
    private void namespaces(LaunchPlan.Builder b, UserNamespace userns) {
        long unshare = 0;
        List<Spec.Namespace> ns = spec.linux().namespaces();
        if (userns != null && userns.joined()) {
            b.setns(userns.path(), KernelNames.NAMESPACES.get("user"));
            b.setid(0, 0);
        }
        for (Spec.Namespace n : ns) {
            long flag = KernelNames.NAMESPACES.get(n.type());
            if (n.type().equals("user")) {
                continue;
            }
            if (n.path() != null && !n.path().isEmpty()) {
                b.setns(n.path(), flag);
            } else {
                unshare |= flag;
            }
        }
        if (userns != null && !userns.joined()) {
            b.userns(userns.uidMap(), userns.gidMap());
            b.setid(0, 0);
        }
        // A new cgroup namespace is made by the container's process once it is in its cgroup
        // (as runc makes it after joining the cgroup): that cgroup is its root.
        long cgroupns = KernelNames.NAMESPACES.get("cgroup");
        if ((unshare & ~cgroupns) != 0) {
            b.unshare(unshare & ~cgroupns);
        }
        if ((unshare & cgroupns) != 0) {
            b.cgroupns();
        }
    }

    /**
     * On cgroup v2 ({@code cgroup} as state.json records it: one directory), the container's
     * process is forked straight into its cgroup ({@link LaunchPlan.Builder#cgroup}), and nothing
     * is moved there: a move waits for the kernel's cgroup write lock (docs/oci.md, "cgroups"). Not
     * where the config joins a cgroup namespace by path: outer, which forks, is in that namespace
     * then, and the kernel refuses a cgroup outside it, as it would the move; create moves outer
     * there before the plan instead, as on cgroup v1.
     */
    private void bornInCgroup(LaunchPlan.Builder b, Map<String, String> cgroup) {
        String v2 = Cgroup.v2Directory(cgroup);
        if (v2 != null && namespacePath("cgroup") == null) {
            b.cgroup(v2);
        }
    }

    /** Whether {@code plan} forks the container's process into its cgroup itself. */
    public static boolean forksIntoCgroup(LaunchPlan plan) {
        return !plan.ops("cgroup").isEmpty();
    }

    // ---- mounts -----------------------------------------------------------------------------

    /**
     * Emits the config's mounts, a {@code cgroup} one as the container's own cgroup view ({@link
     * #cgroupView}); returns whether /dev is a fresh filesystem of the config's.
     */
    private boolean mounts(
            LaunchPlan.Builder b, String root, UserNamespace userns, Map<String, String> cgroup) {
        boolean freshDev = false;
        for (OciSpecChecks.Mount cm : checked.mounts()) {
            Spec.Mount m = cm.mount();
            String dest = cm.destination();
            String target = root + dest;
            MountOptions o = cm.options();
            if (cm.bind()) {
                Path src = cm.bindSource();
                boolean dir = cm.directory();
                if (dir) {
                    b.mkdir(target, 0755);
                } else {
                    b.mkdir(parent(target), 0755);
                    b.touch(target, 0644);
                }
                bind(b, src.toString(), target, o.flags(), userns);
                if (dir) {
                    // Device nodes in a bound directory would bypass the proxies (see the class
                    // comment).
                    b.mountSetattr(target, MOUNT_ATTR_NODEV, 0, true);
                }
                if (o.recursiveRo()) {
                    b.mountSetattr(target, MOUNT_ATTR_RDONLY, 0, true);
                }
            } else {
                String type = m.type();
                b.mkdir(target, 0755);
                if (type.equals("cgroup") || type.equals("cgroup2")) {
                    cgroupView(b, target, o.flags(), userns, cgroup);
                } else {
                    String source = m.source() == null || m.source().isEmpty() ? type : m.source();
                    b.mount(source, target, type, o.flags(), o.data());
                }
                if (o.recursiveRo()) {
                    b.mountSetattr(target, MOUNT_ATTR_RDONLY, 0, true);
                }
                if (dest.equals("/dev")) {
                    freshDev = true;
                }
            }
            if (o.propagation() != 0) {
                b.mount(null, target, null, o.propagation(), null);
            }
        }
        return freshDev;
    }

    /**
     * Binds {@code src} at {@code target} ({@code MS_REC} as {@code flags} say), then applies the
     * rest of {@code flags} to the bind: a remount, or in a user namespace (where a remount could
     * not clear locked flags) {@code mount_setattr}.
     */
    private static void bind(
            LaunchPlan.Builder b, String src, String target, long flags, UserNamespace userns) {
        b.mount(src, target, null, MS_BIND | (flags & MS_REC), null);
        long remount = flags & ~(MS_BIND | MS_REC | MS_REMOUNT);
        if (remount != 0 && userns != null) {
            long[] attr = MountOptions.bindAttributes(remount);
            if (attr[0] != 0 || attr[1] != 0) {
                b.mountSetattr(target, attr[0], attr[1], false);
            }
        } else if (remount != 0) {
            b.mount(null, target, null, MS_BIND | MS_REMOUNT | remount, null);
        }
    }

    /**
     * A {@code cgroup} mount, as runc makes it without a cgroup namespace: the container's own
     * cgroup, never the host's tree. On cgroup v1 a tmpfs (mode 755) with, for each v1 hierarchy of
     * {@code cgroup} (as state.json records it), the container's directory there bound at its name
     * ({@code memory}, {@code systemd} for {@code name=systemd}, {@code cpu,cpuacct} with {@code
     * cpu} and {@code cpuacct} linked to it), each with the mount's flags ({@code ro}); hybrid's
     * unified tree is left out, as runc leaves it. On cgroup v2 the container's directory bound at
     * the target. With no cgroup recorded (a container made before cgroups were), an empty
     * read-only tmpfs.
     */
    private static void cgroupView(
            LaunchPlan.Builder b,
            String target,
            long flags,
            UserNamespace userns,
            Map<String, String> cgroup) {
        if (cgroup.isEmpty()) {
            b.mount(
                    "tmpfs",
                    target,
                    "tmpfs",
                    MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                    "mode=755,size=4k");
            return;
        }
        if (cgroup.size() == 1 && cgroup.containsKey("")) {
            bind(b, cgroup.get(""), target, flags | MS_REC, userns);
            return;
        }
        b.mount("tmpfs", target, "tmpfs", flags & ~MS_RDONLY, "mode=755");
        for (Map.Entry<String, String> h : new java.util.TreeMap<>(cgroup).entrySet()) {
            if (h.getKey().isEmpty()) {
                continue; // hybrid's unified tree
            }
            String name = h.getKey().startsWith("name=") ? h.getKey().substring(5) : h.getKey();
            b.mkdir(target + "/" + name, 0755);
            bind(b, h.getValue(), target + "/" + name, flags | MS_REC, userns);
            for (String part : name.split(",")) {
                if (!part.equals(name)) {
                    b.symlink(name, target + "/" + part);
                }
            }
        }
    }

    // ---- devices ----------------------------------------------------------------------------

    /**
     * The default devices and {@code linux.devices} the root lacks, made with mknod (or, in a user
     * namespace, bound from the host); then the {@code served} nodes, whatever the root has there:
     * the host's node bound and made nodev ({@link ServedNodes}).
     */
    private void devices(
            LaunchPlan.Builder b, String root, boolean freshDev, List<ServedNodes.Node> served) {
        Set<String> servedAt = new HashSet<>();
        served.forEach(n -> servedAt.add(n.destination()));
        for (OciSpecChecks.Device cd : checked.devices()) {
            Spec.Device d = cd.device();
            if (servedAt.contains(cd.destination())) {
                continue;
            }
            String target = root + cd.destination();
            b.mkdir(parent(target), 0755);
            char type = d.type().equals("u") ? 'c' : d.type().charAt(0);
            if (cd.hostNode() != null) {
                // mknod of a device node is refused in a user namespace: bind the host's node, as
                // runc does (its owner and mode are the host node's).
                b.touch(target, 0644);
                b.mount(cd.hostNode().toString(), target, null, MS_BIND, null);
                continue;
            }
            int mode = d.fileMode() == null ? 0666 : (int) (long) d.fileMode();
            b.mknod(
                    target,
                    type,
                    mode,
                    d.major() == null ? 0 : d.major(),
                    d.minor() == null ? 0 : d.minor(),
                    d.uid() == null ? 0 : d.uid(),
                    d.gid() == null ? 0 : d.gid());
        }
        for (ServedNodes.Node n : served) {
            String target = root + n.destination();
            b.mkdir(parent(target), 0755);
            b.touch(target, 0644);
            b.mount(n.hostNode().toString(), target, null, MS_BIND, null);
            b.mountSetattr(target, MOUNT_ATTR_NODEV, 0, false);
        }
        if (freshDev) {
            Map<String, String> links = new LinkedHashMap<>();
            links.put("/dev/fd", "/proc/self/fd");
            links.put("/dev/stdin", "/proc/self/fd/0");
            links.put("/dev/stdout", "/proc/self/fd/1");
            links.put("/dev/stderr", "/proc/self/fd/2");
            links.put("/dev/ptmx", "pts/ptmx");
            links.forEach(
                    (path, target) -> {
                        if (!checked.devicePaths().containsKey(path)
                                && spec.mounts().stream()
                                        .noneMatch(m -> m.destination().equals(path))) {
                            b.symlink(target, root + path);
                        }
                    });
        }
    }

    /**
     * Whether the config accepts the proxies' racy CONTINUE rows ({@link
     * #ANNOTATION_ACCEPT_RACY_CONTINUE}).
     */
    public static boolean acceptsRacyContinue(Spec spec, String file) {
        return flag(spec, file, ANNOTATION_ACCEPT_RACY_CONTINUE);
    }

    /**
     * The choice about RDMAProxy's generic plugin in the {@link #ANNOTATION_RDMA_GENERIC}
     * annotation: {@code "false"} (the default, also when absent), {@code "true"} or {@code
     * "force"}; anything else is refused, naming the annotation.
     */
    public static PluginChoice.Generic rdmaGeneric(Spec spec, String file) {
        try {
            return PluginChoice.Generic.parse(spec.annotations().get(ANNOTATION_RDMA_GENERIC));
        } catch (IllegalArgumentException e) {
            throw new SpecException(file, "annotations." + ANNOTATION_RDMA_GENERIC, e.getMessage());
        }
    }

    /**
     * A yes/no annotation: {@code "true"}, or {@code "false"} (the default, also when absent);
     * anything else is refused.
     */
    private static boolean flag(Spec spec, String file, String key) {
        String v = spec.annotations().get(key);
        if (v == null || v.equals("false")) {
            return false;
        }
        if (v.equals("true")) {
            return true;
        }
        throw new SpecException(
                file, "annotations." + key, "\"" + v + "\" is neither true nor false");
    }

    // ---- linux.netDevices -------------------------------------------------------------------

    /** {@code linux.netDevices}: each host netdev and its name in the container. */
    public static List<NetdevMover.Grant> netDevices(Spec spec) {
        List<NetdevMover.Grant> out = new ArrayList<>();
        if (spec.linux() == null) {
            return out;
        }
        spec.linux()
                .netDevices()
                .forEach(
                        (host, d) ->
                                out.add(
                                        new NetdevMover.Grant(
                                                host,
                                                d == null || d.name() == null || d.name().isEmpty()
                                                        ? host
                                                        : d.name())));
        return out;
    }

    /**
     * The strong host model for the moved netdevs (and {@code all}) in the container's namespace,
     * written once they are in; a value config.json sets itself in {@code linux.sysctl} wins.
     * {@code /proc} is still the runtime's mount here, and /proc/sys/net answers for the writer's
     * network namespace.
     */
    private void strictArp(LaunchPlan.Builder b, List<String> netdevs) {
        if (netdevs.isEmpty()) {
            return;
        }
        Set<String> own = new java.util.HashSet<>();
        spec.linux().sysctl().keySet().forEach(k -> own.add(k.replace('.', '/')));
        StrongArp.sysctls(netdevs)
                .forEach(
                        (path, value) -> {
                            if (!own.contains(path.replace('.', '/'))) {
                                b.writeFile("/proc/sys/" + path, value);
                            }
                        });
    }

    // ---- masked and read-only paths ----------------------------------------------------------

    private void masked(LaunchPlan.Builder b, String root) {
        for (OciSpecChecks.Masked m : checked.masked()) {
            if (m.directory()) {
                b.mount("tmpfs", root + m.destination(), "tmpfs", MS_RDONLY, null);
            } else {
                b.mount("/dev/null", root + m.destination(), null, MS_BIND, null);
            }
        }
    }

    private void readonly(LaunchPlan.Builder b, String root) {
        for (String dest : checked.readonly()) {
            b.mount(root + dest, root + dest, null, MS_BIND | MS_REC, null);
            b.mountSetattr(root + dest, MOUNT_ATTR_RDONLY, 0, true);
        }
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }
}
