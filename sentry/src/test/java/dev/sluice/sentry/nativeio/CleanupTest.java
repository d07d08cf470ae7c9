package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CleanupTest {

    @Test
    void runUndoesNewestFirst() {
        List<String> done = new ArrayList<>();
        Cleanup c = new Cleanup();
        c.add(() -> done.add("first"));
        c.add(() -> done.add("second"));
        c.add(() -> done.add("third"));
        c.run();
        assertEquals(List.of("third", "second", "first"), done, "undo actions run newest first");
    }

    @Test
    void runIsOneShot() {
        List<String> done = new ArrayList<>();
        Cleanup c = new Cleanup();
        c.add(() -> done.add("a"));
        c.run();
        c.run();
        assertEquals(List.of("a"), done, "an undo action runs at most once");
    }

    @Test
    void releaseForgetsEverythingAddedSoFar() {
        List<String> done = new ArrayList<>();
        Cleanup c = new Cleanup();
        c.add(() -> done.add("before"));
        c.release();
        c.add(() -> done.add("after"));
        c.close();
        assertEquals(List.of("after"), done, "released actions never run; later ones still do");
    }

    @Test
    void closeRunsPendingActions() {
        List<String> done = new ArrayList<>();
        try (Cleanup c = new Cleanup()) {
            c.add(() -> done.add("x"));
        }
        assertEquals(List.of("x"), done, "try-with-resources undoes what was not released");
    }

    @Test
    void aThrowingUndoDoesNotStopTheOthers() {
        List<String> done = new ArrayList<>();
        IllegalStateException boom1 = new IllegalStateException("boom 1");
        IllegalArgumentException boom2 = new IllegalArgumentException("boom 2");
        Cleanup c = new Cleanup();
        c.add(() -> done.add("oldest"));
        c.add(
                () -> {
                    throw boom2;
                });
        c.add(() -> done.add("middle"));
        c.add(
                () -> {
                    throw boom1;
                });
        c.add(() -> done.add("newest"));
        RuntimeException thrown =
                assertThrows(RuntimeException.class, c::run, "a failing undo is reported");
        assertEquals(
                List.of("newest", "middle", "oldest"),
                done,
                "every other undo still ran, in order");
        assertSame(boom1, thrown, "the first failure (newest first) is thrown");
        assertEquals(1, thrown.getSuppressed().length, "later failures are suppressed into it");
        assertSame(boom2, thrown.getSuppressed()[0], "the second failure is the suppressed one");

        done.clear();
        c.run();
        assertTrue(done.isEmpty(), "a failed run still consumed every action");
    }
}
