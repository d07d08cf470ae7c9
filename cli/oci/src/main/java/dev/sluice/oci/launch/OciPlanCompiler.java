package dev.sluice.oci.launch;

import static dev.sluice.oci.launch.MountOptions.MS_BIND;
import static dev.sluice.oci.launch.MountOptions.MS_NODEV;
import static dev.sluice.oci.launch.MountOptions.MS_NOEXEC;
import static dev.sluice.oci.launch.MountOptions.MS_NOSUID;
import static dev.sluice.oci.launch.MountOptions.MS_RDONLY;
import static dev.sluice.oci.launch.MountOptions.MS_REC;
import static dev.sluice.oci.launch.MountOptions.MS_REMOUNT;
import static dev.sluice.oci.launch.MountOptions.MS_SLAVE;

import dev.sluice.oci.HookRunner;
import dev.sluice.oci.spec.KernelNames;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.rdmaproxy.net.StrongArp;
import dev.sluice.sentry.launch.IoUring;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.launch.PlanCompiler;
import dev.sluice.sentry.spi.TrapRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns an OCI config into a {@link LaunchPlan} for {@code sluice-init}: the OCI counterpart of
 * {@link PlanCompiler}, sharing its plan format, its init and its seccomp notify rules. Where
 * {@code sluice run} builds a fixed sandbox, this follows config.json the way runc does:
 * <ol>
 *   <li>namespaces: join those with a path ({@code setns}), create the others ({@code unshare});
 *       the outer process detaches so that init is reparented to the caller. A user namespace
 *       comes first, so that it owns the others ({@link #namespaces});</li>
 *   <li>{@code /} made rslave (or {@code linux.rootfsPropagation}), the rootfs bind-mounted on the
 *       staging directory;</li>
 *   <li>each of {@code mounts}, in order, at its destination resolved inside the container
 *       ({@link ContainerPaths}); bind mounts remounted with their flags;</li>
 *   <li>the default devices and {@code linux.devices} created with mknod, and /dev's links when
 *       /dev is a fresh mount;</li>
 *   <li>sysctls, {@code maskedPaths}, {@code readonlyPaths}, the read-only root, the working
 *       directory; {@code pivot_root};</li>
 *   <li>the process ({@link ProcessOps}, shared with exec): a pty when {@code process.terminal},
 *       cwd, env, rlimits, user and groups, capabilities, no_new_privs, the proxies' notify
 *       rules, exec.</li>
 * </ol>
 *
 * <p><b>The device boundary.</b> A mediated device must reach the container only as a node whose
 * ioctls the sentry traps. On cgroup v1 the device cgroup enforces {@code linux.resources.devices};
 * cgroup v2 has no device files (its controller is BPF, which Sluice does not load), so the
 * boundary is also kept by construction, on both: {@code CAP_MKNOD} is always dropped (the
 * workload cannot make nodes); a bind mount of a device node other than the harmless defaults is
 * refused (grant it in {@code linux.devices}, where its proxy sees it); directory bind mounts are
 * made {@code nodev} recursively; {@code devtmpfs} mounts are refused. A container given
 * {@code CAP_SYS_ADMIN} can still mount what it likes: that is its config's choice, as with runc.
 */
public final class OciPlanCompiler {
    /** Namespace types Sluice creates or joins. */
    public static final List<String> SUPPORTED_NAMESPACES = List.of("pid", "network", "mount", "ipc", "uts", "user", "cgroup");

    /** Annotations under this prefix configure Sluice; any other is ignored, as the spec wants. */
    public static final String ANNOTATION_PREFIX = "dev.sluice.";
    /** {@code dev.sluice.proxies}: opt-in proxies by name, comma-separated (e.g. {@code pty}). */
    public static final String ANNOTATION_PROXIES = ANNOTATION_PREFIX + "proxies";
    /** Proxy options by annotation: {@code dev.sluice.nvproxy.capabilities} is option {@code nvproxy.capabilities}. */
    public static final List<String> PROXY_OPTIONS = List.of("nvproxy.capabilities", "nvproxy.driver-version");
    /**
     * {@code dev.sluice.accept-racy-continue}: {@code true} silences the warning about the proxies' racy
     * CONTINUE rows at create, as {@code sluice run --accept-racy-continue}; {@code false} (the default) keeps it.
     */
    public static final String ANNOTATION_ACCEPT_RACY_CONTINUE = ANNOTATION_PREFIX + "accept-racy-continue";
    /**
     * {@code dev.sluice.allow-io-uring}: {@code "true"} keeps io_uring in a container whose ioctls the
     * sentry traps, where Sluice's own filter refuses it by default ({@link IoUring}); {@code "false"}
     * is the default.
     */
    public static final String ANNOTATION_ALLOW_IO_URING = ANNOTATION_PREFIX + "allow-io-uring";
    /** Every annotation Sluice reads. */
    public static final List<String> ANNOTATIONS = List.of(ANNOTATION_PROXIES,
            ANNOTATION_PREFIX + PROXY_OPTIONS.get(0), ANNOTATION_PREFIX + PROXY_OPTIONS.get(1),
            ANNOTATION_ACCEPT_RACY_CONTINUE, ANNOTATION_ALLOW_IO_URING);

    // include/uapi/linux/mount.h
    static final long MOUNT_ATTR_RDONLY = 0x1;
    static final long MOUNT_ATTR_NODEV = 0x4;

    /** The devices every container gets (runtime-spec "Default Devices"), as runc makes them. */
    static final List<Spec.Device> DEFAULT_DEVICES = List.of(
            new Spec.Device("c", "/dev/null", 1L, 3L, 0666L, 0L, 0L),
            new Spec.Device("c", "/dev/zero", 1L, 5L, 0666L, 0L, 0L),
            new Spec.Device("c", "/dev/full", 1L, 7L, 0666L, 0L, 0L),
            new Spec.Device("c", "/dev/random", 1L, 8L, 0666L, 0L, 0L),
            new Spec.Device("c", "/dev/urandom", 1L, 9L, 0666L, 0L, 0L),
            new Spec.Device("c", "/dev/tty", 5L, 0L, 0666L, 0L, 0L));

    private final Spec spec;
    private final String file;
    private final Path bundle;
    private final Path rootfs;
    /** The container's user namespace, or null; set by {@link #checkSupported}. */
    private UserNamespace userns;
    private UserNamespaceChecks usernsChecks;

    private OciPlanCompiler(Spec spec, String file, Path bundle) {
        this.spec = spec;
        this.file = file;
        this.bundle = bundle;
        this.rootfs = rootfs(spec, file, bundle);
    }

    private SpecException bad(String field, String problem) {
        return new SpecException(file, field, problem);
    }

    /** The root filesystem: {@code root.path}, relative to the bundle; it must be a directory. */
    public static Path rootfs(Spec spec, String file, Path bundle) {
        Path p = bundle.resolve(spec.root().path()).toAbsolutePath().normalize();
        if (!Files.isDirectory(p)) {
            throw new SpecException(file, "root.path", p + ": " + (Files.exists(p) ? "not a directory" : "no such directory"));
        }
        return p;
    }

    /**
     * Checks what the container asks for against what Sluice carries out, and compiles the plan.
     * Everything is checked before anything runs: a refused config leaves nothing behind.
     *
     * @param staging an empty host directory on which the root is assembled (in the container's
     *                mount namespace only)
     * @param rules   the active proxies' trap rules
     */
    public static LaunchPlan compile(Spec spec, String file, Path bundle, Path staging, List<TrapRule> rules) {
        return compile(spec, file, bundle, staging, rules, 0);
    }

    /** As above; the workload also keeps fds 3 to 3+{@code preservedFds}-1 ({@code --preserve-fds}). */
    public static LaunchPlan compile(Spec spec, String file, Path bundle, Path staging, List<TrapRule> rules,
                                     int preservedFds) {
        return new OciPlanCompiler(spec, file, bundle).compile(staging, rules, preservedFds);
    }

    /** Only the checks of {@link #compile}: support, paths, the executable. */
    public static void check(Spec spec, String file, Path bundle) {
        compile(spec, file, bundle, Path.of("/nonexistent-staging"), List.of());
    }

    private LaunchPlan compile(Path staging, List<TrapRule> rules, int preservedFds) {
        checkSupported();
        // In a user namespace init is an ordinary host user: it could not reach the staging
        // directory in the 0700 state directory. It assembles the root on the rootfs itself, as
        // runc does, in its own mount namespace (/ is rslave first: nothing reaches the host).
        String root = userns != null ? rootfs.toString() : staging.toString();
        LaunchPlan.Builder b = LaunchPlan.builder();
        b.detach();
        Spec.Process p = spec.process();
        if (p.oomScoreAdj() != null) {
            // Outer, before any namespace changes: lowering it needs CAP_SYS_RESOURCE on the host.
            // init and the workload inherit it.
            b.oomScoreAdj(p.oomScoreAdj());
        }
        namespaces(b);
        Set<String> types = namespaceTypes();
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
        b.mount(rootfs.toString(), root, null, MS_BIND | MS_REC, null);

        ContainerPaths view = new ContainerPaths(rootfs);
        boolean freshDev = mounts(b, root, view);
        devices(b, root, view, freshDev);
        sysctls(b, root, view);
        if (spec.linux() != null) {
            masked(b, root, view, spec.linux().maskedPaths());
            readonly(b, root, view, spec.linux().readonlyPaths());
        }
        String cwd = view.resolve(p.cwd());
        b.mkdir(root + cwd, 0755);
        if (spec.root().isReadonly()) {
            b.mountSetattr(root, MOUNT_ATTR_RDONLY, 0, false);
        }
        List<String> netdevs = netDevices().stream().map(NetdevMover.Grant::innerName).toList();
        if (HookRunner.needsCreateStop(spec) || !netdevs.isEmpty()) {
            // linux.netDevices move in here, then prestart, createRuntime and createContainer run (HookRunner).
            b.hooksWait();
        }
        strictArp(b, netdevs);
        b.pivotRoot(root);
        checkExecutable(view);
        // A pid namespace of the container's own, or the host's where a sentry lives: its processes
        // must not reach what is outside (processes exec'd into it, and their setup; the sentry).
        // One joined by path is another container's (a pod's): its processes keep runc's reach there.
        if (namespacePath("pid") == null && (types.contains("pid") || !rules.isEmpty())) {
            b.ptraceScope();
        }

        List<NotifyRule> notify = NotifyRule.of(rules);
        SeccompProfile.compile(spec, file, b, !notify.isEmpty());
        if (preservedFds > 0) {
            b.preserveFds(preservedFds);
        }
        return ProcessOps.emit(b, p, cwd, notify, allowsIoUring(spec, file));
    }

    /**
     * Whether the container keeps io_uring where the sentry traps its ioctls: its
     * {@link #ANNOTATION_ALLOW_IO_URING} annotation, {@code "true"} or {@code "false"} (the default).
     */
    static boolean allowsIoUring(Spec spec, String file) {
        return flag(spec, file, ANNOTATION_ALLOW_IO_URING);
    }

    // ---- what Sluice carries out, and what it refuses --------------------------------------

    private void checkSupported() {
        ProcessOps.check(spec.process(), file, "process.");
        for (String key : spec.annotations().keySet()) {
            if (key.startsWith(ANNOTATION_PREFIX) && !ANNOTATIONS.contains(key)) {
                throw bad("annotations." + key, "unknown Sluice annotation (known: " + String.join(", ", ANNOTATIONS) + ")");
            }
        }
        acceptsRacyContinue(spec, file);
        allowsIoUring(spec, file);
        Spec.Linux l = spec.linux();
        if (l == null) {
            throw bad("linux", "missing: a container needs at least a mount namespace");
        }
        Set<String> types = namespaceTypes();
        for (int i = 0; i < l.namespaces().size(); i++) {
            Spec.Namespace n = l.namespaces().get(i);
            if (!SUPPORTED_NAMESPACES.contains(n.type())) {
                throw bad("linux.namespaces[" + i + "].type", SpecLoaderQuote.q(n.type())
                        + " namespaces are not supported by sluice yet (supported: " + String.join(", ", SUPPORTED_NAMESPACES) + ")");
            }
            if (n.type().equals("mount") && n.path() != null && !n.path().isEmpty()) {
                throw bad("linux.namespaces[" + i + "].path", "joining a mount namespace is not supported: the container needs its own");
            }
            if (n.path() != null && !n.path().isEmpty() && !Files.exists(Path.of(n.path()))) {
                throw bad("linux.namespaces[" + i + "].path", n.path() + ": no such file");
            }
        }
        if (!types.contains("mount")) {
            throw bad("linux.namespaces", "a mount namespace is required (sluice assembles the root in it)");
        }
        if (!netDevices().isEmpty() && !types.contains("network")) {
            throw bad("linux.netDevices", "needs a network namespace of the container's own (linux.namespaces has none)");
        }
        userns = UserNamespace.of(spec, file);
        if (userns != null) {
            usernsChecks = new UserNamespaceChecks(userns, file);
            usernsChecks.process(spec.process(), "process.");
            usernsChecks.devices(l.devices());
            usernsChecks.reachable("root.path", rootfs);
        }
        if (!l.timeOffsets().isEmpty()) {
            throw bad("linux.timeOffsets", "time namespaces are not supported by sluice yet");
        }
        if (l.seccomp() != null) {
            SeccompProfile.compile(l.seccomp(), file, null, false);
        }
        if (l.mountLabel() != null && !l.mountLabel().isEmpty()) {
            throw bad("linux.mountLabel", "SELinux is not supported by sluice");
        }
        if (l.intelRdt() != null) {
            throw bad("linux.intelRdt", "not supported by sluice");
        }
        if (l.personality() != null) {
            throw bad("linux.personality", "not supported by sluice yet");
        }
        // linux.cgroupsPath and linux.resources are the cgroup package's (ContainerCgroup), which
        // checks them against the host's cgroup version when create runs.
    }

    // ---- namespaces -------------------------------------------------------------------------

    private Set<String> namespaceTypes() {
        Set<String> t = new LinkedHashSet<>();
        if (spec.linux() != null) {
            spec.linux().namespaces().forEach(n -> t.add(n.type()));
        }
        return t;
    }

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
    private void namespaces(LaunchPlan.Builder b) {
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
        if (unshare != 0) {
            b.unshare(unshare);
        }
    }

    // ---- mounts -----------------------------------------------------------------------------

    /** Emits the config's mounts; returns whether /dev is a fresh filesystem of the config's. */
    private boolean mounts(LaunchPlan.Builder b, String root, ContainerPaths view) {
        boolean freshDev = false;
        for (int i = 0; i < spec.mounts().size(); i++) {
            Spec.Mount m = spec.mounts().get(i);
            String f = "mounts[" + i + "]";
            String dest = view.resolve(m.destination().startsWith("/") ? m.destination() : "/" + m.destination());
            if (dest.equals("/")) {
                throw bad(f + ".destination", "cannot mount over the container's root");
            }
            if (!m.uidMappings().isEmpty() || !m.gidMappings().isEmpty()) {
                throw bad(f + (m.uidMappings().isEmpty() ? ".gidMappings" : ".uidMappings"),
                        "idmapped mounts are not supported by sluice yet");
            }
            String target = root + dest;
            MountOptions o = MountOptions.parse(m.options());
            boolean bind = o.isBind() || "bind".equals(m.type());
            if (bind) {
                Path src = bindSource(f, m);
                if (usernsChecks != null) {
                    usernsChecks.reachable(f + ".source", src);
                }
                boolean dir = Files.isDirectory(src);
                if (dir) {
                    b.mkdir(target, 0755);
                } else {
                    b.mkdir(parent(target), 0755);
                    b.touch(target, 0644);
                }
                b.mount(src.toString(), target, null, MS_BIND | (o.flags() & MS_REC), null);
                long remount = o.flags() & ~(MS_BIND | MS_REC | MS_REMOUNT);
                if (remount != 0 && userns != null) {
                    long[] attr = MountOptions.bindAttributes(remount);
                    if (attr[0] != 0 || attr[1] != 0) {
                        b.mountSetattr(target, attr[0], attr[1], false);
                    }
                } else if (remount != 0) {
                    b.mount(null, target, null, MS_BIND | MS_REMOUNT | remount, null);
                }
                if (dir) {
                    // Device nodes in a bound directory would bypass the proxies (see the class comment).
                    b.mountSetattr(target, MOUNT_ATTR_NODEV, 0, true);
                }
                if (o.recursiveRo()) {
                    b.mountSetattr(target, MOUNT_ATTR_RDONLY, 0, true);
                }
                view.bind(dest, src);
            } else {
                String type = m.type();
                if (type == null || type.isEmpty()) {
                    throw bad(f + ".type", "missing (a filesystem type, or \"bind\")");
                }
                if (type.equals("devtmpfs")) {
                    throw bad(f + ".type", "devtmpfs would show every host device unmediated; mount a tmpfs on /dev"
                            + " and list devices in linux.devices");
                }
                if (usernsChecks != null) {
                    usernsChecks.filesystem(f, type, o, namespaceTypes());
                }
                b.mkdir(target, 0755);
                if (type.equals("cgroup") || type.equals("cgroup2")) {
                    // Not the container's own cgroup view yet (docs/oci.md): an empty read-only
                    // directory rather than the host's tree.
                    b.mount("tmpfs", target, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=755,size=4k");
                    view.fresh(dest, null);
                } else {
                    String source = m.source() == null || m.source().isEmpty() ? type : m.source();
                    b.mount(source, target, type, o.flags(), o.data());
                    view.fresh(dest, type.equals("proc") ? Path.of("/proc") : type.equals("sysfs") ? Path.of("/sys") : null);
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

    private Path bindSource(String f, Spec.Mount m) {
        if (m.source() == null || m.source().isEmpty()) {
            throw bad(f + ".source", "missing (the host path to bind)");
        }
        Path src = bundle.resolve(m.source()).toAbsolutePath().normalize();
        if (!Files.exists(src)) {
            throw bad(f + ".source", src + ": no such file or directory");
        }
        MountOptions o = MountOptions.parse(m.options());
        if (m.options().contains("dev")) {
            throw bad(f + ".options", "\"dev\" on a bind mount is not supported: device nodes must be granted in linux.devices");
        }
        try {
            PosixFileAttributes a = Files.readAttributes(src, PosixFileAttributes.class);
            if (a.isOther()) {
                String real = src.toRealPath().toString();
                boolean harmless = DEFAULT_DEVICES.stream().anyMatch(d -> d.path().equals(real));
                if (!harmless && isDeviceNode(src)) {
                    throw bad(f + ".source", real + " is a device node: grant it in linux.devices, where its proxy sees it");
                }
            }
        } catch (IOException e) {
            throw bad(f + ".source", src + ": " + e.getMessage());
        }
        return src;
    }

    private static boolean isDeviceNode(Path p) throws IOException {
        Object mode = Files.getAttribute(p, "unix:mode");
        int m = (Integer) mode;
        int fmt = m & 0170000;
        return fmt == 0020000 || fmt == 0060000;
    }

    // ---- devices ----------------------------------------------------------------------------

    private void devices(LaunchPlan.Builder b, String root, ContainerPaths view, boolean freshDev) {
        Map<String, Spec.Device> devs = new LinkedHashMap<>();
        DEFAULT_DEVICES.forEach(d -> devs.put(d.path(), d));
        List<Spec.Device> listed = spec.linux().devices();
        for (Spec.Device d : listed) {
            devs.put(d.path(), d);
        }
        for (Spec.Device d : devs.values()) {
            String dest = view.resolve(d.path());
            if (view.exists(dest)) {
                continue; // what the rootfs already has there stays, as with runc
            }
            String target = root + dest;
            b.mkdir(parent(target), 0755);
            char type = d.type().equals("u") ? 'c' : d.type().charAt(0);
            if (userns != null && type != 'p') {
                // mknod of a device node is refused in a user namespace: bind the host's node, as
                // runc does (its owner and mode are the host node's).
                b.touch(target, 0644);
                b.mount(hostNode(d), target, null, MS_BIND, null);
                continue;
            }
            int mode = d.fileMode() == null ? 0666 : (int) (long) d.fileMode();
            b.mknod(target, type, mode, d.major() == null ? 0 : d.major(), d.minor() == null ? 0 : d.minor(),
                    d.uid() == null ? 0 : d.uid(), d.gid() == null ? 0 : d.gid());
        }
        if (freshDev) {
            Map<String, String> links = new LinkedHashMap<>();
            links.put("/dev/fd", "/proc/self/fd");
            links.put("/dev/stdin", "/proc/self/fd/0");
            links.put("/dev/stdout", "/proc/self/fd/1");
            links.put("/dev/stderr", "/proc/self/fd/2");
            links.put("/dev/ptmx", "pts/ptmx");
            links.forEach((path, target) -> {
                if (!devs.containsKey(path) && spec.mounts().stream().noneMatch(m -> m.destination().equals(path))) {
                    b.symlink(target, root + path);
                }
            });
        }
    }

    /** The host node a device of the container is bound from in a user namespace. */
    private String hostNode(Spec.Device d) {
        int i = spec.linux().devices().indexOf(d);
        return i < 0 ? d.path() : hostNode(d, file, "linux.devices[" + i + "]").toString();
    }

    /** Whether the config accepts the proxies' racy CONTINUE rows ({@link #ANNOTATION_ACCEPT_RACY_CONTINUE}). */
    public static boolean acceptsRacyContinue(Spec spec, String file) {
        return flag(spec, file, ANNOTATION_ACCEPT_RACY_CONTINUE);
    }

    /** A yes/no annotation: {@code "true"}, or {@code "false"} (the default, also when absent); anything else is refused. */
    private static boolean flag(Spec spec, String file, String key) {
        String v = spec.annotations().get(key);
        if (v == null || v.equals("false")) {
            return false;
        }
        if (v.equals("true")) {
            return true;
        }
        throw new SpecException(file, "annotations." + key, "\"" + v + "\" is neither true nor false");
    }

    /**
     * The host nodes of {@code linux.devices}, for the proxies: the node at the same path when it
     * is the same device, else the one udev lists under /dev/char or /dev/block. A listed device
     * the host does not have is refused: it could not be opened anyway, and a proxy must see every
     * node of the devices it mediates.
     */
    public static List<Path> hostDevices(Spec spec, String file) {
        List<Path> out = new ArrayList<>();
        if (spec.linux() == null) {
            return out;
        }
        List<Spec.Device> devs = spec.linux().devices();
        for (int i = 0; i < devs.size(); i++) {
            Spec.Device d = devs.get(i);
            if (d.type().equals("p")) {
                continue;
            }
            Path found = hostNode(d, file, "linux.devices[" + i + "]");
            if (!out.contains(found)) {
                out.add(found);
            }
        }
        return out;
    }

    /** The host node of device {@code d} (not a fifo), or a refusal naming {@code field}. */
    private static Path hostNode(Spec.Device d, String file, String field) {
        boolean block = d.type().equals("b");
        Path same = Path.of(d.path());
        Path byNumber = Path.of(block ? "/dev/block" : "/dev/char", d.major() + ":" + d.minor());
        for (Path candidate : List.of(same, byNumber)) {
            try {
                Path real = candidate.toRealPath();
                if (isNode(real, block, d.major(), d.minor())) {
                    return real;
                }
            } catch (IOException e) {
                // not this one
            }
        }
        Path found = searchDev(block, d.major(), d.minor());
        if (found == null) {
            throw new SpecException(file, field, "the host has no " + (block ? "block" : "character")
                    + " device " + d.major() + ":" + d.minor() + " (looked at " + same + ", " + byNumber + " and /dev)");
        }
        return found;
    }

    /** A host node of that number under /dev (hosts without udev have no /dev/char). */
    private static Path searchDev(boolean block, long major, long minor) {
        try (java.util.stream.Stream<Path> s = Files.walk(Path.of("/dev"), 3)) {
            return s.filter(p -> {
                try {
                    return isNode(p, block, major, minor);
                } catch (IOException | RuntimeException e) {
                    return false;
                }
            }).findFirst().orElse(null);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    private static boolean isNode(Path p, boolean block, long major, long minor) throws IOException {
        int mode = (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        if ((mode & 0170000) != (block ? 0060000 : 0020000)) {
            return false;
        }
        long rdev = (Long) Files.getAttribute(p, "unix:rdev", LinkOption.NOFOLLOW_LINKS);
        // glibc's gnu_dev_major/minor
        long ma = ((rdev >> 8) & 0xfff) | ((rdev >> 32) & ~0xfffL);
        long mi = (rdev & 0xff) | ((rdev >> 12) & ~0xffL);
        return ma == major && mi == minor;
    }

    // ---- linux.netDevices -------------------------------------------------------------------

    /** {@code linux.netDevices}: each host netdev and its name in the container. */
    public static List<NetdevMover.Grant> netDevices(Spec spec) {
        List<NetdevMover.Grant> out = new ArrayList<>();
        if (spec.linux() == null) {
            return out;
        }
        spec.linux().netDevices().forEach((host, d) -> out.add(
                new NetdevMover.Grant(host, d == null || d.name() == null || d.name().isEmpty() ? host : d.name())));
        return out;
    }

    private List<NetdevMover.Grant> netDevices() {
        try {
            return netDevices(spec);
        } catch (NetdevException e) {
            throw bad("linux.netDevices", e.getMessage());
        }
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
        StrongArp.sysctls(netdevs).forEach((path, value) -> {
            if (!own.contains(path.replace('.', '/'))) {
                b.writeFile("/proc/sys/" + path, value);
            }
        });
    }

    // ---- sysctls, masked and read-only paths ------------------------------------------------

    /**
     * Only sysctls of a namespace the container has of its own, as runc allows: net.* with a
     * network namespace, the IPC ones with an IPC namespace, hostname and domainname with UTS.
     */
    private void sysctls(LaunchPlan.Builder b, String root, ContainerPaths view) {
        Map<String, String> sysctl = spec.linux().sysctl();
        if (sysctl.isEmpty()) {
            return;
        }
        Set<String> types = namespaceTypes();
        if (!view.isDirectory("/proc/sys")) {
            throw bad("linux.sysctl", "needs a proc mount at /proc (mounts has none)");
        }
        for (Map.Entry<String, String> e : sysctl.entrySet()) {
            String k = e.getKey();
            String f = "linux.sysctl." + k;
            if (!k.matches("[A-Za-z0-9_.\\-/]+")) {
                throw bad(f, "not a sysctl name");
            }
            String ns;
            if (k.startsWith("net.")) {
                ns = "network";
            } else if (k.startsWith("fs.mqueue.") || List.of("kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.sem",
                    "kernel.shmall", "kernel.shmmax", "kernel.shmmni", "kernel.shm_rmid_forced").contains(k)) {
                ns = "ipc";
            } else if (k.equals("kernel.hostname") || k.equals("kernel.domainname")) {
                ns = "uts";
            } else {
                throw bad(f, "not a namespaced sysctl: it would change the host");
            }
            if (!types.contains(ns)) {
                throw bad(f, "needs a " + ns + " namespace of the container's own (linux.namespaces has none)");
            }
            String path = "/proc/sys/" + k.replace('.', '/');
            if (!view.exists(path)) {
                throw bad(f, "no such sysctl on this kernel (" + path + ")");
            }
            b.writeFile(root + path, e.getValue());
        }
    }

    private void masked(LaunchPlan.Builder b, String root, ContainerPaths view, List<String> paths) {
        for (String p : paths) {
            String dest = view.resolve(p);
            if (!view.exists(dest)) {
                continue; // as runc: nothing to hide
            }
            if (view.isDirectory(dest)) {
                b.mount("tmpfs", root + dest, "tmpfs", MS_RDONLY, null);
            } else {
                b.mount("/dev/null", root + dest, null, MS_BIND, null);
            }
        }
    }

    private void readonly(LaunchPlan.Builder b, String root, ContainerPaths view, List<String> paths) {
        for (String p : paths) {
            String dest = view.resolve(p);
            if (!view.exists(dest)) {
                continue;
            }
            b.mount(root + dest, root + dest, null, MS_BIND | MS_REC, null);
            b.mountSetattr(root + dest, MOUNT_ATTR_RDONLY, 0, true);
        }
    }

    // ---- the process ------------------------------------------------------------------------

    /** runc's check at create time: the command must exist in the rootfs (where that can be seen). */
    private void checkExecutable(ContainerPaths view) {
        String cmd = spec.process().args().get(0);
        if (cmd.contains("/")) {
            String dest = view.resolve(cmd.startsWith("/") ? cmd : spec.process().cwd() + "/" + cmd);
            if (view.host(dest) != null && !view.exists(dest)) {
                throw bad("process.args[0]", "exec: " + SpecLoaderQuote.q(cmd) + ": stat " + cmd + ": no such file or directory");
            }
            return;
        }
        String path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
        for (String e : spec.process().env()) {
            if (e.startsWith("PATH=")) {
                path = e.substring(5);
            }
        }
        for (String dir : path.split(":", -1)) {
            String dest = view.resolve((dir.isEmpty() ? spec.process().cwd() : dir) + "/" + cmd);
            Path host = view.host(dest);
            if (host == null) {
                return; // on a fresh filesystem: exec will tell
            }
            if (Files.isRegularFile(host) && Files.isExecutable(host)) {
                return;
            }
        }
        throw bad("process.args[0]", "exec: " + SpecLoaderQuote.q(cmd) + ": executable file not found in $PATH");
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }

    /** JSON-style quoting for messages. */
    static final class SpecLoaderQuote {
        private SpecLoaderQuote() {}

        static String q(String s) {
            return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        }
    }
}
