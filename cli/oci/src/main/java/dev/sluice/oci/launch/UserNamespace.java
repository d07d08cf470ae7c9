package dev.sluice.oci.launch;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import java.util.ArrayList;
import java.util.List;

/**
 * A container's user namespace ({@code linux.namespaces} type {@code user}): made new with {@code
 * linux.uidMappings} and {@code gidMappings}, or joined by {@code path} (whose maps are already
 * set). This class checks the maps the way the kernel will (user_namespaces(7), "Defining user and
 * group ID mappings") so that a bad one is refused naming its field before anything runs, renders
 * them as the text of {@code /proc/PID/uid_map}, and answers which ids they map.
 */
public final class UserNamespace {
    /** UID_GID_MAP_MAX_EXTENTS, include/linux/user_namespace.h (Linux 4.15): lines per map. */
    public static final int MAX_RANGES = 340;

    /**
     * kernel/user_namespace.c, map_write(): a write of PAGE_SIZE (4 KiB on x86) or more is EINVAL.
     */
    public static final int MAX_MAP_BYTES = 4095;

    /** (u32)-1 is no id (include/linux/uidgid.h, INVALID_UID): a range must end before it. */
    static final long ID_LIMIT = 0xffffffffL;

    /**
     * One line of a map: container ids {@code [containerId, containerId + size)} are host ids from
     * {@code hostId}.
     */
    public record Range(long containerId, long hostId, long size) {
        boolean mapsContainer(long id) {
            return id >= containerId && id - containerId < size;
        }

        String line() {
            return containerId + " " + hostId + " " + size + "\n";
        }
    }

    private final String path;
    private final List<Range> uids;
    private final List<Range> gids;

    private UserNamespace(String path, List<Range> uids, List<Range> gids) {
        this.path = path;
        this.uids = List.copyOf(uids);
        this.gids = List.copyOf(gids);
    }

    /**
     * The container's user namespace, or null when it has none; checks the maps and refuses maps
     * without a user namespace, a new namespace without maps, and maps for a joined one.
     */
    public static UserNamespace of(Spec spec, String file) {
        Spec.Linux l = spec.linux();
        if (l == null) {
            return null;
        }
        int index = -1;
        for (int i = 0; i < l.namespaces().size(); i++) {
            if ("user".equals(l.namespaces().get(i).type())) {
                index = i;
            }
        }
        if (index < 0) {
            if (!l.uidMappings().isEmpty() || !l.gidMappings().isEmpty()) {
                throw new SpecException(
                        file,
                        l.uidMappings().isEmpty() ? "linux.gidMappings" : "linux.uidMappings",
                        "mappings need a user namespace (linux.namespaces has no \"user\")");
            }
            return null;
        }
        String path = l.namespaces().get(index).path();
        if (path != null && !path.isEmpty()) {
            if (!l.uidMappings().isEmpty() || !l.gidMappings().isEmpty()) {
                throw new SpecException(
                        file,
                        l.uidMappings().isEmpty() ? "linux.gidMappings" : "linux.uidMappings",
                        "the user namespace is joined by path (linux.namespaces["
                                + index
                                + "].path), whose maps are"
                                + " already set: leave the mappings out");
            }
            return new UserNamespace(path, List.of(), List.of());
        }
        List<Range> uids = ranges(file, "linux.uidMappings", "uid", l.uidMappings());
        List<Range> gids = ranges(file, "linux.gidMappings", "gid", l.gidMappings());
        return new UserNamespace(null, uids, gids);
    }

    private static List<Range> ranges(
            String file, String field, String what, List<Spec.IdMapping> mappings) {
        if (mappings.isEmpty()) {
            throw new SpecException(
                    file,
                    field,
                    "missing: a new user namespace needs "
                            + what
                            + " mappings"
                            + " (e.g. [{\"containerID\": 0, \"hostID\": 100000, \"size\": 65536}])");
        }
        if (mappings.size() > MAX_RANGES) {
            throw new SpecException(
                    file,
                    field,
                    mappings.size() + " ranges: the kernel takes at most " + MAX_RANGES);
        }
        List<Range> out = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < mappings.size(); i++) {
            String f = field + "[" + i + "]";
            Spec.IdMapping m = mappings.get(i);
            if (m == null) {
                throw new SpecException(file, f, "must not be null");
            }
            long container = id(file, f + ".containerID", m.containerID());
            long host = id(file, f + ".hostID", m.hostID());
            long size = id(file, f + ".size", m.size());
            if (size == 0) {
                throw new SpecException(file, f + ".size", "must be at least 1");
            }
            if (container + size > ID_LIMIT) {
                throw new SpecException(
                        file,
                        f,
                        "container "
                                + what
                                + "s "
                                + container
                                + " to "
                                + (container + size - 1)
                                + " run past "
                                + (ID_LIMIT - 1)
                                + ", the last "
                                + what);
            }
            if (host + size > ID_LIMIT) {
                throw new SpecException(
                        file,
                        f,
                        "host "
                                + what
                                + "s "
                                + host
                                + " to "
                                + (host + size - 1)
                                + " run past "
                                + (ID_LIMIT - 1)
                                + ", the last "
                                + what);
            }
            Range r = new Range(container, host, size);
            for (int j = 0; j < out.size(); j++) {
                Range o = out.get(j);
                if (overlap(r.containerId, o.containerId, size, o.size)) {
                    throw new SpecException(
                            file,
                            f,
                            "container "
                                    + what
                                    + "s "
                                    + span(r.containerId, size)
                                    + " overlap "
                                    + field
                                    + "["
                                    + j
                                    + "] ("
                                    + span(o.containerId, o.size)
                                    + ")");
                }
                if (overlap(r.hostId, o.hostId, size, o.size)) {
                    throw new SpecException(
                            file,
                            f,
                            "host "
                                    + what
                                    + "s "
                                    + span(r.hostId, size)
                                    + " overlap "
                                    + field
                                    + "["
                                    + j
                                    + "] ("
                                    + span(o.hostId, o.size)
                                    + ")");
                }
            }
            out.add(r);
            text.append(r.line());
        }
        if (text.length() > MAX_MAP_BYTES) {
            throw new SpecException(
                    file,
                    field,
                    "the map is "
                            + text.length()
                            + " bytes of text; the kernel takes it in one"
                            + " write of at most "
                            + MAX_MAP_BYTES);
        }
        if (out.stream().noneMatch(r -> r.mapsContainer(0))) {
            throw new SpecException(
                    file,
                    field,
                    "no range maps container "
                            + what
                            + " 0: sluice-init sets the container"
                            + " up as root of its user namespace");
        }
        return out;
    }

    private static long id(String file, String field, Long v) {
        if (v == null) {
            throw new SpecException(file, field, "missing");
        }
        if (v < 0 || v > ID_LIMIT) {
            throw new SpecException(file, field, "out of range (0 to " + ID_LIMIT + "): " + v);
        }
        return v;
    }

    private static boolean overlap(long a, long b, long sizeA, long sizeB) {
        return a < b + sizeB && b < a + sizeA;
    }

    private static String span(long first, long size) {
        return first + "-" + (first + size - 1);
    }

    /** Whether the namespace is joined by path (its maps are not Sluice's). */
    public boolean joined() {
        return path != null;
    }

    /** The joined namespace's path, or null for a new one. */
    public String path() {
        return path;
    }

    /** The text of uid_map: one {@code ID HOSTID SIZE} line per range. */
    public String uidMap() {
        return text(uids);
    }

    public String gidMap() {
        return text(gids);
    }

    private static String text(List<Range> ranges) {
        StringBuilder b = new StringBuilder();
        ranges.forEach(r -> b.append(r.line()));
        return b.toString();
    }

    /**
     * Whether container uid {@code id} is mapped; always true for a joined namespace (its maps are
     * unknown here).
     */
    public boolean mapsUid(long id) {
        return joined() || uids.stream().anyMatch(r -> r.mapsContainer(id));
    }

    public boolean mapsGid(long id) {
        return joined() || gids.stream().anyMatch(r -> r.mapsContainer(id));
    }

    /** Whether host uid {@code id} is in a range of the uid map (false for a joined namespace). */
    public boolean mapsHostUid(long id) {
        return uids.stream().anyMatch(r -> id >= r.hostId && id - r.hostId < r.size);
    }

    public boolean mapsHostGid(long id) {
        return gids.stream().anyMatch(r -> id >= r.hostId && id - r.hostId < r.size);
    }

    /** The host uid of container uid {@code id}, or -1 if unmapped or the namespace is joined. */
    public long hostUid(long id) {
        return host(uids, id);
    }

    public long hostGid(long id) {
        return host(gids, id);
    }

    private static long host(List<Range> ranges, long id) {
        for (Range r : ranges) {
            if (r.mapsContainer(id)) {
                return r.hostId + (id - r.containerId);
            }
        }
        return -1;
    }
}
