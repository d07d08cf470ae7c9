package dev.sluice.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Containers that get devices through CDI, and the shape {@code docker run --gpus} gives, under
 * runc and under Sluice.
 *
 * <p>podman applies a CDI spec of a kind no vendor uses ({@code sluice.test/fake}): a device node
 * (the host's /dev/zero, which no proxy mediates), a read-only bind mount of a library, an env
 * variable and a createContainer hook that writes into the root through {@code root.path}; the
 * container sees the same under Sluice as under runc. podman 4.3 reads CDI specs from /etc/cdi and
 * /var/run/cdi only ({@code cdi_spec_dirs} of containers.conf came in a later podman), so the spec
 * is a file of its own in /var/run/cdi, removed at the end.
 *
 * <p>A bundle in the shape dockerd 20.10 writes for {@code docker run --gpus all} (the toolkit's
 * legacy prestart hook, {@code NVIDIA_VISIBLE_DEVICES}): Sluice never runs that hook. On a host
 * without an NVIDIA driver it refuses the container, naming the variable, and leaves nothing; with
 * {@code void} it runs the container without the hook, where runc runs the hook.
 */
@RequiresRoot
@Timeout(180)
class CdiContainersE2ETest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path RUNC = Path.of("/usr/sbin/runc");
    private static final String IMAGE = "localhost/sluice-cdi-busybox";
    private static final String LIB = "/usr/lib/fake/libfake.so.1.2.3";
    private static final String LIB_CONTENT = "fake library 1.2.3, not an ELF file";
    private static final String HOOK_CONTENT = "written by the fake CDI hook";

    /** What the podman container prints under runc: the four edits of the spec, seen inside. */
    private static final String EXPECTED =
            HOOK_CONTENT + "\n" + "dev0\n" + LIB_CONTENT + "\n" + " 00 00 00 00\n" + "ro\n";

    private final List<Path> scratch = new ArrayList<>();
    private Path root;

    @BeforeEach
    void setUp() {
        OciBundle.assumeBusybox();
        root = OciBundle.root();
    }

    @AfterEach
    void tearDown() throws IOException {
        OciBundle.deleteRoot(root, "runc");
        OciBundle.cleanup();
        for (Path p : scratch) {
            OciBundle.deleteTree(p);
        }
    }

    private Path scratchDir(String prefix) throws IOException {
        Path d = Files.createDirectories(Sluice.workDir().resolve(Sluice.unique(prefix)));
        scratch.add(d);
        return d;
    }

    private static void executable(Path p, String content) throws IOException {
        Files.writeString(p, content);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    // ---- podman with a CDI spec of a fake kind
    // ---------------------------------------------------

    /**
     * The createContainer hook of the fake spec: reads the state on stdin, the bundle's config.json
     * {@code root.path} (relative to the bundle when not absolute), and writes {@code
     * etc/fake-hook} in that root. Only sh, tr and sed of the host.
     */
    private static String hookScript() {
        return "#!/bin/sh\n"
                + "set -e\n"
                + "state=$(tr -d '\\n')\n"
                + "bundle=$(printf '%s' \"$state\" | sed -n 's/.*\"bundle\" *: *\"\\([^\"]*\\)\".*/\\1/p')\n"
                + "[ -n \"$bundle\" ] || { echo \"fake hook: no bundle in the state: $state\" >&2; exit 2; }\n"
                + "rootfs=$(tr -d '\\n' < \"$bundle/config.json\" | sed -n 's/.*\"root\" *: *{[^}]*\"path\" *: *\"\\([^\"]*\\)\".*/\\1/p')\n"
                + "[ -n \"$rootfs\" ] || { echo \"fake hook: no root.path in $bundle/config.json\" >&2; exit 3; }\n"
                + "case \"$rootfs\" in /*) ;; *) rootfs=\"$bundle/$rootfs\" ;; esac\n"
                + "printf '%s\\n' '"
                + HOOK_CONTENT
                + "' > \"$rootfs/etc/fake-hook\"\n";
    }

    /** The CDI spec of kind {@code sluice.test/fake}, device {@code dev0}. */
    private static ObjectNode fakeSpec(Path lib, Path hook) {
        ObjectNode spec = JSON.createObjectNode();
        spec.put("cdiVersion", "0.5.0");
        spec.put("kind", "sluice.test/fake");
        ObjectNode dev = spec.putArray("devices").addObject();
        dev.put("name", "dev0");
        ObjectNode edits = dev.putObject("containerEdits");
        edits.putArray("env").add("FAKE_VISIBLE=dev0");
        edits.putArray("deviceNodes")
                .addObject()
                .put("path", "/dev/fake0")
                .put("hostPath", "/dev/zero");
        ObjectNode m = edits.putArray("mounts").addObject();
        m.put("hostPath", lib.toString());
        m.put("containerPath", LIB);
        m.putArray("options").add("ro").add("nosuid").add("nodev").add("bind");
        ObjectNode h = edits.putArray("hooks").addObject();
        h.put("hookName", "createContainer");
        h.put("path", hook.toString());
        h.putArray("args").add(hook.toString());
        h.putArray("env").add("PATH=/usr/sbin:/usr/bin:/sbin:/bin");
        return spec;
    }

    @Test
    void podmanCdiDeviceOfAFakeKindAsUnderRunc() throws IOException {
        Path podman = Path.of("/usr/bin/podman");
        boolean installed = Files.isExecutable(podman) && Files.isExecutable(RUNC);
        if (!installed) {
            System.out.println(
                    "SKIPPED (podman): " + podman + " or " + RUNC + " is missing; install podman");
        }
        Assumptions.assumeTrue(installed, "podman is not installed");
        Path files = scratchDir("cdi-files");
        Path lib = files.resolve("libfake.so.1.2.3");
        Files.writeString(lib, LIB_CONTENT + "\n");
        Path hook = files.resolve("fake-hook.sh");
        executable(hook, hookScript());
        Path image = files.resolve("image");
        Files.createDirectories(image.resolve("bin"));
        for (String d : List.of("proc", "dev", "sys", "tmp", "etc")) {
            Files.createDirectories(image.resolve(d));
        }
        Files.copy(OciBundle.BUSYBOX, image.resolve("bin/busybox"));
        image.resolve("bin/busybox").toFile().setExecutable(true);
        for (String a : List.of("sh", "cat", "echo", "head", "od")) {
            Files.createSymbolicLink(image.resolve("bin/" + a), Path.of("busybox"));
        }
        // podman refuses a runroot path longer than 50 characters: a short home in /tmp.
        Path home = Files.createDirectories(Path.of("/tmp").resolve(Sluice.unique("cdi")));
        Path cdiDir = Path.of("/var/run/cdi");
        boolean madeCdiDir = !Files.isDirectory(cdiDir);
        Path specFile = cdiDir.resolve(Sluice.unique("sluice-test") + ".json");
        try {
            Files.createDirectories(cdiDir);
            JSON.writerWithDefaultPrettyPrinter()
                    .writeValue(specFile.toFile(), fakeSpec(lib, hook));
            OciClientsE2ETest.PrivatePodman pm = OciClientsE2ETest.PrivatePodman.at(podman, home);
            Map<String, String> env = pm.env();
            List<String> base = pm.base();
            List<String> imp =
                    new ArrayList<>(
                            List.of("sh", "-c", "tar -C \"$0\" -c . | \"$@\"", image.toString()));
            imp.addAll(base);
            imp.addAll(List.of("import", "-", IMAGE));
            OciClientsE2ETest.Out tar = OciClientsE2ETest.exec(env, imp, 120);
            assertEquals(0, tar.code(), "podman import\n" + tar.all());
            String script =
                    "cat /etc/fake-hook; echo $FAKE_VISIBLE; cat "
                            + LIB
                            + "; head -c 4 /dev/fake0 | od -An -tx1; echo x > "
                            + LIB
                            + " || echo ro";
            OciClientsE2ETest.Out[] outs = new OciClientsE2ETest.Out[2];
            String[] runtimes = {RUNC.toString(), Sluice.bin().toString()};
            for (int i = 0; i < 2; i++) {
                List<String> cmd = new ArrayList<>(base);
                cmd.addAll(
                        List.of(
                                "run",
                                "--runtime",
                                runtimes[i],
                                "--rm",
                                "--network",
                                "none",
                                "--device",
                                "sluice.test/fake=dev0",
                                IMAGE,
                                "sh",
                                "-c",
                                script));
                outs[i] = OciClientsE2ETest.exec(env, cmd, 120);
            }
            String both = "\n=== runc ===\n" + outs[0].all() + "\n=== sluice ===\n" + outs[1].all();
            System.out.println("podman --device sluice.test/fake=dev0" + both);
            assertEquals(0, outs[0].code(), "runc: exit 0" + both);
            assertEquals(EXPECTED, outs[0].stdout(), "runc: the spec's four edits" + both);
            assertEquals(0, outs[1].code(), "sluice: exit 0" + both);
            assertEquals(outs[0].stdout(), outs[1].stdout(), "sluice prints what runc does" + both);
        } finally {
            Files.deleteIfExists(specFile);
            if (madeCdiDir) {
                try {
                    Files.deleteIfExists(cdiDir);
                } catch (IOException e) {
                    // another spec appeared meanwhile: not ours to remove
                }
            }
            OciClientsE2ETest.exec(
                    Map.of(), List.of("umount", "-R", home.resolve("storage").toString()), 10);
            OciBundle.deleteTree(home);
        }
    }

    // ---- the docker --gpus shape
    // -----------------------------------------------------------------

    /**
     * A bundle in the shape dockerd 20.10 writes for {@code docker run --gpus all}: the toolkit's
     * hook first in hooks.prestart, with dockerd's environment, and the GPUs in process.env. The
     * hook is {@code stub}, which touches a marker.
     */
    private static Path gpusBundle(Path stub, String visible) {
        return OciBundle.create(
                "cdi-gpus",
                List.of("echo", "workload ran"),
                c -> {
                    ((ArrayNode) c.get("process").get("env"))
                            .add("NVIDIA_VISIBLE_DEVICES=" + visible);
                    ObjectNode h = c.putObject("hooks").putArray("prestart").addObject();
                    h.put("path", stub.toString());
                    h.putArray("args").add("nvidia-container-runtime-hook").add("prestart");
                    h.putArray("env")
                            .add(
                                    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
                            .add("LANG=C.UTF-8")
                            .add("HOME=/root");
                });
    }

    /** Nothing of container {@code id} is left under Sluice's --root: no state, no list entry. */
    private void nothingLeft(String id, String what) {
        Sluice.Result state = OciBundle.oci(root, "state", id);
        assertTrue(state.exitCode() != 0, what + ": no state\n" + state);
        Sluice.Result list = OciBundle.oci(root, "list");
        assertEquals(0, list.exitCode(), "list\n" + list);
        assertFalse(list.stdout().contains(id), what + ": not listed\n" + list);
        assertFalse(Files.exists(root.resolve(id)), what + ": no state directory");
    }

    @Test
    void dockerdLegacyGpuBundleNeverRunsTheToolkitHook() throws IOException {
        Assumptions.assumeFalse(
                Files.exists(Path.of("/dev/nvidiactl"))
                        || Files.exists(Path.of("/proc/driver/nvidia/version")),
                "SKIPPED: this host has an NVIDIA driver; the test is of a host without one");
        Path dir = scratchDir("cdi-toolkit");
        Path marker = dir.resolve("hook-ran");
        Path stub = dir.resolve("nvidia-container-runtime-hook");
        executable(stub, "#!/bin/sh\ncat > /dev/null\ntouch " + marker + "\n");

        Path all = gpusBundle(stub, "all");
        for (String cmd : List.of("create", "run")) {
            String id = Sluice.unique("gpus-" + cmd);
            Sluice.Result r = OciBundle.oci(root, cmd, "--bundle", all.toString(), id);
            System.out.println("sluice " + cmd + " of NVIDIA_VISIBLE_DEVICES=all:\n" + r);
            assertEquals(1, r.exitCode(), cmd + " fails\n" + r);
            assertTrue(
                    r.stderr()
                            .contains(
                                    "config.json: process.env NVIDIA_VISIBLE_DEVICES: the GPUs"
                                            + " docker --gpus asked for cannot be given"),
                    cmd + ": names NVIDIA_VISIBLE_DEVICES and says the GPUs cannot be given\n" + r);
            assertEquals("", r.stdout(), cmd + ": nothing ran\n" + r);
            assertFalse(Files.exists(marker), cmd + ": the toolkit's hook never ran\n" + r);
            nothingLeft(id, cmd);
        }

        Path mig = gpusBundle(stub, "0:1");
        String migId = Sluice.unique("gpus-mig");
        Sluice.Result m = OciBundle.oci(root, "run", "--bundle", mig.toString(), migId);
        System.out.println("sluice run of NVIDIA_VISIBLE_DEVICES=0:1:\n" + m);
        assertEquals(1, m.exitCode(), "a MIG device fails\n" + m);
        assertTrue(
                m.stderr().contains("process.env NVIDIA_VISIBLE_DEVICES: \"0:1\" is a MIG device"),
                "names the MIG device\n" + m);
        assertFalse(Files.exists(marker), "MIG: the toolkit's hook never ran\n" + m);
        nothingLeft(migId, "MIG");

        Path voided = gpusBundle(stub, "void");
        String voidId = Sluice.unique("gpus-void");
        Sluice.Result v = OciBundle.oci(root, "run", "--bundle", voided.toString(), voidId);
        assertEquals(0, v.exitCode(), "void: the container runs\n" + v);
        assertEquals("workload ran\n", v.stdout(), "void: the workload's output\n" + v);
        assertFalse(Files.exists(marker), "void: sluice leaves the toolkit's hook out\n" + v);

        if (!Files.isExecutable(RUNC)) {
            System.out.println("SKIPPED (runc baseline): " + RUNC + " is missing; install runc");
            return;
        }
        // The documented difference: runc runs whatever hook the bundle names, the toolkit's too.
        Sluice.Result rv =
                OciBundle.tool(
                        RUNC,
                        root.resolve("runc"),
                        "run",
                        "--bundle",
                        voided.toString(),
                        Sluice.unique("rgpus-void"));
        assertEquals(0, rv.exitCode(), "runc runs the void bundle\n" + rv);
        assertEquals("workload ran\n", rv.stdout(), "runc: the workload's output\n" + rv);
        assertTrue(Files.exists(marker), "runc runs the toolkit's hook (Sluice never does)\n" + rv);
    }
}
