package dev.sluice.oci.state;

import java.util.Locale;

/** A container's status, as {@code state} prints it (runtime-spec's values). */
public enum Status {
    /** {@code create} is under way: no init yet. */
    CREATING,
    /** init waits for {@code start}. */
    CREATED,
    /** the workload has been let go and init is alive. */
    RUNNING,
    /** init is alive and the cgroup freezer holds the container ({@code pause}). */
    PAUSED,
    /** init has exited. */
    STOPPED;

    /** The spec's spelling: {@code created}, {@code running}, ... */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
