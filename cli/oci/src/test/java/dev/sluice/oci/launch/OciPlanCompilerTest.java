package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.rdmaproxy.driver.PluginChoice;
import dev.sluice.sentry.launch.LaunchPlan;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.TrapRule;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * config.json to launch plan: what each field becomes, and what is refused before anything runs.
 */
class OciPlanCompilerTest {

    @TempDir Path bundle;

    /** Where the root is assembled: root.path itself, the bundle's rootfs. */
    private String root() {
        return bundle.resolve("rootfs").toString();
    }

    @BeforeEach
    void rootfs() throws IOException {
        Specs.rootfsWithSh(bundle);
    }

    /** The default spec, terminal off, edited by {@code edit}. */
    private Spec spec(Consumer<ObjectNode> edit) throws IOException {
        return Specs.config(bundle, edit);
    }

    private LaunchPlan compile(Spec s, List<TrapRule> rules) {
        return OciPlanCompiler.compile(s, "config.json", bundle, rules);
    }

    /**
     * Refused by {@link OciSpecChecks} alone (what create runs first), and by the compiler with the
     * same words.
     */
    private SpecException refused(Consumer<ObjectNode> edit) throws IOException {
        Spec s = spec(edit);
        SpecException checked =
                assertThrows(
                        SpecException.class,
                        () -> OciSpecChecks.check(s, "config.json", bundle),
                        "the checks alone refuse it");
        SpecException e = assertThrows(SpecException.class, () -> compile(s, List.of()));
        assertEquals(
                checked.getMessage(), e.getMessage(), "the compiler refuses it as its checks do");
        return e;
    }

    private static ObjectNode linux(ObjectNode c) {
        return (ObjectNode) c.get("linux");
    }

    @Test
    void theDefaultContainer() throws IOException {
        LaunchPlan p = compile(spec(c -> {}), List.of());
        List<LaunchPlan.Op> ops = p.ops();
        assertEquals(
                "detach",
                ops.get(1).name(),
                "the outer process detaches: init goes to the caller's subreaper");
        long flags = Long.parseLong(p.ops("unshare").get(0).args().get(0));
        assertEquals(
                0x20000000L | 0x40000000L | 0x08000000L | 0x04000000L | 0x00020000L,
                flags,
                "pid, network, ipc, uts and mount namespaces");
        assertEquals(List.of("sluice"), p.ops("hostname").get(0).args(), "hostname");
        assertEquals(
                List.of("lo"),
                p.ops("ifup").get(0).args(),
                "loopback up in the new network namespace");
        List<LaunchPlan.Op> mounts = p.ops("mount");
        assertEquals(
                List.of(
                        "",
                        "/",
                        "",
                        Long.toString(MountOptions.MS_SLAVE | MountOptions.MS_REC),
                        ""),
                mounts.get(0).args(),
                "/ becomes rslave, as with runc");
        assertEquals(
                List.of(
                        bundle.resolve("rootfs").toString(),
                        root(),
                        "",
                        Long.toString(MountOptions.MS_BIND | MountOptions.MS_REC),
                        ""),
                mounts.get(1).args(),
                "the rootfs bound onto itself: the root is assembled at root.path, as runc");
        assertTrue(
                mounts.stream()
                        .anyMatch(
                                m ->
                                        m.args()
                                                .equals(
                                                        List.of(
                                                                "proc",
                                                                root() + "/proc",
                                                                "proc",
                                                                "0",
                                                                ""))),
                "/proc mounted: " + mounts);
        assertTrue(
                mounts.stream()
                        .anyMatch(
                                m ->
                                        m.args().get(1).equals(root() + "/dev/pts")
                                                && m.args().get(2).equals("devpts")
                                                && m.args()
                                                        .get(4)
                                                        .equals(
                                                                "newinstance,ptmxmode=0666,mode=0620,gid=5")),
                "devpts with its data options");
        assertTrue(
                mounts.stream()
                        .anyMatch(
                                m ->
                                        m.args().get(1).equals(root() + "/sys/fs/cgroup")
                                                && m.args().get(2).equals("tmpfs")),
                "cgroup: an empty read-only tmpfs until cgroups are supported");
        assertTrue(
                p.ops("mknod").stream()
                        .anyMatch(
                                o ->
                                        o.args()
                                                .equals(
                                                        List.of(
                                                                root() + "/dev/null",
                                                                "c",
                                                                "666",
                                                                "1",
                                                                "3",
                                                                "0",
                                                                "0"))),
                "/dev/null made with mknod");
        assertTrue(
                p.ops("symlink").stream()
                        .anyMatch(o -> o.args().equals(List.of("pts/ptmx", root() + "/dev/ptmx"))),
                "/dev/ptmx");
        if (Files.exists(Path.of("/proc/kcore"))) {
            assertTrue(
                    mounts.stream()
                            .anyMatch(
                                    m ->
                                            m.args().get(0).equals("/dev/null")
                                                    && m.args()
                                                            .get(1)
                                                            .equals(root() + "/proc/kcore")),
                    "/proc/kcore masked");
        }
        assertTrue(
                p.ops("mount-setattr").stream()
                        .anyMatch(
                                o -> o.args().equals(List.of(root() + "/proc/sys", "1", "0", "1"))),
                "/proc/sys read-only");
        assertTrue(
                p.ops("mount-setattr").stream()
                        .anyMatch(o -> o.args().equals(List.of(root(), "1", "0", "0"))),
                "root.readonly: the root read-only, not recursively");
        assertEquals(List.of(root()), p.ops("pivot-root").get(0).args(), "pivot_root");
        assertEquals(List.of("/"), p.ops("chdir").get(0).args(), "cwd");
        assertEquals(List.of("7", "1024", "1024"), p.ops("rlimit").get(0).args(), "RLIMIT_NOFILE");
        assertEquals(List.of("0", "0"), p.ops("user").get(0).args(), "uid 0, gid 0, no groups");
        assertEquals(
                List.of(
                        Long.toString((1L << 29) | (1L << 5) | (1L << 10)),
                        Long.toString((1L << 29) | (1L << 5) | (1L << 10)),
                        "0",
                        "0"),
                p.ops("caps").get(0).args(),
                "AUDIT_WRITE, KILL, NET_BIND_SERVICE: bounding and permitted; nothing inheritable");
        assertEquals(1, p.ops("no-new-privs").size(), "noNewPrivileges");
        assertEquals(
                List.of("sh", "sh"), p.ops("exec").get(0).args(), "exec args[0], searched in PATH");
        assertTrue(
                p.ops("env").stream().anyMatch(o -> o.args().get(0).startsWith("PATH=")),
                "the config's env");
        p.encode();
    }

    @Test
    void trapRulesBecomeNotifyOps() throws IOException {
        TrapRule r = new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty");
        LaunchPlan p = compile(spec(c -> {}), List.of(r, r));
        assertEquals(
                List.of(List.of("65280", "21504")),
                p.ops("notify-ioctl").stream().map(LaunchPlan.Op::args).toList(),
                "one notify rule per distinct trap rule");
    }

    @Test
    void aTerminalIsTheWorkloadsFirstOpWithTheConsoleSize() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        ((ObjectNode) c.get("process"))
                                                .put("terminal", true)
                                                .putObject("consoleSize")
                                                .put("height", 40)
                                                .put("width", 120)),
                        List.of());
        List<String> names = p.ops().stream().map(LaunchPlan.Op::name).toList();
        assertEquals(
                names.indexOf("pivot-root") + 2,
                names.indexOf("terminal"),
                "the pty is made right after pivot_root (and the Landlock domain), in the container's /dev, before the user"
                        + " changes: "
                        + names);
        assertEquals(
                List.of("40", "120"),
                p.ops("terminal").get(0).args(),
                "consoleSize: rows (height), then columns (width)");
        LaunchPlan plain = compile(spec(c -> {}), List.of());
        assertEquals(
                List.of(), plain.ops("terminal"), "no terminal op when process.terminal is false");
        LaunchPlan unsized =
                compile(
                        spec(c -> ((ObjectNode) c.get("process")).put("terminal", true)),
                        List.of());
        assertEquals(
                List.of("0", "0"),
                unsized.ops("terminal").get(0).args(),
                "no consoleSize: the kernel's default");
    }

    @Test
    void aSharedRootHasItsSourcesMadePrivateBeforeTheBind() throws IOException {
        for (String shared : List.of("shared", "rshared")) {
            LaunchPlan p = compile(spec(c -> linux(c).put("rootfsPropagation", shared)), List.of());
            List<String> names = p.ops().stream().map(LaunchPlan.Op::name).toList();
            int propagation = names.indexOf("mount"); // mount "/" with the propagation asked
            assertEquals(
                    List.of("make-private", "make-private", "make-private", "mount"),
                    names.subList(propagation + 1, propagation + 5),
                    shared + ": /, the rootfs and the new root's parent, right before the bind");
            assertEquals(List.of("/"), p.ops("make-private").get(0).args(), shared);
        }
        LaunchPlan slave =
                compile(spec(c -> linux(c).put("rootfsPropagation", "rslave")), List.of());
        assertEquals(List.of(), slave.ops("make-private"), "nothing is made private otherwise");
    }

    /** runc's own default config: ambient capabilities listed, no inheritable ones. */
    private static void runcDefaultCapabilities(ObjectNode c) {
        ObjectNode caps = ((ObjectNode) c.get("process")).putObject("capabilities");
        for (String set : List.of("bounding", "effective", "permitted", "ambient")) {
            caps.putArray(set).add("CAP_AUDIT_WRITE").add("CAP_KILL").add("CAP_NET_BIND_SERVICE");
        }
    }

    @Test
    void ambientCapabilitiesThatCannotBeRaisedAreDroppedAsRuncDrops() throws IOException {
        LaunchPlan p = compile(spec(OciPlanCompilerTest::runcDefaultCapabilities), List.of());
        assertEquals(
                "0",
                p.ops("caps").get(0).args().get(3),
                "none is inheritable, so none can be ambient: runc's containers get none either");
        LaunchPlan user =
                compile(
                        spec(
                                c -> {
                                    runcDefaultCapabilities(c);
                                    ((ObjectNode) c.get("process").get("user"))
                                            .put("uid", 1000)
                                            .put("gid", 1000);
                                }),
                        List.of());
        assertEquals(
                "0",
                user.ops("caps").get(0).args().get(3),
                "a non-root user with runc's default config is accepted: nothing ambient to raise");
        LaunchPlan raised =
                compile(
                        spec(
                                c -> {
                                    runcDefaultCapabilities(c);
                                    ((ObjectNode) c.get("process").get("capabilities"))
                                            .putArray("inheritable")
                                            .add("CAP_KILL");
                                }),
                        List.of());
        assertEquals(
                Long.toString(1L << 5),
                raised.ops("caps").get(0).args().get(3),
                "what is permitted and inheritable is raised");
    }

    @Test
    void theUmaskIsTheConfigsOr0022AsRunc() throws IOException {
        for (int mask : new int[] {0, 077, 0777, 022}) {
            LaunchPlan p =
                    compile(
                            spec(
                                    c ->
                                            ((ObjectNode) c.get("process").get("user"))
                                                    .put("umask", mask)),
                            List.of());
            assertEquals(
                    List.of(Integer.toOctalString(mask)),
                    p.ops("umask").get(0).args(),
                    "umask " + mask);
        }
        LaunchPlan none =
                compile(
                        spec(c -> ((ObjectNode) c.get("process").get("user")).remove("umask")),
                        List.of());
        assertEquals(
                List.of("22"),
                none.ops("umask").get(0).args(),
                "no umask in the config: runc's 0022");
    }

    @Test
    void anUnknownCapabilityNameIsDroppedNotMadeABit() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    ((ObjectNode) c.get("process"))
                                            .putObject("capabilities")
                                            .putArray("bounding")
                                            .add("CAP_KILL")
                                            .add("CAP_NOT_A_CAPABILITY");
                                }),
                        List.of());
        long keep = Long.parseLong(p.ops("caps").get(0).args().get(0));
        assertEquals(
                1L << 5, keep, "CAP_KILL alone: the unknown name is ignored, as runc ignores it");
    }

    @Test
    void capMknodIsKeptOnlyUnderACgroupV1DeviceController() throws IOException {
        Spec s =
                spec(
                        c ->
                                ((ArrayNode) c.get("process").get("capabilities").get("bounding"))
                                        .add("CAP_MKNOD"));
        java.util.function.Function<Map<String, String>, Long> bounding =
                cgroup ->
                        Long.parseLong(
                                OciPlanCompiler.compile(
                                                s,
                                                "config.json",
                                                bundle,
                                                OciPlanCompiler.Mediation.of(List.of()),
                                                0,
                                                cgroup)
                                        .ops("caps")
                                        .get(0)
                                        .args()
                                        .get(0));
        long mknod = 1L << 27;
        assertEquals(0, bounding.apply(Map.of()) & mknod, "no cgroup recorded: dropped");
        assertEquals(
                0,
                bounding.apply(Map.of("", "/sys/fs/cgroup/c1")) & mknod,
                "cgroup v2, where Sluice loads no device program: dropped");
        assertEquals(
                0,
                bounding.apply(Map.of("cpu,cpuacct", "/sys/fs/cgroup/cpu,cpuacct/c1")) & mknod,
                "v1 without the devices hierarchy: dropped");
        assertEquals(
                mknod,
                bounding.apply(
                                Map.of(
                                        "cpu,cpuacct",
                                        "/sys/fs/cgroup/cpu,cpuacct/c1",
                                        "devices",
                                        "/sys/fs/cgroup/devices/c1"))
                        & mknod,
                "under a v1 device controller: kept, as listed");
    }

    @Test
    void theCgroupMountShowsTheContainersOwnCgroup() throws IOException {
        Spec s = spec(c -> {}); // sluice spec's default mounts /sys/fs/cgroup (type cgroup, ro)
        String at = root() + "/sys/fs/cgroup";
        java.util.function.Function<Map<String, String>, List<List<String>>> mounts =
                cgroup ->
                        OciPlanCompiler.compile(
                                        s,
                                        "config.json",
                                        bundle,
                                        OciPlanCompiler.Mediation.of(List.of()),
                                        0,
                                        cgroup)
                                .ops("mount")
                                .stream()
                                .map(LaunchPlan.Op::args)
                                .filter(a -> a.get(1).startsWith(at))
                                .toList();
        Map<String, String> v1 = new java.util.LinkedHashMap<>();
        v1.put("memory", "/sys/fs/cgroup/memory/sluice/c1");
        v1.put("cpu,cpuacct", "/sys/fs/cgroup/cpu,cpuacct/sluice/c1");
        v1.put("name=systemd", "/sys/fs/cgroup/systemd/sluice/c1");
        v1.put("", "/sys/fs/cgroup/unified/sluice/c1");
        List<List<String>> hybrid = mounts.apply(v1);
        assertEquals("tmpfs", hybrid.get(0).get(2), "a tmpfs first: " + hybrid);
        for (String[] h :
                new String[][] {
                    {"/sys/fs/cgroup/memory/sluice/c1", "/memory"},
                    {"/sys/fs/cgroup/cpu,cpuacct/sluice/c1", "/cpu,cpuacct"},
                    {"/sys/fs/cgroup/systemd/sluice/c1", "/systemd"}
                }) {
            assertTrue(
                    hybrid.stream()
                            .anyMatch(a -> a.get(0).equals(h[0]) && a.get(1).equals(at + h[1])),
                    "the container's own " + h[1] + " bound: " + hybrid);
        }
        assertTrue(
                hybrid.stream().noneMatch(a -> a.get(0).contains("unified")),
                "hybrid's unified tree left out, as runc leaves it: " + hybrid);
        LaunchPlan p =
                OciPlanCompiler.compile(
                        s, "config.json", bundle, OciPlanCompiler.Mediation.of(List.of()), 0, v1);
        assertTrue(
                p.ops("symlink").stream()
                        .anyMatch(
                                o ->
                                        o.args().equals(List.of("cpu,cpuacct", at + "/cpu"))
                                                || o.args()
                                                        .equals(
                                                                List.of(
                                                                        "cpu,cpuacct",
                                                                        at + "/cpuacct"))),
                "a co-mounted hierarchy's names link to it: " + p.ops("symlink"));
        assertEquals(
                "/sys/fs/cgroup/c1",
                mounts.apply(Map.of("", "/sys/fs/cgroup/c1")).get(0).get(0),
                "cgroup v2: the container's directory bound");
        assertEquals(
                "tmpfs",
                mounts.apply(Map.of()).get(0).get(2),
                "no cgroup recorded: an empty tmpfs");
    }

    @Test
    void linuxPersonalityIsTheProcessesExecutionDomain() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        ((ObjectNode) c.get("linux"))
                                                .putObject("personality")
                                                .put("domain", "LINUX32")),
                        List.of());
        assertEquals(
                List.of(List.of("8")),
                p.ops("personality").stream().map(LaunchPlan.Op::args).toList(),
                "PER_LINUX32");
        assertEquals(List.of(), compile(spec(c -> {}), List.of()).ops("personality"), "absent");
        SpecException flags =
                assertThrows(
                        SpecException.class,
                        () ->
                                compile(
                                        spec(
                                                c -> {
                                                    ObjectNode per =
                                                            ((ObjectNode) c.get("linux"))
                                                                    .putObject("personality")
                                                                    .put("domain", "LINUX");
                                                    per.putArray("flags").add("ADDR_NO_RANDOMIZE");
                                                }),
                                        List.of()));
        assertEquals("linux.personality.flags", flags.field(), flags.getMessage());
        SpecException domain =
                assertThrows(
                        SpecException.class,
                        () ->
                                compile(
                                        spec(
                                                c ->
                                                        ((ObjectNode) c.get("linux"))
                                                                .putObject("personality")
                                                                .put("domain", "BSD")),
                                        List.of()));
        assertEquals("linux.personality.domain", domain.field(), domain.getMessage());
    }

    @Test
    void aProcessWithoutCapabilitiesGetsNone() throws IOException {
        LaunchPlan p =
                compile(
                        spec(c -> ((ObjectNode) c.get("process")).remove("capabilities")),
                        List.of());
        assertEquals(
                List.of("0", "0", "0", "0"),
                p.ops("caps").get(0).args(),
                "none at all, as under runc");
    }

    @Test
    void directoryBindMountsAreNodevAndFilesAreTouched() throws IOException {
        Path vol = Files.createDirectories(bundle.resolve("vol"));
        Path file = Files.writeString(bundle.resolve("hosts"), "127.0.0.1 localhost\n");
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    ArrayNode m = (ArrayNode) c.get("mounts");
                                    m.addObject()
                                            .put("destination", "/data")
                                            .put("type", "bind")
                                            .put("source", "vol")
                                            .putArray("options")
                                            .add("rbind")
                                            .add("ro");
                                    m.addObject()
                                            .put("destination", "/etc/hosts")
                                            .put("type", "bind")
                                            .put("source", file.toString())
                                            .putArray("options")
                                            .add("bind");
                                }),
                        List.of());
        assertTrue(
                p.ops("mount").stream()
                        .anyMatch(
                                o ->
                                        o.args()
                                                .equals(
                                                        List.of(
                                                                vol.toString(),
                                                                root() + "/data",
                                                                "",
                                                                Long.toString(
                                                                        MountOptions.MS_BIND
                                                                                | MountOptions
                                                                                        .MS_REC),
                                                                ""))),
                "the volume bound, relative to the bundle");
        assertTrue(
                p.ops("mount").stream()
                        .anyMatch(
                                o ->
                                        o.args()
                                                .equals(
                                                        List.of(
                                                                "",
                                                                root() + "/data",
                                                                "",
                                                                Long.toString(
                                                                        MountOptions.MS_BIND
                                                                                | MountOptions
                                                                                        .MS_REMOUNT
                                                                                | MountOptions
                                                                                        .MS_RDONLY),
                                                                ""))),
                "remounted read-only");
        assertTrue(
                p.ops("mount-setattr").stream()
                        .anyMatch(o -> o.args().equals(List.of(root() + "/data", "4", "0", "1"))),
                "made nodev recursively");
        assertTrue(
                p.ops("touch").stream()
                        .anyMatch(o -> o.args().get(0).equals(root() + "/etc/hosts")),
                "a file mount point is a file");
    }

    @Test
    void sysctlsOfTheContainersNamespaces() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        linux(c).putObject("sysctl")
                                                .put("net.ipv4.ping_group_range", "0 0")),
                        List.of());
        assertEquals(
                List.of(root() + "/proc/sys/net/ipv4/ping_group_range", "0 0"),
                p.ops("write-file").get(0).args(),
                "written");
    }

    /**
     * The container's processes go into a Landlock domain of their own (ptrace-scope) when the
     * container has a pid namespace of its own, or shares the host's and has a sentry there; a pid
     * namespace joined by path is another container's, whose processes keep runc's reach over it.
     */
    @Test
    void aDomainOfTheContainersOwnUnlessItJoinsAnotherContainersPidNamespace() throws IOException {
        TrapRule r = new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty");
        List<String> own =
                compile(spec(c -> {}), List.of()).ops().stream().map(LaunchPlan.Op::name).toList();
        assertEquals(
                own.indexOf("pivot-root") + 1,
                own.indexOf("ptrace-scope"),
                "right after pivot_root: " + own);
        Spec joined = spec(c -> pidNamespace(c).put("path", "/proc/self/ns/pid"));
        assertEquals(
                List.of(),
                compile(joined, List.of(r)).ops("ptrace-scope"),
                "no domain in a pid namespace joined by path");
        Spec host =
                spec(
                        c -> {
                            ArrayNode ns = (ArrayNode) linux(c).get("namespaces");
                            ns.remove(indexOfType(ns, "pid"));
                        });
        assertEquals(
                List.of(),
                compile(host, List.of()).ops("ptrace-scope"),
                "the host's pid namespace, no sentry: runc's reach");
        assertEquals(
                1,
                compile(host, List.of(r)).ops("ptrace-scope").size(),
                "the host's pid namespace with a sentry, a host process: out of the container's reach");
    }

    private static ObjectNode pidNamespace(ObjectNode c) {
        ArrayNode ns = (ArrayNode) linux(c).get("namespaces");
        return (ObjectNode) ns.get(indexOfType(ns, "pid"));
    }

    private static int indexOfType(ArrayNode ns, String type) {
        for (int i = 0; i < ns.size(); i++) {
            if (ns.get(i).get("type").asText().equals(type)) {
                return i;
            }
        }
        throw new AssertionError("no " + type + " namespace in the default spec: " + ns);
    }

    @Test
    void onCgroupV2TheContainersProcessIsForkedIntoItsCgroupAndMakesItsCgroupNamespaceThere()
            throws IOException {
        Spec withCgroupns =
                spec(
                        c ->
                                ((ArrayNode) linux(c).get("namespaces"))
                                        .addObject()
                                        .put("type", "cgroup"));
        java.util.function.BiFunction<Spec, Map<String, String>, LaunchPlan> plan =
                (s, cgroup) ->
                        OciPlanCompiler.compile(
                                s,
                                "config.json",
                                bundle,
                                OciPlanCompiler.Mediation.of(List.of()),
                                0,
                                cgroup);
        long newCgroup = 0x02000000L;
        LaunchPlan v2 = plan.apply(withCgroupns, Map.of("", "/sys/fs/cgroup/sluice/c1"));
        assertEquals(
                List.of(List.of("/sys/fs/cgroup/sluice/c1")),
                v2.ops("cgroup").stream().map(LaunchPlan.Op::args).toList(),
                "cgroup v2: forked into its one directory");
        assertTrue(OciPlanCompiler.forksIntoCgroup(v2), "so create moves nothing there");
        for (LaunchPlan p :
                List.of(
                        v2,
                        plan.apply(withCgroupns, Map.of("memory", "/sys/fs/cgroup/memory/c1")))) {
            long unshared = Long.parseLong(p.ops("unshare").get(0).args().get(0));
            assertEquals(0, unshared & newCgroup, "outer makes no cgroup namespace");
            assertEquals(1, p.ops("cgroupns").size(), "the container's process makes it");
            List<String> names = p.ops().stream().map(LaunchPlan.Op::name).toList();
            assertTrue(
                    names.indexOf("cgroupns") < names.indexOf("mount"),
                    "before any init op: " + names);
        }
        Map<String, String> hybrid = new java.util.LinkedHashMap<>();
        hybrid.put("memory", "/sys/fs/cgroup/memory/sluice/c1");
        hybrid.put("", "/sys/fs/cgroup/unified/sluice/c1");
        assertFalse(
                OciPlanCompiler.forksIntoCgroup(plan.apply(withCgroupns, hybrid)),
                "cgroup v1 (a hybrid host too): create moves outer, whose fork inherits them");
        assertFalse(
                OciPlanCompiler.forksIntoCgroup(plan.apply(withCgroupns, Map.of())),
                "no cgroup recorded: nothing");
        Spec joined =
                spec(
                        c ->
                                ((ArrayNode) linux(c).get("namespaces"))
                                        .addObject()
                                        .put("type", "cgroup")
                                        .put("path", "/proc/self/ns/cgroup"));
        LaunchPlan j = plan.apply(joined, Map.of("", "/sys/fs/cgroup/sluice/c1"));
        assertFalse(
                OciPlanCompiler.forksIntoCgroup(j),
                "a cgroup namespace joined by path: outer is moved, as on v1");
        assertEquals(List.of(), j.ops("cgroupns"), "and joins it: no new one");
        assertEquals(
                List.of("/proc/self/ns/cgroup", Long.toString(newCgroup)),
                j.ops("setns").get(0).args(),
                "joined by outer");
    }

    @Test
    void namespacePathsAreJoined() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        ((ObjectNode) linux(c).get("namespaces").get(1))
                                                .put("path", "/proc/self/ns/net")),
                        List.of());
        assertEquals(
                List.of("/proc/self/ns/net", Long.toString(0x40000000L)),
                p.ops("setns").get(0).args(),
                "setns");
        assertTrue(p.ops("ifup").isEmpty(), "a joined network namespace is left as it is");
        int setns = p.ops().indexOf(p.ops("setns").get(0));
        int unshare = p.ops().indexOf(p.ops("unshare").get(0));
        assertTrue(setns < unshare, "join first, then create the others");
    }

    @Test
    void aSeccompProfileBecomesPlanOps() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    ObjectNode s =
                                            linux(c).putObject("seccomp")
                                                    .put("defaultAction", "SCMP_ACT_ERRNO")
                                                    .put("defaultErrnoRet", 38);
                                    s.putArray("architectures")
                                            .add("SCMP_ARCH_X86_64")
                                            .add("SCMP_ARCH_AARCH64");
                                    s.putArray("flags").add("SECCOMP_FILTER_FLAG_LOG");
                                    ArrayNode calls = s.putArray("syscalls");
                                    calls.addObject()
                                            .put("action", "SCMP_ACT_ALLOW")
                                            .putArray("names")
                                            .add("read")
                                            .add("write");
                                    ObjectNode pers =
                                            calls.addObject().put("action", "SCMP_ACT_ALLOW");
                                    pers.putArray("names").add("personality");
                                    pers.putArray("args")
                                            .addObject()
                                            .put("index", 0)
                                            .put("op", "SCMP_CMP_EQ")
                                            .put("value", 8);
                                    calls.addObject()
                                            .put("action", "SCMP_ACT_ERRNO")
                                            .putArray("names")
                                            .add("mkdir");
                                }),
                        List.of(new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty")));
        assertEquals(
                List.of(List.of("SCMP_ACT_ERRNO", "38")),
                p.ops("seccomp-default").stream().map(LaunchPlan.Op::args).toList(),
                "default action and errno");
        assertEquals(
                List.of(List.of("x86_64")),
                p.ops("seccomp-arch").stream().map(LaunchPlan.Op::args).toList(),
                "libseccomp's names; architectures this host cannot run are left out");
        assertEquals(
                List.of(List.of("SECCOMP_FILTER_FLAG_LOG")),
                p.ops("seccomp-flag").stream().map(LaunchPlan.Op::args).toList(),
                "flags");
        assertEquals(
                List.of(
                        List.of("SCMP_ACT_ALLOW", "1", "read"),
                        List.of("SCMP_ACT_ALLOW", "1", "write"),
                        List.of("SCMP_ACT_ALLOW", "1", "personality", "0", "SCMP_CMP_EQ", "8", "0"),
                        List.of("SCMP_ACT_ERRNO", "1", "mkdir")),
                p.ops("seccomp-rule").stream().map(LaunchPlan.Op::args).toList(),
                "one rule per name, conditions in fours, EPERM where errnoRet is absent");
        assertEquals(
                1,
                p.ops("notify-ioctl").size(),
                "Sluice's own notify rules stay: the profile is a second filter");
        p.encode();
    }

    @Test
    void aNotifyRuleNeedsTheSentryWithoutAListenerOfItsOwn() throws IOException {
        Consumer<ObjectNode> notify =
                c -> {
                    ObjectNode s =
                            linux(c).putObject("seccomp")
                                    .put("defaultAction", "SCMP_ACT_ALLOW")
                                    .put("listenerPath", "/run/agent.sock");
                    ObjectNode r =
                            s.putArray("syscalls").addObject().put("action", "SCMP_ACT_NOTIFY");
                    r.putArray("names").add("mkdir");
                };
        LaunchPlan p = compile(spec(notify), List.of());
        assertEquals(
                List.of(List.of("SCMP_ACT_NOTIFY", "1", "mkdir")),
                p.ops("seccomp-rule").stream().map(LaunchPlan.Op::args).toList(),
                "no proxy traps anything: the rule goes in");
        assertTrue(
                p.ops("notify-ioctl").isEmpty(),
                "and the profile's listener is the process's only one");
        TrapRule tty = new TrapRule(0xff00, 0x5400, Disposition.CONTINUE, "tty");
        Spec s = spec(notify);
        SpecException e = assertThrows(SpecException.class, () -> compile(s, List.of(tty)));
        assertEquals("linux.seccomp.syscalls[0].action", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().contains("one seccomp listener per process"),
                "says why: " + e.getMessage());
    }

    @Test
    void createHooksStopInitBeforePivotRoot() throws IOException {
        LaunchPlan none =
                compile(
                        spec(
                                c ->
                                        c.putObject("hooks")
                                                .putArray("poststart")
                                                .addObject()
                                                .put("path", "/bin/true")),
                        List.of());
        assertTrue(
                none.ops("hooks-wait").isEmpty(), "poststart runs after start: init need not stop");
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        c.putObject("hooks")
                                                .putArray("createContainer")
                                                .addObject()
                                                .put("path", "/bin/true")),
                        List.of());
        assertEquals(
                1,
                p.ops("hooks-wait").size(),
                "one stop for prestart, createRuntime and createContainer");
        int stop = p.ops().indexOf(p.ops("hooks-wait").get(0));
        int pivot = p.ops().indexOf(p.ops("pivot-root").get(0));
        assertTrue(
                stop < pivot
                        && p.ops().subList(stop + 1, pivot).stream()
                                .allMatch(o -> o.name().equals("mount-setattr")),
                "right before pivot_root (the container's namespaces and mounts exist, the runtime's root is still"
                        + " visible), and before the root is made read-only, as runc does it, so a hook can edit it: "
                        + p.ops().subList(stop, pivot + 1));
    }

    @Test
    void refusals() throws IOException {
        record Case(String field, String problem, Consumer<ObjectNode> edit) {}
        List<Case> cases =
                List.of(
                        new Case(
                                "process.apparmorProfile",
                                "AppArmor",
                                c -> ((ObjectNode) c.get("process")).put("apparmorProfile", "x")),
                        new Case(
                                "linux.seccomp.defaultAction",
                                "SCMP_ACT_NOTIFY cannot be the default action",
                                c ->
                                        linux(c).putObject("seccomp")
                                                .put("defaultAction", "SCMP_ACT_NOTIFY")
                                                .put("listenerPath", "/run/agent.sock")),
                        new Case(
                                "linux.seccomp.listenerPath",
                                "not an absolute path",
                                c ->
                                        linux(c).putObject("seccomp")
                                                .put("defaultAction", "SCMP_ACT_ALLOW")
                                                .put("listenerPath", "run/agent.sock")),
                        new Case(
                                "linux.seccomp.syscalls[0].args[0].op",
                                "unknown comparison 'SCMP_CMP_ISH'",
                                c -> {
                                    ObjectNode s =
                                            linux(c).putObject("seccomp")
                                                    .put("defaultAction", "SCMP_ACT_ALLOW");
                                    ObjectNode r =
                                            s.putArray("syscalls")
                                                    .addObject()
                                                    .put("action", "SCMP_ACT_ERRNO");
                                    r.putArray("names").add("mkdir");
                                    r.putArray("args")
                                            .addObject()
                                            .put("index", 0)
                                            .put("op", "SCMP_CMP_ISH")
                                            .put("value", 1);
                                }),
                        new Case(
                                "linux.seccomp.syscalls[0].errnoRet",
                                "not an errno",
                                c -> {
                                    ObjectNode s =
                                            linux(c).putObject("seccomp")
                                                    .put("defaultAction", "SCMP_ACT_ALLOW");
                                    s.putArray("syscalls")
                                            .addObject()
                                            .put("action", "SCMP_ACT_ERRNO")
                                            .put("errnoRet", 5000)
                                            .putArray("names")
                                            .add("mkdir");
                                }),
                        new Case(
                                "linux.seccomp.flags[0]",
                                "unsupported flag 'SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV'",
                                c ->
                                        linux(c).putObject("seccomp")
                                                .put("defaultAction", "SCMP_ACT_ALLOW")
                                                .putArray("flags")
                                                .add("SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV")),
                        new Case(
                                "linux.namespaces[5].type",
                                "\"time\" namespaces are not supported",
                                c ->
                                        ((ArrayNode) linux(c).get("namespaces"))
                                                .addObject()
                                                .put("type", "time")),
                        new Case(
                                "linux.namespaces",
                                "a mount namespace is required",
                                c -> ((ArrayNode) linux(c).get("namespaces")).remove(4)),
                        new Case(
                                "mounts[7].type",
                                "devtmpfs",
                                c ->
                                        ((ArrayNode) c.get("mounts"))
                                                .addObject()
                                                .put("destination", "/x")
                                                .put("type", "devtmpfs")
                                                .put("source", "devtmpfs")),
                        new Case(
                                "mounts[7].options",
                                "\"dev\" on a bind mount",
                                c ->
                                        ((ArrayNode) c.get("mounts"))
                                                .addObject()
                                                .put("destination", "/x")
                                                .put("type", "bind")
                                                .put("source", "/tmp")
                                                .putArray("options")
                                                .add("rbind")
                                                .add("dev")),
                        new Case(
                                "mounts[7].source",
                                "no such file or directory",
                                c ->
                                        ((ArrayNode) c.get("mounts"))
                                                .addObject()
                                                .put("destination", "/x")
                                                .put("type", "bind")
                                                .put("source", "/nonexistent-source")
                                                .putArray("options")
                                                .add("rbind")),
                        new Case(
                                "root.path",
                                "no such directory",
                                c -> ((ObjectNode) c.get("root")).put("path", "nope")),
                        new Case(
                                "process.args[0]",
                                "exec: \"nosuchcmd\": executable file not found in $PATH",
                                c ->
                                        ((ArrayNode) c.get("process").get("args"))
                                                .set(0, "nosuchcmd")),
                        new Case(
                                "process.args[0]",
                                "stat /bin/nope: no such file or directory",
                                c ->
                                        ((ArrayNode) c.get("process").get("args"))
                                                .set(0, "/bin/nope")),
                        new Case(
                                "linux.sysctl.kernel.panic",
                                "not a namespaced sysctl",
                                c -> linux(c).putObject("sysctl").put("kernel.panic", "1")),
                        new Case(
                                "linux.sysctl.net.ipv4.ip_forward",
                                "needs a network namespace",
                                c -> {
                                    linux(c).putObject("sysctl").put("net.ipv4.ip_forward", "1");
                                    ((ArrayNode) linux(c).get("namespaces")).remove(1);
                                }),
                        new Case(
                                "annotations.dev.sluice.bogus",
                                "unknown Sluice annotation",
                                c -> c.putObject("annotations").put("dev.sluice.bogus", "1")),
                        new Case(
                                "annotations.dev.sluice.accept-racy-continue",
                                "neither true nor false",
                                c ->
                                        c.putObject("annotations")
                                                .put("dev.sluice.accept-racy-continue", "yes")),
                        new Case(
                                "annotations.dev.sluice.allow-io-uring",
                                "\"yes\" is neither true nor false",
                                c ->
                                        c.putObject("annotations")
                                                .put("dev.sluice.allow-io-uring", "yes")),
                        new Case(
                                "annotations.dev.sluice.rdmaproxy.generic",
                                "\"yes\" is not one of false, true, force",
                                c ->
                                        c.putObject("annotations")
                                                .put("dev.sluice.rdmaproxy.generic", "yes")));
        for (Case k : cases) {
            SpecException e = refused(k.edit());
            assertEquals(
                    k.field(),
                    e.field(),
                    "the field named for '" + k.problem() + "': " + e.getMessage());
            assertTrue(
                    e.getMessage().contains(k.problem()),
                    "the message says '" + k.problem() + "': " + e.getMessage());
        }
    }

    @Test
    void cgroupsAreLeftToTheCgroupPackage() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    ObjectNode r = (ObjectNode) linux(c).get("resources");
                                    r.putObject("cpu").put("shares", 512).put("quota", 50000);
                                    r.putObject("memory").put("limit", 64 << 20);
                                    r.putObject("pids").put("limit", 8);
                                    linux(c).put("cgroupsPath", "/default/c1");
                                }),
                        List.of());
        assertTrue(
                p.ops().stream()
                        .noneMatch(
                                o -> o.args().stream().anyMatch(a -> a.contains("cgroup.procs"))),
                "limits and the path are checked and applied by ContainerCgroup, not by plan ops");
    }

    @Test
    void aDeviceNodeMayNotBeBound() throws IOException {
        Path node = Path.of("/dev/kmsg");
        if (!Files.exists(node)) {
            node = Path.of("/dev/mem");
        }
        String src = node.toString();
        SpecException e =
                refused(
                        c ->
                                ((ArrayNode) c.get("mounts"))
                                        .addObject()
                                        .put("destination", "/dev/x")
                                        .put("type", "bind")
                                        .put("source", src)
                                        .putArray("options")
                                        .add("bind"));
        assertEquals("mounts[7].source", e.field(), e.getMessage());
        assertTrue(e.getMessage().contains("grant it in linux.devices"), e.getMessage());
        LaunchPlan ok =
                compile(
                        spec(
                                c ->
                                        ((ArrayNode) c.get("mounts"))
                                                .addObject()
                                                .put("destination", "/dev/null2")
                                                .put("type", "bind")
                                                .put("source", "/dev/null")
                                                .putArray("options")
                                                .add("bind")),
                        List.of());
        assertTrue(
                ok.ops("mount").stream().anyMatch(o -> o.args().get(0).equals("/dev/null")),
                "the harmless defaults may be bound");
    }

    @Test
    void aDeviceTheHostLacksIsMadeByNumberAndListedAsNodeless() throws IOException {
        Spec s =
                spec(
                        c ->
                                linux(c).putArray("devices")
                                        .addObject()
                                        .put("path", "/dev/fuse0")
                                        .put("type", "c")
                                        .put("major", 4095)
                                        .put("minor", 4095));
        var pc = ProxySelection.of(s, "config.json");
        assertEquals(List.of(), pc.grantedDevices(), "no host node to hand a proxy");
        assertEquals(
                List.of(new dev.sluice.sentry.spi.CharDevice(4095, 4095)),
                pc.nodelessDevices(),
                "its number, for the proxies to refuse if they mediate it");
        LaunchPlan made = compile(s, List.of());
        assertTrue(
                made.ops("mknod").stream()
                        .anyMatch(
                                o ->
                                        o.args().get(0).equals(root() + "/dev/fuse0")
                                                && o.args().contains("4095")),
                "it is made with mknod in /dev, as runc makes it: " + made.ops("mknod"));
        Spec null2 =
                spec(
                        c ->
                                linux(c).putArray("devices")
                                        .addObject()
                                        .put("path", "/dev/mynull")
                                        .put("type", "c")
                                        .put("major", 1)
                                        .put("minor", 3));
        assertEquals(
                List.of(Path.of("/dev/null")),
                ProxySelection.of(null2, "config.json").grantedDevices(),
                "a listed device maps to its host node, found by number");
        LaunchPlan p = compile(null2, List.of());
        assertTrue(
                p.ops("mknod").stream()
                        .anyMatch(o -> o.args().get(0).equals(root() + "/dev/mynull")),
                "and is made in /dev");
    }

    @Test
    void withCapMknodUnderAV1DeviceCgroupWhatTheRulesOpenIsReachableWithoutAHostNode()
            throws IOException {
        Spec s =
                spec(
                        c -> {
                            ((ArrayNode) c.get("process").get("capabilities").get("bounding"))
                                    .add("CAP_MKNOD");
                            ObjectNode linux = (ObjectNode) c.get("linux");
                            ArrayNode rules =
                                    ((ObjectNode) linux.get("resources")).putArray("devices");
                            rules.addObject().put("allow", false).put("access", "rwm");
                            rules.addObject()
                                    .put("allow", true)
                                    .put("type", "c")
                                    .put("major", 195)
                                    .put("access", "rw");
                            rules.addObject()
                                    .put("allow", true)
                                    .put("type", "c")
                                    .put("major", 1)
                                    .put("minor", 3)
                                    .put("access", "rw");
                            linux.putArray("devices")
                                    .addObject()
                                    .put("path", "/dev/mynull")
                                    .put("type", "c")
                                    .put("major", 1)
                                    .put("minor", 3);
                        });
        Map<String, String> v1 = Map.of("devices", "/sys/fs/cgroup/devices/c1");
        assertEquals(
                List.of(new dev.sluice.sentry.spi.CharDevice(195, -1)),
                ProxySelection.of(s, "config.json", v1).nodelessDevices(),
                "195:* can be made and opened; 1:3 is listed, so its own node is the grant");
        assertEquals(
                List.of(),
                ProxySelection.of(s, "config.json", Map.of("", "/sys/fs/cgroup/c1"))
                        .nodelessDevices(),
                "on v2 CAP_MKNOD is dropped: nothing can be made");
        assertEquals(
                List.of(),
                ProxySelection.of(s, "config.json").nodelessDevices(),
                "no cgroup known: CAP_MKNOD is dropped");
    }

    @Test
    void annotationsChooseProxiesAndOptions() throws IOException {
        Spec s =
                spec(
                        c ->
                                c.putObject("annotations")
                                        .put("dev.sluice.proxies", "pty, other")
                                        .put("dev.sluice.nvproxy.capabilities", "compute")
                                        .put("dev.sluice.nvproxy.driver-version", "580.159.04")
                                        .put("org.example.unrelated", "x"));
        var pc = ProxySelection.of(s, "config.json");
        assertEquals(java.util.Set.of("pty", "other"), pc.enabledProxies(), "dev.sluice.proxies");
        assertEquals("compute", pc.option("nvproxy.capabilities", ""), "nvproxy.capabilities");
        assertEquals(
                "580.159.04", pc.option("nvproxy.driver-version", ""), "nvproxy.driver-version");
    }

    @Test
    void acceptingRacyContinueRowsIsAnAnnotation() throws IOException {
        assertTrue(
                OciPlanCompiler.ANNOTATIONS.contains(
                        OciPlanCompiler.ANNOTATION_ACCEPT_RACY_CONTINUE),
                "a known annotation, listed by `sluice features`");
        assertEquals(
                false,
                OciPlanCompiler.acceptsRacyContinue(spec(c -> {}), "config.json"),
                "the default warns");
        assertEquals(
                true,
                OciPlanCompiler.acceptsRacyContinue(
                        spec(
                                c ->
                                        c.putObject("annotations")
                                                .put("dev.sluice.accept-racy-continue", "true")),
                        "config.json"),
                "true accepts");
        assertEquals(
                false,
                OciPlanCompiler.acceptsRacyContinue(
                        spec(
                                c ->
                                        c.putObject("annotations")
                                                .put("dev.sluice.accept-racy-continue", "false")),
                        "config.json"),
                "false warns");
    }

    @Test
    void theRdmaGenericPluginIsChosenByAnAnnotation() throws IOException {
        assertTrue(
                OciPlanCompiler.ANNOTATIONS.contains(OciPlanCompiler.ANNOTATION_RDMA_GENERIC),
                "a known annotation, listed by `sluice features`");
        assertEquals(
                "dev.sluice.rdmaproxy.generic",
                OciPlanCompiler.ANNOTATION_RDMA_GENERIC,
                "its name in config.json");
        Spec none = spec(c -> {});
        assertEquals(
                PluginChoice.Generic.OFF,
                OciPlanCompiler.rdmaGeneric(none, "config.json"),
                "the default: a driver without a plugin is refused");
        assertEquals(
                null,
                ProxySelection.of(none, "config.json").options().get("rdmaproxy.generic"),
                "no option for RDMAProxy without the annotation");
        for (var e :
                Map.of(
                                "true", PluginChoice.Generic.FALLBACK,
                                "force", PluginChoice.Generic.FORCE,
                                "false", PluginChoice.Generic.OFF)
                        .entrySet()) {
            Spec s =
                    spec(
                            c ->
                                    c.putObject("annotations")
                                            .put("dev.sluice.rdmaproxy.generic", e.getKey()));
            assertEquals(
                    e.getValue(),
                    OciPlanCompiler.rdmaGeneric(s, "config.json"),
                    "dev.sluice.rdmaproxy.generic=" + e.getKey());
            assertEquals(
                    e.getKey(),
                    ProxySelection.of(s, "config.json").options().get("rdmaproxy.generic"),
                    "reaches RDMAProxy as option rdmaproxy.generic=" + e.getKey());
        }
    }

    @Test
    void ioUringIsRefusedWhereIoctlsAreTrappedUnlessTheAnnotationAllowsIt() throws IOException {
        List<TrapRule> tty = List.of(TrapRule.family('T', Disposition.CONTINUE, "tty"));
        LaunchPlan trapped = compile(spec(c -> {}), tty);
        assertEquals(
                List.of("io_uring_setup", "io_uring_enter", "io_uring_register"),
                trapped.ops("deny-syscall").stream().map(o -> o.args().get(0)).toList(),
                "Sluice's own filter refuses io_uring beside the notify rules");
        assertTrue(
                trapped.ops("deny-syscall").stream().allMatch(o -> o.args().get(1).equals("1")),
                "with EPERM");
        assertTrue(
                compile(spec(c -> {}), List.of()).ops("deny-syscall").isEmpty(),
                "nothing trapped: io_uring is the container's profile's business, as under runc");
        for (String v : List.of("true", "false")) {
            LaunchPlan p =
                    compile(
                            spec(
                                    c ->
                                            c.putObject("annotations")
                                                    .put("dev.sluice.allow-io-uring", v)),
                            tty);
            assertEquals(
                    v.equals("true") ? 0 : 3,
                    p.ops("deny-syscall").size(),
                    "dev.sluice.allow-io-uring=" + v);
        }
    }

    @Test
    void rdmaStrictModeIsAnAnnotationAndTrapsTheWriteFamilyWithIoUringRefused() throws IOException {
        assertTrue(
                OciPlanCompiler.ANNOTATIONS.contains(OciPlanCompiler.ANNOTATION_RDMA_STRICT),
                "a known annotation, listed by `sluice features`");
        assertEquals(
                "dev.sluice.rdmaproxy.strict",
                OciPlanCompiler.ANNOTATION_RDMA_STRICT,
                "its name in config.json");
        Spec strict =
                spec(c -> c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "true"));
        assertEquals(
                "true",
                ProxySelection.of(strict, "config.json").options().get("rdmaproxy.strict"),
                "reaches RDMAProxy as option rdmaproxy.strict");
        List<TrapRule> verbs = List.of(TrapRule.exact(0xc0181b01, Disposition.DENY, "uverbs"));
        LaunchPlan p =
                OciPlanCompiler.compile(
                        strict,
                        "config.json",
                        bundle,
                        new OciPlanCompiler.Mediation(verbs, true, List.of()),
                        0,
                        Map.of());
        assertEquals(
                List.of("write", "writev", "pwritev2"),
                p.ops("notify-syscall").stream().map(o -> o.args().get(0)).toList(),
                "a proxy that mediates writes gets the write family trapped");
        assertEquals(
                List.of("io_uring_setup", "io_uring_enter", "io_uring_register"),
                p.ops("deny-syscall").stream().map(o -> o.args().get(0)).toList(),
                "and io_uring refused: a ring's writes pass no filter");
        assertTrue(
                OciPlanCompiler.compile(
                                strict,
                                "config.json",
                                bundle,
                                new OciPlanCompiler.Mediation(verbs, false, List.of()),
                                0,
                                Map.of())
                        .ops("notify-syscall")
                        .isEmpty(),
                "no proxy mediating writes: nothing but ioctls trapped");
        Spec both =
                spec(
                        c ->
                                c.putObject("annotations")
                                        .put("dev.sluice.rdmaproxy.strict", "true")
                                        .put("dev.sluice.allow-io-uring", "true"));
        SpecException ring =
                assertThrows(
                        SpecException.class,
                        () ->
                                OciPlanCompiler.compile(
                                        both,
                                        "config.json",
                                        bundle,
                                        new OciPlanCompiler.Mediation(verbs, true, List.of()),
                                        0,
                                        Map.of()));
        assertTrue(
                ring.getMessage().contains("annotations.dev.sluice.allow-io-uring"),
                "the refusal names the annotation: " + ring.getMessage());
        Spec bad = spec(c -> c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "yes"));
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () -> OciPlanCompiler.compile(bad, "config.json", bundle, verbs));
        assertTrue(
                e.getMessage().contains("annotations.dev.sluice.rdmaproxy.strict"),
                "a bad value is named: " + e.getMessage());
    }

    // ---- nodes the sentry opens itself (RDMAProxy's strict mode) -------------------------------

    private static final List<TrapRule> VERBS =
            List.of(TrapRule.exact(0xc0181b01, Disposition.DENY, "uverbs"));

    private Spec strictGranting(String path, Path node) throws IOException {
        return spec(
                c -> {
                    c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "true");
                    try {
                        Specs.grant(linux(c).putArray("devices"), path, node);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
    }

    private LaunchPlan strict(Spec s, List<Path> opened) {
        return OciPlanCompiler.compile(
                s,
                "config.json",
                bundle,
                new OciPlanCompiler.Mediation(VERBS, true, opened),
                0,
                Map.of());
    }

    private static int indexOf(List<LaunchPlan.Op> ops, LaunchPlan.Op op) {
        int i = ops.indexOf(op);
        assertTrue(i >= 0, op + " is in the plan: " + ops);
        return i;
    }

    @Test
    void aNodeTheSentryOpensIsTheHostsNodeBoundNodevAndTheOpenFamilyIsTrapped() throws IOException {
        Path node = Specs.hostCharNode();
        Spec s = strictGranting(node.toString(), node);
        assertEquals(
                List.of(node),
                ProxySelection.of(s, "config.json").grantedDevices(),
                "the proxies get the host node, the path the sentry serves");
        LaunchPlan p = strict(s, List.of(node));
        List<LaunchPlan.Op> ops = p.ops();
        String target = root() + node;
        int devTmpfs =
                ops.indexOf(
                        ops.stream()
                                .filter(
                                        o ->
                                                o.name().equals("mount")
                                                        && o.args().get(1).equals(root() + "/dev"))
                                .findFirst()
                                .orElseThrow());
        int touch = indexOf(ops, new LaunchPlan.Op("touch", List.of(target, "644")));
        int bind =
                indexOf(
                        ops,
                        new LaunchPlan.Op(
                                "mount",
                                List.of(
                                        node.toString(),
                                        target,
                                        "",
                                        Long.toString(MountOptions.MS_BIND),
                                        "")));
        int nodev =
                indexOf(ops, new LaunchPlan.Op("mount-setattr", List.of(target, "4", "0", "0")));
        int pivot = indexOf(ops, new LaunchPlan.Op("pivot-root", List.of(root())));
        assertTrue(
                devTmpfs < touch && touch < bind && bind < nodev && nodev < pivot,
                "on the container's /dev: the host's node bound, then MOUNT_ATTR_NODEV on that bind"
                        + " alone, before pivot_root");
        assertTrue(
                p.ops("mknod").stream().noneMatch(o -> o.args().get(0).equals(target)),
                "no node of the config's made with mknod there: " + p.ops("mknod"));
        assertEquals(
                List.of("write", "writev", "pwritev2", "open", "openat", "openat2", "creat"),
                p.ops("notify-syscall").stream().map(o -> o.args().get(0)).toList(),
                "the open family goes to the sentry, beside the write family");
        assertEquals(
                List.of(
                        new LaunchPlan.Op(
                                "deny-syscall-arg", List.of("mknod", "1", "1", "61440", "8192")),
                        new LaunchPlan.Op(
                                "deny-syscall-arg", List.of("mknodat", "1", "2", "61440", "8192"))),
                p.ops("deny-syscall-arg"),
                "mknod of a character device is EPERM (mode & S_IFMT == S_IFCHR)");
        assertTrue(
                p.ops("deny-syscall").stream()
                        .map(o -> o.args().get(0))
                        .toList()
                        .contains("io_uring_setup"),
                "and no ring, whose opens pass no filter");
        p.encode();
    }

    @Test
    void withoutANodeTheSentryOpensNothingIsBoundNodevNorTrapped() throws IOException {
        Path node = Specs.hostCharNode();
        Spec s = strictGranting(node.toString(), node);
        String target = root() + node;
        LaunchPlan p = strict(s, List.of());
        assertTrue(
                p.ops("mknod").stream().anyMatch(o -> o.args().get(0).equals(target)),
                "the listed node is made with mknod, as runc makes it");
        assertTrue(
                p.ops("mount-setattr").stream().noneMatch(o -> o.args().get(0).equals(target))
                        && p.ops("mount").stream().noneMatch(o -> o.args().get(1).equals(target)),
                "no bind, nothing nodev");
        assertEquals(
                List.of("write", "writev", "pwritev2"),
                p.ops("notify-syscall").stream().map(o -> o.args().get(0)).toList(),
                "the write family only");
        assertTrue(p.ops("deny-syscall-arg").isEmpty(), "no mknod rule");
    }

    @Test
    void strictWithoutAUverbsNodeStartsNoRdmaProxyAndTrapsNoOpens() throws IOException {
        Spec s = spec(c -> c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "true"));
        assertTrue(
                !new dev.sluice.rdmaproxy.RdmaProxyProvider()
                        .wanted(ProxySelection.of(s, "config.json")),
                "the annotation alone starts no RDMAProxy, so no proxy opens devices");
        LaunchPlan p = compile(s, List.of());
        assertTrue(
                p.ops("notify-syscall").isEmpty() && p.ops("deny-syscall-arg").isEmpty(),
                "the annotation is accepted and nothing is trapped: " + p.ops());
    }

    @Test
    void aServedNodeListedUnderAnotherPathIsRefused() throws IOException {
        Path node = Specs.hostCharNode();
        Spec alias = strictGranting("/dev/infiniband/uverbs9", node);
        assertEquals(
                List.of(node),
                ProxySelection.of(alias, "config.json").grantedDevices(),
                "found by its number: the host's node");
        OciSpecChecks.check(alias, "config.json", bundle); // the config alone is fine
        compile(alias, List.of()); // and a node nobody serves is made where it is listed
        SpecException e = assertThrows(SpecException.class, () -> strict(alias, List.of(node)));
        assertEquals("linux.devices[0].path", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().contains("list it at " + node),
                "the path the sentry serves is named: " + e.getMessage());
    }

    @Test
    void onlyTheNodesTheSentryOpensAreBoundNodev() throws IOException {
        Path served = Specs.hostCharNode();
        Path other = Specs.hostCharNode(served.toString());
        Spec s =
                spec(
                        c -> {
                            c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "true");
                            ArrayNode devices = linux(c).putArray("devices");
                            try {
                                Specs.grant(devices, served.toString(), served);
                                Specs.grant(devices, other.toString(), other);
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
        LaunchPlan p = strict(s, List.of(served));
        assertTrue(
                p.ops("mount-setattr").stream()
                        .anyMatch(o -> o.args().equals(List.of(root() + served, "4", "0", "0"))),
                "the served node is nodev");
        assertTrue(
                p.ops("mount-setattr").stream()
                                .noneMatch(o -> o.args().get(0).equals(root() + other))
                        && p.ops("mknod").stream()
                                .anyMatch(o -> o.args().get(0).equals(root() + other)),
                "a node the container opens itself is made as before");
    }

    @Test
    void aServedNodeIsBoundWhateverTheRootAlreadyHasThere() throws IOException {
        Path node = Specs.hostCharNode();
        Path own = bundle.resolve("rootfs" + node);
        Files.createDirectories(own.getParent());
        Files.writeString(own, "the image's own file");
        Spec s =
                spec(
                        c -> {
                            c.putObject("annotations").put("dev.sluice.rdmaproxy.strict", "true");
                            ArrayNode mounts = (ArrayNode) c.get("mounts");
                            for (int i = mounts.size() - 1; i >= 0; i--) {
                                if (mounts.get(i).get("destination").asText().startsWith("/dev")) {
                                    mounts.remove(i); // the image's /dev is the container's
                                }
                            }
                            try {
                                Specs.grant(linux(c).putArray("devices"), node.toString(), node);
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
        assertTrue(
                OciSpecChecks.check(s, "config.json", bundle).devices().stream()
                        .noneMatch(d -> d.destination().equals(node.toString())),
                "the root has something there: nothing is made, as runc leaves it");
        LaunchPlan p = strict(s, List.of(node));
        String target = root() + node;
        assertTrue(
                p.ops("mount").stream()
                                .anyMatch(
                                        o ->
                                                o.args().get(0).equals(node.toString())
                                                        && o.args().get(1).equals(target))
                        && p.ops("mount-setattr").stream()
                                .anyMatch(o -> o.args().equals(List.of(target, "4", "0", "0"))),
                "but a served node is the host's, bound nodev over what the image had: " + p.ops());
    }
}
