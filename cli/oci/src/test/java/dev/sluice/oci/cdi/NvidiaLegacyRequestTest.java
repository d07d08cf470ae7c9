package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;

import dev.sluice.oci.spec.SpecException;
import dev.sluice.oci.spec.SpecLoader;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a {@code docker run --gpus} config asks for, said as CDI devices and NVProxy capabilities.
 */
class NvidiaLegacyRequestTest {
    private static final String FILE = "config.json";
    private static final String CAPS = NvidiaLegacyRequest.CAPS_ANNOTATION;

    @TempDir Path bundle;

    private Optional<NvidiaLegacyRequest> request(boolean hook, String... env) throws IOException {
        Bundles.write(bundle, hook, env);
        return NvidiaLegacyRequest.of(SpecLoader.load(bundle), FILE);
    }

    private Optional<NvidiaLegacyRequest> annotated(String bound, String... env)
            throws IOException {
        Bundles.write(bundle, true, c -> c.putObject("annotations").put(CAPS, bound), env);
        return NvidiaLegacyRequest.of(SpecLoader.load(bundle), FILE);
    }

    private SpecException refused(String... env) throws IOException {
        Bundles.write(bundle, true, env);
        return assertThrows(
                SpecException.class,
                () -> NvidiaLegacyRequest.of(SpecLoader.load(bundle), FILE),
                List.of(env).toString());
    }

    @Test
    void aConfigWithoutTheToolkitsHookAsksForNothing() throws IOException {
        assertEquals(Optional.empty(), request(false, "NVIDIA_VISIBLE_DEVICES=all"));
    }

    @Test
    void aHookWhoseVisibleDevicesAreVoidEmptyOrUnsetAsksForNothing() throws IOException {
        assertEquals(Optional.empty(), request(true, "NVIDIA_VISIBLE_DEVICES=void"));
        assertEquals(Optional.empty(), request(true, "NVIDIA_VISIBLE_DEVICES="));
        assertEquals(Optional.empty(), request(true, "NVIDIA_VISIBLE_DEVICES= "));
        assertEquals(Optional.empty(), request(true));
    }

    @Test
    void allAsksForTheAllDeviceWithComputeAndUtilityByDefault() throws IOException {
        assertEquals(
                Optional.of(
                        new NvidiaLegacyRequest(
                                List.of("nvidia.com/gpu=all"), "compute,utility", List.of())),
                request(true, "NVIDIA_VISIBLE_DEVICES=all"));
    }

    @Test
    void anIndexAndAUuidAreTwoDeviceNamesInOrderOnceEach() throws IOException {
        assertEquals(
                List.of("nvidia.com/gpu=0", "nvidia.com/gpu=GPU-1234-abcd"),
                request(true, "NVIDIA_VISIBLE_DEVICES=0,GPU-1234-abcd").orElseThrow().devices());
        assertEquals(
                List.of("nvidia.com/gpu=1", "nvidia.com/gpu=0"),
                request(true, "NVIDIA_VISIBLE_DEVICES= 1, 0,1").orElseThrow().devices());
    }

    @Test
    void theLastValueOfTheVariableCounts() throws IOException {
        assertEquals(
                List.of("nvidia.com/gpu=2"),
                request(true, "NVIDIA_VISIBLE_DEVICES=void", "NVIDIA_VISIBLE_DEVICES=2")
                        .orElseThrow()
                        .devices());
    }

    @Test
    void noneAsksForTheDriverWithoutAnyGpu() throws IOException {
        NvidiaLegacyRequest r = request(true, "NVIDIA_VISIBLE_DEVICES=none").orElseThrow();
        assertEquals(List.of(), r.devices());
        assertEquals("compute,utility", r.capabilities());
    }

    @Test
    void theHooksNewerNameInAnotherHookKindCountsToo() throws IOException {
        Bundles.write(
                bundle,
                false,
                c -> {
                    ArrayNode h = c.putObject("hooks").putArray("createRuntime");
                    h.addObject().put("path", "/usr/local/bin/nvidia-container-toolkit");
                },
                "NVIDIA_VISIBLE_DEVICES=0");
        assertEquals(
                List.of("nvidia.com/gpu=0"),
                NvidiaLegacyRequest.of(SpecLoader.load(bundle), FILE).orElseThrow().devices());
    }

    @Test
    void migDevicesAreRefusedNamingTheVariable() throws IOException {
        for (String mig : List.of("0:1", "MIG-abcd-1234", "1,MIG-GPU-1/2/3")) {
            SpecException e = refused("NVIDIA_VISIBLE_DEVICES=" + mig);
            assertEquals("process.env NVIDIA_VISIBLE_DEVICES", e.field());
            assertTrue(e.getMessage().contains("MIG"), e.getMessage());
            assertTrue(e.getMessage().startsWith(FILE + ": "), e.getMessage());
        }
    }

    @Test
    void aValueThatIsNeitherAnIndexNorAUuidIsRefused() throws IOException {
        for (String bad : List.of("gpu0", "1234", "GPU-xyz", "0;1")) {
            SpecException e = refused("NVIDIA_VISIBLE_DEVICES=" + bad);
            assertEquals("process.env NVIDIA_VISIBLE_DEVICES", e.field(), bad);
        }
    }

    @Test
    void anUnknownCapabilityIsRefusedNamingIt() throws IOException {
        SpecException e =
                refused(
                        "NVIDIA_VISIBLE_DEVICES=all",
                        "NVIDIA_DRIVER_CAPABILITIES=compute,telepathy");
        assertEquals("process.env NVIDIA_DRIVER_CAPABILITIES", e.field());
        assertTrue(e.getMessage().contains("\"telepathy\""), e.getMessage());
    }

    @Test
    void allCapabilitiesAreComputeAndUtility() throws IOException {
        NvidiaLegacyRequest r =
                request(true, "NVIDIA_VISIBLE_DEVICES=all", "NVIDIA_DRIVER_CAPABILITIES=all")
                        .orElseThrow();
        assertEquals("compute,utility", r.capabilities());
        assertEquals(List.of(), r.warnings());
        assertEquals(
                "utility",
                request(true, "NVIDIA_VISIBLE_DEVICES=0", "NVIDIA_DRIVER_CAPABILITIES=utility")
                        .orElseThrow()
                        .capabilities());
    }

    @Test
    void graphicsIsWarnedOfAndLeftOut() throws IOException {
        NvidiaLegacyRequest r =
                request(
                                true,
                                "NVIDIA_VISIBLE_DEVICES=0",
                                "NVIDIA_DRIVER_CAPABILITIES=graphics,compute")
                        .orElseThrow();
        assertEquals("compute", r.capabilities());
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(r.warnings().get(0).contains("graphics"), r.warnings().toString());
    }

    @Test
    void theAnnotationBoundsComputeAwayWithAWarning() throws IOException {
        NvidiaLegacyRequest r = annotated("utility", "NVIDIA_VISIBLE_DEVICES=all").orElseThrow();
        assertEquals("utility", r.capabilities());
        assertEquals(1, r.warnings().size(), r.warnings().toString());
        assertTrue(
                r.warnings().get(0).contains("compute")
                        && r.warnings().get(0).contains(CAPS + "=utility"),
                r.warnings().toString());
    }

    @Test
    void anAnnotationWithRdmaAddsRdma() throws IOException {
        NvidiaLegacyRequest r =
                annotated("compute, utility, rdma", "NVIDIA_VISIBLE_DEVICES=0").orElseThrow();
        assertEquals("compute,utility,rdma", r.capabilities());
        assertEquals(List.of(), r.warnings());
        assertEquals(
                "compute,utility,rdma",
                annotated("all", "NVIDIA_VISIBLE_DEVICES=0").orElseThrow().capabilities());
    }

    @Test
    void aRequestLeftWithNoCapabilityIsRefused() throws IOException {
        SpecException e =
                refused("NVIDIA_VISIBLE_DEVICES=all", "NVIDIA_DRIVER_CAPABILITIES=graphics,video");
        assertEquals("process.env NVIDIA_DRIVER_CAPABILITIES", e.field());
        Bundles.write(
                bundle,
                true,
                c -> c.putObject("annotations").put(CAPS, "utility"),
                "NVIDIA_VISIBLE_DEVICES=all",
                "NVIDIA_DRIVER_CAPABILITIES=compute");
        SpecException bounded =
                assertThrows(
                        SpecException.class,
                        () -> NvidiaLegacyRequest.of(SpecLoader.load(bundle), FILE));
        assertTrue(
                bounded.getMessage().contains("within annotation " + CAPS), bounded.getMessage());
    }
}
