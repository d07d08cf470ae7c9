package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * RM class numbers: the {@code hClass} of {@code NV_ESC_RM_ALLOC} ({@code NVOS21_PARAMETERS} /
 * {@code NVOS64_PARAMETERS}), of {@code NV_ESC_RM_ALLOC_MEMORY} ({@code NVOS02_PARAMETERS}) and of
 * {@code NV_ESC_RM_ALLOC_CONTEXT_DMA2}. The upper 16 bits of an RM control command are the class
 * (or the interface) the command belongs to, so these numbers also name the control families in
 * {@link NvControlCommands}.
 *
 * <p>Every class header under src/common/sdk/nvidia/inc/class/ at the tag that defines a class id
 * equal to its file name ({@code clXXXX.h}) is listed, with the few class ids that live elsewhere:
 * the {@code NV01_MEMORY_LIST_*} ids of cl84a0.h, {@code NVC372_DISPLAY_SW} of clc372sw.h and the
 * root-client and event ids of nvos.h. Several names share one number; {@link #name(int)} gives one
 * preferred name for each number and the aliases stay constants:
 *
 * <ul>
 *   <li>{@code 0x41} is both {@code NV01_ROOT_CLIENT} (nvos.h) and {@code NV04_MEMORY} (cl0041.h).
 *       The RM_ALLOC escape treats {@code 0x41} as a root client (it is forced to the control
 *       device and rewritten to {@code NV01_ROOT_CLIENT},
 *       src/nvidia/arch/nvalloc/unix/src/escape.c), so that is the preferred name.
 *   <li>{@code 0x0} is {@code NV01_ROOT} and {@code NV01_NULL_OBJECT}; {@code NV01_ROOT}, {@code
 *       NV01_ROOT_NON_PRIV} ({@code 0x1}) and {@code NV01_ROOT_CLIENT} all allocate a client, and
 *       the escape rewrites all three to {@code NV01_ROOT_CLIENT}.
 * </ul>
 *
 * <p>A class being listed here says nothing about whether this driver can allocate it on a given
 * GPU.
 */
public final class Classes {
    // From src/common/sdk/nvidia/inc/class/cl0000.h (580.142)
    public static final int NV01_NULL_OBJECT = 0x00000000;
    public static final int NV01_ROOT = 0x00000000;
    // From src/common/sdk/nvidia/inc/class/cl0001.h (580.142)
    public static final int NV01_ROOT_NON_PRIV = 0x00000001;
    // From src/common/sdk/nvidia/inc/class/cl0002.h (580.142)
    public static final int NV01_CONTEXT_DMA_FROM_MEMORY = 0x00000002;
    public static final int NV1_CONTEXT_DMA_FROM_MEMORY = 0x00000002;
    public static final int NV01_CONTEXT_DMA = 0x00000002;
    // From src/common/sdk/nvidia/inc/class/cl0004.h (580.142)
    public static final int NV01_TIMER = 0x00000004;
    // From src/common/sdk/nvidia/inc/class/cl0005.h (580.142)
    public static final int NV01_EVENT = 0x00000005;
    // From src/common/sdk/nvidia/inc/class/cl000f.h (580.142)
    public static final int FABRIC_MANAGER_SESSION = 0x0000000f;
    // From src/common/sdk/nvidia/inc/class/cl0020.h (580.142)
    public static final int NV0020_GPU_MANAGEMENT = 0x00000020;
    // From src/common/sdk/nvidia/inc/class/cl0030.h (580.142)
    public static final int NV01_NULL = 0x00000030;
    public static final int NV1_NULL = 0x00000030;
    // From src/common/sdk/nvidia/inc/class/cl003e.h (580.142)
    public static final int NV01_CONTEXT_ERROR_TO_MEMORY = 0x0000003e;
    public static final int NV01_MEMORY_SYSTEM = 0x0000003e;
    public static final int NV1_CONTEXT_ERROR_TO_MEMORY = 0x0000003e;
    // From src/common/sdk/nvidia/inc/class/cl003f.h (580.142)
    public static final int NV01_MEMORY_LOCAL_PRIVILEGED = 0x0000003f;
    public static final int NV01_MEMORY_PRIVILEGED = 0x0000003f;
    public static final int NV1_MEMORY_PRIVILEGED = 0x0000003f;
    // From src/common/sdk/nvidia/inc/class/cl0040.h (580.142)
    public static final int NV01_MEMORY_LOCAL_USER = 0x00000040;
    public static final int NV01_MEMORY_USER = 0x00000040;
    public static final int NV1_MEMORY_USER = 0x00000040;
    // From src/common/sdk/nvidia/inc/class/cl0041.h (580.142)
    public static final int NV04_MEMORY = 0x00000041;
    // From src/common/sdk/nvidia/inc/class/cl0042.h (580.142)
    public static final int NV_MEMORY_EXTENDED_USER = 0x00000042;
    // From src/common/sdk/nvidia/inc/class/cl0050.h (580.142)
    public static final int NV_CE_UTILS = 0x00000050;
    // From src/common/sdk/nvidia/inc/class/cl0060.h (580.142)
    public static final int NV0060_SYNC_GPU_BOOST = 0x00000060;
    // From src/common/sdk/nvidia/inc/class/cl0070.h (580.142)
    public static final int NV01_MEMORY_VIRTUAL = 0x00000070;
    public static final int NV01_MEMORY_SYSTEM_DYNAMIC = 0x00000070;
    // From src/common/sdk/nvidia/inc/class/cl0071.h (580.142)
    public static final int NV01_MEMORY_SYSTEM_OS_DESCRIPTOR = 0x00000071;
    // From src/common/sdk/nvidia/inc/class/cl0073.h (580.142)
    public static final int NV04_DISPLAY_COMMON = 0x00000073;
    // From src/common/sdk/nvidia/inc/class/cl0076.h (580.142)
    public static final int NV01_MEMORY_FRAMEBUFFER_CONSOLE = 0x00000076;
    // From src/common/sdk/nvidia/inc/class/cl007d.h (580.142)
    public static final int NV04_SOFTWARE_TEST = 0x0000007d;
    // From src/common/sdk/nvidia/inc/class/cl0080.h (580.142)
    public static final int NV01_DEVICE_0 = 0x00000080;
    // From src/common/sdk/nvidia/inc/class/cl0090.h (580.142)
    public static final int KERNEL_GRAPHICS_CONTEXT = 0x00000090;
    // From src/common/sdk/nvidia/inc/class/cl0092.h (580.142)
    public static final int NV0092_RG_LINE_CALLBACK = 0x00000092;
    // From src/common/sdk/nvidia/inc/class/cl00b1.h (580.142)
    public static final int NV01_MEMORY_HW_RESOURCES = 0x000000b1;
    // From src/common/sdk/nvidia/inc/class/cl00c1.h (580.142)
    public static final int NV_FB_SEGMENT = 0x000000c1;
    // From src/common/sdk/nvidia/inc/class/cl00c2.h (580.142)
    public static final int NV01_MEMORY_LOCAL_PHYSICAL = 0x000000c2;
    // From src/common/sdk/nvidia/inc/class/cl00c3.h (580.142)
    public static final int NV01_MEMORY_SYNCPOINT = 0x000000c3;
    // From src/common/sdk/nvidia/inc/class/cl00da.h (580.142)
    public static final int NV_SEMAPHORE_SURFACE = 0x000000da;
    // From src/common/sdk/nvidia/inc/class/cl00db.h (580.142)
    public static final int NV40_DEBUG_BUFFER = 0x000000db;
    // From src/common/sdk/nvidia/inc/class/cl00de.h (580.142)
    public static final int RM_USER_SHARED_DATA = 0x000000de;
    // From src/common/sdk/nvidia/inc/class/cl00e0.h (580.142)
    public static final int NV_MEMORY_EXPORT = 0x000000e0;
    // From src/common/sdk/nvidia/inc/class/cl00f1.h (580.142)
    public static final int NV_IMEX_SESSION = 0x000000f1;
    // From src/common/sdk/nvidia/inc/class/cl00f2.h (580.142)
    public static final int IO_VASPACE_A = 0x000000f2;
    // From src/common/sdk/nvidia/inc/class/cl00f3.h (580.142)
    public static final int NV01_MEMORY_FLA = 0x000000f3;
    // From src/common/sdk/nvidia/inc/class/cl00f8.h (580.142)
    public static final int NV_MEMORY_FABRIC = 0x000000f8;
    // From src/common/sdk/nvidia/inc/class/cl00f9.h (580.142)
    public static final int NV_MEMORY_FABRIC_IMPORT_V2 = 0x000000f9;
    // From src/common/sdk/nvidia/inc/class/cl00fb.h (580.142)
    public static final int NV_MEMORY_FABRIC_IMPORTED_REF = 0x000000fb;
    // From src/common/sdk/nvidia/inc/class/cl00fc.h (580.142)
    public static final int FABRIC_VASPACE_A = 0x000000fc;
    // From src/common/sdk/nvidia/inc/class/cl00fd.h (580.142)
    public static final int NV_MEMORY_MULTICAST_FABRIC = 0x000000fd;
    // From src/common/sdk/nvidia/inc/class/cl00fe.h (580.142)
    public static final int NV_MEMORY_MAPPER = 0x000000fe;
    // From src/common/sdk/nvidia/inc/class/cl0100.h (580.142)
    public static final int LOCK_STRESS_OBJECT = 0x00000100;
    // From src/common/sdk/nvidia/inc/class/cl0101.h (580.142)
    public static final int LOCK_TEST_RELAXED_DUP_OBJECT = 0x00000101;
    // From src/common/sdk/nvidia/inc/class/cl2080.h (580.142)
    public static final int NV20_SUBDEVICE_0 = 0x00002080;
    // From src/common/sdk/nvidia/inc/class/cl2081.h (580.142)
    public static final int NV2081_BINAPI = 0x00002081;
    // From src/common/sdk/nvidia/inc/class/cl2082.h (580.142)
    public static final int NV2082_BINAPI_PRIVILEGED = 0x00002082;
    // From src/common/sdk/nvidia/inc/class/cl208f.h (580.142)
    public static final int NV20_SUBDEVICE_DIAG = 0x0000208f;
    // From src/common/sdk/nvidia/inc/class/cl30f1.h (580.142)
    public static final int NV30_GSYNC = 0x000030f1;
    // From src/common/sdk/nvidia/inc/class/cl402c.h (580.142)
    public static final int NV40_I2C = 0x0000402c;
    // From src/common/sdk/nvidia/inc/class/cl503b.h (580.142)
    public static final int NV50_P2P = 0x0000503b;
    // From src/common/sdk/nvidia/inc/class/cl503c.h (580.142)
    public static final int NV50_THIRD_PARTY_P2P = 0x0000503c;
    // From src/common/sdk/nvidia/inc/class/cl506f.h (580.142)
    public static final int NV50_CHANNEL_GPFIFO = 0x0000506f;
    // From src/common/sdk/nvidia/inc/class/cl5070.h (580.142)
    public static final int NV50_DISPLAY = 0x00005070;
    // From src/common/sdk/nvidia/inc/class/cl5080.h (580.142)
    public static final int NV50_DEFERRED_API_CLASS = 0x00005080;
    // From src/common/sdk/nvidia/inc/class/cl50a0.h (580.142)
    public static final int NV50_MEMORY_VIRTUAL = 0x000050a0;
    // From src/common/sdk/nvidia/inc/class/cl83de.h (580.142)
    public static final int GT200_DEBUGGER = 0x000083de;
    // From src/common/sdk/nvidia/inc/class/cl844c.h (580.142)
    public static final int G84_PERFBUFFER = 0x0000844c;
    // From src/common/sdk/nvidia/inc/class/cl900e.h (580.142)
    public static final int MPS_COMPUTE = 0x0000900e;
    // From src/common/sdk/nvidia/inc/class/cl9010.h (580.142)
    public static final int NV9010_VBLANK_CALLBACK = 0x00009010;
    // From src/common/sdk/nvidia/inc/class/cl902d.h (580.142)
    public static final int FERMI_TWOD_A = 0x0000902d;
    // From src/common/sdk/nvidia/inc/class/cl9067.h (580.142)
    public static final int FERMI_CONTEXT_SHARE_A = 0x00009067;
    // From src/common/sdk/nvidia/inc/class/cl906f.h (580.142)
    public static final int GF100_CHANNEL_GPFIFO = 0x0000906f;
    // From src/common/sdk/nvidia/inc/class/cl9072.h (580.142)
    public static final int GF100_DISP_SW = 0x00009072;
    // From src/common/sdk/nvidia/inc/class/cl9074.h (580.142)
    public static final int GF100_TIMED_SEMAPHORE_SW = 0x00009074;
    // From src/common/sdk/nvidia/inc/class/cl9096.h (580.142)
    public static final int GF100_ZBC_CLEAR = 0x00009096;
    // From src/common/sdk/nvidia/inc/class/cl9097.h (580.142)
    public static final int FERMI_A = 0x00009097;
    // From src/common/sdk/nvidia/inc/class/cl90cc.h (580.142)
    public static final int GF100_PROFILER = 0x000090cc;
    // From src/common/sdk/nvidia/inc/class/cl90cd.h (580.142)
    public static final int NV_EVENT_BUFFER = 0x000090cd;
    // From src/common/sdk/nvidia/inc/class/cl90ce.h (580.142)
    public static final int NV01_MEMORY_DEVICELESS = 0x000090ce;
    // From src/common/sdk/nvidia/inc/class/cl90e6.h (580.142)
    public static final int GF100_SUBDEVICE_MASTER = 0x000090e6;
    // From src/common/sdk/nvidia/inc/class/cl90e7.h (580.142)
    public static final int GF100_SUBDEVICE_INFOROM = 0x000090e7;
    // From src/common/sdk/nvidia/inc/class/cl90ec.h (580.142)
    public static final int GF100_HDACODEC = 0x000090ec;
    // From src/common/sdk/nvidia/inc/class/cl90f1.h (580.142)
    public static final int FERMI_VASPACE_A = 0x000090f1;
    // From src/common/sdk/nvidia/inc/class/cl9170.h (580.142)
    public static final int NV9170_DISPLAY = 0x00009170;
    // From src/common/sdk/nvidia/inc/class/cl9171.h (580.142)
    public static final int NV9171_DISP_SF_USER = 0x00009171;
    // From src/common/sdk/nvidia/inc/class/cl917a.h (580.142)
    public static final int NV917A_CURSOR_CHANNEL_PIO = 0x0000917a;
    // From src/common/sdk/nvidia/inc/class/cl917b.h (580.142)
    public static final int NV917B_OVERLAY_IMM_CHANNEL_PIO = 0x0000917b;
    // From src/common/sdk/nvidia/inc/class/cl917c.h (580.142)
    public static final int NV917C_BASE_CHANNEL_DMA = 0x0000917c;
    // From src/common/sdk/nvidia/inc/class/cl917d.h (580.142)
    public static final int NV917D_CORE_CHANNEL_DMA = 0x0000917d;
    // From src/common/sdk/nvidia/inc/class/cl917e.h (580.142)
    public static final int NV917E_OVERLAY_CHANNEL_DMA = 0x0000917e;
    // From src/common/sdk/nvidia/inc/class/cl9270.h (580.142)
    public static final int NV9270_DISPLAY = 0x00009270;
    // From src/common/sdk/nvidia/inc/class/cl9271.h (580.142)
    public static final int NV9271_DISP_SF_USER = 0x00009271;
    // From src/common/sdk/nvidia/inc/class/cl927c.h (580.142)
    public static final int NV927C_BASE_CHANNEL_DMA = 0x0000927c;
    // From src/common/sdk/nvidia/inc/class/cl927d.h (580.142)
    public static final int NV927D_CORE_CHANNEL_DMA = 0x0000927d;
    // From src/common/sdk/nvidia/inc/class/cl9470.h (580.142)
    public static final int NV9470_DISPLAY = 0x00009470;
    // From src/common/sdk/nvidia/inc/class/cl9471.h (580.142)
    public static final int NV9471_DISP_SF_USER = 0x00009471;
    // From src/common/sdk/nvidia/inc/class/cl947d.h (580.142)
    public static final int NV947D_CORE_CHANNEL_DMA = 0x0000947d;
    // From src/common/sdk/nvidia/inc/class/cl9570.h (580.142)
    public static final int NV9570_DISPLAY = 0x00009570;
    // From src/common/sdk/nvidia/inc/class/cl9571.h (580.142)
    public static final int NV9571_DISP_SF_USER = 0x00009571;
    // From src/common/sdk/nvidia/inc/class/cl957d.h (580.142)
    public static final int NV957D_CORE_CHANNEL_DMA = 0x0000957d;
    // From src/common/sdk/nvidia/inc/class/cl9770.h (580.142)
    public static final int NV9770_DISPLAY = 0x00009770;
    // From src/common/sdk/nvidia/inc/class/cl977d.h (580.142)
    public static final int NV977D_CORE_CHANNEL_DMA = 0x0000977d;
    // From src/common/sdk/nvidia/inc/class/cl9870.h (580.142)
    public static final int NV9870_DISPLAY = 0x00009870;
    // From src/common/sdk/nvidia/inc/class/cl987d.h (580.142)
    public static final int NV987D_CORE_CHANNEL_DMA = 0x0000987d;
    // From src/common/sdk/nvidia/inc/class/cla06c.h (580.142)
    public static final int KEPLER_CHANNEL_GROUP_A = 0x0000a06c;
    // From src/common/sdk/nvidia/inc/class/cla06f.h (580.142)
    public static final int KEPLER_CHANNEL_GPFIFO_A = 0x0000a06f;
    // From src/common/sdk/nvidia/inc/class/cla080.h (580.142)
    public static final int KEPLER_DEVICE_VGPU = 0x0000a080;
    // From src/common/sdk/nvidia/inc/class/cla081.h (580.142)
    public static final int NVA081_VGPU_CONFIG = 0x0000a081;
    // From src/common/sdk/nvidia/inc/class/cla084.h (580.142)
    public static final int NVA084_KERNEL_HOST_VGPU_DEVICE = 0x0000a084;
    // From src/common/sdk/nvidia/inc/class/cla097.h (580.142)
    public static final int KEPLER_A = 0x0000a097;
    // From src/common/sdk/nvidia/inc/class/cla0b0.h (580.142)
    public static final int NVA0B0_VIDEO_DECODER = 0x0000a0b0;
    // From src/common/sdk/nvidia/inc/class/cla0b5.h (580.142)
    public static final int KEPLER_DMA_COPY_A = 0x0000a0b5;
    // From src/common/sdk/nvidia/inc/class/cla0bc.h (580.142)
    public static final int NVENC_SW_SESSION = 0x0000a0bc;
    // From src/common/sdk/nvidia/inc/class/cla0bd.h (580.142)
    public static final int NVFBC_SW_SESSION = 0x0000a0bd;
    // From src/common/sdk/nvidia/inc/class/cla0c0.h (580.142)
    public static final int KEPLER_COMPUTE_A = 0x0000a0c0;
    // From src/common/sdk/nvidia/inc/class/cla140.h (580.142)
    public static final int KEPLER_INLINE_TO_MEMORY_B = 0x0000a140;
    // From src/common/sdk/nvidia/inc/class/cla16f.h (580.142)
    public static final int KEPLER_CHANNEL_GPFIFO_B = 0x0000a16f;
    // From src/common/sdk/nvidia/inc/class/cla197.h (580.142)
    public static final int KEPLER_B = 0x0000a197;
    // From src/common/sdk/nvidia/inc/class/cla1c0.h (580.142)
    public static final int KEPLER_COMPUTE_B = 0x0000a1c0;
    // From src/common/sdk/nvidia/inc/class/cla26f.h (580.142)
    public static final int KEPLER_CHANNEL_GPFIFO_C = 0x0000a26f;
    // From src/common/sdk/nvidia/inc/class/clb069.h (580.142)
    public static final int MAXWELL_FAULT_BUFFER_A = 0x0000b069;
    // From src/common/sdk/nvidia/inc/class/clb06f.h (580.142)
    public static final int MAXWELL_CHANNEL_GPFIFO_A = 0x0000b06f;
    // From src/common/sdk/nvidia/inc/class/clb097.h (580.142)
    public static final int MAXWELL_A = 0x0000b097;
    // From src/common/sdk/nvidia/inc/class/clb0b0.h (580.142)
    public static final int NVB0B0_VIDEO_DECODER = 0x0000b0b0;
    // From src/common/sdk/nvidia/inc/class/clb0b5.h (580.142)
    public static final int MAXWELL_DMA_COPY_A = 0x0000b0b5;
    // From src/common/sdk/nvidia/inc/class/clb0c0.h (580.142)
    public static final int MAXWELL_COMPUTE_A = 0x0000b0c0;
    // From src/common/sdk/nvidia/inc/class/clb0cc.h (580.142)
    public static final int MAXWELL_PROFILER = 0x0000b0cc;
    // From src/common/sdk/nvidia/inc/class/clb197.h (580.142)
    public static final int MAXWELL_B = 0x0000b197;
    // From src/common/sdk/nvidia/inc/class/clb1c0.h (580.142)
    public static final int MAXWELL_COMPUTE_B = 0x0000b1c0;
    // From src/common/sdk/nvidia/inc/class/clb1cc.h (580.142)
    public static final int MAXWELL_PROFILER_CONTEXT = 0x0000b1cc;
    // From src/common/sdk/nvidia/inc/class/clb2cc.h (580.142)
    public static final int MAXWELL_PROFILER_DEVICE = 0x0000b2cc;
    // From src/common/sdk/nvidia/inc/class/clb4b7.h (580.142)
    public static final int NVB4B7_VIDEO_ENCODER = 0x0000b4b7;
    // From src/common/sdk/nvidia/inc/class/clb6b0.h (580.142)
    public static final int NVB6B0_VIDEO_DECODER = 0x0000b6b0;
    // From src/common/sdk/nvidia/inc/class/clb8b0.h (580.142)
    public static final int NVB8B0_VIDEO_DECODER = 0x0000b8b0;
    // From src/common/sdk/nvidia/inc/class/clb8d1.h (580.142)
    public static final int NVB8D1_VIDEO_NVJPG = 0x0000b8d1;
    // From src/common/sdk/nvidia/inc/class/clb8fa.h (580.142)
    public static final int NVB8FA_VIDEO_OFA = 0x0000b8fa;
    // From src/common/sdk/nvidia/inc/class/clc06f.h (580.142)
    public static final int PASCAL_CHANNEL_GPFIFO_A = 0x0000c06f;
    // From src/common/sdk/nvidia/inc/class/clc076.h (580.142)
    public static final int GP100_UVM_SW = 0x0000c076;
    // From src/common/sdk/nvidia/inc/class/clc097.h (580.142)
    public static final int PASCAL_A = 0x0000c097;
    // From src/common/sdk/nvidia/inc/class/clc0b5.h (580.142)
    public static final int PASCAL_DMA_COPY_A = 0x0000c0b5;
    // From src/common/sdk/nvidia/inc/class/clc0b7.h (580.142)
    public static final int NVC0B7_VIDEO_ENCODER = 0x0000c0b7;
    // From src/common/sdk/nvidia/inc/class/clc0c0.h (580.142)
    public static final int PASCAL_COMPUTE_A = 0x0000c0c0;
    // From src/common/sdk/nvidia/inc/class/clc197.h (580.142)
    public static final int PASCAL_B = 0x0000c197;
    // From src/common/sdk/nvidia/inc/class/clc1b0.h (580.142)
    public static final int NVC1B0_VIDEO_DECODER = 0x0000c1b0;
    // From src/common/sdk/nvidia/inc/class/clc1b5.h (580.142)
    public static final int PASCAL_DMA_COPY_B = 0x0000c1b5;
    // From src/common/sdk/nvidia/inc/class/clc1b7.h (580.142)
    public static final int NVC1B7_VIDEO_ENCODER = 0x0000c1b7;
    // From src/common/sdk/nvidia/inc/class/clc1c0.h (580.142)
    public static final int PASCAL_COMPUTE_B = 0x0000c1c0;
    // From src/common/sdk/nvidia/inc/class/clc2b0.h (580.142)
    public static final int NVC2B0_VIDEO_DECODER = 0x0000c2b0;
    // From src/common/sdk/nvidia/inc/class/clc2b7.h (580.142)
    public static final int NVC2B7_VIDEO_ENCODER = 0x0000c2b7;
    // From src/common/sdk/nvidia/inc/class/clc361.h (580.142)
    public static final int VOLTA_USERMODE_A = 0x0000c361;
    // From src/common/sdk/nvidia/inc/class/clc365.h (580.142)
    public static final int ACCESS_COUNTER_NOTIFY_BUFFER = 0x0000c365;
    // From src/common/sdk/nvidia/inc/class/clc369.h (580.142)
    public static final int MMU_FAULT_BUFFER = 0x0000c369;
    // From src/common/sdk/nvidia/inc/class/clc36f.h (580.142)
    public static final int VOLTA_CHANNEL_GPFIFO_A = 0x0000c36f;
    // From src/common/sdk/nvidia/inc/class/clc370.h (580.142)
    public static final int NVC370_DISPLAY = 0x0000c370;
    // From src/common/sdk/nvidia/inc/class/clc371.h (580.142)
    public static final int NVC371_DISP_SF_USER = 0x0000c371;
    // From src/common/sdk/nvidia/inc/class/clc373.h (580.142)
    public static final int NVC373_DISP_CAPABILITIES = 0x0000c373;
    // From src/common/sdk/nvidia/inc/class/clc37a.h (580.142)
    public static final int NVC37A_CURSOR_IMM_CHANNEL_PIO = 0x0000c37a;
    // From src/common/sdk/nvidia/inc/class/clc37b.h (580.142)
    public static final int NVC37B_WINDOW_IMM_CHANNEL_DMA = 0x0000c37b;
    // From src/common/sdk/nvidia/inc/class/clc37d.h (580.142)
    public static final int NVC37D_CORE_CHANNEL_DMA = 0x0000c37d;
    // From src/common/sdk/nvidia/inc/class/clc37e.h (580.142)
    public static final int NVC37E_WINDOW_CHANNEL_DMA = 0x0000c37e;
    // From src/common/sdk/nvidia/inc/class/clc397.h (580.142)
    public static final int VOLTA_A = 0x0000c397;
    // From src/common/sdk/nvidia/inc/class/clc3b0.h (580.142)
    public static final int NVC3B0_VIDEO_DECODER = 0x0000c3b0;
    // From src/common/sdk/nvidia/inc/class/clc3b5.h (580.142)
    public static final int VOLTA_DMA_COPY_A = 0x0000c3b5;
    // From src/common/sdk/nvidia/inc/class/clc3b7.h (580.142)
    public static final int NVC3B7_VIDEO_ENCODER = 0x0000c3b7;
    // From src/common/sdk/nvidia/inc/class/clc3c0.h (580.142)
    public static final int VOLTA_COMPUTE_A = 0x0000c3c0;
    // From src/common/sdk/nvidia/inc/class/clc461.h (580.142)
    public static final int TURING_USERMODE_A = 0x0000c461;
    // From src/common/sdk/nvidia/inc/class/clc46f.h (580.142)
    public static final int TURING_CHANNEL_GPFIFO_A = 0x0000c46f;
    // From src/common/sdk/nvidia/inc/class/clc4b0.h (580.142)
    public static final int NVC4B0_VIDEO_DECODER = 0x0000c4b0;
    // From src/common/sdk/nvidia/inc/class/clc4b7.h (580.142)
    public static final int NVC4B7_VIDEO_ENCODER = 0x0000c4b7;
    // From src/common/sdk/nvidia/inc/class/clc4c0.h (580.142)
    public static final int VOLTA_COMPUTE_B = 0x0000c4c0;
    // From src/common/sdk/nvidia/inc/class/clc4d1.h (580.142)
    public static final int NVC4D1_VIDEO_NVJPG = 0x0000c4d1;
    // From src/common/sdk/nvidia/inc/class/clc561.h (580.142)
    public static final int AMPERE_USERMODE_A = 0x0000c561;
    // From src/common/sdk/nvidia/inc/class/clc56f.h (580.142)
    public static final int AMPERE_CHANNEL_GPFIFO_A = 0x0000c56f;
    // From src/common/sdk/nvidia/inc/class/clc570.h (580.142)
    public static final int NVC570_DISPLAY = 0x0000c570;
    // From src/common/sdk/nvidia/inc/class/clc572.h (580.142)
    public static final int PHYSICAL_CHANNEL_GPFIFO = 0x0000c572;
    // From src/common/sdk/nvidia/inc/class/clc573.h (580.142)
    public static final int NVC573_DISP_CAPABILITIES = 0x0000c573;
    // From src/common/sdk/nvidia/inc/class/clc574.h (580.142)
    public static final int UVM_CHANNEL_RETAINER = 0x0000c574;
    // From src/common/sdk/nvidia/inc/class/clc57a.h (580.142)
    public static final int NVC57A_CURSOR_IMM_CHANNEL_PIO = 0x0000c57a;
    // From src/common/sdk/nvidia/inc/class/clc57b.h (580.142)
    public static final int NVC57B_WINDOW_IMM_CHANNEL_DMA = 0x0000c57b;
    // From src/common/sdk/nvidia/inc/class/clc57d.h (580.142)
    public static final int NVC57D_CORE_CHANNEL_DMA = 0x0000c57d;
    // From src/common/sdk/nvidia/inc/class/clc57e.h (580.142)
    public static final int NVC57E_WINDOW_CHANNEL_DMA = 0x0000c57e;
    // From src/common/sdk/nvidia/inc/class/clc58b.h (580.142)
    public static final int TURING_VMMU_A = 0x0000c58b;
    // From src/common/sdk/nvidia/inc/class/clc597.h (580.142)
    public static final int TURING_A = 0x0000c597;
    // From src/common/sdk/nvidia/inc/class/clc5b5.h (580.142)
    public static final int TURING_DMA_COPY_A = 0x0000c5b5;
    // From src/common/sdk/nvidia/inc/class/clc5c0.h (580.142)
    public static final int TURING_COMPUTE_A = 0x0000c5c0;
    // From src/common/sdk/nvidia/inc/class/clc637.h (580.142)
    public static final int AMPERE_SMC_PARTITION_REF = 0x0000c637;
    // From src/common/sdk/nvidia/inc/class/clc638.h (580.142)
    public static final int AMPERE_SMC_EXEC_PARTITION_REF = 0x0000c638;
    // From src/common/sdk/nvidia/inc/class/clc639.h (580.142)
    public static final int AMPERE_SMC_CONFIG_SESSION = 0x0000c639;
    // From src/common/sdk/nvidia/inc/class/clc640.h (580.142)
    public static final int AMPERE_SMC_MONITOR_SESSION = 0x0000c640;
    // From src/common/sdk/nvidia/inc/class/clc661.h (580.142)
    public static final int HOPPER_USERMODE_A = 0x0000c661;
    // From src/common/sdk/nvidia/inc/class/clc670.h (580.142)
    public static final int NVC670_DISPLAY = 0x0000c670;
    // From src/common/sdk/nvidia/inc/class/clc671.h (580.142)
    public static final int NVC671_DISP_SF_USER = 0x0000c671;
    // From src/common/sdk/nvidia/inc/class/clc673.h (580.142)
    public static final int NVC673_DISP_CAPABILITIES = 0x0000c673;
    // From src/common/sdk/nvidia/inc/class/clc67a.h (580.142)
    public static final int NVC67A_CURSOR_IMM_CHANNEL_PIO = 0x0000c67a;
    // From src/common/sdk/nvidia/inc/class/clc67b.h (580.142)
    public static final int NVC67B_WINDOW_IMM_CHANNEL_DMA = 0x0000c67b;
    // From src/common/sdk/nvidia/inc/class/clc67d.h (580.142)
    public static final int NVC67D_CORE_CHANNEL_DMA = 0x0000c67d;
    // From src/common/sdk/nvidia/inc/class/clc67e.h (580.142)
    public static final int NVC67E_WINDOW_CHANNEL_DMA = 0x0000c67e;
    // From src/common/sdk/nvidia/inc/class/clc697.h (580.142)
    public static final int AMPERE_A = 0x0000c697;
    // From src/common/sdk/nvidia/inc/class/clc6b0.h (580.142)
    public static final int NVC6B0_VIDEO_DECODER = 0x0000c6b0;
    // From src/common/sdk/nvidia/inc/class/clc6b5.h (580.142)
    public static final int AMPERE_DMA_COPY_A = 0x0000c6b5;
    // From src/common/sdk/nvidia/inc/class/clc6c0.h (580.142)
    public static final int AMPERE_COMPUTE_A = 0x0000c6c0;
    // From src/common/sdk/nvidia/inc/class/clc6fa.h (580.142)
    public static final int NVC6FA_VIDEO_OFA = 0x0000c6fa;
    // From src/common/sdk/nvidia/inc/class/clc761.h (580.142)
    public static final int BLACKWELL_USERMODE_A = 0x0000c761;
    // From src/common/sdk/nvidia/inc/class/clc763.h (580.142)
    public static final int MMU_VIDMEM_ACCESS_BIT_BUFFER = 0x0000c763;
    // From src/common/sdk/nvidia/inc/class/clc770.h (580.142)
    public static final int NVC770_DISPLAY = 0x0000c770;
    // From src/common/sdk/nvidia/inc/class/clc771.h (580.142)
    public static final int NVC771_DISP_SF_USER = 0x0000c771;
    // From src/common/sdk/nvidia/inc/class/clc773.h (580.142)
    public static final int NVC773_DISP_CAPABILITIES = 0x0000c773;
    // From src/common/sdk/nvidia/inc/class/clc77d.h (580.142)
    public static final int NVC77D_CORE_CHANNEL_DMA = 0x0000c77d;
    // From src/common/sdk/nvidia/inc/class/clc77f.h (580.142)
    public static final int NVC77F_ANY_CHANNEL_DMA = 0x0000c77f;
    // From src/common/sdk/nvidia/inc/class/clc797.h (580.142)
    public static final int AMPERE_B = 0x0000c797;
    // From src/common/sdk/nvidia/inc/class/clc7b0.h (580.142)
    public static final int NVC7B0_VIDEO_DECODER = 0x0000c7b0;
    // From src/common/sdk/nvidia/inc/class/clc7b5.h (580.142)
    public static final int AMPERE_DMA_COPY_B = 0x0000c7b5;
    // From src/common/sdk/nvidia/inc/class/clc7b7.h (580.142)
    public static final int NVC7B7_VIDEO_ENCODER = 0x0000c7b7;
    // From src/common/sdk/nvidia/inc/class/clc7c0.h (580.142)
    public static final int AMPERE_COMPUTE_B = 0x0000c7c0;
    // From src/common/sdk/nvidia/inc/class/clc7fa.h (580.142)
    public static final int NVC7FA_VIDEO_OFA = 0x0000c7fa;
    // From src/common/sdk/nvidia/inc/class/clc863.h (580.142)
    public static final int HOPPER_MMU_VIDMEM_ACCESS_BIT_BUFFER = 0x0000c863;
    // From src/common/sdk/nvidia/inc/class/clc86f.h (580.142)
    public static final int HOPPER_CHANNEL_GPFIFO_A = 0x0000c86f;
    // From src/common/sdk/nvidia/inc/class/clc870.h (580.142)
    public static final int NVC870_DISPLAY = 0x0000c870;
    // From src/common/sdk/nvidia/inc/class/clc871.h (580.142)
    public static final int NVC871_DISP_SF_USER = 0x0000c871;
    // From src/common/sdk/nvidia/inc/class/clc87d.h (580.142)
    public static final int NVC87D_CORE_CHANNEL_DMA = 0x0000c87d;
    // From src/common/sdk/nvidia/inc/class/clc8b5.h (580.142)
    public static final int HOPPER_DMA_COPY_A = 0x0000c8b5;
    // From src/common/sdk/nvidia/inc/class/clc96f.h (580.142)
    public static final int BLACKWELL_CHANNEL_GPFIFO_A = 0x0000c96f;
    // From src/common/sdk/nvidia/inc/class/clc970.h (580.142)
    public static final int NVC970_DISPLAY = 0x0000c970;
    // From src/common/sdk/nvidia/inc/class/clc971.h (580.142)
    public static final int NVC971_DISP_SF_USER = 0x0000c971;
    // From src/common/sdk/nvidia/inc/class/clc973.h (580.142)
    public static final int NVC973_DISP_CAPABILITIES = 0x0000c973;
    // From src/common/sdk/nvidia/inc/class/clc97a.h (580.142)
    public static final int NVC97A_CURSOR_IMM_CHANNEL_PIO = 0x0000c97a;
    // From src/common/sdk/nvidia/inc/class/clc97b.h (580.142)
    public static final int NVC97B_WINDOW_IMM_CHANNEL_DMA = 0x0000c97b;
    // From src/common/sdk/nvidia/inc/class/clc97d.h (580.142)
    public static final int NVC97D_CORE_CHANNEL_DMA = 0x0000c97d;
    // From src/common/sdk/nvidia/inc/class/clc97e.h (580.142)
    public static final int NVC97E_WINDOW_CHANNEL_DMA = 0x0000c97e;
    // From src/common/sdk/nvidia/inc/class/clc997.h (580.142)
    public static final int ADA_A = 0x0000c997;
    // From src/common/sdk/nvidia/inc/class/clc9b0.h (580.142)
    public static final int NVC9B0_VIDEO_DECODER = 0x0000c9b0;
    // From src/common/sdk/nvidia/inc/class/clc9b5.h (580.142)
    public static final int BLACKWELL_DMA_COPY_A = 0x0000c9b5;
    // From src/common/sdk/nvidia/inc/class/clc9b7.h (580.142)
    public static final int NVC9B7_VIDEO_ENCODER = 0x0000c9b7;
    // From src/common/sdk/nvidia/inc/class/clc9c0.h (580.142)
    public static final int ADA_COMPUTE_A = 0x0000c9c0;
    // From src/common/sdk/nvidia/inc/class/clc9d1.h (580.142)
    public static final int NVC9D1_VIDEO_NVJPG = 0x0000c9d1;
    // From src/common/sdk/nvidia/inc/class/clc9fa.h (580.142)
    public static final int NVC9FA_VIDEO_OFA = 0x0000c9fa;
    // From src/common/sdk/nvidia/inc/class/clca6f.h (580.142)
    public static final int BLACKWELL_CHANNEL_GPFIFO_B = 0x0000ca6f;
    // From src/common/sdk/nvidia/inc/class/clca70.h (580.142)
    public static final int NVCA70_DISPLAY = 0x0000ca70;
    // From src/common/sdk/nvidia/inc/class/clca71.h (580.142)
    public static final int NVCA71_DISP_SF_USER = 0x0000ca71;
    // From src/common/sdk/nvidia/inc/class/clca73.h (580.142)
    public static final int NVCA73_DISP_CAPABILITIES = 0x0000ca73;
    // From src/common/sdk/nvidia/inc/class/clca7a.h (580.142)
    public static final int NVCA7A_CURSOR_IMM_CHANNEL_PIO = 0x0000ca7a;
    // From src/common/sdk/nvidia/inc/class/clca7b.h (580.142)
    public static final int NVCA7B_WINDOW_IMM_CHANNEL_DMA = 0x0000ca7b;
    // From src/common/sdk/nvidia/inc/class/clca7d.h (580.142)
    public static final int NVCA7D_CORE_CHANNEL_DMA = 0x0000ca7d;
    // From src/common/sdk/nvidia/inc/class/clca7e.h (580.142)
    public static final int NVCA7E_WINDOW_CHANNEL_DMA = 0x0000ca7e;
    // From src/common/sdk/nvidia/inc/class/clcab5.h (580.142)
    public static final int BLACKWELL_DMA_COPY_B = 0x0000cab5;
    // From src/common/sdk/nvidia/inc/class/clcb33.h (580.142)
    public static final int NV_CONFIDENTIAL_COMPUTE = 0x0000cb33;
    // From src/common/sdk/nvidia/inc/class/clcb70.h (580.142)
    public static final int NVCB70_DISPLAY = 0x0000cb70;
    // From src/common/sdk/nvidia/inc/class/clcb71.h (580.142)
    public static final int NVCB71_DISP_SF_USER = 0x0000cb71;
    // From src/common/sdk/nvidia/inc/class/clcb73.h (580.142)
    public static final int NVCB73_DISP_CAPABILITIES = 0x0000cb73;
    // From src/common/sdk/nvidia/inc/class/clcb7a.h (580.142)
    public static final int NVCB7A_CURSOR_IMM_CHANNEL_PIO = 0x0000cb7a;
    // From src/common/sdk/nvidia/inc/class/clcb7b.h (580.142)
    public static final int NVCB7B_WINDOW_IMM_CHANNEL_DMA = 0x0000cb7b;
    // From src/common/sdk/nvidia/inc/class/clcb7d.h (580.142)
    public static final int NVCB7D_CORE_CHANNEL_DMA = 0x0000cb7d;
    // From src/common/sdk/nvidia/inc/class/clcb7e.h (580.142)
    public static final int NVCB7E_WINDOW_CHANNEL_DMA = 0x0000cb7e;
    // From src/common/sdk/nvidia/inc/class/clcb97.h (580.142)
    public static final int HOPPER_A = 0x0000cb97;
    // From src/common/sdk/nvidia/inc/class/clcba2.h (580.142)
    public static final int HOPPER_SEC2_WORK_LAUNCH_A = 0x0000cba2;
    // From src/common/sdk/nvidia/inc/class/clcbc0.h (580.142)
    public static final int HOPPER_COMPUTE_A = 0x0000cbc0;
    // From src/common/sdk/nvidia/inc/class/clcbca.h (580.142)
    public static final int NV_COUNTER_COLLECTION_UNIT = 0x0000cbca;
    // From src/common/sdk/nvidia/inc/class/clcc70.h (580.142)
    public static final int NVCC70_DISPLAY = 0x0000cc70;
    // From src/common/sdk/nvidia/inc/class/clcc71.h (580.142)
    public static final int NVCC71_DISP_SF_USER = 0x0000cc71;
    // From src/common/sdk/nvidia/inc/class/clcc73.h (580.142)
    public static final int NVCC73_DISP_CAPABILITIES = 0x0000cc73;
    // From src/common/sdk/nvidia/inc/class/clcc7a.h (580.142)
    public static final int NVCC7A_CURSOR_IMM_CHANNEL_PIO = 0x0000cc7a;
    // From src/common/sdk/nvidia/inc/class/clcc7b.h (580.142)
    public static final int NVCC7B_WINDOW_IMM_CHANNEL_DMA = 0x0000cc7b;
    // From src/common/sdk/nvidia/inc/class/clcc7d.h (580.142)
    public static final int NVCC7D_CORE_CHANNEL_DMA = 0x0000cc7d;
    // From src/common/sdk/nvidia/inc/class/clcc7e.h (580.142)
    public static final int NVCC7E_WINDOW_CHANNEL_DMA = 0x0000cc7e;
    // From src/common/sdk/nvidia/inc/class/clcd40.h (580.142)
    public static final int BLACKWELL_INLINE_TO_MEMORY_A = 0x0000cd40;
    // From src/common/sdk/nvidia/inc/class/clcd97.h (580.142)
    public static final int BLACKWELL_A = 0x0000cd97;
    // From src/common/sdk/nvidia/inc/class/clcdb0.h (580.142)
    public static final int NVCDB0_VIDEO_DECODER = 0x0000cdb0;
    // From src/common/sdk/nvidia/inc/class/clcdc0.h (580.142)
    public static final int BLACKWELL_COMPUTE_A = 0x0000cdc0;
    // From src/common/sdk/nvidia/inc/class/clcdd1.h (580.142)
    public static final int NVCDD1_VIDEO_NVJPG = 0x0000cdd1;
    // From src/common/sdk/nvidia/inc/class/clcdfa.h (580.142)
    public static final int NVCDFA_VIDEO_OFA = 0x0000cdfa;
    // From src/common/sdk/nvidia/inc/class/clce97.h (580.142)
    public static final int BLACKWELL_B = 0x0000ce97;
    // From src/common/sdk/nvidia/inc/class/clceb0.h (580.142)
    public static final int NVCEB0_VIDEO_DECODER = 0x0000ceb0;
    // From src/common/sdk/nvidia/inc/class/clceb7.h (580.142)
    public static final int NVCEB7_VIDEO_ENCODER = 0x0000ceb7;
    // From src/common/sdk/nvidia/inc/class/clcec0.h (580.142)
    public static final int BLACKWELL_COMPUTE_B = 0x0000cec0;
    // From src/common/sdk/nvidia/inc/class/clced0.h (580.142)
    public static final int NVCED0_VIDEO_NVJPG = 0x0000ced0;
    // From src/common/sdk/nvidia/inc/class/clcefa.h (580.142)
    public static final int NVCEFA_VIDEO_OFA = 0x0000cefa;
    // From src/common/sdk/nvidia/inc/class/clcfb0.h (580.142)
    public static final int NVCFB0_VIDEO_DECODER = 0x0000cfb0;
    // From src/common/sdk/nvidia/inc/class/clcfb7.h (580.142)
    public static final int NVCFB7_VIDEO_ENCODER = 0x0000cfb7;
    // From src/common/sdk/nvidia/inc/class/clcfd1.h (580.142)
    public static final int NVCFD1_VIDEO_NVJPG = 0x0000cfd1;
    // From src/common/sdk/nvidia/inc/class/clcffa.h (580.142)
    public static final int NVCFFA_VIDEO_OFA = 0x0000cffa;
    // From src/common/sdk/nvidia/inc/class/cld0b7.h (580.142)
    public static final int NVD0B7_VIDEO_ENCODER = 0x0000d0b7;
    // From src/common/sdk/nvidia/inc/class/cld1b0.h (580.142)
    public static final int NVD1B0_VIDEO_DECODER = 0x0000d1b0;
    // From src/common/sdk/nvidia/inc/class/cld1b7.h (580.142)
    public static final int NVD1B7_VIDEO_ENCODER = 0x0000d1b7;
    // From src/common/sdk/nvidia/inc/class/cld1fa.h (580.142)
    public static final int NVD1FA_VIDEO_OFA = 0x0000d1fa;
    // From src/common/sdk/nvidia/inc/class/cl84a0.h (580.142)
    public static final int NV01_MEMORY_LIST_SYSTEM = 0x00000081;
    public static final int NV01_MEMORY_LIST_FBMEM = 0x00000082;
    public static final int NV01_MEMORY_LIST_OBJECT = 0x00000083;
    // From src/common/sdk/nvidia/inc/class/clc372sw.h (580.142)
    public static final int NVC372_DISPLAY_SW = 0x0000c372;
    // From src/common/sdk/nvidia/inc/nvos.h (580.142)
    public static final int NV01_ROOT_CLIENT = 0x00000041;
    public static final int NV01_EVENT_KERNEL_CALLBACK = 0x00000078;
    public static final int NV01_EVENT_OS_EVENT = 0x00000079;
    public static final int NV01_EVENT_KERNEL_CALLBACK_EX = 0x0000007e;

    private static final Map<Integer, String> NAMES;

    static {
        Map<Integer, String> m = new TreeMap<>(Integer::compareUnsigned);
        put(m, NV01_ROOT, "NV01_ROOT");
        put(m, NV01_ROOT_NON_PRIV, "NV01_ROOT_NON_PRIV");
        put(m, NV01_CONTEXT_DMA, "NV01_CONTEXT_DMA");
        put(m, NV01_TIMER, "NV01_TIMER");
        put(m, NV01_EVENT, "NV01_EVENT");
        put(m, FABRIC_MANAGER_SESSION, "FABRIC_MANAGER_SESSION");
        put(m, NV0020_GPU_MANAGEMENT, "NV0020_GPU_MANAGEMENT");
        put(m, NV01_NULL, "NV01_NULL");
        put(m, NV01_MEMORY_SYSTEM, "NV01_MEMORY_SYSTEM");
        put(m, NV01_MEMORY_LOCAL_PRIVILEGED, "NV01_MEMORY_LOCAL_PRIVILEGED");
        put(m, NV01_MEMORY_LOCAL_USER, "NV01_MEMORY_LOCAL_USER");
        put(m, NV01_ROOT_CLIENT, "NV01_ROOT_CLIENT");
        put(m, NV_MEMORY_EXTENDED_USER, "NV_MEMORY_EXTENDED_USER");
        put(m, NV_CE_UTILS, "NV_CE_UTILS");
        put(m, NV0060_SYNC_GPU_BOOST, "NV0060_SYNC_GPU_BOOST");
        put(m, NV01_MEMORY_VIRTUAL, "NV01_MEMORY_VIRTUAL");
        put(m, NV01_MEMORY_SYSTEM_OS_DESCRIPTOR, "NV01_MEMORY_SYSTEM_OS_DESCRIPTOR");
        put(m, NV04_DISPLAY_COMMON, "NV04_DISPLAY_COMMON");
        put(m, NV01_MEMORY_FRAMEBUFFER_CONSOLE, "NV01_MEMORY_FRAMEBUFFER_CONSOLE");
        put(m, NV01_EVENT_KERNEL_CALLBACK, "NV01_EVENT_KERNEL_CALLBACK");
        put(m, NV01_EVENT_OS_EVENT, "NV01_EVENT_OS_EVENT");
        put(m, NV04_SOFTWARE_TEST, "NV04_SOFTWARE_TEST");
        put(m, NV01_EVENT_KERNEL_CALLBACK_EX, "NV01_EVENT_KERNEL_CALLBACK_EX");
        put(m, NV01_DEVICE_0, "NV01_DEVICE_0");
        put(m, NV01_MEMORY_LIST_SYSTEM, "NV01_MEMORY_LIST_SYSTEM");
        put(m, NV01_MEMORY_LIST_FBMEM, "NV01_MEMORY_LIST_FBMEM");
        put(m, NV01_MEMORY_LIST_OBJECT, "NV01_MEMORY_LIST_OBJECT");
        put(m, KERNEL_GRAPHICS_CONTEXT, "KERNEL_GRAPHICS_CONTEXT");
        put(m, NV0092_RG_LINE_CALLBACK, "NV0092_RG_LINE_CALLBACK");
        put(m, NV01_MEMORY_HW_RESOURCES, "NV01_MEMORY_HW_RESOURCES");
        put(m, NV_FB_SEGMENT, "NV_FB_SEGMENT");
        put(m, NV01_MEMORY_LOCAL_PHYSICAL, "NV01_MEMORY_LOCAL_PHYSICAL");
        put(m, NV01_MEMORY_SYNCPOINT, "NV01_MEMORY_SYNCPOINT");
        put(m, NV_SEMAPHORE_SURFACE, "NV_SEMAPHORE_SURFACE");
        put(m, NV40_DEBUG_BUFFER, "NV40_DEBUG_BUFFER");
        put(m, RM_USER_SHARED_DATA, "RM_USER_SHARED_DATA");
        put(m, NV_MEMORY_EXPORT, "NV_MEMORY_EXPORT");
        put(m, NV_IMEX_SESSION, "NV_IMEX_SESSION");
        put(m, IO_VASPACE_A, "IO_VASPACE_A");
        put(m, NV01_MEMORY_FLA, "NV01_MEMORY_FLA");
        put(m, NV_MEMORY_FABRIC, "NV_MEMORY_FABRIC");
        put(m, NV_MEMORY_FABRIC_IMPORT_V2, "NV_MEMORY_FABRIC_IMPORT_V2");
        put(m, NV_MEMORY_FABRIC_IMPORTED_REF, "NV_MEMORY_FABRIC_IMPORTED_REF");
        put(m, FABRIC_VASPACE_A, "FABRIC_VASPACE_A");
        put(m, NV_MEMORY_MULTICAST_FABRIC, "NV_MEMORY_MULTICAST_FABRIC");
        put(m, NV_MEMORY_MAPPER, "NV_MEMORY_MAPPER");
        put(m, LOCK_STRESS_OBJECT, "LOCK_STRESS_OBJECT");
        put(m, LOCK_TEST_RELAXED_DUP_OBJECT, "LOCK_TEST_RELAXED_DUP_OBJECT");
        put(m, NV20_SUBDEVICE_0, "NV20_SUBDEVICE_0");
        put(m, NV2081_BINAPI, "NV2081_BINAPI");
        put(m, NV2082_BINAPI_PRIVILEGED, "NV2082_BINAPI_PRIVILEGED");
        put(m, NV20_SUBDEVICE_DIAG, "NV20_SUBDEVICE_DIAG");
        put(m, NV30_GSYNC, "NV30_GSYNC");
        put(m, NV40_I2C, "NV40_I2C");
        put(m, NV50_P2P, "NV50_P2P");
        put(m, NV50_THIRD_PARTY_P2P, "NV50_THIRD_PARTY_P2P");
        put(m, NV50_CHANNEL_GPFIFO, "NV50_CHANNEL_GPFIFO");
        put(m, NV50_DISPLAY, "NV50_DISPLAY");
        put(m, NV50_DEFERRED_API_CLASS, "NV50_DEFERRED_API_CLASS");
        put(m, NV50_MEMORY_VIRTUAL, "NV50_MEMORY_VIRTUAL");
        put(m, GT200_DEBUGGER, "GT200_DEBUGGER");
        put(m, G84_PERFBUFFER, "G84_PERFBUFFER");
        put(m, MPS_COMPUTE, "MPS_COMPUTE");
        put(m, NV9010_VBLANK_CALLBACK, "NV9010_VBLANK_CALLBACK");
        put(m, FERMI_TWOD_A, "FERMI_TWOD_A");
        put(m, FERMI_CONTEXT_SHARE_A, "FERMI_CONTEXT_SHARE_A");
        put(m, GF100_CHANNEL_GPFIFO, "GF100_CHANNEL_GPFIFO");
        put(m, GF100_DISP_SW, "GF100_DISP_SW");
        put(m, GF100_TIMED_SEMAPHORE_SW, "GF100_TIMED_SEMAPHORE_SW");
        put(m, GF100_ZBC_CLEAR, "GF100_ZBC_CLEAR");
        put(m, FERMI_A, "FERMI_A");
        put(m, GF100_PROFILER, "GF100_PROFILER");
        put(m, NV_EVENT_BUFFER, "NV_EVENT_BUFFER");
        put(m, NV01_MEMORY_DEVICELESS, "NV01_MEMORY_DEVICELESS");
        put(m, GF100_SUBDEVICE_MASTER, "GF100_SUBDEVICE_MASTER");
        put(m, GF100_SUBDEVICE_INFOROM, "GF100_SUBDEVICE_INFOROM");
        put(m, GF100_HDACODEC, "GF100_HDACODEC");
        put(m, FERMI_VASPACE_A, "FERMI_VASPACE_A");
        put(m, NV9170_DISPLAY, "NV9170_DISPLAY");
        put(m, NV9171_DISP_SF_USER, "NV9171_DISP_SF_USER");
        put(m, NV917A_CURSOR_CHANNEL_PIO, "NV917A_CURSOR_CHANNEL_PIO");
        put(m, NV917B_OVERLAY_IMM_CHANNEL_PIO, "NV917B_OVERLAY_IMM_CHANNEL_PIO");
        put(m, NV917C_BASE_CHANNEL_DMA, "NV917C_BASE_CHANNEL_DMA");
        put(m, NV917D_CORE_CHANNEL_DMA, "NV917D_CORE_CHANNEL_DMA");
        put(m, NV917E_OVERLAY_CHANNEL_DMA, "NV917E_OVERLAY_CHANNEL_DMA");
        put(m, NV9270_DISPLAY, "NV9270_DISPLAY");
        put(m, NV9271_DISP_SF_USER, "NV9271_DISP_SF_USER");
        put(m, NV927C_BASE_CHANNEL_DMA, "NV927C_BASE_CHANNEL_DMA");
        put(m, NV927D_CORE_CHANNEL_DMA, "NV927D_CORE_CHANNEL_DMA");
        put(m, NV9470_DISPLAY, "NV9470_DISPLAY");
        put(m, NV9471_DISP_SF_USER, "NV9471_DISP_SF_USER");
        put(m, NV947D_CORE_CHANNEL_DMA, "NV947D_CORE_CHANNEL_DMA");
        put(m, NV9570_DISPLAY, "NV9570_DISPLAY");
        put(m, NV9571_DISP_SF_USER, "NV9571_DISP_SF_USER");
        put(m, NV957D_CORE_CHANNEL_DMA, "NV957D_CORE_CHANNEL_DMA");
        put(m, NV9770_DISPLAY, "NV9770_DISPLAY");
        put(m, NV977D_CORE_CHANNEL_DMA, "NV977D_CORE_CHANNEL_DMA");
        put(m, NV9870_DISPLAY, "NV9870_DISPLAY");
        put(m, NV987D_CORE_CHANNEL_DMA, "NV987D_CORE_CHANNEL_DMA");
        put(m, KEPLER_CHANNEL_GROUP_A, "KEPLER_CHANNEL_GROUP_A");
        put(m, KEPLER_CHANNEL_GPFIFO_A, "KEPLER_CHANNEL_GPFIFO_A");
        put(m, KEPLER_DEVICE_VGPU, "KEPLER_DEVICE_VGPU");
        put(m, NVA081_VGPU_CONFIG, "NVA081_VGPU_CONFIG");
        put(m, NVA084_KERNEL_HOST_VGPU_DEVICE, "NVA084_KERNEL_HOST_VGPU_DEVICE");
        put(m, KEPLER_A, "KEPLER_A");
        put(m, NVA0B0_VIDEO_DECODER, "NVA0B0_VIDEO_DECODER");
        put(m, KEPLER_DMA_COPY_A, "KEPLER_DMA_COPY_A");
        put(m, NVENC_SW_SESSION, "NVENC_SW_SESSION");
        put(m, NVFBC_SW_SESSION, "NVFBC_SW_SESSION");
        put(m, KEPLER_COMPUTE_A, "KEPLER_COMPUTE_A");
        put(m, KEPLER_INLINE_TO_MEMORY_B, "KEPLER_INLINE_TO_MEMORY_B");
        put(m, KEPLER_CHANNEL_GPFIFO_B, "KEPLER_CHANNEL_GPFIFO_B");
        put(m, KEPLER_B, "KEPLER_B");
        put(m, KEPLER_COMPUTE_B, "KEPLER_COMPUTE_B");
        put(m, KEPLER_CHANNEL_GPFIFO_C, "KEPLER_CHANNEL_GPFIFO_C");
        put(m, MAXWELL_FAULT_BUFFER_A, "MAXWELL_FAULT_BUFFER_A");
        put(m, MAXWELL_CHANNEL_GPFIFO_A, "MAXWELL_CHANNEL_GPFIFO_A");
        put(m, MAXWELL_A, "MAXWELL_A");
        put(m, NVB0B0_VIDEO_DECODER, "NVB0B0_VIDEO_DECODER");
        put(m, MAXWELL_DMA_COPY_A, "MAXWELL_DMA_COPY_A");
        put(m, MAXWELL_COMPUTE_A, "MAXWELL_COMPUTE_A");
        put(m, MAXWELL_PROFILER, "MAXWELL_PROFILER");
        put(m, MAXWELL_B, "MAXWELL_B");
        put(m, MAXWELL_COMPUTE_B, "MAXWELL_COMPUTE_B");
        put(m, MAXWELL_PROFILER_CONTEXT, "MAXWELL_PROFILER_CONTEXT");
        put(m, MAXWELL_PROFILER_DEVICE, "MAXWELL_PROFILER_DEVICE");
        put(m, NVB4B7_VIDEO_ENCODER, "NVB4B7_VIDEO_ENCODER");
        put(m, NVB6B0_VIDEO_DECODER, "NVB6B0_VIDEO_DECODER");
        put(m, NVB8B0_VIDEO_DECODER, "NVB8B0_VIDEO_DECODER");
        put(m, NVB8D1_VIDEO_NVJPG, "NVB8D1_VIDEO_NVJPG");
        put(m, NVB8FA_VIDEO_OFA, "NVB8FA_VIDEO_OFA");
        put(m, PASCAL_CHANNEL_GPFIFO_A, "PASCAL_CHANNEL_GPFIFO_A");
        put(m, GP100_UVM_SW, "GP100_UVM_SW");
        put(m, PASCAL_A, "PASCAL_A");
        put(m, PASCAL_DMA_COPY_A, "PASCAL_DMA_COPY_A");
        put(m, NVC0B7_VIDEO_ENCODER, "NVC0B7_VIDEO_ENCODER");
        put(m, PASCAL_COMPUTE_A, "PASCAL_COMPUTE_A");
        put(m, PASCAL_B, "PASCAL_B");
        put(m, NVC1B0_VIDEO_DECODER, "NVC1B0_VIDEO_DECODER");
        put(m, PASCAL_DMA_COPY_B, "PASCAL_DMA_COPY_B");
        put(m, NVC1B7_VIDEO_ENCODER, "NVC1B7_VIDEO_ENCODER");
        put(m, PASCAL_COMPUTE_B, "PASCAL_COMPUTE_B");
        put(m, NVC2B0_VIDEO_DECODER, "NVC2B0_VIDEO_DECODER");
        put(m, NVC2B7_VIDEO_ENCODER, "NVC2B7_VIDEO_ENCODER");
        put(m, VOLTA_USERMODE_A, "VOLTA_USERMODE_A");
        put(m, ACCESS_COUNTER_NOTIFY_BUFFER, "ACCESS_COUNTER_NOTIFY_BUFFER");
        put(m, MMU_FAULT_BUFFER, "MMU_FAULT_BUFFER");
        put(m, VOLTA_CHANNEL_GPFIFO_A, "VOLTA_CHANNEL_GPFIFO_A");
        put(m, NVC370_DISPLAY, "NVC370_DISPLAY");
        put(m, NVC371_DISP_SF_USER, "NVC371_DISP_SF_USER");
        put(m, NVC372_DISPLAY_SW, "NVC372_DISPLAY_SW");
        put(m, NVC373_DISP_CAPABILITIES, "NVC373_DISP_CAPABILITIES");
        put(m, NVC37A_CURSOR_IMM_CHANNEL_PIO, "NVC37A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVC37B_WINDOW_IMM_CHANNEL_DMA, "NVC37B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVC37D_CORE_CHANNEL_DMA, "NVC37D_CORE_CHANNEL_DMA");
        put(m, NVC37E_WINDOW_CHANNEL_DMA, "NVC37E_WINDOW_CHANNEL_DMA");
        put(m, VOLTA_A, "VOLTA_A");
        put(m, NVC3B0_VIDEO_DECODER, "NVC3B0_VIDEO_DECODER");
        put(m, VOLTA_DMA_COPY_A, "VOLTA_DMA_COPY_A");
        put(m, NVC3B7_VIDEO_ENCODER, "NVC3B7_VIDEO_ENCODER");
        put(m, VOLTA_COMPUTE_A, "VOLTA_COMPUTE_A");
        put(m, TURING_USERMODE_A, "TURING_USERMODE_A");
        put(m, TURING_CHANNEL_GPFIFO_A, "TURING_CHANNEL_GPFIFO_A");
        put(m, NVC4B0_VIDEO_DECODER, "NVC4B0_VIDEO_DECODER");
        put(m, NVC4B7_VIDEO_ENCODER, "NVC4B7_VIDEO_ENCODER");
        put(m, VOLTA_COMPUTE_B, "VOLTA_COMPUTE_B");
        put(m, NVC4D1_VIDEO_NVJPG, "NVC4D1_VIDEO_NVJPG");
        put(m, AMPERE_USERMODE_A, "AMPERE_USERMODE_A");
        put(m, AMPERE_CHANNEL_GPFIFO_A, "AMPERE_CHANNEL_GPFIFO_A");
        put(m, NVC570_DISPLAY, "NVC570_DISPLAY");
        put(m, PHYSICAL_CHANNEL_GPFIFO, "PHYSICAL_CHANNEL_GPFIFO");
        put(m, NVC573_DISP_CAPABILITIES, "NVC573_DISP_CAPABILITIES");
        put(m, UVM_CHANNEL_RETAINER, "UVM_CHANNEL_RETAINER");
        put(m, NVC57A_CURSOR_IMM_CHANNEL_PIO, "NVC57A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVC57B_WINDOW_IMM_CHANNEL_DMA, "NVC57B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVC57D_CORE_CHANNEL_DMA, "NVC57D_CORE_CHANNEL_DMA");
        put(m, NVC57E_WINDOW_CHANNEL_DMA, "NVC57E_WINDOW_CHANNEL_DMA");
        put(m, TURING_VMMU_A, "TURING_VMMU_A");
        put(m, TURING_A, "TURING_A");
        put(m, TURING_DMA_COPY_A, "TURING_DMA_COPY_A");
        put(m, TURING_COMPUTE_A, "TURING_COMPUTE_A");
        put(m, AMPERE_SMC_PARTITION_REF, "AMPERE_SMC_PARTITION_REF");
        put(m, AMPERE_SMC_EXEC_PARTITION_REF, "AMPERE_SMC_EXEC_PARTITION_REF");
        put(m, AMPERE_SMC_CONFIG_SESSION, "AMPERE_SMC_CONFIG_SESSION");
        put(m, AMPERE_SMC_MONITOR_SESSION, "AMPERE_SMC_MONITOR_SESSION");
        put(m, HOPPER_USERMODE_A, "HOPPER_USERMODE_A");
        put(m, NVC670_DISPLAY, "NVC670_DISPLAY");
        put(m, NVC671_DISP_SF_USER, "NVC671_DISP_SF_USER");
        put(m, NVC673_DISP_CAPABILITIES, "NVC673_DISP_CAPABILITIES");
        put(m, NVC67A_CURSOR_IMM_CHANNEL_PIO, "NVC67A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVC67B_WINDOW_IMM_CHANNEL_DMA, "NVC67B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVC67D_CORE_CHANNEL_DMA, "NVC67D_CORE_CHANNEL_DMA");
        put(m, NVC67E_WINDOW_CHANNEL_DMA, "NVC67E_WINDOW_CHANNEL_DMA");
        put(m, AMPERE_A, "AMPERE_A");
        put(m, NVC6B0_VIDEO_DECODER, "NVC6B0_VIDEO_DECODER");
        put(m, AMPERE_DMA_COPY_A, "AMPERE_DMA_COPY_A");
        put(m, AMPERE_COMPUTE_A, "AMPERE_COMPUTE_A");
        put(m, NVC6FA_VIDEO_OFA, "NVC6FA_VIDEO_OFA");
        put(m, BLACKWELL_USERMODE_A, "BLACKWELL_USERMODE_A");
        put(m, MMU_VIDMEM_ACCESS_BIT_BUFFER, "MMU_VIDMEM_ACCESS_BIT_BUFFER");
        put(m, NVC770_DISPLAY, "NVC770_DISPLAY");
        put(m, NVC771_DISP_SF_USER, "NVC771_DISP_SF_USER");
        put(m, NVC773_DISP_CAPABILITIES, "NVC773_DISP_CAPABILITIES");
        put(m, NVC77D_CORE_CHANNEL_DMA, "NVC77D_CORE_CHANNEL_DMA");
        put(m, NVC77F_ANY_CHANNEL_DMA, "NVC77F_ANY_CHANNEL_DMA");
        put(m, AMPERE_B, "AMPERE_B");
        put(m, NVC7B0_VIDEO_DECODER, "NVC7B0_VIDEO_DECODER");
        put(m, AMPERE_DMA_COPY_B, "AMPERE_DMA_COPY_B");
        put(m, NVC7B7_VIDEO_ENCODER, "NVC7B7_VIDEO_ENCODER");
        put(m, AMPERE_COMPUTE_B, "AMPERE_COMPUTE_B");
        put(m, NVC7FA_VIDEO_OFA, "NVC7FA_VIDEO_OFA");
        put(m, HOPPER_MMU_VIDMEM_ACCESS_BIT_BUFFER, "HOPPER_MMU_VIDMEM_ACCESS_BIT_BUFFER");
        put(m, HOPPER_CHANNEL_GPFIFO_A, "HOPPER_CHANNEL_GPFIFO_A");
        put(m, NVC870_DISPLAY, "NVC870_DISPLAY");
        put(m, NVC871_DISP_SF_USER, "NVC871_DISP_SF_USER");
        put(m, NVC87D_CORE_CHANNEL_DMA, "NVC87D_CORE_CHANNEL_DMA");
        put(m, HOPPER_DMA_COPY_A, "HOPPER_DMA_COPY_A");
        put(m, BLACKWELL_CHANNEL_GPFIFO_A, "BLACKWELL_CHANNEL_GPFIFO_A");
        put(m, NVC970_DISPLAY, "NVC970_DISPLAY");
        put(m, NVC971_DISP_SF_USER, "NVC971_DISP_SF_USER");
        put(m, NVC973_DISP_CAPABILITIES, "NVC973_DISP_CAPABILITIES");
        put(m, NVC97A_CURSOR_IMM_CHANNEL_PIO, "NVC97A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVC97B_WINDOW_IMM_CHANNEL_DMA, "NVC97B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVC97D_CORE_CHANNEL_DMA, "NVC97D_CORE_CHANNEL_DMA");
        put(m, NVC97E_WINDOW_CHANNEL_DMA, "NVC97E_WINDOW_CHANNEL_DMA");
        put(m, ADA_A, "ADA_A");
        put(m, NVC9B0_VIDEO_DECODER, "NVC9B0_VIDEO_DECODER");
        put(m, BLACKWELL_DMA_COPY_A, "BLACKWELL_DMA_COPY_A");
        put(m, NVC9B7_VIDEO_ENCODER, "NVC9B7_VIDEO_ENCODER");
        put(m, ADA_COMPUTE_A, "ADA_COMPUTE_A");
        put(m, NVC9D1_VIDEO_NVJPG, "NVC9D1_VIDEO_NVJPG");
        put(m, NVC9FA_VIDEO_OFA, "NVC9FA_VIDEO_OFA");
        put(m, BLACKWELL_CHANNEL_GPFIFO_B, "BLACKWELL_CHANNEL_GPFIFO_B");
        put(m, NVCA70_DISPLAY, "NVCA70_DISPLAY");
        put(m, NVCA71_DISP_SF_USER, "NVCA71_DISP_SF_USER");
        put(m, NVCA73_DISP_CAPABILITIES, "NVCA73_DISP_CAPABILITIES");
        put(m, NVCA7A_CURSOR_IMM_CHANNEL_PIO, "NVCA7A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVCA7B_WINDOW_IMM_CHANNEL_DMA, "NVCA7B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVCA7D_CORE_CHANNEL_DMA, "NVCA7D_CORE_CHANNEL_DMA");
        put(m, NVCA7E_WINDOW_CHANNEL_DMA, "NVCA7E_WINDOW_CHANNEL_DMA");
        put(m, BLACKWELL_DMA_COPY_B, "BLACKWELL_DMA_COPY_B");
        put(m, NV_CONFIDENTIAL_COMPUTE, "NV_CONFIDENTIAL_COMPUTE");
        put(m, NVCB70_DISPLAY, "NVCB70_DISPLAY");
        put(m, NVCB71_DISP_SF_USER, "NVCB71_DISP_SF_USER");
        put(m, NVCB73_DISP_CAPABILITIES, "NVCB73_DISP_CAPABILITIES");
        put(m, NVCB7A_CURSOR_IMM_CHANNEL_PIO, "NVCB7A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVCB7B_WINDOW_IMM_CHANNEL_DMA, "NVCB7B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVCB7D_CORE_CHANNEL_DMA, "NVCB7D_CORE_CHANNEL_DMA");
        put(m, NVCB7E_WINDOW_CHANNEL_DMA, "NVCB7E_WINDOW_CHANNEL_DMA");
        put(m, HOPPER_A, "HOPPER_A");
        put(m, HOPPER_SEC2_WORK_LAUNCH_A, "HOPPER_SEC2_WORK_LAUNCH_A");
        put(m, HOPPER_COMPUTE_A, "HOPPER_COMPUTE_A");
        put(m, NV_COUNTER_COLLECTION_UNIT, "NV_COUNTER_COLLECTION_UNIT");
        put(m, NVCC70_DISPLAY, "NVCC70_DISPLAY");
        put(m, NVCC71_DISP_SF_USER, "NVCC71_DISP_SF_USER");
        put(m, NVCC73_DISP_CAPABILITIES, "NVCC73_DISP_CAPABILITIES");
        put(m, NVCC7A_CURSOR_IMM_CHANNEL_PIO, "NVCC7A_CURSOR_IMM_CHANNEL_PIO");
        put(m, NVCC7B_WINDOW_IMM_CHANNEL_DMA, "NVCC7B_WINDOW_IMM_CHANNEL_DMA");
        put(m, NVCC7D_CORE_CHANNEL_DMA, "NVCC7D_CORE_CHANNEL_DMA");
        put(m, NVCC7E_WINDOW_CHANNEL_DMA, "NVCC7E_WINDOW_CHANNEL_DMA");
        put(m, BLACKWELL_INLINE_TO_MEMORY_A, "BLACKWELL_INLINE_TO_MEMORY_A");
        put(m, BLACKWELL_A, "BLACKWELL_A");
        put(m, NVCDB0_VIDEO_DECODER, "NVCDB0_VIDEO_DECODER");
        put(m, BLACKWELL_COMPUTE_A, "BLACKWELL_COMPUTE_A");
        put(m, NVCDD1_VIDEO_NVJPG, "NVCDD1_VIDEO_NVJPG");
        put(m, NVCDFA_VIDEO_OFA, "NVCDFA_VIDEO_OFA");
        put(m, BLACKWELL_B, "BLACKWELL_B");
        put(m, NVCEB0_VIDEO_DECODER, "NVCEB0_VIDEO_DECODER");
        put(m, NVCEB7_VIDEO_ENCODER, "NVCEB7_VIDEO_ENCODER");
        put(m, BLACKWELL_COMPUTE_B, "BLACKWELL_COMPUTE_B");
        put(m, NVCED0_VIDEO_NVJPG, "NVCED0_VIDEO_NVJPG");
        put(m, NVCEFA_VIDEO_OFA, "NVCEFA_VIDEO_OFA");
        put(m, NVCFB0_VIDEO_DECODER, "NVCFB0_VIDEO_DECODER");
        put(m, NVCFB7_VIDEO_ENCODER, "NVCFB7_VIDEO_ENCODER");
        put(m, NVCFD1_VIDEO_NVJPG, "NVCFD1_VIDEO_NVJPG");
        put(m, NVCFFA_VIDEO_OFA, "NVCFFA_VIDEO_OFA");
        put(m, NVD0B7_VIDEO_ENCODER, "NVD0B7_VIDEO_ENCODER");
        put(m, NVD1B0_VIDEO_DECODER, "NVD1B0_VIDEO_DECODER");
        put(m, NVD1B7_VIDEO_ENCODER, "NVD1B7_VIDEO_ENCODER");
        put(m, NVD1FA_VIDEO_OFA, "NVD1FA_VIDEO_OFA");
        NAMES = Collections.unmodifiableMap(m);
    }

    private Classes() {}

    private static void put(Map<Integer, String> m, int hClass, String name) {
        if (m.putIfAbsent(hClass, name) != null) {
            throw new IllegalStateException(
                    "two preferred names for class " + NvStatus.hex(hClass));
        }
    }

    /** Class number to its preferred C name, in ascending order. */
    public static Map<Integer, String> names() {
        return NAMES;
    }

    /** The preferred C name, or {@code class(0x...)} for a number this table does not know. */
    public static String name(int hClass) {
        String n = NAMES.get(hClass);
        return n != null ? n : "class(" + NvStatus.hex(hClass) + ")";
    }
}
