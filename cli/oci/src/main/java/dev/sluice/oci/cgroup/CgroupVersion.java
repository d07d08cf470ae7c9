package dev.sluice.oci.cgroup;

/**
 * Which cgroup interface the host offers: v1 hierarchies (also a hybrid host) or the unified v2
 * tree.
 */
public enum CgroupVersion {
    V1,
    V2;

    /** {@code v1} or {@code v2}, for messages. */
    public String label() {
        return this == V1 ? "cgroup v1" : "cgroup v2";
    }
}
