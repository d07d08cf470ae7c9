package dev.sluice.oci.cdi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads, checks and writes CDI spec files. A {@code .json} file is JSON, a {@code .yaml} or {@code
 * .yml} file YAML (as {@code nvidia-ctk cdi generate} writes it). Every failure is an {@link
 * IllegalArgumentException} naming the file and the field ({@code /etc/cdi/x.yaml: devices[2].name:
 * ...}); unknown fields are refused, since a field this reader does not know is an edit it would
 * not make.
 */
public final class CdiSpecs {
    /** Largest spec file read: NVIDIA's are a few tens of KiB; this bounds a hostile one. */
    static final long MAX_BYTES = 4L << 20;

    /** The CDI versions this reader knows (SPEC.md's released versions). */
    public static final List<String> VERSIONS =
            List.of("0.3.0", "0.4.0", "0.5.0", "0.6.0", "0.7.0", "0.8.0", "1.0.0");

    /** The version {@code sluice cdi generate} writes: the oldest with every field it uses. */
    public static final String WRITTEN_VERSION = "0.5.0";

    static final ObjectMapper JSON =
            JsonMapper.builder()
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .build();

    static final ObjectMapper YAML =
            YAMLMapper.builder(new YAMLFactory())
                    .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                    .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                    .build();

    private CdiSpecs() {}

    /** Whether {@code file}'s name makes it a spec file (.json, .yaml, .yml). */
    public static boolean isSpecFile(Path file) {
        String n = file.getFileName() == null ? "" : file.getFileName().toString();
        return n.endsWith(".json") || n.endsWith(".yaml") || n.endsWith(".yml");
    }

    /** Reads and checks {@code file}. */
    public static CdiSpec read(Path file) {
        byte[] bytes;
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new IllegalArgumentException(
                        file + ": larger than " + (MAX_BYTES >> 20) + " MiB");
            }
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
        String name = file.getFileName().toString();
        ObjectMapper m = name.endsWith(".json") ? JSON : YAML;
        CdiSpec spec;
        try {
            spec = m.readValue(bytes, CdiSpec.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (spec == null) {
            throw new IllegalArgumentException(file + ": empty");
        }
        check(spec, file.toString());
        return spec;
    }

    /** {@code spec} as JSON ({@code yaml}: as YAML). */
    public static String write(CdiSpec spec, boolean yaml) {
        try {
            return (yaml ? YAML : JSON).writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a CDI spec: " + e.getMessage(), e);
        }
    }

    /**
     * Checks what the types do not: a known version, the kind's and each device's name, unique
     * device names, absolute paths, hook names, and no edit this runtime cannot make.
     *
     * @throws IllegalArgumentException naming {@code file} and the field
     */
    public static void check(CdiSpec spec, String file) {
        if (spec.cdiVersion() == null || !VERSIONS.contains(spec.cdiVersion())) {
            throw bad(
                    file, "cdiVersion", "\"" + spec.cdiVersion() + "\" is not one of " + VERSIONS);
        }
        try {
            CdiName.checkKind(spec.kind());
        } catch (IllegalArgumentException e) {
            throw bad(file, "kind", e.getMessage());
        }
        if (spec.devices().isEmpty()) {
            throw bad(file, "devices", "no devices (a spec lists at least one)");
        }
        Set<String> names = new HashSet<>();
        for (int i = 0; i < spec.devices().size(); i++) {
            CdiSpec.Device d = spec.devices().get(i);
            String f = "devices[" + i + "]";
            if (d == null) {
                throw bad(file, f, "null");
            }
            try {
                CdiName.checkDevice(d.name());
            } catch (IllegalArgumentException e) {
                throw bad(file, f + ".name", e.getMessage());
            }
            if (!names.add(d.name())) {
                throw bad(file, f + ".name", "\"" + d.name() + "\" is listed twice");
            }
            checkEdits(d.containerEdits(), file, f + ".containerEdits");
        }
        checkEdits(spec.containerEdits(), file, "containerEdits");
    }

    /** The hook names CDI allows: the OCI hooks a runtime runs. */
    static final Set<String> HOOK_NAMES =
            Set.of(
                    "prestart",
                    "createRuntime",
                    "createContainer",
                    "startContainer",
                    "poststart",
                    "poststop");

    private static void checkEdits(CdiSpec.ContainerEdits e, String file, String f) {
        for (int i = 0; i < e.env().size(); i++) {
            String v = e.env().get(i);
            if (v == null || v.indexOf('=') <= 0) {
                throw bad(file, f + ".env[" + i + "]", "\"" + v + "\" is not NAME=VALUE");
            }
        }
        for (int i = 0; i < e.deviceNodes().size(); i++) {
            CdiSpec.DeviceNode n = e.deviceNodes().get(i);
            String g = f + ".deviceNodes[" + i + "]";
            if (n == null) {
                throw bad(file, g, "null");
            }
            absolute(file, g + ".path", n.path());
            if (n.hostPath() != null && !n.hostPath().isEmpty()) {
                absolute(file, g + ".hostPath", n.hostPath());
            }
            if (n.type() != null && !List.of("c", "u", "b", "p").contains(n.type())) {
                throw bad(file, g + ".type", "\"" + n.type() + "\" is not c, u, b or p");
            }
            String p = n.permissions();
            if (p != null && !p.equals("none") && !p.matches("[rwm]*")) {
                throw bad(file, g + ".permissions", "\"" + p + "\" is not letters of rwm");
            }
        }
        for (int i = 0; i < e.mounts().size(); i++) {
            CdiSpec.Mount m = e.mounts().get(i);
            String g = f + ".mounts[" + i + "]";
            if (m == null) {
                throw bad(file, g, "null");
            }
            absolute(file, g + ".hostPath", m.hostPath());
            absolute(file, g + ".containerPath", m.containerPath());
        }
        for (int i = 0; i < e.hooks().size(); i++) {
            CdiSpec.Hook h = e.hooks().get(i);
            String g = f + ".hooks[" + i + "]";
            if (h == null) {
                throw bad(file, g, "null");
            }
            if (!HOOK_NAMES.contains(h.hookName())) {
                throw bad(file, g + ".hookName", "\"" + h.hookName() + "\" is not an OCI hook");
            }
            absolute(file, g + ".path", h.path());
            if (h.timeout() != null && h.timeout() <= 0) {
                throw bad(file, g + ".timeout", "must be greater than zero");
            }
        }
        for (int i = 0; i < e.additionalGids().size(); i++) {
            Long gid = e.additionalGids().get(i);
            if (gid == null || gid < 0 || gid > 0xffffffffL) {
                throw bad(file, f + ".additionalGids[" + i + "]", gid + " is not a uint32");
            }
        }
        if (e.intelRdt() != null) {
            throw bad(file, f + ".intelRdt", "resctrl settings are not supported by sluice");
        }
        if (!e.netDevices().isEmpty()) {
            throw bad(
                    file,
                    f + ".netDevices",
                    "not supported by sluice's CDI edits; give netdevs as linux.netDevices");
        }
    }

    private static void absolute(String file, String field, String path) {
        if (path == null || !path.startsWith("/")) {
            throw bad(file, field, "\"" + path + "\" is not an absolute path");
        }
    }

    private static IllegalArgumentException bad(String file, String field, String why) {
        return new IllegalArgumentException(file + ": " + field + ": " + why);
    }
}
