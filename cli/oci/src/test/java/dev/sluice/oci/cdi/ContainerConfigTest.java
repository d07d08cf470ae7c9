package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/** The config a container runs with: the bundle's, or a docker --gpus config made CDI. */
class ContainerConfigTest {
    private static final String LIB = "/usr/lib/x86_64-linux-gnu/libcuda.so.1";

    @TempDir Path tmp;
    private Path bundle;
    private Path state;
    private Path hostLib;

    @BeforeEach
    void dirs() throws IOException {
        bundle = Files.createDirectories(tmp.resolve("bundle"));
        state = Files.createDirectories(tmp.resolve("state"));
        hostLib = Files.writeString(tmp.resolve("libcuda.so.1"), "ELF");
    }

    private static CdiSpec.DeviceNode gpu(int minor) {
        return new CdiSpec.DeviceNode(
                "/dev/nvidia" + minor, null, "c", 195L, (long) minor, 0666L, null, null, null);
    }

    private static CdiSpec.ContainerEdits nodes(CdiSpec.DeviceNode... n) {
        return new CdiSpec.ContainerEdits(null, List.of(n), null, null, null, null, null);
    }

    /** Sluice's CDI spec of a host with two GPUs, its control node {@code ctl}. */
    private CdiSpec host(CdiSpec.DeviceNode ctl) {
        CdiSpec.ContainerEdits common =
                new CdiSpec.ContainerEdits(
                        List.of("NVIDIA_VISIBLE_DEVICES=void"),
                        List.of(ctl),
                        List.of(
                                new CdiSpec.Mount(
                                        hostLib.toString(),
                                        LIB,
                                        null,
                                        List.of("ro", "nosuid", "nodev", "bind"))),
                        List.of(
                                new CdiSpec.Hook(
                                        "createContainer",
                                        "/usr/bin/nvidia-cdi-hook",
                                        List.of(
                                                "nvidia-cdi-hook",
                                                "update-ldcache",
                                                "--folder",
                                                "/usr/lib/x86_64-linux-gnu"),
                                        null,
                                        null)),
                        null,
                        null,
                        null);
        return new CdiSpec(
                "0.5.0",
                "nvidia.com/gpu",
                null,
                List.of(
                        new CdiSpec.Device("0", null, nodes(gpu(0))),
                        new CdiSpec.Device("1", null, nodes(gpu(1))),
                        new CdiSpec.Device("all", null, nodes(gpu(0), gpu(1)))),
                common);
    }

    /** The host spec, its control node from the host's /dev/null. */
    private CdiSpec host() {
        return host(
                new CdiSpec.DeviceNode(
                        "/dev/nvidiactl", "/dev/null", null, null, null, null, null, null, null));
    }

    private static final Supplier<CdiSpec> NEVER =
            () -> {
                throw new AssertionError("the host's spec is asked for only for a GPU request");
            };

    private static List<String> devices(Spec s) {
        return s.linux().devices().stream().map(Spec.Device::path).toList();
    }

    private static Spec.Device device(Spec s, String path) {
        return s.linux().devices().stream()
                .filter(d -> d.path().equals(path))
                .findFirst()
                .orElseThrow(() -> new AssertionError(path + " in " + devices(s)));
    }

    @Test
    void aBundleWithoutAGpuRequestRunsWithItsOwnConfigUnedited() throws IOException {
        Bundles.write(bundle, false, "NVIDIA_VISIBLE_DEVICES=all");
        ContainerConfig.AtCreate c = ContainerConfig.atCreate(bundle, NEVER);
        assertNull(c.edited());
        assertEquals(SpecLoader.load(bundle), c.spec());
        assertEquals(List.of(), c.warnings());

        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=void");
        ContainerConfig.AtCreate v = ContainerConfig.atCreate(bundle, NEVER);
        assertNull(v.edited(), "void asks for nothing");
        assertEquals(SpecLoader.load(bundle), v.spec());
    }

    @Test
    void allGetsTheHostSpecsDevicesMountHookAndEnvWithoutTheToolkitsHook() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=all");
        byte[] before = Files.readAllBytes(bundle.resolve("config.json"));
        ContainerConfig.AtCreate c = ContainerConfig.atCreate(bundle, this::host);
        Spec s = c.spec();
        assertEquals(List.of("/dev/nvidia0", "/dev/nvidia1", "/dev/nvidiactl"), devices(s));
        Spec.Device ctl = device(s, "/dev/nvidiactl");
        assertEquals("c", ctl.type());
        assertEquals(1L, ctl.major());
        assertEquals(3L, ctl.minor());
        assertEquals(195L, device(s, "/dev/nvidia1").major());
        List<Spec.DeviceRule> rules = s.linux().resources().devices();
        assertEquals(Boolean.FALSE, rules.get(0).allow(), "the config's deny-all first");
        assertEquals(
                List.of("c 195:0 rwm", "c 195:1 rwm", "c 1:3 rwm"),
                rules.subList(1, rules.size()).stream()
                        .map(r -> r.type() + " " + r.major() + ":" + r.minor() + " " + r.access())
                        .toList());
        Spec.Mount lib =
                s.mounts().stream()
                        .filter(m -> m.destination().equals(LIB))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no " + LIB + " in " + s.mounts()));
        assertEquals(hostLib.toString(), lib.source());
        assertEquals(List.of("ro", "nosuid", "nodev", "bind"), lib.options());
        assertEquals(
                List.of("/usr/bin/nvidia-cdi-hook"),
                s.hooks().createContainer().stream().map(Spec.Hook::path).toList());
        assertEquals(
                List.of("/usr/bin/true"),
                s.hooks().prestart().stream().map(Spec.Hook::path).toList(),
                "the toolkit's hook is dropped, the others kept");
        assertTrue(
                s.process().env().contains("NVIDIA_VISIBLE_DEVICES=void"),
                s.process().env().toString());
        assertFalse(
                s.process().env().contains("NVIDIA_VISIBLE_DEVICES=all"),
                s.process().env().toString());
        assertEquals("compute,utility", s.annotations().get(NvidiaLegacyRequest.CAPS_ANNOTATION));
        assertNotNull(c.edited());
        assertEquals(s, SpecLoader.parseValid(c.edited(), "kept"), "the bytes kept are the spec");
        assertArrayEquals(
                before,
                Files.readAllBytes(bundle.resolve("config.json")),
                "the bundle is never written");
    }

    @Test
    void oneIndexGetsThatGpuAndTheCommonEdits() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=1");
        Spec s = ContainerConfig.atCreate(bundle, this::host).spec();
        assertEquals(List.of("/dev/nvidia1", "/dev/nvidiactl"), devices(s));
    }

    @Test
    void noneGetsTheHostSpecsCommonEditsOnly() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=none");
        ContainerConfig.AtCreate c = ContainerConfig.atCreate(bundle, this::host);
        Spec s = c.spec();
        assertEquals(List.of("/dev/nvidiactl"), devices(s));
        assertTrue(
                s.mounts().stream().anyMatch(m -> m.destination().equals(LIB)),
                "the driver's files");
        assertEquals(1, s.hooks().createContainer().size());
        assertTrue(s.process().env().contains("NVIDIA_VISIBLE_DEVICES=void"));
        assertNotNull(c.edited());
    }

    @Test
    void theRequestsWarningsComeWithTheConfig() throws IOException {
        Bundles.write(
                bundle,
                true,
                "NVIDIA_VISIBLE_DEVICES=0",
                "NVIDIA_DRIVER_CAPABILITIES=compute,video");
        ContainerConfig.AtCreate c = ContainerConfig.atCreate(bundle, this::host);
        assertEquals(1, c.warnings().size(), c.warnings().toString());
        assertTrue(c.warnings().get(0).contains("video"), c.warnings().toString());
        assertEquals("compute", c.spec().annotations().get(NvidiaLegacyRequest.CAPS_ANNOTATION));
    }

    @Test
    void keptConfigIsWhatLaterStepsLoadAndTheBundlesOtherwise() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=all");
        assertEquals(
                SpecLoader.load(bundle),
                ContainerConfig.load(bundle, state),
                "nothing kept: the bundle's config");
        ContainerConfig.AtCreate c = ContainerConfig.atCreate(bundle, this::host);
        ContainerConfig.keep(c, state);
        Path kept = state.resolve(ContainerConfig.EFFECTIVE);
        assertTrue(Files.isRegularFile(kept));
        assertArrayEquals(c.edited(), Files.readAllBytes(kept));
        assertFalse(Files.exists(state.resolve(ContainerConfig.EFFECTIVE + ".tmp")));
        Spec loaded = ContainerConfig.load(bundle, state);
        assertEquals(c.spec(), loaded);
        assertEquals(List.of("/dev/nvidia0", "/dev/nvidia1", "/dev/nvidiactl"), devices(loaded));
    }

    @Test
    void anUneditedConfigIsNotKept() throws IOException {
        Bundles.write(bundle, false);
        ContainerConfig.keep(ContainerConfig.atCreate(bundle, NEVER), state);
        try (var files = Files.list(state)) {
            assertEquals(List.of(), files.toList());
        }
    }

    @Test
    void aHostWithoutADriverIsRefusedNamingTheVariableAndTheReason() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=0");
        SpecException e =
                assertThrows(
                        SpecException.class,
                        () ->
                                ContainerConfig.atCreate(
                                        bundle,
                                        () -> {
                                            throw new IllegalStateException("no NVIDIA driver");
                                        }));
        assertEquals("process.env NVIDIA_VISIBLE_DEVICES", e.field());
        assertTrue(e.getMessage().contains("no NVIDIA driver"), e.getMessage());
        assertTrue(
                e.getMessage().startsWith(bundle.resolve("config.json").toString()),
                e.getMessage());
    }

    @Test
    void aGpuTheHostLacksIsRefusedNamingIt() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=0,3");
        SpecException e =
                assertThrows(
                        SpecException.class, () -> ContainerConfig.atCreate(bundle, this::host));
        assertEquals("process.env NVIDIA_VISIBLE_DEVICES", e.field());
        assertTrue(e.getMessage().contains("nvidia.com/gpu=3"), e.getMessage());
    }

    @Test
    void aHostNodeThatIsNotADeviceIsRefusedNamingIt() throws IOException {
        Bundles.write(bundle, true, "NVIDIA_VISIBLE_DEVICES=0");
        CdiSpec bad =
                host(
                        new CdiSpec.DeviceNode(
                                "/dev/nvidiactl",
                                hostLib.toString(),
                                null,
                                null,
                                null,
                                null,
                                null,
                                null,
                                null));
        SpecException e =
                assertThrows(
                        SpecException.class, () -> ContainerConfig.atCreate(bundle, () -> bad));
        assertEquals("process.env NVIDIA_VISIBLE_DEVICES", e.field());
        assertTrue(e.getMessage().contains(hostLib.toString()), e.getMessage());
    }
}
