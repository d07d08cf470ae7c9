package dev.sluice.oci.cgroup;

import dev.sluice.oci.OciException;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A container's cgroup on cgroup v1: one directory in every mounted hierarchy (named ones too), so
 * that a process moved in lands in all of them. The freezer is {@code freezer.state}.
 */
public final class CgroupV1 extends BaseCgroup {
    static final String FREEZER_STATE = "freezer.state";

    /**
     * The hierarchies {@link #pids} prefers, in order: any would do, these always have every task.
     */
    private static final List<String> PROCS_FROM =
            List.of("pids", "freezer", "memory", "devices", "cpu");

    CgroupV1(Map<String, Path> dirs, CgroupFs fs) {
        super(dirs, fs);
    }

    @Override
    public CgroupVersion version() {
        return CgroupVersion.V1;
    }

    /** The directory in the hierarchy of {@code controller}. */
    Path dirOf(String controller) throws NoSuchFileException {
        for (Map.Entry<String, Path> e : dirs().entrySet()) {
            if (Arrays.asList(e.getKey().split(",")).contains(controller)) {
                return e.getValue();
            }
        }
        throw new NoSuchFileException(
                controller, null, "no " + controller + " cgroup hierarchy is mounted");
    }

    @Override
    Path procsDir() {
        for (String c : PROCS_FROM) {
            try {
                return dirOf(c);
            } catch (NoSuchFileException e) {
                // try the next
            }
        }
        return dirs().values().iterator().next();
    }

    @Override
    public void create(Set<String> controllers) throws IOException {
        for (Map.Entry<String, Path> e : dirs().entrySet()) {
            boolean cpuset = Arrays.asList(e.getKey().split(",")).contains("cpuset");
            Deque<Path> missing = new ArrayDeque<>();
            for (Path p = e.getValue(); p != null && !fs.isDirectory(p); p = p.getParent()) {
                missing.push(p);
            }
            for (Path p : missing) {
                fs.mkdir(p);
                if (cpuset) {
                    inheritCpuset(p);
                }
            }
        }
    }

    /**
     * A new cpuset cgroup starts with no cpus and no mems, and no task can enter it until both are
     * set: copy the parent's (what {@code cgroup.clone_children} would do).
     */
    private void inheritCpuset(Path dir) throws IOException {
        for (String f : List.of("cpuset.cpus", "cpuset.mems")) {
            if (fs.read(dir.resolve(f)).isBlank()) {
                fs.write(dir.resolve(f), fs.read(dir.getParent().resolve(f)).trim());
            }
        }
    }

    @Override
    public boolean write(CgroupWrite w) throws IOException {
        return writeIn(dirOf(w.controller()), w);
    }

    private Path freezerState() {
        try {
            return dirOf("freezer").resolve(FREEZER_STATE);
        } catch (NoSuchFileException e) {
            throw new OciException(
                    "pause and resume need the freezer cgroup, and it is not mounted");
        }
    }

    /**
     * Writes FROZEN until the state reads FROZEN: a task in an uninterruptible sleep keeps the
     * cgroup FREEZING, and asking again retries the tasks that were not frozen yet.
     */
    @Override
    public void freeze() {
        Path state = freezerState();
        long deadline = System.nanoTime() + FREEZE_WAIT.toNanos();
        for (int i = 0; ; i++) {
            if (i % 10 == 0) {
                writeOrFail(state, "FROZEN", "pause");
            }
            if ("FROZEN".equals(readOrNull(state))) {
                return;
            }
            if (System.nanoTime() > deadline) {
                writeOrFail(state, "THAWED", "pause");
                throw new OciException(
                        "pause: "
                                + state
                                + " did not reach FROZEN within "
                                + FREEZE_WAIT.toSeconds()
                                + " s (a task stuck in the kernel?); the container was left running");
            }
            pause(10);
        }
    }

    @Override
    public void thaw() {
        writeOrFail(freezerState(), "THAWED", "resume");
    }

    @Override
    public boolean frozen() {
        Path state;
        try {
            state = dirOf("freezer").resolve(FREEZER_STATE);
        } catch (NoSuchFileException e) {
            return false;
        }
        String s = readOrNull(state);
        return s != null && !s.equals("THAWED");
    }
}
