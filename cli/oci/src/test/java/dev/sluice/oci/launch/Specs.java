package dev.sluice.oci.launch;

import dev.sluice.oci.spec.DefaultSpec;
import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecLoader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Test fixtures: the config.json {@code sluice spec} writes, and process.json files. */
final class Specs {
    private Specs() {}

    /** {@code sluice spec}'s config.json, parsed. */
    static Spec defaultConfig() {
        return SpecLoader.parse(DefaultSpec.json().getBytes(StandardCharsets.UTF_8), "config.json");
    }

    /** {@code json} written to {@code dir/process.json} and loaded as exec loads it. */
    static Spec.Process process(Path dir, String json) throws IOException {
        Path f = dir.resolve("process.json");
        Files.writeString(f, json);
        return SpecLoader.loadProcess(f);
    }
}
