package dev.sluice.oci.cgroup;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.math.BigInteger;
import java.util.Map;

/**
 * Typed reads of {@code linux.resources}, which {@link Spec.Resources} keeps as JSON maps: a value
 * of the wrong type is a {@link SpecException} naming the field ({@code linux.resources.pids.limit:
 * expected an integer, got a string "8"}).
 */
public final class ResourceValues {
    private final Spec.Resources resources;
    private final String file;

    public ResourceValues(Spec.Resources resources, String file) {
        this.resources = resources;
        this.file = file;
    }

    /**
     * The group's map: {@code memory}, {@code cpu}, {@code pids}, {@code blockIO}, {@code network},
     * {@code rdma}.
     */
    Map<String, Object> group(String name) {
        return switch (name) {
            case "memory" -> resources.memory();
            case "cpu" -> resources.cpu();
            case "pids" -> resources.pids();
            case "blockIO" -> resources.blockIO();
            case "network" -> resources.network();
            case "rdma" -> resources.rdma();
            default -> Map.of();
        };
    }

    /** The raw JSON value of {@code memory.limit}-style {@code field}, or null. */
    public Object raw(String field) {
        int dot = field.indexOf('.');
        return group(field.substring(0, dot)).get(field.substring(dot + 1));
    }

    /** An integer field, or null when absent. */
    public Long integer(String field) {
        Object o = raw(field);
        if (o == null) {
            return null;
        }
        if (o instanceof Integer || o instanceof Long || o instanceof Short) {
            return ((Number) o).longValue();
        }
        if (o instanceof BigInteger b) {
            if (b.bitLength() < 64) {
                return b.longValue();
            }
            throw bad(field, "out of range: " + b);
        }
        throw bad(field, "expected an integer, got " + describe(o));
    }

    /** A boolean field, or null when absent. */
    public Boolean bool(String field) {
        Object o = raw(field);
        if (o == null || o instanceof Boolean) {
            return (Boolean) o;
        }
        throw bad(field, "expected true or false, got " + describe(o));
    }

    /** A string field, or null when absent. */
    public String string(String field) {
        Object o = raw(field);
        if (o == null || o instanceof String) {
            return (String) o;
        }
        throw bad(field, "expected a string, got " + describe(o));
    }

    public SpecException bad(String field, String problem) {
        return new SpecException(
                file, field.startsWith("linux.") ? field : "linux.resources." + field, problem);
    }

    static String describe(Object o) {
        if (o instanceof String s) {
            return "a string \"" + s + "\"";
        }
        if (o instanceof Number n) {
            return "the number " + n;
        }
        if (o instanceof Boolean b) {
            return b.toString();
        }
        if (o instanceof Map) {
            return "an object";
        }
        return o instanceof java.util.List ? "an array" : String.valueOf(o);
    }
}
