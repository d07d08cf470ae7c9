package dev.sluice.oci.cgroup;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One container's cgroup: a directory per v1 hierarchy ({@link CgroupV1}) or one in the unified
 * tree ({@link CgroupV2}). What {@code create}, {@code pause}, {@code resume}, {@code ps}, {@code
 * kill --all} and {@code delete} do to it. Failures the user should see are {@link
 * dev.sluice.oci.OciException}s naming the cgroup file; the lower-level {@link #write} and {@link
 * #create} throw {@link IOException} for the caller to name the config field.
 */
public interface Cgroup {
    CgroupVersion version();

    /**
     * Its directory in each hierarchy, keyed by the hierarchy's name in {@code /proc/PID/cgroup}
     * ({@code memory}, {@code cpu,cpuacct}, {@code name=systemd}; {@code ""} for v2).
     */
    Map<String, Path> dirs();

    /** Whether any of its directories exists. */
    boolean exists();

    /**
     * Makes the missing directories, and what they need from their parents (v1: cpuset's cpus and
     * mems; v2: {@code controllers} enabled in every parent's {@code cgroup.subtree_control}).
     */
    void create(Set<String> controllers) throws IOException;

    /** Writes one limit; false if the file is absent and {@link CgroupWrite#optional}. */
    boolean write(CgroupWrite w) throws IOException;

    /** Moves process {@code pid} (all its threads) in, in every hierarchy. */
    void enter(int pid) throws IOException;

    /** The pids in it and in the cgroups below it, sorted. */
    List<Integer> pids();

    /** Freezes every process in it; returns once they are frozen. */
    void freeze();

    void thaw();

    /** Whether its freezer is asked to freeze (paused). */
    boolean frozen();

    /**
     * Kills what is left in it (thawing it, as frozen v1 tasks do not die), waits until it is
     * empty, and removes its directories and any cgroups made below them. Fails if it does not
     * empty within {@code timeout}.
     */
    void destroy(Duration timeout);

    /** What state.json keeps to find it again ({@link #of}). */
    default Map<String, String> record() {
        Map<String, String> m = new LinkedHashMap<>();
        dirs().forEach((k, v) -> m.put(k, v.toString()));
        return m;
    }

    /**
     * The cgroup recorded by {@link #record}; null for none (a container created before cgroups).
     */
    static Cgroup of(Map<String, String> recorded, CgroupFs fs) {
        if (recorded == null || recorded.isEmpty()) {
            return null;
        }
        String v2 = v2Directory(recorded);
        if (v2 != null) {
            return new CgroupV2(null, Path.of(v2), fs);
        }
        Map<String, Path> dirs = new LinkedHashMap<>();
        recorded.forEach((k, v) -> dirs.put(k, Path.of(v)));
        return new CgroupV1(dirs, fs);
    }

    /**
     * The one directory of a cgroup v2 record ({@link #record}: the unified tree alone), or null
     * for a v1 record (a hybrid host's too) or none: where a launch plan forks the container's
     * processes straight into their cgroup.
     */
    static String v2Directory(Map<String, String> recorded) {
        return recorded != null && recorded.size() == 1 && recorded.containsKey("")
                ? recorded.get("")
                : null;
    }

    /** The controllers the writes need (for v2's {@code cgroup.subtree_control}). */
    static Set<String> controllers(List<CgroupWrite> writes) {
        Set<String> out = new java.util.TreeSet<>();
        writes.forEach(
                w -> {
                    if (!w.controller().isEmpty()) {
                        out.add(w.controller());
                    }
                });
        return out;
    }
}
