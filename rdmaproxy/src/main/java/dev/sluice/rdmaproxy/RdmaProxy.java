package dev.sluice.rdmaproxy;

import dev.sluice.rdmaproxy.abi.UverbsIoctl;
import dev.sluice.rdmaproxy.abi.UverbsNames;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import java.util.List;

/**
 * RDMAProxy: mediates the uverbs ioctl path ({@code RDMA_VERBS_IOCTL} on
 * {@code /dev/infiniband/uverbsN}).
 *
 * <p>The trap rule is the exact request number, never type and nr alone: {@code RDMA_VERBS_IOCTL}
 * shares both with umad's {@code IB_USER_MAD_REGISTER_AGENT}. The request on an fd this proxy does
 * not own is denied, so a guest cannot let the sentry see one file and the kernel run another.
 *
 * <p>Step 1: each call's envelope is checked against the core schema and {@link RdmaTable}
 * ({@link UverbsDispatch}); allowed calls CONTINUE. The legacy {@code write()} path is not trapped
 * (docs/security-model.md).
 */
public final class RdmaProxy implements DeviceProxy {
    private final List<Integer> majors;
    private final UverbsDispatch dispatch;

    /** @param majors the char majors named {@code infiniband_verbs} in /proc/devices */
    public RdmaProxy(List<Integer> majors, RdmaTable table) {
        this.majors = List.copyOf(majors);
        this.dispatch = new UverbsDispatch(table, UverbsNames.core());
    }

    @Override
    public String name() {
        return RdmaProxyProvider.NAME;
    }

    @Override
    public List<TrapRule> trapRules() {
        return List.of(TrapRule.exact(UverbsIoctl.RDMA_VERBS_IOCTL, Disposition.DENY, "uverbs"));
    }

    @Override
    public boolean owns(CharDevice device) {
        return UverbsDevices.isUverbs(majors, device.major(), device.minor());
    }

    @Override
    public IoctlResult handle(IoctlCall call) {
        if (call.cmd() != UverbsIoctl.RDMA_VERBS_IOCTL) {
            return IoctlResult.deny(Errno.ENOTTY, "not supported by " + name());
        }
        return dispatch.dispatch(call);
    }

    @Override
    public String ioctlName(int cmd) {
        return cmd == UverbsIoctl.RDMA_VERBS_IOCTL ? "RDMA_VERBS_IOCTL" : "unknown";
    }
}
