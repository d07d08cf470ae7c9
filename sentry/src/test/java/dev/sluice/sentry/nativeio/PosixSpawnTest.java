package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** posix_spawnp through Sluice's own binding: argv, env, file actions, exit status and errors. */
@Timeout(30)
class PosixSpawnTest {
    /** The exit code of a raw wait status of a process that exited. */
    private static int exitCode(int status) {
        assertEquals(0, status & 0x7f, "exited, not killed: status " + status);
        return (status >> 8) & 0xff;
    }

    @Test
    void argvEnvAndExitStatusReachTheChild() throws Exception {
        Path out = Files.createTempFile("posix-spawn", ".out");
        try {
            int pid =
                    PosixSpawn.spawnp(
                            "sh",
                            List.of(
                                    PosixSpawn.FileAction.open(
                                            out.toString(), 1, 0x41 /* O_WRONLY|O_CREAT */)),
                            List.of("sh", "-c", "echo \"$0 $GREETING\"; exit 7", "argv0"),
                            List.of("PATH=/usr/bin:/bin", "GREETING=hello"));
            assertTrue(pid > 0, "a pid, got " + pid);
            assertEquals(7, exitCode(PosixSpawn.waitpid(pid)), "the child's exit code");
            assertEquals(
                    "argv0 hello\n",
                    Files.readString(out, StandardCharsets.UTF_8),
                    "argv and env as given, stdout opened by a file action");
        } finally {
            Files.deleteIfExists(out);
        }
    }

    @Test
    void aDupActionGivesTheChildThisProcesssFdAtItsNumber() throws Exception {
        Path out = Files.createTempFile("posix-spawn", ".out");
        int fd = TestFds.open(out.toString(), 0x1 /* O_WRONLY */);
        try {
            int pid =
                    PosixSpawn.spawnp(
                            "/bin/sh",
                            List.of(PosixSpawn.FileAction.dup(fd, 9)),
                            List.of("sh", "-c", "echo through-9 >&9"),
                            List.of());
            assertTrue(pid > 0, "a pid, got " + pid);
            assertEquals(0, exitCode(PosixSpawn.waitpid(pid)));
            assertEquals(
                    "through-9\n",
                    Files.readString(out, StandardCharsets.UTF_8),
                    "fd 9 of the child is this process's fd");
        } finally {
            Native.close(fd);
            Files.deleteIfExists(out);
        }
    }

    @Test
    void aMissingProgramIsAnErrnoNotAPid() {
        int r = PosixSpawn.spawnp("/nonexistent/program", List.of(), List.of("x"), List.of());
        assertEquals(-Errno.ENOENT, r, "-ENOENT");
    }

    @Test
    void waitingForNoChildIsECHILD() {
        // ECHILD (include/uapi/asm-generic/errno-base.h): no such child of this process
        assertEquals(-10, PosixSpawn.waitpid(Integer.MAX_VALUE - 1));
    }
}
