package dev.sluice.rdmaproxy.abi;

import java.util.HashMap;
import java.util.Map;

/**
 * Names for log lines: object, method and attribute ids to their C names, from the core tables plus
 * any driver tables merged in. An unknown id prints as hex, so a line can always be written: {@code
 * uverbs: unsupported attribute 0x5 (UVERBS_ATTR_REG_DMABUF_MR_FD) of method
 * UVERBS_METHOD_REG_DMABUF_MR on object UVERBS_OBJECT_MR}.
 *
 * <p>Instances are immutable; {@link #withDriver} returns a new one.
 */
public final class UverbsNames {
    private static final UverbsNames CORE =
            new UverbsNames(UverbsObjects.NAMES, UverbsMethods.NAMES, UverbsAttrs.NAMES);

    private final Map<Integer, String> objects;
    private final Map<UverbsMethods.Key, String> methods;
    private final Map<UverbsAttrs.Key, String> attrs;

    private UverbsNames(
            Map<Integer, String> objects,
            Map<UverbsMethods.Key, String> methods,
            Map<UverbsAttrs.Key, String> attrs) {
        this.objects = Map.copyOf(objects);
        this.methods = Map.copyOf(methods);
        this.attrs = Map.copyOf(attrs);
    }

    /** The core namespace only. */
    public static UverbsNames core() {
        return CORE;
    }

    /** The core namespace plus mlx5's. */
    public static UverbsNames mlx5() {
        return CORE.withDriver(Mlx5Ids.OBJECT_NAMES, Mlx5Ids.METHOD_NAMES, Mlx5Ids.ATTR_NAMES);
    }

    /** The core namespace plus efa's. */
    public static UverbsNames efa() {
        return CORE.withDriver(EfaIds.OBJECT_NAMES, EfaIds.METHOD_NAMES, EfaIds.ATTR_NAMES);
    }

    /** These names plus a driver's; a key present in both is an error. */
    public UverbsNames withDriver(
            Map<Integer, String> driverObjects,
            Map<UverbsMethods.Key, String> driverMethods,
            Map<UverbsAttrs.Key, String> driverAttrs) {
        return new UverbsNames(
                merge(objects, driverObjects),
                merge(methods, driverMethods),
                merge(attrs, driverAttrs));
    }

    private static <K> Map<K, String> merge(Map<K, String> a, Map<K, String> b) {
        Map<K, String> m = new HashMap<>(a);
        for (Map.Entry<K, String> e : b.entrySet()) {
            String old = m.putIfAbsent(e.getKey(), e.getValue());
            if (old != null) {
                throw new IllegalArgumentException(
                        "name clash for " + e.getKey() + ": " + old + " and " + e.getValue());
            }
        }
        return m;
    }

    /** The object's C name, or its id in hex. */
    public String object(int object) {
        String n = objects.get(object);
        return n != null ? n : hex(object);
    }

    /** The method's C name, or its id in hex. */
    public String method(int object, int method) {
        String n = methods.get(new UverbsMethods.Key(object, method));
        return n != null ? n : hex(method);
    }

    /** The attribute's C name, or its id in hex. */
    public String attr(int object, int method, int attr) {
        String n = attrs.get(new UverbsAttrs.Key(object, method, attr));
        return n != null ? n : hex(attr);
    }

    /** {@code 0x3 (UVERBS_ATTR_...)} or just {@code 0x3} when the id has no name. */
    public String describeAttr(int object, int method, int attr) {
        String n = attrs.get(new UverbsAttrs.Key(object, method, attr));
        return n != null ? hex(attr) + " (" + n + ")" : hex(attr);
    }

    private static String hex(int id) {
        return "0x" + Integer.toHexString(id);
    }
}
