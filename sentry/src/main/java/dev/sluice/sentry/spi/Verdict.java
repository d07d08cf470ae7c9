package dev.sluice.sentry.spi;

import java.util.Objects;

/**
 * What a proxy decided for one call: the answer, and the name the call goes by in stats, traces and
 * the denial log. The proxy names the call where it decides it (the table row it dispatched on,
 * plus what a multiplexed request asked for: {@code NV_ESC_RM_CONTROL
 * NV2080_CTRL_CMD_GPU_GET_INFO_V2 (0x20800102)}), so the dispatcher never looks the request up a
 * second time.
 *
 * @param result how the sentry answers the call
 * @param name its C name, with the sub-command where there is one; {@code unknown} for a request
 *     nobody names
 */
public record Verdict(IoctlResult result, String name) {
    public Verdict {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(name, "name");
    }

    /** The same answer under {@code name}. */
    public Verdict named(String name) {
        return new Verdict(result, name);
    }

    /** Another answer under the same name. */
    public Verdict answered(IoctlResult result) {
        return new Verdict(result, name);
    }
}
