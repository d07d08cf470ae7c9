package dev.sluice.oci.cdi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The spec directories' devices, and the edits requested devices make. */
class CdiRegistryTest {
    @TempDir Path tmp;

    /** A spec of {@code kind} whose devices' and common edits each set one env entry. */
    private static String spec(String kind, String common, String... devices) {
        StringBuilder d = new StringBuilder();
        for (String name : devices) {
            if (d.length() > 0) {
                d.append(", ");
            }
            d.append("{\"name\": \"")
                    .append(name)
                    .append("\", \"containerEdits\": {\"env\": [\"DEV=")
                    .append(kind)
                    .append("=")
                    .append(name)
                    .append("\"]}}");
        }
        return "{\"cdiVersion\": \"0.5.0\", \"kind\": \""
                + kind
                + "\", \"devices\": ["
                + d
                + "], \"containerEdits\": {\"env\": [\"COMMON="
                + common
                + "\"]}}";
    }

    private Path dir(String name) throws IOException {
        return Files.createDirectories(tmp.resolve(name));
    }

    /** The env entries of {@code edits}, in order. */
    private static List<String> env(List<CdiSpec.ContainerEdits> edits) {
        return edits.stream().flatMap(e -> e.env().stream()).toList();
    }

    @Test
    void aLaterDirectorysSpecOfTheSameDeviceWins() throws IOException {
        Path etc = dir("etc/cdi");
        Path run = dir("var/run/cdi");
        Files.writeString(etc.resolve("nvidia.json"), spec("nvidia.com/gpu", "etc", "0", "1"));
        Files.writeString(
                run.resolve("nvidia.yaml"),
                spec("nvidia.com/gpu", "run", "0").replace("DEV=nvidia.com/gpu=0", "DEV=late"));
        CdiRegistry r = CdiRegistry.of(List.of(etc, run));
        assertEquals(List.of("nvidia.com/gpu=0", "nvidia.com/gpu=1"), r.names());
        assertEquals(
                List.of("DEV=late", "COMMON=run"), env(r.resolve(List.of("nvidia.com/gpu=0"))));
        assertEquals(
                List.of("DEV=nvidia.com/gpu=1", "COMMON=etc"),
                env(r.resolve(List.of("nvidia.com/gpu=1"))),
                "a device only the earlier directory defines comes from there");
        CdiRegistry reversed = CdiRegistry.of(List.of(run, etc));
        assertEquals(
                List.of("DEV=nvidia.com/gpu=0", "COMMON=etc"),
                env(reversed.resolve(List.of("nvidia.com/gpu=0"))),
                "the order of the directories decides");
    }

    @Test
    void theSameDeviceInTwoFilesOfOneDirectoryIsAnErrorNamingBothFiles() throws IOException {
        Path etc = dir("etc/cdi");
        Path a = Files.writeString(etc.resolve("a.json"), spec("nvidia.com/gpu", "a", "0"));
        Path b = Files.writeString(etc.resolve("b.yaml"), spec("nvidia.com/gpu", "b", "1", "0"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CdiRegistry.of(List.of(etc)));
        assertTrue(e.getMessage().contains("nvidia.com/gpu=0"), e.getMessage());
        assertTrue(
                e.getMessage().contains(a.toString()) && e.getMessage().contains(b.toString()),
                e.getMessage());
    }

    @Test
    void missingDirectoriesAreEmptyAndOtherFilesAreIgnored() throws IOException {
        Path etc = dir("etc/cdi");
        Files.writeString(etc.resolve("README"), "not a spec");
        Files.writeString(etc.resolve("old.json.bak"), "{");
        Files.createDirectories(etc.resolve("sub.json"));
        Files.writeString(etc.resolve("x.yml"), spec("x.com/y", "x", "a"));
        CdiRegistry r = CdiRegistry.of(List.of(tmp.resolve("nowhere"), etc));
        assertEquals(List.of("x.com/y=a"), r.names());
    }

    @Test
    void aSpecFileThatDoesNotParseIsAnErrorRatherThanSkipped() throws IOException {
        Path etc = dir("etc/cdi");
        Files.writeString(etc.resolve("a.json"), spec("nvidia.com/gpu", "a", "0"));
        Path bad = Files.writeString(etc.resolve("b.json"), "{\"cdiVersion\": \"9\"}");
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CdiRegistry.of(List.of(etc)));
        assertTrue(e.getMessage().startsWith(bad.toString()), e.getMessage());
    }

    @Test
    void anUnknownDeviceIsAnErrorListingTheKindsTheSpecsDefine() throws IOException {
        Path etc = dir("etc/cdi");
        Files.writeString(etc.resolve("gpu.json"), spec("nvidia.com/gpu", "g", "0"));
        Files.writeString(etc.resolve("nic.json"), spec("mellanox.com/nic", "n", "mlx5_0"));
        CdiRegistry r = CdiRegistry.of(List.of(etc));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> r.resolve(List.of("nvidia.com/gpu=0", "nvidia.com/gpu=7")));
        assertTrue(e.getMessage().contains("nvidia.com/gpu=7"), e.getMessage());
        assertTrue(e.getMessage().contains("[mellanox.com/nic, nvidia.com/gpu]"), e.getMessage());
        IllegalArgumentException none =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> CdiRegistry.of(List.of()).resolve(List.of("nvidia.com/gpu=0")));
        assertTrue(none.getMessage().contains("no CDI specs found"), none.getMessage());
    }

    @Test
    void aMalformedRequestedNameIsRefused() {
        CdiRegistry r = CdiRegistry.of(List.of());
        assertThrows(IllegalArgumentException.class, () -> r.resolve(List.of("nvidia.com/gpu")));
    }

    @Test
    void devicesEditsComeFirstThenEachSpecsCommonEditsOnce() throws IOException {
        Path etc = dir("etc/cdi");
        Files.writeString(etc.resolve("a.json"), spec("a.com/x", "A", "0", "1"));
        Files.writeString(etc.resolve("b.json"), spec("b.com/y", "B", "z"));
        CdiRegistry r = CdiRegistry.of(List.of(etc));
        assertEquals(
                List.of("DEV=a.com/x=0", "DEV=b.com/y=z", "DEV=a.com/x=1", "COMMON=A", "COMMON=B"),
                env(r.resolve(List.of("a.com/x=0", "b.com/y=z", "a.com/x=1"))));
        assertEquals(
                List.of("DEV=b.com/y=z", "DEV=a.com/x=1", "COMMON=B", "COMMON=A"),
                env(r.resolve(List.of("b.com/y=z", "a.com/x=1"))),
                "common edits in the order their specs were first asked for");
        assertEquals(List.of(), r.resolve(List.of()), "nothing asked, nothing edited");
    }

    @Test
    void twoDevicesOfAGeneratedSpecBringItsCommonEditsOnce() {
        CdiSpec.ContainerEdits common =
                new CdiSpec.ContainerEdits(List.of("C=1"), null, null, null, null, null, null);
        CdiSpec.ContainerEdits d0 =
                new CdiSpec.ContainerEdits(List.of("D=0"), null, null, null, null, null, null);
        CdiSpec.ContainerEdits d1 =
                new CdiSpec.ContainerEdits(List.of("D=1"), null, null, null, null, null, null);
        CdiSpec spec =
                new CdiSpec(
                        "0.5.0",
                        "nvidia.com/gpu",
                        null,
                        List.of(
                                new CdiSpec.Device("0", null, d0),
                                new CdiSpec.Device("1", null, d1)),
                        common);
        CdiRegistry r = CdiRegistry.of(spec);
        assertEquals(List.of("nvidia.com/gpu=0", "nvidia.com/gpu=1"), r.names());
        assertEquals(
                List.of(d1, d0, common),
                r.resolve(List.of("nvidia.com/gpu=1", "nvidia.com/gpu=0")));
    }

    @Test
    void aGeneratedSpecIsCheckedLikeAFile() {
        CdiSpec bad =
                new CdiSpec(
                        "0.5.0",
                        "nvidia.com",
                        null,
                        List.of(new CdiSpec.Device("0", null, null)),
                        null);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> CdiRegistry.of(bad));
        assertTrue(e.getMessage().startsWith("(generated): kind: "), e.getMessage());
    }
}
