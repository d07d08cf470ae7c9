package dev.sluice.oci.cgroup;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * {@code linux.cgroupsPath} to the cgroup path of a container, with runc's meanings:
 *
 * <ul>
 *   <li>an absolute path ({@code /default/c1}) is taken from the root of each hierarchy;
 *   <li>a relative path ({@code c1}, {@code a/b}) from the runtime's own cgroup in each hierarchy
 *       (the caller's: containerd's shim, conmon), and cannot climb out of it ({@code ..} stops
 *       there);
 *   <li>with {@code --systemd-cgroup}, {@code slice:prefix:name}: the cgroup systemd would give the
 *       transient scope {@code prefix-name.scope} in {@code slice} ({@code system.slice:docker:c1}
 *       is {@code /system.slice/docker-c1.scope}; a dashed slice nests: {@code
 *       kubepods-besteffort.slice} is {@code /kubepods.slice/kubepods-besteffort.slice}). Sluice
 *       makes that cgroup itself and does not ask systemd for the unit (docs/oci.md);
 *   <li>absent: {@code /sluice/<id>} ({@code system.slice:sluice:<id>} with {@code
 *       --systemd-cgroup}).
 * </ul>
 *
 * Problems are {@link IllegalArgumentException}s whose message says what is wrong with the value;
 * the caller names the field.
 */
public final class CgroupsPath {
    /** Where containers without a cgroupsPath go. */
    public static final String DEFAULT_PARENT = "/sluice";

    static final String SYSTEMD_DEFAULT_SLICE = "system.slice";
    static final String SYSTEMD_DEFAULT_PREFIX = "sluice";

    private CgroupsPath() {}

    /**
     * The cleaned path: {@code /a/b} (absolute) or {@code a/b} (relative; empty: the own cgroup).
     */
    public static String resolve(String cgroupsPath, boolean systemd, String id) {
        boolean absent = cgroupsPath == null || cgroupsPath.isEmpty();
        if (systemd) {
            return systemd(
                    absent
                            ? SYSTEMD_DEFAULT_SLICE + ":" + SYSTEMD_DEFAULT_PREFIX + ":" + id
                            : cgroupsPath);
        }
        return clean(absent ? DEFAULT_PARENT + "/" + id : cgroupsPath);
    }

    /**
     * {@code path} as an absolute path in a hierarchy where the runtime's own cgroup is {@code
     * own}.
     */
    static String in(String path, String own) {
        return path.startsWith("/") ? path : clean(own + "/" + path);
    }

    /**
     * Lexically cleaned, as runc's CleanPath: {@code .} and empty elements dropped, {@code ..}
     * applied but never above the start (the root, or the own cgroup for a relative path).
     */
    static String clean(String p) {
        boolean absolute = p.startsWith("/");
        Deque<String> parts = new ArrayDeque<>();
        for (String s : p.split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                parts.pollLast();
            } else {
                parts.addLast(s);
            }
        }
        String joined = String.join("/", parts);
        return absolute ? "/" + joined : joined;
    }

    private static String systemd(String value) {
        String[] f = value.split(":", -1);
        if (f.length != 3) {
            throw new IllegalArgumentException(
                    "expected \"slice:prefix:name\" with --systemd-cgroup, got \"" + value + "\"");
        }
        String slice = f[0].isEmpty() ? SYSTEMD_DEFAULT_SLICE : f[0];
        String prefix = f[1];
        String name = f[2];
        if (name.isEmpty() || name.contains("/") || prefix.contains("/")) {
            throw new IllegalArgumentException(
                    "the name and prefix of \""
                            + value
                            + "\" must be non-empty unit name parts without \"/\"");
        }
        String unit =
                name.endsWith(".slice")
                        ? name
                        : (prefix.isEmpty() ? "" : prefix + "-") + name + ".scope";
        String parent = expandSlice(slice);
        return (parent.equals("/") ? "" : parent) + "/" + unit;
    }

    /**
     * systemd's slice nesting: {@code a-b-c.slice} lives in {@code /a.slice/a-b.slice/a-b-c.slice};
     * {@code -.slice} is the root.
     */
    static String expandSlice(String slice) {
        if (!slice.endsWith(".slice") || slice.contains("/")) {
            throw new IllegalArgumentException(
                    "invalid slice \""
                            + slice
                            + "\": a systemd slice name ends in .slice and has no \"/\"");
        }
        if (slice.equals("-.slice")) {
            return "/";
        }
        String base = slice.substring(0, slice.length() - ".slice".length());
        if (base.isEmpty() || base.startsWith("-") || base.endsWith("-") || base.contains("--")) {
            throw new IllegalArgumentException(
                    "invalid slice \"" + slice + "\": empty parts between dashes");
        }
        StringBuilder path = new StringBuilder();
        String[] parts = base.split("-");
        StringBuilder prefix = new StringBuilder();
        for (String part : parts) {
            if (prefix.length() > 0) {
                prefix.append('-');
            }
            prefix.append(part);
            path.append('/').append(prefix).append(".slice");
        }
        return path.toString();
    }
}
