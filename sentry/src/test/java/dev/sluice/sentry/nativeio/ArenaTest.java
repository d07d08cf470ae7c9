package dev.sluice.sentry.nativeio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jnr.ffi.Pointer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ArenaTest {

    @Test
    void allocationsAreSixteenByteAligned() {
        Arena a = new Arena(4096);
        for (int size : new int[] {1, 3, 8, 13, 16, 17, 100, 7}) {
            Pointer p = a.alloc(size);
            assertEquals(
                    0,
                    p.address() % 16,
                    "alloc("
                            + size
                            + ") at 0x"
                            + Long.toHexString(p.address())
                            + " is 16-byte aligned");
            assertEquals(size, p.size(), "alloc(" + size + ") has exactly the requested size");
        }
    }

    @Test
    void memoryIsZeroedAfterResetAndReuse() {
        Arena a = new Arena(256);
        Pointer first = a.alloc(64);
        fill(first, (byte) 0xff);
        Pointer big = a.alloc(1000); // a second block
        fill(big, (byte) 0xee);
        a.reset();
        Pointer again = a.alloc(64);
        assertEquals(
                first.address(),
                again.address(),
                "after reset the first block is reused from its start");
        assertZero(again, "reused memory");
        Pointer bigAgain = a.alloc(1000);
        assertZero(bigAgain, "reused second block");
    }

    @Test
    void everyAllocationIsZeroAcrossCyclesThatDirtiedSeveralBlocks() {
        // The arena zeroes at reset what it handed out: a cycle that filled several blocks, some
        // slots replaced by bigger ones, must leave nothing behind for the next.
        Arena a = new Arena(512);
        java.util.Random r = new java.util.Random(20261202);
        for (int cycle = 0; cycle < 200; cycle++) {
            int n = 1 + r.nextInt(30);
            for (int i = 0; i < n; i++) {
                int size = r.nextInt(8) == 0 ? 1 + r.nextInt(3000) : 1 + r.nextInt(200);
                Pointer p = a.alloc(size);
                assertZero(p, "cycle " + cycle + " allocation " + i + " of " + size + " bytes");
                fill(p, (byte) (cycle + 1));
            }
            a.reset();
        }
    }

    @Test
    void zeroedEvenWithinTheSameCycle() {
        Arena a = new Arena(256);
        Pointer p = a.alloc(32);
        assertZero(p, "fresh memory");
    }

    @Test
    void growsBeyondTheBlockSize() {
        Arena a = new Arena(64);
        Pointer huge = a.alloc(10_000);
        assertEquals(
                10_000, huge.size(), "an allocation larger than a block gets a block of its own");
        huge.putByte(9_999, (byte) 7);
        assertEquals(7, huge.getByte(9_999), "its last byte is usable");

        List<Pointer> many = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            Pointer p = a.alloc(48);
            p.putInt(0, i);
            many.add(p);
        }
        for (int i = 0; i < many.size(); i++) {
            assertEquals(
                    i,
                    many.get(i).getInt(0),
                    "allocation " + i + " kept its value across block growth");
        }

        a.reset();
        Pointer afterReset = a.alloc(20_000);
        afterReset.putByte(19_999, (byte) 1);
        assertEquals(
                20_000,
                afterReset.size(),
                "a reused slot grows when the request is bigger than it");
    }

    @Test
    void slicesAreIndependent() {
        Arena a = new Arena(1024);
        List<Pointer> ps = new ArrayList<>();
        int[] sizes = {5, 40, 16, 1, 300, 33, 700, 8};
        for (int s : sizes) {
            ps.add(a.alloc(s));
        }
        for (int i = 0; i < ps.size(); i++) {
            fill(ps.get(i), (byte) (i + 1));
        }
        for (int i = 0; i < ps.size(); i++) {
            Pointer p = ps.get(i);
            for (int j = 0; j < sizes[i]; j++) {
                assertEquals(
                        (byte) (i + 1),
                        p.getByte(j),
                        "allocation " + i + " byte " + j + " untouched by the others");
            }
            for (int k = 0; k < ps.size(); k++) {
                if (k == i) {
                    continue;
                }
                long a0 = p.address();
                long a1 = a0 + sizes[i];
                long b0 = ps.get(k).address();
                long b1 = b0 + sizes[k];
                assertTrue(
                        a1 <= b0 || b1 <= a0, "allocations " + i + " and " + k + " do not overlap");
            }
        }
    }

    @Test
    void zeroSizeIsAllowedAndNegativeIsNot() {
        Arena a = new Arena(64);
        assertEquals(0, a.alloc(0).size(), "alloc(0) is an empty slice");
        assertThrows(IllegalArgumentException.class, () -> a.alloc(-1), "alloc(-1)");
        assertThrows(IllegalArgumentException.class, () -> a.alloc(1L << 32), "alloc beyond 2 GiB");
    }

    /**
     * Fills a slice with put(byte[]): jnr-ffi 2.2.17's BoundedMemoryIO.setMemory checks {@code base
     * + offset} against the slice's own size, so it throws for any slice not at offset 0.
     */
    private static void fill(Pointer p, byte b) {
        byte[] bytes = new byte[(int) p.size()];
        java.util.Arrays.fill(bytes, b);
        p.put(0, bytes, 0, bytes.length);
    }

    private static void assertZero(Pointer p, String what) {
        for (long i = 0; i < p.size(); i++) {
            if (p.getByte(i) != 0) {
                assertEquals(0, p.getByte(i), what + ": byte " + i + " is zero");
            }
        }
    }
}
