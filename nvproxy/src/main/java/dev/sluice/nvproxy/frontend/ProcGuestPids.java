package dev.sluice.nvproxy.frontend;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntUnaryOperator;

/**
 * {@link GuestPids} from /proc: a process belongs to the guest's pid namespace when {@code
 * /proc/PID/ns/pid} names the same namespace as the guest thread's, and its pid there is the last
 * field of the {@code NSpid:} line of {@code /proc/PID/status} (its pid in its own, innermost
 * namespace). The namespace is read again after the status: a process that exited and whose pid was
 * reused in between is then dropped unless the new one is the guest's too.
 *
 * <p>Processes in a namespace nested inside the guest's (which a guest with {@code CAP_SYS_ADMIN}
 * could create) are dropped, where RM would number them in the guest's namespace: the guest sees
 * fewer of its own processes, never another sandbox's.
 */
public final class ProcGuestPids implements GuestPids {
    private final Path proc;

    public ProcGuestPids(Path proc) {
        this.proc = proc;
    }

    @Override
    public IntUnaryOperator of(int tid) {
        String ns = namespace(tid);
        if (ns == null) {
            return pid -> 0;
        }
        return pid -> {
            if (pid <= 0 || !ns.equals(namespace(pid))) {
                return 0;
            }
            int inner = innermostPid(pid);
            return inner > 0 && ns.equals(namespace(pid)) ? inner : 0;
        };
    }

    /** {@code pid:[INODE]} of {@code /proc/PID/ns/pid}, or null when it cannot be read. */
    private String namespace(int pid) {
        try {
            return Files.readSymbolicLink(proc.resolve(Integer.toString(pid)).resolve("ns/pid"))
                    .toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** The last pid of the {@code NSpid:} line, or 0. */
    private int innermostPid(int pid) {
        try {
            for (String line :
                    Files.readAllLines(proc.resolve(Integer.toString(pid)).resolve("status"))) {
                if (line.startsWith("NSpid:")) {
                    String[] f = line.substring("NSpid:".length()).trim().split("\\s+");
                    return Integer.parseInt(f[f.length - 1]);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // gone, or not a process
        }
        return 0;
    }
}
