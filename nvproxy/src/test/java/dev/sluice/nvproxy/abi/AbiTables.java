package dev.sluice.nvproxy.abi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Reflection helpers shared by the table tests: the public static int constants a class declares.
 */
final class AbiTables {
    private AbiTables() {}

    /**
     * Name to value of every public static final int field of {@code type} whose name passes {@code
     * filter}.
     */
    static Map<String, Integer> intConstants(Class<?> type, Predicate<String> filter) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Field f : type.getDeclaredFields()) {
            int mod = f.getModifiers();
            if (Modifier.isPublic(mod)
                    && Modifier.isStatic(mod)
                    && Modifier.isFinal(mod)
                    && f.getType() == int.class
                    && filter.test(f.getName())) {
                try {
                    out.put(f.getName(), f.getInt(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return out;
    }
}
