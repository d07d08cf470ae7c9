package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvControlCommands;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import jnr.ffi.Pointer;

/**
 * {@code NV_ESC_RM_CONTROL}, EMULATE: the sentry reads {@code NVOS54_PARAMETERS} and the command's
 * params once into its own memory, checks the command against the allowlist and its
 * {@code paramsSize} against the exact size the driver expects, copies the arrays behind embedded
 * pointers, points the call at its copies, issues it on its dup of the guest's fd, and copies the
 * results back. The guest's memory is never read twice, so what was checked is what runs.
 *
 * <p>Refusals are RM statuses in {@code NVOS54.status}, as the driver gives them:
 * {@code NV_ERR_NOT_SUPPORTED} for a command not allowed here (or not enabled by the sandbox's
 * capabilities), {@code NV_ERR_INVALID_PARAM_STRUCT} for a wrong {@code paramsSize},
 * {@code NV_ERR_INVALID_ARGUMENT} for an over-long embedded array or a GPU that is not the sandbox's,
 * and {@code NV_ERR_INVALID_ADDRESS} for params the sentry cannot read.
 *
 * <p>Commands that name GPUs or processes ({@link ControlRule#scope()}) are kept to the sandbox's
 * ({@link SandboxScope}): inputs are checked before the call, answers filtered after it. Pointer
 * members RM does not follow ({@link ControlRule#zeroedPointers()}) are zeroed in the sentry's copy.
 */
public final class RmControlHandler implements IoctlHandler {
    private final Map<Integer, ControlRule> rules;
    private final long caps;
    private final String driver;
    private final HostDevice host;
    private final SandboxScope scope;

    /**
     * @param host   the driver
     * @param rules  allowed commands
     * @param caps   the sandbox's capability mask
     * @param driver the driver version, for log lines
     * @param scope  the sandbox's GPUs and processes
     */
    public RmControlHandler(HostDevice host, Map<Integer, ControlRule> rules, long caps, String driver,
                            SandboxScope scope) {
        this.host = host;
        this.rules = rules;
        this.caps = caps;
        this.driver = driver;
        this.scope = scope;
    }

    /** A handler for a sandbox with no GPU and no process of its own ({@link SandboxScope#NONE}). */
    public RmControlHandler(HostDevice host, Map<Integer, ControlRule> rules, long caps, String driver) {
        this(host, rules, caps, driver, SandboxScope.NONE);
    }

    @Override
    public IoctlResult handle(IoctlCall call, IoctlEntry entry) {
        Pointer p = call.arena().alloc(Nvos54.SIZE);
        int r = call.memory().read(call.arg(), p, Nvos54.SIZE);
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        int cmd = p.getInt(Nvos54.OFF_CMD);
        long guestParams = p.getLong(Nvos54.OFF_PARAMS);
        int size = p.getInt(Nvos54.OFF_PARAMS_SIZE);
        ControlRule rule = rules.get(cmd);
        String what = (rule != null ? rule.name() : NvControlCommands.name(cmd)) + " (" + NvStatus.hex(cmd) + ")";
        call.detail(what);
        if (rule == null || (rule.caps() & caps) == 0) {
            return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_NOT_SUPPORTED,
                    (rule == null ? "unsupported control cmd " : "control cmd outside the sandbox's capabilities ")
                            + what + " on " + driver);
        }
        if ((p.getInt(Nvos54.OFF_FLAGS) & Nvos54.NVOS54_FLAGS_FINN_SERIALIZED) != 0) {
            return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_NOT_SUPPORTED,
                    "FINN-serialized params of " + what + " are not supported");
        }
        if (size != rule.paramsSize()) {
            return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_PARAM_STRUCT,
                    what + ": paramsSize " + Integer.toUnsignedString(size) + ", expected " + rule.paramsSize());
        }
        Pointer params = null;
        if (size > 0) {
            if (guestParams == 0) {
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_ARGUMENT,
                        what + ": NULL params");
            }
            params = call.arena().alloc(size);
            if (call.memory().read(guestParams, params, size) < 0) {
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_ADDRESS,
                        what + ": params at 0x" + Long.toHexString(guestParams) + " are not readable");
            }
        }
        for (ScopedField f : rule.scope()) {
            String outside = f.check(params, scope);
            if (outside != null) {
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_ARGUMENT, what + ": " + outside);
            }
        }
        long[] guestPointers = new long[rule.zeroedPointers().size()];
        for (int i = 0; i < guestPointers.length; i++) {
            guestPointers[i] = params.getLong(rule.zeroedPointers().get(i));
            params.putLong(rule.zeroedPointers().get(i), 0);
        }
        HostFd callerFd = null;
        int guestFd = -1;
        if (rule.fdOffset() >= 0) {
            guestFd = params.getInt(rule.fdOffset());
            long dup = call.guestFile(guestFd);
            if (dup < 0) {
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_ARGUMENT,
                        what + ": fd " + guestFd + " is not an open fd of the caller");
            }
            callerFd = HostFd.adopt((int) dup);
            call.cleanup().add(callerFd::close);
            CharDevice d = host.charDevice(callerFd.fd());
            if (d == null || d.major() != FrontendHandlers.NV_MAJOR_DEVICE_NUMBER) {
                callerFd.close();
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, NvStatus.NV_ERR_INVALID_ARGUMENT,
                        what + ": fd " + guestFd + " is not an NVIDIA device");
            }
            params.putInt(rule.fdOffset(), callerFd.fd());
        }
        Embedded copies = null;
        if (rule.embedded() != null) {
            copies = Embedded.copyIn(call, rule.embedded(), params);
            if (copies.refusal() != null) {
                return RmStatus.refuse(call, Nvos54.OFF_STATUS, copies.status(), what + ": " + copies.refusal());
            }
        }
        p.putLong(Nvos54.OFF_PARAMS, params == null ? 0 : params.address());
        int rc = host.ioctl(call.hostFd().fd(), call.cmd(), p.address());
        if (rc < 0) {
            return IoctlResult.error(-rc);
        }
        int status = p.getInt(Nvos54.OFF_STATUS);
        boolean copyOut = status == NvStatus.NV_OK;
        if (!copyOut) {
            call.detail(what + " -> " + NvStatus.name(status));
        }
        if (copies != null) {
            int w = copies.copyOut(call, params, copyOut);
            if (w < 0) {
                return IoctlResult.error(-w);
            }
        }
        if (callerFd != null) {
            params.putInt(rule.fdOffset(), guestFd);
            callerFd.close();
        }
        for (int i = 0; i < guestPointers.length; i++) {
            params.putLong(rule.zeroedPointers().get(i), guestPointers[i]);
        }
        if (copyOut && !rule.scope().isEmpty()) {
            IntUnaryOperator pids = scope.pids().of(call.tid());
            for (ScopedField f : rule.scope()) {
                f.filter(params, scope, pids);
            }
        }
        if (params != null && copyOut) {
            int w = call.memory().write(guestParams, params, size);
            if (w < 0) {
                return IoctlResult.error(-w);
            }
        }
        p.putLong(Nvos54.OFF_PARAMS, guestParams);
        int w = call.memory().write(call.arg(), p, Nvos54.SIZE);
        return w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc);
    }
}
