package dev.sluice.sentry.launch;

import static dev.sluice.sentry.launch.LinuxConstants.*;

import dev.sluice.sentry.seccomp.ProfileTarget;
import dev.sluice.sentry.spi.TrapRule;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Turns a {@link SandboxSpec} and the active proxies' trap rules into a {@link LaunchPlan}. All
 * sandbox policy is here, in Java; {@code sluice-init} only carries the plan out.
 *
 * <p>The root is assembled under a staging directory on the host (an empty directory the runner
 * creates and removes; the mounts themselves live only in the sandbox's private mount namespace):
 *
 * <ol>
 *   <li>the rootfs (the host's {@code /} by default) is bind-mounted recursively and made read-only
 *       recursively ({@code mount_setattr});
 *   <li>a private writable {@code /tmp}: an overlay of a tmpfs on the rootfs's own /tmp;
 *   <li>a private empty {@code /run}, so host daemons' sockets are out of reach;
 *   <li>a minimal tmpfs {@code /dev}: null, zero, full, random, urandom and tty bound from the
 *       host, a private devpts instance with {@code /dev/ptmx}, a tmpfs {@code /dev/shm}, the usual
 *       symlinks, and each granted device node bound at its own path;
 *   <li>a {@code /proc} of the new pid namespace, with the kernel's knobs read-only and its leaky
 *       files masked, as container runtimes do;
 *   <li>on the host's root with a network namespace of its own, a fresh read-only sysfs, whose
 *       {@code /sys/class/net} shows the sandbox's netdevs;
 *   <li>on the host's root, the spec's {@link SysView}: {@code /sys/class} directories (and the
 *       device directories their links point to) shown with only the granted devices, read-only;
 *   <li>{@code pivot_root} into it.
 * </ol>
 *
 * The workload keeps a container-default capability set without {@code CAP_SYS_ADMIN} (so it cannot
 * unmount the read-only view or the /dev that hides the host's devices) and without {@code
 * CAP_MKNOD}, runs with no_new_privs, and has the seccomp notify rules of every active proxy (and,
 * with any, io_uring refused: {@link IoUring}). Its syscall profile ({@link SandboxSpec#seccomp},
 * the container engines' default unless the user chose another) is resolved for that capability set
 * and loaded as a second filter right before exec.
 */
public final class PlanCompiler {
    /** The default /dev of every sandbox, bound from the host. */
    static final List<String> BASE_DEVICES =
            List.of("null", "zero", "full", "random", "urandom", "tty");

    /** Kernel interfaces under /proc made read-only (as Docker's defaults). */
    static final List<String> PROC_READONLY = List.of("bus", "fs", "irq", "sys", "sysrq-trigger");

    /** Files under /proc hidden behind /dev/null (as Docker's defaults). */
    static final List<String> PROC_MASKED =
            List.of("kcore", "keys", "latency_stats", "timer_list", "timer_stats", "sched_debug");

    /**
     * What stays visible of the host's /run: the resolver configuration that /etc/resolv.conf links
     * to on systemd-resolved hosts, and the NVIDIA persistence daemon's socket directory.
     */
    static final List<String> RUN_KEEP =
            List.of("/run/systemd/resolve", "/run/nvidia-persistenced");

    /**
     * Docker's default capability set, less CAP_MKNOD: there is no device cgroup in `sluice run`.
     */
    public static final long DEFAULT_CAPS =
            bits(
                    CAP_CHOWN,
                    CAP_DAC_OVERRIDE,
                    CAP_FOWNER,
                    CAP_FSETID,
                    CAP_KILL,
                    CAP_SETGID,
                    CAP_SETUID,
                    CAP_SETPCAP,
                    CAP_NET_BIND_SERVICE,
                    CAP_NET_RAW,
                    CAP_SYS_CHROOT,
                    CAP_AUDIT_WRITE,
                    CAP_SETFCAP);

    private PlanCompiler() {}

    public static LaunchPlan compile(SandboxSpec spec, List<TrapRule> rules, Path staging) {
        return compile(spec, rules, false, staging, Path.of("/sys"));
    }

    /**
     * As {@link #compile(SandboxSpec, List, Path)}; with {@code trapWrites} (a proxy mediates
     * writes: {@link dev.sluice.sentry.spi.DeviceProxy#mediatesWrites}) the filter also traps the
     * write family and refuses io_uring ({@link WriteTraps}).
     */
    public static LaunchPlan compile(
            SandboxSpec spec, List<TrapRule> rules, boolean trapWrites, Path staging) {
        return compile(spec, rules, trapWrites, staging, Path.of("/sys"));
    }

    /**
     * As {@link #compile(SandboxSpec, List, Path)}, reading the host's sysfs at {@code sys}
     * (tests).
     */
    static LaunchPlan compile(SandboxSpec spec, List<TrapRule> rules, Path staging, Path sys) {
        return compile(spec, rules, false, staging, sys);
    }

    static LaunchPlan compile(
            SandboxSpec spec, List<TrapRule> rules, boolean trapWrites, Path staging, Path sys) {
        return compile(spec, rules, trapWrites, List.of(), staging, sys);
    }

    /**
     * As {@link #compile(SandboxSpec, List, boolean, Path)}; the granted device nodes among {@code
     * opened} (the proxies' {@link dev.sluice.sentry.spi.DeviceProxy#opensDevices}) are the
     * sentry's to open: their bind mounts are nodev (stat still shows the node; an open fails
     * EACCES, {@code may_open_dev}), the filter traps the open family and refuses {@code mknod} of
     * character devices ({@link OpenTraps}).
     */
    public static LaunchPlan compile(
            SandboxSpec spec,
            List<TrapRule> rules,
            boolean trapWrites,
            List<Path> opened,
            Path staging) {
        return compile(spec, rules, trapWrites, opened, staging, Path.of("/sys"));
    }

    static LaunchPlan compile(
            SandboxSpec spec,
            List<TrapRule> rules,
            boolean trapWrites,
            List<Path> opened,
            Path staging,
            Path sys) {
        String root = staging.toString();
        Path rootfs = spec.rootfs() == null ? Path.of("/") : spec.rootfs();
        LaunchPlan.Builder b = LaunchPlan.builder();

        long flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS;
        if (spec.network() == SandboxSpec.Network.NONE) {
            flags |= CLONE_NEWNET;
        }
        b.unshare(flags);
        b.reaper();
        if (spec.hostname() != null) {
            b.hostname(spec.hostname());
        }
        if (spec.network() == SandboxSpec.Network.NONE) {
            b.ifup("lo");
        }
        if (spec.hostSetup()) {
            b.hooksWait(); // the host moves netdevs into the new network namespace here
        }
        // /proc is still the host's mount here; /proc/sys/net answers for the writer's namespace.
        spec.netSysctls().forEach((path, value) -> b.writeFile("/proc/sys/" + path, value));

        // Nothing we mount may propagate back to the host.
        b.mount(null, "/", null, MS_REC | MS_PRIVATE, null);
        String scratch = scratch(staging).toString();
        b.mount("tmpfs", scratch, "tmpfs", MS_NOSUID | MS_NODEV, "mode=755");
        Injection injection = spec.injection();
        String tmpLower = root + "/tmp";
        if (spec.rootfs() != null && injection.changesRoot()) {
            overlayRoot(b, root, rootfs.toString(), scratch);
            inject(b, root, injection);
            // The image's own /tmp, not the overlay's: an overlay may not be the lower layer of
            // another once the image itself is on one (the kernel stacks two at most: EINVAL).
            Path imageTmp = rootfs.resolve("tmp");
            tmpLower =
                    Files.isDirectory(imageTmp, LinkOption.NOFOLLOW_LINKS)
                            ? imageTmp.toString()
                            : null;
        } else {
            b.mount(rootfs.toString(), root, null, MS_BIND | MS_REC, null);
        }
        b.mountSetattr(root, MOUNT_ATTR_RDONLY, 0, true);

        tmp(b, root, scratch, tmpLower);
        run(b, root, spec.rootfs() == null);
        dev(b, root, spec.devices());
        for (Path node : opened) {
            if (spec.devices().contains(node)) {
                b.mountSetattr(root + node, MOUNT_ATTR_NODEV, 0, false);
            }
        }
        proc(b, root);
        injection.proc().apply(b, root + "/proc", Path.of("/proc"));
        if (spec.rootfs() == null && spec.network() == SandboxSpec.Network.NONE) {
            // The host's sysfs shows the host's netdevs under /sys/class/net; one mounted here
            // shows the sandbox's own (a moved RDMA netdev, whose topology NCCL reads there).
            b.mount(
                    "sysfs",
                    root + "/sys",
                    "sysfs",
                    MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC,
                    null);
        }
        if (spec.rootfs() == null) {
            for (SysView.SysClass c : spec.sysView().classes()) {
                sysClass(b, root, sys, c);
            }
        }

        b.pivotRoot(root);

        // The workload's own process state; nothing outside its Landlock domain is within its
        // reach.
        b.ptraceScope();
        b.chdir(spec.cwd());
        for (String e : spec.env()) {
            b.env(e);
        }
        b.caps(DEFAULT_CAPS);
        b.noNewPrivs();
        for (TrapRule r : dedupe(rules)) {
            b.notifyIoctl(r.mask(), r.value());
        }
        for (int protocol : new TreeSet<>(spec.sysView().refusedNetlink())) {
            b.denySocket(AF_NETLINK, protocol, EPROTONOSUPPORT);
        }
        if (trapWrites) {
            WriteTraps.add(b);
        } else if (!rules.isEmpty() && !spec.allowIoUring()) {
            IoUring.deny(b);
        }
        if (!opened.isEmpty()) {
            OpenTraps.add(b);
        }
        if (spec.seccomp() != null) {
            b.seccompProfile(spec.seccomp().resolve(sandboxTarget()));
        }
        return b.exec(spec.command().get(0), spec.command()).build();
    }

    /**
     * What a conditional profile is resolved for: the workload's bounding set ({@link
     * #DEFAULT_CAPS}), the host's architecture and the running kernel, as the container engines
     * resolve their default profile for a container.
     */
    static ProfileTarget sandboxTarget() {
        return new ProfileTarget(
                Capabilities.names(DEFAULT_CAPS),
                ProfileTarget.hostArchitecture(),
                ProfileTarget.KernelVersion.running());
    }

    /**
     * The host directory that holds the private /tmp's writable layer: a sibling of the staging
     * root ({@code <staging>-tmp}), created and removed by the runner like the staging root.
     */
    public static Path scratch(Path staging) {
        return staging.resolveSibling(staging.getFileName() + "-tmp");
    }

    /**
     * A private, writable /tmp that still shows what the rootfs has there: an overlay whose lower
     * layer is the read-only /tmp of the rootfs and whose upper layer is a tmpfs. Writes never
     * reach the host, and a user who works under /tmp (or a CI checkout there) keeps seeing its
     * files and its working directory in the sandbox.
     */
    private static void tmp(LaunchPlan.Builder b, String root, String scratch, String lower) {
        if (lower == null) {
            b.mount("tmpfs", root + "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
            return;
        }
        b.mkdir(scratch + "/upper", 01777);
        b.mkdir(scratch + "/work", 0700);
        b.mount(
                "overlay",
                root + "/tmp",
                "overlay",
                MS_NOSUID | MS_NODEV,
                "lowerdir="
                        + lower
                        + ",upperdir="
                        + scratch
                        + "/upper,workdir="
                        + scratch
                        + "/work");
    }

    /**
     * A root of its own ({@code --rootfs}) that the sandbox's injected files change: an overlay
     * whose lower layer is the rootfs and whose upper layer is on the scratch tmpfs, so the image
     * is never written and the changes die with the sandbox.
     */
    private static void overlayRoot(
            LaunchPlan.Builder b, String root, String rootfs, String scratch) {
        b.mkdir(scratch + "/root-upper", 0755);
        b.mkdir(scratch + "/root-work", 0700);
        b.mount(
                "overlay",
                root,
                "overlay",
                0,
                "lowerdir="
                        + rootfs
                        + ",upperdir="
                        + scratch
                        + "/root-upper,workdir="
                        + scratch
                        + "/root-work");
        for (String d : MOUNT_POINTS) {
            b.mkdir(root + "/" + d, 0755);
        }
    }

    /** The directories a root needs for the sandbox's own mounts. */
    public static final List<String> MOUNT_POINTS = List.of("dev", "proc", "tmp", "sys", "run");

    /**
     * The injected files ({@link Injection}): each bound read-only at its path (made in the
     * overlay), the links, then the host's ldconfig run on the root ({@code -r}: it chroots there,
     * so the image's links cannot steer it out; never the image's own ldconfig, which would run
     * image code as the host's root), so the image's ld cache lists the libraries.
     */
    private static void inject(LaunchPlan.Builder b, String root, Injection injection) {
        for (Injection.Bind bind : injection.binds()) {
            String target = root + bind.path();
            b.mkdir(Path.of(target).getParent().toString(), 0755);
            if (Files.isDirectory(bind.host())) {
                b.mkdir(target, 0755);
            } else {
                b.touch(target, 0644);
            }
            b.mount(bind.host().toString(), target, null, MS_BIND | MS_REC, null);
            b.mountSetattr(
                    target, MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV, 0, true);
        }
        for (Injection.Link link : injection.links()) {
            b.mkdir(Path.of(root + link.path()).getParent().toString(), 0755);
            b.symlink(link.target(), root + link.path());
        }
        if (!injection.ldFolders().isEmpty()) {
            Path ldconfig = Injection.hostLdconfig();
            b.mkdir(root + "/etc", 0755);
            List<String> argv = new ArrayList<>(List.of("ldconfig", "-r", root));
            argv.addAll(injection.ldFolders());
            b.run(ldconfig.toString(), argv);
        }
    }

    /**
     * A private, empty {@code /run}: the host's daemon sockets live there (containerd, docker,
     * dbus, systemd), and a read-only mount does not stop {@code connect()}. On the host's root,
     * the few directories workloads legitimately read are bound back read-only ({@link #RUN_KEEP}).
     */
    private static void run(LaunchPlan.Builder b, String root, boolean hostRoot) {
        b.mount("tmpfs", root + "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=755,size=65536k");
        if (!hostRoot) {
            return;
        }
        for (String keep : RUN_KEEP) {
            if (Files.isDirectory(Path.of(keep))) {
                b.mkdir(root + keep, 0755);
                b.mount(keep, root + keep, null, MS_BIND | MS_REC, null);
                b.mountSetattr(root + keep, MOUNT_ATTR_RDONLY, 0, true);
            }
        }
    }

    private static void dev(LaunchPlan.Builder b, String root, List<Path> devices) {
        String dev = root + "/dev";
        b.mount("tmpfs", dev, "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=755,size=65536k");
        for (String d : BASE_DEVICES) {
            bindDevice(b, root, "/dev/" + d);
        }
        b.mkdir(dev + "/pts", 0755);
        b.mount(
                "devpts",
                dev + "/pts",
                "devpts",
                MS_NOSUID | MS_NOEXEC,
                "newinstance,ptmxmode=0666,mode=0620,gid=5");
        b.symlink("pts/ptmx", dev + "/ptmx");
        b.mkdir(dev + "/shm", 01777);
        b.mount(
                "shm",
                dev + "/shm",
                "tmpfs",
                MS_NOSUID | MS_NODEV | MS_NOEXEC,
                "mode=1777,size=65536k");
        b.symlink("/proc/self/fd", dev + "/fd");
        b.symlink("/proc/self/fd/0", dev + "/stdin");
        b.symlink("/proc/self/fd/1", dev + "/stdout");
        b.symlink("/proc/self/fd/2", dev + "/stderr");
        for (Path d : devices) {
            bindDevice(b, root, d.toString());
        }
    }

    private static void bindDevice(LaunchPlan.Builder b, String root, String hostPath) {
        Path target = Path.of(root + hostPath);
        b.mkdir(target.getParent().toString(), 0755);
        b.touch(target.toString(), 0666);
        b.mount(hostPath, target.toString(), null, MS_BIND, null);
    }

    private static void proc(LaunchPlan.Builder b, String root) {
        String proc = root + "/proc";
        b.mount("proc", proc, "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, null);
        // Which of these exist depends on the kernel's config; the new /proc shows the same set as
        // ours.
        for (String p : PROC_READONLY) {
            if (!Files.exists(Path.of("/proc", p))) {
                continue;
            }
            String path = proc + "/" + p;
            b.mount(path, path, null, MS_BIND | MS_REC, null);
            b.mountSetattr(path, MOUNT_ATTR_RDONLY, 0, true);
        }
        for (String p : PROC_MASKED) {
            if (!Files.exists(Path.of("/proc", p))) {
                continue;
            }
            b.mount("/dev/null", proc + "/" + p, null, MS_BIND, null);
        }
    }

    /**
     * {@code /sys/class/NAME} with only the kept entries, read-only. In sysfs a class directory
     * holds links to the devices' directories ({@code ../../devices/virtual/infiniband/rxe0},
     * {@code ../../devices/pci0000:00/.../0000:03:00.0/infiniband/mlx5_0}) and the class's
     * attribute files ({@code abi_version}). The view is:
     *
     * <ul>
     *   <li>a tmpfs over the class directory with the kept links (same relative targets) and each
     *       attribute file bound from the host;
     *   <li>for each directory that holds the devices' own directories (the kernel's per-class
     *       "glue" directory under the parent device, or {@code /sys/devices/virtual/NAME} for
     *       devices without a parent), unless every device in it is kept: a tmpfs over it with only
     *       the kept devices' directories bound back. Should such a directory not be named after
     *       the class (no kernel does that), each hidden device's directory gets an empty tmpfs
     *       instead.
     * </ul>
     *
     * The kept devices' directories are the host's own, so everything under them (ports, GIDs, the
     * {@code device} link to the PCI function, the netdev names) reads as on the host; the rest of
     * /sys (PCI topology, netdevs, NUMA) stays the host's read-only view.
     */
    private static void sysClass(
            LaunchPlan.Builder b, String root, Path sysRoot, SysView.SysClass c) {
        Path sys;
        try {
            sys = sysRoot.toRealPath();
        } catch (IOException e) {
            return; // no sysfs: nothing to filter
        }
        Path cls = sys.resolve("class").resolve(c.name());
        if (!Files.isDirectory(cls, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        String target = inSandbox(root, sys, cls);
        b.mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=755,size=64k");
        // Directories holding device directories -> the kept devices' directories in them.
        Map<Path, Set<Path>> holders = new TreeMap<>();
        for (Path e : list(cls)) {
            String name = e.getFileName().toString();
            if (Files.isSymbolicLink(e)) {
                Path dir;
                try {
                    dir = e.toRealPath();
                } catch (IOException gone) {
                    continue; // a device that went away while we looked
                }
                if (!dir.startsWith(sys) || dir.getParent() == null) {
                    continue;
                }
                Set<Path> kept = holders.computeIfAbsent(dir.getParent(), k -> new TreeSet<>());
                if (c.keep().contains(name)) {
                    kept.add(dir);
                    b.symlink(readLink(e), target + "/" + name);
                }
            } else if (Files.isRegularFile(e, LinkOption.NOFOLLOW_LINKS)) {
                b.touch(target + "/" + name, 0444);
                b.mount(e.toString(), target + "/" + name, null, MS_BIND, null);
            }
        }
        b.mountSetattr(target, MOUNT_ATTR_RDONLY, 0, true);
        for (Map.Entry<Path, Set<Path>> h : holders.entrySet()) {
            Path holder = h.getKey();
            Set<Path> kept = h.getValue();
            List<Path> all = list(holder);
            if (kept.containsAll(all)) {
                continue;
            }
            if (holder.getFileName().toString().equals(c.name())) {
                String t = inSandbox(root, sys, holder);
                b.mount("tmpfs", t, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=755,size=64k");
                for (Path d : kept) {
                    String dt = t + "/" + d.getFileName();
                    b.mkdir(dt, 0755);
                    b.mount(d.toString(), dt, null, MS_BIND, null);
                }
                b.mountSetattr(t, MOUNT_ATTR_RDONLY, 0, true);
            } else {
                for (Path d : all) {
                    if (!kept.contains(d) && Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)) {
                        String t = inSandbox(root, sys, d);
                        b.mount(
                                "tmpfs",
                                t,
                                "tmpfs",
                                MS_NOSUID | MS_NODEV | MS_NOEXEC,
                                "mode=555,size=4k");
                        b.mountSetattr(t, MOUNT_ATTR_RDONLY, 0, false);
                    }
                }
            }
        }
    }

    /** Where the host's sysfs path {@code p} (under {@code sys}) appears in the staged root. */
    private static String inSandbox(String root, Path sys, Path p) {
        String rel = sys.relativize(p).toString();
        return root + "/sys" + (rel.isEmpty() ? "" : "/" + rel);
    }

    private static List<Path> list(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }

    private static String readLink(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the link " + link, e);
        }
    }

    private static Set<TrapRule> dedupe(List<TrapRule> rules) {
        Set<String> seen = new LinkedHashSet<>();
        Set<TrapRule> out = new LinkedHashSet<>();
        for (TrapRule r : rules) {
            if (seen.add(r.mask() + "/" + r.value())) {
                out.add(r);
            }
        }
        return out;
    }

    private static long bits(int... caps) {
        long m = 0;
        for (int c : caps) {
            m |= 1L << c;
        }
        return m;
    }

    /** The working directory to keep: {@code cwd} if it exists in the rootfs, else {@code /}. */
    public static String keepCwd(Path rootfs, String cwd) {
        if (rootfs == null) {
            return cwd;
        }
        return Files.isDirectory(Path.of(rootfs.toString(), cwd)) ? cwd : "/";
    }
}
