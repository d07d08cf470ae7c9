package dev.sluice.nvproxy.abi;

import dev.sluice.nvproxy.driver.DriverAbis;
import dev.sluice.nvproxy.frontend.DriverAbi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Helpers shared by the table tests: the public static int constants a class declares, and the ids
 * of commands, classes and UVM numbers looked up by name in the generated data of the traced tag
 * ({@value #TAG}, whose ABI the GPU host's 580.159.04 has). Ids differ between tags, so tests name
 * what they use and take its id from the data.
 */
public final class AbiTables {
    /** The tag whose data describes the GPU host's driver, 580.159.04. */
    public static final String TAG = "580.142";

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

    /** The control command {@code name} at {@value #TAG}; fails when the tag exports none. */
    public static ControlCommands.Command command(String name) {
        ControlCommands.Command c = ControlCommands.of(TAG).named(name);
        if (c == null) {
            throw new AssertionError(TAG + " exports no control named " + name);
        }
        return c;
    }

    /** The id of control command {@code name} at {@value #TAG}. */
    public static int control(String name) {
        return command(name).cmd();
    }

    /** The name of control id {@code cmd} at {@value #TAG}, as the handlers name it. */
    public static String controlName(int cmd) {
        return ControlCommands.of(TAG).name(cmd);
    }

    /** The allocation class {@code name} at {@value #TAG}; fails when the tag has none. */
    public static AllocClasses.AllocClass allocClass(String name) {
        AllocClasses.AllocClass c = AllocClasses.of(TAG).byName().get(name);
        if (c == null) {
            throw new AssertionError(TAG + " allocates no class named " + name);
        }
        return c;
    }

    /** The id of allocation class {@code name} at {@value #TAG}. */
    public static int classId(String name) {
        return allocClass(name).hClass();
    }

    /** The UVM command {@code name} at {@value #TAG}; fails when the tag defines none. */
    public static UvmCommands.Command uvmCommand(String name) {
        for (UvmCommands.Command c : UvmCommands.of(TAG).byNumber().values()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new AssertionError(TAG + " defines no UVM command named " + name);
    }

    /** The number of UVM command {@code name} at {@value #TAG}. */
    public static int uvm(String name) {
        return uvmCommand(name).cmd();
    }

    /** The policy applied to the GPU host's driver, 580.159.04 ({@value #TAG}). */
    public static DriverAbi reference() {
        return DriverAbis.forVersion(DriverAbis.REFERENCE);
    }

    /** The escapes of {@value #TAG}, with its sizes. */
    public static FrontendRequests frontend() {
        return FrontendRequests.of(Layouts.of("frontend", TAG));
    }
}
