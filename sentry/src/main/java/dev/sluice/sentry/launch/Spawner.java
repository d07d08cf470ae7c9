package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.PosixSpawn;

import java.util.ArrayList;
import java.util.List;

/**
 * Who starts a sandbox's processes. Usually this JVM ({@link #LOCAL}, {@code posix_spawn}); for a
 * command that the resident runtime service runs on a caller's behalf, the caller itself, so that
 * what it starts is the caller's child (an OCI container's init must end up reparented to the
 * caller's subreaper, never to the service).
 */
public interface Spawner {
    /**
     * A fd of the child: {@code target} becomes a dup of this process's {@code source}, or
     * /dev/null if source is -1.
     */
    record Fd(int source, int target) {
        public static Fd devNull(int target) {
            return new Fd(-1, target);
        }
    }

    /**
     * Starts {@code file} with exactly {@code argv}, {@code env} and, besides what it inherits,
     * {@code fds}; returns its pid.
     */
    int spawn(String file, List<String> argv, List<String> env, List<Fd> fds);

    /** The pid of the process the spawned ones have as their parent. */
    int parentPid();

    /**
     * Waits for {@code pid}, a process this spawner started, and returns its raw wait status, or
     * -errno.
     */
    int waitFor(int pid);

    /**
     * As {@link #waitFor}, for a process in the caller's foreground (a {@code run}'s container, an
     * {@code exec}'d process): where the caller is another process, the signals it receives go on
     * to {@code pid} meanwhile. Here (this JVM is the caller) it is {@link #waitFor}; the command
     * forwards this JVM's signals itself.
     */
    default int waitForeground(int pid) {
        return waitFor(pid);
    }

    /**
     * From now on, until {@link #waitForeground} names the process they go to, the signals a
     * foreground process gets are the caller's to keep and pass on: where the caller is another
     * process, it takes them before the process starts, as runc does. Here (this JVM is the caller)
     * nothing: the command forwards this JVM's signals itself.
     */
    default void holdSignals() {}

    /** This JVM, through {@code posix_spawnp}. */
    Spawner LOCAL =
            new Spawner() {
                @Override
                public int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
                    List<PosixSpawn.FileAction> actions = new ArrayList<>();
                    for (Fd f : fds) {
                        actions.add(
                                f.source() < 0
                                        ? PosixSpawn.FileAction.open(
                                                "/dev/null", f.target(), Native.O_RDWR)
                                        : PosixSpawn.FileAction.dup(f.source(), f.target()));
                    }
                    int pid = PosixSpawn.spawnp(file, actions, argv, env);
                    if (pid <= 0) {
                        throw new IllegalStateException(
                                "cannot start " + file + ": " + Errno.describe(-pid));
                    }
                    return pid;
                }

                @Override
                public int parentPid() {
                    return Native.getpid();
                }

                @Override
                public int waitFor(int pid) {
                    int r;
                    do {
                        r = PosixSpawn.waitpid(pid);
                    } while (r == -Errno.EINTR);
                    return r;
                }
            };
}
