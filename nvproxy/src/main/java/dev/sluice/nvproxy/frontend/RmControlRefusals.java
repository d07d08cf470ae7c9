package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;

import jnr.ffi.Pointer;

import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The refusals of {@code NV_ESC_RM_CONTROL} that its header alone decides, as data: one row per
 * refusal, in the order they apply, each with the RM status the driver would answer and the reason
 * for the denial log. They read nothing but the sentry's copy of {@code NVOS54_PARAMETERS} and the
 * command's {@link ControlRule}; what needs the command's params (its scoped fields, its fd, its
 * embedded arrays) is refused while {@link RmControlCall} copies them in.
 */
final class RmControlRefusals {
    /**
     * One control call's header, as the sentry read it.
     *
     * @param cmd {@code NVOS54.cmd}
     * @param flags {@code NVOS54.flags}
     * @param params {@code NVOS54.params}: a guest pointer
     * @param paramsSize {@code NVOS54.paramsSize}
     * @param rule the command's rule, or null when it is not allowed here
     * @param what the command's name and number, for reasons: {@code
     *     NV2080_CTRL_CMD_GPU_GET_INFO_V2 (0x20800102)}
     */
    record Header(int cmd, int flags, long params, int paramsSize, ControlRule rule, String what) {
        /** The header in the sentry's copy {@code p} of {@code NVOS54_PARAMETERS}. */
        static Header of(Pointer p, ControlRule rule, String what) {
            return new Header(
                    p.getInt(Nvos54.OFF_CMD),
                    p.getInt(Nvos54.OFF_FLAGS),
                    p.getLong(Nvos54.OFF_PARAMS),
                    p.getInt(Nvos54.OFF_PARAMS_SIZE),
                    rule,
                    what);
        }
    }

    /** One refusal: when it applies, with which RM status, and why. */
    private record Row(Predicate<Header> applies, int status, Function<Header, String> reason) {}

    private final List<Row> rows;

    /**
     * @param caps the sandbox's capability mask
     * @param driver the driver version, for reasons
     */
    RmControlRefusals(long caps, String driver) {
        this.rows =
                List.of(
                        // A command not allowed here, or not enabled by the sandbox's capabilities:
                        // what RM
                        // answers for a command it does not implement.
                        new Row(
                                h -> h.rule() == null,
                                NvStatus.NV_ERR_NOT_SUPPORTED,
                                h -> "unsupported control cmd " + h.what() + " on " + driver),
                        new Row(
                                h -> (h.rule().caps() & caps) == 0,
                                NvStatus.NV_ERR_NOT_SUPPORTED,
                                h ->
                                        "control cmd outside the sandbox's capabilities "
                                                + h.what()
                                                + " on "
                                                + driver),
                        // FINN-serialized params are a second encoding of the same params, which
                        // the rules
                        // do not describe.
                        new Row(
                                h -> (h.flags() & Nvos54.NVOS54_FLAGS_FINN_SERIALIZED) != 0,
                                NvStatus.NV_ERR_NOT_SUPPORTED,
                                h ->
                                        "FINN-serialized params of "
                                                + h.what()
                                                + " are not supported"),
                        // RM checks paramsSize against the command's exact size.
                        new Row(
                                h -> h.paramsSize() != h.rule().paramsSize(),
                                NvStatus.NV_ERR_INVALID_PARAM_STRUCT,
                                h ->
                                        h.what()
                                                + ": paramsSize "
                                                + Integer.toUnsignedString(h.paramsSize())
                                                + ", expected "
                                                + h.rule().paramsSize()),
                        new Row(
                                h -> h.paramsSize() > 0 && h.params() == 0,
                                NvStatus.NV_ERR_INVALID_ARGUMENT,
                                h -> h.what() + ": NULL params"));
    }

    /** The first refusal that applies to {@code header}, or null when the call may go on. */
    RmStatus.Refusal first(Header header) {
        for (Row r : rows) {
            if (r.applies().test(header)) {
                return new RmStatus.Refusal(r.status(), r.reason().apply(header));
            }
        }
        return null;
    }
}
