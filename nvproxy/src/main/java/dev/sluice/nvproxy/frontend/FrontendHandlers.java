package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.FrontendStructs.CardInfo;
import dev.sluice.nvproxy.abi.FrontendStructs.RegisterFd;
import dev.sluice.nvproxy.abi.FrontendStructs.SysParams;
import dev.sluice.nvproxy.abi.NvDeviceNumbers;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.CharDevice;
import dev.sluice.sentry.spi.HostDevice;
import dev.sluice.sentry.spi.IoctlCall;
import dev.sluice.sentry.spi.IoctlResult;

import jnr.ffi.Pointer;

import java.util.OptionalLong;
import java.util.Set;

/**
 * EMULATE handlers of the frontend escapes that carry an fd or name GPUs. Each reads the params
 * once, checks the sentry's copy, issues the call on the sentry's dup and copies the result back.
 */
public final class FrontendHandlers {
    /** {@code NV_CONTROL_DEVICE_MINOR}, the minor of {@code /dev/nvidiactl}. */
    public static final int NV_CONTROL_DEVICE_MINOR =
            NvDeviceNumbers.NV_MINOR_DEVICE_NUMBER_CONTROL_DEVICE;

    /** The char major of the NVIDIA frontend devices. */
    public static final int NV_MAJOR_DEVICE_NUMBER = NvDeviceNumbers.NV_MAJOR_DEVICE_NUMBER;

    private final HostDevice host;
    private final Set<Integer> grantedMinors;
    private final Set<Integer> grantedGpuIds;
    private final SandboxScope scope;
    private final OptionalLong memoryBlockSize;

    /**
     * @param grantedMinors minors of the GPU nodes granted to the sandbox
     * @param scope the sandbox's GPUs, by RM GPU id ({@code gpu_id} of {@code NV_ESC_CARD_INFO}),
     *     and its processes
     * @param memoryBlockSize the host kernel's memory block size ({@code
     *     /sys/devices/system/memory/block_size_bytes}), empty when it has none
     */
    public FrontendHandlers(
            HostDevice host,
            Set<Integer> grantedMinors,
            SandboxScope scope,
            OptionalLong memoryBlockSize) {
        this.host = host;
        this.grantedMinors = Set.copyOf(grantedMinors);
        this.grantedGpuIds = scope.gpuIds();
        this.scope = scope;
        this.memoryBlockSize = memoryBlockSize;
    }

    /** Handlers for GPUs {@code grantedGpuIds}, no process to see and no memory block size. */
    public FrontendHandlers(
            HostDevice host, Set<Integer> grantedMinors, Set<Integer> grantedGpuIds) {
        this(
                host,
                grantedMinors,
                new SandboxScope(grantedGpuIds, GuestPids.NONE),
                OptionalLong.empty());
    }

    /** The sandbox's GPUs and processes, for the RM control handler. */
    public SandboxScope scope() {
        return scope;
    }

    /**
     * {@code NV_ESC_REGISTER_FD}: links a GPU-node fd to a control fd, which the driver resolves by
     * number in the caller's fd table. The guest's {@code ctl_fd} is translated to the sentry's dup
     * of that file, which must be {@code /dev/nvidiactl}; anything else is {@code EINVAL}.
     */
    public IoctlResult registerFd(IoctlCall call, IoctlEntry entry) {
        Pointer p = call.arena().alloc(RegisterFd.SIZE);
        int r = call.memory().read(call.request().arg(), p, RegisterFd.SIZE);
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        int guestCtl = p.getInt(RegisterFd.OFF_CTL_FD);
        long fd = call.guestFile(guestCtl);
        if (fd < 0) {
            return IoctlResult.deny(
                    Errno.EINVAL, "ctl_fd " + guestCtl + " is not an open fd of the caller");
        }
        try (HostFd ctl = HostFd.adopt((int) fd)) {
            CharDevice d = host.charDevice(ctl.fd());
            if (d == null
                    || d.major() != NV_MAJOR_DEVICE_NUMBER
                    || d.minor() != NV_CONTROL_DEVICE_MINOR) {
                return IoctlResult.deny(
                        Errno.EINVAL,
                        "ctl_fd "
                                + guestCtl
                                + " is "
                                + (d == null ? "not a char device" : "device " + d)
                                + ", not /dev/nvidiactl");
            }
            p.putInt(RegisterFd.OFF_CTL_FD, ctl.fd());
            int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
            return rc < 0 ? IoctlResult.error(-rc) : IoctlResult.value(rc);
        }
    }

    /**
     * {@code NV_ESC_ATTACH_GPUS_TO_FD}: an array of RM GPU ids, 0 marking an unused slot. Only the
     * sandbox's GPUs may be attached; any other id is {@code EINVAL}, as the driver answers an id
     * it does not know.
     */
    public IoctlResult attachGpus(IoctlCall call, IoctlEntry entry) {
        int size = entry.paramSize();
        Pointer p = call.arena().alloc(size);
        int r = call.memory().read(call.request().arg(), p, size);
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        for (int off = 0; off < size; off += 4) {
            int id = p.getInt(off);
            if (id != 0
                    && !grantedGpuIds.contains(
                            id)) { // the driver skips 0 entries (kernel-open/nvidia/nv.c)
                return IoctlResult.deny(
                        Errno.EINVAL,
                        String.format("GPU id 0x%x is not one of the sandbox's GPUs", id));
            }
        }
        int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
        return rc < 0 ? IoctlResult.error(-rc) : IoctlResult.value(rc);
    }

    /**
     * {@code NV_ESC_CARD_INFO}: the driver's list of GPUs, with the ones the sandbox was not
     * granted blanked out ({@code valid = 0}), so CUDA and NVML enumerate only the sandbox's GPUs.
     */
    public IoctlResult cardInfo(IoctlCall call, IoctlEntry entry) {
        int size = Ioctl.size(call.request().cmd());
        Pointer p = call.arena().alloc(size);
        int rc = host.ioctl(call.hostFd().fd(), call.request().cmd(), p.address());
        if (rc < 0) {
            return IoctlResult.error(-rc);
        }
        for (int off = 0; off + CardInfo.SIZE <= size; off += CardInfo.SIZE) {
            if (p.getByte(off + CardInfo.OFF_VALID) != 0
                    && !grantedMinors.contains(p.getInt(off + CardInfo.OFF_MINOR_NUMBER))) {
                p.setMemory(off, CardInfo.SIZE, (byte) 0);
            }
        }
        int w = call.memory().write(call.request().arg(), p, size);
        return w < 0 ? IoctlResult.error(-w) : IoctlResult.value(rc);
    }

    /**
     * {@code NV_ESC_SYS_PARAMS}: never reaches the driver. The driver keeps {@code memblock_size}
     * once, for all its users: the first caller sets it, and a later different value gets {@code
     * EBUSY} (kernel-open/nvidia/nv.c); RM uses it to online a coherent GPU's memory as NUMA memory
     * when the kernel does not export {@code memory_block_size_bytes}
     * (kernel-open/nvidia/os-interface.c, {@code os_numa_memblock_size}). Passed on, the first
     * sandbox to ask would set it for every tenant. The sentry answers in the driver's place
     * instead: success for the host kernel's own block size (what an honest client reads from
     * {@code /sys/devices/system/memory/block_size_bytes}), for 0 (the driver's "not set", which a
     * client may pass where there is no NUMA memory) and for any value on a host without memory
     * blocks; {@code EBUSY}, the driver's answer to a value it does not hold, for anything else.
     */
    public IoctlResult sysParams(IoctlCall call, IoctlEntry entry) {
        Pointer p = call.arena().alloc(SysParams.SIZE);
        int r = call.memory().read(call.request().arg(), p, SysParams.SIZE);
        if (r < 0) {
            return IoctlResult.error(-r);
        }
        long asked = p.getLong(SysParams.OFF_MEMBLOCK_SIZE);
        if (asked == 0 || memoryBlockSize.isEmpty() || asked == memoryBlockSize.getAsLong()) {
            return IoctlResult.value(0);
        }
        return IoctlResult.deny(
                Errno.EBUSY,
                String.format(
                        "memblock_size 0x%x is not the host's memory block size 0x%x; the driver-wide value is not the"
                                + " sandbox's to set",
                        asked, memoryBlockSize.getAsLong()));
    }

    /** The handlers as table handlers: each call goes by its row's name. */
    public IoctlHandler registerFdHandler() {
        return (call, entry) -> entry.verdict(registerFd(call, entry));
    }

    public IoctlHandler attachGpusHandler() {
        return (call, entry) -> entry.verdict(attachGpus(call, entry));
    }

    public IoctlHandler cardInfoHandler() {
        return (call, entry) -> entry.verdict(cardInfo(call, entry));
    }

    public IoctlHandler sysParamsHandler() {
        return (call, entry) -> entry.verdict(sysParams(call, entry));
    }
}
