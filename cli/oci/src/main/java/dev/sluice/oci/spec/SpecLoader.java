package dev.sluice.oci.spec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Reads a bundle's {@code config.json} into a {@link Spec} and checks it with {@link
 * SpecValidator}. Every failure is a {@link SpecException} that names the file and the field
 * ({@code process.user.uid: expected an integer, got a string "root"}), never a Jackson message.
 *
 * <p>Jackson is strict here where Go's encoding/json (runc's parser) is strict: no coercion of
 * strings to numbers or of floats to integers, no trailing tokens, and, stricter than Go, duplicate
 * keys are an error (two {@code "path"} keys are an ambiguity a runtime should not resolve
 * silently). Unknown fields are ignored, as in runc.
 */
public final class SpecLoader {
    /** Largest config.json read: real ones are a few KiB; this bounds a hostile one. */
    static final long MAX_BYTES = 4L << 20;

    static final ObjectMapper MAPPER =
            JsonMapper.builder()
                    .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                    .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                    .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .withCoercionConfig(
                            LogicalType.Textual,
                            c ->
                                    c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                            .setCoercion(
                                                    CoercionInputShape.Float, CoercionAction.Fail)
                                            .setCoercion(
                                                    CoercionInputShape.Boolean,
                                                    CoercionAction.Fail))
                    .build();

    private SpecLoader() {}

    /** The bundle's config.json, parsed and validated. */
    public static Spec load(Path bundle) {
        if (!Files.isDirectory(bundle)) {
            throw new SpecException(
                    "bundle " + bundle,
                    "",
                    Files.exists(bundle) ? "not a directory" : "no such directory");
        }
        Path config = bundle.resolve("config.json");
        Spec spec =
                parse(
                        read(config, "no such file (a bundle holds config.json and the rootfs)"),
                        config.toString());
        SpecValidator.validate(spec, config.toString());
        return spec;
    }

    /**
     * A process.json ({@code exec --process FILE}: one {@code process} object of the runtime spec,
     * as containerd's shim writes it), parsed with the same strictness and validated; errors name
     * the file and the field ({@code /p.json: args: must not be empty (the command to run)}).
     */
    public static Spec.Process loadProcess(Path file) {
        Spec.Process p = parse(read(file, "no such file"), file.toString(), Spec.Process.class);
        SpecValidator.validateProcess(p, file.toString());
        return p;
    }

    /**
     * A seccomp profile file ({@code sluice run --seccomp-profile FILE}): one {@code linux.seccomp}
     * object of the runtime spec, parsed with the same strictness; errors name the file and the
     * field. The container engines' own profile format is refused rather than half read: its {@code
     * archMap}, {@code includes} and {@code excludes} (rules that hold only for some capabilities,
     * architectures or kernels) are not OCI, and ignoring them, as an OCI reader does, would apply
     * every conditional rule unconditionally (docker's default.json would then allow {@code mount},
     * {@code bpf} and {@code unshare}).
     */
    public static Spec.Seccomp loadSeccomp(Path file) {
        byte[] json = read(file, "no such file");
        Spec.Seccomp s = parse(json, file.toString(), Spec.Seccomp.class);
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new SpecException(file.toString(), "", "cannot read: " + e.getMessage());
        }
        if (tree.has("archMap")) {
            throw new SpecException(file.toString(), "archMap", ENGINE_FORMAT);
        }
        JsonNode calls = tree.path("syscalls");
        for (int i = 0; i < calls.size(); i++) {
            for (String engineOnly : List.of("includes", "excludes", "name")) {
                if (calls.get(i).has(engineOnly)) {
                    throw new SpecException(
                            file.toString(), "syscalls[" + i + "]." + engineOnly, ENGINE_FORMAT);
                }
            }
        }
        return s;
    }

    private static final String ENGINE_FORMAT =
            "the container engines' profile format, not the OCI one (linux.seccomp):"
                    + " its conditional rules would apply unconditionally here; write out the rules that hold for this sandbox"
                    + " (or keep the default profile, which resolves them)";

    private static byte[] read(Path file, String missing) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new SpecException(
                        file.toString(), "", "larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new SpecException(file.toString(), "", missing);
        } catch (IOException e) {
            throw new SpecException(file.toString(), "", "cannot read: " + e.getMessage());
        }
    }

    /**
     * The bundle's config.json as a JSON tree, for edits made before it is read as a {@link Spec}
     * (CDI edits: {@code dev.sluice.oci.cdi.OciEdits}); {@link #parseValid} reads the result.
     */
    public static com.fasterxml.jackson.databind.node.ObjectNode tree(Path bundle) {
        Path config = bundle.resolve("config.json");
        try {
            JsonNode t = MAPPER.readTree(read(config, "no such file"));
            if (!(t instanceof com.fasterxml.jackson.databind.node.ObjectNode o)) {
                throw new SpecException(config.toString(), "", "expected a JSON object");
            }
            return o;
        } catch (IOException e) {
            throw new SpecException(config.toString(), "", "cannot read: " + e.getMessage());
        }
    }

    /** {@code tree} as bytes of JSON. */
    public static byte[] bytes(JsonNode tree) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a config: " + e.getMessage(), e);
        }
    }

    /** Parses and validates {@code json}, naming {@code file} in errors. */
    public static Spec parseValid(byte[] json, String file) {
        Spec spec = parse(json, file);
        SpecValidator.validate(spec, file);
        return spec;
    }

    /** Parses {@code json} (named {@code file} in errors) without validating it. */
    public static Spec parse(byte[] json, String file) {
        return parse(json, file, Spec.class);
    }

    /**
     * Parses {@code json} into {@code type} (a spec record), naming {@code file} and the field in
     * errors.
     */
    static <T> T parse(byte[] json, String file, Class<T> type) {
        if (json.length == 0 || new String(json, StandardCharsets.UTF_8).isBlank()) {
            throw new SpecException(file, "", "empty file, expected a JSON object");
        }
        // Syntax first, on a tree: its errors have a line and column, and a mapping error can
        // then show the offending value itself.
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new SpecException(
                    file,
                    "",
                    "invalid JSON at line "
                            + line(e.getLocation())
                            + ": "
                            + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new SpecException(file, "", "cannot read: " + e.getMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw new SpecException(file, "", "expected a JSON object, got " + describe(tree));
        }
        try {
            return MAPPER.treeToValue(tree, type);
        } catch (JsonMappingException e) {
            JsonNode value = at(tree, e.getPath());
            String expected =
                    e instanceof MismatchedInputException m ? expected(m.getTargetType()) : null;
            String problem;
            if (e.getCause() instanceof InputCoercionException) {
                problem =
                        "the number "
                                + (value == null ? "" : value.asText() + " ")
                                + "is out of range";
            } else if (expected != null) {
                problem =
                        "expected " + expected + (value == null ? "" : ", got " + describe(value));
            } else {
                problem = firstLine(e.getOriginalMessage());
            }
            throw new SpecException(file, path(e), problem);
        } catch (IOException e) {
            throw new SpecException(file, "", "cannot read: " + e.getMessage());
        }
    }

    /** The node at Jackson's reference chain, or null if it cannot be followed. */
    private static JsonNode at(JsonNode root, List<JsonMappingException.Reference> path) {
        JsonNode n = root;
        for (JsonMappingException.Reference r : path) {
            if (n == null) {
                return null;
            }
            n =
                    r.getFieldName() != null
                            ? n.get(r.getFieldName())
                            : r.getIndex() >= 0 ? n.get(r.getIndex()) : n;
        }
        return n;
    }

    static String describe(JsonNode n) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            return "null";
        }
        if (n.isTextual()) {
            return "a string " + quote(n.asText());
        }
        if (n.isIntegralNumber()) {
            return "the integer " + n.asText();
        }
        if (n.isNumber()) {
            return "the number " + n.asText();
        }
        if (n.isBoolean()) {
            return "the boolean " + n.asText();
        }
        if (n.isArray()) {
            return "an array";
        }
        return n.isObject()
                ? "an object"
                : n.getNodeType().toString().toLowerCase(java.util.Locale.ROOT);
    }

    /** {@code process.args[2]} from Jackson's reference chain. */
    static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) {
                    b.append('.');
                }
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    static String expected(Class<?> type) {
        if (type == null) {
            return null;
        }
        if (type == String.class) {
            return "a string";
        }
        if (type == Long.class
                || type == long.class
                || type == Integer.class
                || type == int.class
                || type == BigInteger.class) {
            return "an integer";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean (true or false)";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return null;
    }

    static String quote(String s) {
        String q = s.length() > 64 ? s.substring(0, 64) + "..." : s;
        return "\"" + q.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private static String line(JsonLocation l) {
        return l == null ? "?" : l.getLineNr() + ", column " + l.getColumnNr();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "malformed";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
