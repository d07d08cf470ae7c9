package dev.sluice.nvproxy.abi;

import static dev.sluice.nvproxy.abi.FrontendEscapes.*;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which params each escape of {@code /dev/nvidiactl} and {@code /dev/nvidia<N>} takes at one driver
 * tag, how the driver checks their size, and on which node it accepts the escape. This is the map
 * the trap rules and the frontend table are built from. Escape numbers and params sizes are the
 * tag's ({@code frontend-<tag>.tsv}, {@link Layouts}); the layouts the handlers read are in {@link
 * FrontendStructs} and {@link NvosParams}.
 *
 * <p>Read from kernel-open/nvidia/nv.c ({@code nvidia_ioctl}),
 * src/nvidia/arch/nvalloc/unix/src/osapi.c ({@code rm_ioctl}, {@code RmPerformVersionCheck}) and
 * src/nvidia/arch/nvalloc/unix/src/escape.c ({@code RmIoctl}). The size checked is {@code
 * _IOC_SIZE} of the request, or the {@code size} of an {@code nv_ioctl_xfer_t} for an escape
 * wrapped in {@code NV_ESC_IOCTL_XFER_CMD}.
 */
public final class FrontendRequests {
    /** How the driver checks the params size of an escape. */
    public enum SizeRule {
        /** Exactly {@link Layout#size()}; anything else is {@code EINVAL}. */
        EXACT,
        /** At least {@link Layout#size()} ({@code NV_ESC_QUERY_DEVICE_INTR}). */
        AT_LEAST,
        /**
         * An array of {@link Layout#size()}-byte elements. {@code NV_ESC_CARD_INFO} takes any size
         * and fills {@code size / 72} entries (at least one per GPU); {@code
         * NV_ESC_ATTACH_GPUS_TO_FD} takes a non-zero multiple of 4.
         */
        ARRAY
    }

    /** Which device node the driver accepts an escape on. */
    public enum Node {
        /** {@code /dev/nvidiactl} only ({@code NV_CTL_DEVICE_ONLY}). */
        CONTROL,
        /** A GPU node {@code /dev/nvidia<N>} only ({@code NV_ACTUAL_DEVICE_ONLY}). */
        GPU,
        /** Either. */
        ANY
    }

    /**
     * One accepted (escape, params) pair. {@code request} is the {@code _IOWR('F', escape, size)}
     * user space issues; for {@link SizeRule#ARRAY} it is the one CUDA issues ({@code
     * NV_MAX_DEVICES} card-info entries) or, for {@code NV_ESC_ATTACH_GPUS_TO_FD}, the one for a
     * single GPU.
     */
    public record Layout(
            int escape, String cType, int size, SizeRule sizeRule, Node node, int request) {}

    /**
     * How the driver dispatches one escape: the escape's macro, the params type, the size rule, the
     * node, and for {@link SizeRule#ARRAY} the number of elements of the request clients issue
     * ({@code NV_MAX_DEVICES} card-info entries; one GPU id for {@code NV_ESC_ATTACH_GPUS_TO_FD}).
     */
    record Dispatch(String escape, String cType, SizeRule sizeRule, Node node, int elements) {}

    /**
     * Other spellings of a params type at some tags: {@code nv_ioctl_query_device_intr} is
     * typedef'd with {@code _t} from 590 (kernel-open/common/inc/nv-ioctl.h), the same struct.
     */
    static final Map<String, String> SPELLINGS =
            Map.of(
                    FrontendStructs.QueryDeviceIntr.C_TYPE,
                    FrontendStructs.QueryDeviceIntr.C_TYPE + "_t");

    /**
     * Every escape the driver dispatches, with its params. {@code NV_ESC_RM_ALLOC} appears twice,
     * once per accepted struct. {@code NV_ESC_RM_ALLOC} is control-node only except for the event
     * classes ({@code NV01_EVENT*}), which are accepted on any node. Stable from 535 to 590; an
     * escape or type a tag lacks ({@code NV_ESC_WAIT_OPEN_COMPLETE} before 550) is left out there.
     */
    static final List<Dispatch> DISPATCH =
            List.of(
                    new Dispatch(
                            "NV_ESC_CARD_INFO",
                            FrontendStructs.CardInfo.C_TYPE,
                            SizeRule.ARRAY,
                            Node.CONTROL,
                            FrontendStructs.CardInfo.NV_MAX_DEVICES),
                    new Dispatch(
                            "NV_ESC_REGISTER_FD",
                            FrontendStructs.RegisterFd.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_ALLOC_OS_EVENT",
                            FrontendStructs.AllocOsEvent.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_FREE_OS_EVENT",
                            FrontendStructs.FreeOsEvent.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_STATUS_CODE",
                            FrontendStructs.StatusCode.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_CHECK_VERSION_STR",
                            FrontendStructs.RmApiVersion.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_IOCTL_XFER_CMD",
                            FrontendStructs.Xfer.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_ATTACH_GPUS_TO_FD",
                            FrontendStructs.AttachGpusToFd.C_TYPE,
                            SizeRule.ARRAY,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_QUERY_DEVICE_INTR",
                            FrontendStructs.QueryDeviceIntr.C_TYPE,
                            SizeRule.AT_LEAST,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_SYS_PARAMS",
                            FrontendStructs.SysParams.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_NUMA_INFO",
                            FrontendStructs.NumaInfo.C_TYPE,
                            SizeRule.EXACT,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_SET_NUMA_STATUS",
                            FrontendStructs.SetNumaStatus.C_TYPE,
                            SizeRule.EXACT,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_EXPORT_TO_DMABUF_FD",
                            FrontendStructs.ExportToDmaBufFd.C_TYPE,
                            SizeRule.EXACT,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_WAIT_OPEN_COMPLETE",
                            FrontendStructs.WaitOpenComplete.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ALLOC_MEMORY",
                            NvosParams.Nvos02WithFd.C_TYPE,
                            SizeRule.EXACT,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ALLOC_OBJECT",
                            NvosParams.Nvos05.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_FREE",
                            NvosParams.Nvos00.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_CONTROL",
                            NvosParams.Nvos54.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ALLOC",
                            NvosParams.Nvos21.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ALLOC",
                            NvosParams.Nvos64.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_DUP_OBJECT",
                            NvosParams.Nvos55.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_SHARE",
                            NvosParams.Nvos57.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_I2C_ACCESS",
                            NvosParams.I2cAccess.C_TYPE,
                            SizeRule.EXACT,
                            Node.GPU,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_IDLE_CHANNELS",
                            NvosParams.Nvos30.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_VID_HEAP_CONTROL",
                            NvosParams.Nvos32.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ACCESS_REGISTRY",
                            NvosParams.Nvos38.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_MAP_MEMORY",
                            NvosParams.Nvos33WithFd.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_UNMAP_MEMORY",
                            NvosParams.Nvos34.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_GET_EVENT_DATA",
                            NvosParams.Nvos41.C_TYPE,
                            SizeRule.EXACT,
                            Node.ANY,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_ALLOC_CONTEXT_DMA2",
                            NvosParams.Nvos39.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_MAP_MEMORY_DMA",
                            NvosParams.Nvos46.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_UNMAP_MEMORY_DMA",
                            NvosParams.Nvos47.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_BIND_CONTEXT_DMA",
                            NvosParams.Nvos49.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO",
                            NvosParams.Nvos56.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1),
                    new Dispatch(
                            "NV_ESC_RM_LOCKLESS_DIAGNOSTIC",
                            NvosParams.LocklessDiagnostic.C_TYPE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            1));

    /** The element type of {@code NV_ESC_ATTACH_GPUS_TO_FD}: an array of GPU ids. */
    static final String GPU_ID_ARRAY = FrontendStructs.AttachGpusToFd.C_TYPE;

    private final String tag;
    private final List<Layout> layouts;
    private final Map<String, Layout> byType;
    private final Map<String, Integer> unlaidOut;

    private FrontendRequests(String tag, List<Layout> layouts, Map<String, Integer> unlaidOut) {
        this.tag = tag;
        this.layouts = List.copyOf(layouts);
        this.unlaidOut = Collections.unmodifiableMap(unlaidOut);
        Map<String, Layout> m = new LinkedHashMap<>();
        layouts.forEach(l -> m.put(l.cType(), l));
        this.byType = Collections.unmodifiableMap(m);
    }

    /** The escapes of the tag whose layouts are {@code frontend}, with that tag's sizes. */
    public static FrontendRequests of(Layouts frontend) {
        List<Layout> out = new ArrayList<>();
        for (Dispatch d : DISPATCH) {
            int escape = frontend.escape(d.escape());
            int size =
                    d.cType().equals(GPU_ID_ARRAY)
                            ? FrontendStructs.AttachGpusToFd.ELEMENT_SIZE
                            : frontend.sizeOf(d.cType());
            if (size < 0 && SPELLINGS.containsKey(d.cType())) {
                size = frontend.sizeOf(SPELLINGS.get(d.cType()));
            }
            if (escape < 0 || size < 0) {
                continue;
            }
            int request =
                    FrontendEscapes.request(
                            escape, d.sizeRule() == SizeRule.ARRAY ? size * d.elements() : size);
            out.add(new Layout(escape, d.cType(), size, d.sizeRule(), d.node(), request));
        }
        Map<String, Integer> unlaidOut = new java.util.TreeMap<>();
        frontend.dispatched()
                .forEach(
                        (name, escape) -> {
                            if (out.stream().noneMatch(l -> l.escape() == escape)) {
                                unlaidOut.put(name, escape);
                            }
                        });
        return new FrontendRequests(frontend.tag(), out, unlaidOut);
    }

    /**
     * The escapes the tag's dispatchers handle that no layout here describes, by name: none at a
     * tag whose every escape is known, else one this table was not written for (535's {@code
     * NV_ESC_RM_NVLOG_CTRL}). They are trapped whatever their size and denied.
     */
    public Map<String, Integer> unlaidOut() {
        return unlaidOut;
    }

    /** The tag these sizes are of. */
    public String tag() {
        return tag;
    }

    /** Every escape the tag dispatches, with its params. */
    public List<Layout> layouts() {
        return layouts;
    }

    /** The layout of params type {@code cType}, or null where the tag has no such escape. */
    public Layout layout(String cType) {
        return byType.get(cType);
    }
}
