package dev.sluice.sentry.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.Supplier;

/**
 * What one fuzzed call did, for the fuzz targets' determinism check: its result, the guest memory
 * it left, and the accesses it made ({@link RecordingGuestMemory}).
 */
public record FuzzOutcome(IoctlResult result, byte[] guest, List<?> accesses) {

    /**
     * Runs the same input twice: the same answer, the same guest memory, through the same accesses.
     */
    public static void assertDeterministic(Supplier<FuzzOutcome> run) {
        FuzzOutcome first = run.get();
        FuzzOutcome second = run.get();
        assertEquals(first.result(), second.result(), "the same input gets the same answer");
        assertArrayEquals(first.guest(), second.guest(), "and leaves the same guest memory");
        assertEquals(first.accesses(), second.accesses(), "through the same accesses");
    }
}
