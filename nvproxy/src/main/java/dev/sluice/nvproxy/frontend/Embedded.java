package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.sentry.spi.IoctlCall;

import jnr.ffi.Pointer;

/**
 * The sentry's copies of one control call's embedded arrays ({@link EmbeddedArrays}): read from the
 * guest before the call, pointed to by the sentry's params copy during it, and written back and
 * un-pointed after it.
 */
final class Embedded {
    private final EmbeddedArrays spec;
    private final long[] guestPointers;
    private final Pointer[] buffers;
    private final String refusal;
    private final int status;
    private final long bytes;

    private Embedded(
            EmbeddedArrays spec,
            long[] guestPointers,
            Pointer[] buffers,
            long bytes,
            String refusal,
            int status) {
        this.spec = spec;
        this.guestPointers = guestPointers;
        this.buffers = buffers;
        this.bytes = bytes;
        this.refusal = refusal;
        this.status = status;
    }

    private static Embedded refused(EmbeddedArrays spec, int status, String why) {
        return new Embedded(spec, null, null, 0, why, status);
    }

    /** Why the call must be refused, or null. */
    String refusal() {
        return refusal;
    }

    /** The RM status of the refusal. */
    int status() {
        return status;
    }

    /** Copies the arrays in and rewrites {@code params} (the sentry's copy) to point at them. */
    static Embedded copyIn(IoctlCall call, EmbeddedArrays spec, Pointer params) {
        if (params == null) {
            return refused(spec, NvStatus.NV_ERR_INVALID_ARGUMENT, "no params");
        }
        long count = Integer.toUnsignedLong(params.getInt(spec.countOffset()));
        if (count > spec.maxCount()) {
            return refused(
                    spec,
                    NvStatus.NV_ERR_INVALID_ARGUMENT,
                    "embedded array of " + count + " elements, at most " + spec.maxCount());
        }
        long bytes = count * spec.elemSize();
        long[] guest = new long[spec.pointers().size()];
        Pointer[] bufs = new Pointer[guest.length];
        for (int i = 0; i < guest.length; i++) {
            EmbeddedArrays.PointerField ptr = spec.pointers().get(i);
            guest[i] = params.getLong(ptr.offset());
            if (guest[i] == 0 || bytes == 0) {
                // Nothing to copy. The pointer is cleared in the sentry's copy all the same: a
                // guest
                // address must never reach the driver from the sentry, which would follow it into
                // the sentry's own memory.
                params.putLong(ptr.offset(), 0);
                continue;
            }
            bufs[i] = call.arena().alloc(bytes);
            if (ptr.copyIn() && call.memory().read(guest[i], bufs[i], bytes) < 0) {
                return refused(
                        spec,
                        NvStatus.NV_ERR_INVALID_ADDRESS,
                        "embedded array at 0x" + Long.toHexString(guest[i]) + " is not readable");
            }
            params.putLong(ptr.offset(), bufs[i].address());
        }
        return new Embedded(spec, guest, bufs, bytes, null, NvStatus.NV_OK);
    }

    /**
     * Writes the arrays RM fills back to the guest (when {@code copyOut}) and restores the guest's
     * pointers in {@code params}; returns 0 or {@code -errno}.
     */
    int copyOut(IoctlCall call, Pointer params, boolean copyOut) {
        int rc = 0;
        for (int i = 0; i < guestPointers.length; i++) {
            EmbeddedArrays.PointerField ptr = spec.pointers().get(i);
            if (buffers[i] != null && copyOut && ptr.copyOut()) {
                int w = call.memory().write(guestPointers[i], buffers[i], bytes);
                if (w < 0 && rc == 0) {
                    rc = w;
                }
            }
            params.putLong(ptr.offset(), guestPointers[i]);
        }
        return rc;
    }
}
