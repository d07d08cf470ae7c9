package dev.sluice.oci.cgroup;

import dev.sluice.oci.OciException;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Where the outer {@code sluice-init} of an exec'd process runs, as to cgroups.
 *
 * <p>{@link #enter}: in the container's cgroups (state.json's record), moved there by exec while it
 * waits for its plan, so before it joins the container's namespaces and forks the process: the
 * process is born inside and runs under the container's limits from its first instruction, as
 * runc's exec'd process does. A directory of the container's cgroup that no longer exists (the
 * container was deleted meanwhile) fails with its name, and the caller runs nothing.
 *
 * <p>{@link #leave}: once the process exists, an outer process that stays to wait for it (exec
 * without {@code --detach}) goes back to the caller's own cgroups. It is not a process of the
 * container (it is outside the container's pid namespace, and it ends with the process), so, like
 * runc exec's own process, it counts against none of the container's limits and is not listed by
 * {@code ps}.
 *
 * <p>Where the plan forks the process into the container's cgroup itself (cgroup v2, the plan's
 * {@code cgroup} op: outer forks a helper there, which forks the process as outer's child), outer
 * never enters it and nothing is moved: {@link #enter} only checks that the cgroup still exists,
 * {@link #leave} does nothing. Each move takes the kernel's cgroup write lock, which waits for an
 * RCU grace period: two per exec, where container managers run exec probes every few seconds.
 */
public final class ExecPlacement {
    private final String id;
    private final Cgroup container;
    private final Cgroup caller;
    private final CgroupFs fs;
    private final boolean forkedInside;

    /**
     * @param id the container, for messages
     * @param container its cgroup as state.json records it; null for a container created without
     *     one
     * @param caller the calling process's own cgroup ({@link CgroupHost#own}), where {@link #leave}
     *     goes; null when nothing will leave (exec with {@code --detach})
     */
    public ExecPlacement(String id, Cgroup container, Cgroup caller, CgroupFs fs) {
        this(id, container, caller, fs, false);
    }

    /**
     * As above; with {@code forkedInside} the plan forks the process into the container's cgroup
     * itself, and nothing is moved.
     */
    public ExecPlacement(
            String id, Cgroup container, Cgroup caller, CgroupFs fs, boolean forkedInside) {
        this.id = id;
        this.container = container;
        this.caller = caller;
        this.fs = fs;
        this.forkedInside = forkedInside;
    }

    /**
     * Moves {@code pid} into every directory of the container's cgroup (where the plan forks the
     * process inside, only checks them); fails naming a missing one.
     */
    public void enter(int pid) {
        if (container == null) {
            return;
        }
        for (Path dir : container.dirs().values()) {
            if (!fs.isDirectory(dir)) {
                throw gone(dir);
            }
        }
        if (forkedInside) {
            return;
        }
        try {
            container.enter(pid);
        } catch (NoSuchFileException e) {
            throw gone(Path.of(e.getFile()).getParent());
        } catch (IOException e) {
            throw new OciException(
                    "container "
                            + id
                            + ": cannot move the exec'd process into the container's cgroup "
                            + container.dirs().values()
                            + ": "
                            + BaseCgroup.reason(e),
                    e);
        }
    }

    /** Moves {@code pid} back into the caller's own cgroup, in every hierarchy. */
    public void leave(int pid) {
        if (container == null || caller == null || forkedInside) {
            return;
        }
        try {
            caller.enter(pid);
        } catch (IOException e) {
            throw new OciException(
                    "container "
                            + id
                            + ": cannot move exec's waiting process "
                            + pid
                            + " back to "
                            + caller.dirs().values()
                            + ": "
                            + BaseCgroup.reason(e),
                    e);
        }
    }

    private OciException gone(Path dir) {
        return new OciException(
                "container "
                        + id
                        + ": its cgroup "
                        + dir
                        + " no longer exists (was the container"
                        + " deleted?), so nothing was started");
    }
}
