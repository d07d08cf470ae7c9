package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.NvStatus;
import dev.sluice.nvproxy.abi.NvosParams.Nvos54;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import java.util.function.IntUnaryOperator;

/**
 * One RM control call that passed {@link RmControlRefusals}, carried out on the sentry's copies:
 * {@link #copyIn} reads the command's params once and prepares them (scoped fields checked,
 * pointers RM does not follow zeroed, the caller's fd translated, embedded arrays copied), refusing
 * what the params show to be outside the sandbox; {@link #execute} issues the call on the sentry's
 * dup and gives the guest its results, with its own pointers and fd numbers back. Used once, by one
 * worker.
 */
final class RmControlCall {
    private final IoctlCall call;
    private final HostDevice host;
    private final SandboxScope scope;
    private final ControlRule rule;
    private final String what;

    /** The sentry's copy of {@code NVOS54_PARAMETERS}. */
    private final Pointer header;

    private final long guestParams;
    private final int size;
    private Pointer params;
    private long[] guestPointers = new long[0];
    private HostFd callerFd;
    private int guestFd = -1;
    private Embedded copies;
    private int status = NvStatus.NV_OK;

    RmControlCall(
            IoctlCall call,
            HostDevice host,
            SandboxScope scope,
            RmControlRefusals.Header h,
            Pointer header) {
        this.call = call;
        this.host = host;
        this.scope = scope;
        this.rule = h.rule();
        this.what = h.what();
        this.header = header;
        this.guestParams = h.params();
        this.size = h.paramsSize();
    }

    /** Reads and prepares the params; null, or why the call is refused. */
    RmStatus.Refusal copyIn() {
        RmStatus.Refusal no = readParams();
        if (no == null) {
            no = checkScope();
        }
        if (no == null) {
            zeroPointers();
            no = translateFd();
        }
        if (no == null) {
            no = copyEmbedded();
        }
        return no;
    }

    /** RM's status for the executed call ({@code NV_OK} until {@link #execute} got one). */
    int status() {
        return status;
    }

    private RmStatus.Refusal readParams() {
        if (size == 0) {
            return null;
        }
        params = call.arena().alloc(size);
        if (call.memory().read(guestParams, params, size) < 0) {
            return refusal(
                    NvStatus.NV_ERR_INVALID_ADDRESS,
                    "params at 0x" + Long.toHexString(guestParams) + " are not readable");
        }
        return null;
    }

    private RmStatus.Refusal checkScope() {
        for (ScopedField f : rule.scope()) {
            String outside = f.check(params, scope);
            if (outside != null) {
                return refusal(NvStatus.NV_ERR_INVALID_ARGUMENT, outside);
            }
        }
        return null;
    }

    /** Pointer members RM does not follow: no guest address reaches RM from the sentry. */
    private void zeroPointers() {
        guestPointers = new long[rule.zeroedPointers().size()];
        for (int i = 0; i < guestPointers.length; i++) {
            guestPointers[i] = params.getLong(rule.zeroedPointers().get(i));
            params.putLong(rule.zeroedPointers().get(i), 0);
        }
    }

    /**
     * The caller's fd RM resolves in the caller's fd table: the sentry's dup of it, an NVIDIA node.
     */
    private RmStatus.Refusal translateFd() {
        if (rule.fdOffset() < 0) {
            return null;
        }
        guestFd = params.getInt(rule.fdOffset());
        long dup = call.guestFile(guestFd);
        if (dup < 0) {
            return refusal(
                    NvStatus.NV_ERR_INVALID_ARGUMENT,
                    "fd " + guestFd + " is not an open fd of the caller");
        }
        callerFd = HostFd.adopt((int) dup);
        call.cleanup().add(callerFd::close);
        CharDevice d = host.charDevice(callerFd.fd());
        if (d == null || d.major() != FrontendHandlers.NV_MAJOR_DEVICE_NUMBER) {
            callerFd.close();
            return refusal(
                    NvStatus.NV_ERR_INVALID_ARGUMENT, "fd " + guestFd + " is not an NVIDIA device");
        }
        params.putInt(rule.fdOffset(), callerFd.fd());
        return null;
    }

    private RmStatus.Refusal copyEmbedded() {
        if (rule.embedded() == null) {
            return null;
        }
        copies = Embedded.copyIn(call, rule.embedded(), params);
        return copies.refusal() == null ? null : refusal(copies.status(), copies.refusal());
    }

    private RmStatus.Refusal refusal(int rmStatus, String why) {
        return new RmStatus.Refusal(rmStatus, what + ": " + why);
    }

    /**
     * Points the header at the sentry's params, issues the call on the sentry's dup, and copies the
     * results back when RM succeeded (embedded arrays, answers filtered to the sandbox's scope, the
     * params), with the guest's own pointers and fd number restored; the header always.
     */
    IoctlResult execute() {
        header.putLong(Nvos54.OFF_PARAMS, params == null ? 0 : params.address());
        int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), header.address());
        if (rc < 0) {
            return IoctlResult.error(-rc);
        }
        status = header.getInt(Nvos54.OFF_STATUS);
        boolean copyOut = status == NvStatus.NV_OK;
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
            IntUnaryOperator pids = scope.pids().of(call.request().tid());
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
        header.putLong(Nvos54.OFF_PARAMS, guestParams);
        int w = call.memory().write(call.request().arg(), header, Nvos54.SIZE);
        return w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc);
    }
}
