package dev.sluice.oci.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;
import dev.sluice.sentry.launch.LaunchPlan;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.function.Consumer;

/**
 * config.json with a user namespace into a launch plan: the namespace first with its maps, then the
 * others; the root assembled on the rootfs; device nodes bound; and every map or field the kernel
 * would refuse inside the namespace refused first, naming it.
 */
class UserNamespacePlanTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path bundle;

    /** Where the root is assembled: root.path itself, the bundle's rootfs. */
    private String root() {
        return bundle.resolve("rootfs").toString();
    }

    @BeforeEach
    void rootfs() throws IOException {
        // @TempDir is 0700: the container's root (host uid 100000) could not reach the rootfs.
        Files.setPosixFilePermissions(bundle, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path bin = Files.createDirectories(bundle.resolve("rootfs/bin"));
        Files.writeString(bin.resolve("sh"), "#!");
        Files.setPosixFilePermissions(
                bin.resolve("sh"), PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private static ObjectNode linux(ObjectNode c) {
        return (ObjectNode) c.get("linux");
    }

    private static void map(ArrayNode a, long container, long host, long size) {
        a.addObject().put("containerID", container).put("hostID", host).put("size", size);
    }

    /**
     * The default spec with a new user namespace mapping 0-65535 to 100000-165535, edited by {@code
     * edit}.
     */
    private Spec spec(Consumer<ObjectNode> edit) throws IOException {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ((ObjectNode) c.get("process")).put("terminal", false);
        ((ArrayNode) linux(c).get("namespaces")).addObject().put("type", "user");
        map(linux(c).putArray("uidMappings"), 0, 100000, 65536);
        map(linux(c).putArray("gidMappings"), 0, 100000, 65536);
        edit.accept(c);
        Files.writeString(bundle.resolve("config.json"), JSON.writeValueAsString(c));
        return SpecLoader.load(bundle);
    }

    private LaunchPlan compile(Spec s) {
        return OciPlanCompiler.compile(s, "config.json", bundle, List.of());
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
        SpecException e = assertThrows(SpecException.class, () -> compile(s));
        assertEquals(
                checked.getMessage(), e.getMessage(), "the compiler refuses it as its checks do");
        return e;
    }

    private static List<String> names(LaunchPlan p) {
        return p.ops().stream().map(LaunchPlan.Op::name).toList();
    }

    @Test
    void theUserNamespaceComesFirstWithItsMapsAndOwnsTheOthers() throws IOException {
        LaunchPlan p = compile(spec(c -> ((ObjectNode) c.get("process")).put("oomScoreAdj", -500)));
        List<String> names = names(p);
        assertEquals(
                List.of("version", "detach", "oom-score-adj", "userns", "setid", "unshare"),
                names.subList(0, 6),
                "the score while outer is still in the host's namespaces, the user namespace, its root, then the rest: "
                        + names);
        assertEquals(
                List.of("0 100000 65536\n", "0 100000 65536\n"),
                p.ops("userns").get(0).args(),
                "the maps as uid_map text");
        assertEquals(
                List.of("0", "0"),
                p.ops("setid").get(0).args(),
                "outer becomes the namespace's root");
        assertEquals(List.of("-500"), p.ops("oom-score-adj").get(0).args(), "process.oomScoreAdj");
        long flags = Long.parseLong(p.ops("unshare").get(0).args().get(0));
        assertEquals(
                CloneFlags.NEWPID
                        | CloneFlags.NEWNET
                        | CloneFlags.NEWIPC
                        | CloneFlags.NEWUTS
                        | CloneFlags.NEWNS,
                flags,
                "the others, without CLONE_NEWUSER (userns made it)");
        p.encode();
    }

    @Test
    void severalRangesBecomeSeveralLines() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    ArrayNode u = linux(c).putArray("uidMappings");
                                    map(u, 0, 100000, 1000);
                                    map(u, 1000, 1000, 1);
                                    map(u, 1001, 101001, 64535);
                                }));
        assertEquals(
                "0 100000 1000\n1000 1000 1\n1001 101001 64535\n",
                p.ops("userns").get(0).args().get(0),
                "uid_map");
        assertEquals("0 100000 65536\n", p.ops("userns").get(0).args().get(1), "gid_map");
    }

    @Test
    void theRootIsAssembledOnTheRootfsAndDeviceNodesAreBound() throws IOException {
        String rootfs = bundle.resolve("rootfs").toString();
        LaunchPlan p = compile(spec(c -> {}));
        List<LaunchPlan.Op> mounts = p.ops("mount");
        assertEquals(
                List.of(
                        rootfs,
                        rootfs,
                        "",
                        Long.toString(MountOptions.MS_BIND | MountOptions.MS_REC),
                        ""),
                mounts.get(1).args(),
                "the rootfs bound on itself, as without a user namespace");
        assertEquals(List.of(rootfs), p.ops("pivot-root").get(0).args(), "pivot_root into it");
        assertTrue(
                p.ops("mknod").isEmpty(),
                "no mknod: the kernel refuses device nodes in a user namespace");
        assertTrue(
                p.ops("touch").stream().anyMatch(o -> o.args().get(0).equals(rootfs + "/dev/null")),
                "a file to bind /dev/null on");
        assertTrue(
                mounts.stream()
                        .anyMatch(
                                m ->
                                        m.args()
                                                .equals(
                                                        List.of(
                                                                "/dev/null",
                                                                rootfs + "/dev/null",
                                                                "",
                                                                Long.toString(MountOptions.MS_BIND),
                                                                ""))),
                "the host's /dev/null bound");
    }

    @Test
    void bindFlagsAreAddedNotReplaced() throws IOException {
        Path vol = Files.createDirectories(bundle.resolve("vol"));
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        ((ArrayNode) c.get("mounts"))
                                                .addObject()
                                                .put("destination", "/data")
                                                .put("type", "bind")
                                                .put("source", vol.toString())
                                                .putArray("options")
                                                .add("rbind")
                                                .add("ro")
                                                .add("nosuid")
                                                .add("noatime")));
        String target = bundle.resolve("rootfs").toString() + "/data";
        assertTrue(
                p.ops("mount").stream()
                        .noneMatch(
                                o ->
                                        o.args().get(1).equals(target)
                                                && (Long.parseLong(o.args().get(3))
                                                                & MountOptions.MS_REMOUNT)
                                                        != 0),
                "no remount, which would clear locked flags");
        assertTrue(
                p.ops("mount-setattr").stream()
                        .anyMatch(
                                o ->
                                        o.args()
                                                .equals(
                                                        List.of(
                                                                target,
                                                                Long.toString(0x1 | 0x2 | 0x10),
                                                                Long.toString(0x70),
                                                                "0"))),
                "ro, nosuid and noatime set with mount_setattr, the atime mode cleared first: "
                        + p.ops("mount-setattr"));
    }

    @Test
    void aUserNamespaceJoinedByPathIsEnteredFirst() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c -> {
                                    linux(c).remove("uidMappings");
                                    linux(c).remove("gidMappings");
                                    ArrayNode ns = (ArrayNode) linux(c).get("namespaces");
                                    ((ObjectNode) ns.get(ns.size() - 1))
                                            .put("path", "/proc/self/ns/user");
                                    ((ObjectNode) ns.get(1)).put("path", "/proc/self/ns/net");
                                }));
        List<String> names = names(p);
        assertEquals(
                List.of("version", "detach", "setns", "setid", "setns", "unshare"),
                names.subList(0, 6),
                names.toString());
        assertEquals(
                List.of("/proc/self/ns/user", Long.toString(CloneFlags.NEWUSER)),
                p.ops("setns").get(0).args(),
                "the user namespace first");
        assertEquals(
                List.of("/proc/self/ns/net", Long.toString(CloneFlags.NEWNET)),
                p.ops("setns").get(1).args(),
                "then the others, with the capabilities it gives");
        assertTrue(p.ops("userns").isEmpty(), "a joined namespace's maps are set already");
    }

    @Test
    void othersJoinedByPathComeBeforeANewUserNamespace() throws IOException {
        LaunchPlan p =
                compile(
                        spec(
                                c ->
                                        ((ObjectNode) linux(c).get("namespaces").get(1))
                                                .put("path", "/proc/self/ns/net")));
        List<String> names = names(p);
        assertTrue(
                names.indexOf("setns") < names.indexOf("userns"),
                "the host's network namespace is joined with the host's capabilities, before they are left behind: "
                        + names);
    }

    @Test
    void withoutAUserNamespaceNothingChanges() throws IOException {
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ((ObjectNode) c.get("process")).put("terminal", false);
        Files.writeString(bundle.resolve("config.json"), JSON.writeValueAsString(c));
        LaunchPlan p = compile(SpecLoader.load(bundle));
        assertTrue(p.ops("userns").isEmpty() && p.ops("setid").isEmpty(), "no userns, no setid");
        assertEquals(
                List.of(root()),
                p.ops("pivot-root").get(0).args(),
                "root.path itself, as with a user namespace");
        assertFalse(p.ops("mknod").isEmpty(), "device nodes made with mknod as before");
    }

    @Test
    void execEntersTheUserNamespaceAndBecomesItsRoot() throws IOException {
        Spec config = spec(c -> {});
        LaunchPlan p =
                ExecPlanCompiler.compile(
                        config,
                        config.process(),
                        "config.json",
                        "process.",
                        ExecPlanCompiler.Container.of(4242, 1L, List.of()),
                        false,
                        0);
        assertEquals(
                List.of("version", "join", "setid"), names(p).subList(0, 3), names(p).toString());
        long flags = Long.parseLong(p.ops("join").get(0).args().get(2));
        assertEquals(
                CloneFlags.NEWUSER,
                flags & CloneFlags.NEWUSER,
                "the join includes the user namespace (setns enters it first)");
        Path f =
                Files.writeString(
                        bundle.resolve("process.json"),
                        """
                {"args": ["/bin/sh"], "cwd": "/", "user": {"uid": 70000, "gid": 0}}
                """);
        Spec.Process unmapped = SpecLoader.loadProcess(f);
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ExecPlanCompiler.compile(
                                        config,
                                        unmapped,
                                        "process.json",
                                        "",
                                        ExecPlanCompiler.Container.of(4242, 1L, List.of()),
                                        false,
                                        0));
        assertEquals("user.uid", e.field(), e.getMessage());
    }

    @Test
    void badMapsAndWhatTheKernelRefusesInsideAreRefusedNamingTheField() throws IOException {
        record Case(String field, String problem, Consumer<ObjectNode> edit) {}
        List<Case> cases =
                List.of(
                        new Case(
                                "linux.uidMappings",
                                "mappings need a user namespace",
                                c -> {
                                    ArrayNode ns = (ArrayNode) linux(c).get("namespaces");
                                    ns.remove(ns.size() - 1);
                                }),
                        new Case(
                                "linux.uidMappings",
                                "missing: a new user namespace needs uid mappings",
                                c -> linux(c).remove("uidMappings")),
                        new Case(
                                "linux.gidMappings",
                                "missing: a new user namespace needs gid mappings",
                                c -> linux(c).remove("gidMappings")),
                        new Case(
                                "linux.uidMappings",
                                "joined by path",
                                c -> {
                                    ArrayNode ns = (ArrayNode) linux(c).get("namespaces");
                                    ((ObjectNode) ns.get(ns.size() - 1))
                                            .put("path", "/proc/self/ns/user");
                                }),
                        new Case(
                                "linux.uidMappings[0].size",
                                "must be at least 1",
                                c -> map(linux(c).putArray("uidMappings"), 0, 100000, 0)),
                        new Case(
                                "linux.gidMappings[1].hostID",
                                "missing",
                                c ->
                                        linux(c).withArray("gidMappings")
                                                .addObject()
                                                .put("containerID", 70000)
                                                .put("size", 1)),
                        new Case(
                                "linux.uidMappings[0].hostID",
                                "out of range",
                                c -> map(linux(c).putArray("uidMappings"), 0, -1, 1)),
                        new Case(
                                "linux.uidMappings[1]",
                                "container uids 100-109 overlap linux.uidMappings[0] (0-65535)",
                                c -> map(linux(c).withArray("uidMappings"), 100, 300000, 10)),
                        new Case(
                                "linux.gidMappings[1]",
                                "host gids 100010-100019 overlap linux.gidMappings[0] (100000-165535)",
                                c -> map(linux(c).withArray("gidMappings"), 70000, 100010, 10)),
                        new Case(
                                "linux.uidMappings[0]",
                                "run past 4294967294",
                                c -> map(linux(c).putArray("uidMappings"), 0, 4294967000L, 1000)),
                        new Case(
                                "linux.uidMappings",
                                "341 ranges: the kernel takes at most 340",
                                c -> {
                                    ArrayNode u = linux(c).putArray("uidMappings");
                                    for (int i = 0; i < 341; i++) {
                                        map(u, i, 100000 + i, 1);
                                    }
                                }),
                        new Case(
                                "linux.uidMappings",
                                "bytes of text",
                                c -> {
                                    ArrayNode u = linux(c).putArray("uidMappings");
                                    for (int i = 0; i < 300; i++) {
                                        map(u, i == 0 ? 0 : 1000000000L + i, 1000000000L + i, 1);
                                    }
                                }),
                        new Case(
                                "linux.uidMappings",
                                "no range maps container uid 0",
                                c -> map(linux(c).putArray("uidMappings"), 1, 100000, 10)),
                        new Case(
                                "process.user.uid",
                                "uid 70000 is not mapped",
                                c -> ((ObjectNode) c.get("process").get("user")).put("uid", 70000)),
                        new Case(
                                "process.user.additionalGids[0]",
                                "gid 70000 is not mapped",
                                c ->
                                        ((ObjectNode) c.get("process").get("user"))
                                                .putArray("additionalGids")
                                                .add(70000)),
                        new Case(
                                "mounts[0].type",
                                "a proc mount in a user namespace needs a pid namespace",
                                c -> ((ArrayNode) linux(c).get("namespaces")).remove(0)),
                        new Case(
                                "mounts[5].type",
                                "a sysfs mount in a user namespace needs a network namespace",
                                c -> ((ArrayNode) linux(c).get("namespaces")).remove(1)),
                        new Case(
                                "mounts[4].type",
                                "a mqueue mount in a user namespace needs a ipc namespace",
                                c -> ((ArrayNode) linux(c).get("namespaces")).remove(2)),
                        new Case(
                                "mounts[2].options",
                                "gid 5 is not mapped",
                                c -> {
                                    ArrayNode g = linux(c).putArray("gidMappings");
                                    map(g, 0, 100000, 1);
                                }),
                        new Case(
                                "mounts[7].uidMappings",
                                "idmapped mounts are not supported",
                                c -> {
                                    ObjectNode m =
                                            ((ArrayNode) c.get("mounts"))
                                                    .addObject()
                                                    .put("destination", "/x")
                                                    .put("type", "bind")
                                                    .put("source", "/tmp");
                                    m.putArray("options").add("rbind");
                                    map(m.putArray("uidMappings"), 0, 100000, 65536);
                                }),
                        new Case(
                                "linux.devices[0].uid",
                                "uid 70000 is not mapped",
                                c ->
                                        linux(c).putArray("devices")
                                                .addObject()
                                                .put("path", "/dev/fifo")
                                                .put("type", "p")
                                                .put("uid", 70000)));
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
    void aRootfsTheContainersRootCannotReachIsRefused() throws IOException {
        Spec s = spec(c -> {});
        Files.setPosixFilePermissions(bundle, PosixFilePermissions.fromString("rwx------"));
        SpecException e = assertThrows(SpecException.class, () -> compile(s));
        assertEquals("root.path", e.field(), e.getMessage());
        assertTrue(
                e.getMessage().contains(bundle + " (mode 700")
                        && e.getMessage().contains("host uid 100000"),
                e.getMessage());
        Files.setPosixFilePermissions(bundle, PosixFilePermissions.fromString("rwx--x--x"));
        assertEquals(
                "sh",
                compile(s).ops("exec").get(0).args().get(0),
                "searchable by others is enough");
    }

    @Test
    void aNodeTheSentryOpensIsBoundOnceAndMadeNodevInTheNamespace() throws IOException {
        Path node = Specs.hostCharNode();
        Spec s =
                spec(
                        c -> {
                            try {
                                Specs.grant(linux(c).putArray("devices"), node.toString(), node);
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
        String target = root() + node;
        LaunchPlan p =
                OciPlanCompiler.compile(
                        s,
                        "config.json",
                        bundle,
                        new OciPlanCompiler.Mediation(List.of(), true, List.of(node)),
                        0,
                        java.util.Map.of());
        assertEquals(
                List.of(node.toString()),
                p.ops("mount").stream()
                        .filter(o -> o.args().get(1).equals(target))
                        .map(o -> o.args().get(0))
                        .toList(),
                "bound once, from the host node, as every device in a user namespace");
        assertEquals(
                List.of(List.of(target, "4", "0", "0")),
                p.ops("mount-setattr").stream()
                        .filter(o -> o.args().get(0).equals(target))
                        .map(LaunchPlan.Op::args)
                        .toList(),
                "and made nodev");
        assertTrue(
                p.ops("notify-syscall").stream().anyMatch(o -> o.args().get(0).equals("openat")),
                "opens trapped");
        assertFalse(
                compile(s).ops("mount-setattr").stream()
                        .anyMatch(o -> o.args().get(0).equals(target)),
                "a node the container opens itself is bound as it was, not nodev");
    }
}
