package dev.sluice.sentry.nativeio;

import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.SaveError;

import java.lang.ref.Reference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code posix_spawnp(3)} with file actions, and {@code waitpid(2)}: how this JVM starts a
 * sandbox's first process. A binding of its own, of these few entry points: binding jnr-posix for
 * them cost every {@code sluice run} about 0.4 s of start (docs/benchmarks.md, "Start").
 */
public final class PosixSpawn {
    /**
     * The entry points, on memory the caller owns. {@code posix_spawnp}'s six pointers are {@link
     * Pointer}s: declared as six {@code long}s, jnr-ffi 2.2's fast path passed a wrong sixth
     * argument ({@code envp}), and execve failed with EFAULT.
     */
    public interface Lib {
        int posix_spawn_file_actions_init(Pointer actions);

        int posix_spawn_file_actions_destroy(Pointer actions);

        int posix_spawn_file_actions_adddup2(Pointer actions, int fd, int newfd);

        int posix_spawn_file_actions_addopen(
                Pointer actions, int fd, Pointer path, int oflag, int mode);

        int posix_spawnp(
                Pointer pid,
                Pointer file,
                Pointer actions,
                Pointer attrp,
                Pointer argv,
                Pointer envp);

        @SaveError
        int waitpid(int pid, Pointer status, int options);
    }

    private static final Lib LIB = LibraryLoader.create(Lib.class).load("c");

    /**
     * {@code sizeof(posix_spawn_file_actions_t)} is 80 on glibc x86_64 (bits/spawn.h: two ints, a
     * pointer and 16 ints of padding); twice that, zeroed, whatever the libc.
     */
    private static final int FILE_ACTIONS_SIZE = 160;

    /** One file action: {@code target} a dup of {@code source}, or {@code path} opened. */
    public record FileAction(int target, int source, String path, int oflag) {
        public static FileAction dup(int source, int target) {
            return new FileAction(target, source, null, 0);
        }

        public static FileAction open(String path, int target, int oflag) {
            return new FileAction(target, -1, path, oflag);
        }
    }

    private PosixSpawn() {}

    /**
     * Starts {@code file}, found on PATH as {@code execvp} does, with exactly {@code argv}, {@code
     * env} and the file actions; returns its pid, or {@code -errno}.
     */
    public static int spawnp(
            String file, List<FileAction> actions, List<String> argv, List<String> env) {
        Pointer fa = Memory.allocateDirect(Native.RUNTIME, FILE_ACTIONS_SIZE, true);
        int r = LIB.posix_spawn_file_actions_init(fa);
        if (r != 0) {
            return -r;
        }
        List<Pointer> held = new ArrayList<>();
        try {
            for (FileAction a : actions) {
                r =
                        a.path() == null
                                ? LIB.posix_spawn_file_actions_adddup2(fa, a.source(), a.target())
                                : LIB.posix_spawn_file_actions_addopen(
                                        fa, a.target(), cString(a.path(), held), a.oflag(), 0);
                if (r != 0) {
                    return -r;
                }
            }
            Pointer pid = Memory.allocateDirect(Native.RUNTIME, 4, true);
            r =
                    LIB.posix_spawnp(
                            pid,
                            cString(file, held),
                            fa,
                            null,
                            cStrings(argv, held),
                            cStrings(env, held));
            return r != 0 ? -r : pid.getInt(0);
        } finally {
            LIB.posix_spawn_file_actions_destroy(fa);
            // Every buffer the calls read stays reachable until here: the arrays and the file
            // actions hold only addresses.
            Reference.reachabilityFence(held);
        }
    }

    /** {@code waitpid(pid, &status, 0)}: the raw wait status, or {@code -errno}. */
    public static int waitpid(int pid) {
        Pointer status = Memory.allocateDirect(Native.RUNTIME, 4, true);
        int r = LIB.waitpid(pid, status, 0);
        return r < 0 ? -Native.errno() : status.getInt(0);
    }

    /** A C string; its memory is added to {@code held}. */
    private static Pointer cString(String s, List<Pointer> held) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, b.length + 1, true);
        p.put(0, b, 0, b.length);
        held.add(p);
        return p;
    }

    /** A NULL-terminated array of C strings; its memory and theirs are added to {@code held}. */
    private static Pointer cStrings(List<String> strings, List<Pointer> held) {
        Pointer array = Memory.allocateDirect(Native.RUNTIME, 8L * (strings.size() + 1), true);
        held.add(array);
        for (int i = 0; i < strings.size(); i++) {
            array.putPointer(8L * i, cString(strings.get(i), held));
        }
        return array;
    }
}
