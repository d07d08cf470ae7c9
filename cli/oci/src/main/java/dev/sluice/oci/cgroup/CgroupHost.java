package dev.sluice.oci.cgroup;

import dev.sluice.oci.OciException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The host's cgroup filesystems as this process sees them: the unified v2 tree when a {@code
 * cgroup2} filesystem is mounted at {@code /sys/fs/cgroup} (runc's test), else every mounted v1
 * hierarchy that {@code /proc/self/cgroup} lists, named ones ({@code name=systemd}) included. On a
 * hybrid host (v1 controllers, and a v2 tree without controllers at {@code /sys/fs/cgroup/unified})
 * the v1 hierarchies are used, and the container joins the v2 tree too, for membership only, as
 * runc does (systemd tracks processes there).
 *
 * <p>Read from {@code /proc/self/mountinfo} rather than guessed from directory names, because
 * controllers may be co-mounted ({@code cpu,cpuacct}) and mounts may show a subtree.
 */
public final class CgroupHost {
    public static final Path DEFAULT_BASE = Path.of("/sys/fs/cgroup");

    private final CgroupVersion version;
    private final List<Hierarchy> hierarchies;
    private final CgroupFs fs;

    CgroupHost(CgroupVersion version, List<Hierarchy> hierarchies, CgroupFs fs) {
        this.version = version;
        this.hierarchies = List.copyOf(hierarchies);
        this.fs = fs;
    }

    /** This host's cgroups; fails if none is mounted. */
    public static CgroupHost detect() {
        try {
            return parse(
                    Files.readString(Path.of("/proc/self/mountinfo")),
                    Files.readString(Path.of("/proc/self/cgroup")),
                    DEFAULT_BASE,
                    CgroupFs.HOST);
        } catch (IOException e) {
            throw new OciException("cannot read this process's cgroups: " + e.getMessage(), e);
        }
    }

    /**
     * The cgroups described by a mountinfo text and a {@code /proc/PID/cgroup} text; v2 when a
     * cgroup2 filesystem is mounted at {@code base}.
     */
    public static CgroupHost parse(String mountinfo, String selfCgroup, Path base, CgroupFs fs) {
        List<Mount> mounts = new ArrayList<>();
        for (String line : mountinfo.split("\n")) {
            Mount m = Mount.parse(line);
            if (m != null) {
                mounts.add(m);
            }
        }
        Map<String, String> own = new LinkedHashMap<>();
        for (String line : selfCgroup.split("\n")) {
            String[] f = line.split(":", 3);
            if (f.length == 3) {
                own.put(f[1], f[2]);
            }
        }
        Mount unifiedAtBase =
                mounts.stream()
                        .filter(m -> m.v2() && m.point().equals(base))
                        .findFirst()
                        .orElse(null);
        if (unifiedAtBase != null) {
            return new CgroupHost(CgroupVersion.V2, List.of(unified(unifiedAtBase, own)), fs);
        }
        List<Hierarchy> v1 = new ArrayList<>();
        for (Map.Entry<String, String> e : own.entrySet()) {
            if (e.getKey().isEmpty()) {
                continue;
            }
            List<String> wanted = Arrays.asList(e.getKey().split(","));
            mounts.stream()
                    .filter(m -> !m.v2() && m.superOptions().containsAll(wanted))
                    .findFirst()
                    .ifPresent(
                            m ->
                                    v1.add(
                                            new Hierarchy(
                                                    e.getKey(),
                                                    m.point(),
                                                    m.root(),
                                                    e.getValue())));
        }
        if (!v1.isEmpty()) {
            Mount hybrid = mounts.stream().filter(Mount::v2).findFirst().orElse(null);
            if (hybrid != null && own.containsKey("")) {
                v1.add(unified(hybrid, own));
            }
            return new CgroupHost(CgroupVersion.V1, v1, fs);
        }
        Mount anyV2 = mounts.stream().filter(Mount::v2).findFirst().orElse(null);
        if (anyV2 != null) {
            return new CgroupHost(CgroupVersion.V2, List.of(unified(anyV2, own)), fs);
        }
        throw new OciException(
                "no cgroup filesystem is mounted (looked for cgroup2 at "
                        + base
                        + " and cgroup v1 hierarchies in /proc/self/mountinfo)");
    }

    private static Hierarchy unified(Mount m, Map<String, String> own) {
        return new Hierarchy("", m.point(), m.root(), own.getOrDefault("", "/"));
    }

    public CgroupVersion version() {
        return version;
    }

    public List<Hierarchy> hierarchies() {
        return hierarchies;
    }

    /**
     * The cgroup at {@code path} (from {@link CgroupsPath#resolve}: absolute in each hierarchy, or
     * relative to this process's own cgroup there). Refuses, with the reason as the message of an
     * {@link IllegalArgumentException}, a path that is a hierarchy's root or contains this
     * process's own cgroup: {@code delete} kills whatever is left in a container's cgroup.
     */
    public Cgroup cgroup(String path) {
        Map<String, Path> dirs = new LinkedHashMap<>();
        for (Hierarchy h : hierarchies) {
            String p = CgroupsPath.in(path, h.own());
            String where = h.name().isEmpty() ? "the cgroup v2 tree" : "hierarchy " + h.name();
            if (p.equals("/")) {
                throw new IllegalArgumentException(
                        "is the root of " + where + ": a container needs a cgroup of its own");
            }
            if (h.own().equals(p) || h.own().startsWith(p + "/")) {
                throw new IllegalArgumentException(
                        "cgroup "
                                + p
                                + " holds the runtime's own cgroup "
                                + h.own()
                                + " in "
                                + where
                                + ": a container needs a cgroup of its own");
            }
            dirs.put(h.name(), h.dir(p));
        }
        return version == CgroupVersion.V1
                ? new CgroupV1(dirs, fs)
                : new CgroupV2(hierarchies.get(0).mount(), dirs.get(""), fs);
    }

    /**
     * This process's own cgroup, in every hierarchy: where {@link ExecPlacement#leave} puts exec's
     * waiting process back. Fails where a mount does not show it (a subtree mount).
     */
    public Cgroup own() {
        Map<String, Path> dirs = new LinkedHashMap<>();
        for (Hierarchy h : hierarchies) {
            try {
                dirs.put(h.name(), h.dir(h.own()));
            } catch (IllegalArgumentException e) {
                throw new OciException(
                        "cannot find this process's own cgroup: " + e.getMessage(), e);
            }
        }
        return version == CgroupVersion.V1
                ? new CgroupV1(dirs, fs)
                : new CgroupV2(hierarchies.get(0).mount(), dirs.get(""), fs);
    }

    /** One line of /proc/PID/mountinfo, of a cgroup or cgroup2 filesystem. */
    record Mount(String root, Path point, boolean v2, List<String> superOptions) {
        /** The mount of a mountinfo line; null for other filesystems and malformed lines. */
        static Mount parse(String line) {
            String[] f = line.trim().split(" ");
            int dash = Arrays.asList(f).indexOf("-");
            if (dash < 6 || f.length < dash + 4) {
                return null;
            }
            String type = f[dash + 1];
            if (!type.equals("cgroup") && !type.equals("cgroup2")) {
                return null;
            }
            return new Mount(
                    unescape(f[3]),
                    Path.of(unescape(f[4])),
                    type.equals("cgroup2"),
                    Arrays.asList(f[dash + 3].split(",")));
        }

        /** mountinfo escapes space, tab, newline and backslash as {@code \ooo}. */
        static String unescape(String s) {
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\'
                        && i + 3 < s.length()
                        && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                    b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                    i += 3;
                } else {
                    b.append(c);
                }
            }
            return b.toString();
        }
    }
}
