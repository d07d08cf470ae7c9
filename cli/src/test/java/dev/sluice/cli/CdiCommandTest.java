package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.oci.cdi.CdiSpec;
import dev.sluice.oci.cdi.CdiSpecs;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

/** {@code sluice cdi generate} and {@code sluice cdi list} on a fake host tree. */
class CdiCommandTest {
    static final String UUID = "GPU-5c1d0a2e-1111-2222-3333-444455556666";

    @TempDir Path tmp;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    /** A host with driver 580.159.04, one GPU and libcuda; returns the ld cache listing's file. */
    private Path fakeHost(Path root) throws IOException {
        write(root.resolve("sys/module/nvidia/version"), "580.159.04\n");
        write(
                root.resolve("proc/driver/nvidia/gpus/0000:19:00.0/information"),
                "GPU UUID: \t " + UUID + "\nDevice Minor: \t 0\n");
        write(root.resolve("dev/nvidia0"), "");
        write(root.resolve("dev/nvidiactl"), "");
        Path lib = root.resolve("usr/lib/x86_64-linux-gnu");
        write(lib.resolve("libcuda.so.580.159.04"), "ELF");
        Files.createSymbolicLink(lib.resolve("libcuda.so.1"), Path.of("libcuda.so.580.159.04"));
        Path listing = tmp.resolve("ldconfig-p.txt");
        write(
                listing,
                "1 libs found in cache `/etc/ld.so.cache'\n"
                        + "\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcuda.so.1\n");
        return listing;
    }

    private static void write(Path f, String s) throws IOException {
        Files.createDirectories(f.getParent());
        Files.writeString(f, s);
    }

    @Test
    void withoutTheDriverItFailsWithOneLine() throws IOException {
        Path listing = tmp.resolve("empty.txt");
        Files.writeString(listing, "");
        CliRun r =
                run(
                        "cdi",
                        "generate",
                        "--host-root",
                        tmp.resolve("bare").toString(),
                        "--ld-cache",
                        listing.toString());
        assertEquals(Main.SLUICE_ERROR, r.status());
        assertEquals(
                "sluice: no NVIDIA driver loaded (/sys/module/nvidia/version missing)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void generateWritesYamlAtomicallyAndListReadsIt() throws IOException {
        Path host = tmp.resolve("host");
        Path listing = fakeHost(host);
        Path dir = tmp.resolve("etc/cdi");
        Path spec = dir.resolve("nvidia.yaml");
        CliRun r =
                run(
                        "cdi",
                        "generate",
                        "--output",
                        spec.toString(),
                        "--host-root",
                        host.toString(),
                        "--ld-cache",
                        listing.toString(),
                        "--hook-path",
                        "/opt/sluice/bin/sluice");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.out());
        assertEquals(
                "rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(spec)));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(spec), s.toList(), "no temporary file is left");
        }
        assertTrue(Files.readString(spec).startsWith("---"), "YAML");
        CdiSpec read = CdiSpecs.read(spec);
        assertEquals("/opt/sluice/bin/sluice", read.containerEdits().hooks().get(0).path());
        assertEquals(
                List.of(
                        "sluice",
                        "hook",
                        "create-symlinks",
                        "--link",
                        "libcuda.so.1::/usr/lib/x86_64-linux-gnu/libcuda.so"),
                read.containerEdits().hooks().get(0).args());

        CliRun list = run("cdi", "list", "--spec-dir", dir.toString());
        assertEquals(0, list.status(), list.err());
        assertEquals(
                "nvidia.com/gpu=0\nnvidia.com/gpu=" + UUID + "\nnvidia.com/gpu=all\n", list.out());
    }

    @Test
    void generateWritesJsonToStdoutByDefault() throws IOException {
        Path host = tmp.resolve("host");
        Path listing = fakeHost(host);
        CliRun r =
                run(
                        "cdi",
                        "generate",
                        "--host-root",
                        host.toString(),
                        "--ld-cache",
                        listing.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("{"), r.out());
        Path f = tmp.resolve("out.json");
        Files.writeString(f, r.out());
        assertEquals("nvidia.com/gpu", CdiSpecs.read(f).kind());
    }

    @Test
    void aMalformedSpecIsAnErrorNamingFileAndField() throws IOException {
        Path dir = tmp.resolve("cdi");
        Path bad = dir.resolve("bad.json");
        write(
                bad,
                "{\"cdiVersion\":\"0.5.0\",\"kind\":\"example.com/x\",\"devices\":[{\"name\":\"-x\","
                        + "\"containerEdits\":{\"env\":[\"A=1\"]}}]}");
        CliRun r = run("cdi", "list", "--spec-dir", dir.toString());
        assertEquals(Main.SLUICE_ERROR, r.status());
        assertTrue(r.err().startsWith("sluice: " + bad + ": devices[0].name: "), r.err());
        assertEquals("", r.out());
    }
}
