package dev.sluice.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.sentry.launch.Injection;
import dev.sluice.sentry.launch.ProcView;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** CDI edits made to a {@code sluice run} sandbox: devices, env, binds, links and ld folders. */
class CdiInjectionTest {
    @TempDir Path tmp;
    private Path rootfs;
    private Path hostLib;

    @BeforeEach
    void image() throws IOException {
        rootfs = Files.createDirectories(tmp.resolve("rootfs"));
        Files.createDirectories(rootfs.resolve("usr/lib"));
        hostLib = Files.writeString(tmp.resolve("libcuda.so.1"), "ELF");
    }

    private static CdiSpec.ContainerEdits edits(
            List<String> env,
            List<CdiSpec.DeviceNode> nodes,
            List<CdiSpec.Mount> mounts,
            List<CdiSpec.Hook> hooks) {
        return new CdiSpec.ContainerEdits(env, nodes, mounts, hooks, null, null, null);
    }

    private static CdiSpec.ContainerEdits nodes(CdiSpec.DeviceNode... n) {
        return edits(null, List.of(n), null, null);
    }

    private static CdiSpec.ContainerEdits mounts(CdiSpec.Mount... m) {
        return edits(null, null, List.of(m), null);
    }

    private static CdiSpec.ContainerEdits hooks(CdiSpec.Hook... h) {
        return edits(null, null, null, List.of(h));
    }

    private static CdiSpec.DeviceNode node(String path, String hostPath) {
        return new CdiSpec.DeviceNode(path, hostPath, null, null, null, null, null, null, null);
    }

    private CdiSpec.Mount mount(String containerPath) {
        return new CdiSpec.Mount(
                hostLib.toString(), containerPath, null, List.of("ro", "nosuid", "nodev", "bind"));
    }

    /** A createContainer hook of NVIDIA's {@code nvidia-cdi-hook} with {@code args}. */
    private static CdiSpec.Hook cdiHook(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "nvidia-cdi-hook";
        System.arraycopy(args, 0, all, 1, args.length);
        return hook("/usr/bin/nvidia-cdi-hook", all);
    }

    private static CdiSpec.Hook hook(String path, String... args) {
        return new CdiSpec.Hook("createContainer", path, List.of(args), null, null);
    }

    private CdiInjection.Result of(CdiSpec.ContainerEdits... e) {
        return CdiInjection.of(List.of(e), rootfs, ProcView.NONE);
    }

    @Test
    void deviceNodesAreGrantedAtTheirHostPathOnceEach() {
        CdiInjection.Result r =
                of(
                        nodes(node("/dev/nvidia0", null), node("/dev/nvidiactl", "/dev/nvidiactl")),
                        nodes(node("/dev/nvidia0", "")));
        assertEquals(List.of(Path.of("/dev/nvidia0"), Path.of("/dev/nvidiactl")), r.devices());
        assertEquals(Injection.NONE.binds(), r.injection().binds());
    }

    @Test
    void aDeviceNodeFromAnotherHostPathIsRefusedNamingBoth() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> of(nodes(node("/dev/nvidia0", "/dev/nvidia1"))));
        assertTrue(
                e.getMessage().contains("/dev/nvidia0") && e.getMessage().contains("/dev/nvidia1"),
                e.getMessage());
    }

    @Test
    void envEntriesAreAddedInOrder() {
        CdiInjection.Result r =
                of(
                        edits(List.of("A=1", "B=2"), null, null, null),
                        edits(List.of("A=3"), null, null, null));
        assertEquals(List.of("A=1", "B=2", "A=3"), r.env());
    }

    @Test
    void mountsBecomeBindsAtPathsResolvedInsideTheRootfs() throws IOException {
        Files.createSymbolicLink(rootfs.resolve("lib64"), Path.of("usr/lib"));
        CdiInjection.Result r =
                of(mounts(mount("/usr/lib/libcuda.so.1"), mount("/lib64/libcuda.so")));
        assertEquals(
                List.of(
                        new Injection.Bind(hostLib, "/usr/lib/libcuda.so.1"),
                        new Injection.Bind(hostLib, "/usr/lib/libcuda.so")),
                r.injection().binds());
        assertTrue(r.injection().changesRoot());
    }

    @Test
    void anImagesLinkOutOfTheRootfsLeadsTheBindToTheLinksTargetInsideIt() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.delete(rootfs.resolve("usr/lib"));
        Files.createSymbolicLink(rootfs.resolve("usr/lib"), outside);
        Files.createSymbolicLink(rootfs.resolve("usr/lib64"), Path.of("../../../../../../outside"));
        CdiInjection.Result r =
                of(mounts(mount("/usr/lib/libcuda.so.1"), mount("/usr/lib64/libcuda.so.1")));
        List<String> paths = r.injection().binds().stream().map(Injection.Bind::path).toList();
        assertEquals(
                List.of(outside + "/libcuda.so.1", "/outside/libcuda.so.1"),
                paths,
                "the links' targets, taken in the container");
        for (String p : paths) {
            assertTrue(
                    Path.of(rootfs + p).normalize().startsWith(rootfs),
                    p + " is staged under the root");
        }
    }

    @Test
    void aMountOfAMissingHostFileIsRefusedNamingIt() {
        CdiSpec.Mount m =
                new CdiSpec.Mount(
                        tmp.resolve("gone.so").toString(), "/usr/lib/gone.so", null, null);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> of(mounts(m)));
        assertTrue(e.getMessage().contains(tmp.resolve("gone.so").toString()), e.getMessage());
    }

    @Test
    void createSymlinksOfEachHookProgramBecomeLinksWhoseParentIsResolvedInsideTheRoot()
            throws IOException {
        Files.createSymbolicLink(rootfs.resolve("usr/lib64"), Path.of("lib"));
        CdiInjection.Result r =
                of(
                        hooks(
                                hook(
                                        "/usr/bin/sluice",
                                        "sluice",
                                        "hook",
                                        "create-symlinks",
                                        "--link",
                                        "libcuda.so.1::/usr/lib/libcuda.so"),
                                cdiHook(
                                        "create-symlinks",
                                        "--link=libnvidia-ml.so.1::/usr/lib64/libnvidia-ml.so"),
                                hook(
                                        "/usr/bin/nvidia-ctk",
                                        "nvidia-ctk",
                                        "hook",
                                        "create-symlinks",
                                        "--link",
                                        "../x::/usr/lib64/sub/y",
                                        "--link=/usr/bin/nvidia-smi::/nvidia-smi")));
        assertEquals(
                List.of(
                        new Injection.Link("libcuda.so.1", "/usr/lib/libcuda.so"),
                        new Injection.Link("libnvidia-ml.so.1", "/usr/lib/libnvidia-ml.so"),
                        new Injection.Link("../x", "/usr/lib/sub/y"),
                        new Injection.Link("/usr/bin/nvidia-smi", "/nvidia-smi")),
                r.injection().links());
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void aLinksParentThatLeadsOutOfTheRootfsStaysInsideIt() throws IOException {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.delete(rootfs.resolve("usr/lib"));
        Files.createSymbolicLink(rootfs.resolve("usr/lib"), outside);
        CdiInjection.Result r =
                of(
                        hooks(
                                cdiHook(
                                        "create-symlinks",
                                        "--link",
                                        "libcuda.so.1::/usr/lib/libcuda.so")));
        String p = r.injection().links().get(0).path();
        assertEquals(outside + "/libcuda.so", p);
        assertTrue(Path.of(rootfs + p).normalize().startsWith(rootfs), p);
    }

    @Test
    void aLinkThatIsNotTargetColonColonLinkIsRefused() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                of(
                                        hooks(
                                                cdiHook(
                                                        "create-symlinks",
                                                        "--link",
                                                        "libcuda.so.1:/usr/lib/libcuda.so"))));
        assertTrue(e.getMessage().contains("libcuda.so.1:/usr/lib/libcuda.so"), e.getMessage());
    }

    @Test
    void updateLdcacheFoldersBecomeTheLdFoldersOnceEach() throws IOException {
        Files.createSymbolicLink(rootfs.resolve("usr/lib64"), Path.of("lib"));
        CdiInjection.Result r =
                of(
                        hooks(
                                cdiHook(
                                        "update-ldcache",
                                        "--folder",
                                        "/usr/lib",
                                        "--folder=/usr/lib64",
                                        "--folder",
                                        "/opt/cuda/lib")));
        assertEquals(List.of("/usr/lib", "/opt/cuda/lib"), r.injection().ldFolders());
    }

    @Test
    void disableDeviceNodeModificationChangesNothing() {
        CdiInjection.Result r = of(hooks(cdiHook("disable-device-node-modification")));
        assertEquals(List.of(), r.warnings());
        assertEquals(List.of(), r.injection().links());
        assertEquals(List.of(), r.injection().ldFolders());
        assertTrue(!r.injection().changesRoot());
    }

    @Test
    void enableCudaCompatIsWarnedOfNotRun() {
        CdiInjection.Result r =
                of(hooks(cdiHook("enable-cuda-compat", "--host-driver-version=550.54.15")));
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(
                r.warnings().get(0).contains("enable-cuda-compat")
                        && r.warnings().get(0).contains("/usr/bin/nvidia-cdi-hook"),
                r.warnings().toString());
    }

    @Test
    void anUnknownHookProgramIsRefusedNamingIt() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> of(hooks(hook("/usr/bin/frob", "frob", "--all"))));
        assertTrue(e.getMessage().contains("frob --all"), e.getMessage());
        IllegalArgumentException bare =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> of(hooks(hook("/usr/local/bin/prepare-gpu"))));
        assertTrue(bare.getMessage().contains("/usr/local/bin/prepare-gpu"), bare.getMessage());
        CdiSpec.Hook late =
                new CdiSpec.Hook(
                        "poststart",
                        "/usr/bin/nvidia-cdi-hook",
                        List.of("nvidia-cdi-hook", "update-ldcache"),
                        null,
                        null);
        IllegalArgumentException poststart =
                assertThrows(IllegalArgumentException.class, () -> of(hooks(late)));
        assertTrue(poststart.getMessage().contains("poststart"), poststart.getMessage());
    }

    @Test
    void additionalGidsAreWarnedOf() {
        CdiInjection.Result r =
                of(new CdiSpec.ContainerEdits(null, null, null, null, List.of(44L), null, null));
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("[44]"), r.warnings().toString());
    }

    @Test
    void theProcViewGoesWithTheInjection() {
        ProcView v =
                new ProcView("driver/nvidia", Map.of("gpus", Set.of("0000:01:00.0")), Map.of());
        assertSame(v, CdiInjection.of(List.of(), rootfs, v).injection().proc());
    }

    @Test
    void onTheHostsRootMountsAtTheirOwnPathAreSkippedAndNothingIsLinked() {
        CdiSpec.Mount own = new CdiSpec.Mount(hostLib.toString(), hostLib.toString(), null, null);
        CdiInjection.Result r =
                CdiInjection.of(
                        List.of(
                                nodes(node("/dev/nvidia0", null)),
                                mounts(own),
                                hooks(
                                        cdiHook(
                                                "create-symlinks",
                                                "--link",
                                                "libcuda.so.1::/usr/lib/libcuda.so"),
                                        cdiHook("update-ldcache", "--folder", "/usr/lib"))),
                        null,
                        ProcView.NONE);
        assertEquals(List.of(Path.of("/dev/nvidia0")), r.devices());
        assertEquals(List.of(), r.injection().binds());
        assertEquals(List.of(), r.injection().links());
        assertEquals(List.of(), r.injection().ldFolders());
        assertTrue(!r.injection().changesRoot());
    }

    @Test
    void onTheHostsRootAMountElsewhereIsRefused() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                CdiInjection.of(
                                        List.of(mounts(mount("/usr/lib/libcuda.so.1"))),
                                        null,
                                        ProcView.NONE));
        assertTrue(
                e.getMessage().contains(hostLib.toString())
                        && e.getMessage().contains("/usr/lib/libcuda.so.1")
                        && e.getMessage().contains("--rootfs"),
                e.getMessage());
    }
}
