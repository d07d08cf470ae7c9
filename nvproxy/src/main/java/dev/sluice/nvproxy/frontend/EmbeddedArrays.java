package dev.sluice.nvproxy.frontend;

import java.util.List;

/**
 * The arrays an RM control's params point to, for the commands whose embedded pointers RM itself
 * follows into the caller's memory (src/nvidia/src/kernel/rmapi/embedded_param_copy.c, 580.142).
 * Executed by the sentry, such a pointer would be followed into the sentry's memory, so the handler
 * copies each array into sentry memory and rewrites the pointer before the call.
 *
 * @param countOffset offset of the {@code NvU32} element count in the params
 * @param elemSize bytes per element
 * @param maxCount the largest count accepted; more is refused with {@code NV_ERR_INVALID_ARGUMENT}
 * @param pointers the {@code NvP64} fields that point to arrays of {@code count} elements
 */
public record EmbeddedArrays(
        int countOffset, int elemSize, int maxCount, List<PointerField> pointers) {
    /**
     * One pointer field.
     *
     * @param offset offset of the {@code NvP64} in the params
     * @param copyIn whether RM reads the array (false: {@code RMAPI_PARAM_COPY_FLAGS_SKIP_COPYIN})
     * @param copyOut whether RM writes it back (false: {@code RMAPI_PARAM_COPY_FLAGS_SKIP_COPYOUT})
     */
    public record PointerField(int offset, boolean copyIn, boolean copyOut) {}

    public EmbeddedArrays {
        pointers = List.copyOf(pointers);
    }

    public static PointerField inOut(int offset) {
        return new PointerField(offset, true, true);
    }

    public static PointerField in(int offset) {
        return new PointerField(offset, true, false);
    }

    public static PointerField out(int offset) {
        return new PointerField(offset, false, true);
    }
}
