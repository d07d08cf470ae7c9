package dev.sluice.rdmaproxy.driver;

import java.util.OptionalLong;

/**
 * What one device has said of its capabilities: the capability bits its driver reports in the
 * driver response (UHW_OUT) of a query ({@link Report}), as the sentry last read them. The sentry
 * learns them only from a response the kernel wrote into the sentry's own buffer, for a query the
 * sentry ran itself (an EMULATE row, or a legacy command it runs in strict mode), never from guest
 * memory; until such a response arrives the device has reported nothing, and every {@link
 * CapabilityRule} that needs a capability refuses (fail closed).
 *
 * <p>One per granted device node, shared by the calls on it (the worker threads), so the bits are
 * published through a volatile field. Capabilities are the device's, not a file's or a context's:
 * any context's query reports the same bits.
 */
public final class DeviceCaps {
    /**
     * Where a driver reports its device's capability bits: a field of the driver response (UHW_OUT)
     * at one site.
     *
     * @param site the query whose driver response carries them
     * @param off the field's offset in the driver response
     * @param width the field's width in bytes (1, 2, 4 or 8)
     * @param field the field and its struct, for log lines
     */
    public record Report(UdataSite site, int off, int width, String field) {
        /**
         * The bits in a driver response the kernel wrote, or empty when it is too short to hold the
         * field (the driver copies {@code min(sizeof(resp), outlen)}, so a short buffer leaves the
         * field unwritten).
         */
        public OptionalLong read(byte[] response) {
            if (response.length < off + width) {
                return OptionalLong.empty();
            }
            return OptionalLong.of(Udata.of(response).field(off, width));
        }
    }

    private final Report report;
    private volatile OptionalLong bits = OptionalLong.empty();

    /**
     * @param report where the device's driver reports its capabilities, or null when its plugin
     *     learns none (the device then never reports any)
     */
    public DeviceCaps(Report report) {
        this.report = report;
    }

    /** Where the bits come from, or null. */
    public Report report() {
        return report;
    }

    /** Whether the driver response at {@code site} reports the capabilities. */
    public boolean reportedAt(UdataSite site) {
        return report != null && report.site().equals(site);
    }

    /**
     * Records the capabilities in {@code response}, the driver response the kernel wrote for a
     * successful query at {@code site}; a response at another site is ignored.
     */
    public void learn(UdataSite site, byte[] response) {
        if (!reportedAt(site)) {
            return;
        }
        OptionalLong b = report.read(response);
        if (b.isPresent()) {
            bits = b;
        }
    }

    /** The capability bits the device last reported, or empty when it has reported none yet. */
    public OptionalLong bits() {
        return bits;
    }

    /** Where the bits come from, for log lines. */
    public String source() {
        return report == null ? "its plugin learns no capabilities" : report.field();
    }
}
