package dev.sluice.oci.cgroup;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * One mounted cgroup hierarchy and this process's own cgroup in it.
 *
 * @param name the hierarchy as {@code /proc/PID/cgroup} names it: its controllers ({@code memory},
 *     {@code cpu,cpuacct}), a named hierarchy ({@code name=systemd}), or {@code ""} for the unified
 *     (v2) tree (on a hybrid host, next to the v1 ones)
 * @param mount where it is mounted
 * @param mountRoot the cgroup shown at {@code mount} (mountinfo's root field: {@code /} unless the
 *     mount is of a subtree, as inside a cgroup namespace's bind mount)
 * @param own this process's cgroup in it (relative paths of {@code cgroupsPath} start here)
 */
public record Hierarchy(String name, Path mount, String mountRoot, String own) {

    /**
     * The controllers of a v1 hierarchy ({@code [cpu, cpuacct]}); none for a named or the v2 one.
     */
    public List<String> controllers() {
        return name.isEmpty()
                ? List.of()
                : Arrays.stream(name.split(",")).filter(c -> !c.startsWith("name=")).toList();
    }

    /**
     * Whether this v1 hierarchy has {@code controller} (or is the named hierarchy {@code name=X}).
     */
    public boolean has(String controller) {
        return Arrays.asList(name.split(",")).contains(controller);
    }

    /**
     * The directory of cgroup {@code path} (absolute in the hierarchy). Fails if the mount does not
     * show that cgroup (a subtree mount that does not contain it).
     */
    public Path dir(String path) {
        String root = mountRoot.equals("/") ? "" : mountRoot;
        if (!path.equals(root) && !path.startsWith(root + "/")) {
            throw new IllegalArgumentException(
                    "cgroup "
                            + path
                            + " is outside the part of hierarchy "
                            + (name.isEmpty() ? "(unified)" : name)
                            + " mounted at "
                            + mount
                            + " ("
                            + mountRoot
                            + ")");
        }
        String rel = path.substring(root.length());
        return rel.isEmpty() || rel.equals("/") ? mount : mount.resolve(rel.substring(1));
    }
}
