package dev.sluice.oci.launch;

import dev.sluice.oci.hooks.NvidiaLegacyHook;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.rdmaproxy.net.NetdevException;
import dev.sluice.rdmaproxy.net.NetdevMover;
import dev.sluice.sentry.spi.CharDevice;

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
 * What Sluice carries out of a config.json and what it refuses, checked before anything runs, so
 * that a refused config leaves nothing behind. {@code create} runs the checks before it takes the
 * container's id; {@link OciPlanCompiler} runs them again on the config it compiles, and emits its
 * ops from their result only.
 *
 * <p>Whether a mount destination, a sysctl or the executable is acceptable depends on where it
 * lands in the container, so the checks resolve every path the plan names there ({@link
 * ContainerPaths}), each mount on the view the mounts before it left. The result, {@link Checked},
 * carries those resolved paths, so the compiler never resolves (or refuses) anything again. What
 * depends on the proxies, not on the config alone, stays with the compiler: a {@code
 * SCMP_ACT_NOTIFY} rule of {@code linux.seccomp} beside the sentry's own listener ({@link
 * SeccompProfile}). The cgroup fields are the cgroup package's ({@code ContainerCgroup}), checked
 * against the host's cgroup version when create runs.
 *
 * <p>The refusals that keep the device boundary (see {@link OciPlanCompiler}) are here: a bind
 * mount of a device node other than the harmless defaults, {@code "dev"} on a bind mount, and
 * {@code devtmpfs} mounts.
 */
public final class OciSpecChecks {
    /** Namespace types Sluice creates or joins. */
    public static final List<String> SUPPORTED_NAMESPACES =
            List.of("pid", "network", "mount", "ipc", "uts", "user", "cgroup");

    /** The devices every container gets (runtime-spec "Default Devices"), as runc makes them. */
    static final List<Spec.Device> DEFAULT_DEVICES =
            List.of(
                    new Spec.Device("c", "/dev/null", 1L, 3L, 0666L, 0L, 0L),
                    new Spec.Device("c", "/dev/zero", 1L, 5L, 0666L, 0L, 0L),
                    new Spec.Device("c", "/dev/full", 1L, 7L, 0666L, 0L, 0L),
                    new Spec.Device("c", "/dev/random", 1L, 8L, 0666L, 0L, 0L),
                    new Spec.Device("c", "/dev/urandom", 1L, 9L, 0666L, 0L, 0L),
                    new Spec.Device("c", "/dev/tty", 5L, 0L, 0666L, 0L, 0L));

    /**
     * One of config.json's {@code mounts}, checked: {@code destination} resolved in the container;
     * for a bind mount, the host path it binds ({@code bindSource}, else null) and whether that is
     * a directory.
     */
    record Mount(
            Spec.Mount mount,
            String destination,
            MountOptions options,
            Path bindSource,
            boolean directory) {
        boolean bind() {
            return bindSource != null;
        }
    }

    /**
     * A device node the root does not have yet, at its resolved {@code destination}; in a user
     * namespace, where mknod of a device is refused, the host node it is bound from ({@code
     * hostNode}, else null).
     */
    record Device(Spec.Device device, String destination, Path hostNode) {}

    /**
     * A {@code maskedPaths} entry that exists, resolved; a directory is hidden by a tmpfs, a file
     * by /dev/null.
     */
    record Masked(String destination, boolean directory) {}

    /**
     * A config that passed the checks, with every container path the plan names resolved.
     *
     * @param rootfs {@code root.path}, absolute
     * @param userns the container's user namespace, or null
     * @param mounts {@code mounts}, in order
     * @param devices the default devices and {@code linux.devices} that the root lacks
     * @param devicePaths the paths of every default and listed device, present or not, each with
     *     its destination resolved in the container
     * @param sysctls {@code linux.sysctl}: the file under /proc/sys of each, and its value
     * @param masked {@code linux.maskedPaths} that exist
     * @param readonly {@code linux.readonlyPaths} that exist, resolved
     * @param cwd {@code process.cwd}, resolved
     * @param netdevs the names in the container of {@code linux.netDevices}
     */
    record Checked(
            Path rootfs,
            UserNamespace userns,
            List<Mount> mounts,
            List<Device> devices,
            Map<String, String> devicePaths,
            Map<String, String> sysctls,
            List<Masked> masked,
            List<String> readonly,
            String cwd,
            List<String> netdevs,
            String home) {}

    private final Spec spec;
    private final String file;
    private final Path bundle;
    private final Path rootfs;
    private final ContainerPaths view;
    private UserNamespace userns;
    private UserNamespaceChecks usernsChecks;
    private List<String> netdevs;

    private OciSpecChecks(Spec spec, String file, Path bundle) {
        this.spec = spec;
        this.file = file;
        this.bundle = bundle;
        this.rootfs = rootfs(spec, file, bundle);
        this.view = new ContainerPaths(rootfs);
    }

    /**
     * Checks what the container asks for against what Sluice carries out, naming the first field
     * refused ({@link SpecException}), and resolves the paths the plan names in the container.
     */
    public static Checked check(Spec spec, String file, Path bundle) {
        return new OciSpecChecks(spec, file, bundle).check();
    }

    private Checked check() {
        checkSupported();
        NvidiaLegacyHook.check(spec, file);
        List<Mount> mounts = mounts();
        Map<String, String> devicePaths = new LinkedHashMap<>();
        List<Device> devices = devices(devicePaths);
        Map<String, String> sysctls = sysctls();
        List<Masked> masked = new ArrayList<>();
        List<String> readonly = new ArrayList<>();
        if (spec.linux() != null) {
            masked = masked(spec.linux().maskedPaths());
            readonly = readonly(spec.linux().readonlyPaths());
        }
        String cwd = view.resolve(spec.process().cwd());
        checkExecutable();
        return new Checked(
                rootfs,
                userns,
                mounts,
                devices,
                devicePaths,
                sysctls,
                masked,
                readonly,
                cwd,
                netdevs,
                ContainerHome.entry(spec.process(), view));
    }

    private SpecException bad(String field, String problem) {
        return new SpecException(file, field, problem);
    }

    /** The root filesystem: {@code root.path}, relative to the bundle; it must be a directory. */
    public static Path rootfs(Spec spec, String file, Path bundle) {
        Path p = bundle.resolve(spec.root().path()).toAbsolutePath().normalize();
        if (!Files.isDirectory(p)) {
            throw new SpecException(
                    file,
                    "root.path",
                    p + ": " + (Files.exists(p) ? "not a directory" : "no such directory"));
        }
        return p;
    }

    /** The namespace types config.json lists, created or joined. */
    static Set<String> namespaceTypes(Spec spec) {
        Set<String> t = new LinkedHashSet<>();
        if (spec.linux() != null) {
            spec.linux().namespaces().forEach(n -> t.add(n.type()));
        }
        return t;
    }

    // ---- what Sluice carries out, and what it refuses --------------------------------------

    private void checkSupported() {
        ProcessOps.check(spec.process(), file, "process.");
        for (String key : spec.annotations().keySet()) {
            if (key.startsWith(OciPlanCompiler.ANNOTATION_PREFIX)
                    && !OciPlanCompiler.ANNOTATIONS.contains(key)) {
                throw bad(
                        "annotations." + key,
                        "unknown Sluice annotation (known: "
                                + String.join(", ", OciPlanCompiler.ANNOTATIONS)
                                + ")");
            }
        }
        OciPlanCompiler.acceptsRacyContinue(spec, file);
        OciPlanCompiler.allowsIoUring(spec, file);
        OciPlanCompiler.rdmaGeneric(spec, file);
        Spec.Linux l = spec.linux();
        if (l == null) {
            throw bad("linux", "missing: a container needs at least a mount namespace");
        }
        Set<String> types = namespaceTypes(spec);
        for (int i = 0; i < l.namespaces().size(); i++) {
            Spec.Namespace n = l.namespaces().get(i);
            if (!SUPPORTED_NAMESPACES.contains(n.type())) {
                throw bad(
                        "linux.namespaces[" + i + "].type",
                        q(n.type())
                                + " namespaces are not supported by sluice yet (supported: "
                                + String.join(", ", SUPPORTED_NAMESPACES)
                                + ")");
            }
            if (n.type().equals("mount") && n.path() != null && !n.path().isEmpty()) {
                throw bad(
                        "linux.namespaces[" + i + "].path",
                        "joining a mount namespace is not supported: the container needs its own");
            }
            if (n.path() != null && !n.path().isEmpty() && !Files.exists(Path.of(n.path()))) {
                throw bad("linux.namespaces[" + i + "].path", n.path() + ": no such file");
            }
        }
        if (!types.contains("mount")) {
            throw bad(
                    "linux.namespaces",
                    "a mount namespace is required (sluice assembles the root in it)");
        }
        try {
            netdevs =
                    OciPlanCompiler.netDevices(spec).stream()
                            .map(NetdevMover.Grant::innerName)
                            .toList();
        } catch (NetdevException e) {
            throw bad("linux.netDevices", e.getMessage());
        }
        if (!netdevs.isEmpty() && !types.contains("network")) {
            throw bad(
                    "linux.netDevices",
                    "needs a network namespace of the container's own (linux.namespaces has none)");
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
        personality(spec, file);
    }

    /** PER_LINUX and PER_LINUX32, linux/personality.h. */
    private static final Map<String, Long> DOMAINS = Map.of("LINUX", 0x0000L, "LINUX32", 0x0008L);

    /**
     * {@code linux.personality} as a {@code personality(2)} value, or null when absent: its {@code
     * domain} ({@code LINUX} or {@code LINUX32}); {@code flags} are refused, as runc refuses them.
     */
    static Long personality(Spec spec, String file) {
        Object p = spec.linux() == null ? null : spec.linux().personality();
        if (p == null) {
            return null;
        }
        if (!(p instanceof Map<?, ?> m)) {
            throw new SpecException(file, "linux.personality", "must be an object");
        }
        Object flags = m.get("flags");
        if (flags instanceof List<?> list && !list.isEmpty()) {
            throw new SpecException(
                    file, "linux.personality.flags", "personality flags are not supported");
        }
        Object domain = m.get("domain");
        Long value = domain instanceof String d ? DOMAINS.get(d) : null;
        if (value == null) {
            throw new SpecException(
                    file,
                    "linux.personality.domain",
                    "must be LINUX or LINUX32, got " + (domain == null ? "none" : domain));
        }
        return value;
    }

    // ---- mounts -----------------------------------------------------------------------------

    /** The config's mounts, in order, each resolved on the view the ones before it left. */
    private List<Mount> mounts() {
        List<Mount> out = new ArrayList<>();
        for (int i = 0; i < spec.mounts().size(); i++) {
            Spec.Mount m = spec.mounts().get(i);
            String f = "mounts[" + i + "]";
            String dest =
                    view.resolve(
                            m.destination().startsWith("/")
                                    ? m.destination()
                                    : "/" + m.destination());
            if (dest.equals("/")) {
                throw bad(f + ".destination", "cannot mount over the container's root");
            }
            if (!m.uidMappings().isEmpty() || !m.gidMappings().isEmpty()) {
                throw bad(
                        f + (m.uidMappings().isEmpty() ? ".gidMappings" : ".uidMappings"),
                        "idmapped mounts are not supported by sluice yet");
            }
            MountOptions o = MountOptions.parse(m.options());
            boolean bind = o.isBind() || "bind".equals(m.type());
            if (bind) {
                Path src = bindSource(f, m);
                if (usernsChecks != null) {
                    usernsChecks.reachable(f + ".source", src);
                }
                out.add(new Mount(m, dest, o, src, Files.isDirectory(src)));
                view.bind(dest, src);
            } else {
                String type = m.type();
                if (type == null || type.isEmpty()) {
                    throw bad(f + ".type", "missing (a filesystem type, or \"bind\")");
                }
                if (type.equals("devtmpfs")) {
                    throw bad(
                            f + ".type",
                            "devtmpfs would show every host device unmediated; mount a tmpfs on /dev"
                                    + " and list devices in linux.devices");
                }
                if (usernsChecks != null) {
                    usernsChecks.filesystem(f, type, o, namespaceTypes(spec));
                }
                out.add(new Mount(m, dest, o, null, false));
                view.fresh(
                        dest,
                        type.equals("proc")
                                ? Path.of("/proc")
                                : type.equals("sysfs") ? Path.of("/sys") : null);
            }
        }
        return out;
    }

    private Path bindSource(String f, Spec.Mount m) {
        if (m.source() == null || m.source().isEmpty()) {
            throw bad(f + ".source", "missing (the host path to bind)");
        }
        Path src = bundle.resolve(m.source()).toAbsolutePath().normalize();
        if (!Files.exists(src)) {
            throw bad(f + ".source", src + ": no such file or directory");
        }
        if (m.options().contains("dev")) {
            throw bad(
                    f + ".options",
                    "\"dev\" on a bind mount is not supported: device nodes must be granted in linux.devices");
        }
        try {
            PosixFileAttributes a = Files.readAttributes(src, PosixFileAttributes.class);
            if (a.isOther()) {
                String real = src.toRealPath().toString();
                boolean harmless = DEFAULT_DEVICES.stream().anyMatch(d -> d.path().equals(real));
                if (!harmless && isDeviceNode(src)) {
                    throw bad(
                            f + ".source",
                            real
                                    + " is a device node: grant it in linux.devices, where its proxy sees it");
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

    /**
     * The default and listed devices the root lacks; {@code paths} gets every one's path, with its
     * resolved destination.
     */
    private List<Device> devices(Map<String, String> paths) {
        Map<String, Spec.Device> devs = new LinkedHashMap<>();
        DEFAULT_DEVICES.forEach(d -> devs.put(d.path(), d));
        for (Spec.Device d : spec.linux().devices()) {
            devs.put(d.path(), d);
        }
        List<Device> out = new ArrayList<>();
        for (Spec.Device d : devs.values()) {
            String dest = view.resolve(d.path());
            paths.put(d.path(), dest);
            if (view.exists(dest)) {
                continue; // what the rootfs already has there stays, as with runc
            }
            boolean node = !d.type().equals("p");
            out.add(new Device(d, dest, userns != null && node ? hostNode(d) : null));
        }
        return out;
    }

    /** The host node a device of the container is bound from in a user namespace. */
    private Path hostNode(Spec.Device d) {
        int i = spec.linux().devices().indexOf(d);
        return i < 0 ? Path.of(d.path()) : hostNode(d, file, "linux.devices[" + i + "]");
    }

    /**
     * The devices of {@code linux.devices} as the proxies see them: the host node of each (the node
     * at the same path when it is the same device, else the one udev lists under /dev/char or
     * /dev/block, else any under /dev), and the char device numbers no host node has. Those are
     * made with mknod in the container as runc makes them, and follow the cgroup device rules; a
     * number some proxy mediates is refused before anything starts ({@link
     * dev.sluice.sentry.spi.DeviceProxyProvider#mediates}).
     */
    public record HostDevices(List<Path> nodes, List<CharDevice> nodeless) {}

    public static HostDevices hostDevices(Spec spec) {
        List<Path> nodes = new ArrayList<>();
        List<CharDevice> nodeless = new ArrayList<>();
        if (spec.linux() == null) {
            return new HostDevices(nodes, nodeless);
        }
        for (Spec.Device d : spec.linux().devices()) {
            if (d.type().equals("p")) {
                continue;
            }
            Path found = findHostNode(d);
            if (found == null) {
                CharDevice number = new CharDevice(d.major().intValue(), d.minor().intValue());
                if (!d.type().equals("b") && !nodeless.contains(number)) {
                    nodeless.add(number);
                }
            } else if (!nodes.contains(found)) {
                nodes.add(found);
            }
        }
        return new HostDevices(nodes, nodeless);
    }

    /** The host node of device {@code d} (not a fifo), or a refusal naming {@code field}. */
    private static Path hostNode(Spec.Device d, String file, String field) {
        Path found = findHostNode(d);
        if (found == null) {
            boolean block = d.type().equals("b");
            throw new SpecException(
                    file,
                    field,
                    "the host has no "
                            + (block ? "block" : "character")
                            + " device "
                            + d.major()
                            + ":"
                            + d.minor()
                            + " to bind into the user namespace (looked at "
                            + d.path()
                            + ", "
                            + byNumber(d)
                            + " and /dev)");
        }
        return found;
    }

    private static Path byNumber(Spec.Device d) {
        return Path.of(
                d.type().equals("b") ? "/dev/block" : "/dev/char", d.major() + ":" + d.minor());
    }

    /** The host node of device {@code d} (not a fifo), or null when the host has none. */
    static Path findHostNode(Spec.Device d) {
        boolean block = d.type().equals("b");
        for (Path candidate : List.of(Path.of(d.path()), byNumber(d))) {
            try {
                Path real = candidate.toRealPath();
                if (isNode(real, block, d.major(), d.minor())) {
                    return real;
                }
            } catch (IOException e) {
                // not this one
            }
        }
        return searchDev(block, d.major(), d.minor());
    }

    /** A host node of that number under /dev (hosts without udev have no /dev/char). */
    private static Path searchDev(boolean block, long major, long minor) {
        try (java.util.stream.Stream<Path> s = Files.walk(Path.of("/dev"), 3)) {
            return s.filter(
                            p -> {
                                try {
                                    return isNode(p, block, major, minor);
                                } catch (IOException | RuntimeException e) {
                                    return false;
                                }
                            })
                    .findFirst()
                    .orElse(null);
        } catch (IOException | java.io.UncheckedIOException e) {
            return null;
        }
    }

    private static boolean isNode(Path p, boolean block, long major, long minor)
            throws IOException {
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

    // ---- sysctls, masked and read-only paths ------------------------------------------------

    /**
     * Only sysctls of a namespace the container has of its own, as runc allows: net.* with a
     * network namespace, the IPC ones with an IPC namespace, hostname and domainname with UTS.
     * Returns each one's file under /proc/sys in the container, with its value.
     */
    private Map<String, String> sysctls() {
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, String> sysctl = spec.linux().sysctl();
        if (sysctl.isEmpty()) {
            return out;
        }
        Set<String> types = namespaceTypes(spec);
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
            } else if (k.startsWith("fs.mqueue.")
                    || List.of(
                                    "kernel.msgmax",
                                    "kernel.msgmnb",
                                    "kernel.msgmni",
                                    "kernel.sem",
                                    "kernel.shmall",
                                    "kernel.shmmax",
                                    "kernel.shmmni",
                                    "kernel.shm_rmid_forced")
                            .contains(k)) {
                ns = "ipc";
            } else if (k.equals("kernel.hostname") || k.equals("kernel.domainname")) {
                ns = "uts";
            } else {
                throw bad(f, "not a namespaced sysctl: it would change the host");
            }
            if (!types.contains(ns)) {
                throw bad(
                        f,
                        "needs a "
                                + ns
                                + " namespace of the container's own (linux.namespaces has none)");
            }
            String path = "/proc/sys/" + k.replace('.', '/');
            if (!view.exists(path)) {
                throw bad(f, "no such sysctl on this kernel (" + path + ")");
            }
            out.put(path, e.getValue());
        }
        return out;
    }

    private List<Masked> masked(List<String> paths) {
        List<Masked> out = new ArrayList<>();
        for (String p : paths) {
            String dest = view.resolve(p);
            if (view.exists(dest)) { // as runc: nothing to hide otherwise
                out.add(new Masked(dest, view.isDirectory(dest)));
            }
        }
        return out;
    }

    private List<String> readonly(List<String> paths) {
        List<String> out = new ArrayList<>();
        for (String p : paths) {
            String dest = view.resolve(p);
            if (view.exists(dest)) {
                out.add(dest);
            }
        }
        return out;
    }

    // ---- the process ------------------------------------------------------------------------

    /**
     * runc's check at create time: the command must exist in the rootfs (where that can be seen).
     */
    private void checkExecutable() {
        String cmd = spec.process().args().get(0);
        if (cmd.contains("/")) {
            String dest =
                    view.resolve(cmd.startsWith("/") ? cmd : spec.process().cwd() + "/" + cmd);
            if (view.host(dest) != null && !view.exists(dest)) {
                throw bad(
                        "process.args[0]",
                        "exec: " + q(cmd) + ": stat " + cmd + ": no such file or directory");
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
        throw bad("process.args[0]", "exec: " + q(cmd) + ": executable file not found in $PATH");
    }

    /** JSON-style quoting for messages. */
    private static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
