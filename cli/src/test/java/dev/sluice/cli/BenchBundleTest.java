package dev.sluice.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

class BenchBundleTest {
    @Test
    void aMediatedBundleIsThePlainOneWithTheProxiesAnnotationAndTheSameRootfs(@TempDir Path dir)
            throws Exception {
        Path plain = Files.createDirectories(dir.resolve("bundle"));
        Files.writeString(
                plain.resolve("config.json"),
                "{\"ociVersion\":\"1.0.2\",\"root\":{\"path\":\"rootfs\",\"readonly\":true},"
                        + "\"process\":{\"args\":[\"/bin/true\"]}}");
        Path mediated =
                BenchBundle.withProxies(plain, dir.resolve("mediated"), List.of("pty", "other"));
        ObjectMapper json = new ObjectMapper();
        JsonNode c = json.readTree(mediated.resolve("config.json").toFile());
        assertEquals(
                "pty,other",
                c.path("annotations").path("dev.sluice.proxies").asText(),
                "the proxies named, as the annotation's comma list");
        assertEquals(
                plain.resolve("rootfs").toAbsolutePath().toString(),
                c.path("root").path("path").asText(),
                "the plain bundle's rootfs, by absolute path: nothing is copied");
        assertEquals(
                "/bin/true",
                c.path("process").path("args").path(0).asText(),
                "the rest of the config is the plain one's");
        assertFalse(
                json.readTree(plain.resolve("config.json").toFile()).has("annotations"),
                "the plain bundle, which runc runs, keeps no annotation");
    }
}
