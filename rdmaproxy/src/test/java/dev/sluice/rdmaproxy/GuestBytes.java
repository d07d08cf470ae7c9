package dev.sluice.rdmaproxy;

import dev.sluice.sentry.spi.FakeGuestMemory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Test support: bytes a guest wrote, placed in a {@link FakeGuestMemory}. */
final class GuestBytes {
    private GuestBytes() {}

    /** Writes {@code bytes} at {@code addr}, padded with zeros to a whole number of words. */
    static void put(FakeGuestMemory guest, long addr, byte[] bytes) {
        byte[] padded = new byte[(bytes.length + 3) & ~3];
        System.arraycopy(bytes, 0, padded, 0, bytes.length);
        ByteBuffer b = ByteBuffer.wrap(padded).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < padded.length; i += 4) {
            guest.putInt(addr + i, b.getInt(i));
        }
    }
}
