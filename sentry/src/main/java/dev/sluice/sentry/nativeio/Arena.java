package dev.sluice.sentry.nativeio;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.util.ArrayList;
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
    private int block;
    private long used;

    public Arena(int blockSize) {
        this.blockSize = blockSize;
        blocks.add(Memory.allocateDirect(Native.RUNTIME, blockSize, true));
    }

    /** Zeroed memory of {@code size} bytes, valid until {@link #reset}. */
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
                } else {
                    blocks.set(block, p);
                }
            }
            current = blocks.get(block);
            aligned = 0;
        }
        used = aligned + size;
        current.setMemory(aligned, size, (byte) 0);
        return current.slice(aligned, size);
    }

    /** Frees everything allocated since the last reset (the memory is kept for reuse). */
    public void reset() {
        block = 0;
        used = 0;
    }
}
