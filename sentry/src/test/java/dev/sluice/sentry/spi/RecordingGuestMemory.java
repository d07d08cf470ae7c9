package dev.sluice.sentry.spi;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;

/**
 * Test support for fuzz targets: a {@link FakeGuestMemory} that records every access a handler
 * makes, so a target can check that the handler touched guest memory only inside the ranges the ABI
 * lets it (the params struct, the buffers it names, with the sizes it declares), faulting or not.
 */
public final class RecordingGuestMemory implements GuestMemory {
    /** One access: {@code length} bytes at {@code address}, a write or a read. */
    public record Access(long address, long length, boolean write) {
        /** Whether the access lies inside {@code [start, start + size)}. */
        public boolean within(long start, long size) {
            return length >= 0 && size >= 0 && address >= start && address - start <= size - length;
        }
    }

    private final FakeGuestMemory memory;
    private final List<Access> accesses = new ArrayList<>();

    public RecordingGuestMemory(FakeGuestMemory memory) {
        this.memory = memory;
    }

    public FakeGuestMemory memory() {
        return memory;
    }

    public List<Access> accesses() {
        return List.copyOf(accesses);
    }

    @Override
    public int read(long guestAddr, Pointer dst, long length) {
        accesses.add(new Access(guestAddr, length, false));
        return memory.read(guestAddr, dst, length);
    }

    @Override
    public int write(long guestAddr, Pointer src, long length) {
        accesses.add(new Access(guestAddr, length, true));
        return memory.write(guestAddr, src, length);
    }
}
