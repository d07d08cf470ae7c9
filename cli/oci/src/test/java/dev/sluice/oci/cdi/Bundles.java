package dev.sluice.oci.cdi;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.sluice.oci.spec.DefaultSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** Test fixtures: bundles whose config.json is in the shape {@code docker run --gpus} gives. */
final class Bundles {
    static final ObjectMapper JSON = new ObjectMapper();

    /** The toolkit's legacy hook, as dockerd adds it. */
    static final String LEGACY_HOOK = "/usr/bin/nvidia-container-runtime-hook";

    private Bundles() {}

    /**
     * Writes {@code bundle}/config.json: {@code sluice spec}'s default config, terminal off, with a
     * prestart hook of {@code /usr/bin/true} and then the legacy hook (when {@code hook}), {@code
     * env} entries appended to process.env, then {@code edit}; and an empty rootfs.
     */
    static Path write(Path bundle, boolean hook, Consumer<ObjectNode> edit, String... env)
            throws IOException {
        Files.createDirectories(bundle.resolve("rootfs"));
        ObjectNode c = (ObjectNode) JSON.readTree(DefaultSpec.json());
        ((ObjectNode) c.get("process")).put("terminal", false);
        ArrayNode e = (ArrayNode) c.get("process").get("env");
        for (String v : env) {
            e.add(v);
        }
        if (hook) {
            ArrayNode prestart = c.putObject("hooks").putArray("prestart");
            prestart.addObject().put("path", "/usr/bin/true").putArray("args").add("true");
            ObjectNode h = prestart.addObject().put("path", LEGACY_HOOK);
            h.putArray("args").add("nvidia-container-runtime-hook").add("prestart");
        }
        edit.accept(c);
        Files.writeString(bundle.resolve("config.json"), JSON.writeValueAsString(c));
        return bundle;
    }

    /** As {@link #write(Path, boolean, Consumer, String...)}, without other edits. */
    static Path write(Path bundle, boolean hook, String... env) throws IOException {
        return write(bundle, hook, c -> {}, env);
    }
}
