package dev.sluice.sentry.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
@EnabledIf(value = "hasProcSelfFd", disabledReason = "needs /proc/self/fd (Linux procfs)")
class FdCountTest {

    /** Background JVM threads (JIT, GC, class loading) rarely open fds; a few tries absorb them. */
    private static final int ATTEMPTS = 5;

    @TempDir Path dir;

    static boolean hasProcSelfFd() {
        return Files.isDirectory(Path.of("/proc/self/fd"));
    }

    @Test
    void countsAtLeastStdio() {
        int n = FdCount.openFds();
        assertTrue(n >= 3, "stdin, stdout and stderr are open at least, got " + n);
    }

    @Test
    void consecutiveCountsAgree() {
        // If the listing's own fd were counted or leaked, the count would drift upwards.
        int drift = Integer.MAX_VALUE;
        for (int i = 0; i < ATTEMPTS && drift != 0; i++) {
            int a = FdCount.openFds();
            int b = FdCount.openFds();
            drift = b - a;
        }
        assertEquals(0, drift, "two counts in a row agree: counting opens nothing that stays open");
    }

    @Test
    void excludesExactlyTheListingsOwnFd() throws IOException {
        // While our own raw listing is open, all of its fds (however many the JDK uses: a
        // DirectoryStream holds two on Linux) are in the process and it lists each of them once,
        // so its raw count is the true count. openFds() lists again and must not count its own
        // listing; an off-by-one in either direction shows up here.
        String last = "";
        for (int i = 0; i < ATTEMPTS; i++) {
            try (DirectoryStream<Path> raw = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
                int rawCount = 0;
                for (Path ignored : raw) {
                    rawCount++;
                }
                int counted = FdCount.openFds();
                if (counted == rawCount) {
                    return;
                }
                last = "raw listing=" + rawCount + " openFds()=" + counted;
            }
        }
        throw new AssertionError(
                "openFds() should equal a raw listing taken while that listing is open; " + last);
    }

    @Test
    void openingAFileAddsExactlyOneAndClosingRestoresIt() throws IOException {
        Path file = Files.createFile(dir.resolve("f"));
        String last = "";
        for (int i = 0; i < ATTEMPTS; i++) {
            int before = FdCount.openFds();
            int during;
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                during = FdCount.openFds();
                assertTrue(ch.isOpen(), "the channel is open while counting");
            }
            int after = FdCount.openFds();
            if (during == before + 1 && after == before) {
                return;
            }
            last = "before=" + before + " during=" + during + " after=" + after;
        }
        throw new AssertionError(
                "one open file should add exactly 1 and closing it should restore the count; "
                        + last);
    }
}
