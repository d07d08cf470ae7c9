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
    /** the cgroup freezer holds it (not reported before pause/resume exist). */
    PAUSED,
    /** init has exited. */
    STOPPED;

    /** The spec's spelling: {@code created}, {@code running}, ... */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
