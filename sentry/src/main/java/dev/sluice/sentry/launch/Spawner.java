package dev.sluice.sentry.launch;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Native;

import jnr.posix.POSIX;
import jnr.posix.POSIXFactory;
import jnr.posix.SpawnFileAction;

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

    /** This JVM, through jnr-posix's {@code posix_spawnp}. */
    Spawner LOCAL =
            new Spawner() {
                @Override
                public int spawn(String file, List<String> argv, List<String> env, List<Fd> fds) {
                    List<SpawnFileAction> actions = new ArrayList<>();
                    for (Fd f : fds) {
                        actions.add(
                                f.source() < 0
                                        ? SpawnFileAction.open(
                                                "/dev/null", f.target(), Native.O_RDWR, 0)
                                        : SpawnFileAction.dup(f.source(), f.target()));
                    }
                    long pid = Posix.INSTANCE.posix_spawnp(file, actions, argv, env);
                    if (pid <= 0) {
                        throw new IllegalStateException(
                                "cannot start "
                                        + file
                                        + ": "
                                        + Errno.describe(Posix.INSTANCE.errno()));
                    }
                    return (int) pid;
                }

                @Override
                public int parentPid() {
                    return Native.getpid();
                }

                @Override
                public int waitFor(int pid) {
                    int[] st = new int[1];
                    int r;
                    do {
                        r = Posix.waitpid(pid, st);
                    } while (r < 0 && Posix.errno() == Errno.EINTR);
                    return r < 0 ? -Posix.errno() : st[0];
                }
            };

    /** jnr-posix, bound on first use: binding it costs a short command about 0.4 s. */
    final class Posix {
        static final POSIX INSTANCE = POSIXFactory.getNativePOSIX();

        private Posix() {}

        /** {@code waitpid(pid, status, 0)} of this JVM's child. */
        public static int waitpid(int pid, int[] status) {
            return INSTANCE.waitpid(pid, status, 0);
        }

        public static int errno() {
            return INSTANCE.errno();
        }
    }
}
