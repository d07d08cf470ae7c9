package dev.sluice.sentry.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A host process named by pid and start time, so that a pid the kernel reused for another process
 * is never mistaken for the container's (the same check runc makes).
 */
public record HostProcess(int pid, long startTime) {

    /**
     * The process's start time in clock ticks since boot (/proc/PID/stat field 22), or -1 if it is
     * gone.
     */
    public static long startTime(int pid) {
        String stat = stat(pid);
        if (stat == null) {
            return -1;
        }
        String[] f = afterComm(stat);
        return f.length > 19 ? Long.parseLong(f[19]) : -1;
    }

    /** The running process {@code pid} with its start time; null if it does not exist. */
    public static HostProcess of(int pid) {
        long t = startTime(pid);
        return t < 0 ? null : new HostProcess(pid, t);
    }

    /** True while this very process exists and has not exited (a zombie has exited). */
    public boolean alive() {
        if (pid <= 0) {
            return false;
        }
        String stat = stat(pid);
        if (stat == null) {
            return false;
        }
        String[] f = afterComm(stat);
        if (f.length <= 19 || Long.parseLong(f[19]) != startTime) {
            return false;
        }
        String state = f[0];
        return !state.equals("Z") && !state.equals("X") && !state.equals("x");
    }

    private static String stat(int pid) {
        try {
            return Files.readString(
                    Path.of("/proc", Integer.toString(pid), "stat"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The fields after "(comm)": comm may hold spaces and parentheses, so split after the last ')'.
     */
    private static String[] afterComm(String stat) {
        int close = stat.lastIndexOf(')');
        return stat.substring(close + 2).trim().split(" ");
    }
}
