package dev.sluice.oci.cdi.nvidia;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import dev.sluice.oci.cdi.CdiRegistry;
import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.CdiSpecs;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class NvidiaCdiGeneratorTest {
    static final String SLUICE = "/opt/sluice/bin/sluice";
    static final List<String> ENV = List.of("SLUICE_JAVA=/usr/lib/jvm/java-17/bin/java");
    static final List<String> RO = List.of("ro", "nosuid", "nodev", "bind");

    @TempDir Path tmp;
    CdiSpec spec;

    @BeforeEach
    void generate() throws IOException {
        Path root = tmp.resolve("host");
        FakeNvidiaTree.create(root);
        spec = NvidiaCdiGenerator.generate(FakeNvidiaTree.discover(root), SLUICE, ENV);
    }

    @Test
    void devicesByIndexByUuidAndAll() {
        assertEquals(CdiSpecs.WRITTEN_VERSION, spec.cdiVersion());
        assertEquals("nvidia.com/gpu", spec.kind());
        assertEquals(
                List.of(
                        "nvidia.com/gpu=0",
                        "nvidia.com/gpu=1",
                        "nvidia.com/gpu=" + FakeNvidiaTree.UUID0,
                        "nvidia.com/gpu=" + FakeNvidiaTree.UUID1,
                        "nvidia.com/gpu=all"),
                CdiRegistry.of(spec).names());
        assertEquals(List.of("/dev/nvidia1"), nodes(device("1").containerEdits()));
        assertEquals(List.of("/dev/nvidia1"), nodes(device(FakeNvidiaTree.UUID1).containerEdits()));
        assertEquals(
                List.of("/dev/nvidia0", "/dev/nvidia1"), nodes(device("all").containerEdits()));
    }

    @Test
    void commonEditsBindTheDriverReadOnlyAtItsHostPaths() {
        CdiSpec.ContainerEdits c = spec.containerEdits();
        assertEquals(List.of("NVIDIA_VISIBLE_DEVICES=void"), c.env());
        assertEquals(List.of("/dev/nvidiactl", "/dev/nvidia-uvm", "/dev/nvidia-modeset"), nodes(c));
        String lib = FakeNvidiaTree.LIB;
        List<String> paths =
                List.of(
                        lib + "/libcuda.so.580.159.04",
                        lib + "/libnvidia-ml.so.580.159.04",
                        lib + "/libnvidia-ptxjitcompiler.so.580.159.04",
                        "/usr/bin/nvidia-smi",
                        "/usr/bin/nvidia-persistenced",
                        "/usr/local/bin/nvidia-cuda-mps-control",
                        "/lib/firmware/nvidia/580.159.04/gsp_ga10x.bin",
                        "/lib/firmware/nvidia/580.159.04/gsp_tu10x.bin",
                        "/run/nvidia-persistenced/socket");
        assertEquals(paths, c.mounts().stream().map(CdiSpec.Mount::hostPath).toList());
        for (CdiSpec.Mount m : c.mounts()) {
            assertEquals(m.hostPath(), m.containerPath());
            assertEquals(RO, m.options(), m.hostPath());
        }
    }

    @Test
    void hooksAreSluicesOwn() {
        String lib = FakeNvidiaTree.LIB;
        assertEquals(
                List.of(
                        new CdiSpec.Hook(
                                "createContainer",
                                SLUICE,
                                List.of(
                                        "sluice",
                                        "hook",
                                        "create-symlinks",
                                        "--link",
                                        "libcuda.so.1::" + lib + "/libcuda.so",
                                        "--link",
                                        "libnvidia-ml.so.1::" + lib + "/libnvidia-ml.so"),
                                ENV,
                                null),
                        new CdiSpec.Hook(
                                "createContainer",
                                SLUICE,
                                List.of("sluice", "hook", "update-ldcache", "--folder", lib),
                                ENV,
                                null)),
                spec.containerEdits().hooks());
    }

    @Test
    void writtenAsJsonAndYamlItReadsBackEqual() throws IOException {
        for (String name : List.of("nvidia.json", "nvidia.yaml")) {
            Path f = tmp.resolve(name);
            Files.writeString(f, CdiSpecs.write(spec, name.endsWith(".yaml")));
            assertEquals(spec, CdiSpecs.read(f), name);
        }
    }

    @Test
    void theOutputIsValidAgainstTheSchema() throws IOException {
        Schema schema = schema();
        List<Error> json = schema.validate(CdiSpecs.write(spec, false), InputFormat.JSON);
        assertEquals(List.of(), json, "JSON");
        List<Error> yaml = schema.validate(CdiSpecs.write(spec, true), InputFormat.YAML);
        assertEquals(List.of(), yaml, "YAML");
    }

    @Test
    void theSchemaRefusesAHandWrittenBadSpec() throws IOException {
        String bad;
        try (InputStream in = getClass().getResourceAsStream("/cdi/negative.json")) {
            bad = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<String> errors =
                schema().validate(bad, InputFormat.JSON).stream()
                        .map(
                                e -> {
                                    String at = e.getInstanceLocation().toString();
                                    return (at.isEmpty() ? "/" : at) + " " + e.getProperty();
                                })
                        .toList();
        String all = String.join("\n", errors);
        for (String missing :
                List.of(
                        "/ kind",
                        "/devices/0/containerEdits/deviceNodes/0 path",
                        "/devices/0/containerEdits/mounts/0 containerPath",
                        "/devices/0/containerEdits/hooks/0 path",
                        "/devices/1 name")) {
            assertTrue(errors.contains(missing), "expected \"" + missing + "\" among:\n" + all);
        }
    }

    private static Schema schema() throws IOException {
        try (InputStream in =
                NvidiaCdiGeneratorTest.class.getResourceAsStream("/cdi/schema.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(in, InputFormat.JSON);
        }
    }

    private CdiSpec.Device device(String name) {
        return spec.devices().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<String> nodes(CdiSpec.ContainerEdits e) {
        return e.deviceNodes().stream().map(CdiSpec.DeviceNode::path).toList();
    }
}
