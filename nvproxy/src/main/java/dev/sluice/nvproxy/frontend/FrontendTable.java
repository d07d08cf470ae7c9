package dev.sluice.nvproxy.frontend;

import dev.sluice.nvproxy.abi.AllocClasses;
import dev.sluice.nvproxy.abi.ControlCommands;
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

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

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

    /** What a handler is built from. */
    private record Context(
            DriverAbi abi, long caps, String driver, HostDevice host, FrontendHandlers fe) {}

    /**
     * One EMULATE row: the params type, the size its handler was written for, and the capabilities
     * that enable it.
     */
    private record Emulated(
            String cType, int size, long caps, Function<Context, IoctlHandler> handler) {}

    private static final long CU = Capability.mask(Capability.COMPUTE, Capability.UTILITY);
    private static final long COMPUTE = Capability.COMPUTE.bit();

    private static final List<Emulated> EMULATED =
            List.of(
                    new Emulated(
                            FrontendStructs.CardInfo.C_TYPE,
                            FrontendStructs.CardInfo.SIZE,
                            CU,
                            c -> c.fe().cardInfoHandler()),
                    new Emulated(
                            FrontendStructs.RegisterFd.C_TYPE,
                            FrontendStructs.RegisterFd.SIZE,
                            CU,
                            c -> c.fe().registerFdHandler()),
                    simple(
                            FrontendStructs.AllocOsEvent.C_TYPE,
                            FrontendStructs.AllocOsEvent.SIZE,
                            CU),
                    simple(
                            FrontendStructs.FreeOsEvent.C_TYPE,
                            FrontendStructs.FreeOsEvent.SIZE,
                            CU),
                    simple(
                            FrontendStructs.StatusCode.C_TYPE,
                            FrontendStructs.StatusCode.SIZE,
                            Capability.UTILITY.bit()),
                    simple(
                            FrontendStructs.RmApiVersion.C_TYPE,
                            FrontendStructs.RmApiVersion.SIZE,
                            CU),
                    new Emulated(
                            FrontendStructs.SysParams.C_TYPE,
                            FrontendStructs.SysParams.SIZE,
                            CU,
                            c -> c.fe().sysParamsHandler()),
                    simple(FrontendStructs.NumaInfo.C_TYPE, FrontendStructs.NumaInfo.SIZE, CU),
                    new Emulated(
                            FrontendStructs.ExportToDmaBufFd.C_TYPE,
                            FrontendStructs.ExportToDmaBufFd.SIZE,
                            Capability.RDMA.bit(),
                            c -> new DmabufExportHandler(c.host())),
                    simple(
                            FrontendStructs.WaitOpenComplete.C_TYPE,
                            FrontendStructs.WaitOpenComplete.SIZE,
                            CU),
                    simple(NvosParams.Nvos00.C_TYPE, NvosParams.Nvos00.SIZE, CU),
                    // Object sharing between clients (CUDA IPC, NCCL): flat handles; RM checks the
                    // share policy.
                    simple(NvosParams.Nvos55.C_TYPE, NvosParams.Nvos55.SIZE, COMPUTE),
                    simple(NvosParams.Nvos57.C_TYPE, NvosParams.Nvos57.SIZE, COMPUTE),
                    new Emulated(
                            NvosParams.Nvos54.C_TYPE,
                            NvosParams.Nvos54.SIZE,
                            CU,
                            c ->
                                    new RmControlHandler(
                                            c.host(),
                                            c.abi().controlRules(),
                                            c.caps(),
                                            c.driver(),
                                            c.fe().scope(),
                                            ControlCommands.of(c.abi().tag())::name)),
                    new Emulated(
                            NvosParams.Nvos21.C_TYPE,
                            NvosParams.Nvos21.SIZE,
                            CU,
                            FrontendTable::alloc),
                    new Emulated(
                            NvosParams.Nvos64.C_TYPE,
                            NvosParams.Nvos64.SIZE,
                            CU,
                            FrontendTable::alloc));

    /** The CONTINUE rows, by params type. */
    private static final List<String> CONTINUED =
            List.of(
                    NvosParams.Nvos02WithFd.C_TYPE,
                    NvosParams.Nvos33WithFd.C_TYPE,
                    NvosParams.Nvos34.C_TYPE,
                    NvosParams.Nvos56.C_TYPE);

    private static Emulated simple(String cType, int size, long caps) {
        return new Emulated(cType, size, caps, c -> SimpleHandlers::simple);
    }

    private static IoctlHandler alloc(Context c) {
        return new RmAllocHandler(
                c.host(),
                c.abi().classRules(),
                c.caps(),
                c.driver(),
                AllocClasses.of(c.abi().tag())::name);
    }

    /**
     * The table for {@code abi}. An escape is a row only where the tag's params type has the size
     * its handler was written for ({@code FrontendStructs}, {@code NvosParams}); one whose size
     * differs is left out, so the call is denied rather than read with the wrong layout, and {@link
     * #mismatches} names it.
     */
    public static IoctlTable build(
            DriverAbi abi, long caps, String driver, HostDevice host, FrontendHandlers fe) {
        FrontendRequests frontend = abi.frontend();
        Context ctx = new Context(abi, caps, driver, host, fe);
        IoctlTable.Builder b = IoctlTable.builder("nvproxy").unknownErrno(Errno.EINVAL);
        for (Emulated e : EMULATED) {
            FrontendRequests.Layout l = frontend.layout(e.cType());
            if (l != null && l.size() == e.size()) {
                add(b, l.request(), Disposition.EMULATE, e.handler().apply(ctx), e.caps());
            }
        }
        FrontendRequests.Layout attach = frontend.layout(FrontendStructs.AttachGpusToFd.C_TYPE);
        if (attach != null) {
            IoctlHandler h = fe.attachGpusHandler();
            for (int n = 1; n <= NV_MAX_DEVICES; n++) {
                add(
                        b,
                        FrontendEscapes.request(attach.escape(), attach.size() * n),
                        Disposition.EMULATE,
                        h,
                        CU);
            }
        }
        for (String cType : CONTINUED) {
            FrontendRequests.Layout l = frontend.layout(cType);
            if (l != null) {
                add(b, l.request(), Disposition.CONTINUE, null, CU);
            }
        }
        IoctlTable rows = b.build();
        for (FrontendRequests.Layout l : frontend.layouts()) {
            if (rows.lookup(l.request()) == null) {
                b.knownName(l.request(), FrontendEscapes.name(l.escape()));
            }
        }
        return b.build();
    }

    /**
     * The EMULATE rows {@code frontend} cannot have, because its params type differs in size from
     * the one the handler reads: {@code type: N bytes, the handler reads M}.
     */
    public static List<String> mismatches(FrontendRequests frontend) {
        List<String> out = new ArrayList<>();
        for (Emulated e : EMULATED) {
            FrontendRequests.Layout l = frontend.layout(e.cType());
            if (l != null && l.size() != e.size()) {
                out.add(e.cType() + ": " + l.size() + " bytes, the handler reads " + e.size());
            }
        }
        return out;
    }

    /** The params types of the EMULATE rows, whose layouts their handlers read. */
    static List<String> emulatedTypes() {
        return EMULATED.stream().map(Emulated::cType).toList();
    }

    private static void add(
            IoctlTable.Builder b, int cmd, Disposition d, IoctlHandler h, long caps) {
        b.add(
                new IoctlEntry(
                        cmd,
                        FrontendEscapes.nameOfRequest(cmd),
                        d,
                        h,
                        Ioctl.dir(cmd),
                        Ioctl.size(cmd),
                        caps));
    }
}
