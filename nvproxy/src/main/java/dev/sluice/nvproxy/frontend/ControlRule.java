package dev.sluice.nvproxy.frontend;

/**
 * One allowed RM control command ({@code NV_ESC_RM_CONTROL}).
 *
 * @param cmd        the command id
 * @param name       its C name, or {@code NVxxxx_CTRL_CMD(0x...)} for one the SDK headers do not define
 * @param paramsSize the exact {@code paramsSize} accepted (0: no params)
 * @param caps       the capabilities that enable it (any of them)
 * @param embedded   arrays behind embedded pointers, or null when the params are flat
 * @param exported   whether the open driver's NVOC export tables hold the command; false for commands
 *                   real clients issue that reach RM outside them (see docs/nvproxy-discovery.md), whose
 *                   params are forwarded as opaque bytes of the observed size
 * @param fdOffset   offset of an {@code NvS32} fd of the caller's in the params, which RM resolves in the
 *                   caller's fd table (the {@code NV0000_CTRL_CMD_OS_UNIX_*} object export and import), or
 *                   -1; the sentry translates it to its dup of the guest's file, an NVIDIA node
 */
public record ControlRule(int cmd, String name, int paramsSize, long caps, EmbeddedArrays embedded, boolean exported,
                          int fdOffset) {
    public ControlRule {
        if (paramsSize < 0) {
            throw new IllegalArgumentException(name + ": negative params size");
        }
        if (fdOffset >= 0 && (fdOffset + 4 > paramsSize || embedded != null)) {
            throw new IllegalArgumentException(name + ": fd at " + fdOffset + " does not fit flat params of " + paramsSize);
        }
    }

    /** A rule without an fd field. */
    public ControlRule(int cmd, String name, int paramsSize, long caps, EmbeddedArrays embedded, boolean exported) {
        this(cmd, name, paramsSize, caps, embedded, exported, -1);
    }
}
