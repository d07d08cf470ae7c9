package dev.sluice.rdmaproxy.abi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Test support: the abi classes whose constants and layouts mirror the uapi headers, read by
 * reflection.
 */
final class AbiClasses {
    /** Classes whose public int constants are header constants under their C names. */
    static final List<Class<?>> HEADER_CLASSES =
            List.of(
                    UverbsIoctl.class,
                    UverbsObjects.class,
                    UverbsMethods.class,
                    UverbsAttrs.class,
                    UverbsAttrValues.class,
                    LegacyCommands.class,
                    UverbsAttrStructs.class,
                    Mlx5Ids.class,
                    Mlx5Abi.class,
                    RxeAbi.class,
                    EfaAbi.class,
                    RdmaCmAbi.class);

    /** A public static final int field and its value. */
    record IntConstant(Class<?> owner, String name, int value) {
        @Override
        public String toString() {
            return owner.getSimpleName() + "." + name;
        }
    }

    private AbiClasses() {}

    static List<IntConstant> intConstants(Class<?> c) {
        List<IntConstant> out = new ArrayList<>();
        for (Field f : c.getDeclaredFields()) {
            int m = f.getModifiers();
            if (Modifier.isPublic(m)
                    && Modifier.isStatic(m)
                    && Modifier.isFinal(m)
                    && f.getType() == int.class) {
                try {
                    out.add(new IntConstant(c, f.getName(), f.getInt(null)));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return out;
    }

    /** Nested layout classes (those with a C_TYPE field) of the header classes. */
    static List<Class<?>> layoutClasses() {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : HEADER_CLASSES) {
            for (Class<?> n : c.getDeclaredClasses()) {
                try {
                    n.getField("C_TYPE");
                    out.add(n);
                } catch (NoSuchFieldException e) {
                    // records and other nested types
                }
            }
        }
        return out;
    }

    static String cType(Class<?> layout) {
        try {
            return (String) layout.getField("C_TYPE").get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The int field of {@code c} named {@code name}, or null. */
    static Integer intField(Class<?> c, String name) {
        try {
            Field f = c.getField(name);
            return f.getType() == int.class ? f.getInt(null) : null;
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
