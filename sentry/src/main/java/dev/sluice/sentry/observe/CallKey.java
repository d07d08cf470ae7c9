package dev.sluice.sentry.observe;

import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;

import java.util.Objects;

/**
 * Identifies one row of {@link CallStats}: which device was called, with which ioctl request, by
 * what C name, and what the sentry did with it.
 *
 * <p>The disposition is part of the key, not a counter in the row, because one request always has
 * exactly one disposition in a proxy's table; a request that shows up under two dispositions means
 * the table changed at runtime, which the stats should make visible rather than merge.
 *
 * <p>Callers on the hot path should build each key once (for example next to the handler table
 * entry) and reuse it, so that recording a call allocates nothing.
 *
 * @param device the short device name, e.g. {@code nvidiactl}, {@code uverbs0}, {@code pty}
 * @param cmd the 32-bit ioctl request number as the guest passed it
 * @param name the C name of the request, e.g. {@code NV_ESC_RM_CONTROL}, or a placeholder such as
 *     {@code ?} for an unknown request
 * @param disposition what the sentry did with the call
 */
public record CallKey(String device, int cmd, String name, Disposition disposition) {

    /** Rejects null components, so that rows sort and print without special cases. */
    public CallKey {
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(disposition, "disposition");
    }

    /*
     * Written out rather than the record's own: those go through method handles, which the
     * sentry's C1-compiled hot path calls (not inlines) twice per call (CallStats.record's map
     * lookup); docs/benchmarks.md. The same components, the same meaning.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof CallKey k
                && cmd == k.cmd
                && disposition == k.disposition
                && name.equals(k.name)
                && device.equals(k.device);
    }

    @Override
    public int hashCode() {
        return ((device.hashCode() * 31 + cmd) * 31 + name.hashCode()) * 31
                + disposition.hashCode();
    }

    /** Returns the request number as {@code 0x%08x}, the house format for ioctl numbers. */
    public String cmdHex() {
        return Ioctl.hex(cmd);
    }
}
