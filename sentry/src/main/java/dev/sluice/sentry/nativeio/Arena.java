package dev.sluice.sentry.nativeio;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Native scratch memory for one sentry worker thread: a bump allocator over direct blocks, {@link
 * #reset} after every call. The sentry's private copies of guest ioctl params live here, so
 * handling a call allocates nothing on the Java heap beyond small objects.
 *
 * <p>Not thread-safe: each worker owns one.
 */
public final class Arena {
    private static final int ALIGN = 16;
    private final int blockSize;
    private final List<Pointer> blocks = new ArrayList<>();

    /** Per block, how far it was handed out since the last reset: what reset zeroes again. */
    private long[] dirty = new long[1];

    private int block;
    private long used;

    public Arena(int blockSize) {
        this.blockSize = blockSize;
        blocks.add(Memory.allocateDirect(Native.RUNTIME, blockSize, true));
    }

    /**
     * Zeroed memory of {@code size} bytes, valid until {@link #reset}: a new block is allocated
     * zeroed, and reset zeroes again all that was handed out of the blocks it reuses.
     */
    public Pointer alloc(long size) {
        if (size < 0 || size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("bad scratch size " + size);
        }
        long aligned = (used + ALIGN - 1) & -ALIGN;
        Pointer current = blocks.get(block);
        if (aligned + size > current.size()) {
            block++;
            if (block == blocks.size() || blocks.get(block).size() < size) {
                Pointer p = Memory.allocateDirect(Native.RUNTIME, Math.max(blockSize, size), true);
                if (block == blocks.size()) {
                    blocks.add(p);
                    dirty = Arrays.copyOf(dirty, blocks.size());
                } else {
                    blocks.set(block, p);
                }
                dirty[block] = 0;
            }
            current = blocks.get(block);
            aligned = 0;
        }
        used = aligned + size;
        if (used > dirty[block]) {
            dirty[block] = used;
        }
        return current.slice(aligned, size);
    }

    /**
     * Frees everything allocated since the last reset (the memory is kept for reuse), and zeroes
     * what was handed out: one native call per call the worker served, rather than one per
     * allocation (each is a call into the VM under C1; docs/benchmarks.md).
     */
    public void reset() {
        for (int i = 0; i <= block && i < dirty.length; i++) {
            if (dirty[i] > 0) {
                blocks.get(i).setMemory(0, dirty[i], (byte) 0);
                dirty[i] = 0;
            }
        }
        block = 0;
        used = 0;
    }
}
