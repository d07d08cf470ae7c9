package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.FrontendEscapes;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.FrontendStructs;
import dev.sluice.nvproxy.abi.NvosParams;
import dev.sluice.sentry.ioctl.IoctlEntry;
import dev.sluice.sentry.ioctl.IoctlHandler;
import dev.sluice.sentry.ioctl.IoctlTable;
import dev.sluice.sentry.ioctl.SimpleHandlers;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.Ioctl;
import dev.sluice.sentry.spi.Disposition;
import dev.sluice.sentry.spi.HostDevice;

/**
 * The table of {@code /dev/nvidiactl} and {@code /dev/nvidia<N>}: one row per request ({@code 'F'},
 * read-write, exact size) NVProxy allows, with its disposition and capabilities. A request of any
 * other type byte, direction or size is denied (the driver reads only the nr and the size, so a
 * non-{@code 'F'} request on an NVIDIA fd is a way around a type-based filter, never a legitimate
 * call). Escapes the table does not list are denied with {@code EINVAL}, the driver's answer to an
 * escape it rejects; {@code NV_ESC_IOCTL_XFER_CMD} is one of them (no client of this branch uses
 * it, and decoding it would put a second params layer in front of every rule).
 *
 * <p>Dispositions and why (docs/security-model.md has the residual risks):
 *
 * <ul>
 *   <li>EMULATE: RM_CONTROL, RM_ALLOC (except client classes), RM_FREE, RM_DUP_OBJECT and RM_SHARE
 *       (flat handles; RM enforces the share policy), the OS-event, version, card, attach, NUMA and
 *       open-wait escapes, REGISTER_FD (fd translated) and EXPORT_TO_DMABUF_FD (fd created,
 *       translated or injected). SYS_PARAMS is answered by the sentry alone: it would set a
 *       driver-wide value ({@link FrontendHandlers#sysParams}).
 *   <li>CONTINUE: RM_ALLOC_MEMORY (OS-descriptor memory pins the caller's pages; system memory gets
 *       an mmap context bound to the client's process), RM_MAP_MEMORY, RM_UNMAP_MEMORY and
 *       RM_UPDATE_DEVICE_MAPPING_INFO: RM keys CPU mappings by the calling process ({@code
 *       rm_create_mmap_context} refuses a client of another process; unmap and update look mappings
 *       up by {@code osGetCurrentProcess()}), so only the guest itself can make these calls.
 * </ul>
 */
public final class FrontendTable {
    /** {@code NV_MAX_DEVICES} (kernel-open/common/inc/nv.h): the most GPU ids one attach names. */
    static final int NV_MAX_DEVICES = 32;

    private FrontendTable() {}

    public static IoctlTable build(
            DriverAbi abi, long caps, String driver, HostDevice host, FrontendHandlers fe) {
        long cu = Capability.mask(Capability.COMPUTE, Capability.UTILITY);
        IoctlHandler simple = SimpleHandlers::simple;
        IoctlTable.Builder b = IoctlTable.builder("nvproxy").unknownErrno(Errno.EINVAL);

        emulate(b, FrontendStructs.CardInfo.REQUEST, fe.cardInfoHandler(), cu);
        emulate(b, FrontendStructs.RegisterFd.REQUEST, fe.registerFdHandler(), cu);
        emulate(b, FrontendStructs.AllocOsEvent.REQUEST, simple, cu);
        emulate(b, FrontendStructs.FreeOsEvent.REQUEST, simple, cu);
        emulate(b, FrontendStructs.StatusCode.REQUEST, simple, Capability.UTILITY.bit());
        emulate(b, FrontendStructs.RmApiVersion.REQUEST, simple, cu);
        for (int n = 1; n <= NV_MAX_DEVICES; n++) {
            emulate(b, FrontendStructs.AttachGpusToFd.request(n), fe.attachGpusHandler(), cu);
        }
        emulate(b, FrontendStructs.SysParams.REQUEST, fe.sysParamsHandler(), cu);
        emulate(b, FrontendStructs.NumaInfo.REQUEST, simple, cu);
        emulate(
                b,
                FrontendStructs.ExportToDmaBufFd.REQUEST,
                new DmabufExportHandler(host),
                Capability.RDMA.bit());
        emulate(b, FrontendStructs.WaitOpenComplete.REQUEST, simple, cu);

        emulate(b, NvosParams.Nvos00.REQUEST, simple, cu);
        // Object sharing between clients (CUDA IPC, NCCL): flat handles; RM checks the share
        // policy.
        emulate(b, NvosParams.Nvos55.REQUEST, simple, Capability.COMPUTE.bit());
        emulate(b, NvosParams.Nvos57.REQUEST, simple, Capability.COMPUTE.bit());
        emulate(
                b,
                NvosParams.Nvos54.REQUEST,
                new RmControlHandler(host, abi.controlRules(), caps, driver, fe.scope()),
                cu);
        RmAllocHandler alloc = new RmAllocHandler(host, abi.classRules(), caps, driver);
        emulate(b, NvosParams.Nvos21.REQUEST, alloc, cu);
        emulate(b, NvosParams.Nvos64.REQUEST, alloc, cu);

        continueRow(b, NvosParams.Nvos02WithFd.REQUEST, cu);
        continueRow(b, NvosParams.Nvos33WithFd.REQUEST, cu);
        continueRow(b, NvosParams.Nvos34.REQUEST, cu);
        continueRow(b, NvosParams.Nvos56.REQUEST, cu);

        IoctlTable rows = b.build();
        for (FrontendRequests.Layout l : FrontendRequests.LAYOUTS) {
            if (rows.lookup(l.request()) == null) {
                b.knownName(l.request(), FrontendEscapes.name(l.escape()));
            }
        }
        return b.build();
    }

    private static void emulate(IoctlTable.Builder b, int cmd, IoctlHandler h, long caps) {
        b.add(
                new IoctlEntry(
                        cmd,
                        FrontendEscapes.nameOfRequest(cmd),
                        Disposition.EMULATE,
                        h,
                        Ioctl.dir(cmd),
                        Ioctl.size(cmd),
                        caps));
    }

    private static void continueRow(IoctlTable.Builder b, int cmd, long caps) {
        b.add(
                new IoctlEntry(
                        cmd,
                        FrontendEscapes.nameOfRequest(cmd),
                        Disposition.CONTINUE,
                        null,
                        Ioctl.dir(cmd),
                        Ioctl.size(cmd),
                        caps));
    }
}
