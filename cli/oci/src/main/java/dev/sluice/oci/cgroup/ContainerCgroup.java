package dev.sluice.oci.cgroup;

import dev.sluice.oci.spec.Spec;
import dev.sluice.oci.spec.SpecException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The cgroup of one container as its config asks for it: where ({@code linux.cgroupsPath}) and what
 * is written there ({@code linux.resources}). {@link #plan} checks everything and touches nothing,
 * so that create refuses a bad config before any state exists; {@link #apply} then makes the cgroup
 * and writes the limits. Every failure names the config field.
 */
public final class ContainerCgroup {
    private static final Logger LOG = LoggerFactory.getLogger(ContainerCgroup.class);
    static final String PATH_FIELD = "linux.cgroupsPath";

    private final Cgroup cgroup;
    private final String path;
    private final List<CgroupWrite> writes;
    private final String file;

    private ContainerCgroup(Cgroup cgroup, String path, List<CgroupWrite> writes, String file) {
        this.cgroup = cgroup;
        this.path = path;
        this.writes = List.copyOf(writes);
        this.file = file;
    }

    /**
     * The container's cgroup on {@code host} and the writes its config asks for, checked: the
     * path's form and safety, every resource field against the host's cgroup version, the device
     * rules. Whether the cgroup is free is {@link #checkUnused}.
     *
     * @param systemd {@code --systemd-cgroup}: cgroupsPath is {@code slice:prefix:name}
     */
    public static ContainerCgroup plan(
            Spec spec, String file, String id, boolean systemd, CgroupHost host) {
        Spec.Linux linux = spec.linux();
        String path;
        Cgroup cgroup;
        try {
            path = CgroupsPath.resolve(linux == null ? null : linux.cgroupsPath(), systemd, id);
            cgroup = host.cgroup(path);
        } catch (IllegalArgumentException e) {
            throw new SpecException(file, PATH_FIELD, e.getMessage());
        }
        List<CgroupWrite> writes = new ArrayList<>();
        Spec.Resources r = linux == null ? null : linux.resources();
        if (r != null) {
            writes.addAll(ResourceTable.writes(r, host.version(), file));
            writes.addAll(ResourceTable.unified(r, host.version(), file));
        }
        if (host.version() == CgroupVersion.V1) {
            writes.addAll(DeviceRules.v1(spec, file));
        } else {
            DeviceRules.checkV2(spec, file);
        }
        return new ContainerCgroup(cgroup, path, writes, file);
    }

    /**
     * Refuses a cgroup that already holds processes: another container's, or anything else that
     * delete would kill. Called once the id is taken, so that an existing id is reported as such.
     */
    public void checkUnused() {
        if (cgroup.exists()) {
            List<Integer> pids = cgroup.pids();
            if (!pids.isEmpty()) {
                throw new SpecException(
                        file,
                        PATH_FIELD,
                        "cgroup "
                                + path
                                + " already holds processes "
                                + pids
                                + ": a container needs a cgroup of its own");
            }
        }
    }

    public Cgroup cgroup() {
        return cgroup;
    }

    public List<CgroupWrite> writes() {
        return writes;
    }

    /**
     * Makes the cgroup and writes the limits, in order. On failure what was made stays for the
     * caller to {@link Cgroup#destroy} (it records the cgroup before calling this).
     */
    public void apply() {
        try {
            cgroup.create(Cgroup.controllers(writes));
        } catch (IOException e) {
            throw new SpecException(
                    file,
                    PATH_FIELD,
                    "cannot create cgroup " + cgroup.dirs().values() + ": " + BaseCgroup.reason(e));
        }
        for (CgroupWrite w : writes) {
            try {
                if (!cgroup.write(w)) {
                    LOG.warn(
                            "{}: not applied: this host's cgroup has no {} (no swap accounting, or an older kernel)",
                            w.field(),
                            w.file());
                }
            } catch (IOException e) {
                throw new SpecException(
                        file,
                        w.field(),
                        "cannot write \""
                                + w.value()
                                + "\" to "
                                + w.file()
                                + " of "
                                + cgroup.version().label()
                                + ": "
                                + BaseCgroup.reason(e));
            }
        }
    }
}
