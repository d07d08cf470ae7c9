package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Runtime-spec points where Sluice must do what runc does (docs/oci.md, "Conformance"): each case
 * is one config.json, run by {@code runc run} and by {@code sluice run} in the same test, and the
 * two must agree on the exit status and on everything the container printed; where runc warns, both
 * must say so. Skipped, with the reason, where runc is not installed.
 */
@RequiresRoot
@Timeout(600)
class OciConformanceE2ETest {
    private Path root;

    /**
     * One config: {@code edit} applied to {@code sluice spec}'s default, {@code script} run by its
     * {@code sh -c}; {@code bothWarn}, when not null, a phrase both runtimes' stderr must hold.
     */
    record Case(String name, Consumer<ObjectNode> edit, String script, String bothWarn) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static ObjectNode process(ObjectNode c) {
        return (ObjectNode) c.get("process");
    }

    private static ObjectNode user(ObjectNode c) {
        return (ObjectNode) process(c).get("user");
    }

    private static ObjectNode linux(ObjectNode c) {
        return (ObjectNode) c.get("linux");
    }

    private static ObjectNode resources(ObjectNode c) {
        return linux(c).has("resources")
                ? (ObjectNode) linux(c).get("resources")
                : linux(c).putObject("resources");
    }

    private static ObjectNode memory(ObjectNode c) {
        return resources(c).putObject("memory");
    }

    /**
     * The propagation of the container's "/" as mountinfo shows it, peer group numbers left out.
     */
    private static final String ROOT_PROPAGATION =
            "awk '$5 == \"/\" { print $7 }' /proc/self/mountinfo | sed 's/[0-9]//g'";

    static Stream<Case> cases() {
        return Stream.concat(others(), propagations());
    }

    static Stream<Case> others() {
        return Stream.of(
                new Case(
                        "process.user.umask 0077 and additionalGids",
                        c -> {
                            user(c).put("umask", 077);
                            user(c).putArray("additionalGids").add(10).add(20);
                        },
                        "umask; id; grep Groups /proc/self/status; touch /tmp/f; stat -c %a /tmp/f",
                        null),
                new Case(
                        "process.user.umask 0",
                        c -> user(c).put("umask", 0),
                        "umask; touch /tmp/f; stat -c %a /tmp/f",
                        null),
                new Case(
                        "no process.user.umask: 0022", c -> user(c).remove("umask"), "umask", null),
                new Case(
                        "process.capabilities, all five sets",
                        c -> allFiveSets(c, "CAP_KILL", "CAP_NET_RAW", "CAP_CHOWN"),
                        "grep Cap /proc/self/status",
                        null),
                new Case(
                        "process.capabilities, inheritable without ambient, effective narrower",
                        c -> {
                            ObjectNode caps = process(c).putObject("capabilities");
                            caps.putArray("bounding")
                                    .add("CAP_KILL")
                                    .add("CAP_NET_RAW")
                                    .add("CAP_CHOWN");
                            caps.putArray("permitted").add("CAP_KILL").add("CAP_NET_RAW");
                            caps.putArray("effective").add("CAP_KILL");
                            caps.putArray("inheritable").add("CAP_NET_RAW");
                        },
                        "grep Cap /proc/self/status",
                        null),
                new Case(
                        "runc's default capabilities: ambient listed, nothing inheritable",
                        OciConformanceE2ETest::runcDefaultCapabilities,
                        "grep Cap /proc/self/status",
                        null),
                new Case(
                        "runc's default capabilities for uid 1000",
                        c -> {
                            runcDefaultCapabilities(c);
                            user(c).put("uid", 1000).put("gid", 1000);
                        },
                        "id; grep Cap /proc/self/status",
                        null),
                new Case(
                        "ambient capabilities for uid 1000",
                        c -> {
                            ObjectNode caps = allFiveSets(c, "CAP_KILL", "CAP_NET_RAW");
                            ((ArrayNode) caps.get("inheritable")).remove(1);
                            user(c).put("uid", 1000).put("gid", 1000);
                        },
                        "id; grep Cap /proc/self/status",
                        null),
                new Case(
                        "an unknown capability is ignored with a warning",
                        c ->
                                ((ArrayNode) process(c).get("capabilities").get("bounding"))
                                        .add("CAP_NOT_A_CAPABILITY"),
                        "grep -E 'Cap(Bnd|Eff|Prm)' /proc/self/status",
                        "ignoring unknown or unavailable capabilities"),
                new Case(
                        "linux.resources.memory.kernel and kernelTCP are ignored with a warning",
                        c -> memory(c).put("kernel", 64L << 20).put("kernelTCP", 16L << 20),
                        "echo started",
                        "kernel memory settings are ignored"),
                new Case(
                        "process.rlimits, soft below hard",
                        c ->
                                process(c)
                                        .putArray("rlimits")
                                        .add(rlimit("RLIMIT_NOFILE", 100, 200))
                                        .add(rlimit("RLIMIT_CORE", 0, 0)),
                        "ulimit -n; ulimit -Hn; ulimit -c",
                        null),
                new Case(
                        "maskedPaths and readonlyPaths that do not exist, nested, and a device",
                        c -> {
                            ((ArrayNode) linux(c).withArray("maskedPaths"))
                                    .add("/proc/nonexistent/deeper")
                                    .add("/nonexistent/x");
                            ((ArrayNode) linux(c).withArray("readonlyPaths"))
                                    .add("/dev/null")
                                    .add("/nonexistent/y");
                        },
                        "echo x > /dev/null; echo rc=$?",
                        null),
                new Case(
                        "linux.devices the host lacks, allowed by the cgroup rules",
                        c -> hostlessDevices(c, true),
                        DEVICE_PROBE,
                        null),
                new Case(
                        "linux.devices the host lacks, not allowed by the cgroup rules",
                        c -> hostlessDevices(c, false),
                        DEVICE_PROBE,
                        null),
                new Case(
                        "no process.capabilities: none at all",
                        c -> process(c).remove("capabilities"),
                        "grep Cap /proc/self/status",
                        null),
                new Case(
                        "CAP_MKNOD listed: nodes made as the device rules allow",
                        c -> {
                            runcDefaultCapabilities(c);
                            ObjectNode caps = (ObjectNode) process(c).get("capabilities");
                            for (String set : List.of("bounding", "effective", "permitted")) {
                                ((ArrayNode) caps.get(set)).add("CAP_MKNOD");
                            }
                        },
                        "grep CapBnd /proc/self/status; mknod /dev/n c 1 3 && echo made;"
                                + " echo x > /dev/n; echo rc=$?; mknod /dev/d b 8 0; echo rc=$?",
                        null),
                new Case(
                        "no linux.resources.devices: runc's default devices only",
                        c -> {
                            hostlessDevices(c, false);
                            resources(c).remove("devices");
                        },
                        DEVICE_PROBE,
                        null),
                new Case(
                        "linux.resources.devices with allow rules only",
                        c -> {
                            hostlessDevices(c, false);
                            resources(c)
                                    .putArray("devices")
                                    .addObject()
                                    .put("allow", true)
                                    .put("type", "c")
                                    .put("major", 10)
                                    .put("minor", 200)
                                    .put("access", "rwm");
                        },
                        DEVICE_PROBE,
                        null),
                new Case(
                        "no mount namespace: both refuse (runc at init, Sluice at create)",
                        c -> withoutNamespace(c, "mount"),
                        "echo started",
                        null),
                new Case(
                        "a relative cgroupsPath: below the runtime's own cgroup",
                        c -> linux(c).put("cgroupsPath", Sluice.unique("conformance-rel")),
                        "sort /proc/self/cgroup",
                        null),
                new Case(
                        "no HOME in process.env: runc's, from the container's /etc/passwd",
                        c -> {
                            Path passwd = Sluice.workDir().resolve(Sluice.unique("passwd"));
                            try {
                                Files.writeString(
                                        passwd,
                                        "root:x:0:0::/root:/bin/sh\nu:x:1000:1000::/home/u:/bin/sh\n");
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                            ObjectNode m = ((ArrayNode) c.withArray("mounts")).addObject();
                            m.put("destination", "/etc/passwd");
                            m.put("type", "bind");
                            m.put("source", passwd.toString());
                            m.putArray("options").add("bind").add("ro");
                            user(c).put("uid", 1000).put("gid", 1000);
                        },
                        "echo \"[$HOME]\"",
                        null),
                new Case("no HOME and no passwd entry: /", c -> {}, "echo \"[$HOME]\"", null),
                new Case(
                        "no PATH in process.env and a bare command: both refuse",
                        c -> process(c).putArray("env").add("A=1"),
                        "echo started",
                        null),
                new Case(
                        "the cgroup mount shows the container's own cgroup and its limits",
                        c -> {
                            resources(c).putObject("pids").put("limit", 77);
                            memory(c).put("limit", 64L << 20);
                        },
                        "ls /sys/fs/cgroup | grep -c -e memory -e pids -e '^cgroup.procs$';"
                                + " cat /sys/fs/cgroup/pids/pids.max 2>/dev/null"
                                + " || cat /sys/fs/cgroup/pids.max;"
                                + " cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null"
                                + " || cat /sys/fs/cgroup/memory.max;"
                                + " echo x > /sys/fs/cgroup/pids/pids.max; echo rc=$?",
                        null),
                new Case("an empty hostname", c -> c.put("hostname", ""), "hostname", null),
                new Case(
                        "a hostname without a uts namespace is refused",
                        c -> {
                            withoutNamespace(c, "uts");
                            c.put("hostname", "h1");
                        },
                        "hostname",
                        null));
    }

    /**
     * The propagations of {@code /} that runc accepts; unbindable fails the rootfs bind in both.
     */
    static Stream<Case> propagations() {
        return Stream.of("slave", "rslave", "private", "shared", "rshared")
                .map(
                        p ->
                                new Case(
                                        "linux.rootfsPropagation " + p,
                                        c -> linux(c).put("rootfsPropagation", p),
                                        ROOT_PROPAGATION,
                                        null));
    }

    /** What the nodes of {@link #hostlessDevices} are, and what opening the char one says. */
    private static final String DEVICE_PROBE =
            "stat -c '%n %F %t:%T %a %u:%g' /dev/fake0 /dev/sub/fakeb; cat /dev/fake0; echo rc=$?";

    /**
     * Two devices no host has (char 240:7 from the experimental range, block 250:1), in a
     * subdirectory of /dev that does not exist yet; with {@code allow}, a cgroup rule that lets the
     * container open every device, so that opening the char one reaches the kernel (ENXIO) rather
     * than the device controller (EPERM).
     */
    private static void hostlessDevices(ObjectNode c, boolean allow) {
        ArrayNode devices = linux(c).putArray("devices");
        devices.addObject()
                .put("path", "/dev/fake0")
                .put("type", "c")
                .put("major", 240)
                .put("minor", 7)
                .put("fileMode", 0666)
                .put("uid", 1)
                .put("gid", 2);
        devices.addObject()
                .put("path", "/dev/sub/fakeb")
                .put("type", "b")
                .put("major", 250)
                .put("minor", 1)
                .put("fileMode", 0600);
        if (allow) {
            resources(c).withArray("devices").addObject().put("allow", true).put("access", "rwm");
        }
    }

    private static void withoutNamespace(ObjectNode c, String type) {
        ArrayNode ns = linux(c).withArray("namespaces");
        for (int i = ns.size() - 1; i >= 0; i--) {
            if (ns.get(i).get("type").asText().equals(type)) {
                ns.remove(i);
            }
        }
    }

    /** {@code names} in each of the five capability sets; returns the capabilities object. */
    private static ObjectNode allFiveSets(ObjectNode c, String... names) {
        ObjectNode caps = process(c).putObject("capabilities");
        for (String set : List.of("bounding", "effective", "permitted", "inheritable", "ambient")) {
            ArrayNode a = caps.putArray(set);
            for (String n : names) {
                a.add(n);
            }
        }
        return caps;
    }

    /** What {@code runc spec} writes: ambient capabilities listed, no inheritable ones. */
    private static void runcDefaultCapabilities(ObjectNode c) {
        ObjectNode caps = process(c).putObject("capabilities");
        for (String set : List.of("bounding", "effective", "permitted", "ambient")) {
            caps.putArray(set).add("CAP_AUDIT_WRITE").add("CAP_KILL").add("CAP_NET_BIND_SERVICE");
        }
    }

    private static ObjectNode rlimit(String type, long soft, long hard) {
        ObjectNode r = new ObjectMapper().createObjectNode();
        return r.put("type", type).put("soft", soft).put("hard", hard);
    }

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
    }

    @AfterEach
    void tearDown() throws IOException {
        OciBundle.deleteRoot(root, "runc");
        OciBundle.cleanup();
    }

    /**
     * The root is assembled at {@code root.path}: a createContainer hook (run in the container's
     * mount namespace before pivot_root, as the NVIDIA container toolkit's hooks are) that reads a
     * bind-mounted file through {@code root.path} sees the file, under runc and under Sluice.
     */
    @Test
    void aCreateContainerHookSeesTheAssembledRootAtRootPath() throws IOException {
        Path runc = runcOrSkip();
        Path data = Sluice.workDir().resolve(Sluice.unique("bound") + ".txt");
        Files.writeString(data, "x".repeat(4321));
        Path log = Sluice.workDir().resolve(Sluice.unique("hook") + ".log");
        Path b =
                OciBundle.create(
                        "conformance-root",
                        List.of("true"),
                        c -> {
                            ObjectNode m = ((ArrayNode) c.withArray("mounts")).addObject();
                            m.put("destination", "/data/bound.txt");
                            m.put("type", "bind");
                            m.put("source", data.toString());
                            m.putArray("options").add("bind").add("ro");
                        });
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = (ObjectNode) json.readTree(b.resolve("config.json").toFile());
        ObjectNode h = config.putObject("hooks").putArray("createContainer").addObject();
        h.put("path", "/bin/sh");
        h.putArray("args")
                .add("sh")
                .add("-c")
                .add("wc -c < " + b.resolve("rootfs/data/bound.txt") + " >> " + log);
        json.writeValue(b.resolve("config.json").toFile(), config);
        try {
            Sluice.Result[] runs = runBoth(runc, b);
            String both = both(runs);
            assertEquals(0, runs[0].exitCode(), "runc ran it" + both);
            assertEquals(0, runs[1].exitCode(), "sluice ran it" + both);
            assertEquals(
                    List.of("4321", "4321"),
                    Files.readAllLines(log).stream().map(String::trim).toList(),
                    "both hooks read the bound file's 4321 bytes through root.path" + both);
        } finally {
            Files.deleteIfExists(data);
            Files.deleteIfExists(log);
        }
    }

    /**
     * A read-only root is made read-only after the createContainer hooks, as runc makes it
     * (finalizeRootfs), so a hook can still edit the root through {@code root.path} (the CDI hooks
     * that write the ld cache and links do), while the container cannot write to it.
     */
    @Test
    void aCreateContainerHookWritesAReadOnlyRootThatTheContainerCannotWrite() throws IOException {
        Path runc = runcOrSkip();
        Path b =
                OciBundle.create(
                        "conformance-ro-hook",
                        List.of(
                                "sh",
                                "-c",
                                "cat /etc/hooked; (echo x > /etc/hooked) 2>/dev/null || echo read-only"),
                        c -> c.with("root").put("readonly", true));
        Files.createDirectories(b.resolve("rootfs/etc"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = (ObjectNode) json.readTree(b.resolve("config.json").toFile());
        config.putObject("hooks")
                .putArray("createContainer")
                .addObject()
                .put("path", "/bin/sh")
                .putArray("args")
                .add("sh")
                .add("-c")
                .add("echo hooked > " + b.resolve("rootfs/etc/hooked"));
        json.writeValue(b.resolve("config.json").toFile(), config);
        Sluice.Result[] runs = runBoth(runc, b);
        String both = both(runs);
        assertEquals(0, runs[0].exitCode(), "runc ran it" + both);
        assertEquals(
                "hooked\nread-only\n",
                runs[0].stdout(),
                "runc: the hook wrote, the container cannot" + both);
        assertEquals(runs[0].stdout(), runs[1].stdout(), "Sluice as runc" + both);
        assertEquals(0, runs[1].exitCode(), both);
    }

    /**
     * Where Sluice differs on purpose (docs/oci.md): a {@code linux.devices} entry whose number is
     * an NVIDIA GPU's, on a host that has no node for it. runc makes the node; Sluice refuses the
     * container before anything starts, naming the number and the proxy, because a node made by
     * number could reach a driver loaded later without NVProxy's filter in front of it.
     */
    @Test
    void aMediatedDeviceNumberWithoutAHostNodeIsRefused() {
        Path runc = runcOrSkip();
        Assumptions.assumeFalse(
                Files.exists(Path.of("/dev/char/195:3")) || Files.exists(Path.of("/dev/nvidia3")),
                "SKIPPED: this host has an NVIDIA node 195:3");
        Path b =
                OciBundle.create(
                        "conformance-nvidia",
                        List.of("sh", "-c", "stat -c '%t:%T' /dev/nvidia3"),
                        c ->
                                linux(c).putArray("devices")
                                        .addObject()
                                        .put("path", "/dev/nvidia3")
                                        .put("type", "c")
                                        .put("major", 195)
                                        .put("minor", 3)
                                        .put("fileMode", 0666));
        refusedWhereRuncRuns(runc, b, "c3:3\n");
    }

    /**
     * The same difference for a node the workload makes itself: {@code CAP_MKNOD} under cgroup v1
     * (where Sluice keeps it) with a device rule that opens NVIDIA's major. runc lets the workload
     * make {@code /dev/nvidia3} and open it (no such device here); Sluice refuses the container.
     */
    @Test
    void capMknodWithARuleThatOpensAMediatedMajorIsRefused() {
        Path runc = runcOrSkip();
        Assumptions.assumeTrue(
                Files.isDirectory(Path.of("/sys/fs/cgroup/devices")),
                "SKIPPED: no cgroup v1 device controller here, so CAP_MKNOD is dropped anyway");
        Path b =
                OciBundle.create(
                        "conformance-mknod",
                        List.of(
                                "sh",
                                "-c",
                                "mknod /dev/nvidia3 c 195 3 && stat -c '%t:%T' /dev/nvidia3"),
                        c -> {
                            runcDefaultCapabilities(c);
                            ObjectNode caps = (ObjectNode) process(c).get("capabilities");
                            for (String set : List.of("bounding", "effective", "permitted")) {
                                ((ArrayNode) caps.get(set)).add("CAP_MKNOD");
                            }
                            resources(c)
                                    .withArray("devices")
                                    .addObject()
                                    .put("allow", true)
                                    .put("type", "c")
                                    .put("major", 195)
                                    .put("access", "rwm");
                        });
        refusedWhereRuncRuns(runc, b, "c3:3\n");
    }

    /**
     * Bundle {@code b} runs under runc, printing {@code runcPrints}, and Sluice refuses it before
     * anything runs, naming NVIDIA's device 195:3 (or its major) and NVProxy.
     */
    private void refusedWhereRuncRuns(Path runc, Path b, String runcPrints) {
        Sluice.Result[] runs = runBoth(runc, b);
        String both = both(runs);
        assertEquals(0, runs[0].exitCode(), "runc runs it" + both);
        assertEquals(runcPrints, runs[0].stdout(), "195:3, in hex" + both);
        assertTrue(runs[1].exitCode() != 0, "sluice refuses it" + both);
        assertTrue(
                runs[1].stderr().matches("(?s).*char device 195:[3*] is one nvproxy mediates.*"),
                "naming the number and the proxy" + both);
        assertEquals("", runs[1].stdout(), "nothing ran" + both);
    }

    /**
     * {@code delete} without {@code --force}: of a created container it deletes it (runc 1.1 kills
     * the waiting process, although the spec says delete of a container that is not stopped MUST
     * fail; containerd's shim relies on runc's way), of a running one it fails and leaves it
     * running. Each step's exit status and the container's state after it, under both runtimes.
     */
    @Test
    void deleteWithoutForceOfACreatedAndOfARunningContainer() {
        Path runc = runcOrSkip();
        Path b = OciBundle.create("conformance-delete", "sleep", "100");
        Path runcRoot = root.resolve("runc");
        List<String> theirs =
                deleteSteps(
                        b,
                        "runc",
                        runc,
                        List.of("--root", runcRoot.toString()),
                        a -> OciBundle.tool(runc, runcRoot, a));
        List<String> ours =
                deleteSteps(
                        b,
                        "sluice",
                        Sluice.bin(),
                        List.of("--root", root.toString()),
                        a -> OciBundle.oci(root, (Object[]) a));
        String both = "\n--- runc ---\n" + theirs + "\n--- sluice ---\n" + ours;
        assertEquals(
                List.of(
                        "delete of created: exit 0",
                        "state after: exit 1",
                        "delete of running: exit 1",
                        "state after: running",
                        "delete --force: exit 0"),
                theirs,
                "runc's steps" + both);
        assertEquals(theirs, ours, "Sluice's steps are runc's" + both);
    }

    private static String status(String stateJson) {
        try {
            return new ObjectMapper().readTree(stateJson).path("status").asText();
        } catch (IOException e) {
            return "unreadable state: " + stateJson;
        }
    }

    /** The steps of {@link #deleteWithoutForceOfACreatedAndOfARunningContainer} for one runtime. */
    private static List<String> deleteSteps(
            Path b,
            String name,
            Path binary,
            List<String> global,
            java.util.function.Function<String[], Sluice.Result> cli) {
        List<String> steps = new java.util.ArrayList<>();
        for (boolean start : List.of(false, true)) {
            String id = Sluice.unique(name + (start ? "-running" : "-created"));
            List<Object> args = new java.util.ArrayList<>(global);
            args.addAll(List.of("create", "--bundle", b.toString(), id));
            try (OciBundle.Reaper reaper = OciBundle.Reaper.named(b, id, binary, args.toArray())) {
                assertEquals(
                        "0",
                        reaper.await("cmd", java.time.Duration.ofSeconds(60)),
                        name + " create\n" + OciBundle.Reaper.read(reaper.err));
                if (start) {
                    assertEquals(0, cli.apply(new String[] {"start", id}).exitCode(), "start");
                }
                String what = start ? "running" : "created";
                steps.add(
                        "delete of "
                                + what
                                + ": exit "
                                + cli.apply(new String[] {"delete", id}).exitCode());
                Sluice.Result state = cli.apply(new String[] {"state", id});
                steps.add(
                        "state after: "
                                + (state.exitCode() == 0
                                        ? status(state.stdout())
                                        : "exit " + state.exitCode()));
                if (start) {
                    steps.add(
                            "delete --force: exit "
                                    + cli.apply(new String[] {"delete", "--force", id}).exitCode());
                }
            }
        }
        return steps;
    }

    /**
     * {@code linux.personality}: Sluice sets the execution domain as the spec says (runc 1.2 and
     * crun do too); runc 1.1 ignores the field, so its answer is only printed beside Sluice's.
     */
    @Test
    void linuxPersonalityLinux32() {
        Path runc = runcOrSkip();
        Assumptions.assumeTrue(
                System.getProperty("os.arch").equals("amd64"),
                "SKIPPED: LINUX32 is i686 on x86_64 hosts only");
        Path b =
                OciBundle.create(
                        "conformance-personality",
                        List.of("uname", "-m"),
                        c -> linux(c).putObject("personality").put("domain", "LINUX32"));
        Sluice.Result[] runs = runBoth(runc, b);
        String both = both(runs);
        System.out.println("linux.personality LINUX32: " + both);
        assertEquals(0, runs[1].exitCode(), both);
        assertEquals("i686\n", runs[1].stdout(), "Sluice runs it as a 32-bit domain" + both);
    }

    /** runc, the baseline; the test is skipped, saying so, where it is not installed. */
    private static Path runcOrSkip() {
        Path runc = OciBundle.runcBinary();
        Assumptions.assumeTrue(
                runc != null,
                "SKIPPED (runc baseline): runc is not on PATH; install runc (containerd brings it)");
        return runc;
    }

    /** {@code runc run} and {@code sluice run} of bundle {@code b}, in that order. */
    private Sluice.Result[] runBoth(Path runc, Path b) {
        return new Sluice.Result[] {runcRun(runc, b), sluiceRun(b)};
    }

    private Sluice.Result runcRun(Path runc, Path b) {
        return OciBundle.tool(
                runc, root.resolve("runc"), "run", "--bundle", b.toString(), Sluice.unique("r"));
    }

    private Sluice.Result sluiceRun(Path b) {
        return OciBundle.oci(root, "run", "--bundle", b.toString(), Sluice.unique("s"));
    }

    private static String both(Sluice.Result[] runs) {
        return "\n--- runc ---\n" + runs[0] + "\n--- sluice ---\n" + runs[1];
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sluiceDoesWhatRuncDoes(Case k) {
        Path runc = runcOrSkip();
        Path b = OciBundle.create("conformance", List.of("sh", "-c", k.script()), k.edit());
        Sluice.Result[] runs = runBoth(runc, b);
        Sluice.Result theirs = runs[0];
        Sluice.Result ours = runs[1];
        String both = both(runs);
        assertEquals(theirs.exitCode(), ours.exitCode(), "the same exit status" + both);
        assertEquals(theirs.stdout(), ours.stdout(), "the container printed the same" + both);
        if (theirs.exitCode() == 0) {
            assertTrue(
                    !theirs.stdout().isBlank(), "the script printed something to compare" + both);
        }
        if (k.bothWarn() != null) {
            String phrase = k.bothWarn().toLowerCase(Locale.ROOT);
            assertTrue(
                    theirs.stderr().toLowerCase(Locale.ROOT).contains(phrase), "runc warns" + both);
            assertTrue(
                    ours.stderr().toLowerCase(Locale.ROOT).contains(phrase), "sluice warns" + both);
        }
    }
}
