package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code NV_ESC_RM_ALLOC} copies from {@code pAllocParms} for each class, and who may allocate it.
 *
 * <p><b>The size comes from the class, not from the caller.</b> RM ignores {@code paramsSize} of
 * {@code NVOS21_PARAMETERS}/{@code NVOS64_PARAMETERS}: it looks the class up in its resource table and copies
 * {@code sizeof} that class's alloc params struct (src/nvidia/src/kernel/rmapi/alloc_free.c,
 * {@code serverAllocApiCopyIn}; src/nvidia/src/kernel/rmapi/resource_desc.c, {@code rmapiGetClassAllocParamSize}).
 * CUDA 13 and nvidia-smi on 580.159.04 pass {@code paramsSize} 0 for every class (observed on the H200). A proxy that
 * copies the params must therefore take the size from this table. With {@link Presence#OPTIONAL} RM copies the
 * struct only when {@code pAllocParms} is not NULL; with {@link Presence#NONE} it copies nothing.
 *
 * <p><b>Who may allocate</b> ({@link Entry#privilege()}): the {@code RS_FLAGS_ALLOC_*} flag of the class, checked
 * in alloc_free.c; client classes ({@code NV01_ROOT}, {@code NV01_ROOT_NON_PRIV}, {@code NV01_ROOT_CLIENT}) carry no
 * such flag and take the client path.
 *
 * <p><b>Traits</b>, from the compiled struct's debug info, as in {@link NvControlCommands}: {@link #POINTER} (an
 * {@code NvP64} member), {@link #FD} (a {@code capDescriptor}, an nvidia-caps file descriptor of the caller) and
 * {@link #UNION}. One pointer-typed member is not a pointer: {@code NV0005_ALLOC_PARAMETERS.data} of
 * {@code NV01_EVENT_OS_EVENT} carries the number of an fd registered with {@code NV_ESC_ALLOC_OS_EVENT}, which RM
 * matches against that registration (src/nvidia/arch/nvalloc/unix/src/os.c).
 *
 * <p>Derived from src/nvidia/src/kernel/rmapi/resource_list.h (580.142): every {@code RS_ENTRY} except the one
 * built only into debug drivers ({@code NV_CE_UTILS}), with the alloc params types compiled for x86_64 against
 * src/common/sdk/nvidia/inc (class/, alloc/, nvos.h).
 */
public final class ClassAllocParams {
    /** Whether RM copies the class's alloc params. */
    public enum Presence {
        /** Always; a NULL {@code pAllocParms} fails. */
        REQUIRED,
        /** When {@code pAllocParms} is not NULL. */
        OPTIONAL,
        /** Never: the class takes no params. */
        NONE
    }

    /** Who may allocate the class. */
    public enum Privilege {
        /** {@code RS_FLAGS_ALLOC_NON_PRIVILEGED}: any client. */
        USER,
        /** {@code RS_FLAGS_ALLOC_PRIVILEGED}: administrators. */
        ROOT,
        /** {@code RS_FLAGS_ALLOC_KERNEL_PRIVILEGED}: kernel clients only. */
        KERNEL,
        /** A client class: allocated through the client path, which has no such flag. */
        CLIENT
    }

    /** The params struct has a pointer-typed member. */
    public static final int POINTER = 1;
    /** The params carry a file descriptor ({@code capDescriptor}). */
    public static final int FD = 1 << 2;
    /** The params struct contains a union. */
    public static final int UNION = 1 << 3;

    /** One allocatable class. {@code paramsType} is null for {@link Presence#NONE}. */
    public record Entry(int hClass, String className, String paramsType, int paramsSize, Presence presence,
            Privilege privilege, int traits) {
        public boolean has(int trait) {
            return (traits & trait) != 0;
        }
    }

    private static final Map<Integer, Entry> ENTRIES;

    static {
        Map<Integer, Entry> m = new TreeMap<>(Integer::compareUnsigned);
        // From src/nvidia/src/kernel/rmapi/resource_list.h (580.142): class, params type, sizeof, presence, privilege

        e(m, Classes.NV01_ROOT, "NV01_ROOT", "NvHandle", 4, Presence.OPTIONAL, Privilege.CLIENT, 0);
        e(m, Classes.NV01_ROOT_NON_PRIV, "NV01_ROOT_NON_PRIV", "NvHandle", 4, Presence.OPTIONAL, Privilege.CLIENT, 0);
        e(m, Classes.NV01_CONTEXT_DMA, "NV01_CONTEXT_DMA",
                "NV_CONTEXT_DMA_ALLOCATION_PARAMS", 32, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV01_TIMER, "NV01_TIMER", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV01_EVENT, "NV01_EVENT",
                "NV0005_ALLOC_PARAMETERS", 24, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.FABRIC_MANAGER_SESSION, "FABRIC_MANAGER_SESSION",
                "NV000F_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.USER, FD);
        e(m, Classes.NV0020_GPU_MANAGEMENT, "NV0020_GPU_MANAGEMENT",
                "NvHandle", 4, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_SYSTEM, "NV01_MEMORY_SYSTEM",
                "NV_MEMORY_ALLOCATION_PARAMS", 128, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_MEMORY_LOCAL_PRIVILEGED, "NV01_MEMORY_LOCAL_PRIVILEGED",
                null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_LOCAL_USER, "NV01_MEMORY_LOCAL_USER",
                "NV_MEMORY_ALLOCATION_PARAMS", 128, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_ROOT_CLIENT, "NV01_ROOT_CLIENT", "NvHandle", 4, Presence.OPTIONAL, Privilege.CLIENT, 0);
        e(m, Classes.NV_MEMORY_EXTENDED_USER, "NV_MEMORY_EXTENDED_USER",
                "NV_MEMORY_ALLOCATION_PARAMS", 128, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV0060_SYNC_GPU_BOOST, "NV0060_SYNC_GPU_BOOST",
                "NV0060_ALLOC_PARAMETERS", 4, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_VIRTUAL, "NV01_MEMORY_VIRTUAL",
                "NV_MEMORY_VIRTUAL_ALLOCATION_PARAMS", 24, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_SYSTEM_OS_DESCRIPTOR, "NV01_MEMORY_SYSTEM_OS_DESCRIPTOR",
                "NV_OS_DESC_MEMORY_ALLOCATION_PARAMS", 40, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV04_DISPLAY_COMMON, "NV04_DISPLAY_COMMON", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_FRAMEBUFFER_CONSOLE, "NV01_MEMORY_FRAMEBUFFER_CONSOLE",
                null, 0, Presence.NONE, Privilege.KERNEL, 0);
        e(m, Classes.NV01_EVENT_KERNEL_CALLBACK, "NV01_EVENT_KERNEL_CALLBACK",
                "NV0005_ALLOC_PARAMETERS", 24, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_EVENT_OS_EVENT, "NV01_EVENT_OS_EVENT",
                "NV0005_ALLOC_PARAMETERS", 24, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV04_SOFTWARE_TEST, "NV04_SOFTWARE_TEST", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV01_EVENT_KERNEL_CALLBACK_EX, "NV01_EVENT_KERNEL_CALLBACK_EX",
                "NV0005_ALLOC_PARAMETERS", 24, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_DEVICE_0, "NV01_DEVICE_0",
                "NV0080_ALLOC_PARAMETERS", 56, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV01_MEMORY_LIST_SYSTEM, "NV01_MEMORY_LIST_SYSTEM",
                "NV_MEMORY_LIST_ALLOCATION_PARAMS", 152, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NV01_MEMORY_LIST_FBMEM, "NV01_MEMORY_LIST_FBMEM",
                "NV_MEMORY_LIST_ALLOCATION_PARAMS", 152, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NV01_MEMORY_LIST_OBJECT, "NV01_MEMORY_LIST_OBJECT",
                "NV_MEMORY_LIST_ALLOCATION_PARAMS", 152, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.KERNEL_GRAPHICS_CONTEXT, "KERNEL_GRAPHICS_CONTEXT", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV0092_RG_LINE_CALLBACK, "NV0092_RG_LINE_CALLBACK",
                "NV0092_RG_LINE_CALLBACK_ALLOCATION_PARAMETERS", 32, Presence.REQUIRED, Privilege.KERNEL, POINTER);
        e(m, Classes.NV01_MEMORY_HW_RESOURCES, "NV01_MEMORY_HW_RESOURCES",
                "NV_MEMORY_HW_RESOURCES_ALLOCATION_PARAMS", 120, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_MEMORY_LOCAL_PHYSICAL, "NV01_MEMORY_LOCAL_PHYSICAL",
                "NV_PHYSICAL_MEMORY_ALLOCATION_PARAMS", 24, Presence.REQUIRED, Privilege.ROOT, 0);
        e(m, Classes.NV01_MEMORY_SYNCPOINT, "NV01_MEMORY_SYNCPOINT",
                "NV_MEMORY_SYNCPOINT_ALLOCATION_PARAMS", 4, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_SEMAPHORE_SURFACE, "NV_SEMAPHORE_SURFACE",
                "NV_SEMAPHORE_SURFACE_ALLOC_PARAMETERS", 16, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV40_DEBUG_BUFFER, "NV40_DEBUG_BUFFER",
                "NV00DB_ALLOCATION_PARAMETERS", 8, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.RM_USER_SHARED_DATA, "RM_USER_SHARED_DATA",
                "NV00DE_ALLOC_PARAMETERS", 8, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_MEMORY_EXPORT, "NV_MEMORY_EXPORT",
                "NV00E0_ALLOCATION_PARAMETERS", 244, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_IMEX_SESSION, "NV_IMEX_SESSION",
                "NV00F1_ALLOCATION_PARAMETERS", 32, Presence.REQUIRED, Privilege.USER, POINTER | FD);
        e(m, Classes.NV01_MEMORY_FLA, "NV01_MEMORY_FLA",
                "NV_FLA_MEMORY_ALLOCATION_PARAMS", 56, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_MEMORY_FABRIC, "NV_MEMORY_FABRIC",
                "NV00F8_ALLOCATION_PARAMETERS", 48, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_MEMORY_FABRIC_IMPORT_V2, "NV_MEMORY_FABRIC_IMPORT_V2",
                "NV00F9_ALLOCATION_PARAMETERS", 64, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV_MEMORY_FABRIC_IMPORTED_REF, "NV_MEMORY_FABRIC_IMPORTED_REF",
                "NV00FB_ALLOCATION_PARAMETERS", 32, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV_MEMORY_MULTICAST_FABRIC, "NV_MEMORY_MULTICAST_FABRIC",
                "NV00FD_ALLOCATION_PARAMETERS", 80, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV_MEMORY_MAPPER, "NV_MEMORY_MAPPER",
                "NV_MEMORY_MAPPER_ALLOCATION_PARAMS", 24, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.LOCK_STRESS_OBJECT, "LOCK_STRESS_OBJECT", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.LOCK_TEST_RELAXED_DUP_OBJECT, "LOCK_TEST_RELAXED_DUP_OBJECT",
                null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV20_SUBDEVICE_0, "NV20_SUBDEVICE_0",
                "NV2080_ALLOC_PARAMETERS", 4, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV2081_BINAPI, "NV2081_BINAPI",
                "NV2081_ALLOC_PARAMETERS", 4, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV2082_BINAPI_PRIVILEGED, "NV2082_BINAPI_PRIVILEGED",
                "NV2082_ALLOC_PARAMETERS", 4, Presence.OPTIONAL, Privilege.ROOT, 0);
        e(m, Classes.NV20_SUBDEVICE_DIAG, "NV20_SUBDEVICE_DIAG", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV30_GSYNC, "NV30_GSYNC", "NV30F1_ALLOC_PARAMETERS", 4, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV40_I2C, "NV40_I2C", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV50_P2P, "NV50_P2P", "NV503B_ALLOC_PARAMETERS", 72, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NV50_THIRD_PARTY_P2P, "NV50_THIRD_PARTY_P2P",
                "NV503C_ALLOC_PARAMETERS", 4, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV50_DEFERRED_API_CLASS, "NV50_DEFERRED_API_CLASS",
                "NV5080_ALLOC_PARAMS", 1, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV50_MEMORY_VIRTUAL, "NV50_MEMORY_VIRTUAL",
                "NV_MEMORY_ALLOCATION_PARAMS", 128, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.GT200_DEBUGGER, "GT200_DEBUGGER",
                "NV83DE_ALLOC_PARAMETERS", 12, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.G84_PERFBUFFER, "G84_PERFBUFFER", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.MPS_COMPUTE, "MPS_COMPUTE", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV9010_VBLANK_CALLBACK, "NV9010_VBLANK_CALLBACK",
                "NV_VBLANK_CALLBACK_ALLOCATION_PARAMETERS", 32, Presence.REQUIRED, Privilege.KERNEL, POINTER);
        e(m, Classes.FERMI_TWOD_A, "FERMI_TWOD_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.FERMI_CONTEXT_SHARE_A, "FERMI_CONTEXT_SHARE_A",
                "NV_CTXSHARE_ALLOCATION_PARAMETERS", 12, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.GF100_CHANNEL_GPFIFO, "GF100_CHANNEL_GPFIFO",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.GF100_DISP_SW, "GF100_DISP_SW",
                "NV9072_ALLOCATION_PARAMETERS", 12, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.GF100_TIMED_SEMAPHORE_SW, "GF100_TIMED_SEMAPHORE_SW", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.GF100_ZBC_CLEAR, "GF100_ZBC_CLEAR", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.GF100_PROFILER, "GF100_PROFILER", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NV_EVENT_BUFFER, "NV_EVENT_BUFFER",
                "NV_EVENT_BUFFER_ALLOC_PARAMETERS", 72, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.NV01_MEMORY_DEVICELESS, "NV01_MEMORY_DEVICELESS",
                "NV_MEMORY_ALLOCATION_PARAMS", 128, Presence.REQUIRED, Privilege.USER, POINTER);
        e(m, Classes.GF100_SUBDEVICE_MASTER, "GF100_SUBDEVICE_MASTER", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.GF100_SUBDEVICE_INFOROM, "GF100_SUBDEVICE_INFOROM", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.GF100_HDACODEC, "GF100_HDACODEC", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.FERMI_VASPACE_A, "FERMI_VASPACE_A",
                "NV_VASPACE_ALLOCATION_PARAMETERS", 56, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.KEPLER_CHANNEL_GROUP_A, "KEPLER_CHANNEL_GROUP_A",
                "NV_CHANNEL_GROUP_ALLOCATION_PARAMETERS", 20, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.KEPLER_CHANNEL_GPFIFO_A, "KEPLER_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.KEPLER_DEVICE_VGPU, "KEPLER_DEVICE_VGPU", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NVA081_VGPU_CONFIG, "NVA081_VGPU_CONFIG", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NVA084_KERNEL_HOST_VGPU_DEVICE, "NVA084_KERNEL_HOST_VGPU_DEVICE",
                "NVA084_ALLOC_PARAMETERS", 88, Presence.REQUIRED, Privilege.USER, UNION);
        e(m, Classes.NVENC_SW_SESSION, "NVENC_SW_SESSION",
                "NVA0BC_ALLOC_PARAMETERS", 20, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVFBC_SW_SESSION, "NVFBC_SW_SESSION",
                "NVA0BD_ALLOC_PARAMETERS", 20, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.KEPLER_INLINE_TO_MEMORY_B, "KEPLER_INLINE_TO_MEMORY_B",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.KEPLER_CHANNEL_GPFIFO_B, "KEPLER_CHANNEL_GPFIFO_B",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.MAXWELL_CHANNEL_GPFIFO_A, "MAXWELL_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.MAXWELL_DMA_COPY_A, "MAXWELL_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.MAXWELL_PROFILER_CONTEXT, "MAXWELL_PROFILER_CONTEXT",
                "NVB1CC_ALLOC_PARAMETERS", 4, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.MAXWELL_PROFILER_DEVICE, "MAXWELL_PROFILER_DEVICE",
                "NVB2CC_ALLOC_PARAMETERS", 8, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVB4B7_VIDEO_ENCODER, "NVB4B7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVB8B0_VIDEO_DECODER, "NVB8B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVB8D1_VIDEO_NVJPG, "NVB8D1_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVB8FA_VIDEO_OFA, "NVB8FA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.PASCAL_CHANNEL_GPFIFO_A, "PASCAL_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.GP100_UVM_SW, "GP100_UVM_SW", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.PASCAL_DMA_COPY_A, "PASCAL_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.VOLTA_USERMODE_A, "VOLTA_USERMODE_A", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.ACCESS_COUNTER_NOTIFY_BUFFER, "ACCESS_COUNTER_NOTIFY_BUFFER",
                "NV_ACCESS_COUNTER_NOTIFY_BUFFER_ALLOC_PARAMS", 4, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.MMU_FAULT_BUFFER, "MMU_FAULT_BUFFER", null, 0, Presence.NONE, Privilege.KERNEL, 0);
        e(m, Classes.VOLTA_CHANNEL_GPFIFO_A, "VOLTA_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVC371_DISP_SF_USER, "NVC371_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC372_DISPLAY_SW, "NVC372_DISPLAY_SW", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.TURING_USERMODE_A, "TURING_USERMODE_A", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.TURING_CHANNEL_GPFIFO_A, "TURING_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVC4B0_VIDEO_DECODER, "NVC4B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC4B7_VIDEO_ENCODER, "NVC4B7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC4D1_VIDEO_NVJPG, "NVC4D1_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_USERMODE_A, "AMPERE_USERMODE_A", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.AMPERE_CHANNEL_GPFIFO_A, "AMPERE_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVC570_DISPLAY, "NVC570_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC573_DISP_CAPABILITIES, "NVC573_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.UVM_CHANNEL_RETAINER, "UVM_CHANNEL_RETAINER",
                "NV_UVM_CHANNEL_RETAINER_ALLOC_PARAMS", 8, Presence.REQUIRED, Privilege.KERNEL, 0);
        e(m, Classes.NVC57A_CURSOR_IMM_CHANNEL_PIO, "NVC57A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC57B_WINDOW_IMM_CHANNEL_DMA, "NVC57B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC57D_CORE_CHANNEL_DMA, "NVC57D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC57E_WINDOW_CHANNEL_DMA, "NVC57E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.TURING_A, "TURING_A", "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.TURING_DMA_COPY_A, "TURING_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.TURING_COMPUTE_A, "TURING_COMPUTE_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_SMC_PARTITION_REF, "AMPERE_SMC_PARTITION_REF",
                "NVC637_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.USER, FD);
        e(m, Classes.AMPERE_SMC_EXEC_PARTITION_REF, "AMPERE_SMC_EXEC_PARTITION_REF",
                "NVC638_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.USER, FD);
        e(m, Classes.AMPERE_SMC_CONFIG_SESSION, "AMPERE_SMC_CONFIG_SESSION",
                "NVC639_ALLOCATION_PARAMETERS", 8, Presence.REQUIRED, Privilege.USER, FD);
        e(m, Classes.AMPERE_SMC_MONITOR_SESSION, "AMPERE_SMC_MONITOR_SESSION",
                "NVC640_ALLOCATION_PARAMETERS", 8, Presence.REQUIRED, Privilege.USER, FD);
        e(m, Classes.HOPPER_USERMODE_A, "HOPPER_USERMODE_A",
                "NV_HOPPER_USERMODE_A_PARAMS", 2, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC670_DISPLAY, "NVC670_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC671_DISP_SF_USER, "NVC671_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC673_DISP_CAPABILITIES, "NVC673_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC67A_CURSOR_IMM_CHANNEL_PIO, "NVC67A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC67B_WINDOW_IMM_CHANNEL_DMA, "NVC67B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC67D_CORE_CHANNEL_DMA, "NVC67D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC67E_WINDOW_CHANNEL_DMA, "NVC67E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.AMPERE_A, "AMPERE_A", "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC6B0_VIDEO_DECODER, "NVC6B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_DMA_COPY_A, "AMPERE_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_COMPUTE_A, "AMPERE_COMPUTE_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC6FA_VIDEO_OFA, "NVC6FA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_USERMODE_A, "BLACKWELL_USERMODE_A",
                "NV_HOPPER_USERMODE_A_PARAMS", 2, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.MMU_VIDMEM_ACCESS_BIT_BUFFER, "MMU_VIDMEM_ACCESS_BIT_BUFFER",
                "NV_VIDMEM_ACCESS_BIT_ALLOCATION_PARAMS", 528, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVC770_DISPLAY, "NVC770_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC771_DISP_SF_USER, "NVC771_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC773_DISP_CAPABILITIES, "NVC773_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC77D_CORE_CHANNEL_DMA, "NVC77D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC77F_ANY_CHANNEL_DMA, "NVC77F_ANY_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.AMPERE_B, "AMPERE_B", "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC7B0_VIDEO_DECODER, "NVC7B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_DMA_COPY_B, "AMPERE_DMA_COPY_B",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC7B7_VIDEO_ENCODER, "NVC7B7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.AMPERE_COMPUTE_B, "AMPERE_COMPUTE_B",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC7FA_VIDEO_OFA, "NVC7FA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.HOPPER_MMU_VIDMEM_ACCESS_BIT_BUFFER, "HOPPER_MMU_VIDMEM_ACCESS_BIT_BUFFER",
                "NV_VIDMEM_ACCESS_BIT_ALLOCATION_PARAMS", 528, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.HOPPER_CHANNEL_GPFIFO_A, "HOPPER_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.HOPPER_DMA_COPY_A, "HOPPER_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_CHANNEL_GPFIFO_A, "BLACKWELL_CHANNEL_GPFIFO_A",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVC970_DISPLAY, "NVC970_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC971_DISP_SF_USER, "NVC971_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC973_DISP_CAPABILITIES, "NVC973_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVC97A_CURSOR_IMM_CHANNEL_PIO, "NVC97A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC97B_WINDOW_IMM_CHANNEL_DMA, "NVC97B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC97D_CORE_CHANNEL_DMA, "NVC97D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVC97E_WINDOW_CHANNEL_DMA, "NVC97E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.ADA_A, "ADA_A", "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC9B0_VIDEO_DECODER, "NVC9B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_DMA_COPY_A, "BLACKWELL_DMA_COPY_A",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC9B7_VIDEO_ENCODER, "NVC9B7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.ADA_COMPUTE_A, "ADA_COMPUTE_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC9D1_VIDEO_NVJPG, "NVC9D1_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVC9FA_VIDEO_OFA, "NVC9FA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_CHANNEL_GPFIFO_B, "BLACKWELL_CHANNEL_GPFIFO_B",
                "NV_CHANNEL_ALLOC_PARAMS", 368, Presence.REQUIRED, Privilege.USER, 0);
        e(m, Classes.NVCA70_DISPLAY, "NVCA70_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCA71_DISP_SF_USER, "NVCA71_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCA73_DISP_CAPABILITIES, "NVCA73_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCA7A_CURSOR_IMM_CHANNEL_PIO, "NVCA7A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCA7B_WINDOW_IMM_CHANNEL_DMA, "NVCA7B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCA7D_CORE_CHANNEL_DMA, "NVCA7D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCA7E_WINDOW_CHANNEL_DMA, "NVCA7E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.BLACKWELL_DMA_COPY_B, "BLACKWELL_DMA_COPY_B",
                "NVB0B5_ALLOCATION_PARAMETERS", 8, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV_CONFIDENTIAL_COMPUTE, "NV_CONFIDENTIAL_COMPUTE",
                "NV_CONFIDENTIAL_COMPUTE_ALLOC_PARAMS", 4, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCB70_DISPLAY, "NVCB70_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCB71_DISP_SF_USER, "NVCB71_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCB73_DISP_CAPABILITIES, "NVCB73_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCB7A_CURSOR_IMM_CHANNEL_PIO, "NVCB7A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCB7B_WINDOW_IMM_CHANNEL_DMA, "NVCB7B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCB7D_CORE_CHANNEL_DMA, "NVCB7D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCB7E_WINDOW_CHANNEL_DMA, "NVCB7E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.HOPPER_A, "HOPPER_A", "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.HOPPER_SEC2_WORK_LAUNCH_A, "HOPPER_SEC2_WORK_LAUNCH_A", null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.HOPPER_COMPUTE_A, "HOPPER_COMPUTE_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NV_COUNTER_COLLECTION_UNIT, "NV_COUNTER_COLLECTION_UNIT",
                null, 0, Presence.NONE, Privilege.USER, 0);
        e(m, Classes.NVCC70_DISPLAY, "NVCC70_DISPLAY", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCC71_DISP_SF_USER, "NVCC71_DISP_SF_USER", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCC73_DISP_CAPABILITIES, "NVCC73_DISP_CAPABILITIES", null, 0, Presence.NONE, Privilege.ROOT, 0);
        e(m, Classes.NVCC7A_CURSOR_IMM_CHANNEL_PIO, "NVCC7A_CURSOR_IMM_CHANNEL_PIO",
                "NV50VAIO_CHANNELPIO_ALLOCATION_PARAMETERS", 16, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCC7B_WINDOW_IMM_CHANNEL_DMA, "NVCC7B_WINDOW_IMM_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCC7D_CORE_CHANNEL_DMA, "NVCC7D_CORE_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.NVCC7E_WINDOW_CHANNEL_DMA, "NVCC7E_WINDOW_CHANNEL_DMA",
                "NV50VAIO_CHANNELDMA_ALLOCATION_PARAMETERS", 40, Presence.REQUIRED, Privilege.ROOT, POINTER);
        e(m, Classes.BLACKWELL_INLINE_TO_MEMORY_A, "BLACKWELL_INLINE_TO_MEMORY_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_A, "BLACKWELL_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCDB0_VIDEO_DECODER, "NVCDB0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_COMPUTE_A, "BLACKWELL_COMPUTE_A",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCDD1_VIDEO_NVJPG, "NVCDD1_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCDFA_VIDEO_OFA, "NVCDFA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_B, "BLACKWELL_B",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCEB0_VIDEO_DECODER, "NVCEB0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCEB7_VIDEO_ENCODER, "NVCEB7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.BLACKWELL_COMPUTE_B, "BLACKWELL_COMPUTE_B",
                "NV_GR_ALLOCATION_PARAMETERS", 16, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCED0_VIDEO_NVJPG, "NVCED0_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCEFA_VIDEO_OFA, "NVCEFA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCFB0_VIDEO_DECODER, "NVCFB0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCFB7_VIDEO_ENCODER, "NVCFB7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCFD1_VIDEO_NVJPG, "NVCFD1_VIDEO_NVJPG",
                "NV_NVJPG_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVCFFA_VIDEO_OFA, "NVCFFA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVD1B0_VIDEO_DECODER, "NVD1B0_VIDEO_DECODER",
                "NV_BSP_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVD1B7_VIDEO_ENCODER, "NVD1B7_VIDEO_ENCODER",
                "NV_MSENC_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        e(m, Classes.NVD1FA_VIDEO_OFA, "NVD1FA_VIDEO_OFA",
                "NV_OFA_ALLOCATION_PARAMETERS", 12, Presence.OPTIONAL, Privilege.USER, 0);
        ENTRIES = Collections.unmodifiableMap(m);
    }

    private ClassAllocParams() {}

    private static void e(Map<Integer, Entry> m, int hClass, String name, String type, int size, Presence presence,
            Privilege privilege, int traits) {
        if (m.putIfAbsent(hClass, new Entry(hClass, name, type, size, presence, privilege, traits)) != null) {
            throw new IllegalStateException("two resource entries for class " + NvStatus.hex(hClass));
        }
    }

    /** Every class RM can allocate at this tag, by class number. */
    public static Map<Integer, Entry> entries() {
        return ENTRIES;
    }

    /** The class's entry, or {@code null} where RM has no resource for it (it answers NV_ERR_INVALID_CLASS). */
    public static Entry lookup(int hClass) {
        return ENTRIES.get(hClass);
    }
}
