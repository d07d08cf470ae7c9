package dev.sluice.oci.cgroup;

import dev.sluice.oci.spec.Spec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code linux.resources} as data: for each cgroup version, which field goes to which control file
 * and how its value is converted. Rows are written in table order, which matters where the kernel
 * checks one file against another (v1: the memory limit before memory+swap, the CFS period before
 * the quota, the real-time period before the runtime). A field no row of the host's version reads
 * is refused, naming the field, unless its value asks for nothing (absent, 0, -1, false, empty):
 * clients send such defaults (containerd's {@code cpu.shares}, docker's zeros).
 *
 * <p>Conventions from runtime-spec and runc: 0 means "not set" for limits, -1 "unlimited" ({@code
 * max} on v2 and for {@code pids.max}); {@code memory.swap} is memory plus swap (v1's {@code
 * memsw}), so v2's {@code memory.swap.max} is {@code swap - limit}; {@code cpu.shares} becomes v2's
 * {@code cpu.weight} as {@code 1 + ((shares - 2) * 9999) / 262142}.
 */
public final class ResourceTable {
    private static final Logger LOG = LoggerFactory.getLogger(ResourceTable.class);

    /** Groups of {@code linux.resources} whose keys the tables cover or refuse. */
    static final List<String> GROUPS =
            List.of("memory", "cpu", "pids", "blockIO", "network", "rdma");

    /**
     * Keys that configure nothing a container's creation applies (update-time or always-on
     * behaviour).
     */
    static final Set<String> IGNORED = Set.of("memory.checkBeforeUpdate", "memory.useHierarchy");

    /**
     * Deprecated settings that are accepted and ignored with a warning, as runc 1.1 does: kernel
     * memory accounting has no separate limit since Linux 5.4 (cgroup v1's {@code
     * memory.kmem.limit_in_bytes} is deprecated, v2 never had it), and the runtime spec marks both
     * fields deprecated.
     */
    static final Map<String, String> DEPRECATED =
            Map.of(
                    "memory.kernel", "kernel memory settings are ignored, as runc ignores them",
                    "memory.kernelTCP", "kernel memory settings are ignored, as runc ignores them");

    static final List<ResourceRule> V1 =
            List.of(
                    row("memory.limit", "memory", "memory.limit_in_bytes", ResourceTable::bytes),
                    row(
                            "memory.reservation",
                            "memory",
                            "memory.soft_limit_in_bytes",
                            ResourceTable::bytes),
                    // memsw exists only with swap accounting (swapaccount=1 / CONFIG_MEMCG_SWAP).
                    optional(
                            List.of("memory.swap", "memory.limit"),
                            "memory",
                            "memory.memsw.limit_in_bytes",
                            ResourceTable::swapV1),
                    row(
                            "memory.swappiness",
                            "memory",
                            "memory.swappiness",
                            ResourceTable::swappiness),
                    row(
                            "memory.disableOOMKiller",
                            "memory",
                            "memory.oom_control",
                            ResourceTable::flag),
                    row("cpu.shares", "cpu", "cpu.shares", ResourceTable::positive),
                    row("cpu.period", "cpu", "cpu.cfs_period_us", ResourceTable::positive),
                    row("cpu.quota", "cpu", "cpu.cfs_quota_us", ResourceTable::bytes),
                    optional(
                            List.of("cpu.burst"),
                            "cpu",
                            "cpu.cfs_burst_us",
                            ResourceTable::positive),
                    row("cpu.realtimePeriod", "cpu", "cpu.rt_period_us", ResourceTable::positive),
                    row("cpu.realtimeRuntime", "cpu", "cpu.rt_runtime_us", ResourceTable::bytes),
                    row("cpu.idle", "cpu", "cpu.idle", ResourceTable::idle),
                    row("cpu.cpus", "cpuset", "cpuset.cpus", ResourceTable::cpuList),
                    row("cpu.mems", "cpuset", "cpuset.mems", ResourceTable::cpuList),
                    row("pids.limit", "pids", "pids.max", ResourceTable::maxOr));

    static final List<ResourceRule> V2 =
            List.of(
                    row("memory.limit", "memory", "memory.max", ResourceTable::maxOr),
                    row("memory.reservation", "memory", "memory.low", ResourceTable::maxOr),
                    // memory.swap.max exists only with swap accounting.
                    optional(
                            List.of("memory.swap", "memory.limit"),
                            "memory",
                            "memory.swap.max",
                            ResourceTable::swapV2),
                    row("cpu.shares", "cpu", "cpu.weight", ResourceTable::weight),
                    new ResourceRule(
                            List.of("cpu.quota", "cpu.period"),
                            "cpu",
                            "cpu.max",
                            ResourceTable::cpuMax,
                            false),
                    row("cpu.burst", "cpu", "cpu.max.burst", ResourceTable::positive),
                    row("cpu.idle", "cpu", "cpu.idle", ResourceTable::idle),
                    row("cpu.cpus", "cpuset", "cpuset.cpus", ResourceTable::cpuList),
                    row("cpu.mems", "cpuset", "cpuset.mems", ResourceTable::cpuList),
                    row("pids.limit", "pids", "pids.max", ResourceTable::maxOr));

    private ResourceTable() {}

    private static ResourceRule row(
            String field, String controller, String file, ResourceRule.Converter c) {
        return new ResourceRule(List.of(field), controller, file, c, false);
    }

    private static ResourceRule optional(
            List<String> fields, String controller, String file, ResourceRule.Converter c) {
        return new ResourceRule(fields, controller, file, c, true);
    }

    public static List<ResourceRule> of(CgroupVersion v) {
        return v == CgroupVersion.V1 ? V1 : V2;
    }

    /**
     * The writes {@code resources} asks for on {@code version}, in order; refuses what that
     * version's table does not carry out (and {@code hugepageLimits}, which is refused: Sluice
     * writes no hugetlb limits).
     */
    public static List<CgroupWrite> writes(
            Spec.Resources resources, CgroupVersion version, String file) {
        ResourceValues v = new ResourceValues(resources, file);
        List<ResourceRule> rules = of(version);
        Set<String> covered = new LinkedHashSet<>();
        rules.forEach(r -> covered.addAll(r.fields()));
        for (String g : GROUPS) {
            for (Map.Entry<String, Object> e : v.group(g).entrySet()) {
                String key = g + "." + e.getKey();
                if (covered.contains(key)
                        || IGNORED.contains(key)
                        || asksForNothing(e.getValue())) {
                    continue;
                }
                if (DEPRECATED.containsKey(key)) {
                    LOG.warn("{}: linux.resources.{}: {}", file, key, DEPRECATED.get(key));
                    continue;
                }
                CgroupVersion other =
                        version == CgroupVersion.V1 ? CgroupVersion.V2 : CgroupVersion.V1;
                boolean elsewhere = of(other).stream().anyMatch(r -> r.fields().contains(key));
                throw v.bad(
                        key,
                        (elsewhere
                                        ? "a "
                                                + other.label()
                                                + " setting that this host's "
                                                + version.label()
                                                + " does not have"
                                        : "not supported by sluice yet")
                                + " (got "
                                + e.getValue()
                                + ")");
            }
        }
        if (!resources.hugepageLimits().isEmpty()) {
            throw v.bad("hugepageLimits", "not supported by sluice yet");
        }
        List<CgroupWrite> out = new ArrayList<>();
        for (ResourceRule r : rules) {
            CgroupWrite w = r.write(v);
            if (w != null) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * {@code linux.resources.unified}: v2 control files by name, written as given after the typed
     * rows (so they win). Keys must be a controller's file ({@code memory.high}); the core {@code
     * cgroup.*} files (procs, subtree_control, freeze, kill) are the runtime's own. v1 has no
     * unified files.
     */
    public static List<CgroupWrite> unified(
            Spec.Resources resources, CgroupVersion version, String file) {
        ResourceValues v = new ResourceValues(resources, file);
        List<CgroupWrite> out = new ArrayList<>();
        for (Map.Entry<String, Object> e : resources.unified().entrySet()) {
            String field = "linux.resources.unified." + e.getKey();
            if (version == CgroupVersion.V1) {
                throw v.bad(
                        field, "unified (cgroup v2) files cannot be set on this host's cgroup v1");
            }
            if (!e.getKey().matches("[a-z]+\\.[a-z0-9_.]+") || e.getKey().startsWith("cgroup.")) {
                throw v.bad(
                        field,
                        "not a controller's control file (such as memory.high); the cgroup.* files are the runtime's");
            }
            if (!(e.getValue() instanceof String s)) {
                throw v.bad(
                        field, "expected a string, got " + ResourceValues.describe(e.getValue()));
            }
            out.add(
                    new CgroupWrite(
                            field,
                            e.getKey().substring(0, e.getKey().indexOf('.')),
                            e.getKey(),
                            s,
                            false));
        }
        return out;
    }

    /** Absent, false, 0, -1 or empty: no limit, whatever the field. */
    static boolean asksForNothing(Object value) {
        if (value == null || Boolean.FALSE.equals(value) || "".equals(value)) {
            return true;
        }
        if (value instanceof Integer
                || value instanceof Long
                || value instanceof java.math.BigInteger) {
            long n = ((Number) value).longValue();
            return n == 0 || n == -1;
        }
        return false;
    }

    // ---- converters ----------------------------------------------------------------------------

    /** A byte count or microseconds: 0 not set, -1 unlimited (v1 takes -1 itself). */
    static String bytes(ResourceValues v, String field) {
        Long n = v.integer(field);
        if (n == null || n == 0) {
            return null;
        }
        if (n < -1) {
            throw v.bad(field, "must be positive, or -1 for unlimited (got " + n + ")");
        }
        return Long.toString(n);
    }

    /** As {@link #bytes}, with -1 written as {@code max}. */
    static String maxOr(ResourceValues v, String field) {
        String s = bytes(v, field);
        return "-1".equals(s) ? "max" : s;
    }

    static String positive(ResourceValues v, String field) {
        Long n = v.integer(field);
        if (n == null || n == 0) {
            return null;
        }
        if (n < 0) {
            throw v.bad(field, "must be positive (got " + n + ")");
        }
        return Long.toString(n);
    }

    static String flag(ResourceValues v, String field) {
        return Boolean.TRUE.equals(v.bool(field)) ? "1" : null;
    }

    static String swappiness(ResourceValues v, String field) {
        Long n = v.integer(field);
        if (n == null || n == -1) {
            return null;
        }
        if (n < 0 || n > 100) {
            throw v.bad(field, "must be 0 to 100 (got " + n + ")");
        }
        return Long.toString(n);
    }

    static String idle(ResourceValues v, String field) {
        Long n = v.integer(field);
        if (n == null || n == 0) {
            return null;
        }
        if (n != 1) {
            throw v.bad(field, "must be 0 or 1 (got " + n + ")");
        }
        return "1";
    }

    /** A cpuset list ({@code 0-3,7}). */
    static String cpuList(ResourceValues v, String field) {
        String s = v.string(field);
        if (s == null || s.isEmpty()) {
            return null;
        }
        if (!s.matches("\\d+(-\\d+)?(,\\d+(-\\d+)?)*")) {
            throw v.bad(field, "expected a list such as \"0-3,7\", got \"" + s + "\"");
        }
        return s;
    }

    /** Memory plus swap, at least the memory limit. */
    static String swapV1(ResourceValues v, String field) {
        checkSwap(v);
        return bytes(v, field);
    }

    private static void checkSwap(ResourceValues v) {
        Long swap = v.integer("memory.swap");
        Long limit = v.integer("memory.limit");
        if (swap != null && swap > 0 && limit != null && limit > 0 && swap < limit) {
            throw v.bad(
                    "memory.swap",
                    "is memory plus swap, so at least memory.limit (" + limit + "), got " + swap);
        }
    }

    /** v2 limits swap alone: {@code swap - limit}, which needs a memory limit. */
    static String swapV2(ResourceValues v, String field) {
        checkSwap(v);
        Long swap = v.integer("memory.swap");
        if (swap == null || swap == 0) {
            return null;
        }
        if (swap == -1) {
            return "max";
        }
        if (swap < -1) {
            throw v.bad(field, "must be positive, or -1 for unlimited (got " + swap + ")");
        }
        Long limit = v.integer("memory.limit");
        if (limit == null || limit <= 0) {
            throw v.bad(
                    field,
                    "on cgroup v2 a swap limit needs memory.limit too (memory.swap is memory plus swap)");
        }
        return Long.toString(swap - limit);
    }

    /** runc's conversion of v1 shares (2 to 262144) to a v2 weight (1 to 10000). */
    static String weight(ResourceValues v, String field) {
        Long shares = v.integer(field);
        if (shares == null || shares == 0) {
            return null;
        }
        if (shares < 2 || shares > 262144) {
            throw v.bad(field, "must be 2 to 262144 (got " + shares + ")");
        }
        return Long.toString(1 + ((shares - 2) * 9999) / 262142);
    }

    /** {@code cpu.max}: {@code $QUOTA $PERIOD}, the quota {@code max} when unlimited or unset. */
    static String cpuMax(ResourceValues v, String field) {
        String quota = bytes(v, "cpu.quota");
        String period = positive(v, "cpu.period");
        if (quota == null && period == null) {
            return null;
        }
        String q = quota == null || quota.equals("-1") ? "max" : quota;
        return period == null ? q : q + " " + period;
    }
}
