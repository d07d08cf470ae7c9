package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.UvmIoctls;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import java.util.List;

/**
 * NVProxy: decides every trapped ioctl on the NVIDIA frontend devices (char major 195:
 * {@code nvidiactl} and {@code nvidia<N>}) and on {@code nvidia-uvm}, by two tables built for the
 * host's driver version and the sandbox's capabilities.
 */
public final class NvProxy implements DeviceProxy {
    private final IoctlTable frontend;
    private final IoctlTable uvm;
    private final int frontendMajor;
    private final int uvmMajor;
    private final long caps;
    private final List<TrapRule> rules = NvTrapRules.rules();
    private final List<HostFd> gpuNodes;

    /**
     * @param uvmMajor the dynamic char major of {@code nvidia-uvm} (from /proc/devices), or -1
     * @param gpuNodes the sentry's own fds on the sandbox's GPU nodes, held for the sandbox's life
     *                 and closed by {@link #close()}: RM lets a caller allocate a GPU's device object
     *                 only while that caller's fd table holds the GPU's node ({@code osIsGpuAccessible},
     *                 src/nvidia/src/kernel/gpu/device.c; {@code nv_is_gpu_accessible}, kernel-open/nvidia/nv.c),
     *                 and the sentry is the caller of every emulated allocation. The sentry holds only
     *                 the granted GPUs, so RM itself refuses the others.
     */
    public NvProxy(IoctlTable frontend, IoctlTable uvm, int frontendMajor, int uvmMajor, long caps,
                   List<HostFd> gpuNodes) {
        this.gpuNodes = List.copyOf(gpuNodes);
        this.frontend = frontend;
        this.uvm = uvm;
        this.frontendMajor = frontendMajor;
        this.uvmMajor = uvmMajor;
        this.caps = caps;
    }

    @Override
    public String name() {
        return NvProxyProvider.NAME;
    }

    @Override
    public List<TrapRule> trapRules() {
        return rules;
    }

    @Override
    public boolean owns(CharDevice device) {
        return device.major() == frontendMajor || (uvmMajor >= 0 && device.major() == uvmMajor);
    }

    @Override
    public IoctlResult handle(IoctlCall call) {
        IoctlTable t = call.device().major() == frontendMajor ? frontend : uvm;
        return t.dispatch(call, caps);
    }

    @Override
    public String ioctlName(int cmd) {
        String n = frontend.name(cmd);
        if (!n.equals("unknown")) {
            return n;
        }
        n = uvm.name(cmd);
        if (!n.equals("unknown")) {
            return n;
        }
        return UvmIoctls.lookup(cmd) != null ? UvmIoctls.name(cmd) : FrontendEscapes.nameOfRequest(cmd);
    }

    @Override
    public void close() {
        gpuNodes.forEach(HostFd::close);
    }

    /** The frontend and UVM tables, for docs/ioctls.md. */
    public List<IoctlTable> tables() {
        return List.of(frontend, uvm);
    }
}
