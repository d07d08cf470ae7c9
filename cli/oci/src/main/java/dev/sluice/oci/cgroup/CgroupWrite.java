package dev.sluice.oci.cgroup;

/**
 * One value to write into a container's cgroup, and the config field it comes from.
 *
 * @param field the config field, for errors ({@code linux.resources.memory.limit})
 * @param controller the controller owning the file: on v1 the hierarchy it is in, on v2 the
 *     controller to enable in the parents' {@code cgroup.subtree_control}
 * @param file the control file ({@code memory.limit_in_bytes}, {@code memory.max})
 * @param value what to write
 * @param optional the kernel may lack the file (swap accounting off, an older kernel): then the
 *     value is skipped with a warning instead of failing create
 */
public record CgroupWrite(
        String field, String controller, String file, String value, boolean optional) {}
