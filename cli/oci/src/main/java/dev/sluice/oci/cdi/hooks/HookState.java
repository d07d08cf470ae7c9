package dev.sluice.oci.cdi.hooks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a CDI hook run by sluice needs of the OCI state it reads on stdin ({@code
 * {ociVersion,id,status,pid,bundle,annotations}}): the bundle, and the root filesystem's path from
 * the bundle's config.json ({@code root.path}, relative to the bundle unless absolute). Only that
 * field of config.json is read, so a hook works with any config its runtime accepted. Every failure
 * is an {@link IllegalArgumentException} of one line naming what was wrong.
 */
public final class HookState {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Largest state or config.json read: both are a few KiB. */
    static final int MAX_BYTES = 4 << 20;

    private HookState() {}

    /** The container's root filesystem, from the state JSON on {@code stdin}. */
    public static Path root(InputStream stdin) {
        JsonNode state;
        try {
            byte[] bytes = stdin.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new IllegalArgumentException(
                        "the container state on stdin is larger than "
                                + (MAX_BYTES >> 20)
                                + " MiB");
            }
            state = JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(
                    "stdin is not the container's state JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read stdin: " + e.getMessage(), e);
        }
        if (state == null || !state.isObject()) {
            throw new IllegalArgumentException(
                    "stdin is not the container's state JSON (an object with \"bundle\")");
        }
        JsonNode bundle = state.get("bundle");
        if (bundle == null || !bundle.isTextual() || !bundle.asText().startsWith("/")) {
            throw new IllegalArgumentException(
                    "the container state on stdin has no absolute \"bundle\" (" + bundle + ")");
        }
        return rootOfBundle(Path.of(bundle.asText()));
    }

    /** The root filesystem named by {@code bundle}'s config.json. */
    public static Path rootOfBundle(Path bundle) {
        Path config = bundle.resolve("config.json");
        if (!Files.isRegularFile(config)) {
            throw new IllegalArgumentException("bundle " + bundle + " has no config.json");
        }
        JsonNode path;
        try {
            if (Files.size(config) > MAX_BYTES) {
                throw new IllegalArgumentException(
                        config + ": larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            path = JSON.readTree(config.toFile()).path("root").path("path");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(config + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + config + ": " + e.getMessage(), e);
        }
        if (!path.isTextual() || path.asText().isEmpty()) {
            throw new IllegalArgumentException(config + ": root.path: missing or not a string");
        }
        Path root = bundle.resolve(path.asText()).normalize();
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException(
                    config + ": root.path: " + root + " is not a directory");
        }
        return root;
    }
}
