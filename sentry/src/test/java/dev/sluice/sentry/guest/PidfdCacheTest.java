package dev.sluice.sentry.guest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sluice.sentry.nativeio.TestFds;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

/** {@link PidfdCache}: what it keeps, what it closes. Plain fds stand in for pidfds. */
class PidfdCacheTest {
    private static boolean isOpen(int fd) {
        return Files.exists(Path.of("/proc/self/fd/" + fd));
    }

    @Test
    void aKeptFdIsTakenOnceAndTheTakerOwnsIt() {
        try (PidfdCache cache = new PidfdCache(4)) {
            int fd = TestFds.eventfd();
            cache.give(100, fd);
            assertEquals(-1, cache.take(101), "nothing kept for another tid");
            assertEquals(fd, cache.take(100), "the kept fd");
            assertEquals(-1, cache.take(100), "taken out: a second call finds none");
            assertTrue(isOpen(fd), "taking does not close it");
            cache.give(100, fd);
        }
    }

    @Test
    void aSecondFdForTheSameTidIsClosedAndTheFirstKept() {
        try (PidfdCache cache = new PidfdCache(4)) {
            int first = TestFds.eventfd();
            int second = TestFds.eventfd();
            cache.give(7, first);
            cache.give(7, second);
            assertFalse(isOpen(second), "the racing call's fd is closed");
            assertEquals(first, cache.take(7), "the first stays kept");
            cache.give(7, first);
        }
    }

    @Test
    void beyondTheCapacityTheLeastRecentlyGivenBackIsClosed() {
        try (PidfdCache cache = new PidfdCache(2)) {
            int a = TestFds.eventfd();
            int b = TestFds.eventfd();
            int c = TestFds.eventfd();
            cache.give(1, a);
            cache.give(2, b);
            cache.give(1, cache.take(1)); // 1 used again: 2 is now the oldest
            cache.give(3, c);
            assertEquals(2, cache.size(), "at most two kept");
            assertFalse(isOpen(b), "the oldest is closed");
            assertEquals(-1, cache.take(2), "and no longer kept");
            assertTrue(isOpen(a) && isOpen(c), "the others stay open");
        }
    }

    @Test
    void closeClosesEveryKeptFdAndAnyGivenBackLater() {
        PidfdCache cache = new PidfdCache(4);
        int a = TestFds.eventfd();
        int b = TestFds.eventfd();
        cache.give(1, a);
        cache.close();
        assertFalse(isOpen(a), "closed with the cache");
        cache.give(2, b);
        assertFalse(isOpen(b), "one given back after close is closed at once");
        assertEquals(0, cache.size(), "nothing kept");
    }

    @Test
    void theCapacityIsAnEighthOfTheFdLimitAtMost() {
        assertCapacity(PidfdCache.MAX_CAPACITY, PidfdCache.forFdLimit(1 << 20), "a high limit");
        assertCapacity(128, PidfdCache.forFdLimit(1024), "a limit of 1024: 128");
        assertCapacity(1, PidfdCache.forFdLimit(4), "a tiny limit: still one");
        assertCapacity(PidfdCache.MAX_CAPACITY, PidfdCache.forFdLimit(-1), "an unknown limit");
    }

    /** Gives back one more fd than {@code expected} and checks that exactly that many stay. */
    private static void assertCapacity(int expected, PidfdCache cache, String what) {
        try (cache) {
            for (int tid = 1; tid <= expected + 1; tid++) {
                cache.give(tid, TestFds.eventfd());
            }
            assertEquals(expected, cache.size(), what);
        }
    }

    @Test
    void aCapacityBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new PidfdCache(0));
    }
}
