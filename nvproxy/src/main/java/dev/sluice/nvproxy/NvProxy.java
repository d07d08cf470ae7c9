package dev.sluice.nvproxy;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.spi.CallRehearsal;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.DeviceProxy;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;
import dev.sluice.sentry.spi.TrapRule;
import dev.sluice.sentry.spi.Verdict;

import java.util.List;

/**
 * NVProxy: decides every trapped ioctl on the NVIDIA nodes, by the table of the node the sentry's
 * own dup of the guest's fd is ({@link NvidiaNode}, from its device number): the frontend table for
 * {@code nvidiactl} and {@code nvidia<N>}, the UVM table for {@code nvidia-uvm}, and tables of
 * their own that deny everything for {@code nvidia-modeset} and {@code nvidia-uvm-tools}. It owns
 * every NVIDIA device number, so a call on an NVIDIA node no table covers is denied here, not
 * continued.
 */
public final class NvProxy implements DeviceProxy {
    /** The tables, one per kind of node. */
    public record Tables(
            IoctlTable frontend, IoctlTable uvm, IoctlTable uvmTools, IoctlTable modeset) {
        /** The table of {@code node}, or null when none covers it. */
        public IoctlTable of(NvidiaNode node) {
            return switch (node) {
                case CONTROL, GPU -> frontend;
                case UVM -> uvm;
                case UVM_TOOLS -> uvmTools;
                case MODESET -> modeset;
                case UNCOVERED, NOT_NVIDIA -> null;
            };
        }

        public List<IoctlTable> all() {
            return List.of(frontend, uvm, uvmTools, modeset);
        }
    }

    private final Tables tables;
    private final NvidiaChardevs chardevs;
    private final long caps;
    private final List<TrapRule> rules;
    private final List<HostFd> gpuNodes;

    /**
     * @param frontend the escapes of the host driver, with their params sizes, which the trap rules
     *     match
     * @param chardevs the host's NVIDIA majors, which tell a call's node
     * @param modeset whether the sandbox is granted {@code /dev/nvidia-modeset} (its request is
     *     then trapped)
     * @param gpuNodes the sentry's own fds on the sandbox's GPU nodes, held for the sandbox's life
     *     and closed by {@link #close()}: RM lets a caller allocate a GPU's device object only
     *     while that caller's fd table holds the GPU's node ({@code osIsGpuAccessible},
     *     src/nvidia/src/kernel/gpu/device.c; {@code nv_is_gpu_accessible},
     *     kernel-open/nvidia/nv.c), and the sentry is the caller of every emulated allocation. The
     *     sentry holds only the granted GPUs, so RM itself refuses the others.
     */
    public NvProxy(
            Tables tables,
            FrontendRequests frontend,
            NvidiaChardevs chardevs,
            long caps,
            boolean modeset,
            List<HostFd> gpuNodes) {
        this.tables = tables;
        this.chardevs = chardevs;
        this.caps = caps;
        this.rules = NvTrapRules.rules(frontend, modeset);
        this.gpuNodes = List.copyOf(gpuNodes);
    }

    /** A proxy with {@code of}'s tables and rules, holding no GPU node: a rehearsal's. */
    private NvProxy(NvProxy of) {
        this.tables = of.tables;
        this.chardevs = of.chardevs;
        this.caps = of.caps;
        this.rules = of.rules;
        this.gpuNodes = List.of();
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
        return chardevs.classify(device).isNvidia();
    }

    @Override
    public Verdict handle(IoctlCall call) {
        CharDevice d = call.device();
        IoctlTable t = tables.of(chardevs.classify(d));
        if (t == null) {
            return new Verdict(
                    IoctlResult.deny(
                            Errno.ENOTTY,
                            d == null
                                    ? "not an NVIDIA device"
                                    : "NVIDIA device "
                                            + d
                                            + " ("
                                            + chardevs.driverOf(d.major())
                                            + ") has no NVProxy table"),
                    ioctlName(call.request().cmd()));
        }
        Verdict v = t.dispatch(call, caps);
        // A request the node's table does not name (a UVM number on nvidiactl, an escape of another
        // size) is still named as NVIDIA's headers name it, for the denial log.
        return v.name().equals(IoctlTable.UNKNOWN) ? v.named(ioctlName(call.request().cmd())) : v;
    }

    @Override
    public String ioctlName(int cmd) {
        for (IoctlTable t : tables.all()) {
            String n = t.name(cmd);
            if (!n.equals(IoctlTable.UNKNOWN)) {
                return n;
            }
        }
        return FrontendEscapes.nameOfRequest(cmd);
    }

    /**
     * Client allocation is the one NVIDIA row decided on guest memory: {@code RM_ALLOC} is
     * continued when the class the sentry read is a client class ({@code RmAllocHandler}), and the
     * kernel reads the class again.
     */
    @Override
    public String racyRows() {
        return "nvproxy: RM_ALLOC of a client class is CONTINUE after the sentry reads the class from guest memory,"
                + " so a racing guest has RM allocate any class in its own context, with RM's checks and its own"
                + " privileges but not NVProxy's class allowlist";
    }

    /** An RM client's life on {@code /dev/nvidiactl}, answered by a copy of this proxy. */
    @Override
    public CallRehearsal rehearsal() {
        return new NvRehearsal(new NvProxy(this));
    }

    @Override
    public void close() {
        gpuNodes.forEach(HostFd::close);
    }

    /** The tables, for docs/ioctls.md. */
    public List<IoctlTable> tables() {
        return tables.all();
    }
}
