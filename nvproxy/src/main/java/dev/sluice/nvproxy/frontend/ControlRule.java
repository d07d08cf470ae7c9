package dev.sluice.nvproxy.frontend;

import java.util.List;

/**
 * One allowed RM control command ({@code NV_ESC_RM_CONTROL}).
 *
 * @param cmd the command id
 * @param name its C name, or {@code NVxxxx_CTRL_CMD(0x...)} for one the SDK headers do not define
 * @param paramsSize the exact {@code paramsSize} accepted (0: no params)
 * @param caps the capabilities that enable it (any of them)
 * @param embedded arrays behind embedded pointers, or null when the params are flat
 * @param exported whether the open driver's NVOC export tables hold the command; false for commands
 *     real clients issue that reach RM outside them (see docs/nvproxy-discovery.md), whose params
 *     are forwarded as opaque bytes of the observed size
 * @param fdOffset offset of an {@code NvS32} fd of the caller's in the params, which RM resolves in
 *     the caller's fd table (the {@code NV0000_CTRL_CMD_OS_UNIX_*} object export and import), or
 *     -1; the sentry translates it to its dup of the guest's file, an NVIDIA node
 * @param scope where the params name GPUs or processes, kept to the sandbox's own
 * @param zeroedPointers offsets of {@code NvP64} members RM does not follow for this command: the
 *     sentry zeroes them in its copy, so no guest address reaches RM from the sentry, and gives the
 *     guest its own values back
 */
public record ControlRule(
        int cmd,
        String name,
        int paramsSize,
        long caps,
        EmbeddedArrays embedded,
        boolean exported,
        int fdOffset,
        List<ScopedField> scope,
        List<Integer> zeroedPointers) {
    public ControlRule {
        if (paramsSize < 0) {
            throw new IllegalArgumentException(name + ": negative params size");
        }
        if (fdOffset >= 0 && (fdOffset + 4 > paramsSize || embedded != null)) {
            throw new IllegalArgumentException(
                    name + ": fd at " + fdOffset + " does not fit flat params of " + paramsSize);
        }
        scope = List.copyOf(scope);
        zeroedPointers = List.copyOf(zeroedPointers);
        for (ScopedField f : scope) {
            if (f.extent() > paramsSize) {
                throw new IllegalArgumentException(
                        name + ": " + f + " reaches past params of " + paramsSize);
            }
        }
        for (int off : zeroedPointers) {
            if (off < 0 || off + 8 > paramsSize) {
                throw new IllegalArgumentException(
                        name + ": pointer at " + off + " does not fit params of " + paramsSize);
            }
        }
    }

    /** A rule with an fd field (or -1), nothing scoped and no pointer zeroed. */
    public ControlRule(
            int cmd,
            String name,
            int paramsSize,
            long caps,
            EmbeddedArrays embedded,
            boolean exported,
            int fdOffset) {
        this(cmd, name, paramsSize, caps, embedded, exported, fdOffset, List.of(), List.of());
    }

    /** A rule without an fd field. */
    public ControlRule(
            int cmd,
            String name,
            int paramsSize,
            long caps,
            EmbeddedArrays embedded,
            boolean exported) {
        this(cmd, name, paramsSize, caps, embedded, exported, -1);
    }

    /** This rule with its embedded arrays. */
    public ControlRule withEmbedded(EmbeddedArrays arrays) {
        return new ControlRule(
                cmd, name, paramsSize, caps, arrays, exported, fdOffset, scope, zeroedPointers);
    }

    /** This rule with the fields that name GPUs or processes. */
    public ControlRule withScope(List<ScopedField> fields) {
        return new ControlRule(
                cmd, name, paramsSize, caps, embedded, exported, fdOffset, fields, zeroedPointers);
    }

    /** This rule with the pointer members RM does not follow. */
    public ControlRule withZeroedPointers(List<Integer> offsets) {
        return new ControlRule(
                cmd, name, paramsSize, caps, embedded, exported, fdOffset, scope, offsets);
    }
}
