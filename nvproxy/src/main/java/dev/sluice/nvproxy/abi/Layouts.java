package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sizes, member offsets, escape numbers and constants of one driver tag's structs, compiled for
 * x86_64 against the tag's headers: {@code frontend-<tag>.tsv} (the escapes of {@code
 * /dev/nvidiactl} and {@code /dev/nvidia<N>} and their params, nvproxy/tools/abigen/frontend.py)
 * and {@code uvmlayout-<tag>.tsv} (the UVM params, nvproxy/tools/abigen/uvm.py).
 *
 * @param tag the driver tag
 * @param kind {@code frontend} or {@code uvmlayout}
 * @param values by {@code kind name}: {@code sizeof T}, {@code offsetof T.member}, {@code escape
 *     NV_ESC_X}, {@code dispatched NV_ESC_X}, {@code constant NAME}
 */
public record Layouts(String tag, String kind, Map<String, Integer> values) {
    static final List<String> COLUMNS = List.of("kind", "name", "value");

    public Layouts {
        values = Collections.unmodifiableMap(values);
    }

    /** The layouts of {@code kind} at {@code tag}, read once. */
    public static Layouts of(String kind, String tag) {
        return GeneratedTable.cached(kind, tag, t -> load(kind, t));
    }

    private static Layouts load(String kind, String tag) {
        Map<String, Integer> m = new TreeMap<>();
        GeneratedTable.load(kind, tag, COLUMNS)
                .index(
                        r -> Map.entry(r.text("kind") + " " + r.text("name"), r.integer("value")),
                        Map.Entry::getKey,
                        new TreeMap<>())
                .forEach((k, e) -> m.put(k, e.getValue()));
        return new Layouts(tag, kind, m);
    }

    /** {@code sizeof(type)}, or -1 where the tag has no such type. */
    public int sizeOf(String type) {
        return values.getOrDefault("sizeof " + type, -1);
    }

    /** {@code offsetof(type, member)} for {@code type.member}, or -1 where the tag has none. */
    public int offsetOf(String designator) {
        return values.getOrDefault("offsetof " + designator, -1);
    }

    /** The number of escape {@code name}, or -1 where the tag has none. */
    public int escape(String name) {
        return values.getOrDefault("escape " + name, -1);
    }

    /**
     * The escapes the tag's dispatchers handle ({@code dispatched} rows), by name: an escape
     * defined but not dispatched is answered {@code EINVAL} by the driver.
     */
    public Map<String, Integer> dispatched() {
        Map<String, Integer> m = new TreeMap<>();
        values.forEach(
                (k, v) -> {
                    if (k.startsWith("dispatched ")) {
                        m.put(k.substring("dispatched ".length()), v);
                    }
                });
        return m;
    }

    /** The value of constant {@code name}, or -1 where the tag has none. */
    public int constant(String name) {
        return values.getOrDefault("constant " + name, -1);
    }
}
