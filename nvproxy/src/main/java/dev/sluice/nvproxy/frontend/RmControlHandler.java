package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.ControlCommands;
import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.Verdict;

import jnr.ffi.Pointer;

import java.util.Map;
import java.util.function.IntFunction;

/**
 * {@code NV_ESC_RM_CONTROL}, EMULATE: the sentry reads {@code NVOS54_PARAMETERS} and the command's
 * params once into its own memory, checks the command against the allowlist and its {@code
 * paramsSize} against the exact size the driver expects, copies the arrays behind embedded
 * pointers, points the call at its copies, issues it on its dup of the guest's fd, and copies the
 * results back. The guest's memory is never read twice, so what was checked is what runs.
 *
 * <p>In three steps, one class each: the refusals the header alone decides, as a table ({@link
 * RmControlRefusals}); copying the params in, with the refusals they decide, and running the call
 * ({@link RmControlCall}); and this class, which reads the header and names the call.
 *
 * <p>Refusals are RM statuses in {@code NVOS54.status}, as the driver gives them: {@code
 * NV_ERR_NOT_SUPPORTED} for a command not allowed here (or not enabled by the sandbox's
 * capabilities), {@code NV_ERR_INVALID_PARAM_STRUCT} for a wrong {@code paramsSize}, {@code
 * NV_ERR_INVALID_ARGUMENT} for an over-long embedded array or a GPU that is not the sandbox's, and
 * {@code NV_ERR_INVALID_ADDRESS} for params the sentry cannot read.
 *
 * <p>Commands that name GPUs or processes ({@link ControlRule#scope()}) are kept to the sandbox's
 * ({@link SandboxScope}): inputs are checked before the call, answers filtered after it. Pointer
 * members RM does not follow ({@link ControlRule#zeroedPointers()}) are zeroed in the sentry's
 * copy.
 */
public final class RmControlHandler implements IoctlHandler {
    private final Map<Integer, ControlRule> rules;
    private final RmControlRefusals refusals;
    private final HostDevice host;
    private final SandboxScope scope;
    private final IdLabels labels;

    /**
     * @param host the driver
     * @param rules allowed commands
     * @param caps the sandbox's capability mask
     * @param driver the driver version, for log lines
     * @param scope the sandbox's GPUs and processes
     * @param names the name of any command id, allowed or not, for log lines (the tag's)
     */
    public RmControlHandler(
            HostDevice host,
            Map<Integer, ControlRule> rules,
            long caps,
            String driver,
            SandboxScope scope,
            IntFunction<String> names) {
        this.host = host;
        this.rules = rules;
        this.refusals = new RmControlRefusals(caps, driver);
        this.scope = scope;
        this.labels = new IdLabels(names);
    }

    /**
     * A handler for a sandbox with no GPU and no process of its own ({@link SandboxScope#NONE}),
     * naming only the allowed commands.
     */
    public RmControlHandler(
            HostDevice host, Map<Integer, ControlRule> rules, long caps, String driver) {
        this(host, rules, caps, driver, SandboxScope.NONE, ControlCommands::unknownName);
    }

    /**
     * Reads the header, refuses what it alone decides ({@link RmControlRefusals}), then copies the
     * params in and runs the call ({@link RmControlCall}). The call goes by its row's name and the
     * command, with RM's status when RM refused it.
     */
    @Override
    public Verdict handle(IoctlCall call, IoctlEntry entry) {
        Pointer p = call.arena().alloc(Nvos54.SIZE);
        int r = call.memory().read(call.request().arg(), p, Nvos54.SIZE);
        if (r < 0) {
            return entry.verdict(IoctlResult.error(-r));
        }
        int cmd = p.getInt(Nvos54.OFF_CMD);
        ControlRule rule = rules.get(cmd);
        String what = labels.of(cmd, rule != null ? rule.name() : null);
        RmControlRefusals.Header header = RmControlRefusals.Header.of(p, rule, what);
        RmStatus.Refusal no = refusals.first(header);
        if (no == null) {
            RmControlCall control = new RmControlCall(call, host, scope, header, p);
            no = control.copyIn();
            if (no == null) {
                IoctlResult result = control.execute();
                int status = control.status();
                return entry.verdict(
                        status == NvStatus.NV_OK ? what : what + " -> " + NvStatus.name(status),
                        result);
            }
        }
        return entry.verdict(what, RmStatus.refuse(call, Nvos54.OFF_STATUS, no));
    }
}
