package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Errno;

import jnr.ffi.Pointer;

import java.util.Arrays;

/**
 * Test support: a guest address space of one mapping, {@code [base, base + size)}, backed by a byte
 * array. Anything outside it is {@code -EFAULT}, as {@link GuestMemory} promises. Counts accesses
 * so tests can check that a handler did not touch guest memory.
 */
public final class FakeGuestMemory implements GuestMemory {
    private final long base;
    private final byte[] bytes;
    private int reads;
    private int writes;

    public FakeGuestMemory(long base, int size) {
        this.base = base;
        this.bytes = new byte[size];
    }

    public long base() {
        return base;
    }

    /** The backing bytes, live. */
    public byte[] bytes() {
        return bytes;
    }

    public int reads() {
        return reads;
    }

    public int writes() {
        return writes;
    }

    public void fill(byte b) {
        Arrays.fill(bytes, b);
    }

    public short getShort(long guestAddr) {
        int o = offset(guestAddr, 2);
        return (short) ((bytes[o] & 0xff) | (bytes[o + 1] & 0xff) << 8);
    }

    public void putShort(long guestAddr, short v) {
        int o = offset(guestAddr, 2);
        bytes[o] = (byte) v;
        bytes[o + 1] = (byte) (v >> 8);
    }

    public int getInt(long guestAddr) {
        int o = offset(guestAddr, 4);
        return (bytes[o] & 0xff)
                | (bytes[o + 1] & 0xff) << 8
                | (bytes[o + 2] & 0xff) << 16
                | (bytes[o + 3] & 0xff) << 24;
    }

    public void putInt(long guestAddr, int v) {
        int o = offset(guestAddr, 4);
        for (int i = 0; i < 4; i++) {
            bytes[o + i] = (byte) (v >> (8 * i));
        }
    }

    private int offset(long guestAddr, long length) {
        if (!inRange(guestAddr, length)) {
            throw new IndexOutOfBoundsException("0x" + Long.toHexString(guestAddr) + "+" + length);
        }
        return (int) (guestAddr - base);
    }

    private boolean inRange(long guestAddr, long length) {
        return length >= 0 && guestAddr >= base && guestAddr - base <= bytes.length - length;
    }

    @Override
    public int read(long guestAddr, Pointer dst, long length) {
        reads++;
        if (!inRange(guestAddr, length) || length > dst.size()) {
            return -Errno.EFAULT;
        }
        dst.put(0, bytes, (int) (guestAddr - base), (int) length);
        return 0;
    }

    @Override
    public int write(long guestAddr, Pointer src, long length) {
        writes++;
        if (!inRange(guestAddr, length) || length > src.size()) {
            return -Errno.EFAULT;
        }
        src.get(0, bytes, (int) (guestAddr - base), (int) length);
        return 0;
    }
}
