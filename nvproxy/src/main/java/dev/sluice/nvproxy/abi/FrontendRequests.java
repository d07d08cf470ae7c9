package dev.sluice.nvproxy.abi;

import static dev.sluice.nvproxy.abi.FrontendEscapes.*;

import java.util.List;
import java.util.Set;

/**
 * Which params each escape of {@code /dev/nvidiactl} and {@code /dev/nvidia<N>} takes at 580.142,
 * how the driver checks their size, and on which node it accepts the escape. This is the map a
 * frontend table is built from; the layouts themselves are in {@link FrontendStructs} and {@link
 * NvosParams}.
 *
 * <p>Read from kernel-open/nvidia/nv.c ({@code nvidia_ioctl}),
 * src/nvidia/arch/nvalloc/unix/src/osapi.c ({@code rm_ioctl}, {@code RmPerformVersionCheck}) and
 * src/nvidia/arch/nvalloc/unix/src/escape.c ({@code RmIoctl}) at 580.142. The size checked is
 * {@code _IOC_SIZE} of the request, or the {@code size} of an {@code nv_ioctl_xfer_t} for an escape
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
     * Every escape the driver dispatches, with its params. {@code NV_ESC_RM_ALLOC} appears twice,
     * once per accepted struct. {@code NV_ESC_RM_ALLOC} is control-node only except for the event
     * classes ({@code NV01_EVENT*}), which are accepted on any node.
     */
    public static final List<Layout> LAYOUTS =
            List.of(
                    // Frontend escapes (kernel-open/nvidia/nv.c, osapi.c)
                    new Layout(
                            NV_ESC_CARD_INFO,
                            FrontendStructs.CardInfo.C_TYPE,
                            FrontendStructs.CardInfo.SIZE,
                            SizeRule.ARRAY,
                            Node.CONTROL,
                            FrontendStructs.CardInfo.REQUEST),
                    new Layout(
                            NV_ESC_REGISTER_FD,
                            FrontendStructs.RegisterFd.C_TYPE,
                            FrontendStructs.RegisterFd.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            FrontendStructs.RegisterFd.REQUEST),
                    new Layout(
                            NV_ESC_ALLOC_OS_EVENT,
                            FrontendStructs.AllocOsEvent.C_TYPE,
                            FrontendStructs.AllocOsEvent.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            FrontendStructs.AllocOsEvent.REQUEST),
                    new Layout(
                            NV_ESC_FREE_OS_EVENT,
                            FrontendStructs.FreeOsEvent.C_TYPE,
                            FrontendStructs.FreeOsEvent.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            FrontendStructs.FreeOsEvent.REQUEST),
                    new Layout(
                            NV_ESC_STATUS_CODE,
                            FrontendStructs.StatusCode.C_TYPE,
                            FrontendStructs.StatusCode.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            FrontendStructs.StatusCode.REQUEST),
                    new Layout(
                            NV_ESC_CHECK_VERSION_STR,
                            FrontendStructs.RmApiVersion.C_TYPE,
                            FrontendStructs.RmApiVersion.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            FrontendStructs.RmApiVersion.REQUEST),
                    new Layout(
                            NV_ESC_IOCTL_XFER_CMD,
                            FrontendStructs.Xfer.C_TYPE,
                            FrontendStructs.Xfer.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            FrontendStructs.Xfer.REQUEST),
                    new Layout(
                            NV_ESC_ATTACH_GPUS_TO_FD,
                            FrontendStructs.AttachGpusToFd.C_TYPE,
                            FrontendStructs.AttachGpusToFd.ELEMENT_SIZE,
                            SizeRule.ARRAY,
                            Node.CONTROL,
                            FrontendStructs.AttachGpusToFd.request(1)),
                    new Layout(
                            NV_ESC_QUERY_DEVICE_INTR,
                            FrontendStructs.QueryDeviceIntr.C_TYPE,
                            FrontendStructs.QueryDeviceIntr.SIZE,
                            SizeRule.AT_LEAST,
                            Node.GPU,
                            FrontendStructs.QueryDeviceIntr.REQUEST),
                    new Layout(
                            NV_ESC_SYS_PARAMS,
                            FrontendStructs.SysParams.C_TYPE,
                            FrontendStructs.SysParams.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            FrontendStructs.SysParams.REQUEST),
                    new Layout(
                            NV_ESC_NUMA_INFO,
                            FrontendStructs.NumaInfo.C_TYPE,
                            FrontendStructs.NumaInfo.SIZE,
                            SizeRule.EXACT,
                            Node.GPU,
                            FrontendStructs.NumaInfo.REQUEST),
                    new Layout(
                            NV_ESC_SET_NUMA_STATUS,
                            FrontendStructs.SetNumaStatus.C_TYPE,
                            FrontendStructs.SetNumaStatus.SIZE,
                            SizeRule.EXACT,
                            Node.GPU,
                            FrontendStructs.SetNumaStatus.REQUEST),
                    new Layout(
                            NV_ESC_EXPORT_TO_DMABUF_FD,
                            FrontendStructs.ExportToDmaBufFd.C_TYPE,
                            FrontendStructs.ExportToDmaBufFd.SIZE,
                            SizeRule.EXACT,
                            Node.GPU,
                            FrontendStructs.ExportToDmaBufFd.REQUEST),
                    new Layout(
                            NV_ESC_WAIT_OPEN_COMPLETE,
                            FrontendStructs.WaitOpenComplete.C_TYPE,
                            FrontendStructs.WaitOpenComplete.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            FrontendStructs.WaitOpenComplete.REQUEST),

                    // RM escapes (src/nvidia/arch/nvalloc/unix/src/escape.c, osapi.c)
                    new Layout(
                            NV_ESC_RM_ALLOC_MEMORY,
                            NvosParams.Nvos02WithFd.C_TYPE,
                            NvosParams.Nvos02WithFd.SIZE,
                            SizeRule.EXACT,
                            Node.GPU,
                            NvosParams.Nvos02WithFd.REQUEST),
                    new Layout(
                            NV_ESC_RM_ALLOC_OBJECT,
                            NvosParams.Nvos05.C_TYPE,
                            NvosParams.Nvos05.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos05.REQUEST),
                    new Layout(
                            NV_ESC_RM_FREE,
                            NvosParams.Nvos00.C_TYPE,
                            NvosParams.Nvos00.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos00.REQUEST),
                    new Layout(
                            NV_ESC_RM_CONTROL,
                            NvosParams.Nvos54.C_TYPE,
                            NvosParams.Nvos54.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos54.REQUEST),
                    new Layout(
                            NV_ESC_RM_ALLOC,
                            NvosParams.Nvos21.C_TYPE,
                            NvosParams.Nvos21.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos21.REQUEST),
                    new Layout(
                            NV_ESC_RM_ALLOC,
                            NvosParams.Nvos64.C_TYPE,
                            NvosParams.Nvos64.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos64.REQUEST),
                    new Layout(
                            NV_ESC_RM_DUP_OBJECT,
                            NvosParams.Nvos55.C_TYPE,
                            NvosParams.Nvos55.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos55.REQUEST),
                    new Layout(
                            NV_ESC_RM_SHARE,
                            NvosParams.Nvos57.C_TYPE,
                            NvosParams.Nvos57.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos57.REQUEST),
                    new Layout(
                            NV_ESC_RM_I2C_ACCESS,
                            NvosParams.I2cAccess.C_TYPE,
                            NvosParams.I2cAccess.SIZE,
                            SizeRule.EXACT,
                            Node.GPU,
                            NvosParams.I2cAccess.REQUEST),
                    new Layout(
                            NV_ESC_RM_IDLE_CHANNELS,
                            NvosParams.Nvos30.C_TYPE,
                            NvosParams.Nvos30.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos30.REQUEST),
                    new Layout(
                            NV_ESC_RM_VID_HEAP_CONTROL,
                            NvosParams.Nvos32.C_TYPE,
                            NvosParams.Nvos32.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos32.REQUEST),
                    new Layout(
                            NV_ESC_RM_ACCESS_REGISTRY,
                            NvosParams.Nvos38.C_TYPE,
                            NvosParams.Nvos38.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos38.REQUEST),
                    new Layout(
                            NV_ESC_RM_MAP_MEMORY,
                            NvosParams.Nvos33WithFd.C_TYPE,
                            NvosParams.Nvos33WithFd.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos33WithFd.REQUEST),
                    new Layout(
                            NV_ESC_RM_UNMAP_MEMORY,
                            NvosParams.Nvos34.C_TYPE,
                            NvosParams.Nvos34.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos34.REQUEST),
                    new Layout(
                            NV_ESC_RM_GET_EVENT_DATA,
                            NvosParams.Nvos41.C_TYPE,
                            NvosParams.Nvos41.SIZE,
                            SizeRule.EXACT,
                            Node.ANY,
                            NvosParams.Nvos41.REQUEST),
                    new Layout(
                            NV_ESC_RM_ALLOC_CONTEXT_DMA2,
                            NvosParams.Nvos39.C_TYPE,
                            NvosParams.Nvos39.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos39.REQUEST),
                    new Layout(
                            NV_ESC_RM_MAP_MEMORY_DMA,
                            NvosParams.Nvos46.C_TYPE,
                            NvosParams.Nvos46.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos46.REQUEST),
                    new Layout(
                            NV_ESC_RM_UNMAP_MEMORY_DMA,
                            NvosParams.Nvos47.C_TYPE,
                            NvosParams.Nvos47.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos47.REQUEST),
                    new Layout(
                            NV_ESC_RM_BIND_CONTEXT_DMA,
                            NvosParams.Nvos49.C_TYPE,
                            NvosParams.Nvos49.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos49.REQUEST),
                    new Layout(
                            NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO,
                            NvosParams.Nvos56.C_TYPE,
                            NvosParams.Nvos56.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.Nvos56.REQUEST),
                    new Layout(
                            NV_ESC_RM_LOCKLESS_DIAGNOSTIC,
                            NvosParams.LocklessDiagnostic.C_TYPE,
                            NvosParams.LocklessDiagnostic.SIZE,
                            SizeRule.EXACT,
                            Node.CONTROL,
                            NvosParams.LocklessDiagnostic.REQUEST));

    /**
     * Escapes defined in the headers that no dispatcher handles at 580.142 (the driver answers
     * {@code EINVAL}).
     */
    public static final Set<Integer> NOT_DISPATCHED =
            Set.of(
                    NV_ESC_RM_CONFIG_GET,
                    NV_ESC_RM_CONFIG_SET,
                    NV_ESC_RM_CONFIG_GET_EX,
                    NV_ESC_RM_CONFIG_SET_EX,
                    NV_ESC_RM_ADD_VBLANK_CALLBACK,
                    NV_ESC_RM_EXPORT_OBJECT_TO_FD,
                    NV_ESC_RM_IMPORT_OBJECT_FROM_FD);

    private FrontendRequests() {}
}
