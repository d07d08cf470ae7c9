package dev.sluice.oci.runtime;

import dev.sluice.oci.OciNative;
import dev.sluice.sentry.launch.HostProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A container's processes, found through /proc and signalled through pidfds opened after the start
 * time was checked, so that a signal never reaches a process that reused a pid.
 */
final class Processes {
    private static final int ESRCH = 3;

    private Processes() {}

    /** A pidfd for {@code p}, or -1 if that very process is gone. */
    static int pidfd(HostProcess p) {
        if (p.pid() <= 0) {
            return -1;
        }
        int fd = OciNative.pidfdOpen(p.pid());
        if (fd < 0) {
            return -1;
        }
        // Opened first, checked second: if the start time still matches, the pidfd is p's.
        if (!p.alive() && HostProcess.startTime(p.pid()) != p.startTime()) {
            OciNative.close(fd);
            return -1;
        }
        return fd;
    }

    /** 0, or -errno ({@code -ESRCH} when the process is gone). */
    static int signal(HostProcess p, int sig) {
        int fd = pidfd(p);
        if (fd < 0) {
            return -ESRCH;
        }
        try {
            return OciNative.pidfdSendSignal(fd, sig);
        } finally {
            OciNative.close(fd);
        }
    }

    /** The direct children of {@code p} (from /proc/PID/task/PID/children). */
    static List<HostProcess> children(HostProcess p) {
        List<HostProcess> out = new ArrayList<>();
        try {
            String s =
                    Files.readString(
                            Path.of(
                                    "/proc",
                                    Integer.toString(p.pid()),
                                    "task",
                                    Integer.toString(p.pid()),
                                    "children"));
            for (String t : s.trim().split("\\s+")) {
                if (!t.isEmpty()) {
                    HostProcess c = HostProcess.of(Integer.parseInt(t));
                    if (c != null) {
                        out.add(c);
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // gone
        }
        return out;
    }

    /**
     * Every process of the container: all of init's pid namespace when it has its own (so also
     * processes that joined it), else init and its descendants, never the rest of the host.
     */
    static List<HostProcess> inPidNamespaceOf(HostProcess init) {
        Set<HostProcess> out = new LinkedHashSet<>();
        out.add(init);
        String ns = pidNamespace(init.pid());
        if (ns != null && !ns.equals(pidNamespace((int) ProcessHandle.current().pid()))) {
            try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
                procs.map(p -> p.getFileName().toString())
                        .filter(n -> n.matches("\\d+"))
                        .forEach(
                                n -> {
                                    int pid = Integer.parseInt(n);
                                    if (ns.equals(pidNamespace(pid))) {
                                        HostProcess h = HostProcess.of(pid);
                                        if (h != null) {
                                            out.add(h);
                                        }
                                    }
                                });
            } catch (IOException e) {
                // fall back to the descendants below
            }
        }
        Deque<HostProcess> todo = new ArrayDeque<>(List.of(init));
        while (!todo.isEmpty()) {
            for (HostProcess c : children(todo.poll())) {
                if (out.add(c)) {
                    todo.add(c);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static String pidNamespace(int pid) {
        try {
            return Files.readSymbolicLink(Path.of("/proc", Integer.toString(pid), "ns", "pid"))
                    .toString();
        } catch (IOException e) {
            return null;
        }
    }
}
