package dev.sluice.oci.cgroup;

import dev.sluice.oci.OciException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A container's cgroup on cgroup v2: one directory of the unified tree. Controllers have to be
 * enabled from the root down ({@code cgroup.subtree_control} of every parent) before the child has
 * their files; the freezer is {@code cgroup.freeze}, its progress {@code cgroup.events}. The device
 * controller of v2 is a BPF program, which Sluice does not load (see {@link DeviceRules}).
 */
public final class CgroupV2 extends BaseCgroup {
    static final String SUBTREE_CONTROL = "cgroup.subtree_control";
    static final String CONTROLLERS = "cgroup.controllers";
    static final String FREEZE = "cgroup.freeze";
    static final String EVENTS = "cgroup.events";
    static final String KILL = "cgroup.kill";

    /**
     * The tree's mount point (where enabling starts); null for a cgroup read back from state.json.
     */
    private final Path mount;

    private final Path dir;

    CgroupV2(Path mount, Path dir, CgroupFs fs) {
        super(Map.of("", dir), fs);
        this.mount = mount;
        this.dir = dir;
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V2;
    }

    @Override
    Path procsDir() {
        return dir;
    }

    @Override
    public void create(Set<String> controllers) throws IOException {
        if (mount == null || !dir.startsWith(mount) || dir.equals(mount)) {
            throw new IllegalStateException(
                    "cgroup " + dir + " is not below its tree's mount " + mount);
        }
        List<Path> chain = new ArrayList<>();
        for (Path p = dir; !p.equals(mount); p = p.getParent()) {
            chain.add(0, p);
        }
        Path parent = mount;
        for (Path p : chain) {
            enable(parent, controllers);
            if (!fs.isDirectory(p)) {
                fs.mkdir(p);
            }
            parent = p;
        }
    }

    /**
     * Enables {@code wanted} for the children of {@code parent}, failing on one it does not have.
     */
    private void enable(Path parent, Set<String> wanted) throws IOException {
        Set<String> on =
                new TreeSet<>(
                        Arrays.asList(
                                fs.read(parent.resolve(SUBTREE_CONTROL)).trim().split("\\s+")));
        Set<String> available =
                new TreeSet<>(
                        Arrays.asList(fs.read(parent.resolve(CONTROLLERS)).trim().split("\\s+")));
        List<String> add = new ArrayList<>();
        for (String c : new TreeSet<>(wanted)) {
            if (on.contains(c)) {
                continue;
            }
            if (!available.contains(c)) {
                throw new IOException(
                        "the "
                                + c
                                + " controller is not available in "
                                + parent
                                + " ("
                                + CONTROLLERS
                                + ": "
                                + String.join(" ", available)
                                + ")");
            }
            add.add("+" + c);
        }
        if (!add.isEmpty()) {
            try {
                fs.write(parent.resolve(SUBTREE_CONTROL), String.join(" ", add));
            } catch (IOException e) {
                throw new IOException(
                        "cannot enable "
                                + String.join(" ", add)
                                + " in "
                                + parent.resolve(SUBTREE_CONTROL)
                                + ": "
                                + reason(e)
                                + (reason(e).contains("busy")
                                        ? " (that cgroup has processes of its own)"
                                        : ""),
                        e);
            }
        }
    }

    @Override
    public boolean write(CgroupWrite w) throws IOException {
        return writeIn(dir, w);
    }

    /** cgroup.kill (Linux 5.14) kills everything below at once; else one SIGKILL per process. */
    @Override
    void killAll(List<Integer> pids) {
        Path kill = dir.resolve(KILL);
        if (fs.exists(kill)) {
            writeOrFail(kill, "1", "delete");
        } else {
            super.killAll(pids);
        }
    }

    @Override
    public void freeze() {
        Path freeze = dir.resolve(FREEZE);
        if (!fs.exists(freeze)) {
            throw new OciException("pause needs " + freeze + " (the cgroup v2 freezer, Linux 5.2)");
        }
        writeOrFail(freeze, "1", "pause");
        long deadline = System.nanoTime() + FREEZE_WAIT.toNanos();
        while (!isFrozenNow()) {
            if (System.nanoTime() > deadline) {
                writeOrFail(freeze, "0", "pause");
                throw new OciException(
                        "pause: "
                                + dir.resolve(EVENTS)
                                + " did not say frozen within "
                                + FREEZE_WAIT.toSeconds()
                                + " s; the container was left running");
            }
            pause(10);
        }
    }

    private boolean isFrozenNow() {
        String events = readOrNull(dir.resolve(EVENTS));
        return events != null && Arrays.asList(events.split("\n")).contains("frozen 1");
    }

    @Override
    public void thaw() {
        writeOrFail(dir.resolve(FREEZE), "0", "resume");
    }

    @Override
    public boolean frozen() {
        return "1".equals(readOrNull(dir.resolve(FREEZE)));
    }
}
