package dev.sluice.sentry.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.launch.LaunchPlan.Op;
import dev.sluice.sentry.seccomp.SyscallProfile;
import dev.sluice.sentry.seccomp.SyscallRule;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlanCompilerTest {
    private static final Path STAGING = Path.of("/run/sluice/stage-test");
    private static final String ROOT = STAGING.toString();
    private static final long NEWNS = 0x00020000L;
    private static final long NEWUTS = 0x04000000L;
    private static final long NEWIPC = 0x08000000L;
    private static final long NEWPID = 0x20000000L;
    private static final long NEWNET = 0x40000000L;
    private static final long MS_BIND = 4096;
    private static final long MS_REC = 16384;
    private static final int CAP_SYS_ADMIN = 21;
    private static final int CAP_MKNOD = 27;

    private static final TrapRule TTY = TrapRule.family('T', Disposition.CONTINUE, "tty");
    private static final TrapRule NV = TrapRule.family('F', Disposition.DENY, "nvidia");
    private static final TrapRule NV_AGAIN =
            TrapRule.family('F', Disposition.DENY, "nvidia, second proxy");
    private static final TrapRule UVERBS = TrapRule.exact(0xc0181b01, Disposition.DENY, "uverbs");

    private static SandboxSpec spec(SandboxSpec.Network net, List<Path> devices, String hostname) {
        return new SandboxSpec(
                List.of("python3", "-c", "print(1)"),
                List.of("PATH=/usr/bin:/bin", "HOME=/root"),
                "/work/dir",
                null,
                net,
                devices,
                hostname,
                Set.of(),
                Map.of());
    }

    private static LaunchPlan compile(SandboxSpec spec, List<TrapRule> rules) {
        return PlanCompiler.compile(spec, rules, STAGING);
    }

    private static int indexOf(List<Op> ops, Predicate<Op> p, String what) {
        for (int i = 0; i < ops.size(); i++) {
            if (p.test(ops.get(i))) {
                return i;
            }
        }
        throw new AssertionError("the plan has " + what + ": " + ops);
    }

    private static Predicate<Op> op(String name, int argIndex, String arg) {
        return o ->
                o.name().equals(name)
                        && o.args().size() > argIndex
                        && o.args().get(argIndex).equals(arg);
    }

    private static Predicate<Op> named(String name) {
        return o -> o.name().equals(name);
    }

    @Test
    void namespacesWithHostNetwork() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of());
        long flags = Long.parseLong(p.ops("unshare").get(0).args().get(0));
        assertEquals(
                NEWNS | NEWPID | NEWIPC | NEWUTS,
                flags,
                "mount, pid, ipc and uts namespaces, and no new net namespace");
        assertTrue(p.ops("ifup").isEmpty(), "no lo to bring up in the host's network");
        assertTrue(p.ops("hostname").isEmpty(), "the host's hostname is kept unless one is given");
        assertEquals(1, p.ops("unshare").size(), "one unshare");
    }

    @Test
    void namespacesWithNoNetwork() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.NONE, List.of(), "box"), List.of());
        long flags = Long.parseLong(p.ops("unshare").get(0).args().get(0));
        assertEquals(
                NEWNS | NEWPID | NEWIPC | NEWUTS | NEWNET,
                flags,
                "Network.NONE adds a net namespace");
        assertEquals(
                List.of(new Op("ifup", List.of("lo"))),
                p.ops("ifup"),
                "lo comes up in the new namespace");
        assertEquals(
                List.of(new Op("hostname", List.of("box"))),
                p.ops("hostname"),
                "the given hostname");
        List<Op> ops = p.ops();
        assertTrue(
                indexOf(ops, named("unshare"), "unshare") < indexOf(ops, named("ifup"), "ifup"),
                "the interface comes up after the namespace exists");
    }

    @Test
    void hostSetupStopsBeforeAnyMountAndNetSysctlsFollowIt() {
        Map<String, String> sysctls = new java.util.LinkedHashMap<>();
        sysctls.put("net/ipv4/conf/all/arp_ignore", "1");
        sysctls.put("net/ipv4/conf/roce0/arp_announce", "2");
        SandboxSpec s =
                new SandboxSpec(
                        List.of("true"),
                        List.of(),
                        "/",
                        null,
                        SandboxSpec.Network.NONE,
                        List.of(),
                        null,
                        Set.of(),
                        Map.of(),
                        SysView.NONE,
                        true,
                        sysctls);
        List<Op> ops = compile(s, List.of()).ops();
        int ifup = indexOf(ops, named("ifup"), "ifup lo");
        int stop = indexOf(ops, named("hooks-wait"), "a stop for the host");
        int firstMount = indexOf(ops, named("mount"), "a mount");
        int ignore =
                indexOf(
                        ops,
                        op("write-file", 0, "/proc/sys/net/ipv4/conf/all/arp_ignore"),
                        "arp_ignore on all");
        int announce =
                indexOf(
                        ops,
                        op("write-file", 0, "/proc/sys/net/ipv4/conf/roce0/arp_announce"),
                        "arp_announce on roce0");
        assertEquals("1", ops.get(ignore).args().get(1));
        assertEquals("2", ops.get(announce).args().get(1));
        assertTrue(ifup < stop, "the namespace exists, with lo up, when the host moves netdevs in");
        assertTrue(
                stop < ignore && ignore < announce,
                "the sysctls are written once the netdevs are in, in order");
        assertTrue(
                announce < firstMount,
                "before any mount: /proc is still the host's, answering for the sandbox's namespace");
        assertEquals(1, ops.stream().filter(named("hooks-wait")).count(), "one stop");
    }

    @Test
    void noHostSetupNoStop() {
        assertTrue(
                compile(spec(SandboxSpec.Network.NONE, List.of(), null), List.of())
                        .ops("hooks-wait")
                        .isEmpty());
    }

    @Test
    void netSysctlsNeedTheSandboxsOwnNetwork() {
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        new SandboxSpec(
                                List.of("true"),
                                List.of(),
                                "/",
                                null,
                                SandboxSpec.Network.HOST,
                                List.of(),
                                null,
                                Set.of(),
                                Map.of(),
                                SysView.NONE,
                                false,
                                Map.of("net/ipv4/conf/all/arp_ignore", "1")));
    }

    @Test
    void readOnlyRootBeforeTmpAndDev() {
        List<Op> ops = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of()).ops();
        int priv =
                indexOf(
                        ops,
                        o ->
                                o.name().equals("mount")
                                        && o.args().get(1).equals("/")
                                        && (Long.parseLong(o.args().get(3)) & (1L << 18)) != 0,
                        "mount --make-rprivate /");
        int bind = indexOf(ops, op("mount", 1, ROOT), "the root bind mount");
        Op bindOp = ops.get(bind);
        assertEquals("/", bindOp.args().get(0), "the host's / is the default rootfs");
        assertEquals(
                MS_BIND | MS_REC,
                Long.parseLong(bindOp.args().get(3)),
                "the root is bound recursively");
        int ro = indexOf(ops, op("mount-setattr", 0, ROOT), "mount-setattr on the root");
        assertEquals(
                List.of(ROOT, "1", "0", "1"), ops.get(ro).args(), "MOUNT_ATTR_RDONLY, recursively");
        int tmp = indexOf(ops, op("mount", 1, ROOT + "/tmp"), "the /tmp mount");
        int dev = indexOf(ops, op("mount", 1, ROOT + "/dev"), "the /dev mount");
        assertEquals("overlay", ops.get(tmp).args().get(2), "/tmp is an overlay");
        String scratch = PlanCompiler.scratch(Path.of(ROOT)).toString();
        assertEquals(
                "lowerdir="
                        + ROOT
                        + "/tmp,upperdir="
                        + scratch
                        + "/upper,workdir="
                        + scratch
                        + "/work",
                ops.get(tmp).args().get(4),
                "the rootfs's /tmp is the lower layer, a tmpfs outside the root the upper");
        int scratchMount =
                indexOf(ops, op("mount", 1, scratch), "the tmpfs of the /tmp upper layer");
        assertEquals(
                "tmpfs", ops.get(scratchMount).args().get(2), "the upper layer lives on a tmpfs");
        assertTrue(scratchMount < tmp, "the upper layer's tmpfs is mounted before the overlay");
        assertEquals("tmpfs", ops.get(dev).args().get(2), "/dev is a tmpfs");
        assertTrue(priv < bind, "propagation is made private before anything is mounted");
        assertTrue(bind < ro, "the bind exists before it is made read-only");
        assertTrue(
                ro < tmp,
                "the root is read-only before /tmp is mounted over it (so /tmp stays writable)");
        assertTrue(ro < dev, "the root is read-only before /dev is mounted over it");
    }

    @Test
    void customRootfsIsTheBindSource(@TempDir Path rootfs) {
        SandboxSpec s =
                new SandboxSpec(
                        List.of("true"),
                        List.of(),
                        "/",
                        rootfs,
                        SandboxSpec.Network.HOST,
                        List.of(),
                        null,
                        Set.of(),
                        Map.of());
        List<Op> ops = compile(s, List.of()).ops();
        Op bind = ops.get(indexOf(ops, op("mount", 1, ROOT), "the root bind mount"));
        assertEquals(rootfs.toString(), bind.args().get(0), "--rootfs is bound as the root");
    }

    @Test
    void everyBaseAndGrantedDeviceIsBound() {
        List<Path> granted = List.of(Path.of("/dev/infiniband/uverbs0"), Path.of("/dev/nvidia0"));
        List<Op> ops = compile(spec(SandboxSpec.Network.HOST, granted, null), List.of()).ops();
        int devMount = indexOf(ops, op("mount", 1, ROOT + "/dev"), "the /dev mount");
        List<String> all = new ArrayList<>();
        PlanCompiler.BASE_DEVICES.forEach(d -> all.add("/dev/" + d));
        granted.forEach(d -> all.add(d.toString()));
        for (String host : all) {
            String target = ROOT + host;
            int bind =
                    indexOf(
                            ops,
                            o ->
                                    o.name().equals("mount")
                                            && o.args().get(0).equals(host)
                                            && o.args().get(1).equals(target),
                            "a bind of " + host);
            assertEquals(
                    MS_BIND,
                    Long.parseLong(ops.get(bind).args().get(3)),
                    host + " is bound (not recursively)");
            int touch = indexOf(ops, op("touch", 0, target), "a mount point for " + host);
            int mkdir =
                    indexOf(
                            ops,
                            op("mkdir", 0, Path.of(target).getParent().toString()),
                            "the directory of " + host);
            assertTrue(
                    devMount < mkdir && mkdir < touch && touch < bind,
                    host + ": /dev tmpfs, then mkdir, touch, bind in that order");
        }
        for (String base : List.of("null", "zero", "full", "random", "urandom", "tty")) {
            assertTrue(PlanCompiler.BASE_DEVICES.contains(base), "the base /dev has " + base);
        }
    }

    @Test
    void privateDevptsAndPtmx() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of());
        List<Op> ops = p.ops();
        Op devpts = ops.get(indexOf(ops, op("mount", 2, "devpts"), "a devpts mount"));
        assertEquals(ROOT + "/dev/pts", devpts.args().get(1), "devpts on /dev/pts");
        assertTrue(
                devpts.args().get(4).contains("newinstance"),
                "a private devpts instance: " + devpts.args().get(4));
        assertTrue(
                devpts.args().get(4).contains("ptmxmode=0666"),
                "its ptmx is usable: " + devpts.args().get(4));
        assertTrue(
                p.ops("symlink")
                        .contains(new Op("symlink", List.of("pts/ptmx", ROOT + "/dev/ptmx"))),
                "/dev/ptmx points into the private instance");
        assertFalse(
                ops.stream()
                        .anyMatch(
                                o ->
                                        o.name().equals("mount")
                                                && o.args().get(0).equals("/dev/ptmx")),
                "the host's ptmx is not bound");
    }

    @Test
    void procIsMountedAndHardened() {
        List<Op> ops = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of()).ops();
        int proc = indexOf(ops, op("mount", 2, "proc"), "a proc mount");
        assertEquals(ROOT + "/proc", ops.get(proc).args().get(1), "proc on /proc");
        for (String p : PlanCompiler.PROC_MASKED) {
            if (Files.exists(Path.of("/proc", p))) {
                int mask =
                        indexOf(
                                ops,
                                o ->
                                        o.name().equals("mount")
                                                && o.args().get(0).equals("/dev/null")
                                                && o.args().get(1).equals(ROOT + "/proc/" + p),
                                "a mask over /proc/" + p);
                assertTrue(proc < mask, "/proc/" + p + " is masked after /proc is mounted");
            }
        }
        for (String p : PlanCompiler.PROC_READONLY) {
            if (Files.exists(Path.of("/proc", p))) {
                indexOf(
                        ops,
                        op("mount-setattr", 0, ROOT + "/proc/" + p),
                        "/proc/" + p + " made read-only");
            }
        }
    }

    /**
     * sluice run keeps a reaper as pid 1 (which hardens itself in sluice-init) and puts the
     * workload in a Landlock domain of its own before anything else of its proc phase, so that from
     * inside it init is out of reach.
     */
    @Test
    void aReaperInitAndTheWorkloadInADomainOfItsOwn() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of(TTY));
        List<Op> ops = p.ops();
        assertEquals(1, p.ops("reaper").size(), "sluice run's pid 1 is a reaper\n" + ops);
        int scope = indexOf(ops, named("ptrace-scope"), "ptrace-scope");
        assertEquals(
                indexOf(ops, named("pivot-root"), "pivot-root") + 1,
                scope,
                "the first op after pivot_root\n" + ops);
        for (String name : List.of("chdir", "caps", "no-new-privs", "notify-ioctl")) {
            assertTrue(
                    scope < indexOf(ops, named(name), name),
                    "the domain comes before " + name + ", as root");
        }
    }

    @Test
    void pivotRootBeforeTheWorkloadsOwnState() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of(TTY));
        List<Op> ops = p.ops();
        int pivot = indexOf(ops, named("pivot-root"), "pivot-root");
        assertEquals(List.of(ROOT), ops.get(pivot).args(), "pivot into the staging root");
        int lastMount = -1;
        for (int i = 0; i < ops.size(); i++) {
            if (ops.get(i).name().startsWith("mount")
                    || ops.get(i).name().equals("mkdir")
                    || ops.get(i).name().equals("touch")
                    || ops.get(i).name().equals("symlink")) {
                lastMount = i;
            }
        }
        assertTrue(lastMount < pivot, "every mount, mkdir, touch and symlink is before pivot-root");
        for (String name :
                List.of("chdir", "env", "caps", "no-new-privs", "notify-ioctl", "exec")) {
            assertTrue(pivot < indexOf(ops, named(name), name), name + " comes after pivot-root");
        }
        assertEquals(List.of("/work/dir"), p.ops("chdir").get(0).args(), "chdir to the spec's cwd");
        assertEquals(
                List.of(
                        new Op("env", List.of("PATH=/usr/bin:/bin")),
                        new Op("env", List.of("HOME=/root"))),
                p.ops("env"),
                "one env op per variable, in order");
        assertTrue(
                indexOf(ops, named("caps"), "caps")
                        < indexOf(ops, named("notify-ioctl"), "notify-ioctl"),
                "capabilities are dropped before the filter is installed");
        assertTrue(
                indexOf(ops, named("no-new-privs"), "no-new-privs")
                        < indexOf(ops, named("notify-ioctl"), "notify-ioctl"),
                "no_new_privs is set before the filter is installed (required without CAP_SYS_ADMIN)");
    }

    @Test
    void capabilitiesLackSysAdminAndMknod() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of());
        long caps = Long.parseUnsignedLong(p.ops("caps").get(0).args().get(0));
        assertEquals(0, caps & (1L << CAP_SYS_ADMIN), "CAP_SYS_ADMIN (21) is dropped");
        assertEquals(0, caps & (1L << CAP_MKNOD), "CAP_MKNOD (27) is dropped");
        assertTrue((caps & (1L << 0)) != 0, "CAP_CHOWN is kept (container default)");
        assertTrue((caps & (1L << 18)) != 0, "CAP_SYS_CHROOT is kept (container default)");
        assertEquals(PlanCompiler.DEFAULT_CAPS, caps, "the plan carries DEFAULT_CAPS");
        assertEquals(List.of(), p.ops("no-new-privs").get(0).args(), "no_new_privs is set");
    }

    @Test
    void notifyIoctlOpsAreDeduplicatedInOrder() {
        LaunchPlan p =
                compile(
                        spec(SandboxSpec.Network.HOST, List.of(), null),
                        List.of(NV, TTY, NV_AGAIN, UVERBS, TTY));
        List<Op> notify = p.ops("notify-ioctl");
        assertEquals(
                List.of(
                        new Op("notify-ioctl", List.of("65280", Integer.toString('F' << 8))),
                        new Op("notify-ioctl", List.of("65280", Integer.toString('T' << 8))),
                        new Op("notify-ioctl", List.of("4294967295", "3222805249"))),
                notify,
                "one op per distinct (mask, value), first-seen order, unsigned decimal");
    }

    @Test
    void noRulesNoNotifyOps() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of());
        assertTrue(p.ops("notify-ioctl").isEmpty(), "no proxies, no seccomp notify rules");
    }

    @Test
    void execIsLastWithTheCommand() {
        List<Op> ops = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of(TTY)).ops();
        Op last = ops.get(ops.size() - 1);
        assertEquals(
                new Op("exec", List.of("python3", "python3", "-c", "print(1)")),
                last,
                "exec of command[0] (searched in PATH) with the whole command as argv");
        assertEquals(1, ops.stream().filter(named("exec")).count(), "exactly one exec");
    }

    @Test
    void compiledPlanEncodes() {
        LaunchPlan p =
                compile(
                        spec(SandboxSpec.Network.NONE, List.of(Path.of("/dev/nvidia0")), "h"),
                        List.of(NV, TTY));
        assertEquals(
                p.ops(),
                LaunchPlan.decode(p.encode()).ops(),
                "a compiled plan survives the wire format");
    }

    @Test
    void keepCwdWithTheHostRootKeepsIt() {
        assertEquals(
                "/no/such/dir",
                PlanCompiler.keepCwd(null, "/no/such/dir"),
                "with the host's / the caller's cwd is kept");
    }

    @Test
    void keepCwdWithARootfsKeepsOnlyExistingDirectories(@TempDir Path rootfs) throws IOException {
        Files.createDirectories(rootfs.resolve("home/user"));
        Files.writeString(rootfs.resolve("file"), "x");
        assertEquals(
                "/home/user",
                PlanCompiler.keepCwd(rootfs, "/home/user"),
                "a directory that exists in the rootfs");
        assertEquals(
                "/",
                PlanCompiler.keepCwd(rootfs, "/home/other"),
                "a missing directory falls back to /");
        assertEquals(
                "/", PlanCompiler.keepCwd(rootfs, "/file"), "a file is not a working directory");
    }

    @Test
    void runIsAPrivateTmpfsWithOnlyTheResolverAndPersistencedBoundBack() {
        List<Op> ops = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of()).ops();
        int run = indexOf(ops, op("mount", 1, ROOT + "/run"), "the /run mount");
        assertEquals(
                "tmpfs",
                ops.get(run).args().get(2),
                "/run is a fresh tmpfs: host daemon sockets stay out of reach");
        int ro = indexOf(ops, op("mount-setattr", 0, ROOT), "mount-setattr on the root");
        assertTrue(ro < run, "the root is read-only before /run is mounted over it");
        for (Op o : ops) {
            if (o.name().equals("mount") && o.args().get(1).startsWith(ROOT + "/run/")) {
                String target = o.args().get(1).substring(ROOT.length());
                assertTrue(
                        PlanCompiler.RUN_KEEP.contains(target),
                        "only the kept directories are bound into /run: " + target);
                assertEquals(target, o.args().get(0), "a kept directory is the host's own");
            }
        }
    }

    /**
     * A fake sysfs the way the kernel lays out RDMA devices: two Soft-RoCE devices without a parent
     * (under devices/virtual/CLASS) and two ConnectX functions (each in its PCI function's "glue"
     * directory named after the class); class/ holds relative links to them and abi_version.
     */
    private static Path fakeSys(Path tmp) throws IOException {
        Path sys = tmp.resolve("sys");
        String pci0 = "devices/pci0000:00/0000:00:02.0/0000:03:00.0";
        String pci1 = "devices/pci0000:00/0000:00:02.0/0000:03:00.1";
        String[][] devices = {
            {"infiniband", "rxe0", "devices/virtual/infiniband"},
            {"infiniband", "rxe1", "devices/virtual/infiniband"},
            {"infiniband", "mlx5_0", pci0 + "/infiniband"},
            {"infiniband", "mlx5_1", pci1 + "/infiniband"},
            {"infiniband_verbs", "uverbs0", "devices/virtual/infiniband_verbs"},
            {"infiniband_verbs", "uverbs1", "devices/virtual/infiniband_verbs"},
            {"infiniband_verbs", "uverbs2", pci0 + "/infiniband_verbs"},
            {"infiniband_verbs", "uverbs3", pci1 + "/infiniband_verbs"},
        };
        for (String[] d : devices) {
            Path dir = Files.createDirectories(sys.resolve(d[2]).resolve(d[1]));
            Files.writeString(dir.resolve("uevent"), "NAME=" + d[1] + "\n");
            Path cls = Files.createDirectories(sys.resolve("class").resolve(d[0]));
            Files.createSymbolicLink(
                    cls.resolve(d[1]), Path.of("../..").resolve(d[2]).resolve(d[1]));
        }
        Files.writeString(sys.resolve("class/infiniband_verbs/abi_version"), "6\n");
        return sys;
    }

    private static SandboxSpec rdmaSpec(SysView view, Path rootfs) {
        return new SandboxSpec(
                List.of("ibv_devices"),
                List.of(),
                "/",
                rootfs,
                SandboxSpec.Network.HOST,
                List.of(Path.of("/dev/infiniband/uverbs0"), Path.of("/dev/infiniband/uverbs2")),
                null,
                Set.of(),
                Map.of(),
                view,
                false,
                Map.of());
    }

    private static final SysView RDMA_VIEW =
            new SysView(
                    List.of(
                            new SysView.SysClass("infiniband", Set.of("rxe0", "mlx5_0")),
                            new SysView.SysClass("infiniband_verbs", Set.of("uverbs0", "uverbs2")),
                            new SysView.SysClass("infiniband_mad", Set.of())),
                    Set.of(20));

    private static Op mountOn(List<Op> ops, String target) {
        List<Op> m =
                ops.stream()
                        .filter(o -> o.name().equals("mount") && o.args().get(1).equals(target))
                        .toList();
        assertEquals(1, m.size(), "exactly one mount on " + target + ": " + m);
        return m.get(0);
    }

    @Test
    void sysViewShowsOnlyTheKeptDevicesOfEachClassReadOnly(@TempDir Path tmp) throws IOException {
        Path sys = fakeSys(tmp);
        String real = sys.toRealPath().toString();
        List<Op> ops =
                PlanCompiler.compile(rdmaSpec(RDMA_VIEW, null), List.of(UVERBS), STAGING, sys)
                        .ops();
        String s = ROOT + "/sys";
        for (String cls : List.of("infiniband", "infiniband_verbs")) {
            Op m = mountOn(ops, s + "/class/" + cls);
            assertEquals("tmpfs", m.args().get(2), "/sys/class/" + cls + " is a fresh tmpfs");
            int ro =
                    indexOf(
                            ops,
                            op("mount-setattr", 0, s + "/class/" + cls),
                            "/sys/class/" + cls + " made read-only");
            assertEquals(
                    List.of(s + "/class/" + cls, "1", "0", "1"),
                    ops.get(ro).args(),
                    "read-only, recursively");
            for (Op o : ops) {
                if (o.args().size() > 1 && o.args().get(1).startsWith(s + "/class/" + cls + "/")) {
                    assertTrue(
                            ops.indexOf(o) < ro,
                            "everything in /sys/class/"
                                    + cls
                                    + " exists before it is read-only: "
                                    + o);
                }
            }
        }
        List<Op> links =
                ops.stream()
                        .filter(named("symlink"))
                        .filter(o -> o.args().get(1).startsWith(s + "/"))
                        .toList();
        assertEquals(
                List.of(
                        new Op(
                                "symlink",
                                List.of(
                                        "../../devices/pci0000:00/0000:00:02.0/0000:03:00.0/infiniband/mlx5_0",
                                        s + "/class/infiniband/mlx5_0")),
                        new Op(
                                "symlink",
                                List.of(
                                        "../../devices/virtual/infiniband/rxe0",
                                        s + "/class/infiniband/rxe0")),
                        new Op(
                                "symlink",
                                List.of(
                                        "../../devices/virtual/infiniband_verbs/uverbs0",
                                        s + "/class/infiniband_verbs/uverbs0")),
                        new Op(
                                "symlink",
                                List.of(
                                        "../../devices/pci0000:00/0000:00:02.0/0000:03:00.0/infiniband_verbs/uverbs2",
                                        s + "/class/infiniband_verbs/uverbs2"))),
                links,
                "only the kept devices' links, with the kernel's relative targets");
        // abi_version: the host's attribute file, bound onto a file in the tmpfs.
        int touch =
                indexOf(
                        ops,
                        op("touch", 0, s + "/class/infiniband_verbs/abi_version"),
                        "a mount point for abi_version");
        Op abi = mountOn(ops, s + "/class/infiniband_verbs/abi_version");
        assertEquals(
                real + "/class/infiniband_verbs/abi_version",
                abi.args().get(0),
                "the host's abi_version");
        assertEquals(MS_BIND, Long.parseLong(abi.args().get(3)), "bound");
        assertTrue(touch < ops.indexOf(abi), "touched before bound");
        // Soft-RoCE: devices/virtual/CLASS holds both devices: a tmpfs with only rxe0 (uverbs0)
        // bound back.
        for (String[] d :
                List.of(
                        new String[] {"infiniband", "rxe0"},
                        new String[] {"infiniband_verbs", "uverbs0"})) {
            String holder = s + "/devices/virtual/" + d[0];
            Op t = mountOn(ops, holder);
            assertEquals("tmpfs", t.args().get(2), holder + " is masked");
            int mk = indexOf(ops, op("mkdir", 0, holder + "/" + d[1]), "a mount point for " + d[1]);
            Op bind = mountOn(ops, holder + "/" + d[1]);
            assertEquals(
                    real + "/devices/virtual/" + d[0] + "/" + d[1],
                    bind.args().get(0),
                    "the host's own directory");
            assertEquals(MS_BIND, Long.parseLong(bind.args().get(3)), "bound");
            int ro = indexOf(ops, op("mount-setattr", 0, holder), holder + " made read-only");
            assertTrue(
                    ops.indexOf(t) < mk && mk < ops.indexOf(bind) && ops.indexOf(bind) < ro,
                    "tmpfs, mkdir, bind, read-only");
        }
        assertFalse(
                ops.stream().anyMatch(o -> o.args().size() > 1 && o.args().get(1).contains("rxe1")),
                "nothing of rxe1");
        assertFalse(
                ops.stream()
                        .anyMatch(o -> o.args().size() > 1 && o.args().get(1).contains("uverbs1")),
                "nothing of uverbs1");
        // ConnectX: the granted function's glue directories hold only granted devices: left alone;
        // the other function's are masked with nothing bound back.
        String pci0 = s + "/devices/pci0000:00/0000:00:02.0/0000:03:00.0";
        String pci1 = s + "/devices/pci0000:00/0000:00:02.0/0000:03:00.1";
        assertFalse(
                ops.stream().anyMatch(o -> o.args().size() > 1 && o.args().get(1).startsWith(pci0)),
                "the granted PCI function's directories are the host's as they are");
        for (String cls : List.of("infiniband", "infiniband_verbs")) {
            assertEquals(
                    "tmpfs",
                    mountOn(ops, pci1 + "/" + cls).args().get(2),
                    "the other function's " + cls + " is masked");
            indexOf(ops, op("mount-setattr", 0, pci1 + "/" + cls), "and read-only");
        }
        assertFalse(
                ops.stream()
                        .anyMatch(
                                o ->
                                        o.args().size() > 1
                                                && o.args()
                                                        .get(1)
                                                        .startsWith(pci1 + "/infiniband/")),
                "nothing is bound into the other function's directory");
        // A class the host does not have (no ib_umad) is left out.
        assertFalse(
                ops.stream()
                        .anyMatch(
                                o ->
                                        o.args().size() > 1
                                                && o.args().get(1).contains("infiniband_mad")),
                "no class/infiniband_mad on this host: nothing to filter");
        // The view is set up in the staged root, before pivot_root.
        int pivot = indexOf(ops, named("pivot-root"), "pivot-root");
        int rootRo = indexOf(ops, op("mount-setattr", 0, ROOT), "the root made read-only");
        for (Op o : ops) {
            if (o.args().size() > 1 && o.args().get(1).startsWith(s + "/")) {
                assertTrue(
                        rootRo < ops.indexOf(o) && ops.indexOf(o) < pivot,
                        "after the root is read-only, before pivot_root: " + o);
            }
        }
    }

    @Test
    void sysViewRefusesRdmaNetlinkSockets(@TempDir Path tmp) throws IOException {
        LaunchPlan p =
                PlanCompiler.compile(
                        rdmaSpec(RDMA_VIEW, null), List.of(UVERBS), STAGING, fakeSys(tmp));
        assertEquals(
                List.of(new Op("deny-socket", List.of("16", "20", "93"))),
                p.ops("deny-socket"),
                "socket(AF_NETLINK, *, NETLINK_RDMA) fails with EPROTONOSUPPORT");
        List<Op> ops = p.ops();
        assertTrue(
                indexOf(ops, named("pivot-root"), "pivot-root")
                        < indexOf(ops, named("deny-socket"), "deny-socket"),
                "a proc-phase op, after pivot_root");
        assertEquals(
                p.ops(), LaunchPlan.decode(p.encode()).ops(), "the plan survives the wire format");
    }

    @Test
    void sysViewKeepingEveryDeviceOfAHolderLeavesItAlone(@TempDir Path tmp) throws IOException {
        Path sys = fakeSys(tmp);
        SysView all =
                new SysView(
                        List.of(
                                new SysView.SysClass(
                                        "infiniband", Set.of("rxe0", "rxe1", "mlx5_0", "mlx5_1"))),
                        Set.of());
        List<Op> ops = PlanCompiler.compile(rdmaSpec(all, null), List.of(), STAGING, sys).ops();
        List<Op> sysMounts =
                ops.stream()
                        .filter(named("mount"))
                        .filter(o -> o.args().get(1).startsWith(ROOT + "/sys/"))
                        .toList();
        assertEquals(
                List.of(ROOT + "/sys/class/infiniband"),
                sysMounts.stream().map(o -> o.args().get(1)).toList(),
                "only the class directory is rebuilt; the device directories are the host's");
        assertEquals(
                4,
                ops.stream()
                        .filter(named("symlink"))
                        .filter(o -> o.args().get(1).startsWith(ROOT + "/sys/"))
                        .count(),
                "every device linked");
        assertTrue(
                ops.stream().noneMatch(named("deny-socket")),
                "no netlink protocol refused unless asked");
    }

    @Test
    void noSysViewLeavesSysAsTheHostsReadOnlyView(@TempDir Path tmp) throws IOException {
        List<Op> ops =
                PlanCompiler.compile(
                                rdmaSpec(SysView.NONE, null),
                                List.of(UVERBS),
                                STAGING,
                                fakeSys(tmp))
                        .ops();
        assertTrue(
                ops.stream()
                        .noneMatch(
                                o ->
                                        o.args().size() > 1
                                                && o.args().get(1).startsWith(ROOT + "/sys")),
                "no mounts under /sys");
        assertTrue(ops.stream().noneMatch(named("deny-socket")), "no deny-socket");
    }

    @Test
    void sysViewIsNotAppliedToARootfs(@TempDir Path tmp) throws IOException {
        Path rootfs = Files.createDirectories(tmp.resolve("rootfs"));
        LaunchPlan p =
                PlanCompiler.compile(
                        rdmaSpec(RDMA_VIEW, rootfs), List.of(UVERBS), STAGING, fakeSys(tmp));
        assertTrue(
                p.ops().stream()
                        .noneMatch(
                                o ->
                                        o.args().size() > 1
                                                && o.args().get(1).startsWith(ROOT + "/sys")),
                "a --rootfs has no host /sys to filter");
        assertEquals(1, p.ops("deny-socket").size(), "the RDMA netlink is refused all the same");
    }

    private static SandboxSpec withSeccomp(SyscallProfile profile, boolean allowIoUring) {
        return new SandboxSpec(
                List.of("true"),
                List.of(),
                "/",
                null,
                SandboxSpec.Network.HOST,
                List.of(),
                null,
                Set.of(),
                Map.of(),
                SysView.NONE,
                false,
                Map.of(),
                profile,
                allowIoUring);
    }

    @Test
    void theDefaultProfileIsLoadedResolvedForTheSandboxsCapabilities() {
        LaunchPlan p = compile(spec(SandboxSpec.Network.HOST, List.of(), null), List.of());
        assertEquals(
                List.of(new Op("seccomp-default", List.of("SCMP_ACT_ERRNO", "1"))),
                p.ops("seccomp-default"),
                "the engines' default: EPERM for what no rule names");
        List<String> ruled = p.ops("seccomp-rule").stream().map(o -> o.args().get(2)).toList();
        assertTrue(
                ruled.contains("read") && ruled.contains("chroot"),
                "the base list, and chroot for CAP_SYS_CHROOT");
        for (String refused :
                List.of(
                        "unshare",
                        "mount",
                        "bpf",
                        "perf_event_open",
                        "io_uring_setup",
                        "keyctl",
                        "add_key")) {
            assertFalse(
                    ruled.contains(refused),
                    refused + " has no rule without CAP_SYS_ADMIN and friends");
        }
        Op clone =
                p.ops("seccomp-rule").stream()
                        .filter(o -> o.args().get(2).equals("clone"))
                        .findFirst()
                        .orElseThrow();
        assertEquals(
                List.of(
                        "SCMP_ACT_ALLOW",
                        "0",
                        "clone",
                        "0",
                        "SCMP_CMP_MASKED_EQ",
                        Long.toString(0x7e020000L),
                        "0"),
                clone.args(),
                "clone without CLONE_NEW* flags only");
        List<Op> ops = p.ops();
        assertTrue(
                indexOf(ops, named("pivot-root"), "pivot-root")
                        < indexOf(ops, named("seccomp-default"), "seccomp-default"),
                "a proc-phase op");
        assertTrue(
                p.ops("deny-syscall").isEmpty(),
                "no trapped ioctl: nothing for Sluice's own filter to refuse");
        assertEquals(
                p.ops(), LaunchPlan.decode(p.encode()).ops(), "the plan survives the wire format");
    }

    @Test
    void unconfinedLoadsNoProfile() {
        LaunchPlan p = compile(withSeccomp(null, false), List.of());
        assertTrue(
                p.ops().stream().noneMatch(o -> o.name().startsWith("seccomp-")),
                "no seccomp-* op: " + p.ops());
    }

    @Test
    void aNodeTheSentryOpensIsBoundNodevAndTheOpenFamilyIsTrapped() {
        Path uverbs = Path.of("/dev/infiniband/uverbs0");
        Path cm = Path.of("/dev/infiniband/rdma_cm");
        LaunchPlan p =
                PlanCompiler.compile(
                        spec(SandboxSpec.Network.HOST, List.of(uverbs, cm), null),
                        List.of(UVERBS),
                        true,
                        List.of(uverbs),
                        STAGING);
        List<Op> ops = p.ops();
        String target = ROOT + uverbs;
        int bind = indexOf(ops, op("mount", 1, target), "the bind of the node");
        int nodev =
                indexOf(
                        ops,
                        o -> o.equals(new Op("mount-setattr", List.of(target, "4", "0", "0"))),
                        "MOUNT_ATTR_NODEV on the node's bind, not recursive");
        assertTrue(bind < nodev, "made nodev after the bind");
        assertTrue(
                ops.stream().noneMatch(op("mount-setattr", 0, ROOT + cm)),
                "a node the guest opens itself (rdma_cm) stays openable");
        assertEquals(
                List.of(
                        new Op("notify-syscall", List.of("open")),
                        new Op("notify-syscall", List.of("openat")),
                        new Op("notify-syscall", List.of("openat2")),
                        new Op("notify-syscall", List.of("creat"))),
                p.ops("notify-syscall").stream()
                        .filter(o -> !o.args().get(0).contains("write"))
                        .toList(),
                "the open family goes to the sentry");
        assertEquals(
                List.of(
                        new Op("deny-syscall-arg", List.of("mknod", "1", "1", "61440", "8192")),
                        new Op("deny-syscall-arg", List.of("mknodat", "1", "2", "61440", "8192"))),
                p.ops("deny-syscall-arg"),
                "mknod of a character device is EPERM (mode & S_IFMT == S_IFCHR)");
        LaunchPlan plain =
                PlanCompiler.compile(
                        spec(SandboxSpec.Network.HOST, List.of(uverbs), null),
                        List.of(UVERBS),
                        true,
                        STAGING);
        assertTrue(
                plain.ops("deny-syscall-arg").isEmpty()
                        && plain.ops().stream()
                                .noneMatch(
                                        o -> o.equals(new Op("notify-syscall", List.of("open")))),
                "nothing the sentry opens: no open trap, no mknod rule");
    }

    @Test
    void ioUringIsRefusedByDefaultWhereIoctlsAreTrapped() {
        LaunchPlan p = compile(withSeccomp(null, false), List.of(TTY));
        assertEquals(
                List.of(
                        new Op("deny-syscall", List.of("io_uring_setup", "1")),
                        new Op("deny-syscall", List.of("io_uring_enter", "1")),
                        new Op("deny-syscall", List.of("io_uring_register", "1"))),
                p.ops("deny-syscall"),
                "EPERM for every io_uring syscall, in Sluice's own filter, even with no profile at all");
        assertTrue(
                compile(withSeccomp(null, true), List.of(TTY)).ops("deny-syscall").isEmpty(),
                "the opt-in keeps io_uring");
        assertTrue(
                compile(withSeccomp(null, false), List.of()).ops("deny-syscall").isEmpty(),
                "nothing trapped, nothing mediated: io_uring is the profile's business");
    }

    @Test
    void aSandboxProfileMayNotNotify() {
        SyscallProfile notifies =
                new SyscallProfile(
                        "SCMP_ACT_ALLOW",
                        0,
                        List.of(),
                        List.of(),
                        List.of(
                                new SyscallRule(
                                        "SCMP_ACT_NOTIFY", 0, List.of("mkdir"), List.of())));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> withSeccomp(notifies, false));
        assertTrue(e.getMessage().contains("seccomp agent"), e.getMessage());
    }
}
