package dev.sluice.oci.cgroup;

import static dev.sluice.sentry.nativeio.Signals.SIGKILL;

import dev.sluice.oci.OciException;
import dev.sluice.oci.OciNative;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** What both cgroup versions do the same way: entering, listing, killing and removing. */
abstract class BaseCgroup implements Cgroup {
    static final String PROCS = "cgroup.procs";

    /** How long {@link #freeze} waits for every task to stop. */
    static final Duration FREEZE_WAIT = Duration.ofSeconds(5);

    final CgroupFs fs;
    private final Map<String, Path> dirs;

    BaseCgroup(Map<String, Path> dirs, CgroupFs fs) {
        this.dirs = new LinkedHashMap<>(dirs);
        this.fs = fs;
    }

    @Override
    public Map<String, Path> dirs() {
        return java.util.Collections.unmodifiableMap(dirs);
    }

    @Override
    public boolean exists() {
        return dirs.values().stream().anyMatch(fs::isDirectory);
    }

    /** The directory whose cgroup.procs {@link #pids} reads. */
    abstract Path procsDir();

    @Override
    public void enter(int pid) throws IOException {
        for (Path d : dirs.values()) {
            fs.write(d.resolve(PROCS), Integer.toString(pid));
        }
    }

    @Override
    public List<Integer> pids() {
        TreeSet<Integer> out = new TreeSet<>();
        collect(procsDir(), out);
        return new ArrayList<>(out);
    }

    private void collect(Path dir, TreeSet<Integer> out) {
        if (!fs.isDirectory(dir)) {
            return;
        }
        try {
            for (String t : fs.read(dir.resolve(PROCS)).split("\\s+")) {
                if (!t.isEmpty()) {
                    out.add(Integer.parseInt(t));
                }
            }
            for (Path c : fs.children(dir)) {
                collect(c, out);
            }
        } catch (NoSuchFileException e) {
            // removed while we read
        } catch (IOException | NumberFormatException e) {
            throw new OciException("cannot read " + dir.resolve(PROCS) + ": " + e.getMessage(), e);
        }
    }

    /**
     * SIGKILL to every listed process, through pidfds opened first and checked second: a pid still
     * listed after its pidfd was opened is the process in the cgroup, never one that reused it.
     */
    void killAll(List<Integer> pids) {
        Map<Integer, Integer> fds = new LinkedHashMap<>();
        for (int pid : pids) {
            int fd = OciNative.pidfdOpen(pid);
            if (fd >= 0) {
                fds.put(pid, fd);
            }
        }
        try {
            List<Integer> still = pids();
            fds.forEach(
                    (pid, fd) -> {
                        if (still.contains(pid)) {
                            OciNative.pidfdSendSignal(fd, SIGKILL);
                        }
                    });
        } finally {
            fds.values().forEach(OciNative::close);
        }
    }

    @Override
    public void destroy(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<Integer> left = pids();
            if (left.isEmpty()) {
                break;
            }
            killAll(left);
            if (frozen()) {
                thaw();
            }
            if (System.nanoTime() > deadline) {
                throw new OciException(
                        "cgroup "
                                + procsDir()
                                + " still holds processes "
                                + left
                                + " "
                                + timeout.toSeconds()
                                + " s after SIGKILL");
            }
            pause(10);
        }
        for (Path d : dirs.values()) {
            removeTree(d, deadline);
        }
    }

    /**
     * rmdir of the cgroup and the cgroups below it, leaves first; EBUSY (tasks still exiting) is
     * retried.
     */
    private void removeTree(Path dir, long deadline) {
        if (!fs.isDirectory(dir)) {
            return;
        }
        try {
            for (Path c : fs.children(dir)) {
                removeTree(c, deadline);
            }
            while (true) {
                try {
                    fs.rmdir(dir);
                    return;
                } catch (NoSuchFileException e) {
                    return;
                } catch (FileSystemException e) {
                    if (System.nanoTime() > deadline) {
                        throw e;
                    }
                    pause(10);
                }
            }
        } catch (IOException e) {
            throw new OciException("cannot remove cgroup " + dir + ": " + reason(e), e);
        }
    }

    /** Reads a control file, trimmed; null if it does not exist. */
    String readOrNull(Path file) {
        if (!fs.exists(file)) {
            return null;
        }
        try {
            return fs.read(file).trim();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new OciException("cannot read " + file + ": " + reason(e), e);
        }
    }

    void writeOrFail(Path file, String value, String what) {
        try {
            fs.write(file, value);
        } catch (IOException e) {
            throw new OciException(
                    what + ": cannot write " + value + " to " + file + ": " + reason(e), e);
        }
    }

    /** Writes {@code w} into {@code dir}, or reports that an optional file is absent. */
    boolean writeIn(Path dir, CgroupWrite w) throws IOException {
        Path p = dir.resolve(w.file());
        if (!fs.exists(p)) {
            if (w.optional()) {
                return false;
            }
            throw new NoSuchFileException(
                    p.toString(),
                    null,
                    "no such control file (is the " + w.controller() + " controller available?)");
        }
        fs.write(p, w.value());
        return true;
    }

    /**
     * The kernel's words for an I/O failure ({@code Invalid argument}), without Java's decoration.
     */
    static String reason(IOException e) {
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OciException("interrupted");
        }
    }
}
