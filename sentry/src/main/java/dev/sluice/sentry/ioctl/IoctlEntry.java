package dev.sluice.sentry.ioctl;

import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

/**
 * One row of a proxy's ioctl table: everything about one request in one place, with no parallel
 * metadata map to keep in sync.
 *
 * @param cmd the 32-bit request
 * @param name its C name, for logs, stats and traces
 * @param disposition EMULATE or CONTINUE (a row never says DENY: absence from the table does)
 * @param handler for EMULATE rows; null for CONTINUE
 * @param dir {@link Ioctl#READ}/{@link Ioctl#WRITE} bits: which way params move. Equal to {@code
 *     _IOC_DIR(cmd)} except for legacy requests that predate the encoding (tty {@code 0x54xx}
 *     numbers), whose rows state it explicitly
 * @param paramSize the size of the params struct the handler copies, checked against {@code
 *     _IOC_SIZE(cmd)} (or the C struct, for legacy requests) by the layout tests; -1 when the
 *     argument is not a pointer to a struct
 * @param capabilities bit mask of proxy capabilities that enable this row (0: always enabled)
 */
public record IoctlEntry(
        int cmd,
        String name,
        Disposition disposition,
        IoctlHandler handler,
        int dir,
        int paramSize,
        long capabilities) {
    public IoctlEntry {
        if (disposition == Disposition.DENY) {
            throw new IllegalArgumentException(
                    name + ": tables list what is allowed; DENY is the absence of a row");
        }
        if ((disposition == Disposition.EMULATE) != (handler != null)) {
            throw new IllegalArgumentException(
                    name + ": EMULATE rows need a handler, CONTINUE rows must not have one");
        }
    }

    /** {@code result}, under this row's name. */
    public Verdict verdict(IoctlResult result) {
        return new Verdict(result, name);
    }

    /**
     * {@code result}, under this row's name and what the call asked for beyond the request ({@code
     * NV_ESC_RM_CONTROL NV2080_CTRL_CMD_GPU_GET_INFO_V2 (0x20800102)}).
     */
    public Verdict verdict(String detail, IoctlResult result) {
        return new Verdict(result, name + " " + detail);
    }
}
