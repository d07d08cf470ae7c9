package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * RM control commands: the {@code cmd} of {@code NVOS54_PARAMETERS} ({@code NV_ESC_RM_CONTROL}),
 * one row per control method the 580.142 resource manager exports, with the params size RM insists
 * on, its RMCTRL flags and what the params carry.
 *
 * <h2>Encoding</h2>
 *
 * A command is {@code class << 16 | category << 8 | index}
 * (src/common/sdk/nvidia/inc/ctrl/ctrlxxxx.h): bits 31:16 name the class or interface ({@code
 * 0x2080} = {@code NV20_SUBDEVICE_0}, {@code 0x0000} = the client, see {@link Classes}), bits 13:8
 * the category within it ({@code NV2080_CTRL_GPU} = 0x01, ...) and bits 7:0 the index. Bits 15:14
 * are zero for new commands; a few legacy categories set them ({@code
 * NVxxxx_CTRL_LEGACY_NON_PRIVILEGED} = 0x80 and {@code NVxxxx_CTRL_LEGACY_PRIVILEGED} = 0xc0 in the
 * category byte), so {@link #categoryByte(int)} keeps all 8 bits while {@link #category(int)} keeps
 * 13:8. RM looks the command up in the exported-method table of the object's class ({@code
 * hObject}); a command that class does not export fails with {@code NV_ERR_NOT_SUPPORTED}.
 *
 * <h2>How the table was derived</h2>
 *
 * <ul>
 *   <li><b>Which commands:</b> every {@code methodId} of the NVOC exported-method tables in
 *       src/nvidia/generated/g_*_nvoc.c, i.e. exactly the controls this driver implements (1348
 *       distinct ids; an id exported by several classes appears once, its size and flags agree
 *       everywhere).
 *   <li><b>Names:</b> the {@code #define} under src/common/sdk/nvidia/inc/ctrl/** whose value is
 *       the id, evaluated with the C preprocessor. Where two macros share a value the one whose
 *       params struct matches wins. Five implemented ids have no {@code #define} at this tag; their
 *       names are built from the params struct or the NVOC handler name and carry {@link
 *       #NAME_DERIVED} (they have no constant below).
 *   <li><b>{@code paramsSize}:</b> {@code sizeof} the struct named in the NVOC table, compiled for
 *       x86_64 against the SDK headers. RM rejects any other {@code NVOS54_PARAMETERS.paramsSize}
 *       with {@code NV_ERR_INVALID_PARAM_STRUCT} when the table size is non-zero
 *       (src/nvidia/src/libraries/resserv/src/rs_resource.c). 0 means the command takes no params.
 *   <li><b>{@code rmFlags}:</b> the RMCTRL flags of the NVOC table (bit meanings in
 *       src/nvidia/inc/kernel/rmapi/control.h); {@link Command#privilege()} applies the checks of
 *       src/nvidia/src/kernel/rmapi/control.c.
 *   <li><b>Traits</b>, from the compiled struct's debug info: {@link #POINTER} (a pointer-typed
 *       field, i.e. {@code NvP64}, anywhere in the struct), {@link #UNION}, {@link #FD} (a field
 *       named {@code fd} or {@code devDescriptor} holding a file descriptor; one NvLink register
 *       field called {@code fd} is not one and is excluded). {@link #RM_COPIES_EMBEDDED} marks the
 *       commands whose embedded pointers RM itself follows into the caller's memory (the copy-in
 *       switch of src/nvidia/src/kernel/rmapi/embedded_param_copy.c); a {@link #POINTER} command
 *       without it has its pointer handled, or ignored, by the command's own code.
 * </ul>
 *
 * Sizes are facts of the 580.142 headers, not of any other branch.
 */
public final class NvControlCommands {
    // Encoding, from src/common/sdk/nvidia/inc/ctrl/ctrlxxxx.h (580.142)
    public static final int CLASS_SHIFT = 16;
    public static final int CATEGORY_SHIFT = 8;
    public static final int CATEGORY_MASK = 0x3f;
    public static final int INDEX_MASK = 0xff;
    public static final int LEGACY_NON_PRIVILEGED = 0x80;
    public static final int LEGACY_PRIVILEGED = 0xc0;

    // RMCTRL flags, from src/nvidia/inc/kernel/rmapi/control.h (580.142)
    public static final int RMCTRL_FLAGS_NO_GPUS_LOCK = 0x00000001;
    public static final int RMCTRL_FLAGS_NO_GPUS_ACCESS = 0x00000002;
    public static final int RMCTRL_FLAGS_PRIVILEGED = 0x00000004;
    public static final int RMCTRL_FLAGS_NON_PRIVILEGED = 0x00000008;
    public static final int RMCTRL_FLAGS_GPU_LOCK_DEVICE_ONLY = 0x00000010;
    public static final int RMCTRL_FLAGS_PRIVILEGED_IF_RS_ACCESS_DISABLED = 0x00000020;
    public static final int RMCTRL_FLAGS_ROUTE_TO_PHYSICAL = 0x00000040;
    public static final int RMCTRL_FLAGS_INTERNAL = 0x00000080;
    public static final int RMCTRL_FLAGS_API_LOCK_READONLY = 0x00000100;
    public static final int RMCTRL_FLAGS_ROUTE_TO_VGPU_HOST = 0x00000200;
    public static final int RMCTRL_FLAGS_CACHEABLE = 0x00000400;
    public static final int RMCTRL_FLAGS_COPYOUT_ON_ERROR = 0x00000800;

    // Traits (Sluice's own bits, derived as described above)
    /** The params struct has a pointer-typed field ({@code NvP64}). */
    public static final int POINTER = 1;

    /** RM follows an embedded pointer into the caller's memory (embedded_param_copy.c). */
    public static final int RM_COPIES_EMBEDDED = 1 << 1;

    /** The params carry a file descriptor ({@code fd}, {@code devDescriptor}). */
    public static final int FD = 1 << 2;

    /** The params struct contains a union. */
    public static final int UNION = 1 << 3;

    /**
     * No {@code #define} names this id at the tag; the name was built from the params struct or
     * handler.
     */
    public static final int NAME_DERIVED = 1 << 4;

    /**
     * Bit 15 of a command id: a "GSS legacy" control. RM forwards it to the GPU's firmware as a
     * flat block of {@code paramsSize} bytes
     * (src/nvidia/interface/deprecated/rmapi_gss_legacy_control.c), so nothing in its params is
     * followed as a pointer; with bit 14 also set it needs an administrator. From
     * src/nvidia/interface/deprecated/rmapi_deprecated.h (580.142).
     */
    public static final int RM_GSS_LEGACY_MASK = 0x00008000;

    public static final int RM_GSS_LEGACY_MASK_PRIVILEGED = 0x0000c000;

    /**
     * Deprecated controls that RM converts to their {@code _V2} form before dispatch, following the
     * old form's embedded pointers into the caller's memory. They are not in the export tables.
     * From {@code rmDeprecatedControlTable},
     * src/nvidia/interface/deprecated/rmapi_deprecated_control.c (580.142):
     * SYSTEM_GET_BUILD_VERSION, BIOS_GET_INFO, BUS_GET_INFO, BSP_GET_CAPS, GPU_GET_INFO,
     * DP_SET_MSA_PROPERTIES, MSENC_GET_CAPS and FB_GET_INFO.
     */
    public static final java.util.Set<Integer> DEPRECATED_CONVERTED =
            java.util.Set.of(
                    0x00000101,
                    0x20800802,
                    0x20801802,
                    0x00801c01,
                    0x20800101,
                    0x0073136a,
                    0x00801b01,
                    0x20801301);

    /**
     * Who may issue a command, as src/nvidia/src/kernel/rmapi/control.c decides from the RMCTRL
     * flags.
     */
    public enum Privilege {
        /** {@code NON_PRIVILEGED}: any client. */
        USER,
        /**
         * {@code PRIVILEGED}: an administrator (RS_PRIV_LEVEL_USER_ROOT); others get
         * NV_ERR_INSUFFICIENT_PERMISSIONS.
         */
        ROOT,
        /**
         * none of the three flags: kernel clients only; user space gets
         * NV_ERR_INSUFFICIENT_PERMISSIONS.
         */
        KERNEL,
        /** {@code INTERNAL}: only RM's own internal calls; user space gets NV_ERR_NOT_SUPPORTED. */
        INTERNAL
    }

    /** One exported control method. */
    public record Command(int cmd, String name, int paramsSize, int rmFlags, int traits) {
        public boolean has(int trait) {
            return (traits & trait) != 0;
        }

        public Privilege privilege() {
            if ((rmFlags & RMCTRL_FLAGS_INTERNAL) != 0) {
                return Privilege.INTERNAL;
            }
            if ((rmFlags & RMCTRL_FLAGS_PRIVILEGED) != 0) {
                return Privilege.ROOT;
            }
            if ((rmFlags & RMCTRL_FLAGS_NON_PRIVILEGED) != 0) {
                return Privilege.USER;
            }
            return Privilege.KERNEL;
        }
    }

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000client.h (580.142)
    public static final int NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE = 0x00000d01;
    public static final int NV0000_CTRL_CMD_CLIENT_GET_HANDLE_INFO = 0x00000d02;
    public static final int NV0000_CTRL_CMD_CLIENT_GET_ACCESS_RIGHTS = 0x00000d03;
    public static final int NV0000_CTRL_CMD_CLIENT_SET_INHERITED_SHARE_POLICY = 0x00000d04;
    public static final int NV0000_CTRL_CMD_CLIENT_GET_CHILD_HANDLE = 0x00000d05;
    public static final int NV0000_CTRL_CMD_CLIENT_SHARE_OBJECT = 0x00000d06;
    public static final int NV0000_CTRL_CMD_CLIENT_OBJECTS_ARE_DUPLICATES = 0x00000d07;
    public static final int NV0000_CTRL_CMD_CLIENT_SUBSCRIBE_TO_IMEX_CHANNEL = 0x00000d08;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000diag.h (580.142)
    public static final int NV0000_CTRL_CMD_DIAG_PROFILE_RPC = 0x00000488;
    public static final int NV0000_CTRL_CMD_DIAG_DUMP_RPC = 0x00000489;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000event.h (580.142)
    public static final int NV0000_CTRL_CMD_EVENT_SET_NOTIFICATION = 0x00000501;
    public static final int NV0000_CTRL_CMD_GET_SYSTEM_EVENT_DATA = 0x00000502;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000gpu.h (580.142)
    public static final int NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS = 0x00000201;
    public static final int NV0000_CTRL_CMD_GPU_GET_ID_INFO = 0x00000202;
    public static final int NV0000_CTRL_CMD_GPU_GET_INIT_STATUS = 0x00000203;
    public static final int NV0000_CTRL_CMD_GPU_GET_DEVICE_IDS = 0x00000204;
    public static final int NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2 = 0x00000205;
    public static final int NV0000_CTRL_CMD_GPU_GET_PROBED_IDS = 0x00000214;
    public static final int NV0000_CTRL_CMD_GPU_ATTACH_IDS = 0x00000215;
    public static final int NV0000_CTRL_CMD_GPU_DETACH_IDS = 0x00000216;
    public static final int NV0000_CTRL_CMD_GPU_GET_VIDEO_LINKS = 0x00000219;
    public static final int NV0000_CTRL_CMD_GPU_GET_PCI_INFO = 0x0000021b;
    public static final int NV0000_CTRL_CMD_GPU_GET_SVM_SIZE = 0x00000240;
    public static final int NV0000_CTRL_CMD_GPU_GET_UUID_INFO = 0x00000274;
    public static final int NV0000_CTRL_CMD_GPU_GET_UUID_FROM_GPU_ID = 0x00000275;
    public static final int NV0000_CTRL_CMD_GPU_MODIFY_DRAIN_STATE = 0x00000278;
    public static final int NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE = 0x00000279;
    public static final int NV0000_CTRL_CMD_GPU_GET_MEMOP_ENABLE = 0x0000027b;
    public static final int NV0000_CTRL_CMD_GPU_DISABLE_NVLINK_INIT = 0x00000281;
    public static final int NV0000_CTRL_CMD_GPU_LEGACY_CONFIG = 0x00000282;
    public static final int NV0000_CTRL_CMD_IDLE_CHANNELS = 0x00000283;
    public static final int NV0000_CTRL_CMD_PUSH_UCODE_IMAGE = 0x00000285;
    public static final int NV0000_CTRL_CMD_GPU_SET_NVLINK_BW_MODE = 0x00000286;
    public static final int NV0000_CTRL_CMD_GPU_GET_NVLINK_BW_MODE = 0x00000287;
    public static final int NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS = 0x00000288;
    public static final int NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID = 0x00000289;
    public static final int NV0000_CTRL_CMD_GPU_WAIT_ATTACH_ID = 0x00000290;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000gpuacct.h (580.142)
    public static final int NV0000_CTRL_CMD_GPUACCT_SET_ACCOUNTING_STATE = 0x00000b01;
    public static final int NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE = 0x00000b02;
    public static final int NV0000_CTRL_CMD_GPUACCT_GET_PROC_ACCOUNTING_INFO = 0x00000b03;
    public static final int NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_PIDS = 0x00000b04;
    public static final int NV0000_CTRL_CMD_GPUACCT_CLEAR_ACCOUNTING_DATA = 0x00000b05;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000gsync.h (580.142)
    public static final int NV0000_CTRL_CMD_GSYNC_GET_ATTACHED_IDS = 0x00000301;
    public static final int NV0000_CTRL_CMD_GSYNC_GET_ID_INFO = 0x00000302;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000nvd.h (580.142)
    public static final int NV0000_CTRL_CMD_NVD_GET_DUMP_SIZE = 0x00000601;
    public static final int NV0000_CTRL_CMD_NVD_GET_DUMP = 0x00000602;
    public static final int NV0000_CTRL_CMD_NVD_GET_TIMESTAMP = 0x00000603;
    public static final int NV0000_CTRL_CMD_NVD_GET_NVLOG_INFO = 0x00000604;
    public static final int NV0000_CTRL_CMD_NVD_GET_NVLOG_BUFFER_INFO = 0x00000605;
    public static final int NV0000_CTRL_CMD_NVD_GET_NVLOG = 0x00000606;
    public static final int NV0000_CTRL_CMD_NVD_GET_RCERR_RPT = 0x00000607;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000proc.h (580.142)
    public static final int NV0000_CTRL_CMD_SET_SUB_PROCESS_ID = 0x00000901;
    public static final int NV0000_CTRL_CMD_DISABLE_SUB_PROCESS_USERD_ISOLATION = 0x00000902;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000syncgpuboost.h (580.142)
    public static final int NV0000_CTRL_CMD_SYNC_GPU_BOOST_INFO = 0x00000a01;
    public static final int NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_CREATE = 0x00000a02;
    public static final int NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_DESTROY = 0x00000a03;
    public static final int NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO = 0x00000a04;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000system.h (580.142)
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_CPU_INFO = 0x00000102;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_CHIPSET_INFO = 0x00000104;
    public static final int NV0000_CTRL_SYSTEM_GET_VRR_COOKIE_PRESENT = 0x00000107;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_CLASSLIST = 0x00000108;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_LOCK_TIMES = 0x00000109;
    public static final int NV0000_CTRL_CMD_SYSTEM_NOTIFY_EVENT = 0x00000110;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_PLATFORM_TYPE = 0x00000111;
    public static final int NV0000_CTRL_CMD_SYSTEM_DEBUG_RMMSG_CTRL = 0x00000121;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_CONTROL = 0x00000122;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_BATCH_CONTROL = 0x00000123;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_HWBC_INFO = 0x00000124;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS = 0x00000127;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_CTRL = 0x0000012a;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2 = 0x0000012b;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_GET_PERF_SENSORS = 0x0000012c;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_CALL_ACPI = 0x0000012d;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_GET_EXTENDED_PERF_SENSORS = 0x0000012e;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_GET_FRM_DATA = 0x0000012f;
    public static final int NV0000_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD = 0x00000130;
    public static final int NV0000_CTRL_CMD_SYSTEM_GPS_SET_FRM_DATA = 0x00000132;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_VGX_SYSTEM_INFO = 0x00000133;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_GPUS_POWER_STATUS = 0x00000134;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_PRIVILEGED_STATUS = 0x00000135;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_FABRIC_STATUS = 0x00000136;
    public static final int NV0000_CTRL_VGPU_GET_VGPU_VERSION = 0x00000137;
    public static final int NV0000_CTRL_VGPU_SET_VGPU_VERSION = 0x00000138;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_RM_INSTANCE_ID = 0x00000139;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX = 0x0000013a;
    public static final int NV0000_CTRL_CMD_SYSTEM_NVPCF_GET_POWER_MODE_INFO = 0x0000013b;
    public static final int NV0000_CTRL_CMD_SYSTEM_SYNC_EXTERNAL_FABRIC_MGMT = 0x0000013c;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_CLIENT_DATABASE_INFO = 0x0000013d;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION_V2 = 0x0000013e;
    public static final int NV0000_CTRL_CMD_SYSTEM_RMCTRL_CACHE_MODE_CTRL = 0x0000013f;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CONTROL = 0x00000140;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_BATCH_CONTROL = 0x00000141;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CTRL = 0x00000142;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CALL_ACPI = 0x00000143;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_FRM_DATA = 0x00000144;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_SET_FRM_DATA = 0x00000145;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_PERF_SENSORS = 0x00000146;
    public static final int NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_EXTENDED_PERF_SENSORS =
            0x00000147;
    public static final int NV0000_CTRL_CMD_SYSTEM_GET_FEATURES = 0x000001f0;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000unix.h (580.142)
    public static final int NV0000_CTRL_CMD_OS_UNIX_FLUSH_USER_CACHE = 0x00003d02;
    public static final int NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD = 0x00003d05;
    public static final int NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD = 0x00003d06;
    public static final int NV0000_CTRL_CMD_OS_UNIX_GET_EXPORT_OBJECT_INFO = 0x00003d08;
    public static final int NV0000_CTRL_CMD_OS_UNIX_CREATE_EXPORT_OBJECT_FD = 0x00003d0a;
    public static final int NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECTS_TO_FD = 0x00003d0b;
    public static final int NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECTS_FROM_FD = 0x00003d0c;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000vgpu.h (580.142)
    public static final int NV0000_CTRL_CMD_VGPU_VFIO_NOTIFY_RM_STATUS = 0x00000c05;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0002.h (580.142)
    public static final int NV0002_CTRL_CMD_UPDATE_CONTEXTDMA = 0x00020101;
    public static final int NV0002_CTRL_CMD_BIND_CONTEXTDMA = 0x00020102;
    public static final int NV0002_CTRL_CMD_UNBIND_CONTEXTDMA = 0x00020103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0004.h (580.142)
    public static final int NV0004_CTRL_CMD_TMR_SET_ALARM_NOTIFY = 0x00040110;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl000f.h (580.142)
    public static final int NV000F_CTRL_CMD_SET_FM_STATE = 0x000f0101;
    public static final int NV000F_CTRL_CMD_CLEAR_FM_STATE = 0x000f0102;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0020.h (580.142)
    public static final int NV0020_CTRL_CMD_GPU_MGMT_SET_SHUTDOWN_STATE = 0x00200101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl003e.h (580.142)
    public static final int NV003E_CTRL_CMD_GET_SURFACE_NUM_PHYS_PAGES = 0x003e0102;
    public static final int NV003E_CTRL_CMD_GET_SURFACE_PHYS_PAGES = 0x003e0103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0041.h (580.142)
    public static final int NV0041_CTRL_CMD_GET_SURFACE_PHYS_ATTR = 0x00410103;
    public static final int NV0041_CTRL_CMD_GET_SURFACE_INFO = 0x00410110;
    public static final int NV0041_CTRL_CMD_GET_SURFACE_COMPRESSION_COVERAGE = 0x00410112;
    public static final int NV0041_CTRL_CMD_SURFACE_FLUSH_GPU_CACHE = 0x00410116;
    public static final int NV0041_CTRL_CMD_GET_MEM_PAGE_SIZE = 0x00410118;
    public static final int NV0041_CTRL_CMD_SET_TAG = 0x00410120;
    public static final int NV0041_CTRL_CMD_GET_TAG = 0x00410121;
    public static final int NV0041_CTRL_CMD_MAP_MEMORY_FOR_GPU_ACCESS = 0x00410122;
    public static final int NV0041_CTRL_CMD_UNMAP_MEMORY_FOR_GPU_ACCESS = 0x00410153;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0050.h (580.142)
    public static final int NV0050_CTRL_CMD_MEMSET = 0x00500101;
    public static final int NV0050_CTRL_CMD_MEMCOPY = 0x00500102;
    public static final int NV0050_CTRL_CMD_CHECK_PROGRESS = 0x00500103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073common.h (580.142)
    public static final int NV0073_CTRL_CMD_FRL_CONFIG_MACRO_PAD = 0x00730502;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073dfp.h (580.142)
    public static final int NV0073_CTRL_CMD_DFP_GET_INFO = 0x00731140;
    public static final int NV0073_CTRL_CMD_DFP_GET_DISPLAYPORT_DONGLE_INFO = 0x00731142;
    public static final int NV0073_CTRL_CMD_DFP_SET_ELD_AUDIO_CAPS = 0x00731144;
    public static final int NV0073_CTRL_CMD_DFP_GET_SPREAD_SPECTRUM = 0x0073114c;
    public static final int NV0073_CTRL_CMD_DFP_UPDATE_DYNAMIC_DFP_CACHE = 0x0073114e;
    public static final int NV0073_CTRL_CMD_DFP_SET_AUDIO_ENABLE = 0x00731150;
    public static final int NV0073_CTRL_CMD_DFP_ASSIGN_SOR = 0x00731152;
    public static final int NV0073_CTRL_CMD_DFP_GET_PADLINK_MASK = 0x00731153;
    public static final int NV0073_CTRL_CMD_DFP_GET_LCD_GPIO_PIN_NUM = 0x00731154;
    public static final int NV0073_CTRL_CMD_DFP_CONFIG_TWO_HEAD_ONE_OR = 0x00731156;
    public static final int NV0073_CTRL_CMD_DFP_DSC_CRC_CONTROL = 0x00731157;
    public static final int NV0073_CTRL_CMD_DFP_INIT_MUX_DATA = 0x00731158;
    public static final int NV0073_CTRL_CMD_DFP_SWITCH_DISP_MUX = 0x00731160;
    public static final int NV0073_CTRL_CMD_DFP_RUN_PRE_DISP_MUX_OPERATIONS = 0x00731161;
    public static final int NV0073_CTRL_CMD_DFP_RUN_POST_DISP_MUX_OPERATIONS = 0x00731162;
    public static final int NV0073_CTRL_CMD_DFP_GET_DISP_MUX_STATUS = 0x00731163;
    public static final int NV0073_CTRL_CMD_DFP_GET_DSI_MODE_TIMING = 0x00731166;
    public static final int NV0073_CTRL_CMD_DFP_GET_FIXED_MODE_TIMING = 0x00731172;
    public static final int NV0073_CTRL_CMD_DFP_ENTER_DISPLAY_POWER_GATING = 0x00731174;
    public static final int NV0073_CTRL_CMD_DFP_EXIT_DISPLAY_POWER_GATING = 0x00731175;
    public static final int NV0073_CTRL_CMD_DFP_EDP_DRIVER_UNLOAD = 0x00731176;
    public static final int NV0073_CTRL_CMD_SYSTEM_SET_REGION_RAM_RECTANGLES = 0x00731177;
    public static final int NV0073_CTRL_CMD_SYSTEM_CONFIGURE_SAFETY_INTERRUPTS = 0x00731178;
    public static final int NV0073_CTRL_CMD_DFP_SET_FORCE_BLACK_PIXELS = 0x00731179;
    public static final int NV0073_CTRL_CMD_DFP_GET_DISP_PHY_INFO = 0x00731180;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073dp.h (580.142)
    public static final int NV0073_CTRL_CMD_DP_AUXCH_CTRL = 0x00731341;
    public static final int NV0073_CTRL_CMD_DP_CTRL = 0x00731343;
    public static final int NV0073_CTRL_CMD_DP_GET_LANE_DATA = 0x00731345;
    public static final int NV0073_CTRL_CMD_DP_SET_LANE_DATA = 0x00731346;
    public static final int NV0073_CTRL_CMD_DP_SET_TESTPATTERN = 0x00731347;
    public static final int NV0073_CTRL_CMD_DP_GET_TESTPATTERN = 0x00731348;
    public static final int NV0073_CTRL_CMD_DP_SET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA =
            0x00731351;
    public static final int NV0073_CTRL_CMD_DP_GET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA =
            0x00731352;
    public static final int NV0073_CTRL_CMD_DP_MAIN_LINK_CTRL = 0x00731356;
    public static final int NV0073_CTRL_CMD_DP_SET_AUDIO_MUTESTREAM = 0x00731359;
    public static final int NV0073_CTRL_CMD_DP_ASSR_CTRL = 0x0073135a;
    public static final int NV0073_CTRL_CMD_DP_TOPOLOGY_ALLOCATE_DISPLAYID = 0x0073135b;
    public static final int NV0073_CTRL_CMD_DP_TOPOLOGY_FREE_DISPLAYID = 0x0073135c;
    public static final int NV0073_CTRL_CMD_DP_GET_LINK_CONFIG = 0x00731360;
    public static final int NV0073_CTRL_CMD_DP_GET_EDP_DATA = 0x00731361;
    public static final int NV0073_CTRL_CMD_DP_CONFIG_STREAM = 0x00731362;
    public static final int NV0073_CTRL_CMD_DP_SET_RATE_GOV = 0x00731363;
    public static final int NV0073_CTRL_CMD_DP_SET_MANUAL_DISPLAYPORT = 0x00731365;
    public static final int NV0073_CTRL_CMD_DP_SET_ECF = 0x00731366;
    public static final int NV0073_CTRL_CMD_DP_SEND_ACT = 0x00731367;
    public static final int NV0073_CTRL_CMD_DP_GET_CAPS = 0x00731369;
    public static final int NV0073_CTRL_CMD_DP_GENERATE_FAKE_INTERRUPT = 0x0073136b;
    public static final int NV0073_CTRL_CMD_DP_CONFIG_RAD_SCRATCH_REG = 0x0073136c;
    public static final int NV0073_CTRL_CMD_DP_CONFIG_SINGLE_HEAD_MULTI_STREAM = 0x0073136e;
    public static final int NV0073_CTRL_CMD_DP_SET_TRIGGER_SELECT = 0x0073136f;
    public static final int NV0073_CTRL_CMD_DP_SET_TRIGGER_ALL = 0x00731370;
    public static final int NV0073_CTRL_CMD_DP_RETRIEVE_DP_RING_BUFFER = 0x00731371;
    public static final int NV0073_CTRL_CMD_DP_GET_AUXLOGGER_BUFFER_DATA = 0x00731373;
    public static final int NV0073_CTRL_CMD_DP_CONFIG_INDEXED_LINK_RATES = 0x00731377;
    public static final int NV0073_CTRL_CMD_DP_SET_STEREO_MSA_PROPERTIES = 0x00731378;
    public static final int NV0073_CTRL_CMD_DP_CONFIGURE_FEC = 0x0073137a;
    public static final int NV0073_CTRL_CMD_DP_CONFIG_MACRO_PAD = 0x0073137b;
    public static final int NV0073_CTRL_CMD_DP_AUXCH_I2C_TRANSFER_CTRL = 0x0073137c;
    public static final int NV0073_CTRL_CMD_DP_ENABLE_VRR = 0x0073137d;
    public static final int NV0073_CTRL_CMD_DP_GET_GENERIC_INFOFRAME = 0x0073137e;
    public static final int NV0073_CTRL_CMD_DP_GET_MSA_ATTRIBUTES = 0x0073137f;
    public static final int NV0073_CTRL_CMD_DP_AUXCH_OD_CTRL = 0x00731380;
    public static final int NV0073_CTRL_CMD_DP_SET_MSA_PROPERTIES_V2 = 0x00731381;
    public static final int NV0073_CTRL_CMD_DP2X_LINK_TRAINING_CTRL = 0x00731383;
    public static final int NV0073_CTRL_CMD_DP2X_GET_LANE_DATA = 0x00731384;
    public static final int NV0073_CTRL_CMD_DP2X_SET_LANE_DATA = 0x00731385;
    public static final int NV0073_CTRL_CMD_DP_AUXCH_VBL_CTRL = 0x00731386;
    public static final int NV0073_CTRL_CMD_DP_SET_LEVEL_INFO_TABLE_DATA = 0x00731387;
    public static final int NV0073_CTRL_CMD_DP_GET_LEVEL_INFO_TABLE_DATA = 0x00731388;
    public static final int NV0073_CTRL_CMD_DP2X_SET_LEVEL_INFO_TABLE_DATA = 0x00731389;
    public static final int NV0073_CTRL_CMD_DP2X_GET_LEVEL_INFO_TABLE_DATA = 0x0073138a;
    public static final int NV0073_CTRL_CMD_CALCULATE_DP_IMP = 0x0073138c;
    public static final int NV0073_CTRL_CMD_DP_GET_CABLEID_INFO_FROM_MACRO = 0x0073138d;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073internal.h (580.142)
    public static final int NV0073_CTRL_CMD_INTERNAL_GET_HOTPLUG_UNPLUG_STATE = 0x00730401;
    public static final int NV0073_CTRL_CMD_INTERNAL_VRR_SET_RGLINE_ACTIVE = 0x00730402;
    public static final int NV0073_CTRL_CMD_INTERNAL_DFP_GET_DISP_MUX_STATUS = 0x00730404;
    public static final int NV0073_CTRL_CMD_INTERNAL_DFP_SWITCH_DISP_MUX = 0x00730460;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073psr.h (580.142)
    public static final int NV0073_CTRL_CMD_PSR_GET_SR_PANEL_INFO = 0x00731602;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073specific.h (580.142)
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_I2C_PORTID = 0x00730211;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_TYPE = 0x00730240;
    public static final int NV0073_CTRL_CMD_SPECIFIC_FAKE_DEVICE = 0x00730243;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_EDID_V2 = 0x00730245;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_EDID_V2 = 0x00730246;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_CONNECTOR_DATA = 0x00730250;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_ENABLE = 0x00730273;
    public static final int NV0073_CTRL_CMD_SPECIFIC_CTRL_HDMI = 0x00730274;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_AUDIO_MUTESTREAM = 0x00730275;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_ACPI_ID_MAPPING = 0x00730284;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_ACPI_DOD_DISPLAY_PORT_ATTACHMENT =
            0x00730285;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_ALL_HEAD_MASK = 0x00730287;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET = 0x00730288;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET_CTRL = 0x00730289;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_PCLK_LIMIT = 0x0073028a;
    public static final int NV0073_CTRL_CMD_SPECIFIC_OR_GET_INFO = 0x0073028b;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_BACKLIGHT_BRIGHTNESS = 0x00730291;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_BACKLIGHT_BRIGHTNESS = 0x00730292;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_SINK_CAPS = 0x00730293;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_MONITOR_POWER = 0x00730295;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_CONFIG = 0x0073029a;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_FLUSH_MODE = 0x0073029b;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_REGIONAL_CRCS = 0x007302a0;
    public static final int NV0073_CTRL_CMD_SPECIFIC_APPLY_EDID_OVERRIDE_V2 = 0x007302a1;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_GPU_CAPS = 0x007302a2;
    public static final int NV0073_CTRL_CMD_SPECIFIC_DISPLAY_CHANGE = 0x007302a4;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_SCDC_DATA = 0x007302a6;
    public static final int NV0073_CTRL_CMD_SPECIFIC_IS_DIRECTMODE_DISPLAY = 0x007302a7;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_FRL_CAPACITY_COMPUTATION = 0x007302a8;
    public static final int NV0073_CTRL_CMD_SPECIFIC_SET_SHARED_GENERIC_PACKET = 0x007302a9;
    public static final int NV0073_CTRL_CMD_SPECIFIC_ACQUIRE_SHARED_GENERIC_PACKET = 0x007302aa;
    public static final int NV0073_CTRL_CMD_SPECIFIC_RELEASE_SHARED_GENERIC_PACKET = 0x007302ab;
    public static final int NV0073_CTRL_CMD_SPECIFIC_DISP_I2C_READ_WRITE = 0x007302ac;
    public static final int NV0073_CTRL_CMD_SPECIFIC_GET_VALID_HEAD_WINDOW_ASSIGNMENT = 0x007302ad;
    public static final int NV0073_CTRL_CMD_SPECIFIC_DEFAULT_ADAPTIVESYNC_DISPLAY = 0x007302ae;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0073/ctrl0073system.h (580.142)
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_CAPS_V2 = 0x00730101;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_NUM_HEADS = 0x00730102;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_SCANLINE = 0x00730104;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_COUNTER = 0x00730105;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_ENABLE = 0x00730106;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_SUPPORTED = 0x00730107;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_CONNECT_STATE = 0x00730108;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_CONFIG = 0x00730109;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_STATE = 0x0073010a;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_HEAD_ROUTING_MAP = 0x0073010b;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_ACTIVE = 0x0073010c;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_ACPI_ID_MAP = 0x00730115;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_INTERNAL_DISPLAYS = 0x00730116;
    public static final int NV0073_CTRL_CMD_SYSTEM_ACPI_SUBSYSTEM_ACTIVATED = 0x00730117;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_CONNECTOR_TABLE = 0x0073011d;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_BOOT_DISPLAYS = 0x0073011e;
    public static final int NV0073_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD = 0x00730120;
    public static final int NV0073_CTRL_CMD_SYSTEM_VRR_DISPLAY_INFO = 0x0073012c;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_UNPLUG_STATE = 0x0073012d;
    public static final int NV0073_CTRL_CMD_SYSTEM_CLEAR_ELV_BLOCK = 0x0073012e;
    public static final int NV0073_CTRL_CMD_SYSTEM_ARM_LIGHTWEIGHT_SUPERVISOR = 0x0073012f;
    public static final int NV0073_CTRL_CMD_SYSTEM_CONFIG_VRR_PSTATE_SWITCH = 0x00730134;
    public static final int NV0073_CTRL_CMD_SYSTEM_QUERY_DISPLAY_IDS_WITH_MUX = 0x0073013d;
    public static final int NV0073_CTRL_CMD_SYSTEM_ALLOCATE_DISPLAY_BANDWIDTH = 0x00730143;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_EVENT_CONFIG = 0x00730144;
    public static final int NV0073_CTRL_CMD_SYSTEM_SET_HOTPLUG_EVENT_CONFIG = 0x00730145;
    public static final int NV0073_CTRL_CMD_SYSTEM_RECORD_CHANNEL_REGS = 0x0073014a;
    public static final int NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_I2C_SUPPORT = 0x0073014b;
    public static final int NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_SR_SUPPORT = 0x0073014c;
    public static final int NV0073_CTRL_CMD_SYSTEM_VRR_SET_RGLINE_ACTIVE = 0x0073014d;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_LOADV_COUNTER_INFO = 0x00730154;
    public static final int NV0073_CTRL_CMD_SYSTEM_INTERNAL_ALLOCATE_DISPLAY_BANDWIDTH = 0x00730157;
    public static final int NV0073_CTRL_CMD_SYSTEM_NOTIFY_DRR_MSCG_WAR = 0x00730159;
    public static final int NV0073_CTRL_CMD_SYSTEM_GET_CRASH_LOCK_COUNTER_INFO = 0x00730160;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0076.h (580.142)
    public static final int NV0076_CTRL_CMD_NOTIFY_CONSOLE_DISABLED = 0x00760101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080bif.h (580.142)
    public static final int NV0080_CTRL_CMD_BIF_SET_ASPM_FEATURE = 0x00800104;
    public static final int NV0080_CTRL_CMD_BIF_ASPM_CYA_UPDATE = 0x00800105;
    public static final int NV0080_CTRL_CMD_BIF_GET_PCIE_POWER_CONTROL_MASK = 0x00800106;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080bsp.h (580.142)
    public static final int NV0080_CTRL_CMD_BSP_GET_CAPS_V2 = 0x00801c02;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080dma.h (580.142)
    public static final int NV0080_CTRL_CMD_DMA_GET_PTE_INFO = 0x00801801;
    public static final int NV0080_CTRL_CMD_DMA_FLUSH = 0x00801805;
    public static final int NV0080_CTRL_CMD_DMA_ADV_SCHED_GET_VA_CAPS = 0x00801806;
    public static final int NV0080_CTRL_CMD_DMA_GET_PDE_INFO = 0x00801809;
    public static final int NV0080_CTRL_CMD_DMA_SET_PTE_INFO = 0x0080180a;
    public static final int NV0080_CTRL_CMD_DMA_INVALIDATE_TLB = 0x0080180c;
    public static final int NV0080_CTRL_CMD_DMA_GET_CAPS = 0x0080180d;
    public static final int NV0080_CTRL_CMD_DMA_SET_VA_SPACE_SIZE = 0x0080180e;
    public static final int NV0080_CTRL_CMD_DMA_UPDATE_PDE_2 = 0x0080180f;
    public static final int NV0080_CTRL_DMA_ENABLE_PRIVILEGED_RANGE = 0x00801810;
    public static final int NV0080_CTRL_DMA_SET_DEFAULT_VASPACE = 0x00801812;
    public static final int NV0080_CTRL_CMD_DMA_SET_PAGE_DIRECTORY = 0x00801813;
    public static final int NV0080_CTRL_CMD_DMA_UNSET_PAGE_DIRECTORY = 0x00801814;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080fb.h (580.142)
    public static final int NV0080_CTRL_CMD_FB_GET_CAPS = 0x00801301;
    public static final int NV0080_CTRL_CMD_FB_GET_COMPBIT_STORE_INFO = 0x00801306;
    public static final int NV0080_CTRL_CMD_FB_GET_CAPS_V2 = 0x00801307;
    public static final int NV0080_CTRL_CMD_FB_SET_DEFAULT_VIDMEM_PHYSICALITY = 0x00801308;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080fifo.h (580.142)
    public static final int NV0080_CTRL_CMD_FIFO_GET_CAPS = 0x00801701;
    public static final int NV0080_CTRL_CMD_FIFO_GET_ENGINE_CONTEXT_PROPERTIES = 0x00801707;
    public static final int NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST = 0x0080170d;
    public static final int NV0080_CTRL_CMD_FIFO_GET_LATENCY_BUFFER_SIZE = 0x0080170e;
    public static final int NV0080_CTRL_CMD_FIFO_SET_CHANNEL_PROPERTIES = 0x0080170f;
    public static final int NV0080_CTRL_CMD_FIFO_STOP_RUNLIST = 0x00801711;
    public static final int NV0080_CTRL_CMD_FIFO_START_RUNLIST = 0x00801712;
    public static final int NV0080_CTRL_CMD_FIFO_GET_CAPS_V2 = 0x00801713;
    public static final int NV0080_CTRL_CMD_FIFO_IDLE_CHANNELS = 0x00801714;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080gpu.h (580.142)
    public static final int NV0080_CTRL_CMD_GPU_GET_CLASSLIST = 0x00800201;
    public static final int NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES = 0x00800280;
    public static final int NV0080_CTRL_CMD_GPU_MODIFY_SW_STATE_PERSISTENCE = 0x00800287;
    public static final int NV0080_CTRL_CMD_GPU_QUERY_SW_STATE_PERSISTENCE = 0x00800288;
    public static final int NV0080_CTRL_CMD_GPU_GET_VIRTUALIZATION_MODE = 0x00800289;
    public static final int NV0080_CTRL_CMD_GPU_GET_SPARSE_TEXTURE_COMPUTE_MODE = 0x0080028c;
    public static final int NV0080_CTRL_CMD_GPU_SET_SPARSE_TEXTURE_COMPUTE_MODE = 0x0080028d;
    public static final int NV0080_CTRL_CMD_GPU_GET_VGX_CAPS = 0x0080028e;
    public static final int NV0080_CTRL_CMD_GPU_GET_SRIOV_CAPS = 0x00800291;
    public static final int NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2 = 0x00800292;
    public static final int NV0080_CTRL_CMD_GPU_FIND_SUBDEVICE_HANDLE = 0x00800293;
    public static final int NV0080_CTRL_CMD_GPU_GET_BRAND_CAPS = 0x00800294;
    public static final int NV0080_CTRL_GPU_SET_VGPU_VF_BAR1_SIZE = 0x00800296;
    public static final int NV0080_CTRL_CMD_GPU_SET_VGPU_HETEROGENEOUS_MODE = 0x00800297;
    public static final int NV0080_CTRL_CMD_GPU_GET_VGPU_HETEROGENEOUS_MODE = 0x00800298;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080gr.h (580.142)
    public static final int NV0080_CTRL_CMD_GR_GET_CAPS = 0x00801102;
    public static final int NV0080_CTRL_CMD_GR_GET_INFO = 0x00801104;
    public static final int NV0080_CTRL_CMD_GR_GET_TPC_PARTITION_MODE = 0x00801107;
    public static final int NV0080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE = 0x00801108;
    public static final int NV0080_CTRL_CMD_GR_GET_CAPS_V2 = 0x00801109;
    public static final int NV0080_CTRL_CMD_GR_GET_INFO_V2 = 0x00801110;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080host.h (580.142)
    public static final int NV0080_CTRL_CMD_HOST_GET_CAPS = 0x00801401;
    public static final int NV0080_CTRL_CMD_HOST_GET_CAPS_V2 = 0x00801402;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080internal.h (580.142)
    public static final int NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_DISABLE = 0x00802004;
    public static final int NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_SET_CONTROL = 0x00802009;
    public static final int NV0080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED = 0x0080200a;
    public static final int NV0080_CTRL_CMD_INTERNAL_KGR_INIT_BUG4208224_WAR = 0x00802046;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080msenc.h (580.142)
    public static final int NV0080_CTRL_CMD_MSENC_GET_CAPS_V2 = 0x00801b02;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080nvjpg.h (580.142)
    public static final int NV0080_CTRL_CMD_NVJPG_GET_CAPS_V2 = 0x00801f02;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080perf.h (580.142)
    public static final int NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL = 0x00801909;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0080/ctrl0080unix.h (580.142)
    public static final int NV0080_CTRL_CMD_OS_UNIX_VT_SWITCH = 0x00801e01;
    public static final int NV0080_CTRL_CMD_OS_UNIX_VT_GET_FB_INFO = 0x00801e02;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0090.h (580.142)
    public static final int NV0090_CTRL_CMD_SET_TPC_PARTITION_MODE = 0x00900101;
    public static final int NV0090_CTRL_CMD_GET_TPC_PARTITION_MODE = 0x00900103;
    public static final int NV0090_CTRL_CMD_GET_MMU_DEBUG_MODE = 0x00900105;
    public static final int NV0090_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE = 0x00900107;
    public static final int NV0090_CTRL_CMD_SET_LG_SECTOR_PROMOTION = 0x0090010b;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00da.h (580.142)
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_REF_MEMORY = 0x00da0001;
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_BIND_CHANNEL = 0x00da0002;
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_REGISTER_WAITER = 0x00da0003;
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_SET_VALUE = 0x00da0004;
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_UNREGISTER_WAITER = 0x00da0005;
    public static final int NV_SEMAPHORE_SURFACE_CTRL_CMD_UNBIND_CHANNEL = 0x00da0006;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00de.h (580.142)
    public static final int NV00DE_CTRL_CMD_REQUEST_DATA_POLL = 0x00de0001;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00e0.h (580.142)
    public static final int NV00E0_CTRL_CMD_EXPORT_MEM = 0x00e00101;
    public static final int NV00E0_CTRL_CMD_IMPORT_MEM = 0x00e00102;
    public static final int NV00E0_CTRL_CMD_GET_INFO = 0x00e00103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00f1.h (580.142)
    public static final int NV00F1_CTRL_CMD_GET_FABRIC_EVENTS = 0x00f10001;
    public static final int NV00F1_CTRL_CMD_FINISH_MEM_UNIMPORT = 0x00f10002;
    public static final int NV00F1_CTRL_CMD_DISABLE_IMPORTERS = 0x00f10003;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00f8.h (580.142)
    public static final int NV00F8_CTRL_CMD_GET_INFO = 0x00f80101;
    public static final int NV00F8_CTRL_CMD_DESCRIBE = 0x00f80102;
    public static final int NV00F8_CTRL_CMD_ATTACH_MEM = 0x00f80103;
    public static final int NV00F8_CTRL_CMD_DETACH_MEM = 0x00f80104;
    public static final int NV00F8_CTRL_CMD_GET_NUM_ATTACHED_MEM = 0x00f80105;
    public static final int NV00F8_CTRL_CMD_GET_PAGE_LEVEL_INFO = 0x00f80107;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00f9.h (580.142)
    public static final int NV00F9_CTRL_CMD_GET_INFO = 0x00f90101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00fb.h (580.142)
    public static final int NV00FB_CTRL_CMD_VALIDATE = 0x00fb0101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00fd.h (580.142)
    public static final int NV00FD_CTRL_CMD_GET_INFO = 0x00fd0101;
    public static final int NV00FD_CTRL_CMD_ATTACH_MEM = 0x00fd0102;
    public static final int NV00FD_CTRL_CMD_REGISTER_EVENT = 0x00fd0103;
    public static final int NV00FD_CTRL_CMD_ATTACH_GPU = 0x00fd0104;
    public static final int NV00FD_CTRL_CMD_DETACH_MEM = 0x00fd0105;
    public static final int NV00FD_CTRL_CMD_ATTACH_REMOTE_GPU = 0x00fd0106;
    public static final int NV00FD_CTRL_CMD_SET_FAILURE = 0x00fd0107;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl00fe.h (580.142)
    public static final int NV00FE_CTRL_CMD_SUBMIT_OPERATIONS = 0x00fe0101;
    public static final int NV00FE_CTRL_CMD_RESIZE_QUEUE = 0x00fe0102;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl0100.h (580.142)
    public static final int NV0100_CTRL_CMD_RESET_LOCK_STRESS_STATE = 0x01000101;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_ALL_RM_LOCKS = 0x01000102;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK = 0x01000103;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_API_LOCK_READ_MODE = 0x01000104;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK_API_LOCK_READ_MODE =
            0x01000105;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_ALL_RM_LOCKS = 0x01000106;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK = 0x01000107;
    public static final int NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_API_LOCK_READ_MODE =
            0x01000108;
    public static final int
            NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK_API_LOCK_READ_MODE =
                    0x01000109;
    public static final int NV0100_CTRL_CMD_GET_LOCK_STRESS_COUNTERS = 0x0100010a;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080bios.h (580.142)
    public static final int NV2080_CTRL_CMD_BIOS_GET_SKU_INFO = 0x20800808;
    public static final int NV2080_CTRL_CMD_BIOS_GET_POST_TIME = 0x20800809;
    public static final int NV2080_CTRL_CMD_BIOS_GET_UEFI_SUPPORT = 0x2080080b;
    public static final int NV2080_CTRL_CMD_BIOS_GET_NBSI_V2 = 0x2080080e;
    public static final int NV2080_CTRL_CMD_BIOS_GET_INFO_V2 = 0x20800810;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080bus.h (580.142)
    public static final int NV2080_CTRL_CMD_BUS_GET_PCI_INFO = 0x20801801;
    public static final int NV2080_CTRL_CMD_BUS_GET_PCI_BAR_INFO = 0x20801803;
    public static final int NV2080_CTRL_CMD_BUS_SET_PCIE_LINK_WIDTH = 0x20801804;
    public static final int NV2080_CTRL_CMD_BUS_SET_PCIE_SPEED = 0x20801805;
    public static final int NV2080_CTRL_CMD_BUS_SERVICE_GPU_MULTIFUNC_STATE = 0x20801812;
    public static final int NV2080_CTRL_CMD_BUS_GET_PEX_COUNTERS = 0x20801813;
    public static final int NV2080_CTRL_CMD_BUS_CLEAR_PEX_COUNTERS = 0x20801814;
    public static final int NV2080_CTRL_CMD_BUS_FREEZE_PEX_COUNTERS = 0x20801815;
    public static final int NV2080_CTRL_CMD_BUS_GET_PEX_LANE_COUNTERS = 0x20801816;
    public static final int NV2080_CTRL_CMD_BUS_GET_PCIE_LTR_LATENCY = 0x20801817;
    public static final int NV2080_CTRL_CMD_BUS_SET_PCIE_LTR_LATENCY = 0x20801818;
    public static final int NV2080_CTRL_CMD_BUS_GET_PEX_UTIL_COUNTERS = 0x20801819;
    public static final int NV2080_CTRL_CMD_BUS_CLEAR_PEX_UTIL_COUNTERS = 0x20801820;
    public static final int NV2080_CTRL_CMD_BUS_GET_BFD = 0x20801821;
    public static final int NV2080_CTRL_CMD_BUS_GET_ASPM_DISABLE_FLAGS = 0x20801822;
    public static final int NV2080_CTRL_CMD_BUS_GET_INFO_V2 = 0x20801823;
    public static final int NV2080_CTRL_CMD_BUS_CONTROL_PUBLIC_ASPM_BITS = 0x20801824;
    public static final int NV2080_CTRL_CMD_BUS_GET_NVLINK_PEER_ID_MASK = 0x20801825;
    public static final int NV2080_CTRL_CMD_BUS_SET_EOM_PARAMETERS = 0x20801826;
    public static final int NV2080_CTRL_CMD_BUS_GET_UPHY_DLN_CFG_SPACE = 0x20801827;
    public static final int NV2080_CTRL_CMD_BUS_GET_EOM_STATUS = 0x20801828;
    public static final int NV2080_CTRL_CMD_BUS_GET_PCIE_REQ_ATOMICS_CAPS = 0x20801829;
    public static final int NV2080_CTRL_CMD_BUS_GET_PCIE_SUPPORTED_GPU_ATOMICS = 0x2080182a;
    public static final int NV2080_CTRL_CMD_BUS_GET_C2C_INFO = 0x2080182b;
    public static final int NV2080_CTRL_CMD_BUS_SYSMEM_ACCESS = 0x2080182c;
    public static final int NV2080_CTRL_CMD_BUS_GET_C2C_ERR_INFO = 0x2080182d;
    public static final int NV2080_CTRL_CMD_BUS_SET_P2P_MAPPING = 0x2080182e;
    public static final int NV2080_CTRL_CMD_BUS_UNSET_P2P_MAPPING = 0x2080182f;
    public static final int NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS = 0x20801830;
    public static final int NV2080_CTRL_CMD_BUS_GET_C2C_LPWR_STATS = 0x20801831;
    public static final int NV2080_CTRL_CMD_BUS_SET_C2C_LPWR_STATE_VOTE = 0x20801832;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080ce.h (580.142)
    public static final int NV2080_CTRL_CMD_CE_GET_CAPS = 0x20802a01;
    public static final int NV2080_CTRL_CMD_CE_GET_CE_PCE_MASK = 0x20802a02;
    public static final int NV2080_CTRL_CMD_CE_GET_CAPS_V2 = 0x20802a03;
    public static final int NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS = 0x20802a05;
    public static final int NV2080_CTRL_CMD_CE_UPDATE_CLASS_DB = 0x20802a06;
    public static final int NV2080_CTRL_CMD_CE_GET_PHYSICAL_CAPS = 0x20802a07;
    public static final int NV2080_CTRL_CMD_CE_GET_FAULT_METHOD_BUFFER_SIZE = 0x20802a08;
    public static final int NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK = 0x20802a09;
    public static final int NV2080_CTRL_CMD_CE_GET_ALL_CAPS = 0x20802a0a;
    public static final int NV2080_CTRL_CMD_CE_GET_ALL_PHYSICAL_CAPS = 0x20802a0b;
    public static final int NV2080_CTRL_CMD_CE_GET_LCE_SHIM_INFO = 0x20802a0c;
    public static final int NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS_V2 = 0x20802a0d;
    public static final int NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK_V2 = 0x20802a0e;
    public static final int NV2080_CTRL_CMD_INTERNAL_CE_GET_PCE_CONFIG_FOR_LCE_TYPE = 0x20802a0f;
    public static final int NV2080_CTRL_CMD_CE_GET_DECOMP_LCE_MASK = 0x20802a11;
    public static final int NV2080_CTRL_CMD_CE_IS_DECOMP_LCE_ENABLED = 0x20802a12;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080dma.h (580.142)
    public static final int NV2080_CTRL_CMD_DMA_INVALIDATE_TLB = 0x20802502;
    public static final int NV2080_CTRL_CMD_DMA_GET_INFO = 0x20802503;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080ecc.h (580.142)
    public static final int NV2080_CTRL_CMD_ECC_GET_CLIENT_EXPOSED_COUNTERS = 0x20803400;
    public static final int NV2080_CTRL_CMD_ECC_GET_VOLATILE_COUNTS = 0x20803401;
    public static final int NV2080_CTRL_CMD_ECC_GET_SRAM_UNIQUE_UNCORR_COUNTS = 0x20803402;
    public static final int NV2080_CTRL_CMD_ECC_INJECT_ERROR = 0x20803403;
    public static final int NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS = 0x20803404;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080event.h (580.142)
    public static final int NV2080_CTRL_CMD_EVENT_SET_NOTIFICATION = 0x20800301;
    public static final int NV2080_CTRL_CMD_EVENT_SET_TRIGGER = 0x20800302;
    public static final int NV2080_CTRL_CMD_EVENT_SET_MEMORY_NOTIFIES = 0x20800303;
    public static final int NV2080_CTRL_CMD_EVENT_SET_SEMAPHORE_MEMORY = 0x20800304;
    public static final int NV2080_CTRL_CMD_EVENT_SET_SEMA_MEM_VALIDATION = 0x20800306;
    public static final int NV2080_CTRL_CMD_EVENT_SET_TRIGGER_FIFO = 0x20800308;
    public static final int NV2080_CTRL_CMD_EVENT_VIDEO_BIND_EVTBUF = 0x20800309;
    public static final int NV2080_CTRL_CMD_EVENT_RATS_GSP_TRACE_BIND_EVTBUF = 0x2080030a;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080fb.h (580.142)
    public static final int NV2080_CTRL_CMD_FB_GET_INFO_V2 = 0x20801303;
    public static final int NV2080_CTRL_CMD_FB_GET_CALIBRATION_LOCK_FAILED = 0x2080130c;
    public static final int NV2080_CTRL_CMD_FB_FLUSH_GPU_CACHE = 0x2080130e;
    public static final int NV2080_CTRL_CMD_FB_GET_BAR1_OFFSET = 0x20801310;
    public static final int NV2080_CTRL_CMD_FB_IS_KIND = 0x20801313;
    public static final int NV2080_CTRL_CMD_FB_GET_GPU_CACHE_INFO = 0x20801315;
    public static final int NV2080_CTRL_CMD_FB_GET_FB_REGION_INFO = 0x20801320;
    public static final int NV2080_CTRL_CMD_FB_GET_OFFLINED_PAGES = 0x20801322;
    public static final int NV2080_CTRL_CMD_FB_GET_LTC_INFO_FOR_FBP = 0x20801328;
    public static final int NV2080_CTRL_CMD_FB_CBC_OP = 0x20801337;
    public static final int NV2080_CTRL_CMD_FB_GET_CTAGS_FOR_CBC_EVICTION = 0x20801338;
    public static final int NV2080_CTRL_CMD_FB_SETUP_VPR_REGION = 0x2080133b;
    public static final int NV2080_CTRL_CMD_FB_GET_CLI_MANAGED_OFFLINED_PAGES = 0x2080133c;
    public static final int NV2080_CTRL_CMD_FB_GET_COMPBITCOPY_CONSTRUCT_INFO = 0x2080133d;
    public static final int NV2080_CTRL_CMD_FB_SET_RRD = 0x2080133e;
    public static final int NV2080_CTRL_CMD_FB_SET_READ_LIMIT = 0x2080133f;
    public static final int NV2080_CTRL_CMD_FB_SET_WRITE_LIMIT = 0x20801340;
    public static final int NV2080_CTRL_CMD_FB_PATCH_PBR_FOR_MINING = 0x20801341;
    public static final int NV2080_CTRL_CMD_FB_GET_MEM_ALIGNMENT = 0x20801342;
    public static final int NV2080_CTRL_CMD_FB_GET_REMAPPED_ROWS = 0x20801344;
    public static final int NV2080_CTRL_CMD_FB_GET_FS_INFO = 0x20801346;
    public static final int NV2080_CTRL_CMD_FB_GET_ROW_REMAPPER_HISTOGRAM = 0x20801347;
    public static final int NV2080_CTRL_CMD_FB_GET_DYNAMIC_OFFLINED_PAGES = 0x20801348;
    public static final int NV2080_CTRL_CMD_FB_UPDATE_NUMA_STATUS = 0x20801350;
    public static final int NV2080_CTRL_CMD_FB_GET_NUMA_INFO = 0x20801351;
    public static final int NV2080_CTRL_CMD_FB_GET_SEMAPHORE_SURFACE_LAYOUT = 0x20801352;
    public static final int NV2080_CTRL_CMD_GMMU_COMMIT_TLB_INVALIDATE = 0x20801353;
    public static final int NV2080_CTRL_CMD_FB_GET_STATIC_BAR1_INFO = 0x20801354;
    public static final int NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_PENDING_CONFIGURATION =
            0x20801355;
    public static final int NV2080_CTRL_CMD_FB_SET_DRAM_ENCRYPTION_CONFIGURATION = 0x20801356;
    public static final int NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT = 0x20801357;
    public static final int NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_STATUS = 0x20801358;
    public static final int NV2080_CTRL_CMD_FB_GET_CARVEOUT_REGION_INFO = 0x20801360;
    public static final int NV2080_CTRL_CMD_FB_GET_CPU_COHERENT_RANGE = 0x20801361;
    public static final int NV2080_CTRL_CMD_FB_GET_WPR_REGION_INFO = 0x20801362;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080fifo.h (580.142)
    public static final int NV2080_CTRL_CMD_SET_GPFIFO = 0x20801102;
    public static final int NV2080_CTRL_CMD_FIFO_BIND_ENGINES = 0x20801103;
    public static final int NV2080_CTRL_CMD_SET_OPERATIONAL_PROPERTIES = 0x20801104;
    public static final int NV2080_CTRL_CMD_FIFO_GET_PHYSICAL_CHANNEL_COUNT = 0x20801108;
    public static final int NV2080_CTRL_CMD_FIFO_GET_INFO = 0x20801109;
    public static final int NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS = 0x2080110b;
    public static final int NV2080_CTRL_CMD_FIFO_GET_CHANNEL_MEM_INFO = 0x2080110c;
    public static final int NV2080_CTRL_CMD_FIFO_GET_USERD_LOCATION = 0x2080110d;
    public static final int NV2080_CTRL_CMD_FIFO_OBJSCHED_SW_GET_LOG = 0x2080110e;
    public static final int NV2080_CTRL_CMD_FIFO_CONFIG_CTXSW_TIMEOUT = 0x20801110;
    public static final int NV2080_CTRL_CMD_FIFO_GET_DEVICE_INFO_TABLE = 0x20801112;
    public static final int NV2080_CTRL_CMD_FIFO_CLEAR_FAULTED_BIT = 0x20801113;
    public static final int NV2080_CTRL_CMD_FIFO_RUNLIST_SET_SCHED_POLICY = 0x20801115;
    public static final int NV2080_CTRL_CMD_FIFO_UPDATE_CHANNEL_INFO = 0x20801116;
    public static final int NV2080_CTRL_CMD_FIFO_DISABLE_USERMODE_CHANNELS = 0x20801117;
    public static final int NV2080_CTRL_CMD_FIFO_SETUP_VF_ZOMBIE_SUBCTX_PDB = 0x20801118;
    public static final int NV2080_CTRL_CMD_FIFO_GET_ALLOCATED_CHANNELS = 0x20801119;
    public static final int NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION = 0x2080111a;
    public static final int NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION_V2 = 0x2080111b;
    public static final int NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_STATE = 0x20801120;
    public static final int NV2080_CTRL_CMD_FIFO_OBJSCHED_SET_STATE = 0x20801121;
    public static final int NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_CAPS = 0x20801122;
    public static final int NV2080_CTRL_CMD_FIFO_GET_CHANNEL_GROUP_UNIQUE_ID_INFO = 0x20801123;
    public static final int NV2080_CTRL_CMD_FIFO_QUERY_CHANNEL_UNIQUE_ID = 0x20801124;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080fla.h (580.142)
    public static final int NV2080_CTRL_CMD_FLA_RANGE = 0x20803501;
    public static final int NV2080_CTRL_CMD_FLA_SETUP_INSTANCE_MEM_BLOCK = 0x20803502;
    public static final int NV2080_CTRL_CMD_FLA_GET_RANGE = 0x20803503;
    public static final int NV2080_CTRL_CMD_FLA_GET_FABRIC_MEM_STATS = 0x20803504;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080flcn.h (580.142)
    public static final int NV2080_CTRL_CMD_FLCN_GET_DMEM_USAGE = 0x20803101;
    public static final int NV2080_CTRL_CMD_FLCN_GET_ENGINE_ARCH = 0x20803118;
    public static final int NV2080_CTRL_CMD_FLCN_USTREAMER_QUEUE_INFO = 0x20803120;
    public static final int NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_GET = 0x20803122;
    public static final int NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_SET = 0x20803123;
    public static final int NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_INFO = 0x20803124;
    public static final int NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_SIZE = 0x20803125;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080gpio.h (580.142)
    public static final int NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_DIRECTION = 0x20802300;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_OUTPUT = 0x20802301;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPIO_READ_INPUT = 0x20802302;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPIO_ACTIVATE_HW_FUNCTION = 0x20802303;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080gpu.h (580.142)
    public static final int NV2080_CTRL_CMD_GPU_GET_INFO_V2 = 0x20800102;
    public static final int NV2080_CTRL_CMD_GPU_GET_NAME_STRING = 0x20800110;
    public static final int NV2080_CTRL_CMD_GPU_GET_SHORT_NAME_STRING = 0x20800111;
    public static final int NV2080_CTRL_CMD_GPU_SET_POWER = 0x20800112;
    public static final int NV2080_CTRL_CMD_GPU_GET_SDM = 0x20800118;
    public static final int NV2080_CTRL_CMD_GPU_GET_SIMULATION_INFO = 0x20800119;
    public static final int NV2080_CTRL_CMD_GPU_EXEC_REG_OPS = 0x20800122;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINES = 0x20800123;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINE_CLASSLIST = 0x20800124;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINE_FAULT_INFO = 0x20800125;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_MODE = 0x20800128;
    public static final int NV2080_CTRL_CMD_GPU_PROMOTE_CTX = 0x2080012b;
    public static final int NV2080_CTRL_CMD_GPU_EVICT_CTX = 0x2080012c;
    public static final int NV2080_CTRL_CMD_GPU_INITIALIZE_CTX = 0x2080012d;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_ECC_STATUS = 0x2080012f;
    public static final int NV2080_CTRL_CMD_GPU_SET_COMPUTE_MODE_RULES = 0x20800130;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_COMPUTE_MODE_RULES = 0x20800131;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_ECC_CONFIGURATION = 0x20800133;
    public static final int NV2080_CTRL_CMD_GPU_SET_ECC_CONFIGURATION = 0x20800134;
    public static final int NV2080_CTRL_CMD_GPU_RESET_ECC_ERROR_STATUS = 0x20800136;
    public static final int NV2080_CTRL_CMD_GPU_GET_FERMI_GPC_INFO = 0x20800137;
    public static final int NV2080_CTRL_CMD_GPU_GET_FERMI_TPC_INFO = 0x20800138;
    public static final int NV2080_CTRL_CMD_GPU_GET_FERMI_ZCULL_INFO = 0x20800139;
    public static final int NV2080_CTRL_CMD_GPU_GET_OEM_BOARD_INFO = 0x2080013f;
    public static final int NV2080_CTRL_CMD_GPU_GET_ID = 0x20800142;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINE_PARTNERLIST = 0x20800147;
    public static final int NV2080_CTRL_CMD_GPU_GET_GID_INFO = 0x2080014a;
    public static final int NV2080_CTRL_CMD_GPU_GET_INFOROM_OBJECT_VERSION = 0x2080014b;
    public static final int NV2080_CTRL_CMD_SET_GPU_OPTIMUS_INFO = 0x2080014c;
    public static final int NV2080_CTRL_CMD_GPU_GET_IP_VERSION = 0x2080014d;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_ILLUM_SUPPORT = 0x20800153;
    public static final int NV2080_CTRL_CMD_GPU_GET_ILLUM = 0x20800154;
    public static final int NV2080_CTRL_CMD_GPU_SET_ILLUM = 0x20800155;
    public static final int NV2080_CTRL_CMD_GPU_GET_INFOROM_IMAGE_VERSION = 0x20800156;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_INFOROM_ECC_SUPPORT = 0x20800157;
    public static final int NV2080_CTRL_CMD_GPU_GET_PHYSICAL_BRIDGE_VERSION_INFO = 0x2080015a;
    public static final int NV2080_CTRL_CMD_GPU_GET_ALL_BRIDGES_UPSTREAM_OF_GPU = 0x2080015b;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_SCRUBBER_STATUS = 0x2080015f;
    public static final int NV2080_CTRL_CMD_GPU_GET_VPR_CAPS = 0x20800160;
    public static final int NV2080_CTRL_CMD_GPU_HANDLE_GPU_SR = 0x20800167;
    public static final int NV2080_CTRL_CMD_GPU_GET_PES_INFO = 0x20800168;
    public static final int NV2080_CTRL_CMD_GPU_GET_OEM_INFO = 0x20800169;
    public static final int NV2080_CTRL_CMD_GPU_GET_VPR_INFO = 0x2080016b;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENCODER_CAPACITY = 0x2080016c;
    public static final int NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_STATS = 0x2080016d;
    public static final int NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO = 0x2080016e;
    public static final int NV2080_CTRL_CMD_GPU_SET_FABRIC_BASE_ADDR = 0x2080016f;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINES_V2 = 0x20800170;
    public static final int NV2080_CTRL_CMD_GPU_QUERY_FUNCTION_STATUS = 0x20800173;
    public static final int NV2080_CTRL_CMD_GPU_SET_PARTITIONS = 0x20800174;
    public static final int NV2080_CTRL_CMD_GPU_GET_PARTITIONS = 0x20800175;
    public static final int NV2080_CTRL_CMD_GPU_REPORT_NON_REPLAYABLE_FAULT = 0x20800177;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINE_RUNLIST_PRI_BASE = 0x20800179;
    public static final int NV2080_CTRL_CMD_GPU_GET_HW_ENGINE_ID = 0x2080017a;
    public static final int NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_STATS = 0x2080017b;
    public static final int NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_INFO = 0x2080017c;
    public static final int NV2080_CTRL_CMD_GPU_GET_VMMU_SEGMENT_SIZE = 0x2080017e;
    public static final int NV2080_CTRL_CMD_GPU_GET_PARTITION_CAPACITY = 0x20800181;
    public static final int NV2080_CTRL_CMD_GPU_GET_CACHED_INFO = 0x20800182;
    public static final int NV2080_CTRL_CMD_GPU_SET_PARTITIONING_MODE = 0x20800183;
    public static final int NV2080_CTRL_CMD_GPU_DESCRIBE_PARTITIONS = 0x20800185;
    public static final int NV2080_CTRL_CMD_GPU_GET_MAX_SUPPORTED_PAGE_SIZE = 0x20800188;
    public static final int NV2080_CTRL_CMD_GPU_GET_ACTIVE_PARTITION_IDS = 0x2080018b;
    public static final int NV2080_CTRL_CMD_GPU_GET_PIDS = 0x2080018d;
    public static final int NV2080_CTRL_CMD_GPU_GET_PID_INFO = 0x2080018e;
    public static final int NV2080_CTRL_CMD_GPU_HANDLE_VF_PRI_FAULT = 0x20800192;
    public static final int NV2080_CTRL_CMD_GPU_GET_COMPUTE_POLICY_CONFIG = 0x20800195;
    public static final int NV2080_CTRL_CMD_GPU_GET_GFID = 0x20800196;
    public static final int NV2080_CTRL_CMD_GPU_UPDATE_GFID_P2P_CAPABILITY = 0x20800197;
    public static final int NV2080_CTRL_CMD_GPU_VALIDATE_MEM_MAP_REQUEST = 0x20800198;
    public static final int NV2080_CTRL_CMD_GPU_GET_ENGINE_LOAD_TIMES = 0x2080019b;
    public static final int NV2080_CTRL_CMD_GPU_GET_SKYLINE_INFO = 0x2080019f;
    public static final int NV2080_CTRL_CMD_GET_P2P_CAPS = 0x208001a0;
    public static final int NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILES = 0x208001a2;
    public static final int NV2080_CTRL_CMD_GET_GPU_FABRIC_PROBE_INFO = 0x208001a3;
    public static final int NV2080_CTRL_CMD_GPU_GET_CHIP_DETAILS = 0x208001a4;
    public static final int NV2080_CTRL_CMD_GPU_MIGRATABLE_OPS = 0x208001a6;
    public static final int NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_RESET = 0x208001a9;
    public static final int NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_RESET = 0x208001aa;
    public static final int NV2080_CTRL_CMD_GPU_GET_RESET_STATUS = 0x208001ab;
    public static final int NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_DRAIN_AND_RESET = 0x208001ac;
    public static final int NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_DRAIN_AND_RESET = 0x208001ad;
    public static final int NV2080_CTRL_CMD_GPU_GET_DRAIN_AND_RESET_STATUS = 0x208001ae;
    public static final int NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO_V2 = 0x208001af;
    public static final int NV2080_CTRL_CMD_GPU_GET_CONSTRUCTED_FALCON_INFO = 0x208001b0;
    public static final int NV2080_CTRL_CMD_GPU_GET_VF_CAPS = 0x208001b1;
    public static final int NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION = 0x208001b2;
    public static final int NV2080_CTRL_GPU_GET_FIPS_STATUS = 0x208001e4;
    public static final int NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILE_CAPACITY = 0x208001e5;
    public static final int NV2080_CTRL_CMD_GPU_GET_FIRST_ASYNC_CE_IDX = 0x208001e6;
    public static final int NV2080_CTRL_CMD_GPU_RPC_GSP_TEST = 0x208001e8;
    public static final int NV2080_CTRL_CMD_GPU_RPC_GSP_QUERY_SIZES = 0x208001e9;
    public static final int NV2080_CTRL_CMD_GPU_FORCE_GSP_UNLOAD = 0x208001eb;
    public static final int NV2080_CTRL_CMD_RUSD_GET_SUPPORTED_FEATURES = 0x208081ea;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080gr.h (580.142)
    public static final int NV2080_CTRL_CMD_GR_GET_INFO = 0x20801201;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_ZCULL_MODE = 0x20801205;
    public static final int NV2080_CTRL_CMD_GR_GET_ZCULL_INFO = 0x20801206;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_PM_MODE = 0x20801207;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_ZCULL_BIND = 0x20801208;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_PM_BIND = 0x20801209;
    public static final int NV2080_CTRL_CMD_GR_SET_GPC_TILE_MAP = 0x2080120a;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_SMPC_MODE = 0x2080120e;
    public static final int NV2080_CTRL_CMD_GR_GET_SM_TO_GPC_TPC_MAPPINGS = 0x2080120f;
    public static final int NV2080_CTRL_CMD_GR_SET_CTXSW_PREEMPTION_MODE = 0x20801210;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_PREEMPTION_BIND = 0x20801211;
    public static final int NV2080_CTRL_CMD_GR_PC_SAMPLING_MODE = 0x20801212;
    public static final int NV2080_CTRL_CMD_GR_GET_ROP_INFO = 0x20801213;
    public static final int NV2080_CTRL_CMD_GR_GET_CTXSW_STATS = 0x20801215;
    public static final int NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_SIZE = 0x20801218;
    public static final int NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_INFO = 0x20801219;
    public static final int NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER = 0x2080121b;
    public static final int NV2080_CTRL_CMD_GR_GET_CURRENT_RESIDENT_CHANNEL = 0x2080121c;
    public static final int NV2080_CTRL_CMD_GR_GET_VAT_ALARM_DATA = 0x2080121d;
    public static final int NV2080_CTRL_CMD_GR_GET_ATTRIBUTE_BUFFER_SIZE = 0x2080121e;
    public static final int NV2080_CTRL_CMD_GR_GFX_POOL_QUERY_SIZE = 0x2080121f;
    public static final int NV2080_CTRL_CMD_GR_GFX_POOL_INITIALIZE = 0x20801220;
    public static final int NV2080_CTRL_CMD_GR_GFX_POOL_ADD_SLOTS = 0x20801221;
    public static final int NV2080_CTRL_CMD_GR_GFX_POOL_REMOVE_SLOTS = 0x20801222;
    public static final int NV2080_CTRL_CMD_GR_GET_CAPS_V2 = 0x20801227;
    public static final int NV2080_CTRL_CMD_GR_GET_INFO_V2 = 0x20801228;
    public static final int NV2080_CTRL_CMD_GR_GET_GPC_MASK = 0x2080122a;
    public static final int NV2080_CTRL_CMD_GR_GET_TPC_MASK = 0x2080122b;
    public static final int NV2080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE = 0x2080122c;
    public static final int NV2080_CTRL_CMD_GR_GET_ENGINE_CONTEXT_PROPERTIES = 0x2080122d;
    public static final int NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER = 0x20801230;
    public static final int NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID = 0x20801231;
    public static final int NV2080_CTRL_CMD_GR_GET_PHYS_GPC_MASK = 0x20801232;
    public static final int NV2080_CTRL_CMD_GR_GET_PPC_MASK = 0x20801233;
    public static final int NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC = 0x20801234;
    public static final int NV2080_CTRL_CMD_GR_GET_CTXSW_MODES = 0x20801235;
    public static final int NV2080_CTRL_CMD_GR_GET_GPC_TILE_MAP = 0x20801236;
    public static final int NV2080_CTRL_CMD_GR_GET_ZCULL_MASK = 0x20801237;
    public static final int NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID_V2 = 0x20801238;
    public static final int NV2080_CTRL_CMD_GR_GET_GFX_GPC_AND_TPC_INFO = 0x20801239;
    public static final int NV2080_CTRL_CMD_GR_CTXSW_SETUP_BIND = 0x2080123a;
    public static final int NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER_V2 = 0x2080123c;
    public static final int NV2080_CTRL_CMD_GR_GET_SM_ISSUE_THROTTLE_CTRL = 0x2080123d;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080grmgr.h (580.142)
    public static final int NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO = 0x20803801;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080gsp.h (580.142)
    public static final int NV2080_CTRL_CMD_GSP_GET_FEATURES = 0x20803601;
    public static final int NV2080_CTRL_CMD_GSP_GET_RM_HEAP_STATS = 0x20803602;
    public static final int NV2080_CTRL_CMD_GSP_GET_VGPU_HEAP_STATS = 0x20803603;
    public static final int NV2080_CTRL_CMD_GSP_GET_LIBOS_HEAP_STATS = 0x20803604;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080hshub.h (580.142)
    public static final int NV2080_CTRL_CMD_HSHUB_GET_AVAILABLE_MASK = 0x20804101;
    public static final int NV2080_CTRL_CMD_HSHUB_SET_EC_THROTTLE_MODE = 0x20804102;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080i2c.h (580.142)
    public static final int NV2080_CTRL_CMD_I2C_READ_BUFFER = 0x20800601;
    public static final int NV2080_CTRL_CMD_I2C_WRITE_BUFFER = 0x20800602;
    public static final int NV2080_CTRL_CMD_I2C_READ_REG = 0x20800603;
    public static final int NV2080_CTRL_CMD_I2C_WRITE_REG = 0x20800604;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080internal.h (580.142)
    public static final int NV2080_CTRL_CMD_INTERNAL_CONTROL_GSP_TRACE = 0x208001e3;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_STATIC_INFO = 0x20800a01;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_RASTER_SYNC_DECODE_MODE = 0x20800a14;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_STATIC_CONFIG = 0x20800a1c;
    public static final int NV2080_CTRL_CMD_INTERNAL_UVM_REGISTER_ACCESS_CNTR_BUFFER = 0x20800a1d;
    public static final int NV2080_CTRL_CMD_INTERNAL_UVM_UNREGISTER_ACCESS_CNTR_BUFFER = 0x20800a1e;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CAPS = 0x20800a1f;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_NVLINK_PEER = 0x20800a21;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_GLOBAL_SM_ORDER = 0x20800a22;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_CORE_CALLBACK = 0x20800a24;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_REMOTE_LOCAL_SID = 0x20800a25;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FLOORSWEEPING_MASKS =
            0x20800a26;
    public static final int NV2080_CTRL_CMD_KGR_GET_CTX_BUFFER_PTES = 0x20800a28;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_ALI_ENABLED = 0x20800a29;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_INFO = 0x20800a2a;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ZCULL_INFO = 0x20800a2c;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ROP_INFO = 0x20800a2e;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PPC_MASKS = 0x20800a30;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CONTEXT_BUFFERS_INFO =
            0x20800a32;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER =
            0x20800a34;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_CHIP_INFO = 0x20800a36;
    public static final int NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_HW_ENABLE = 0x20800a37;
    public static final int NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_HW_ENABLE = 0x20800a38;
    public static final int NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_RD_OFFSET = 0x20800a39;
    public static final int NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_WR_OFFSET = 0x20800a3a;
    public static final int NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_RD_OFFSET = 0x20800a3b;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_RECORD_SIZE = 0x20800a3d;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_TRACE_DEFINES = 0x20800a3f;
    public static final int NV2080_CTRL_CMD_INTERNAL_GET_DEVICE_INFO_TABLE = 0x20800a40;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_USER_REGISTER_ACCESS_MAP = 0x20800a41;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_HSHUB_MUX = 0x20800a42;
    public static final int NV2080_CTRL_CMD_INTERNAL_KMIGMGR_PROMOTE_GPU_INSTANCE_MEM_RANGE =
            0x20800a44;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_DEPENDENCY_CHECK =
            0x20800a45;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_CHECK_CTS_ID_VALID = 0x20800a46;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PDB_PROPERTIES = 0x20800a48;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_WRITE_INST_MEM = 0x20800a49;
    public static final int NV2080_CTRL_CMD_INTERNAL_RECOVER_ALL_COMPUTE_CONTEXTS = 0x20800a4a;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_IP_VERSION = 0x20800a4b;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_SMC_MODE = 0x20800a4c;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_SETUP_RG_LINE_INTR = 0x20800a4d;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_SETUP_NVLINK_PEER = 0x20800a4e;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_SETUP_NVLINK_PEER = 0x20800a50;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PARTITIONABLE_MEM = 0x20800a51;
    public static final int NV2080_CTRL_CMD_INTERNAL_FIFO_PROMOTE_RUNLIST_BUFFERS = 0x20800a53;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_SET_IMP_INIT_INFO = 0x20800a54;
    public static final int NV2080_CTRL_CMD_INTERNAL_GET_EGPU_BRIDGE_INFO = 0x20800a55;
    public static final int NV2080_CTRL_CMD_INTERNAL_LOG_OOB_XID = 0x20800a56;
    public static final int NV2080_CTRL_CMD_INTERNAL_VMMU_GET_SPA_FOR_GPA_ENTRIES = 0x20800a57;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_CHANNEL_PUSHBUFFER = 0x20800a58;
    public static final int NV2080_CTRL_CMD_INTERNAL_GMMU_GET_STATIC_INFO = 0x20800a59;
    public static final int NV2080_CTRL_CMD_INTERNAL_FB_GET_HEAP_RESERVATION_SIZE = 0x20800a5b;
    public static final int NV2080_CTRL_CMD_INTERNAL_INTR_GET_KERNEL_TABLE = 0x20800a5c;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_ACTIVE_DISPLAY_DEVICES =
            0x20800a5d;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_REMOVE_NVLINK_MAPPING = 0x20800a5f;
    public static final int NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_CHANNELS = 0x20800a61;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_SAVE_RESTORE_HSHUB_STATE = 0x20800a62;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PROFILES = 0x20800a63;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_BUFFERREADY = 0x20800a64;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PARTITIONABLE_ENGINES =
            0x20800a65;
    public static final int
            NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_SWIZZ_ID_FB_MEM_PAGE_RANGES = 0x20800a66;
    public static final int NV2080_CTRL_CMD_INTERNAL_KMEMSYS_GET_MIG_MEMORY_CONFIG = 0x20800a67;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED = 0x20800a69;
    public static final int NV2080_CTRL_CMD_INTERNAL_RC_WATCHDOG_TIMEOUT = 0x20800a6a;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_MIG_MEMORY_PARTITION_TABLE =
            0x20800a6b;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_L2_INVALIDATE_EVICT = 0x20800a6c;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_FLUSH_L2_ALL_RAMS_AND_CACHES =
            0x20800a6d;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_DISABLE_NVLINK_PEERS = 0x20800a6e;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_PROGRAM_RAW_COMPRESSION_MODE =
            0x20800a6f;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_FLUSH_WITH_SYSMEMBAR = 0x20800a70;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_LOCAL = 0x20800a71;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_REMOTE = 0x20800a72;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_DESTROY_P2P_MAILBOX = 0x20800a73;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_CREATE_C2C_PEER_MAPPING = 0x20800a74;
    public static final int NV2080_CTRL_CMD_INTERNAL_BUS_REMOVE_C2C_PEER_MAPPING = 0x20800a75;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_UNIX_CONSOLE = 0x20800a76;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_UNIX_CONSOLE = 0x20800a77;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_CURRENT_CONFIG = 0x20800a78;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_MAX_HSHUBS_PER_SHIM = 0x20800a79;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_HFRP_INFO = 0x20800a7a;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_UNSET_DYNAMIC_BOOST_LIMIT = 0x20800a7b;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_PEER_LINK_MASK = 0x20800a7d;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_CONTROL = 0x20800a7e;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_LIMITS = 0x20800a7f;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_GET_INFO = 0x20800a80;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_GET_AUX_POWER_STATE = 0x20800a81;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_LINK_CONNECTION = 0x20800a82;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_LINKS_POST_TOPOLOGY = 0x20800a83;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_LINK_TRAIN_ALI = 0x20800a84;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_MASK_POST_RX_DET = 0x20800a85;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_LINK_TRAIN_ALI = 0x20800a86;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_NVLINK_DEVICE_INFO = 0x20800a87;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_PEER_CONN_CONFIG = 0x20800a88;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_HSHUB_ID_FOR_LINKS = 0x20800a8a;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_NUM_UNITS = 0x20800a8b;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_NEXT_HSHUB_ID = 0x20800a8c;
    public static final int NV2080_CTRL_CMD_INTERNAL_HSHUB_EGM_CONFIG = 0x20800a8d;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_IOCTRL_DEVICE_INFO = 0x20800a8e;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_LINK_SPEED = 0x20800a8f;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_ARE_LINKS_TRAINED = 0x20800a90;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_RESET_LINKS = 0x20800a91;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_DISABLE_DL_INTERRUPTS = 0x20800a92;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_AND_CLOCK_INFO = 0x20800a93;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_SETUP_NVLINK_SYSMEM = 0x20800a94;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_PROCESS_FORCED_CONFIGS = 0x20800a95;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_SYNC_NVLINK_SHUTDOWN_PROPS = 0x20800a96;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_SYSMEM_NVLINK_ATS = 0x20800a97;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_CHECK =
            0x20800a98;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_SET =
            0x20800a99;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_2X = 0x20800a9a;
    public static final int NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_FAULT_BUFFER = 0x20800a9b;
    public static final int NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_FAULT_BUFFER = 0x20800a9c;
    public static final int NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_CLIENT_SHADOW_FAULT_BUFFER =
            0x20800a9d;
    public static final int NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_CLIENT_SHADOW_FAULT_BUFFER =
            0x20800a9e;
    public static final int
            NV2080_CTRL_CMD_INTERNAL_GMMU_COPY_RESERVED_SPLIT_GVASPACE_PDES_TO_SERVER = 0x20800a9f;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_3X = 0x20800aa0;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_CLEAR_3X = 0x20800aa1;
    public static final int NV2080_CTRL_CMD_INTERNAL_KMIGMGR_EXPORT_GPU_INSTANCE = 0x20800aa7;
    public static final int NV2080_CTRL_CMD_INTERNAL_KMIGMGR_IMPORT_GPU_INSTANCE = 0x20800aa9;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_HSHUB_GET_SYSMEM_NVLINK_MASK =
            0x20800aab;
    public static final int NV2080_CTRL_CMD_INTERNAL_BIF_GET_STATIC_INFO = 0x20800aac;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_COMPUTE_PEER_ADDR = 0x20800aad;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_SET_NVSWITCH_FABRIC_ADDR =
            0x20800aae;
    public static final int NV2080_CTRL_CMD_INTERNAL_BIF_GET_ASPM_L1_FLAGS = 0x20800ab0;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_CF_CONTROLLERS_SET_MAX_VGPU_VM_COUNT =
            0x20800ab1;
    public static final int NV2080_CTRL_CMD_INTERNAL_CCU_GET_SAMPLE_INFO = 0x20800ab2;
    public static final int NV2080_CTRL_CMD_INTERNAL_CCU_MAP = 0x20800ab3;
    public static final int NV2080_CTRL_CMD_INTERNAL_CCU_UNMAP = 0x20800ab4;
    public static final int NV2080_CTRL_CMD_INTERNAL_SET_P2P_CAPS = 0x20800ab5;
    public static final int NV2080_CTRL_CMD_INTERNAL_REMOVE_P2P_CAPS = 0x20800ab6;
    public static final int NV2080_CTRL_CMD_INTERNAL_GET_PCIE_P2P_CAPS = 0x20800ab8;
    public static final int NV2080_CTRL_CMD_INTERNAL_BIF_SET_PCIE_RO = 0x20800ab9;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_COMPUTE_PROFILES =
            0x20800aba;
    public static final int NV2080_CTRL_CMD_INTERNAL_CCU_SET_STREAM_STATE = 0x20800abd;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_ATTACH_AND_INIT = 0x20800abe;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_OPTIMIZE_TIMING_PARAMETERS = 0x20800abf;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_DISPLAY_IDS = 0x20800ac0;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_STREO_SYNC = 0x20800ac1;
    public static final int NV2080_CTRL_CMD_INTERNAL_FBSR_INIT = 0x20800ac2;
    public static final int NV2080_CTRL_CMD_INTERNAL_FIFO_TOGGLE_ACTIVE_CHANNEL_SCHEDULING =
            0x20800ac3;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_VERTICAL_ACTIVE_LINES = 0x20800ac4;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMMGR_GET_VGPU_CONFIG_HOST_RESERVED_FB =
            0x20800ac5;
    public static final int NV2080_CTRL_CMD_INTERNAL_INIT_BRIGHTC_STATE_LOAD = 0x20800ac6;
    public static final int NV2080_CTRL_INTERNAL_NVLINK_GET_NUM_ACTIVE_LINK_PER_IOCTRL = 0x20800ac7;
    public static final int NV2080_CTRL_INTERNAL_NVLINK_GET_TOTAL_NUM_LINK_PER_IOCTRL = 0x20800ac8;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_IS_DISPLAYID_VALID = 0x20800ac9;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_OR_RESTORE_RASTER_SYNC = 0x20800aca;
    public static final int NV2080_CTRL_CMD_INTERNAL_SMBPBI_PFM_REQ_HNDLR_CAP_UPDATE = 0x20800acb;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_STATE_LOAD_SYNC =
            0x20800acc;
    public static final int NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_STATE_INIT_SYNC =
            0x20800acd;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_PM1_STATE = 0x20800ace;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_PM1_STATE = 0x20800acf;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_UPDATE_EDPP_LIMIT =
            0x20800ad0;
    public static final int NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_UPDATE_TGPU_LIMIT =
            0x20800ad1;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TGP_MODE =
            0x20800ad2;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TURBO_V2 =
            0x20800ad3;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_INFO =
            0x20800ad4;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_MAPPING =
            0x20800ad5;
    public static final int NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_VPSTATE = 0x20800ad6;
    public static final int NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_SECURE_CHANNELS = 0x20800ad8;
    public static final int NV2080_CTRL_CMD_INTERNAL_BIF_DISABLE_SYSTEM_MEMORY_ACCESS = 0x20800adb;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISP_PINSETS_TO_LOCKPINS = 0x20800adc;
    public static final int NV2080_CTRL_CMD_INTERNAL_DETECT_HS_VIDEO_BRIDGE = 0x20800add;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISP_SET_SLI_LINK_GPIO_SW_CONTROL = 0x20800ade;
    public static final int NV2080_CTRL_CMD_INTERNAL_SET_STATIC_EDID_DATA = 0x20800adf;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_SWL_KEYS = 0x20800ae1;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_LCE_KEYS = 0x20800ae2;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_ROTATE_KEYS = 0x20800ae5;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_RC_CHANNELS_FOR_KEY_ROTATION =
            0x20800ae6;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_GPU_STATE = 0x20800ae7;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_SECURITY_POLICY = 0x20800ae8;
    public static final int NV2080_CTRL_INTERNAL_GPU_CLIENT_LOW_POWER_MODE_ENTER = 0x20800ae9;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_FATAL_ERROR_RECOVERY = 0x20800aea;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_GSP_RM_FREE_HEAP = 0x20800aeb;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_SET_ILLUM = 0x20800aec;
    public static final int NV2080_CTRL_CMD_INTERNAL_GSYNC_APPLY_STEREO_PIN_ALWAYS_HI_WAR =
            0x20800aed;
    public static final int NV2080_CTRL_CMD_INTERNAL_GPU_GET_PF_BAR1_SPA = 0x20800aee;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_ACPI_SUBSYSTEM_ACTIVATED = 0x20800af0;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_MODESET = 0x20800af1;
    public static final int NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_MODESET = 0x20800af2;
    public static final int NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_GET_STATIC_INFO = 0x20800af3;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMMGR_MEMORY_TRANSFER_WITH_GSP = 0x20800afa;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_LOCAL_ATS_CONFIG = 0x20800afb;
    public static final int NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PEER_ATS_CONFIG = 0x20800afc;
    public static final int NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_GET_EDPP_LIMIT_INFO =
            0x20800afd;
    public static final int NV2080_CTRL_CMD_INTERNAL_INIT_USER_SHARED_DATA = 0x20800afe;
    public static final int NV2080_CTRL_CMD_INTERNAL_USER_SHARED_DATA_SET_DATA_POLL = 0x20800aff;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_REPLAY_SUPPRESSED_ERRORS = 0x20800b01;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER_V2 =
            0x20800b03;
    public static final int NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_THROTTLE_CTRL =
            0x20800b05;
    public static final int NV2080_CTRL_CMD_INTERNAL_NVLINK_RC_USER_MODE_CHANNELS = 0x20800b08;
    public static final int NV2080_CTRL_CMD_INTERNAL_GCX_ENTRY_PREREQUISITE = 0x2080a7d7;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080lpwr.h (580.142)
    public static final int NV2080_CTRL_CMD_LPWR_DIFR_CTRL = 0x20802801;
    public static final int NV2080_CTRL_CMD_LPWR_DIFR_PREFETCH_RESPONSE = 0x20802802;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080mc.h (580.142)
    public static final int NV2080_CTRL_CMD_MC_GET_ARCH_INFO = 0x20801701;
    public static final int NV2080_CTRL_CMD_MC_SERVICE_INTERRUPTS = 0x20801702;
    public static final int NV2080_CTRL_CMD_MC_GET_MANUFACTURER = 0x20801703;
    public static final int NV2080_CTRL_CMD_MC_CHANGE_REPLAYABLE_FAULT_OWNERSHIP = 0x2080170c;
    public static final int NV2080_CTRL_CMD_MC_GET_ENGINE_NOTIFICATION_INTR_VECTORS = 0x2080170d;
    public static final int NV2080_CTRL_CMD_MC_GET_STATIC_INTR_TABLE = 0x2080170e;
    public static final int NV2080_CTRL_CMD_MC_GET_INTR_CATEGORY_SUBTREE_MAP = 0x2080170f;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080nvd.h (580.142)
    public static final int NV2080_CTRL_CMD_NVD_GET_DUMP_SIZE = 0x20802401;
    public static final int NV2080_CTRL_CMD_NVD_GET_DUMP = 0x20802402;
    public static final int NV2080_CTRL_CMD_NVD_GET_NOCAT_JOURNAL = 0x20802409;
    public static final int NV2080_CTRL_CMD_NVD_SET_NOCAT_JOURNAL_DATA = 0x2080240b;
    public static final int NV2080_CTRL_CMD_NVD_INSERT_NOCAT_JOURNAL_RECORD = 0x2080240c;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080nvlink.h (580.142)
    public static final int NV2080_CTRL_CMD_NVLINK_GET_NVLINK_CAPS = 0x20803001;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_NVLINK_STATUS = 0x20803002;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_ERR_INFO = 0x20803003;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_COUNTERS = 0x20803004;
    public static final int NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS = 0x20803005;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_LINK_FATAL_ERROR_COUNTS = 0x20803009;
    public static final int NV2080_CTRL_CMD_NVLINK_SETUP_EOM = 0x2080300c;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_POWER_STATE = 0x2080300e;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_LINK_FOM_VALUES = 0x20803011;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_NVLINK_ECC_ERRORS = 0x20803014;
    public static final int NV2080_CTRL_CMD_NVLINK_READ_TP_COUNTERS = 0x20803015;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_LP_COUNTERS = 0x20803018;
    public static final int NV2080_CTRL_CMD_NVLINK_SET_LOOPBACK_MODE = 0x20803023;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_REFRESH_COUNTERS = 0x20803028;
    public static final int NV2080_CTRL_CMD_NVLINK_CLEAR_REFRESH_COUNTERS = 0x20803029;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_SET_NVSWITCH_FLA_ADDR = 0x20803038;
    public static final int NV2080_CTRL_CMD_NVLINK_SYNC_LINK_MASKS_AND_VBIOS_INFO = 0x20803039;
    public static final int NV2080_CTRL_CMD_NVLINK_ENABLE_LINKS = 0x2080303a;
    public static final int NV2080_CTRL_CMD_NVLINK_PROCESS_INIT_DISABLED_LINKS = 0x2080303b;
    public static final int NV2080_CTRL_CMD_NVLINK_EOM_CONTROL = 0x2080303c;
    public static final int NV2080_CTRL_CMD_NVLINK_SET_L1_THRESHOLD = 0x2080303e;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_L1_THRESHOLD = 0x2080303f;
    public static final int NV2080_CTRL_CMD_NVLINK_INBAND_SEND_DATA = 0x20803040;
    public static final int NV2080_CTRL_CMD_NVLINK_IS_GPU_DEGRADED = 0x20803041;
    public static final int NV2080_CTRL_CMD_NVLINK_DIRECT_CONNECT_CHECK = 0x20803042;
    public static final int NV2080_CTRL_CMD_NVLINK_POST_FAULT_UP = 0x20803043;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_PORT_EVENTS = 0x20803044;
    public static final int NV2080_CTRL_CMD_NVLINK_IS_REDUCED_CONFIG = 0x20803046;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PAOS = 0x20803047;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_COUNTERS_V2 = 0x20803050;
    public static final int NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS_V2 = 0x20803051;
    public static final int NV2080_CTRL_CMD_NVLINK_CLEAR_LP_COUNTERS = 0x20803052;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLTC = 0x20803053;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLM = 0x20803054;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLC = 0x20803055;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCAM = 0x20803056;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTECR = 0x2080305c;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEWE = 0x2080305e;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSDE = 0x2080305f;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTCAP = 0x20803061;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMTU = 0x20803062;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMLP = 0x20803064;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_GHPKT = 0x20803065;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PDDR = 0x20803066;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPTT = 0x20803068;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPCNT = 0x20803069;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MGIR = 0x2080306a;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPAOS = 0x2080306b;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPHCR = 0x2080306c;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLTP = 0x2080306d;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PGUID = 0x2080306e;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRT = 0x2080306f;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTYS = 0x20803070;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLRG = 0x20803071;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMAOS = 0x20803072;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLR = 0x20803073;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_COUNTERS = 0x20803074;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MORD = 0x20803075;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CAP = 0x20803076;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CONF = 0x20803077;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CTRL = 0x20803078;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEIM = 0x20803079;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIE = 0x2080307a;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIM = 0x2080307b;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MPSCR = 0x2080307c;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSR = 0x2080307d;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLS = 0x2080307e;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MLPC = 0x2080307f;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLIB = 0x20803080;
    public static final int NV2080_CTRL_CMD_NVLINK_SET_HW_ERROR_INJECT = 0x20803081;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_HW_ERROR_INJECT = 0x20803082;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO = 0x20803083;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_BW_MODE = 0x20803085;
    public static final int NV2080_CTRL_CMD_NVLINK_SET_BW_MODE = 0x20803086;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_BW_MODE = 0x20803087;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_LOCAL_DEVICE_INFO = 0x20803088;
    public static final int NV2080_CTRL_CMD_NVLINK_INJECT_SW_ERROR = 0x20803089;
    public static final int NV2080_CTRL_CMD_NVLINK_POST_LAZY_ERROR_RECOVERY = 0x2080308a;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_NVLE_ENCRYPT_EN_INFO = 0x2080308b;
    public static final int NV2080_CTRL_NVLINK_UPDATE_NVLE_TOPOLOGY = 0x2080308c;
    public static final int NV2080_CTRL_NVLINK_GET_NVLE_LIDS = 0x2080308d;
    public static final int NV2080_CTRL_CMD_NVLINK_CONFIGURE_L1_TOGGLE = 0x2080308e;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_L1_TOGGLE = 0x2080308f;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCSR = 0x20803090;
    public static final int NV2080_CTRL_NVLINK_GET_FIRMWARE_VERSION_INFO = 0x20803091;
    public static final int NV2080_CTRL_CMD_NVLINK_SET_NVLE_ENABLED_STATE = 0x20803092;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTASV2 = 0x20803093;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLLM_5NM = 0x20803094;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS = 0x20803095;
    public static final int NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRM = 0x20803096;
    public static final int NV2080_CTRL_CMD_NVLINK_SAVE_NODE_HOSTNAME = 0x2080309a;
    public static final int NV2080_CTRL_CMD_NVLINK_GET_SAVED_NODE_HOSTNAME = 0x2080309b;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080perf.h (580.142)
    public static final int NV2080_CTRL_CMD_PERF_BOOST = 0x2080200a;
    public static final int NV2080_CTRL_CMD_PERF_GET_LEVEL_INFO_V2 = 0x2080200b;
    public static final int NV2080_CTRL_CMD_PERF_GET_POWERSTATE = 0x2080205a;
    public static final int NV2080_CTRL_CMD_PERF_SET_POWERSTATE = 0x2080205b;
    public static final int NV2080_CTRL_CMD_PERF_NOTIFY_VIDEOEVENT = 0x2080205d;
    public static final int NV2080_CTRL_CMD_PERF_GET_CURRENT_PSTATE = 0x20802068;
    public static final int NV2080_CTRL_CMD_PERF_GET_TEGRA_PERFMON_SAMPLE = 0x20802069;
    public static final int NV2080_CTRL_CMD_PERF_RATED_TDP_GET_CONTROL = 0x2080206e;
    public static final int NV2080_CTRL_CMD_PERF_RATED_TDP_SET_CONTROL = 0x2080206f;
    public static final int NV2080_CTRL_CMD_PERF_GET_VID_ENG_PERFMON_SAMPLE = 0x20802087;
    public static final int NV2080_CTRL_CMD_PERF_SET_AUX_POWER_STATE = 0x20802092;
    public static final int NV2080_CTRL_CMD_PERF_RESERVE_PERFMON_HW = 0x20802093;
    public static final int NV2080_CTRL_CMD_PERF_GET_GPUMON_PERFMON_UTIL_SAMPLES_V2 = 0x20802096;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080pmgr.h (580.142)
    public static final int NV2080_CTRL_CMD_PMGR_GET_MODULE_INFO = 0x20802609;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080power.h (580.142)
    public static final int NV2080_CTRL_CMD_GC6_ENTRY = 0x2080270d;
    public static final int NV2080_CTRL_CMD_GC6_EXIT = 0x2080270e;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080rc.h (580.142)
    public static final int NV2080_CTRL_CMD_RC_READ_VIRTUAL_MEM = 0x20802204;
    public static final int NV2080_CTRL_CMD_RC_GET_ERROR_COUNT = 0x20802205;
    public static final int NV2080_CTRL_CMD_RC_SET_CLEAN_ERROR_HISTORY = 0x20802207;
    public static final int NV2080_CTRL_CMD_RC_GET_WATCHDOG_INFO = 0x20802209;
    public static final int NV2080_CTRL_CMD_RC_DISABLE_WATCHDOG = 0x2080220a;
    public static final int NV2080_CTRL_CMD_RC_ENABLE_WATCHDOG = 0x2080220b;
    public static final int NV2080_CTRL_CMD_RC_RELEASE_WATCHDOG_REQUESTS = 0x2080220c;
    public static final int NV2080_CTRL_CMD_SET_RC_RECOVERY = 0x2080220d;
    public static final int NV2080_CTRL_CMD_GET_RC_RECOVERY = 0x2080220e;
    public static final int NV2080_CTRL_CMD_RC_SOFT_DISABLE_WATCHDOG = 0x20802210;
    public static final int NV2080_CTRL_CMD_SET_RC_INFO = 0x20802211;
    public static final int NV2080_CTRL_CMD_GET_RC_INFO = 0x20802212;
    public static final int NV2080_CTRL_CMD_RC_GET_ERROR_V2 = 0x20802213;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080spdm.h (580.142)
    public static final int NV2080_CTRL_INTERNAL_SPDM_PARTITION = 0x20800ad9;
    public static final int NV2080_CTRL_INTERNAL_SPDM_RETRIEVE_TRANSCRIPT = 0x20800ada;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080thermal.h (580.142)
    public static final int NV2080_CTRL_CMD_THERMAL_SYSTEM_EXECUTE_V2 = 0x20800513;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080tmr.h (580.142)
    public static final int NV2080_CTRL_CMD_TIMER_SCHEDULE = 0x20800401;
    public static final int NV2080_CTRL_CMD_TIMER_CANCEL = 0x20800402;
    public static final int NV2080_CTRL_CMD_TIMER_GET_TIME = 0x20800403;
    public static final int NV2080_CTRL_CMD_TIMER_GET_REGISTER_OFFSET = 0x20800404;
    public static final int NV2080_CTRL_CMD_TIMER_GET_GPU_CPU_TIME_CORRELATION_INFO = 0x20800406;
    public static final int NV2080_CTRL_CMD_TIMER_SET_GR_TICK_FREQ = 0x20800407;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080unix.h (580.142)
    public static final int NV2080_CTRL_CMD_OS_UNIX_GC6_BLOCKER_REFCNT = 0x20803d01;
    public static final int NV2080_CTRL_CMD_OS_UNIX_ALLOW_DISALLOW_GCOFF = 0x20803d02;
    public static final int NV2080_CTRL_CMD_OS_UNIX_AUDIO_DYNAMIC_POWER = 0x20803d03;
    public static final int NV2080_CTRL_CMD_OS_UNIX_VIDMEM_PERSISTENCE_STATUS = 0x20803d07;
    public static final int NV2080_CTRL_CMD_OS_UNIX_UPDATE_TGP_STATUS = 0x20803d08;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080vgpumgrinternal.h (580.142)
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_BOOTLOAD_GSP_VGPU_PLUGIN_TASK =
            0x20804001;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SHUTDOWN_GSP_VGPU_PLUGIN_TASK =
            0x20804002;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_PGPU_ADD_VGPU_TYPE = 0x20804003;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_ENUMERATE_VGPU_PER_PGPU = 0x20804004;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_CLEAR_GUEST_VM_INFO = 0x20804005;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_VGPU_FB_USAGE = 0x20804006;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_ENCODER_CAPACITY =
            0x20804007;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_VGPU_PLUGIN_CLEANUP = 0x20804008;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_FS_ENCODING = 0x20804009;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_MIGRATION_SUPPORT =
            0x2080400a;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MGR_CONFIG = 0x2080400b;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_FREE_STATES = 0x2080400c;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_FRAME_RATE_LIMITER_STATUS =
            0x2080400d;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_HETEROGENEOUS_MODE =
            0x2080400e;
    public static final int NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MIG_TIMESLICE_MODE =
            0x2080400f;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208fbif.h (580.142)
    public static final int NV208F_CTRL_CMD_BIF_PBI_WRITE_COMMAND = 0x208f0701;
    public static final int NV208F_CTRL_CMD_BIF_CONFIG_REG_READ = 0x208f0702;
    public static final int NV208F_CTRL_CMD_BIF_CONFIG_REG_WRITE = 0x208f0703;
    public static final int NV208F_CTRL_CMD_BIF_INFO = 0x208f0704;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208ffb.h (580.142)
    public static final int NV208F_CTRL_CMD_FB_CTRL_GPU_CACHE = 0x208f0506;
    public static final int NV208F_CTRL_CMD_FB_ECC_SET_KILL_PTR = 0x208f050e;
    public static final int NV208F_CTRL_CMD_FB_ECC_INJECTION_SUPPORTED = 0x208f0510;
    public static final int NV208F_CTRL_CMD_FB_ECC_SET_WRITE_KILL = 0x208f0511;
    public static final int NV208F_CTRL_CMD_FB_CLEAR_REMAPPED_ROWS = 0x208f0515;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208ffifo.h (580.142)
    public static final int NV208F_CTRL_CMD_FIFO_CHECK_ENGINE_CONTEXT = 0x208f0401;
    public static final int NV208F_CTRL_CMD_FIFO_GET_CHANNEL_STATE = 0x208f0403;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208fgpu.h (580.142)
    public static final int NV208F_CTRL_CMD_GPU_GET_RAM_SVOP_VALUES = 0x208f1101;
    public static final int NV208F_CTRL_CMD_GPU_SET_RAM_SVOP_VALUES = 0x208f1102;
    public static final int NV208F_CTRL_CMD_GPU_VERIFY_INFOROM = 0x208f1105;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208fgr.h (580.142)
    public static final int NV208F_CTRL_CMD_GR_INJECT_CTXSW_UCODE_ERROR = 0x208f1206;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl208f/ctrl208fucodecoverage.h (580.142)
    public static final int NV208F_CTRL_CMD_UCODE_COVERAGE_GET_STATE = 0x208f1901;
    public static final int NV208F_CTRL_CMD_UCODE_COVERAGE_SET_STATE = 0x208f1902;
    public static final int NV208F_CTRL_CMD_UCODE_COVERAGE_GET_DATA = 0x208f1903;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl30f1.h (580.142)
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_VERSION = 0x30f10101;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SIGNALS = 0x30f10102;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_PARAMS = 0x30f10103;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_PARAMS = 0x30f10104;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CAPS = 0x30f10105;
    public static final int NV30F1_CTRL_CMD_GET_GSYNC_GPU_TOPOLOGY = 0x30f10106;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SYNC = 0x30f10110;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SYNC = 0x30f10111;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_UNSYNC = 0x30f10112;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SYNC = 0x30f10113;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_STATUS = 0x30f10114;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_TESTING = 0x30f10120;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_TESTING = 0x30f10121;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_WATCHDOG = 0x30f10130;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_INTERLACE_MODE = 0x30f10140;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_INTERLACE_MODE = 0x30f10141;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_BARRIER = 0x30f10150;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SWAP_BARRIER = 0x30f10151;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_LOCK_WINDOW = 0x30f10153;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_OPTIMIZED_TIMING = 0x30f10160;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_EVENT_NOTIFICATION = 0x30f10170;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_STEREO_LOCK_MODE = 0x30f10172;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_STEREO_LOCK_MODE = 0x30f10173;
    public static final int NV30F1_CTRL_CMD_GSYNC_READ_REGISTER = 0x30f10180;
    public static final int NV30F1_CTRL_CMD_GSYNC_WRITE_REGISTER = 0x30f10181;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_LOCAL_SYNC = 0x30f10185;
    public static final int NV30F1_CTRL_CMD_GSYNC_CONFIG_FLASH = 0x30f10186;
    public static final int NV30F1_CTRL_CMD_GSYNC_GET_HOUSE_SYNC_MODE = 0x30f10187;
    public static final int NV30F1_CTRL_CMD_GSYNC_SET_HOUSE_SYNC_MODE = 0x30f10188;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl402c.h (580.142)
    public static final int NV402C_CTRL_CMD_I2C_GET_PORT_INFO = 0x402c0101;
    public static final int NV402C_CTRL_CMD_I2C_INDEXED = 0x402c0102;
    public static final int NV402C_CTRL_CMD_I2C_GET_PORT_SPEED = 0x402c0103;
    public static final int NV402C_CTRL_CMD_I2C_TABLE_GET_DEV_INFO = 0x402c0104;
    public static final int NV402C_CTRL_CMD_I2C_TRANSACTION = 0x402c0105;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl503c.h (580.142)
    public static final int NV503C_CTRL_CMD_REGISTER_VA_SPACE = 0x503c0102;
    public static final int NV503C_CTRL_CMD_UNREGISTER_VA_SPACE = 0x503c0103;
    public static final int NV503C_CTRL_CMD_REGISTER_VIDMEM = 0x503c0104;
    public static final int NV503C_CTRL_CMD_UNREGISTER_VIDMEM = 0x503c0105;
    public static final int NV503C_CTRL_CMD_REGISTER_PID = 0x503c0106;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl506f.h (580.142)
    public static final int NV506F_CTRL_CMD_RESET_ISOLATED_CHANNEL = 0x506f0105;
    public static final int NV506F_CTRL_CMD_INTERNAL_RESET_ISOLATED_CHANNEL = 0x506f0106;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl5070/ctrl5070chnc.h (580.142)
    public static final int NV5070_CTRL_CMD_GET_PINSET_COUNT = 0x50700115;
    public static final int NV5070_CTRL_CMD_GET_PINSET_PEER = 0x50700116;
    public static final int NV5070_CTRL_CMD_SET_RMFREE_FLAGS = 0x50700117;
    public static final int NV5070_CTRL_CMD_IMP_SET_GET_PARAMETER = 0x50700118;
    public static final int NV5070_CTRL_CMD_SET_MEMPOOL_WAR_FOR_BLIT_TEARING = 0x50700119;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl5070/ctrl5070or.h (580.142)
    public static final int NV5070_CTRL_CMD_GET_SOR_OP_MODE = 0x50700422;
    public static final int NV5070_CTRL_CMD_SET_SOR_OP_MODE = 0x50700423;
    public static final int NV5070_CTRL_CMD_SET_SOR_FLUSH_MODE = 0x50700457;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl5070/ctrl5070rg.h (580.142)
    public static final int NV5070_CTRL_CMD_GET_RG_STATUS = 0x50700202;
    public static final int NV5070_CTRL_CMD_GET_RG_UNDERFLOW_PROP = 0x50700203;
    public static final int NV5070_CTRL_CMD_SET_RG_UNDERFLOW_PROP = 0x50700204;
    public static final int NV5070_CTRL_CMD_GET_RG_FLIPLOCK_PROP = 0x50700205;
    public static final int NV5070_CTRL_CMD_SET_RG_FLIPLOCK_PROP = 0x50700206;
    public static final int NV5070_CTRL_CMD_GET_RG_CONNECTED_LOCKPIN_STATELESS = 0x5070020a;
    public static final int NV5070_CTRL_CMD_GET_PINSET_LOCKPINS = 0x5070020b;
    public static final int NV5070_CTRL_CMD_GET_RG_SCAN_LINE = 0x5070020c;
    public static final int NV5070_CTRL_CMD_GET_FRAMELOCK_HEADER_LOCKPINS = 0x5070020d;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl5070/ctrl5070system.h (580.142)
    public static final int NV5070_CTRL_CMD_SYSTEM_GET_CAPS_V2 = 0x50700709;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl5080.h (580.142)
    public static final int NV5080_CTRL_CMD_DEFERRED_API = 0x50800101;
    public static final int NV5080_CTRL_CMD_REMOVE_API = 0x50800102;
    public static final int NV5080_CTRL_CMD_DEFERRED_API_V2 = 0x50800103;
    public static final int NV5080_CTRL_CMD_DEFERRED_API_INTERNAL = 0x50800104;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl83de/ctrl83dedebug.h (580.142)
    public static final int NV83DE_CTRL_CMD_SM_DEBUG_MODE_ENABLE = 0x83de0301;
    public static final int NV83DE_CTRL_CMD_SM_DEBUG_MODE_DISABLE = 0x83de0302;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_DEBUG = 0x83de0307;
    public static final int NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_DEBUG = 0x83de0308;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_EXCEPTION_MASK = 0x83de0309;
    public static final int NV83DE_CTRL_CMD_DEBUG_READ_SINGLE_SM_ERROR_STATE = 0x83de030b;
    public static final int NV83DE_CTRL_CMD_DEBUG_READ_ALL_SM_ERROR_STATES = 0x83de030c;
    public static final int NV83DE_CTRL_CMD_DEBUG_CLEAR_SINGLE_SM_ERROR_STATE = 0x83de030f;
    public static final int NV83DE_CTRL_CMD_DEBUG_CLEAR_ALL_SM_ERROR_STATES = 0x83de0310;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_NEXT_STOP_TRIGGER_TYPE = 0x83de0313;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_STEP_INTERRUPT_HANDLING = 0x83de0314;
    public static final int NV83DE_CTRL_CMD_DEBUG_READ_MEMORY = 0x83de0315;
    public static final int NV83DE_CTRL_CMD_DEBUG_WRITE_MEMORY = 0x83de0316;
    public static final int NV83DE_CTRL_CMD_DEBUG_SUSPEND_CONTEXT = 0x83de0317;
    public static final int NV83DE_CTRL_CMD_DEBUG_RESUME_CONTEXT = 0x83de0318;
    public static final int NV83DE_CTRL_CMD_READ_SURFACE = 0x83de031a;
    public static final int NV83DE_CTRL_CMD_WRITE_SURFACE = 0x83de031b;
    public static final int NV83DE_CTRL_CMD_GET_MAPPINGS = 0x83de031c;
    public static final int NV83DE_CTRL_CMD_DEBUG_EXEC_REG_OPS = 0x83de031d;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_MODE_ERRBAR_DEBUG = 0x83de031f;
    public static final int NV83DE_CTRL_CMD_DEBUG_GET_MODE_ERRBAR_DEBUG = 0x83de0320;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SINGLE_STEP = 0x83de0321;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_STOP_TRIGGER = 0x83de0322;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_RUN_TRIGGER = 0x83de0323;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SKIP_IDLE_WARP_DETECT = 0x83de0324;
    public static final int NV83DE_CTRL_CMD_DEBUG_GET_SINGLE_SM_DEBUGGER_STATUS = 0x83de0325;
    public static final int NV83DE_CTRL_CMD_DEBUG_READ_BATCH_MEMORY = 0x83de0326;
    public static final int NV83DE_CTRL_CMD_DEBUG_WRITE_BATCH_MEMORY = 0x83de0327;
    public static final int NV83DE_CTRL_CMD_DEBUG_READ_MMU_FAULT_INFO = 0x83de0328;
    public static final int NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_GCC_DEBUG = 0x83de032a;
    public static final int NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_GCC_DEBUG = 0x83de032b;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl9010.h (580.142)
    public static final int NV9010_CTRL_CMD_SET_VBLANK_NOTIFICATION = 0x90100101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl9067.h (580.142)
    public static final int NV9067_CTRL_CMD_SET_TPC_PARTITION_TABLE = 0x90670102;
    public static final int NV9067_CTRL_CMD_GET_CWD_WATERMARK = 0x90670201;
    public static final int NV9067_CTRL_CMD_SET_CWD_WATERMARK = 0x90670202;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl906f.h (580.142)
    public static final int NV906F_CTRL_GET_CLASS_ENGINEID = 0x906f0101;
    public static final int NV906F_CTRL_CMD_RESET_CHANNEL = 0x906f0102;
    public static final int NV906F_CTRL_CMD_GET_DEFER_RC_STATE = 0x906f0105;
    public static final int NV906F_CTRL_CMD_GET_MMU_FAULT_INFO = 0x906f0106;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl9072.h (580.142)
    public static final int NV9072_CTRL_CMD_NOTIFY_ON_VBLANK = 0x90720101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl9074.h (580.142)
    public static final int NV9074_CTRL_CMD_FLUSH = 0x90740101;
    public static final int NV9074_CTRL_CMD_GET_TIME = 0x90740102;
    public static final int NV9074_CTRL_CMD_RELEASE = 0x90740103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl9096.h (580.142)
    public static final int NV9096_CTRL_CMD_SET_ZBC_COLOR_CLEAR = 0x90960101;
    public static final int NV9096_CTRL_CMD_SET_ZBC_DEPTH_CLEAR = 0x90960102;
    public static final int NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE = 0x90960103;
    public static final int NV9096_CTRL_CMD_SET_ZBC_CLEAR_TABLE = 0x90960104;
    public static final int NV9096_CTRL_CMD_SET_ZBC_STENCIL_CLEAR = 0x90960105;
    public static final int NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_SIZE = 0x90960106;
    public static final int NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_ENTRY = 0x90960107;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90cc/ctrl90cchwpm.h (580.142)
    public static final int NV90CC_CTRL_CMD_HWPM_RESERVE = 0x90cc0101;
    public static final int NV90CC_CTRL_CMD_HWPM_RELEASE = 0x90cc0102;
    public static final int NV90CC_CTRL_CMD_HWPM_GET_RESERVATION_INFO = 0x90cc0103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90cc/ctrl90ccpower.h (580.142)
    public static final int NV90CC_CTRL_CMD_POWER_REQUEST_FEATURES = 0x90cc0301;
    public static final int NV90CC_CTRL_CMD_POWER_RELEASE_FEATURES = 0x90cc0302;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90cd.h (580.142)
    public static final int NV_EVENT_BUFFER_CTRL_CMD_ENABLE_EVENTS = 0x90cd0101;
    public static final int NV_EVENT_BUFFER_CTRL_CMD_UPDATE_GET = 0x90cd0102;
    public static final int NV_EVENT_BUFFER_CTRL_CMD_FLUSH = 0x90cd0104;
    public static final int NV_EVENT_BUFFER_CTRL_CMD_POST_TELEMETRY_EVENT = 0x90cd0105;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90e6.h (580.142)
    public static final int NV90E6_CTRL_CMD_MASTER_GET_ERROR_INTR_OFFSET_MASK = 0x90e60101;
    public static final int NV90E6_CTRL_CMD_MASTER_GET_VIRTUAL_FUNCTION_ERROR_CONT_INTR_MASK =
            0x90e60102;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90e7/ctrl90e7bbx.h (580.142)
    public static final int NV90E7_CTRL_CMD_BBX_GET_LAST_FLUSH_TIME = 0x90e70113;
    public static final int NV90E7_CTRL_CMD_BBX_IS_NVM_FLUSH_ENABLED = 0x90e70119;

    // From src/common/sdk/nvidia/inc/ctrl/ctrl90f1.h (580.142)
    public static final int NV90F1_CTRL_CMD_VASPACE_GET_GMMU_FORMAT = 0x90f10101;
    public static final int NV90F1_CTRL_CMD_VASPACE_GET_PAGE_LEVEL_INFO = 0x90f10102;
    public static final int NV90F1_CTRL_CMD_VASPACE_RESERVE_ENTRIES = 0x90f10103;
    public static final int NV90F1_CTRL_CMD_VASPACE_RELEASE_ENTRIES = 0x90f10104;
    public static final int NV90F1_CTRL_CMD_VASPACE_COPY_SERVER_RESERVED_PDES = 0x90f10106;
    public static final int NV90F1_CTRL_CMD_VASPACE_GET_HOST_RM_MANAGED_SIZE = 0x90f10107;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla06c.h (580.142)
    public static final int NVA06C_CTRL_CMD_GPFIFO_SCHEDULE = 0xa06c0101;
    public static final int NVA06C_CTRL_CMD_BIND = 0xa06c0102;
    public static final int NVA06C_CTRL_CMD_SET_TIMESLICE = 0xa06c0103;
    public static final int NVA06C_CTRL_CMD_GET_TIMESLICE = 0xa06c0104;
    public static final int NVA06C_CTRL_CMD_PREEMPT = 0xa06c0105;
    public static final int NVA06C_CTRL_CMD_GET_INFO = 0xa06c0106;
    public static final int NVA06C_CTRL_CMD_SET_INTERLEAVE_LEVEL = 0xa06c0107;
    public static final int NVA06C_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE = 0xa06c0109;
    public static final int NVA06C_CTRL_CMD_INTERNAL_PROMOTE_FAULT_METHOD_BUFFERS = 0xa06c010a;
    public static final int NVA06C_CTRL_CMD_MAKE_REALTIME = 0xa06c0110;
    public static final int NVA06C_CTRL_CMD_INTERNAL_GPFIFO_SCHEDULE = 0xa06c0201;
    public static final int NVA06C_CTRL_CMD_INTERNAL_SET_TIMESLICE = 0xa06c0202;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla06f/ctrla06fgpfifo.h (580.142)
    public static final int NVA06F_CTRL_CMD_GPFIFO_SCHEDULE = 0xa06f0103;
    public static final int NVA06F_CTRL_CMD_BIND = 0xa06f0104;
    public static final int NVA06F_CTRL_CMD_SET_ERROR_NOTIFIER = 0xa06f0108;
    public static final int NVA06F_CTRL_CMD_SET_INTERLEAVE_LEVEL = 0xa06f0109;
    public static final int NVA06F_CTRL_CMD_RESTART_RUNLIST = 0xa06f0111;
    public static final int NVA06F_CTRL_CMD_STOP_CHANNEL = 0xa06f0112;
    public static final int NVA06F_CTRL_CMD_GET_CONTEXT_ID = 0xa06f0113;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla080.h (580.142)
    public static final int NVA080_CTRL_CMD_VGPU_DISPLAY_SET_SURFACE_PROPERTIES = 0xa0800103;
    public static final int NVA080_CTRL_CMD_VGPU_DISPLAY_CLEANUP_SURFACE = 0xa0800104;
    public static final int NVA080_CTRL_CMD_VGPU_GET_CONFIG = 0xa0800301;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla081.h (580.142)
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_SET_INFO = 0xa0810101;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_PGPU = 0xa0810102;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_TYPE_INFO = 0xa0810103;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_SUPPORTED_VGPU_TYPES = 0xa0810104;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_VGPU_TYPES = 0xa0810105;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_EVENT_SET_NOTIFICATION = 0xa0810106;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PGPU_INFO = 0xa0810109;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_SET_VGPU_INSTANCE_ENCODER_CAPACITY =
            0xa0810110;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_FB_USAGE = 0xa0810111;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_CAP = 0xa0810112;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_HOST_FB_RESERVATION = 0xa0810113;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_PGPU_METADATA_STRING = 0xa0810114;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_DOORBELL_EMULATION_SUPPORT = 0xa0810115;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_FREE_SWIZZID = 0xa0810116;
    public static final int NVA081_CTRL_CMD_PGPU_GET_MULTI_VGPU_SUPPORT_INFO = 0xa0810117;
    public static final int NVA081_CTRL_CMD_GET_VGPU_DRIVER_CAPS = 0xa0810118;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_SET_PGPU_INFO = 0xa0810119;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_VALIDATE_SWIZZID = 0xa081011a;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PLACEMENT_INFO = 0xa081011b;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_PLACEMENTS = 0xa081011c;
    public static final int NVA081_CTRL_CMD_PGPU_GET_VGPU_STREAMING_CAPABILITY = 0xa081011d;
    public static final int NVA081_CTRL_CMD_VGPU_SET_CAPABILITY = 0xa081011e;
    public static final int NVA081_CTRL_CMD_VGPU_GET_CAPABILITY = 0xa081011f;
    public static final int NVA081_CTRL_CMD_VGPU_SET_VM_NAME = 0xa0810120;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_BANDWIDTH = 0xa0810122;
    public static final int NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_GPU_INSTANCE =
            0xa0810124;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla084.h (580.142)
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_DEVICE_INFO =
            0xa0840101;
    public static final int
            NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_GUEST_LIFE_CYCLE_STATE = 0xa0840102;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_OFFLINED_PAGE_PATCHINFO =
            0xa0840103;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_VF_CONFIG_SPACE_ACCESS =
            0xa0840104;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BIND_FECS_EVTBUF = 0xa0840105;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_TRIGGER_PRIV_DOORBELL =
            0xa0840106;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_EVENT_SET_NOTIFICATION =
            0xa0840107;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_GET_BAR_MAPPING_RANGES =
            0xa084010a;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_RESTORE_DEFAULT_EXEC_PARTITION =
            0xa084010b;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_FREE_STATES = 0xa084010c;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BOOTLOAD_VGPU_TASK = 0xa084010d;
    public static final int NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_PLACEMENT_ID = 0xa084010e;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla0bc.h (580.142)
    public static final int NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO = 0xa0bc0101;
    public static final int NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO_V2 = 0xa0bc0102;

    // From src/common/sdk/nvidia/inc/ctrl/ctrla0bd.h (580.142)
    public static final int NVA0BD_CTRL_CMD_NVFBC_SW_SESSION_UPDATE_INFO = 0xa0bd0101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlb069.h (580.142)
    public static final int NVB069_CTRL_CMD_FAULTBUFFER_GET_SIZE = 0xb0690105;
    public static final int NVB069_CTRL_CMD_FAULTBUFFER_GET_REGISTER_MAPPINGS = 0xb0690106;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlb06f.h (580.142)
    public static final int NVB06F_CTRL_CMD_GET_ENGINE_CTX_SIZE = 0xb06f010b;
    public static final int NVB06F_CTRL_CMD_GET_ENGINE_CTX_DATA = 0xb06f010c;
    public static final int NVB06F_CTRL_CMD_MIGRATE_ENGINE_CTX_DATA = 0xb06f010d;
    public static final int NVB06F_CTRL_CMD_GET_ENGINE_CTX_STATE = 0xb06f010e;
    public static final int NVB06F_CTRL_CMD_GET_CHANNEL_HW_STATE = 0xb06f010f;
    public static final int NVB06F_CTRL_CMD_SET_CHANNEL_HW_STATE = 0xb06f0110;
    public static final int NVB06F_CTRL_CMD_SAVE_ENGINE_CTX_DATA = 0xb06f0111;
    public static final int NVB06F_CTRL_CMD_RESTORE_ENGINE_CTX_DATA = 0xb06f0112;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlb0cc/ctrlb0ccinternal.h (580.142)
    public static final int NVB0CC_CTRL_CMD_INTERNAL_QUIESCE_PMA_CHANNEL = 0xb0cc0201;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_SRIOV_PROMOTE_PMA_STREAM = 0xb0cc0202;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_PERMISSIONS_INIT = 0xb0cc0203;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_ALLOC_PMA_STREAM = 0xb0cc0204;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_FREE_PMA_STREAM = 0xb0cc0206;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_GET_MAX_PMAS = 0xb0cc0207;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_BIND_PM_RESOURCES = 0xb0cc0208;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_UNBIND_PM_RESOURCES = 0xb0cc0209;
    public static final int NVB0CC_CTRL_CMD_INTERNAL_RESERVE_HWPM_LEGACY = 0xb0cc020a;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlb0cc/ctrlb0ccpower.h (580.142)
    public static final int NVB0CC_CTRL_CMD_POWER_REQUEST_FEATURES = 0xb0cc0301;
    public static final int NVB0CC_CTRL_CMD_POWER_RELEASE_FEATURES = 0xb0cc0302;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlb0cc/ctrlb0ccprofiler.h (580.142)
    public static final int NVB0CC_CTRL_CMD_RESERVE_HWPM_LEGACY = 0xb0cc0101;
    public static final int NVB0CC_CTRL_CMD_RELEASE_HWPM_LEGACY = 0xb0cc0102;
    public static final int NVB0CC_CTRL_CMD_RESERVE_PM_AREA_SMPC = 0xb0cc0103;
    public static final int NVB0CC_CTRL_CMD_RELEASE_PM_AREA_SMPC = 0xb0cc0104;
    public static final int NVB0CC_CTRL_CMD_ALLOC_PMA_STREAM = 0xb0cc0105;
    public static final int NVB0CC_CTRL_CMD_FREE_PMA_STREAM = 0xb0cc0106;
    public static final int NVB0CC_CTRL_CMD_BIND_PM_RESOURCES = 0xb0cc0107;
    public static final int NVB0CC_CTRL_CMD_UNBIND_PM_RESOURCES = 0xb0cc0108;
    public static final int NVB0CC_CTRL_CMD_PMA_STREAM_UPDATE_GET_PUT = 0xb0cc0109;
    public static final int NVB0CC_CTRL_CMD_EXEC_REG_OPS = 0xb0cc010a;
    public static final int NVB0CC_CTRL_CMD_RESERVE_PM_AREA_PC_SAMPLER = 0xb0cc010b;
    public static final int NVB0CC_CTRL_CMD_RELEASE_PM_AREA_PC_SAMPLER = 0xb0cc010c;
    public static final int NVB0CC_CTRL_CMD_GET_TOTAL_HS_CREDITS = 0xb0cc010d;
    public static final int NVB0CC_CTRL_CMD_SET_HS_CREDITS = 0xb0cc010e;
    public static final int NVB0CC_CTRL_CMD_GET_HS_CREDITS = 0xb0cc010f;
    public static final int NVB0CC_CTRL_CMD_RESERVE_HES = 0xb0cc0113;
    public static final int NVB0CC_CTRL_CMD_RELEASE_HES = 0xb0cc0114;
    public static final int NVB0CC_CTRL_CMD_GET_CHIPLET_HS_CREDIT_POOL = 0xb0cc0115;
    public static final int NVB0CC_CTRL_CMD_GET_HS_CREDITS_MAPPING = 0xb0cc0116;
    public static final int NVB0CC_CTRL_CMD_DISABLE_DYNAMIC_MMA_BOOST = 0xb0cc0117;
    public static final int NVB0CC_CTRL_CMD_GET_DYNAMIC_MMA_BOOST_STATUS = 0xb0cc0118;
    public static final int NVB0CC_CTRL_CMD_RESERVE_CCU_PROF = 0xb0cc0119;
    public static final int NVB0CC_CTRL_CMD_RELEASE_CCU_PROF = 0xb0cc011a;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc365.h (580.142)
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_GET = 0xc3650101;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_WRITE_GET = 0xc3650102;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_PUT = 0xc3650103;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE = 0xc3650104;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_SIZE = 0xc3650105;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_REGISTER_MAPPINGS = 0xc3650106;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_FULL_INFO = 0xc3650107;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_RESET_COUNTERS = 0xc3650108;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_SET_CONFIG = 0xc3650109;
    public static final int NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE_INTR = 0xc365010b;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc369.h (580.142)
    public static final int NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_NON_REPLAY_BUF = 0xc3690101;
    public static final int NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_NON_REPLAY_BUF = 0xc3690102;
    public static final int NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_REPLAY_BUF = 0xc3690103;
    public static final int NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_REPLAY_BUF = 0xc3690104;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc36f.h (580.142)
    public static final int NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN = 0xc36f0108;
    public static final int NVC36F_CTRL_CMD_GPFIFO_UPDATE_FAULT_METHOD_BUFFER = 0xc36f0109;
    public static final int NVC36F_CTRL_CMD_GPFIFO_SET_WORK_SUBMIT_TOKEN_NOTIF_INDEX = 0xc36f010a;
    public static final int NVC36F_CTRL_CMD_INTERNAL_GPFIFO_GET_WORK_SUBMIT_TOKEN = 0xc36f0301;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc370/ctrlc370chnc.h (580.142)
    public static final int NVC370_CTRL_CMD_IDLE_CHANNEL = 0xc3700101;
    public static final int NVC370_CTRL_CMD_SET_ACCL = 0xc3700102;
    public static final int NVC370_CTRL_CMD_GET_ACCL = 0xc3700103;
    public static final int NVC370_CTRL_CMD_GET_CHANNEL_INFO = 0xc3700104;
    public static final int NVC370_CTRL_CMD_CHANNEL_CANCEL_FLIP = 0xc3700105;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc370/ctrlc370or.h (580.142)
    public static final int NVC370_CTRL_CMD_SET_SOR_FLUSH_MODE = 0xc3700401;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc370/ctrlc370rg.h (580.142)
    public static final int NVC370_CTRL_CMD_GET_LOCKPINS_CAPS = 0xc3700201;
    public static final int NVC370_CTRL_CMD_SET_SWAPRDY_GPIO_WAR = 0xc3700202;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc370/ctrlc370verif.h (580.142)
    public static final int NVC370_CTRL_CMD_SET_FORCE_MODESWITCH_FLAGS_OVERRIDES = 0xc3700602;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc372/ctrlc372chnc.h (580.142)
    public static final int NVC372_CTRL_CMD_IS_MODE_POSSIBLE = 0xc3720101;
    public static final int NVC372_CTRL_CMD_IS_MODE_POSSIBLE_OR_SETTINGS = 0xc3720102;
    public static final int NVC372_CTRL_CMD_VIDEO_ADAPTIVE_REFRESH_RATE = 0xc3720103;
    public static final int NVC372_CTRL_CMD_GET_ACTIVE_VIEWPORT_POINT_IN = 0xc3720104;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc56f.h (580.142)
    public static final int NVC56F_CTRL_CMD_GET_KMB = 0xc56f010b;
    public static final int NVC56F_CTRL_ROTATE_SECURE_CHANNEL_IV = 0xc56f010c;
    public static final int NV_CONF_COMPUTE_CTRL_SET_SECURITY_POLICY = 0xc56f010d;
    public static final int NV_CONF_COMPUTE_CTRL_GET_SECURITY_POLICY = 0xc56f010e;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc637.h (580.142)
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_CREATE = 0xc6370101;
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_DELETE = 0xc6370102;
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_GET = 0xc6370103;
    public static final int NVC637_CTRL_EXEC_PARTITIONS_GET_ACTIVE_IDS = 0xc6370104;
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_EXPORT = 0xc6370105;
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_IMPORT = 0xc6370106;
    public static final int NVC637_CTRL_CMD_EXEC_PARTITIONS_GET_PROFILE_CAPACITY = 0xc63701a9;
    public static final int NVC637_CTRL_CMD_GET_UUID = 0xc63701aa;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc638.h (580.142)
    public static final int NVC638_CTRL_CMD_GET_UUID = 0xc6380101;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlc763.h (580.142)
    public static final int NVC763_CTRL_CMD_VIDMEM_ACCESS_BIT_DUMP = 0xc7630103;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlcb33.h (580.142)
    public static final int NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_CAPABILITIES = 0xcb330101;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_GPUS_STATE = 0xcb330104;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_SET_GPUS_STATE = 0xcb330105;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_VIDMEM_SIZE = 0xcb330106;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GPU_SET_VIDMEM_SIZE = 0xcb330107;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_CERTIFICATE = 0xcb330109;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_ATTESTATION_REPORT = 0xcb33010a;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_NUM_SECURE_CHANNELS = 0xcb33010b;
    public static final int NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_KEY_ROTATION_STATE = 0xcb33010c;

    // From src/common/sdk/nvidia/inc/ctrl/ctrlcbca.h (580.142)
    public static final int NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SUBSCRIBE = 0xcbca0101;
    public static final int NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_UNSUBSCRIBE = 0xcbca0102;
    public static final int NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SET_STREAM_STATE = 0xcbca0103;
    public static final int NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_GET_STREAM_STATE = 0xcbca0104;

    private static final Map<Integer, Command> COMMANDS;

    static {
        Map<Integer, Command> m = new TreeMap<>(Integer::compareUnsigned);
        // cmd, name, paramsSize, RMCTRL flags, traits
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_CPU_INFO,
                "NV0000_CTRL_CMD_SYSTEM_GET_CPU_INFO",
                108,
                0x10b,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_CHIPSET_INFO,
                "NV0000_CTRL_CMD_SYSTEM_GET_CHIPSET_INFO",
                152,
                0x40b,
                0);
        c(
                m,
                NV0000_CTRL_SYSTEM_GET_VRR_COOKIE_PRESENT,
                "NV0000_CTRL_SYSTEM_GET_VRR_COOKIE_PRESENT",
                1,
                0x0,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_CLASSLIST,
                "NV0000_CTRL_CMD_SYSTEM_GET_CLASSLIST",
                132,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_LOCK_TIMES,
                "NV0000_CTRL_CMD_SYSTEM_GET_LOCK_TIMES",
                40,
                0x105,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_NOTIFY_EVENT,
                "NV0000_CTRL_CMD_SYSTEM_NOTIFY_EVENT",
                12,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_PLATFORM_TYPE,
                "NV0000_CTRL_CMD_SYSTEM_GET_PLATFORM_TYPE",
                4,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_DEBUG_RMMSG_CTRL,
                "NV0000_CTRL_CMD_SYSTEM_DEBUG_RMMSG_CTRL",
                520,
                0x8,
                0);
        c(m, NV0000_CTRL_CMD_SYSTEM_GPS_CONTROL, "NV0000_CTRL_CMD_SYSTEM_GPS_CONTROL", 8, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_BATCH_CONTROL,
                "NV0000_CTRL_CMD_SYSTEM_GPS_BATCH_CONTROL",
                136,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_HWBC_INFO,
                "NV0000_CTRL_CMD_SYSTEM_GET_HWBC_INFO",
                2048,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS,
                "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS",
                176,
                0x10108,
                POINTER | RM_COPIES_EMBEDDED);
        c(m, NV0000_CTRL_CMD_SYSTEM_GPS_CTRL, "NV0000_CTRL_CMD_SYSTEM_GPS_CTRL", 28, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2,
                "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2",
                8348,
                0x10108,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_GET_PERF_SENSORS,
                "NV0000_CTRL_CMD_SYSTEM_GPS_GET_PERF_SENSORS",
                148,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_CALL_ACPI,
                "NV0000_CTRL_CMD_SYSTEM_GPS_CALL_ACPI",
                1164,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_GET_EXTENDED_PERF_SENSORS,
                "NV0000_CTRL_CMD_SYSTEM_GPS_GET_EXTENDED_PERF_SENSORS",
                148,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_GET_FRM_DATA,
                "NV0000_CTRL_CMD_SYSTEM_GPS_GET_FRM_DATA",
                514,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD,
                "NV0000_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD",
                40,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GPS_SET_FRM_DATA,
                "NV0000_CTRL_CMD_SYSTEM_GPS_SET_FRM_DATA",
                8,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_VGX_SYSTEM_INFO,
                "NV0000_CTRL_CMD_SYSTEM_GET_VGX_SYSTEM_INFO",
                1288,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_GPUS_POWER_STATUS,
                "NV0000_CTRL_CMD_SYSTEM_GET_GPUS_POWER_STATUS",
                65,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_PRIVILEGED_STATUS,
                "NV0000_CTRL_CMD_SYSTEM_GET_PRIVILEGED_STATUS",
                1,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_FABRIC_STATUS,
                "NV0000_CTRL_CMD_SYSTEM_GET_FABRIC_STATUS",
                4,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_VGPU_GET_VGPU_VERSION,
                "NV0000_CTRL_VGPU_GET_VGPU_VERSION",
                16,
                0x10008,
                0);
        c(m, NV0000_CTRL_VGPU_SET_VGPU_VERSION, "NV0000_CTRL_VGPU_SET_VGPU_VERSION", 8, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_RM_INSTANCE_ID,
                "NV0000_CTRL_CMD_SYSTEM_GET_RM_INSTANCE_ID",
                8,
                0x10b,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX,
                "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX",
                1352,
                0x10108,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_NVPCF_GET_POWER_MODE_INFO,
                "NV0000_CTRL_CMD_SYSTEM_NVPCF_GET_POWER_MODE_INFO",
                876,
                0x8,
                UNION);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_SYNC_EXTERNAL_FABRIC_MGMT,
                "NV0000_CTRL_CMD_SYSTEM_SYNC_EXTERNAL_FABRIC_MGMT",
                1,
                0x4,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_CLIENT_DATABASE_INFO,
                "NV0000_CTRL_CMD_SYSTEM_GET_CLIENT_DATABASE_INFO",
                16,
                0x107,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION_V2,
                "NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION_V2",
                1032,
                0x10509,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_RMCTRL_CACHE_MODE_CTRL,
                "NV0000_CTRL_CMD_SYSTEM_RMCTRL_CACHE_MODE_CTRL",
                8,
                0x7,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CONTROL,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CONTROL",
                8,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_BATCH_CONTROL,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_BATCH_CONTROL",
                136,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CTRL,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CTRL",
                28,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CALL_ACPI,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_CALL_ACPI",
                1164,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_FRM_DATA,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_FRM_DATA",
                514,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_SET_FRM_DATA,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_SET_FRM_DATA",
                8,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_PERF_SENSORS,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_PERF_SENSORS",
                148,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_EXTENDED_PERF_SENSORS,
                "NV0000_CTRL_CMD_SYSTEM_PFM_REQ_HNDLR_GET_EXTENDED_PERF_SENSORS",
                148,
                0x8,
                0);
        c(m, NV0000_CTRL_CMD_SYSTEM_GET_FEATURES, "NV0000_CTRL_CMD_SYSTEM_GET_FEATURES", 4, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS,
                "NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS",
                128,
                0x10b,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_ID_INFO,
                "NV0000_CTRL_CMD_GPU_GET_ID_INFO",
                40,
                0x10109,
                POINTER);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_INIT_STATUS,
                "NV0000_CTRL_CMD_GPU_GET_INIT_STATUS",
                8,
                0x109,
                0);
        c(m, NV0000_CTRL_CMD_GPU_GET_DEVICE_IDS, "NV0000_CTRL_CMD_GPU_GET_DEVICE_IDS", 4, 0x10b, 0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2,
                "NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2",
                32,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_PROBED_IDS,
                "NV0000_CTRL_CMD_GPU_GET_PROBED_IDS",
                384,
                0x109,
                0);
        c(m, NV0000_CTRL_CMD_GPU_ATTACH_IDS, "NV0000_CTRL_CMD_GPU_ATTACH_IDS", 132, 0x10109, 0);
        c(m, NV0000_CTRL_CMD_GPU_DETACH_IDS, "NV0000_CTRL_CMD_GPU_DETACH_IDS", 128, 0x109, 0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_VIDEO_LINKS,
                "NV0000_CTRL_CMD_GPU_GET_VIDEO_LINKS",
                1152,
                0x9,
                0);
        c(m, NV0000_CTRL_CMD_GPU_GET_PCI_INFO, "NV0000_CTRL_CMD_GPU_GET_PCI_INFO", 12, 0x109, 0);
        c(m, NV0000_CTRL_CMD_GPU_GET_SVM_SIZE, "NV0000_CTRL_CMD_GPU_GET_SVM_SIZE", 8, 0x109, 0);
        c(m, NV0000_CTRL_CMD_GPU_GET_UUID_INFO, "NV0000_CTRL_CMD_GPU_GET_UUID_INFO", 272, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_UUID_FROM_GPU_ID,
                "NV0000_CTRL_CMD_GPU_GET_UUID_FROM_GPU_ID",
                268,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_MODIFY_DRAIN_STATE,
                "NV0000_CTRL_CMD_GPU_MODIFY_DRAIN_STATE",
                12,
                0x4,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE,
                "NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE",
                12,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_MEMOP_ENABLE,
                "NV0000_CTRL_CMD_GPU_GET_MEMOP_ENABLE",
                4,
                0x509,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_DISABLE_NVLINK_INIT,
                "NV0000_CTRL_CMD_GPU_DISABLE_NVLINK_INIT",
                32,
                0xb,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_LEGACY_CONFIG,
                "NV0000_CTRL_CMD_GPU_LEGACY_CONFIG",
                396,
                0x8,
                UNION);
        c(m, NV0000_CTRL_CMD_IDLE_CHANNELS, "NV0000_CTRL_CMD_IDLE_CHANNELS", 48, 0x109, POINTER);
        c(
                m,
                NV0000_CTRL_CMD_PUSH_UCODE_IMAGE,
                "NV0000_CTRL_CMD_PUSH_UCODE_IMAGE",
                24,
                0x8,
                POINTER);
        c(
                m,
                NV0000_CTRL_CMD_GPU_SET_NVLINK_BW_MODE,
                "NV0000_CTRL_CMD_GPU_SET_NVLINK_BW_MODE",
                1,
                0x4,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_NVLINK_BW_MODE,
                "NV0000_CTRL_CMD_GPU_GET_NVLINK_BW_MODE",
                2,
                0x10b,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS,
                "NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS",
                3076,
                0x10b,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID,
                "NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID",
                4,
                0x109,
                0);
        c(m, NV0000_CTRL_CMD_GPU_WAIT_ATTACH_ID, "NV0000_CTRL_CMD_GPU_WAIT_ATTACH_ID", 4, 0x109, 0);
        c(
                m,
                NV0000_CTRL_CMD_GSYNC_GET_ATTACHED_IDS,
                "NV0000_CTRL_CMD_GSYNC_GET_ATTACHED_IDS",
                16,
                0x108,
                0);
        c(m, NV0000_CTRL_CMD_GSYNC_GET_ID_INFO, "NV0000_CTRL_CMD_GSYNC_GET_ID_INFO", 12, 0x8, 0);
        c(m, NV0000_CTRL_CMD_DIAG_PROFILE_RPC, "NV0000_CTRL_CMD_DIAG_PROFILE_RPC", 4, 0x8, 0);
        c(m, NV0000_CTRL_CMD_DIAG_DUMP_RPC, "NV0000_CTRL_CMD_DIAG_DUMP_RPC", 3224, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_EVENT_SET_NOTIFICATION,
                "NV0000_CTRL_CMD_EVENT_SET_NOTIFICATION",
                8,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GET_SYSTEM_EVENT_DATA,
                "NV0000_CTRL_CMD_GET_SYSTEM_EVENT_DATA",
                12,
                0x8,
                UNION);
        c(m, NV0000_CTRL_CMD_NVD_GET_DUMP_SIZE, "NV0000_CTRL_CMD_NVD_GET_DUMP_SIZE", 8, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_NVD_GET_DUMP,
                "NV0000_CTRL_CMD_NVD_GET_DUMP",
                16,
                0x4,
                POINTER | RM_COPIES_EMBEDDED);
        c(m, NV0000_CTRL_CMD_NVD_GET_TIMESTAMP, "NV0000_CTRL_CMD_NVD_GET_TIMESTAMP", 16, 0x10b, 0);
        c(
                m,
                NV0000_CTRL_CMD_NVD_GET_NVLOG_INFO,
                "NV0000_CTRL_CMD_NVD_GET_NVLOG_INFO",
                15404,
                0x7,
                0);
        c(
                m,
                NV0000_CTRL_CMD_NVD_GET_NVLOG_BUFFER_INFO,
                "NV0000_CTRL_CMD_NVD_GET_NVLOG_BUFFER_INFO",
                28,
                0x7,
                0);
        c(m, NV0000_CTRL_CMD_NVD_GET_NVLOG, "NV0000_CTRL_CMD_NVD_GET_NVLOG", 4016, 0x7, 0);
        c(m, NV0000_CTRL_CMD_NVD_GET_RCERR_RPT, "NV0000_CTRL_CMD_NVD_GET_RCERR_RPT", 2436, 0x8, 0);
        c(
                m,
                NV0000_CTRL_CMD_SET_SUB_PROCESS_ID,
                "NV0000_CTRL_CMD_SET_SUB_PROCESS_ID",
                104,
                0x10109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_DISABLE_SUB_PROCESS_USERD_ISOLATION,
                "NV0000_CTRL_CMD_DISABLE_SUB_PROCESS_USERD_ISOLATION",
                1,
                0x10109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYNC_GPU_BOOST_INFO,
                "NV0000_CTRL_CMD_SYNC_GPU_BOOST_INFO",
                1,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_CREATE,
                "NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_CREATE",
                140,
                0x5,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_DESTROY,
                "NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_DESTROY",
                4,
                0x5,
                0);
        c(
                m,
                NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO,
                "NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO",
                2244,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPUACCT_SET_ACCOUNTING_STATE,
                "NV0000_CTRL_CMD_GPUACCT_SET_ACCOUNTING_STATE",
                12,
                0x14004,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE,
                "NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE",
                12,
                0x10008,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPUACCT_GET_PROC_ACCOUNTING_INFO,
                "NV0000_CTRL_CMD_GPUACCT_GET_PROC_ACCOUNTING_INFO",
                48,
                0x10008,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_PIDS,
                "NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_PIDS",
                16012,
                0x10008,
                0);
        c(
                m,
                NV0000_CTRL_CMD_GPUACCT_CLEAR_ACCOUNTING_DATA,
                "NV0000_CTRL_CMD_GPUACCT_CLEAR_ACCOUNTING_DATA",
                8,
                0x14004,
                0);
        c(
                m,
                NV0000_CTRL_CMD_VGPU_VFIO_NOTIFY_RM_STATUS,
                "NV0000_CTRL_CMD_VGPU_VFIO_NOTIFY_RM_STATUS",
                8,
                0x4,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE,
                "NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE",
                12,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_GET_HANDLE_INFO,
                "NV0000_CTRL_CMD_CLIENT_GET_HANDLE_INFO",
                16,
                0x109,
                UNION);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_GET_ACCESS_RIGHTS,
                "NV0000_CTRL_CMD_CLIENT_GET_ACCESS_RIGHTS",
                12,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_SET_INHERITED_SHARE_POLICY,
                "NV0000_CTRL_CMD_CLIENT_SET_INHERITED_SHARE_POLICY",
                12,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_GET_CHILD_HANDLE,
                "NV0000_CTRL_CMD_CLIENT_GET_CHILD_HANDLE",
                12,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_SHARE_OBJECT,
                "NV0000_CTRL_CMD_CLIENT_SHARE_OBJECT",
                16,
                0x9,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_OBJECTS_ARE_DUPLICATES,
                "NV0000_CTRL_CMD_CLIENT_OBJECTS_ARE_DUPLICATES",
                12,
                0x109,
                0);
        c(
                m,
                NV0000_CTRL_CMD_CLIENT_SUBSCRIBE_TO_IMEX_CHANNEL,
                "NV0000_CTRL_CMD_CLIENT_SUBSCRIBE_TO_IMEX_CHANNEL",
                16,
                0x109,
                FD);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_FLUSH_USER_CACHE,
                "NV0000_CTRL_CMD_OS_UNIX_FLUSH_USER_CACHE",
                40,
                0x8,
                0);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD,
                "NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD",
                24,
                0x9,
                FD | UNION);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD,
                "NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD",
                20,
                0x9,
                FD | UNION);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_GET_EXPORT_OBJECT_INFO,
                "NV0000_CTRL_CMD_OS_UNIX_GET_EXPORT_OBJECT_INFO",
                80,
                0x10b,
                FD);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_CREATE_EXPORT_OBJECT_FD,
                "NV0000_CTRL_CMD_OS_UNIX_CREATE_EXPORT_OBJECT_FD",
                76,
                0x9,
                FD);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECTS_TO_FD,
                "NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECTS_TO_FD",
                2128,
                0x9,
                FD);
        c(
                m,
                NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECTS_FROM_FD,
                "NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECTS_FROM_FD",
                652,
                0x9,
                FD);
        c(m, NV0002_CTRL_CMD_UPDATE_CONTEXTDMA, "NV0002_CTRL_CMD_UPDATE_CONTEXTDMA", 40, 0x0, 0);
        c(m, NV0002_CTRL_CMD_BIND_CONTEXTDMA, "NV0002_CTRL_CMD_BIND_CONTEXTDMA", 4, 0x8, 0);
        c(m, NV0002_CTRL_CMD_UNBIND_CONTEXTDMA, "NV0002_CTRL_CMD_UNBIND_CONTEXTDMA", 4, 0x8, 0);
        c(
                m,
                NV0004_CTRL_CMD_TMR_SET_ALARM_NOTIFY,
                "NV0004_CTRL_CMD_TMR_SET_ALARM_NOTIFY",
                16,
                0x8,
                0);
        c(m, NV000F_CTRL_CMD_SET_FM_STATE, "NV000F_CTRL_CMD_SET_FM_STATE", 0, 0x8, 0);
        c(m, NV000F_CTRL_CMD_CLEAR_FM_STATE, "NV000F_CTRL_CMD_CLEAR_FM_STATE", 0, 0x8, 0);
        c(
                m,
                NV0020_CTRL_CMD_GPU_MGMT_SET_SHUTDOWN_STATE,
                "NV0020_CTRL_CMD_GPU_MGMT_SET_SHUTDOWN_STATE",
                256,
                0x7,
                0);
        c(
                m,
                NV003E_CTRL_CMD_GET_SURFACE_NUM_PHYS_PAGES,
                "NV003E_CTRL_CMD_GET_SURFACE_NUM_PHYS_PAGES",
                4,
                0x101,
                0);
        c(
                m,
                NV003E_CTRL_CMD_GET_SURFACE_PHYS_PAGES,
                "NV003E_CTRL_CMD_GET_SURFACE_PHYS_PAGES",
                16,
                0x101,
                POINTER);
        c(
                m,
                NV0041_CTRL_CMD_GET_SURFACE_PHYS_ATTR,
                "NV0041_CTRL_CMD_GET_SURFACE_PHYS_ATTR",
                48,
                0x4,
                0);
        c(
                m,
                NV0041_CTRL_CMD_GET_SURFACE_INFO,
                "NV0041_CTRL_CMD_GET_SURFACE_INFO",
                16,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0041_CTRL_CMD_GET_SURFACE_COMPRESSION_COVERAGE,
                "NV0041_CTRL_CMD_GET_SURFACE_COMPRESSION_COVERAGE",
                16,
                0x10208,
                0);
        c(
                m,
                NV0041_CTRL_CMD_SURFACE_FLUSH_GPU_CACHE,
                "NV0041_CTRL_CMD_SURFACE_FLUSH_GPU_CACHE",
                4,
                0x8,
                0);
        c(m, NV0041_CTRL_CMD_GET_MEM_PAGE_SIZE, "NV0041_CTRL_CMD_GET_MEM_PAGE_SIZE", 8, 0x8, 0);
        c(m, NV0041_CTRL_CMD_SET_TAG, "NV0041_CTRL_CMD_SET_TAG", 4, 0x8, 0);
        c(m, NV0041_CTRL_CMD_GET_TAG, "NV0041_CTRL_CMD_GET_TAG", 4, 0x8, 0);
        c(
                m,
                NV0041_CTRL_CMD_MAP_MEMORY_FOR_GPU_ACCESS,
                "NV0041_CTRL_CMD_MAP_MEMORY_FOR_GPU_ACCESS",
                16,
                0x0,
                0);
        c(
                m,
                NV0041_CTRL_CMD_UNMAP_MEMORY_FOR_GPU_ACCESS,
                "NV0041_CTRL_CMD_UNMAP_MEMORY_FOR_GPU_ACCESS",
                4,
                0x0,
                0);
        c(m, NV0050_CTRL_CMD_MEMSET, "NV0050_CTRL_CMD_MEMSET", 48, 0x104, 0);
        c(m, NV0050_CTRL_CMD_MEMCOPY, "NV0050_CTRL_CMD_MEMCOPY", 48, 0x104, 0);
        c(m, NV0050_CTRL_CMD_CHECK_PROGRESS, "NV0050_CTRL_CMD_CHECK_PROGRESS", 16, 0x104, 0);
        c(m, NV0073_CTRL_CMD_SYSTEM_GET_CAPS_V2, "NV0073_CTRL_CMD_SYSTEM_GET_CAPS_V2", 2, 0x48, 0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_NUM_HEADS,
                "NV0073_CTRL_CMD_SYSTEM_GET_NUM_HEADS",
                12,
                0x4a,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_SCANLINE,
                "NV0073_CTRL_CMD_SYSTEM_GET_SCANLINE",
                20,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_COUNTER,
                "NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_COUNTER",
                16,
                0x8,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_ENABLE,
                "NV0073_CTRL_CMD_SYSTEM_GET_VBLANK_ENABLE",
                12,
                0x8,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_SUPPORTED,
                "NV0073_CTRL_CMD_SYSTEM_GET_SUPPORTED",
                12,
                0x82004a,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_CONNECT_STATE,
                "NV0073_CTRL_CMD_SYSTEM_GET_CONNECT_STATE",
                16,
                0x848,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_CONFIG,
                "NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_CONFIG",
                24,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_STATE,
                "NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_STATE",
                12,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_HEAD_ROUTING_MAP,
                "NV0073_CTRL_CMD_SYSTEM_GET_HEAD_ROUTING_MAP",
                20,
                0x48,
                0);
        c(m, NV0073_CTRL_CMD_SYSTEM_GET_ACTIVE, "NV0073_CTRL_CMD_SYSTEM_GET_ACTIVE", 16, 0x48, 0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_ACPI_ID_MAP,
                "NV0073_CTRL_CMD_SYSTEM_GET_ACPI_ID_MAP",
                196,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_INTERNAL_DISPLAYS,
                "NV0073_CTRL_CMD_SYSTEM_GET_INTERNAL_DISPLAYS",
                12,
                0x82004a,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_ACPI_SUBSYSTEM_ACTIVATED,
                "NV0073_CTRL_CMD_SYSTEM_ACPI_SUBSYSTEM_ACTIVATED",
                4,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_CONNECTOR_TABLE,
                "NV0073_CTRL_CMD_SYSTEM_GET_CONNECTOR_TABLE",
                272,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_BOOT_DISPLAYS,
                "NV0073_CTRL_CMD_SYSTEM_GET_BOOT_DISPLAYS",
                8,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD,
                "NV0073_CTRL_CMD_SYSTEM_EXECUTE_ACPI_METHOD",
                40,
                0xa,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_VRR_DISPLAY_INFO,
                "NV0073_CTRL_CMD_SYSTEM_VRR_DISPLAY_INFO",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_UNPLUG_STATE,
                "NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_UNPLUG_STATE",
                16,
                0x0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_CLEAR_ELV_BLOCK,
                "NV0073_CTRL_CMD_SYSTEM_CLEAR_ELV_BLOCK",
                8,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_ARM_LIGHTWEIGHT_SUPERVISOR,
                "NV0073_CTRL_CMD_SYSTEM_ARM_LIGHTWEIGHT_SUPERVISOR",
                20,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_CONFIG_VRR_PSTATE_SWITCH,
                "NV0073_CTRL_CMD_SYSTEM_CONFIG_VRR_PSTATE_SWITCH",
                24,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_QUERY_DISPLAY_IDS_WITH_MUX,
                "NV0073_CTRL_CMD_SYSTEM_QUERY_DISPLAY_IDS_WITH_MUX",
                8,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_ALLOCATE_DISPLAY_BANDWIDTH,
                "NV0073_CTRL_CMD_SYSTEM_ALLOCATE_DISPLAY_BANDWIDTH",
                12,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_EVENT_CONFIG,
                "NV0073_CTRL_CMD_SYSTEM_GET_HOTPLUG_EVENT_CONFIG",
                16,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_SET_HOTPLUG_EVENT_CONFIG,
                "NV0073_CTRL_CMD_SYSTEM_SET_HOTPLUG_EVENT_CONFIG",
                16,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_RECORD_CHANNEL_REGS,
                "NV0073_CTRL_CMD_SYSTEM_RECORD_CHANNEL_REGS",
                16,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_I2C_SUPPORT,
                "NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_I2C_SUPPORT",
                8,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_SR_SUPPORT,
                "NV0073_CTRL_CMD_SYSTEM_CHECK_SIDEBAND_SR_SUPPORT",
                12,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_VRR_SET_RGLINE_ACTIVE,
                "NV0073_CTRL_CMD_SYSTEM_VRR_SET_RGLINE_ACTIVE",
                28,
                0x0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_LOADV_COUNTER_INFO,
                "NV0073_CTRL_CMD_SYSTEM_GET_LOADV_COUNTER_INFO",
                12,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_INTERNAL_ALLOCATE_DISPLAY_BANDWIDTH,
                "NV0073_CTRL_CMD_SYSTEM_INTERNAL_ALLOCATE_DISPLAY_BANDWIDTH",
                12,
                0xc4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_NOTIFY_DRR_MSCG_WAR,
                "NV0073_CTRL_CMD_SYSTEM_NOTIFY_DRR_MSCG_WAR",
                12,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_GET_CRASH_LOCK_COUNTER_INFO,
                "NV0073_CTRL_CMD_SYSTEM_GET_CRASH_LOCK_COUNTER_INFO",
                12,
                0x8,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_I2C_PORTID,
                "NV0073_CTRL_CMD_SPECIFIC_GET_I2C_PORTID",
                16,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_TYPE,
                "NV0073_CTRL_CMD_SPECIFIC_GET_TYPE",
                12,
                0x820046,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_FAKE_DEVICE,
                "NV0073_CTRL_CMD_SPECIFIC_FAKE_DEVICE",
                16,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_EDID_V2,
                "NV0073_CTRL_CMD_SPECIFIC_GET_EDID_V2",
                2064,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_EDID_V2,
                "NV0073_CTRL_CMD_SPECIFIC_SET_EDID_V2",
                2060,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_CONNECTOR_DATA,
                "NV0073_CTRL_CMD_SPECIFIC_GET_CONNECTOR_DATA",
                72,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_ENABLE,
                "NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_ENABLE",
                12,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_SPECIFIC_CTRL_HDMI, "NV0073_CTRL_CMD_SPECIFIC_CTRL_HDMI", 12, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_AUDIO_MUTESTREAM,
                "NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_AUDIO_MUTESTREAM",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_ACPI_ID_MAPPING,
                "NV0073_CTRL_CMD_SPECIFIC_SET_ACPI_ID_MAPPING",
                256,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_ACPI_DOD_DISPLAY_PORT_ATTACHMENT,
                "NV0073_CTRL_CMD_SPECIFIC_GET_ACPI_DOD_DISPLAY_PORT_ATTACHMENT",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_ALL_HEAD_MASK,
                "NV0073_CTRL_CMD_SPECIFIC_GET_ALL_HEAD_MASK",
                8,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET,
                "NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET",
                60,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET_CTRL,
                "NV0073_CTRL_CMD_SPECIFIC_SET_OD_PACKET_CTRL",
                16,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_PCLK_LIMIT,
                "NV0073_CTRL_CMD_SPECIFIC_GET_PCLK_LIMIT",
                20,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_OR_GET_INFO,
                "NV0073_CTRL_CMD_SPECIFIC_OR_GET_INFO",
                56,
                0x46,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_BACKLIGHT_BRIGHTNESS,
                "NV0073_CTRL_CMD_SPECIFIC_GET_BACKLIGHT_BRIGHTNESS",
                16,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_BACKLIGHT_BRIGHTNESS,
                "NV0073_CTRL_CMD_SPECIFIC_SET_BACKLIGHT_BRIGHTNESS",
                16,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_SINK_CAPS,
                "NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_SINK_CAPS",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_MONITOR_POWER,
                "NV0073_CTRL_CMD_SPECIFIC_SET_MONITOR_POWER",
                20,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_CONFIG,
                "NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_CONFIG",
                16,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_FLUSH_MODE,
                "NV0073_CTRL_CMD_SPECIFIC_SET_HDMI_FRL_FLUSH_MODE",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_REGIONAL_CRCS,
                "NV0073_CTRL_CMD_SPECIFIC_GET_REGIONAL_CRCS",
                48,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_APPLY_EDID_OVERRIDE_V2,
                "NV0073_CTRL_CMD_SPECIFIC_APPLY_EDID_OVERRIDE_V2",
                2060,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_GPU_CAPS,
                "NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_GPU_CAPS",
                8,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_DISPLAY_CHANGE,
                "NV0073_CTRL_CMD_SPECIFIC_DISPLAY_CHANGE",
                16,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_SCDC_DATA,
                "NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_SCDC_DATA",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_IS_DIRECTMODE_DISPLAY,
                "NV0073_CTRL_CMD_SPECIFIC_IS_DIRECTMODE_DISPLAY",
                6,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_FRL_CAPACITY_COMPUTATION,
                "NV0073_CTRL_CMD_SPECIFIC_GET_HDMI_FRL_CAPACITY_COMPUTATION",
                132,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_SET_SHARED_GENERIC_PACKET,
                "NV0073_CTRL_CMD_SPECIFIC_SET_SHARED_GENERIC_PACKET",
                56,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_ACQUIRE_SHARED_GENERIC_PACKET,
                "NV0073_CTRL_CMD_SPECIFIC_ACQUIRE_SHARED_GENERIC_PACKET",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_RELEASE_SHARED_GENERIC_PACKET,
                "NV0073_CTRL_CMD_SPECIFIC_RELEASE_SHARED_GENERIC_PACKET",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_DISP_I2C_READ_WRITE,
                "NV0073_CTRL_CMD_SPECIFIC_DISP_I2C_READ_WRITE",
                276,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_GET_VALID_HEAD_WINDOW_ASSIGNMENT,
                "NV0073_CTRL_CMD_SPECIFIC_GET_VALID_HEAD_WINDOW_ASSIGNMENT",
                36,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SPECIFIC_DEFAULT_ADAPTIVESYNC_DISPLAY,
                "NV0073_CTRL_CMD_SPECIFIC_DEFAULT_ADAPTIVESYNC_DISPLAY",
                6,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_INTERNAL_GET_HOTPLUG_UNPLUG_STATE,
                "NV0073_CTRL_CMD_INTERNAL_GET_HOTPLUG_UNPLUG_STATE",
                16,
                0xc0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_INTERNAL_VRR_SET_RGLINE_ACTIVE,
                "NV0073_CTRL_CMD_INTERNAL_VRR_SET_RGLINE_ACTIVE",
                28,
                0xc0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_INTERNAL_DFP_GET_DISP_MUX_STATUS,
                "NV0073_CTRL_CMD_INTERNAL_DFP_GET_DISP_MUX_STATUS",
                12,
                0xc0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_INTERNAL_DFP_SWITCH_DISP_MUX,
                "NV0073_CTRL_CMD_INTERNAL_DFP_SWITCH_DISP_MUX",
                20,
                0xc0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_FRL_CONFIG_MACRO_PAD,
                "NV0073_CTRL_CMD_FRL_CONFIG_MACRO_PAD",
                24,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DFP_GET_INFO, "NV0073_CTRL_CMD_DFP_GET_INFO", 16, 0x4a, 0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_DISPLAYPORT_DONGLE_INFO,
                "NV0073_CTRL_CMD_DFP_GET_DISPLAYPORT_DONGLE_INFO",
                16,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_SET_ELD_AUDIO_CAPS,
                "NV0073_CTRL_CMD_DFP_SET_ELD_AUDIO_CAPS",
                120,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_SPREAD_SPECTRUM,
                "NV0073_CTRL_CMD_DFP_GET_SPREAD_SPECTRUM",
                8,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_UPDATE_DYNAMIC_DFP_CACHE,
                "NV0073_CTRL_CMD_DFP_UPDATE_DYNAMIC_DFP_CACHE",
                24,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_SET_AUDIO_ENABLE,
                "NV0073_CTRL_CMD_DFP_SET_AUDIO_ENABLE",
                12,
                0x40,
                0);
        c(m, NV0073_CTRL_CMD_DFP_ASSIGN_SOR, "NV0073_CTRL_CMD_DFP_ASSIGN_SOR", 80, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_PADLINK_MASK,
                "NV0073_CTRL_CMD_DFP_GET_PADLINK_MASK",
                12,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_LCD_GPIO_PIN_NUM,
                "NV0073_CTRL_CMD_DFP_GET_LCD_GPIO_PIN_NUM",
                16,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_CONFIG_TWO_HEAD_ONE_OR,
                "NV0073_CTRL_CMD_DFP_CONFIG_TWO_HEAD_ONE_OR",
                20,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_DSC_CRC_CONTROL,
                "NV0073_CTRL_CMD_DFP_DSC_CRC_CONTROL",
                20,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DFP_INIT_MUX_DATA, "NV0073_CTRL_CMD_DFP_INIT_MUX_DATA", 12, 0x40, 0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_SWITCH_DISP_MUX,
                "NV0073_CTRL_CMD_DFP_SWITCH_DISP_MUX",
                20,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_RUN_PRE_DISP_MUX_OPERATIONS,
                "NV0073_CTRL_CMD_DFP_RUN_PRE_DISP_MUX_OPERATIONS",
                24,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_RUN_POST_DISP_MUX_OPERATIONS,
                "NV0073_CTRL_CMD_DFP_RUN_POST_DISP_MUX_OPERATIONS",
                24,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_DISP_MUX_STATUS,
                "NV0073_CTRL_CMD_DFP_GET_DISP_MUX_STATUS",
                12,
                0x0,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_DSI_MODE_TIMING,
                "NV0073_CTRL_CMD_DFP_GET_DSI_MODE_TIMING",
                248,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_FIXED_MODE_TIMING,
                "NV0073_CTRL_CMD_DFP_GET_FIXED_MODE_TIMING",
                72,
                0x46,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_ENTER_DISPLAY_POWER_GATING,
                "NV0073_CTRL_CMD_DFP_ENTER_DISPLAY_POWER_GATING",
                24,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_EXIT_DISPLAY_POWER_GATING,
                "NV0073_CTRL_CMD_DFP_EXIT_DISPLAY_POWER_GATING",
                20,
                0x40,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_EDP_DRIVER_UNLOAD,
                "NV0073_CTRL_CMD_DFP_EDP_DRIVER_UNLOAD",
                8,
                0x4a,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_SET_REGION_RAM_RECTANGLES,
                "NV0073_CTRL_CMD_SYSTEM_SET_REGION_RAM_RECTANGLES",
                168,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_SYSTEM_CONFIGURE_SAFETY_INTERRUPTS,
                "NV0073_CTRL_CMD_SYSTEM_CONFIGURE_SAFETY_INTERRUPTS",
                52,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_SET_FORCE_BLACK_PIXELS,
                "NV0073_CTRL_CMD_DFP_SET_FORCE_BLACK_PIXELS",
                12,
                0x48,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DFP_GET_DISP_PHY_INFO,
                "NV0073_CTRL_CMD_DFP_GET_DISP_PHY_INFO",
                268,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_AUXCH_CTRL, "NV0073_CTRL_CMD_DP_AUXCH_CTRL", 48, 0x844, 0);
        c(m, NV0073_CTRL_CMD_DP_CTRL, "NV0073_CTRL_CMD_DP_CTRL", 28, 0x844, 0);
        c(m, NV0073_CTRL_CMD_DP_GET_LANE_DATA, "NV0073_CTRL_CMD_DP_GET_LANE_DATA", 44, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_SET_LANE_DATA, "NV0073_CTRL_CMD_DP_SET_LANE_DATA", 44, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_SET_TESTPATTERN, "NV0073_CTRL_CMD_DP_SET_TESTPATTERN", 56, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_GET_TESTPATTERN, "NV0073_CTRL_CMD_DP_GET_TESTPATTERN", 48, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA,
                "NV0073_CTRL_CMD_DP_SET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA",
                1032,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA,
                "NV0073_CTRL_CMD_DP_GET_PREEMPHASIS_DRIVECURRENT_POSTCURSOR2_DATA",
                1032,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_MAIN_LINK_CTRL, "NV0073_CTRL_CMD_DP_MAIN_LINK_CTRL", 12, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_AUDIO_MUTESTREAM,
                "NV0073_CTRL_CMD_DP_SET_AUDIO_MUTESTREAM",
                12,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_ASSR_CTRL, "NV0073_CTRL_CMD_DP_ASSR_CTRL", 20, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_TOPOLOGY_ALLOCATE_DISPLAYID,
                "NV0073_CTRL_CMD_DP_TOPOLOGY_ALLOCATE_DISPLAYID",
                24,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_TOPOLOGY_FREE_DISPLAYID,
                "NV0073_CTRL_CMD_DP_TOPOLOGY_FREE_DISPLAYID",
                8,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_GET_LINK_CONFIG, "NV0073_CTRL_CMD_DP_GET_LINK_CONFIG", 24, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_GET_EDP_DATA, "NV0073_CTRL_CMD_DP_GET_EDP_DATA", 12, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_CONFIG_STREAM, "NV0073_CTRL_CMD_DP_CONFIG_STREAM", 84, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_SET_RATE_GOV, "NV0073_CTRL_CMD_DP_SET_RATE_GOV", 16, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_MANUAL_DISPLAYPORT,
                "NV0073_CTRL_CMD_DP_SET_MANUAL_DISPLAYPORT",
                4,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_SET_ECF, "NV0073_CTRL_CMD_DP_SET_ECF", 24, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_SEND_ACT, "NV0073_CTRL_CMD_DP_SEND_ACT", 8, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_GET_CAPS, "NV0073_CTRL_CMD_DP_GET_CAPS", 60, 0x820046, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GENERATE_FAKE_INTERRUPT,
                "NV0073_CTRL_CMD_DP_GENERATE_FAKE_INTERRUPT",
                12,
                0x4,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_CONFIG_RAD_SCRATCH_REG,
                "NV0073_CTRL_CMD_DP_CONFIG_RAD_SCRATCH_REG",
                28,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_CONFIG_SINGLE_HEAD_MULTI_STREAM,
                "NV0073_CTRL_CMD_DP_CONFIG_SINGLE_HEAD_MULTI_STREAM",
                24,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_TRIGGER_SELECT,
                "NV0073_CTRL_CMD_DP_SET_TRIGGER_SELECT",
                16,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_SET_TRIGGER_ALL, "NV0073_CTRL_CMD_DP_SET_TRIGGER_ALL", 12, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_RETRIEVE_DP_RING_BUFFER,
                "NV0073_CTRL_CMD_DP_RETRIEVE_DP_RING_BUFFER",
                16,
                0x0,
                POINTER);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_AUXLOGGER_BUFFER_DATA,
                "NV0073_CTRL_CMD_DP_GET_AUXLOGGER_BUFFER_DATA",
                2412,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_CONFIG_INDEXED_LINK_RATES,
                "NV0073_CTRL_CMD_DP_CONFIG_INDEXED_LINK_RATES",
                44,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_STEREO_MSA_PROPERTIES,
                "NV0073_CTRL_CMD_DP_SET_STEREO_MSA_PROPERTIES",
                52,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_CONFIGURE_FEC, "NV0073_CTRL_CMD_DP_CONFIGURE_FEC", 12, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_CONFIG_MACRO_PAD,
                "NV0073_CTRL_CMD_DP_CONFIG_MACRO_PAD",
                36,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_AUXCH_I2C_TRANSFER_CTRL,
                "NV0073_CTRL_CMD_DP_AUXCH_I2C_TRANSFER_CTRL",
                276,
                0x40,
                0);
        c(m, NV0073_CTRL_CMD_DP_ENABLE_VRR, "NV0073_CTRL_CMD_DP_ENABLE_VRR", 16, 0x844, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_GENERIC_INFOFRAME,
                "NV0073_CTRL_CMD_DP_GET_GENERIC_INFOFRAME",
                52,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_MSA_ATTRIBUTES,
                "NV0073_CTRL_CMD_DP_GET_MSA_ATTRIBUTES",
                36,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_DP_AUXCH_OD_CTRL, "NV0073_CTRL_CMD_DP_AUXCH_OD_CTRL", 16, 0x44, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_MSA_PROPERTIES_V2,
                "NV0073_CTRL_CMD_DP_SET_MSA_PROPERTIES_V2",
                80,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP2X_LINK_TRAINING_CTRL,
                "NV0073_CTRL_CMD_DP2X_LINK_TRAINING_CTRL",
                24,
                0x844,
                0);
        c(m, NV0073_CTRL_CMD_DP2X_GET_LANE_DATA, "NV0073_CTRL_CMD_DP2X_GET_LANE_DATA", 44, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP2X_SET_LANE_DATA, "NV0073_CTRL_CMD_DP2X_SET_LANE_DATA", 44, 0x44, 0);
        c(m, NV0073_CTRL_CMD_DP_AUXCH_VBL_CTRL, "NV0073_CTRL_CMD_DP_AUXCH_VBL_CTRL", 12, 0x40, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_SET_LEVEL_INFO_TABLE_DATA,
                "NV0073_CTRL_CMD_DP_SET_LEVEL_INFO_TABLE_DATA",
                272,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_LEVEL_INFO_TABLE_DATA,
                "NV0073_CTRL_CMD_DP_GET_LEVEL_INFO_TABLE_DATA",
                272,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP2X_SET_LEVEL_INFO_TABLE_DATA,
                "NV0073_CTRL_CMD_DP2X_SET_LEVEL_INFO_TABLE_DATA",
                272,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_DP2X_GET_LEVEL_INFO_TABLE_DATA,
                "NV0073_CTRL_CMD_DP2X_GET_LEVEL_INFO_TABLE_DATA",
                272,
                0x44,
                0);
        c(m, NV0073_CTRL_CMD_CALCULATE_DP_IMP, "NV0073_CTRL_CMD_CALCULATE_DP_IMP", 128, 0x100, 0);
        c(
                m,
                NV0073_CTRL_CMD_DP_GET_CABLEID_INFO_FROM_MACRO,
                "NV0073_CTRL_CMD_DP_GET_CABLEID_INFO_FROM_MACRO",
                20,
                0x44,
                0);
        c(
                m,
                NV0073_CTRL_CMD_PSR_GET_SR_PANEL_INFO,
                "NV0073_CTRL_CMD_PSR_GET_SR_PANEL_INFO",
                12,
                0x44,
                0);
        c(
                m,
                NV0076_CTRL_CMD_NOTIFY_CONSOLE_DISABLED,
                "NV0076_CTRL_CMD_NOTIFY_CONSOLE_DISABLED",
                0,
                0x0,
                0);
        c(
                m,
                NV0080_CTRL_CMD_BIF_SET_ASPM_FEATURE,
                "NV0080_CTRL_CMD_BIF_SET_ASPM_FEATURE",
                4,
                0x40,
                0);
        c(
                m,
                NV0080_CTRL_CMD_BIF_ASPM_CYA_UPDATE,
                "NV0080_CTRL_CMD_BIF_ASPM_CYA_UPDATE",
                2,
                0x40,
                0);
        c(
                m,
                NV0080_CTRL_CMD_BIF_GET_PCIE_POWER_CONTROL_MASK,
                "NV0080_CTRL_CMD_BIF_GET_PCIE_POWER_CONTROL_MASK",
                12,
                0x40,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_CLASSLIST,
                "NV0080_CTRL_CMD_GPU_GET_CLASSLIST",
                16,
                0x10b,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES,
                "NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES",
                4,
                0x509,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_MODIFY_SW_STATE_PERSISTENCE,
                "NV0080_CTRL_CMD_GPU_MODIFY_SW_STATE_PERSISTENCE",
                4,
                0x5,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_QUERY_SW_STATE_PERSISTENCE,
                "NV0080_CTRL_CMD_GPU_QUERY_SW_STATE_PERSISTENCE",
                4,
                0x9,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_VIRTUALIZATION_MODE,
                "NV0080_CTRL_CMD_GPU_GET_VIRTUALIZATION_MODE",
                8,
                0x109,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_SPARSE_TEXTURE_COMPUTE_MODE,
                "NV0080_CTRL_CMD_GPU_GET_SPARSE_TEXTURE_COMPUTE_MODE",
                12,
                0x9,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_SET_SPARSE_TEXTURE_COMPUTE_MODE,
                "NV0080_CTRL_CMD_GPU_SET_SPARSE_TEXTURE_COMPUTE_MODE",
                4,
                0x9,
                0);
        c(m, NV0080_CTRL_CMD_GPU_GET_VGX_CAPS, "NV0080_CTRL_CMD_GPU_GET_VGX_CAPS", 1, 0x9, 0);
        c(m, 0x00800290, "NV0080_CTRL_CMD_GPU_VIRTUALIZATION_SWITCH_TO_VGA", 0, 0x8, NAME_DERIVED);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_SRIOV_CAPS,
                "NV0080_CTRL_CMD_GPU_GET_SRIOV_CAPS",
                80,
                0x10008,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2,
                "NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2",
                804,
                0x1010b,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_FIND_SUBDEVICE_HANDLE,
                "NV0080_CTRL_CMD_GPU_FIND_SUBDEVICE_HANDLE",
                8,
                0x10b,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_BRAND_CAPS,
                "NV0080_CTRL_CMD_GPU_GET_BRAND_CAPS",
                4,
                0x40049,
                0);
        c(
                m,
                NV0080_CTRL_GPU_SET_VGPU_VF_BAR1_SIZE,
                "NV0080_CTRL_GPU_SET_VGPU_VF_BAR1_SIZE",
                8,
                0x44,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_SET_VGPU_HETEROGENEOUS_MODE,
                "NV0080_CTRL_CMD_GPU_SET_VGPU_HETEROGENEOUS_MODE",
                8,
                0x8,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GPU_GET_VGPU_HETEROGENEOUS_MODE,
                "NV0080_CTRL_CMD_GPU_GET_VGPU_HETEROGENEOUS_MODE",
                8,
                0x8,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GR_GET_CAPS,
                "NV0080_CTRL_CMD_GR_GET_CAPS",
                16,
                0x10a,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_GR_GET_INFO,
                "NV0080_CTRL_CMD_GR_GET_INFO",
                16,
                0x108,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_GR_GET_TPC_PARTITION_MODE,
                "NV0080_CTRL_CMD_GR_GET_TPC_PARTITION_MODE",
                32,
                0x10248,
                0);
        c(
                m,
                NV0080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE,
                "NV0080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE",
                32,
                0x10248,
                0);
        c(m, NV0080_CTRL_CMD_GR_GET_CAPS_V2, "NV0080_CTRL_CMD_GR_GET_CAPS_V2", 48, 0x1010a, 0);
        c(m, NV0080_CTRL_CMD_GR_GET_INFO_V2, "NV0080_CTRL_CMD_GR_GET_INFO_V2", 488, 0x8, 0);
        c(
                m,
                NV0080_CTRL_CMD_FB_GET_CAPS,
                "NV0080_CTRL_CMD_FB_GET_CAPS",
                16,
                0x109,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_FB_GET_COMPBIT_STORE_INFO,
                "NV0080_CTRL_CMD_FB_GET_COMPBIT_STORE_INFO",
                80,
                0x48,
                0);
        c(m, NV0080_CTRL_CMD_FB_GET_CAPS_V2, "NV0080_CTRL_CMD_FB_GET_CAPS_V2", 3, 0x509, 0);
        c(
                m,
                NV0080_CTRL_CMD_FB_SET_DEFAULT_VIDMEM_PHYSICALITY,
                "NV0080_CTRL_CMD_FB_SET_DEFAULT_VIDMEM_PHYSICALITY",
                4,
                0x9,
                0);
        c(
                m,
                NV0080_CTRL_CMD_HOST_GET_CAPS,
                "NV0080_CTRL_CMD_HOST_GET_CAPS",
                16,
                0x118,
                POINTER | RM_COPIES_EMBEDDED);
        c(m, NV0080_CTRL_CMD_HOST_GET_CAPS_V2, "NV0080_CTRL_CMD_HOST_GET_CAPS_V2", 3, 0x518, 0);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_GET_CAPS,
                "NV0080_CTRL_CMD_FIFO_GET_CAPS",
                16,
                0x108,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_GET_ENGINE_CONTEXT_PROPERTIES,
                "NV0080_CTRL_CMD_FIFO_GET_ENGINE_CONTEXT_PROPERTIES",
                12,
                0x50148,
                0);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST,
                "NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST",
                24,
                0x109,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_GET_LATENCY_BUFFER_SIZE,
                "NV0080_CTRL_CMD_FIFO_GET_LATENCY_BUFFER_SIZE",
                12,
                0x50048,
                0);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_SET_CHANNEL_PROPERTIES,
                "NV0080_CTRL_CMD_FIFO_SET_CHANNEL_PROPERTIES",
                16,
                0x10248,
                0);
        c(m, NV0080_CTRL_CMD_FIFO_STOP_RUNLIST, "NV0080_CTRL_CMD_FIFO_STOP_RUNLIST", 4, 0x10244, 0);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_START_RUNLIST,
                "NV0080_CTRL_CMD_FIFO_START_RUNLIST",
                4,
                0x10244,
                0);
        c(m, NV0080_CTRL_CMD_FIFO_GET_CAPS_V2, "NV0080_CTRL_CMD_FIFO_GET_CAPS_V2", 2, 0x108, 0);
        c(
                m,
                NV0080_CTRL_CMD_FIFO_IDLE_CHANNELS,
                "NV0080_CTRL_CMD_FIFO_IDLE_CHANNELS",
                16396,
                0x109,
                0);
        c(m, NV0080_CTRL_CMD_DMA_GET_PTE_INFO, "NV0080_CTRL_CMD_DMA_GET_PTE_INFO", 184, 0x10008, 0);
        c(m, NV0080_CTRL_CMD_DMA_FLUSH, "NV0080_CTRL_CMD_DMA_FLUSH", 4, 0x50048, 0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_ADV_SCHED_GET_VA_CAPS,
                "NV0080_CTRL_CMD_DMA_ADV_SCHED_GET_VA_CAPS",
                192,
                0x10009,
                0);
        c(m, NV0080_CTRL_CMD_DMA_GET_PDE_INFO, "NV0080_CTRL_CMD_DMA_GET_PDE_INFO", 208, 0x10008, 0);
        c(m, NV0080_CTRL_CMD_DMA_SET_PTE_INFO, "NV0080_CTRL_CMD_DMA_SET_PTE_INFO", 184, 0x10008, 0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_INVALIDATE_TLB,
                "NV0080_CTRL_CMD_DMA_INVALIDATE_TLB",
                8,
                0x10008,
                0);
        c(m, NV0080_CTRL_CMD_DMA_GET_CAPS, "NV0080_CTRL_CMD_DMA_GET_CAPS", 12, 0x10109, 0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_SET_VA_SPACE_SIZE,
                "NV0080_CTRL_CMD_DMA_SET_VA_SPACE_SIZE",
                16,
                0x10008,
                0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_UPDATE_PDE_2,
                "NV0080_CTRL_CMD_DMA_UPDATE_PDE_2",
                64,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV0080_CTRL_DMA_ENABLE_PRIVILEGED_RANGE,
                "NV0080_CTRL_DMA_ENABLE_PRIVILEGED_RANGE",
                4,
                0x8,
                0);
        c(
                m,
                NV0080_CTRL_DMA_SET_DEFAULT_VASPACE,
                "NV0080_CTRL_DMA_SET_DEFAULT_VASPACE",
                4,
                0x1c000,
                0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_SET_PAGE_DIRECTORY,
                "NV0080_CTRL_CMD_DMA_SET_PAGE_DIRECTORY",
                32,
                0x14004,
                0);
        c(
                m,
                NV0080_CTRL_CMD_DMA_UNSET_PAGE_DIRECTORY,
                "NV0080_CTRL_CMD_DMA_UNSET_PAGE_DIRECTORY",
                8,
                0x14004,
                0);
        c(
                m,
                NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL,
                "NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL",
                1,
                0x118,
                0);
        c(
                m,
                NV0080_CTRL_CMD_MSENC_GET_CAPS_V2,
                "NV0080_CTRL_CMD_MSENC_GET_CAPS_V2",
                12,
                0x50148,
                0);
        c(m, NV0080_CTRL_CMD_BSP_GET_CAPS_V2, "NV0080_CTRL_CMD_BSP_GET_CAPS_V2", 12, 0x50148, 0);
        c(m, NV0080_CTRL_CMD_OS_UNIX_VT_SWITCH, "NV0080_CTRL_CMD_OS_UNIX_VT_SWITCH", 4, 0x1, 0);
        c(
                m,
                NV0080_CTRL_CMD_OS_UNIX_VT_GET_FB_INFO,
                "NV0080_CTRL_CMD_OS_UNIX_VT_GET_FB_INFO",
                32,
                0x1,
                0);
        c(
                m,
                NV0080_CTRL_CMD_NVJPG_GET_CAPS_V2,
                "NV0080_CTRL_CMD_NVJPG_GET_CAPS_V2",
                16,
                0x50048,
                0);
        c(
                m,
                NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_DISABLE,
                "NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_DISABLE",
                0,
                0xc0,
                0);
        c(
                m,
                NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_SET_CONTROL,
                "NV0080_CTRL_CMD_INTERNAL_PERF_CUDA_LIMIT_SET_CONTROL",
                1,
                0x1d8,
                0);
        c(
                m,
                NV0080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED,
                "NV0080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED",
                8,
                0x10008,
                0);
        c(
                m,
                NV0080_CTRL_CMD_INTERNAL_KGR_INIT_BUG4208224_WAR,
                "NV0080_CTRL_CMD_INTERNAL_KGR_INIT_BUG4208224_WAR",
                1,
                0x1d0,
                0);
        c(
                m,
                NV0090_CTRL_CMD_SET_TPC_PARTITION_MODE,
                "NV0090_CTRL_CMD_SET_TPC_PARTITION_MODE",
                8,
                0x8,
                0);
        c(
                m,
                NV0090_CTRL_CMD_GET_TPC_PARTITION_MODE,
                "NV0090_CTRL_CMD_GET_TPC_PARTITION_MODE",
                8,
                0x8,
                0);
        c(
                m,
                NV0090_CTRL_CMD_GET_MMU_DEBUG_MODE,
                "NV0090_CTRL_CMD_GET_MMU_DEBUG_MODE",
                1,
                0x10008,
                0);
        c(
                m,
                NV0090_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE,
                "NV0090_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE",
                8,
                0x8,
                0);
        c(
                m,
                NV0090_CTRL_CMD_SET_LG_SECTOR_PROMOTION,
                "NV0090_CTRL_CMD_SET_LG_SECTOR_PROMOTION",
                4,
                0x8,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_REF_MEMORY,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_REF_MEMORY",
                8,
                0x8,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_BIND_CHANNEL,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_BIND_CHANNEL",
                40,
                0x108,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_REGISTER_WAITER,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_REGISTER_WAITER",
                32,
                0x400009,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_SET_VALUE,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_SET_VALUE",
                16,
                0x109,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_UNREGISTER_WAITER,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_UNREGISTER_WAITER",
                24,
                0x109,
                0);
        c(
                m,
                NV_SEMAPHORE_SURFACE_CTRL_CMD_UNBIND_CHANNEL,
                "NV_SEMAPHORE_SURFACE_CTRL_CMD_UNBIND_CHANNEL",
                40,
                0x108,
                0);
        c(m, NV00DE_CTRL_CMD_REQUEST_DATA_POLL, "NV00DE_CTRL_CMD_REQUEST_DATA_POLL", 8, 0x8, 0);
        c(m, NV00E0_CTRL_CMD_EXPORT_MEM, "NV00E0_CTRL_CMD_EXPORT_MEM", 1048, 0x109, FD);
        c(m, NV00E0_CTRL_CMD_IMPORT_MEM, "NV00E0_CTRL_CMD_IMPORT_MEM", 1540, 0x109, 0);
        c(m, NV00E0_CTRL_CMD_GET_INFO, "NV00E0_CTRL_CMD_GET_INFO", 244, 0x10b, 0);
        c(
                m,
                NV00F1_CTRL_CMD_GET_FABRIC_EVENTS,
                "NV00F1_CTRL_CMD_GET_FABRIC_EVENTS",
                10248,
                0x10b,
                UNION);
        c(
                m,
                NV00F1_CTRL_CMD_FINISH_MEM_UNIMPORT,
                "NV00F1_CTRL_CMD_FINISH_MEM_UNIMPORT",
                2056,
                0x10b,
                0);
        c(m, NV00F1_CTRL_CMD_DISABLE_IMPORTERS, "NV00F1_CTRL_CMD_DISABLE_IMPORTERS", 2, 0x8, 0);
        c(m, NV00F8_CTRL_CMD_GET_INFO, "NV00F8_CTRL_CMD_GET_INFO", 32, 0x118, 0);
        c(m, NV00F8_CTRL_CMD_DESCRIBE, "NV00F8_CTRL_CMD_DESCRIBE", 2136, 0x10318, 0);
        c(m, NV00F8_CTRL_CMD_ATTACH_MEM, "NV00F8_CTRL_CMD_ATTACH_MEM", 2064, 0x918, 0);
        c(m, NV00F8_CTRL_CMD_DETACH_MEM, "NV00F8_CTRL_CMD_DETACH_MEM", 528, 0x918, 0);
        c(
                m,
                NV00F8_CTRL_CMD_GET_NUM_ATTACHED_MEM,
                "NV00F8_CTRL_CMD_GET_NUM_ATTACHED_MEM",
                24,
                0x118,
                0);
        c(
                m,
                NV00F8_CTRL_CMD_GET_PAGE_LEVEL_INFO,
                "NV00F8_CTRL_CMD_GET_PAGE_LEVEL_INFO",
                688,
                0x110,
                POINTER);
        c(m, NV00F9_CTRL_CMD_GET_INFO, "NV00F9_CTRL_CMD_GET_INFO", 32, 0x10b, 0);
        c(m, NV00FB_CTRL_CMD_VALIDATE, "NV00FB_CTRL_CMD_VALIDATE", 2136, 0x10b, 0);
        c(m, NV00FD_CTRL_CMD_GET_INFO, "NV00FD_CTRL_CMD_GET_INFO", 32, 0x10b, 0);
        c(m, NV00FD_CTRL_CMD_ATTACH_MEM, "NV00FD_CTRL_CMD_ATTACH_MEM", 40, 0x109, 0);
        c(m, NV00FD_CTRL_CMD_REGISTER_EVENT, "NV00FD_CTRL_CMD_REGISTER_EVENT", 8, 0x10b, POINTER);
        c(m, NV00FD_CTRL_CMD_ATTACH_GPU, "NV00FD_CTRL_CMD_ATTACH_GPU", 16, 0x109, FD);
        c(m, NV00FD_CTRL_CMD_DETACH_MEM, "NV00FD_CTRL_CMD_DETACH_MEM", 24, 0x109, 0);
        c(m, NV00FD_CTRL_CMD_ATTACH_REMOTE_GPU, "NV00FD_CTRL_CMD_ATTACH_REMOTE_GPU", 32, 0x109, 0);
        c(m, NV00FD_CTRL_CMD_SET_FAILURE, "NV00FD_CTRL_CMD_SET_FAILURE", 4, 0x10b, 0);
        c(
                m,
                NV00FE_CTRL_CMD_SUBMIT_OPERATIONS,
                "NV00FE_CTRL_CMD_SUBMIT_OPERATIONS",
                229392,
                0x808,
                UNION);
        c(m, NV00FE_CTRL_CMD_RESIZE_QUEUE, "NV00FE_CTRL_CMD_RESIZE_QUEUE", 4, 0x8, 0);
        c(
                m,
                NV0100_CTRL_CMD_RESET_LOCK_STRESS_STATE,
                "NV0100_CTRL_CMD_RESET_LOCK_STRESS_STATE",
                0,
                0x8,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_ALL_RM_LOCKS,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_ALL_RM_LOCKS",
                1,
                0x8,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK",
                1,
                0x9,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_API_LOCK_READ_MODE,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_API_LOCK_READ_MODE",
                1,
                0x108,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK_API_LOCK_READ_MODE,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_NO_GPUS_LOCK_API_LOCK_READ_MODE",
                1,
                0x109,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_ALL_RM_LOCKS,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_ALL_RM_LOCKS",
                1,
                0x8,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK",
                1,
                0x9,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_API_LOCK_READ_MODE,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_API_LOCK_READ_MODE",
                1,
                0x108,
                0);
        c(
                m,
                NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK_API_LOCK_READ_MODE,
                "NV0100_CTRL_CMD_PERFORM_LOCK_STRESS_INTERNAL_NO_GPUS_LOCK_API_LOCK_READ_MODE",
                1,
                0x109,
                0);
        c(
                m,
                NV0100_CTRL_CMD_GET_LOCK_STRESS_COUNTERS,
                "NV0100_CTRL_CMD_GET_LOCK_STRESS_COUNTERS",
                16,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_INFO_V2, "NV2080_CTRL_CMD_GPU_GET_INFO_V2", 564, 0x30118, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_NAME_STRING,
                "NV2080_CTRL_CMD_GPU_GET_NAME_STRING",
                132,
                0x2010a,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_SHORT_NAME_STRING,
                "NV2080_CTRL_CMD_GPU_GET_SHORT_NAME_STRING",
                64,
                0x50a,
                0);
        c(m, NV2080_CTRL_CMD_GPU_SET_POWER, "NV2080_CTRL_CMD_GPU_SET_POWER", 12, 0x48, 0);
        c(m, NV2080_CTRL_CMD_GPU_GET_SDM, "NV2080_CTRL_CMD_GPU_GET_SDM", 4, 0x9, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_SIMULATION_INFO,
                "NV2080_CTRL_CMD_GPU_GET_SIMULATION_INFO",
                4,
                0x50b,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_EXEC_REG_OPS,
                "NV2080_CTRL_CMD_GPU_EXEC_REG_OPS",
                48,
                0x10118,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINES,
                "NV2080_CTRL_CMD_GPU_GET_ENGINES",
                16,
                0x109,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINE_CLASSLIST,
                "NV2080_CTRL_CMD_GPU_GET_ENGINE_CLASSLIST",
                16,
                0x109,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINE_FAULT_INFO,
                "NV2080_CTRL_CMD_GPU_GET_ENGINE_FAULT_INFO",
                12,
                0x9,
                0);
        c(m, NV2080_CTRL_CMD_GPU_QUERY_MODE, "NV2080_CTRL_CMD_GPU_QUERY_MODE", 4, 0x8, 0);
        c(m, NV2080_CTRL_CMD_GPU_PROMOTE_CTX, "NV2080_CTRL_CMD_GPU_PROMOTE_CTX", 560, 0x10244, 0);
        c(m, NV2080_CTRL_CMD_GPU_EVICT_CTX, "NV2080_CTRL_CMD_GPU_EVICT_CTX", 20, 0x1c240, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_INITIALIZE_CTX,
                "NV2080_CTRL_CMD_GPU_INITIALIZE_CTX",
                56,
                0x14244,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_ECC_STATUS,
                "NV2080_CTRL_CMD_GPU_QUERY_ECC_STATUS",
                1464,
                0x50158,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_SET_COMPUTE_MODE_RULES,
                "NV2080_CTRL_CMD_GPU_SET_COMPUTE_MODE_RULES",
                8,
                0x114,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_COMPUTE_MODE_RULES,
                "NV2080_CTRL_CMD_GPU_QUERY_COMPUTE_MODE_RULES",
                4,
                0x109,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_ECC_CONFIGURATION,
                "NV2080_CTRL_CMD_GPU_QUERY_ECC_CONFIGURATION",
                8,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_SET_ECC_CONFIGURATION,
                "NV2080_CTRL_CMD_GPU_SET_ECC_CONFIGURATION",
                4,
                0x40044,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_RESET_ECC_ERROR_STATUS,
                "NV2080_CTRL_CMD_GPU_RESET_ECC_ERROR_STATUS",
                8,
                0x40044,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_FERMI_GPC_INFO,
                "NV2080_CTRL_CMD_GPU_GET_FERMI_GPC_INFO",
                4,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_FERMI_TPC_INFO,
                "NV2080_CTRL_CMD_GPU_GET_FERMI_TPC_INFO",
                8,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_FERMI_ZCULL_INFO,
                "NV2080_CTRL_CMD_GPU_GET_FERMI_ZCULL_INFO",
                8,
                0x10118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_OEM_BOARD_INFO,
                "NV2080_CTRL_CMD_GPU_GET_OEM_BOARD_INFO",
                136,
                0x448,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_ID, "NV2080_CTRL_CMD_GPU_GET_ID", 4, 0x10a, 0);
        c(
                m,
                0x20800145,
                "NV2080_CTRL_CMD_GPU_ACQUIRE_COMPUTE_MODE_RESERVATION",
                0,
                0x118,
                NAME_DERIVED);
        c(
                m,
                0x20800146,
                "NV2080_CTRL_CMD_GPU_RELEASE_COMPUTE_MODE_RESERVATION",
                0,
                0x118,
                NAME_DERIVED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINE_PARTNERLIST,
                "NV2080_CTRL_CMD_GPU_GET_ENGINE_PARTNERLIST",
                144,
                0x118,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_GID_INFO, "NV2080_CTRL_CMD_GPU_GET_GID_INFO", 268, 0x10118, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_INFOROM_OBJECT_VERSION,
                "NV2080_CTRL_CMD_GPU_GET_INFOROM_OBJECT_VERSION",
                5,
                0x10048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_SET_GPU_OPTIMUS_INFO,
                "NV2080_CTRL_CMD_SET_GPU_OPTIMUS_INFO",
                1,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_IP_VERSION, "NV2080_CTRL_CMD_GPU_GET_IP_VERSION", 8, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_ILLUM_SUPPORT,
                "NV2080_CTRL_CMD_GPU_QUERY_ILLUM_SUPPORT",
                8,
                0x40048,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_ILLUM, "NV2080_CTRL_CMD_GPU_GET_ILLUM", 8, 0x48, 0);
        c(m, NV2080_CTRL_CMD_GPU_SET_ILLUM, "NV2080_CTRL_CMD_GPU_SET_ILLUM", 8, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_INFOROM_IMAGE_VERSION,
                "NV2080_CTRL_CMD_GPU_GET_INFOROM_IMAGE_VERSION",
                16,
                0x448,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_INFOROM_ECC_SUPPORT,
                "NV2080_CTRL_CMD_GPU_QUERY_INFOROM_ECC_SUPPORT",
                0,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_PHYSICAL_BRIDGE_VERSION_INFO,
                "NV2080_CTRL_CMD_GPU_GET_PHYSICAL_BRIDGE_VERSION_INFO",
                1204,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ALL_BRIDGES_UPSTREAM_OF_GPU,
                "NV2080_CTRL_CMD_GPU_GET_ALL_BRIDGES_UPSTREAM_OF_GPU",
                2004,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_SCRUBBER_STATUS,
                "NV2080_CTRL_CMD_GPU_QUERY_SCRUBBER_STATUS",
                24,
                0x40048,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_VPR_CAPS, "NV2080_CTRL_CMD_GPU_GET_VPR_CAPS", 16, 0x48, 0);
        c(m, NV2080_CTRL_CMD_GPU_HANDLE_GPU_SR, "NV2080_CTRL_CMD_GPU_HANDLE_GPU_SR", 0, 0x3, 0);
        c(m, NV2080_CTRL_CMD_GPU_GET_PES_INFO, "NV2080_CTRL_CMD_GPU_GET_PES_INFO", 56, 0x8, 0);
        c(m, NV2080_CTRL_CMD_GPU_GET_OEM_INFO, "NV2080_CTRL_CMD_GPU_GET_OEM_INFO", 504, 0x448, 0);
        c(m, NV2080_CTRL_CMD_GPU_GET_VPR_INFO, "NV2080_CTRL_CMD_GPU_GET_VPR_INFO", 24, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENCODER_CAPACITY,
                "NV2080_CTRL_CMD_GPU_GET_ENCODER_CAPACITY",
                8,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_STATS,
                "NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_STATS",
                12,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO,
                "NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO",
                16,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_SET_FABRIC_BASE_ADDR,
                "NV2080_CTRL_CMD_GPU_SET_FABRIC_BASE_ADDR",
                8,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINES_V2,
                "NV2080_CTRL_CMD_GPU_GET_ENGINES_V2",
                340,
                0x10109,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_QUERY_FUNCTION_STATUS,
                "NV2080_CTRL_CMD_GPU_QUERY_FUNCTION_STATUS",
                12,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_GPU_SET_PARTITIONS, "NV2080_CTRL_CMD_GPU_SET_PARTITIONS", 392, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_PARTITIONS,
                "NV2080_CTRL_CMD_GPU_GET_PARTITIONS",
                1864,
                0x10118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_REPORT_NON_REPLAYABLE_FAULT,
                "NV2080_CTRL_CMD_GPU_REPORT_NON_REPLAYABLE_FAULT",
                32,
                0x40040,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINE_RUNLIST_PRI_BASE,
                "NV2080_CTRL_CMD_GPU_GET_ENGINE_RUNLIST_PRI_BASE",
                1008,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_HW_ENGINE_ID,
                "NV2080_CTRL_CMD_GPU_GET_HW_ENGINE_ID",
                672,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_STATS,
                "NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_STATS",
                12,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_INFO,
                "NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_INFO",
                13316,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_VMMU_SEGMENT_SIZE,
                "NV2080_CTRL_CMD_GPU_GET_VMMU_SEGMENT_SIZE",
                8,
                0x10448,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_PARTITION_CAPACITY,
                "NV2080_CTRL_CMD_GPU_GET_PARTITION_CAPACITY",
                280,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_CACHED_INFO,
                "NV2080_CTRL_CMD_GPU_GET_CACHED_INFO",
                564,
                0x10b,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_SET_PARTITIONING_MODE,
                "NV2080_CTRL_CMD_GPU_SET_PARTITIONING_MODE",
                4,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_DESCRIBE_PARTITIONS,
                "NV2080_CTRL_CMD_GPU_DESCRIBE_PARTITIONS",
                5768,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_MAX_SUPPORTED_PAGE_SIZE,
                "NV2080_CTRL_CMD_GPU_GET_MAX_SUPPORTED_PAGE_SIZE",
                8,
                0x10018,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ACTIVE_PARTITION_IDS,
                "NV2080_CTRL_CMD_GPU_GET_ACTIVE_PARTITION_IDS",
                40,
                0x118,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_PIDS, "NV2080_CTRL_CMD_GPU_GET_PIDS", 3812, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_PID_INFO,
                "NV2080_CTRL_CMD_GPU_GET_PID_INFO",
                14408,
                0x8,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_GPU_HANDLE_VF_PRI_FAULT,
                "NV2080_CTRL_CMD_GPU_HANDLE_VF_PRI_FAULT",
                4,
                0x10248,
                0);
        c(
                m,
                0x20800194,
                "NV2080_CTRL_CMD_GPU_SET_COMPUTE_POLICY_CONFIG",
                8,
                0x107,
                NAME_DERIVED | UNION);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_COMPUTE_POLICY_CONFIG,
                "NV2080_CTRL_CMD_GPU_GET_COMPUTE_POLICY_CONFIG",
                260,
                0x10b,
                UNION);
        c(m, NV2080_CTRL_CMD_GPU_GET_GFID, "NV2080_CTRL_CMD_GPU_GET_GFID", 16, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_UPDATE_GFID_P2P_CAPABILITY,
                "NV2080_CTRL_CMD_GPU_UPDATE_GFID_P2P_CAPABILITY",
                12,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_VALIDATE_MEM_MAP_REQUEST,
                "NV2080_CTRL_CMD_GPU_VALIDATE_MEM_MAP_REQUEST",
                24,
                0x110,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_ENGINE_LOAD_TIMES,
                "NV2080_CTRL_CMD_GPU_GET_ENGINE_LOAD_TIMES",
                2608,
                0xa,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_SKYLINE_INFO,
                "NV2080_CTRL_CMD_GPU_GET_SKYLINE_INFO",
                220,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_GET_P2P_CAPS, "NV2080_CTRL_CMD_GET_P2P_CAPS", 1672, 0x50048, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILES,
                "NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILES",
                168,
                0x10008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GET_GPU_FABRIC_PROBE_INFO,
                "NV2080_CTRL_CMD_GET_GPU_FABRIC_PROBE_INFO",
                56,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_CHIP_DETAILS,
                "NV2080_CTRL_CMD_GPU_GET_CHIP_DETAILS",
                16,
                0x40448,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_MIGRATABLE_OPS,
                "NV2080_CTRL_CMD_GPU_MIGRATABLE_OPS",
                1832,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_RESET,
                "NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_RESET",
                0,
                0x100048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_RESET,
                "NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_RESET",
                0,
                0x100048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_RESET_STATUS,
                "NV2080_CTRL_CMD_GPU_GET_RESET_STATUS",
                1,
                0x158,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_DRAIN_AND_RESET,
                "NV2080_CTRL_CMD_GPU_MARK_DEVICE_FOR_DRAIN_AND_RESET",
                0,
                0x100048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_DRAIN_AND_RESET,
                "NV2080_CTRL_CMD_GPU_UNMARK_DEVICE_FOR_DRAIN_AND_RESET",
                0,
                0x100048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_DRAIN_AND_RESET_STATUS,
                "NV2080_CTRL_CMD_GPU_GET_DRAIN_AND_RESET_STATUS",
                1,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO_V2,
                "NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_INFO_V2",
                16388,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_CONSTRUCTED_FALCON_INFO,
                "NV2080_CTRL_CMD_GPU_GET_CONSTRUCTED_FALCON_INFO",
                1284,
                0x10048,
                0);
        c(m, NV2080_CTRL_CMD_GPU_GET_VF_CAPS, "NV2080_CTRL_CMD_GPU_GET_VF_CAPS", 16, 0x10109, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION,
                "NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION",
                4,
                0x108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONTROL_GSP_TRACE,
                "NV2080_CTRL_CMD_INTERNAL_CONTROL_GSP_TRACE",
                32,
                0x102d0,
                0);
        c(m, NV2080_CTRL_GPU_GET_FIPS_STATUS, "NV2080_CTRL_GPU_GET_FIPS_STATUS", 1, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILE_CAPACITY,
                "NV2080_CTRL_CMD_GPU_GET_COMPUTE_PROFILE_CAPACITY",
                152,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_GET_FIRST_ASYNC_CE_IDX,
                "NV2080_CTRL_CMD_GPU_GET_FIRST_ASYNC_CE_IDX",
                4,
                0x10448,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_RPC_GSP_TEST,
                "NV2080_CTRL_CMD_GPU_RPC_GSP_TEST",
                32,
                0x100108,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GPU_RPC_GSP_QUERY_SIZES,
                "NV2080_CTRL_CMD_GPU_RPC_GSP_QUERY_SIZES",
                24,
                0x100108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GPU_FORCE_GSP_UNLOAD,
                "NV2080_CTRL_CMD_GPU_FORCE_GSP_UNLOAD",
                4,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_SET_NOTIFICATION,
                "NV2080_CTRL_CMD_EVENT_SET_NOTIFICATION",
                20,
                0x10118,
                0);
        c(m, NV2080_CTRL_CMD_EVENT_SET_TRIGGER, "NV2080_CTRL_CMD_EVENT_SET_TRIGGER", 0, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_SET_MEMORY_NOTIFIES,
                "NV2080_CTRL_CMD_EVENT_SET_MEMORY_NOTIFIES",
                4,
                0x10008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_SET_SEMAPHORE_MEMORY,
                "NV2080_CTRL_CMD_EVENT_SET_SEMAPHORE_MEMORY",
                8,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_SET_SEMA_MEM_VALIDATION,
                "NV2080_CTRL_CMD_EVENT_SET_SEMA_MEM_VALIDATION",
                8,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_SET_TRIGGER_FIFO,
                "NV2080_CTRL_CMD_EVENT_SET_TRIGGER_FIFO",
                4,
                0x9,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_VIDEO_BIND_EVTBUF,
                "NV2080_CTRL_CMD_EVENT_VIDEO_BIND_EVTBUF",
                20,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_EVENT_RATS_GSP_TRACE_BIND_EVTBUF,
                "NV2080_CTRL_CMD_EVENT_RATS_GSP_TRACE_BIND_EVTBUF",
                24,
                0x4,
                0);
        c(m, NV2080_CTRL_CMD_TIMER_SCHEDULE, "NV2080_CTRL_CMD_TIMER_SCHEDULE", 16, 0x8, 0);
        c(m, NV2080_CTRL_CMD_TIMER_CANCEL, "NV2080_CTRL_CMD_TIMER_CANCEL", 0, 0x8, 0);
        c(m, NV2080_CTRL_CMD_TIMER_GET_TIME, "NV2080_CTRL_CMD_TIMER_GET_TIME", 8, 0x10118, 0);
        c(
                m,
                NV2080_CTRL_CMD_TIMER_GET_REGISTER_OFFSET,
                "NV2080_CTRL_CMD_TIMER_GET_REGISTER_OFFSET",
                4,
                0x9,
                0);
        c(
                m,
                NV2080_CTRL_CMD_TIMER_GET_GPU_CPU_TIME_CORRELATION_INFO,
                "NV2080_CTRL_CMD_TIMER_GET_GPU_CPU_TIME_CORRELATION_INFO",
                264,
                0x108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_TIMER_SET_GR_TICK_FREQ,
                "NV2080_CTRL_CMD_TIMER_SET_GR_TICK_FREQ",
                1,
                0x10208,
                0);
        c(
                m,
                NV2080_CTRL_CMD_THERMAL_SYSTEM_EXECUTE_V2,
                "NV2080_CTRL_CMD_THERMAL_SYSTEM_EXECUTE_V2",
                1432,
                0x8,
                UNION);
        c(m, NV2080_CTRL_CMD_I2C_READ_BUFFER, "NV2080_CTRL_CMD_I2C_READ_BUFFER", 532, 0x48, 0);
        c(m, NV2080_CTRL_CMD_I2C_WRITE_BUFFER, "NV2080_CTRL_CMD_I2C_WRITE_BUFFER", 276, 0x48, 0);
        c(m, NV2080_CTRL_CMD_I2C_READ_REG, "NV2080_CTRL_CMD_I2C_READ_REG", 276, 0x48, 0);
        c(m, NV2080_CTRL_CMD_I2C_WRITE_REG, "NV2080_CTRL_CMD_I2C_WRITE_REG", 276, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_BIOS_GET_SKU_INFO,
                "NV2080_CTRL_CMD_BIOS_GET_SKU_INFO",
                48,
                0x1000a,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BIOS_GET_POST_TIME,
                "NV2080_CTRL_CMD_BIOS_GET_POST_TIME",
                8,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BIOS_GET_UEFI_SUPPORT,
                "NV2080_CTRL_CMD_BIOS_GET_UEFI_SUPPORT",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BIOS_GET_NBSI_V2,
                "NV2080_CTRL_CMD_BIOS_GET_NBSI_V2",
                1308,
                0x48,
                UNION);
        c(m, NV2080_CTRL_CMD_BIOS_GET_INFO_V2, "NV2080_CTRL_CMD_BIOS_GET_INFO_V2", 124, 0x60048, 0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_STATIC_INFO,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_STATIC_INFO",
                36,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_RASTER_SYNC_DECODE_MODE,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_RASTER_SYNC_DECODE_MODE",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_STATIC_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_STATIC_CONFIG",
                40,
                0x5c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_UVM_REGISTER_ACCESS_CNTR_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_UVM_REGISTER_ACCESS_CNTR_BUFFER",
                520,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_UVM_UNREGISTER_ACCESS_CNTR_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_UVM_UNREGISTER_ACCESS_CNTR_BUFFER",
                4,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CAPS,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CAPS",
                184,
                0x100c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_NVLINK_PEER,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_NVLINK_PEER",
                8,
                0xc1,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_GLOBAL_SM_ORDER,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_GLOBAL_SM_ORDER",
                34592,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_CORE_CALLBACK,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_CORE_CALLBACK",
                64,
                0xd0,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_REMOTE_LOCAL_SID,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_REMOTE_LOCAL_SID",
                32,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FLOORSWEEPING_MASKS,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FLOORSWEEPING_MASKS",
                3008,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_KGR_GET_CTX_BUFFER_PTES,
                "NV2080_CTRL_CMD_KGR_GET_CTX_BUFFER_PTES",
                1056,
                0x8000,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_ALI_ENABLED,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_ALI_ENABLED",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_INFO,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_INFO",
                3712,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ZCULL_INFO,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ZCULL_INFO",
                320,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ROP_INFO,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_ROP_INFO",
                96,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PPC_MASKS,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PPC_MASKS",
                512,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CONTEXT_BUFFERS_INFO,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_CONTEXT_BUFFERS_INFO",
                1664,
                0x1c1c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER",
                72,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_CHIP_INFO,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_CHIP_INFO",
                88,
                0x404c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_HW_ENABLE,
                "NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_HW_ENABLE",
                24,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_HW_ENABLE,
                "NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_HW_ENABLE",
                24,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_RD_OFFSET,
                "NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_RD_OFFSET",
                24,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_WR_OFFSET,
                "NV2080_CTRL_CMD_INTERNAL_GR_SET_FECS_TRACE_WR_OFFSET",
                24,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_RD_OFFSET,
                "NV2080_CTRL_CMD_INTERNAL_GR_GET_FECS_TRACE_RD_OFFSET",
                24,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_RECORD_SIZE,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_RECORD_SIZE",
                32,
                0x1c0c0,
                0);
        c(
                m,
                0x20800a3e,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_GR_GET_FECS_TRACE_DEFINES",
                256,
                0x10040,
                NAME_DERIVED);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_TRACE_DEFINES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_FECS_TRACE_DEFINES",
                256,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GET_DEVICE_INFO_TABLE,
                "NV2080_CTRL_CMD_INTERNAL_GET_DEVICE_INFO_TABLE",
                24580,
                0x1c4c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_USER_REGISTER_ACCESS_MAP,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_USER_REGISTER_ACCESS_MAP",
                8204,
                0x4c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_HSHUB_MUX,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_HSHUB_MUX",
                8,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_KMIGMGR_PROMOTE_GPU_INSTANCE_MEM_RANGE,
                "NV2080_CTRL_CMD_INTERNAL_KMIGMGR_PROMOTE_GPU_INSTANCE_MEM_RANGE",
                24,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_DEPENDENCY_CHECK,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_DEPENDENCY_CHECK",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_CHECK_CTS_ID_VALID,
                "NV2080_CTRL_CMD_INTERNAL_GPU_CHECK_CTS_ID_VALID",
                16,
                0x2c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PDB_PROPERTIES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_PDB_PROPERTIES",
                8,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_WRITE_INST_MEM,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_WRITE_INST_MEM",
                24,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_RECOVER_ALL_COMPUTE_CONTEXTS,
                "NV2080_CTRL_CMD_INTERNAL_RECOVER_ALL_COMPUTE_CONTEXTS",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_IP_VERSION,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_IP_VERSION",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_SMC_MODE,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_SMC_MODE",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_SETUP_RG_LINE_INTR,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_SETUP_RG_LINE_INTR",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_SETUP_NVLINK_PEER,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_SETUP_NVLINK_PEER",
                24,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_SETUP_NVLINK_PEER,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_SETUP_NVLINK_PEER",
                4,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PARTITIONABLE_MEM,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PARTITIONABLE_MEM",
                40,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_FIFO_PROMOTE_RUNLIST_BUFFERS,
                "NV2080_CTRL_CMD_INTERNAL_FIFO_PROMOTE_RUNLIST_BUFFERS",
                4112,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_SET_IMP_INIT_INFO,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_SET_IMP_INIT_INFO",
                492,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GET_EGPU_BRIDGE_INFO,
                "NV2080_CTRL_CMD_INTERNAL_GET_EGPU_BRIDGE_INFO",
                6,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_LOG_OOB_XID,
                "NV2080_CTRL_CMD_INTERNAL_LOG_OOB_XID",
                92,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_VMMU_GET_SPA_FOR_GPA_ENTRIES,
                "NV2080_CTRL_CMD_INTERNAL_VMMU_GET_SPA_FOR_GPA_ENTRIES",
                2056,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_CHANNEL_PUSHBUFFER,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_CHANNEL_PUSHBUFFER",
                56,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_GET_STATIC_INFO,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_GET_STATIC_INFO",
                16,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_FB_GET_HEAP_RESERVATION_SIZE,
                "NV2080_CTRL_CMD_INTERNAL_FB_GET_HEAP_RESERVATION_SIZE",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_INTR_GET_KERNEL_TABLE,
                "NV2080_CTRL_CMD_INTERNAL_INTR_GET_KERNEL_TABLE",
                2112,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_ACTIVE_DISPLAY_DEVICES,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_GET_ACTIVE_DISPLAY_DEVICES",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_REMOVE_NVLINK_MAPPING,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_REMOVE_NVLINK_MAPPING",
                12,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_CHANNELS,
                "NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_CHANNELS",
                8,
                0x1d8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_SAVE_RESTORE_HSHUB_STATE,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_SAVE_RESTORE_HSHUB_STATE",
                8,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PROFILES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PROFILES",
                6488,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_BUFFERREADY,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_BUFFERREADY",
                16,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PARTITIONABLE_ENGINES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_PARTITIONABLE_ENGINES",
                32,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_SWIZZ_ID_FB_MEM_PAGE_RANGES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_SWIZZ_ID_FB_MEM_PAGE_RANGES",
                240,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_KMEMSYS_GET_MIG_MEMORY_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_KMEMSYS_GET_MIG_MEMORY_CONFIG",
                32,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_ZBC_REFERENCED",
                1,
                0x10008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_RC_WATCHDOG_TIMEOUT,
                "NV2080_CTRL_CMD_INTERNAL_RC_WATCHDOG_TIMEOUT",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_MIG_MEMORY_PARTITION_TABLE,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_MIG_MEMORY_PARTITION_TABLE",
                32,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_L2_INVALIDATE_EVICT,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_L2_INVALIDATE_EVICT",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_FLUSH_L2_ALL_RAMS_AND_CACHES,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_FLUSH_L2_ALL_RAMS_AND_CACHES",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_DISABLE_NVLINK_PEERS,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_DISABLE_NVLINK_PEERS",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_PROGRAM_RAW_COMPRESSION_MODE,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_PROGRAM_RAW_COMPRESSION_MODE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_FLUSH_WITH_SYSMEMBAR,
                "NV2080_CTRL_CMD_INTERNAL_BUS_FLUSH_WITH_SYSMEMBAR",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_LOCAL,
                "NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_LOCAL",
                48,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_REMOTE,
                "NV2080_CTRL_CMD_INTERNAL_BUS_SETUP_P2P_MAILBOX_REMOTE",
                40,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_DESTROY_P2P_MAILBOX,
                "NV2080_CTRL_CMD_INTERNAL_BUS_DESTROY_P2P_MAILBOX",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_CREATE_C2C_PEER_MAPPING,
                "NV2080_CTRL_CMD_INTERNAL_BUS_CREATE_C2C_PEER_MAPPING",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BUS_REMOVE_C2C_PEER_MAPPING,
                "NV2080_CTRL_CMD_INTERNAL_BUS_REMOVE_C2C_PEER_MAPPING",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_UNIX_CONSOLE,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_UNIX_CONSOLE",
                3,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_UNIX_CONSOLE,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_UNIX_CONSOLE",
                3,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_CURRENT_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_CURRENT_CONFIG",
                1,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_MAX_HSHUBS_PER_SHIM,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_MAX_HSHUBS_PER_SHIM",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_HFRP_INFO,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_HFRP_INFO",
                40,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_UNSET_DYNAMIC_BOOST_LIMIT,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_UNSET_DYNAMIC_BOOST_LIMIT",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_PEER_LINK_MASK,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_PEER_LINK_MASK",
                16,
                0xc1,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_CONTROL,
                "NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_CONTROL",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_LIMITS,
                "NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_SET_LIMITS",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_GET_INFO,
                "NV2080_CTRL_CMD_INTERNAL_PERF_GPU_BOOST_SYNC_GET_INFO",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_GET_AUX_POWER_STATE,
                "NV2080_CTRL_CMD_INTERNAL_PERF_GET_AUX_POWER_STATE",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_LINK_CONNECTION,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_UPDATE_LINK_CONNECTION",
                40,
                0xc1,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_LINKS_POST_TOPOLOGY,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_LINKS_POST_TOPOLOGY",
                8,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_LINK_TRAIN_ALI,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_PRE_LINK_TRAIN_ALI",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_MASK_POST_RX_DET,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_MASK_POST_RX_DET",
                264,
                0x100d0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_LINK_TRAIN_ALI,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_LINK_TRAIN_ALI",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_NVLINK_DEVICE_INFO,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_NVLINK_DEVICE_INFO",
                1056,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_PEER_CONN_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_PEER_CONN_CONFIG",
                12,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_HSHUB_ID_FOR_LINKS,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_HSHUB_ID_FOR_LINKS",
                36,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_NUM_UNITS,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_GET_NUM_UNITS",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_NEXT_HSHUB_ID,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_NEXT_HSHUB_ID",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_HSHUB_EGM_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_HSHUB_EGM_CONFIG",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_IOCTRL_DEVICE_INFO,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_IOCTRL_DEVICE_INFO",
                32,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_LINK_SPEED,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_PROGRAM_LINK_SPEED",
                12,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_ARE_LINKS_TRAINED,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_ARE_LINKS_TRAINED",
                72,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_RESET_LINKS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_RESET_LINKS",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_DISABLE_DL_INTERRUPTS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_DISABLE_DL_INTERRUPTS",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_AND_CLOCK_INFO,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_LINK_AND_CLOCK_INFO",
                3616,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_SETUP_NVLINK_SYSMEM,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_SETUP_NVLINK_SYSMEM",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_PROCESS_FORCED_CONFIGS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_PROCESS_FORCED_CONFIGS",
                264,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_SYNC_NVLINK_SHUTDOWN_PROPS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_SYNC_NVLINK_SHUTDOWN_PROPS",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_SYSMEM_NVLINK_ATS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_SYSMEM_NVLINK_ATS",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_CHECK,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_CHECK",
                1,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_SET,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PERFMON_CLIENT_RESERVATION_SET",
                3,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_2X,
                "NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_2X",
                8,
                0x100c8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_FAULT_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_FAULT_BUFFER",
                2064,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_FAULT_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_FAULT_BUFFER",
                0,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_CLIENT_SHADOW_FAULT_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_REGISTER_CLIENT_SHADOW_FAULT_BUFFER",
                24032,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_CLIENT_SHADOW_FAULT_BUFFER,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_UNREGISTER_CLIENT_SHADOW_FAULT_BUFFER",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GMMU_COPY_RESERVED_SPLIT_GVASPACE_PDES_TO_SERVER,
                "NV2080_CTRL_CMD_INTERNAL_GMMU_COPY_RESERVED_SPLIT_GVASPACE_PDES_TO_SERVER",
                184,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_3X,
                "NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_SET_3X",
                16,
                0x100c8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_CLEAR_3X,
                "NV2080_CTRL_CMD_INTERNAL_PERF_BOOST_CLEAR_3X",
                8,
                0x100c8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_KMIGMGR_EXPORT_GPU_INSTANCE,
                "NV2080_CTRL_CMD_INTERNAL_KMIGMGR_EXPORT_GPU_INSTANCE",
                80,
                0x80,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_KMIGMGR_IMPORT_GPU_INSTANCE,
                "NV2080_CTRL_CMD_INTERNAL_KMIGMGR_IMPORT_GPU_INSTANCE",
                80,
                0x80,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_HSHUB_GET_SYSMEM_NVLINK_MASK,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_HSHUB_GET_SYSMEM_NVLINK_MASK",
                4,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BIF_GET_STATIC_INFO,
                "NV2080_CTRL_CMD_INTERNAL_BIF_GET_STATIC_INFO",
                4,
                0x400c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_COMPUTE_PEER_ADDR,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_ENABLE_COMPUTE_PEER_ADDR",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_SET_NVSWITCH_FABRIC_ADDR,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_GET_SET_NVSWITCH_FABRIC_ADDR",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BIF_GET_ASPM_L1_FLAGS,
                "NV2080_CTRL_CMD_INTERNAL_BIF_GET_ASPM_L1_FLAGS",
                2,
                0x1d0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_CF_CONTROLLERS_SET_MAX_VGPU_VM_COUNT,
                "NV2080_CTRL_CMD_INTERNAL_PERF_CF_CONTROLLERS_SET_MAX_VGPU_VM_COUNT",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CCU_GET_SAMPLE_INFO,
                "NV2080_CTRL_CMD_INTERNAL_CCU_GET_SAMPLE_INFO",
                4,
                0x400c0,
                0);
        c(m, NV2080_CTRL_CMD_INTERNAL_CCU_MAP, "NV2080_CTRL_CMD_INTERNAL_CCU_MAP", 144, 0xc0, 0);
        c(m, NV2080_CTRL_CMD_INTERNAL_CCU_UNMAP, "NV2080_CTRL_CMD_INTERNAL_CCU_UNMAP", 2, 0xc0, 0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_SET_P2P_CAPS,
                "NV2080_CTRL_CMD_INTERNAL_SET_P2P_CAPS",
                1284,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_REMOVE_P2P_CAPS,
                "NV2080_CTRL_CMD_INTERNAL_REMOVE_P2P_CAPS",
                132,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GET_PCIE_P2P_CAPS,
                "NV2080_CTRL_CMD_INTERNAL_GET_PCIE_P2P_CAPS",
                3,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BIF_SET_PCIE_RO,
                "NV2080_CTRL_CMD_INTERNAL_BIF_SET_PCIE_RO",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_COMPUTE_PROFILES,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KMIGMGR_GET_COMPUTE_PROFILES",
                196,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CCU_SET_STREAM_STATE,
                "NV2080_CTRL_CMD_INTERNAL_CCU_SET_STREAM_STATE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_ATTACH_AND_INIT,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_ATTACH_AND_INIT",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_OPTIMIZE_TIMING_PARAMETERS,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_OPTIMIZE_TIMING_PARAMETERS",
                96,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_DISPLAY_IDS,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_DISPLAY_IDS",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_STREO_SYNC,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_STREO_SYNC",
                52,
                0xc0,
                0);
        c(m, NV2080_CTRL_CMD_INTERNAL_FBSR_INIT, "NV2080_CTRL_CMD_INTERNAL_FBSR_INIT", 24, 0xc0, 0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_FIFO_TOGGLE_ACTIVE_CHANNEL_SCHEDULING,
                "NV2080_CTRL_CMD_INTERNAL_FIFO_TOGGLE_ACTIVE_CHANNEL_SCHEDULING",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_VERTICAL_ACTIVE_LINES,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_GET_VERTICAL_ACTIVE_LINES",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMMGR_GET_VGPU_CONFIG_HOST_RESERVED_FB,
                "NV2080_CTRL_CMD_INTERNAL_MEMMGR_GET_VGPU_CONFIG_HOST_RESERVED_FB",
                16,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_INIT_BRIGHTC_STATE_LOAD,
                "NV2080_CTRL_CMD_INTERNAL_INIT_BRIGHTC_STATE_LOAD",
                4104,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_INTERNAL_NVLINK_GET_NUM_ACTIVE_LINK_PER_IOCTRL,
                "NV2080_CTRL_INTERNAL_NVLINK_GET_NUM_ACTIVE_LINK_PER_IOCTRL",
                4,
                0x100c0,
                0);
        c(
                m,
                NV2080_CTRL_INTERNAL_NVLINK_GET_TOTAL_NUM_LINK_PER_IOCTRL,
                "NV2080_CTRL_INTERNAL_NVLINK_GET_TOTAL_NUM_LINK_PER_IOCTRL",
                4,
                0x100c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_IS_DISPLAYID_VALID,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_IS_DISPLAYID_VALID",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_OR_RESTORE_RASTER_SYNC,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_SET_OR_RESTORE_RASTER_SYNC",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_SMBPBI_PFM_REQ_HNDLR_CAP_UPDATE,
                "NV2080_CTRL_CMD_INTERNAL_SMBPBI_PFM_REQ_HNDLR_CAP_UPDATE",
                2,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_STATE_LOAD_SYNC,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_STATE_LOAD_SYNC",
                16,
                0xc0,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_STATE_INIT_SYNC,
                "NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_STATE_INIT_SYNC",
                16,
                0xc0,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_PM1_STATE,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_PM1_STATE",
                2,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_PM1_STATE,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_PM1_STATE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_UPDATE_EDPP_LIMIT,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_UPDATE_EDPP_LIMIT",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_UPDATE_TGPU_LIMIT,
                "NV2080_CTRL_CMD_INTERNAL_THERM_PFM_REQ_HNDLR_UPDATE_TGPU_LIMIT",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TGP_MODE,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TGP_MODE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TURBO_V2,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_CONFIGURE_TURBO_V2",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_INFO,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_INFO",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_MAPPING,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_GET_VPSTATE_MAPPING",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_VPSTATE,
                "NV2080_CTRL_CMD_INTERNAL_PERF_PFM_REQ_HNDLR_SET_VPSTATE",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_SECURE_CHANNELS,
                "NV2080_CTRL_CMD_INTERNAL_FIFO_GET_NUM_SECURE_CHANNELS",
                8,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_INTERNAL_SPDM_PARTITION,
                "NV2080_CTRL_INTERNAL_SPDM_PARTITION",
                192,
                0xc0,
                UNION);
        c(
                m,
                NV2080_CTRL_INTERNAL_SPDM_RETRIEVE_TRANSCRIPT,
                "NV2080_CTRL_INTERNAL_SPDM_RETRIEVE_TRANSCRIPT",
                9220,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_BIF_DISABLE_SYSTEM_MEMORY_ACCESS,
                "NV2080_CTRL_CMD_INTERNAL_BIF_DISABLE_SYSTEM_MEMORY_ACCESS",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISP_PINSETS_TO_LOCKPINS,
                "NV2080_CTRL_CMD_INTERNAL_DISP_PINSETS_TO_LOCKPINS",
                24,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DETECT_HS_VIDEO_BRIDGE,
                "NV2080_CTRL_CMD_INTERNAL_DETECT_HS_VIDEO_BRIDGE",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISP_SET_SLI_LINK_GPIO_SW_CONTROL,
                "NV2080_CTRL_CMD_INTERNAL_DISP_SET_SLI_LINK_GPIO_SW_CONTROL",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_SET_STATIC_EDID_DATA,
                "NV2080_CTRL_CMD_INTERNAL_SET_STATIC_EDID_DATA",
                8388,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_SWL_KEYS,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_SWL_KEYS",
                40,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_LCE_KEYS,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_DERIVE_LCE_KEYS",
                76,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_ROTATE_KEYS,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_ROTATE_KEYS",
                28,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_RC_CHANNELS_FOR_KEY_ROTATION,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_RC_CHANNELS_FOR_KEY_ROTATION",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_GPU_STATE,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_GPU_STATE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_SECURITY_POLICY,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_SET_SECURITY_POLICY",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_INTERNAL_GPU_CLIENT_LOW_POWER_MODE_ENTER,
                "NV2080_CTRL_INTERNAL_GPU_CLIENT_LOW_POWER_MODE_ENTER",
                8,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_FATAL_ERROR_RECOVERY,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_POST_FATAL_ERROR_RECOVERY",
                1,
                0x100c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_GSP_RM_FREE_HEAP,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_GSP_RM_FREE_HEAP",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_SET_ILLUM,
                "NV2080_CTRL_CMD_INTERNAL_GPU_SET_ILLUM",
                8,
                0xc8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GSYNC_APPLY_STEREO_PIN_ALWAYS_HI_WAR,
                "NV2080_CTRL_CMD_INTERNAL_GSYNC_APPLY_STEREO_PIN_ALWAYS_HI_WAR",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPU_GET_PF_BAR1_SPA,
                "NV2080_CTRL_CMD_INTERNAL_GPU_GET_PF_BAR1_SPA",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_ACPI_SUBSYSTEM_ACTIVATED,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_ACPI_SUBSYSTEM_ACTIVATED",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_MODESET,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_PRE_MODESET",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_MODESET,
                "NV2080_CTRL_CMD_INTERNAL_DISPLAY_POST_MODESET",
                0,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_GET_STATIC_INFO,
                "NV2080_CTRL_CMD_INTERNAL_CONF_COMPUTE_GET_STATIC_INFO",
                2,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMMGR_MEMORY_TRANSFER_WITH_GSP,
                "NV2080_CTRL_CMD_INTERNAL_MEMMGR_MEMORY_TRANSFER_WITH_GSP",
                96,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_LOCAL_ATS_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_GET_LOCAL_ATS_CONFIG",
                24,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PEER_ATS_CONFIG,
                "NV2080_CTRL_CMD_INTERNAL_MEMSYS_SET_PEER_ATS_CONFIG",
                32,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_GET_EDPP_LIMIT_INFO,
                "NV2080_CTRL_CMD_INTERNAL_PMGR_PFM_REQ_HNDLR_GET_EDPP_LIMIT_INFO",
                24,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_INIT_USER_SHARED_DATA,
                "NV2080_CTRL_CMD_INTERNAL_INIT_USER_SHARED_DATA",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_USER_SHARED_DATA_SET_DATA_POLL,
                "NV2080_CTRL_CMD_INTERNAL_USER_SHARED_DATA_SET_DATA_POLL",
                16,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_REPLAY_SUPPRESSED_ERRORS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_REPLAY_SUPPRESSED_ERRORS",
                0,
                0xd0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER_V2,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_RATE_MODIFIER_V2",
                16352,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_THROTTLE_CTRL,
                "NV2080_CTRL_CMD_INTERNAL_STATIC_KGR_GET_SM_ISSUE_THROTTLE_CTRL",
                16352,
                0x1c0c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_NVLINK_RC_USER_MODE_CHANNELS,
                "NV2080_CTRL_CMD_INTERNAL_NVLINK_RC_USER_MODE_CHANNELS",
                0,
                0xc0,
                0);
        c(m, NV2080_CTRL_CMD_SET_GPFIFO, "NV2080_CTRL_CMD_SET_GPFIFO", 24, 0x48, 0);
        c(m, NV2080_CTRL_CMD_FIFO_BIND_ENGINES, "NV2080_CTRL_CMD_FIFO_BIND_ENGINES", 132, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_SET_OPERATIONAL_PROPERTIES,
                "NV2080_CTRL_CMD_SET_OPERATIONAL_PROPERTIES",
                4,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_PHYSICAL_CHANNEL_COUNT,
                "NV2080_CTRL_CMD_FIFO_GET_PHYSICAL_CHANNEL_COUNT",
                8,
                0x10118,
                0);
        c(m, NV2080_CTRL_CMD_FIFO_GET_INFO, "NV2080_CTRL_CMD_FIFO_GET_INFO", 2056, 0x30008, 0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS,
                "NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS",
                536,
                0x10108,
                POINTER);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_CHANNEL_MEM_INFO,
                "NV2080_CTRL_CMD_FIFO_GET_CHANNEL_MEM_INFO",
                112,
                0x10004,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_USERD_LOCATION,
                "NV2080_CTRL_CMD_FIFO_GET_USERD_LOCATION",
                8,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_OBJSCHED_SW_GET_LOG,
                "NV2080_CTRL_CMD_FIFO_OBJSCHED_SW_GET_LOG",
                22424,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_CONFIG_CTXSW_TIMEOUT,
                "NV2080_CTRL_CMD_FIFO_CONFIG_CTXSW_TIMEOUT",
                8,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_DEVICE_INFO_TABLE,
                "NV2080_CTRL_CMD_FIFO_GET_DEVICE_INFO_TABLE",
                3212,
                0x5c040,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_CLEAR_FAULTED_BIT,
                "NV2080_CTRL_CMD_FIFO_CLEAR_FAULTED_BIT",
                12,
                0x244,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_RUNLIST_SET_SCHED_POLICY,
                "NV2080_CTRL_CMD_FIFO_RUNLIST_SET_SCHED_POLICY",
                8,
                0x68,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_UPDATE_CHANNEL_INFO,
                "NV2080_CTRL_CMD_FIFO_UPDATE_CHANNEL_INFO",
                32,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_DISABLE_USERMODE_CHANNELS,
                "NV2080_CTRL_CMD_FIFO_DISABLE_USERMODE_CHANNELS",
                1,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_SETUP_VF_ZOMBIE_SUBCTX_PDB,
                "NV2080_CTRL_CMD_FIFO_SETUP_VF_ZOMBIE_SUBCTX_PDB",
                24,
                0x10248,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_ALLOCATED_CHANNELS,
                "NV2080_CTRL_CMD_FIFO_GET_ALLOCATED_CHANNELS",
                516,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION,
                "NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION",
                520,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION_V2,
                "NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS_FOR_KEY_ROTATION_V2",
                264,
                0x100,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_STATE,
                "NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_STATE",
                20,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_OBJSCHED_SET_STATE,
                "NV2080_CTRL_CMD_FIFO_OBJSCHED_SET_STATE",
                24,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_CAPS,
                "NV2080_CTRL_CMD_FIFO_OBJSCHED_GET_CAPS",
                44,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_GET_CHANNEL_GROUP_UNIQUE_ID_INFO,
                "NV2080_CTRL_CMD_FIFO_GET_CHANNEL_GROUP_UNIQUE_ID_INFO",
                1552,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FIFO_QUERY_CHANNEL_UNIQUE_ID,
                "NV2080_CTRL_CMD_FIFO_QUERY_CHANNEL_UNIQUE_ID",
                1540,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_INFO,
                "NV2080_CTRL_CMD_GR_GET_INFO",
                32,
                0x118,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_GR_CTXSW_ZCULL_MODE,
                "NV2080_CTRL_CMD_GR_CTXSW_ZCULL_MODE",
                16,
                0x10248,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_ZCULL_INFO,
                "NV2080_CTRL_CMD_GR_GET_ZCULL_INFO",
                40,
                0x10109,
                0);
        c(m, NV2080_CTRL_CMD_GR_CTXSW_PM_MODE, "NV2080_CTRL_CMD_GR_CTXSW_PM_MODE", 24, 0x118, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_CTXSW_ZCULL_BIND,
                "NV2080_CTRL_CMD_GR_CTXSW_ZCULL_BIND",
                24,
                0x90348,
                0);
        c(m, NV2080_CTRL_CMD_GR_CTXSW_PM_BIND, "NV2080_CTRL_CMD_GR_CTXSW_PM_BIND", 40, 0x10048, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_SET_GPC_TILE_MAP,
                "NV2080_CTRL_CMD_GR_SET_GPC_TILE_MAP",
                152,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_GR_CTXSW_SMPC_MODE, "NV2080_CTRL_CMD_GR_CTXSW_SMPC_MODE", 24, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_SM_TO_GPC_TPC_MAPPINGS,
                "NV2080_CTRL_CMD_GR_GET_SM_TO_GPC_TPC_MAPPINGS",
                1944,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_SET_CTXSW_PREEMPTION_MODE,
                "NV2080_CTRL_CMD_GR_SET_CTXSW_PREEMPTION_MODE",
                32,
                0x10348,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_CTXSW_PREEMPTION_BIND,
                "NV2080_CTRL_CMD_GR_CTXSW_PREEMPTION_BIND",
                112,
                0x10248,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_PC_SAMPLING_MODE,
                "NV2080_CTRL_CMD_GR_PC_SAMPLING_MODE",
                24,
                0x10248,
                0);
        c(m, NV2080_CTRL_CMD_GR_GET_ROP_INFO, "NV2080_CTRL_CMD_GR_GET_ROP_INFO", 12, 0x8, 0);
        c(m, NV2080_CTRL_CMD_GR_GET_CTXSW_STATS, "NV2080_CTRL_CMD_GR_GET_CTXSW_STATS", 32, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_SIZE,
                "NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_SIZE",
                16,
                0x18,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_INFO,
                "NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_INFO",
                5136,
                0x8000,
                POINTER);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER,
                "NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER",
                9240,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_CURRENT_RESIDENT_CHANNEL,
                "NV2080_CTRL_CMD_GR_GET_CURRENT_RESIDENT_CHANNEL",
                24,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_VAT_ALARM_DATA,
                "NV2080_CTRL_CMD_GR_GET_VAT_ALARM_DATA",
                3208,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_ATTRIBUTE_BUFFER_SIZE,
                "NV2080_CTRL_CMD_GR_GET_ATTRIBUTE_BUFFER_SIZE",
                4,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GFX_POOL_QUERY_SIZE,
                "NV2080_CTRL_CMD_GR_GFX_POOL_QUERY_SIZE",
                40,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GFX_POOL_INITIALIZE,
                "NV2080_CTRL_CMD_GR_GFX_POOL_INITIALIZE",
                16,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GFX_POOL_ADD_SLOTS,
                "NV2080_CTRL_CMD_GR_GFX_POOL_ADD_SLOTS",
                272,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GFX_POOL_REMOVE_SLOTS,
                "NV2080_CTRL_CMD_GR_GFX_POOL_REMOVE_SLOTS",
                276,
                0x40,
                0);
        c(m, NV2080_CTRL_CMD_GR_GET_CAPS_V2, "NV2080_CTRL_CMD_GR_GET_CAPS_V2", 48, 0x10a, 0);
        c(m, NV2080_CTRL_CMD_GR_GET_INFO_V2, "NV2080_CTRL_CMD_GR_GET_INFO_V2", 488, 0x10118, 0);
        c(m, NV2080_CTRL_CMD_GR_GET_GPC_MASK, "NV2080_CTRL_CMD_GR_GET_GPC_MASK", 24, 0x10118, 0);
        c(m, NV2080_CTRL_CMD_GR_GET_TPC_MASK, "NV2080_CTRL_CMD_GR_GET_TPC_MASK", 24, 0x10118, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE,
                "NV2080_CTRL_CMD_GR_SET_TPC_PARTITION_MODE",
                32,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_ENGINE_CONTEXT_PROPERTIES,
                "NV2080_CTRL_CMD_GR_GET_ENGINE_CONTEXT_PROPERTIES",
                32,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER,
                "NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER",
                32,
                0x10008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID,
                "NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID",
                20,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_PHYS_GPC_MASK,
                "NV2080_CTRL_CMD_GR_GET_PHYS_GPC_MASK",
                8,
                0x14,
                0);
        c(m, NV2080_CTRL_CMD_GR_GET_PPC_MASK, "NV2080_CTRL_CMD_GR_GET_PPC_MASK", 24, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC,
                "NV2080_CTRL_CMD_GR_GET_NUM_TPCS_FOR_GPC",
                8,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_GR_GET_CTXSW_MODES, "NV2080_CTRL_CMD_GR_GET_CTXSW_MODES", 24, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_GPC_TILE_MAP,
                "NV2080_CTRL_CMD_GR_GET_GPC_TILE_MAP",
                152,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_GR_GET_ZCULL_MASK, "NV2080_CTRL_CMD_GR_GET_ZCULL_MASK", 8, 0x10018, 0);
        c(
                m,
                NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID_V2,
                "NV2080_CTRL_CMD_GR_FECS_BIND_EVTBUF_FOR_UID_V2",
                24,
                0x918,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_GFX_GPC_AND_TPC_INFO,
                "NV2080_CTRL_CMD_GR_GET_GFX_GPC_AND_TPC_INFO",
                24,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_CTXSW_SETUP_BIND,
                "NV2080_CTRL_CMD_GR_CTXSW_SETUP_BIND",
                16,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER_V2,
                "NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER_V2",
                2044,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GR_GET_SM_ISSUE_THROTTLE_CTRL,
                "NV2080_CTRL_CMD_GR_GET_SM_ISSUE_THROTTLE_CTRL",
                2044,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_FB_GET_INFO_V2, "NV2080_CTRL_CMD_FB_GET_INFO_V2", 1028, 0x10118, 0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_CALIBRATION_LOCK_FAILED,
                "NV2080_CTRL_CMD_FB_GET_CALIBRATION_LOCK_FAILED",
                24,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_FLUSH_GPU_CACHE,
                "NV2080_CTRL_CMD_FB_FLUSH_GPU_CACHE",
                4024,
                0x10118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_BAR1_OFFSET,
                "NV2080_CTRL_CMD_FB_GET_BAR1_OFFSET",
                16,
                0x8,
                POINTER);
        c(m, NV2080_CTRL_CMD_FB_IS_KIND, "NV2080_CTRL_CMD_FB_IS_KIND", 12, 0x9, 0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_GPU_CACHE_INFO,
                "NV2080_CTRL_CMD_FB_GET_GPU_CACHE_INFO",
                16,
                0x40148,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_FB_REGION_INFO,
                "NV2080_CTRL_CMD_FB_GET_FB_REGION_INFO",
                904,
                0x10108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_OFFLINED_PAGES,
                "NV2080_CTRL_CMD_FB_GET_OFFLINED_PAGES",
                2056,
                0x50048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_LTC_INFO_FOR_FBP,
                "NV2080_CTRL_CMD_FB_GET_LTC_INFO_FOR_FBP",
                20,
                0x50158,
                0);
        c(m, NV2080_CTRL_CMD_FB_CBC_OP, "NV2080_CTRL_CMD_FB_CBC_OP", 4, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_CTAGS_FOR_CBC_EVICTION,
                "NV2080_CTRL_CMD_FB_GET_CTAGS_FOR_CBC_EVICTION",
                512,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_SETUP_VPR_REGION,
                "NV2080_CTRL_CMD_FB_SETUP_VPR_REGION",
                16,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_CLI_MANAGED_OFFLINED_PAGES,
                "NV2080_CTRL_CMD_FB_GET_CLI_MANAGED_OFFLINED_PAGES",
                264,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_COMPBITCOPY_CONSTRUCT_INFO,
                "NV2080_CTRL_CMD_FB_GET_COMPBITCOPY_CONSTRUCT_INFO",
                56,
                0x44,
                0);
        c(m, NV2080_CTRL_CMD_FB_SET_RRD, "NV2080_CTRL_CMD_FB_SET_RRD", 4, 0x44, 0);
        c(m, NV2080_CTRL_CMD_FB_SET_READ_LIMIT, "NV2080_CTRL_CMD_FB_SET_READ_LIMIT", 1, 0x44, 0);
        c(m, NV2080_CTRL_CMD_FB_SET_WRITE_LIMIT, "NV2080_CTRL_CMD_FB_SET_WRITE_LIMIT", 1, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_FB_PATCH_PBR_FOR_MINING,
                "NV2080_CTRL_CMD_FB_PATCH_PBR_FOR_MINING",
                1,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_MEM_ALIGNMENT,
                "NV2080_CTRL_CMD_FB_GET_MEM_ALIGNMENT",
                56,
                0x109,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_REMAPPED_ROWS,
                "NV2080_CTRL_CMD_FB_GET_REMAPPED_ROWS",
                6152,
                0x58,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_FS_INFO,
                "NV2080_CTRL_CMD_FB_GET_FS_INFO",
                3848,
                0x10248,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_ROW_REMAPPER_HISTOGRAM,
                "NV2080_CTRL_CMD_FB_GET_ROW_REMAPPER_HISTOGRAM",
                20,
                0x58,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_DYNAMIC_OFFLINED_PAGES,
                "NV2080_CTRL_CMD_FB_GET_DYNAMIC_OFFLINED_PAGES",
                1040,
                0x50048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_UPDATE_NUMA_STATUS,
                "NV2080_CTRL_CMD_FB_UPDATE_NUMA_STATUS",
                1,
                0x0,
                0);
        c(m, NV2080_CTRL_CMD_FB_GET_NUMA_INFO, "NV2080_CTRL_CMD_FB_GET_NUMA_INFO", 544, 0x0, 0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_SEMAPHORE_SURFACE_LAYOUT,
                "NV2080_CTRL_CMD_FB_GET_SEMAPHORE_SURFACE_LAYOUT",
                32,
                0x509,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GMMU_COMMIT_TLB_INVALIDATE,
                "NV2080_CTRL_CMD_GMMU_COMMIT_TLB_INVALIDATE",
                8,
                0x100008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_STATIC_BAR1_INFO,
                "NV2080_CTRL_CMD_FB_GET_STATIC_BAR1_INFO",
                24,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_PENDING_CONFIGURATION,
                "NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_PENDING_CONFIGURATION",
                4,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_SET_DRAM_ENCRYPTION_CONFIGURATION,
                "NV2080_CTRL_CMD_FB_SET_DRAM_ENCRYPTION_CONFIGURATION",
                4,
                0x40044,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT,
                "NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT",
                4,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_STATUS,
                "NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_STATUS",
                4,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_CARVEOUT_REGION_INFO,
                "NV2080_CTRL_CMD_FB_GET_CARVEOUT_REGION_INFO",
                200,
                0x148,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_CPU_COHERENT_RANGE,
                "NV2080_CTRL_CMD_FB_GET_CPU_COHERENT_RANGE",
                16,
                0x514,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FB_GET_WPR_REGION_INFO,
                "NV2080_CTRL_CMD_FB_GET_WPR_REGION_INFO",
                40,
                0x554,
                0);
        c(m, NV2080_CTRL_CMD_MC_GET_ARCH_INFO, "NV2080_CTRL_CMD_MC_GET_ARCH_INFO", 16, 0x1050b, 0);
        c(
                m,
                NV2080_CTRL_CMD_MC_SERVICE_INTERRUPTS,
                "NV2080_CTRL_CMD_MC_SERVICE_INTERRUPTS",
                4,
                0x10118,
                0);
        c(m, NV2080_CTRL_CMD_MC_GET_MANUFACTURER, "NV2080_CTRL_CMD_MC_GET_MANUFACTURER", 4, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_MC_CHANGE_REPLAYABLE_FAULT_OWNERSHIP,
                "NV2080_CTRL_CMD_MC_CHANGE_REPLAYABLE_FAULT_OWNERSHIP",
                1,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_MC_GET_ENGINE_NOTIFICATION_INTR_VECTORS,
                "NV2080_CTRL_CMD_MC_GET_ENGINE_NOTIFICATION_INTR_VECTORS",
                2052,
                0x10048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_MC_GET_STATIC_INTR_TABLE,
                "NV2080_CTRL_CMD_MC_GET_STATIC_INTR_TABLE",
                516,
                0x10048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_MC_GET_INTR_CATEGORY_SUBTREE_MAP,
                "NV2080_CTRL_CMD_MC_GET_INTR_CATEGORY_SUBTREE_MAP",
                56,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_BUS_GET_PCI_INFO, "NV2080_CTRL_CMD_BUS_GET_PCI_INFO", 16, 0x10518, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PCI_BAR_INFO,
                "NV2080_CTRL_CMD_BUS_GET_PCI_BAR_INFO",
                200,
                0x10518,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SET_PCIE_LINK_WIDTH,
                "NV2080_CTRL_CMD_BUS_SET_PCIE_LINK_WIDTH",
                8,
                0x44,
                0);
        c(m, NV2080_CTRL_CMD_BUS_SET_PCIE_SPEED, "NV2080_CTRL_CMD_BUS_SET_PCIE_SPEED", 4, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SERVICE_GPU_MULTIFUNC_STATE,
                "NV2080_CTRL_CMD_BUS_SERVICE_GPU_MULTIFUNC_STATE",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PEX_COUNTERS,
                "NV2080_CTRL_CMD_BUS_GET_PEX_COUNTERS",
                76,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_CLEAR_PEX_COUNTERS,
                "NV2080_CTRL_CMD_BUS_CLEAR_PEX_COUNTERS",
                4,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_FREEZE_PEX_COUNTERS,
                "NV2080_CTRL_CMD_BUS_FREEZE_PEX_COUNTERS",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PEX_LANE_COUNTERS,
                "NV2080_CTRL_CMD_BUS_GET_PEX_LANE_COUNTERS",
                18,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PCIE_LTR_LATENCY,
                "NV2080_CTRL_CMD_BUS_GET_PCIE_LTR_LATENCY",
                12,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SET_PCIE_LTR_LATENCY,
                "NV2080_CTRL_CMD_BUS_SET_PCIE_LTR_LATENCY",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PEX_UTIL_COUNTERS,
                "NV2080_CTRL_CMD_BUS_GET_PEX_UTIL_COUNTERS",
                32,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_CLEAR_PEX_UTIL_COUNTERS,
                "NV2080_CTRL_CMD_BUS_CLEAR_PEX_UTIL_COUNTERS",
                4,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_BUS_GET_BFD, "NV2080_CTRL_CMD_BUS_GET_BFD", 640, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_ASPM_DISABLE_FLAGS,
                "NV2080_CTRL_CMD_BUS_GET_ASPM_DISABLE_FLAGS",
                9,
                0x118,
                0);
        c(m, NV2080_CTRL_CMD_BUS_GET_INFO_V2, "NV2080_CTRL_CMD_BUS_GET_INFO_V2", 420, 0x10118, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_CONTROL_PUBLIC_ASPM_BITS,
                "NV2080_CTRL_CMD_BUS_CONTROL_PUBLIC_ASPM_BITS",
                1,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_NVLINK_PEER_ID_MASK,
                "NV2080_CTRL_CMD_BUS_GET_NVLINK_PEER_ID_MASK",
                128,
                0x108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SET_EOM_PARAMETERS,
                "NV2080_CTRL_CMD_BUS_SET_EOM_PARAMETERS",
                3,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_UPHY_DLN_CFG_SPACE,
                "NV2080_CTRL_CMD_BUS_GET_UPHY_DLN_CFG_SPACE",
                12,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_BUS_GET_EOM_STATUS, "NV2080_CTRL_CMD_BUS_GET_EOM_STATUS", 76, 0x48, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PCIE_REQ_ATOMICS_CAPS,
                "NV2080_CTRL_CMD_BUS_GET_PCIE_REQ_ATOMICS_CAPS",
                12,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PCIE_SUPPORTED_GPU_ATOMICS,
                "NV2080_CTRL_CMD_BUS_GET_PCIE_SUPPORTED_GPU_ATOMICS",
                112,
                0x40048,
                0);
        c(m, NV2080_CTRL_CMD_BUS_GET_C2C_INFO, "NV2080_CTRL_CMD_BUS_GET_C2C_INFO", 28, 0x50048, 0);
        c(m, NV2080_CTRL_CMD_BUS_SYSMEM_ACCESS, "NV2080_CTRL_CMD_BUS_SYSMEM_ACCESS", 1, 0x1000, 0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_C2C_ERR_INFO,
                "NV2080_CTRL_CMD_BUS_GET_C2C_ERR_INFO",
                168,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SET_P2P_MAPPING,
                "NV2080_CTRL_CMD_BUS_SET_P2P_MAPPING",
                32,
                0x50040,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_UNSET_P2P_MAPPING,
                "NV2080_CTRL_CMD_BUS_UNSET_P2P_MAPPING",
                32,
                0x50040,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS,
                "NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS",
                4,
                0x40448,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_GET_C2C_LPWR_STATS,
                "NV2080_CTRL_CMD_BUS_GET_C2C_LPWR_STATS",
                80,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_BUS_SET_C2C_LPWR_STATE_VOTE,
                "NV2080_CTRL_CMD_BUS_SET_C2C_LPWR_STATE_VOTE",
                8,
                0x40048,
                0);
        c(m, NV2080_CTRL_CMD_PERF_BOOST, "NV2080_CTRL_CMD_PERF_BOOST", 8, 0x10318, 0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_LEVEL_INFO_V2,
                "NV2080_CTRL_CMD_PERF_GET_LEVEL_INFO_V2",
                780,
                0x50048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_POWERSTATE,
                "NV2080_CTRL_CMD_PERF_GET_POWERSTATE",
                4,
                0x40048,
                0);
        c(m, NV2080_CTRL_CMD_PERF_SET_POWERSTATE, "NV2080_CTRL_CMD_PERF_SET_POWERSTATE", 4, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_NOTIFY_VIDEOEVENT,
                "NV2080_CTRL_CMD_PERF_NOTIFY_VIDEOEVENT",
                4,
                0x50048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_CURRENT_PSTATE,
                "NV2080_CTRL_CMD_PERF_GET_CURRENT_PSTATE",
                4,
                0x50048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_TEGRA_PERFMON_SAMPLE,
                "NV2080_CTRL_CMD_PERF_GET_TEGRA_PERFMON_SAMPLE",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_RATED_TDP_GET_CONTROL,
                "NV2080_CTRL_CMD_PERF_RATED_TDP_GET_CONTROL",
                12,
                0x4a,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_RATED_TDP_SET_CONTROL,
                "NV2080_CTRL_CMD_PERF_RATED_TDP_SET_CONTROL",
                12,
                0x10008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_VID_ENG_PERFMON_SAMPLE,
                "NV2080_CTRL_CMD_PERF_GET_VID_ENG_PERFMON_SAMPLE",
                12,
                0x40048,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_SET_AUX_POWER_STATE,
                "NV2080_CTRL_CMD_PERF_SET_AUX_POWER_STATE",
                4,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_RESERVE_PERFMON_HW,
                "NV2080_CTRL_CMD_PERF_RESERVE_PERFMON_HW",
                1,
                0x18,
                0);
        c(
                m,
                NV2080_CTRL_CMD_PERF_GET_GPUMON_PERFMON_UTIL_SAMPLES_V2,
                "NV2080_CTRL_CMD_PERF_GET_GPUMON_PERFMON_UTIL_SAMPLES_V2",
                55888,
                0x50008,
                0);
        c(
                m,
                NV2080_CTRL_CMD_RC_READ_VIRTUAL_MEM,
                "NV2080_CTRL_CMD_RC_READ_VIRTUAL_MEM",
                32,
                0x0,
                POINTER | RM_COPIES_EMBEDDED);
        c(m, NV2080_CTRL_CMD_RC_GET_ERROR_COUNT, "NV2080_CTRL_CMD_RC_GET_ERROR_COUNT", 4, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_RC_SET_CLEAN_ERROR_HISTORY,
                "NV2080_CTRL_CMD_RC_SET_CLEAN_ERROR_HISTORY",
                0,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_RC_GET_WATCHDOG_INFO,
                "NV2080_CTRL_CMD_RC_GET_WATCHDOG_INFO",
                4,
                0x118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_RC_DISABLE_WATCHDOG,
                "NV2080_CTRL_CMD_RC_DISABLE_WATCHDOG",
                0,
                0x18,
                0);
        c(m, NV2080_CTRL_CMD_RC_ENABLE_WATCHDOG, "NV2080_CTRL_CMD_RC_ENABLE_WATCHDOG", 0, 0x18, 0);
        c(
                m,
                NV2080_CTRL_CMD_RC_RELEASE_WATCHDOG_REQUESTS,
                "NV2080_CTRL_CMD_RC_RELEASE_WATCHDOG_REQUESTS",
                0,
                0x18,
                0);
        c(m, NV2080_CTRL_CMD_SET_RC_RECOVERY, "NV2080_CTRL_CMD_SET_RC_RECOVERY", 4, 0x40154, 0);
        c(m, NV2080_CTRL_CMD_GET_RC_RECOVERY, "NV2080_CTRL_CMD_GET_RC_RECOVERY", 4, 0x40154, 0);
        c(
                m,
                NV2080_CTRL_CMD_RC_SOFT_DISABLE_WATCHDOG,
                "NV2080_CTRL_CMD_RC_SOFT_DISABLE_WATCHDOG",
                0,
                0x18,
                0);
        c(m, NV2080_CTRL_CMD_SET_RC_INFO, "NV2080_CTRL_CMD_SET_RC_INFO", 8, 0x44, 0);
        c(m, NV2080_CTRL_CMD_GET_RC_INFO, "NV2080_CTRL_CMD_GET_RC_INFO", 8, 0x44, 0);
        c(m, NV2080_CTRL_CMD_RC_GET_ERROR_V2, "NV2080_CTRL_CMD_RC_GET_ERROR_V2", 8200, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_DIRECTION,
                "NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_DIRECTION",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_OUTPUT,
                "NV2080_CTRL_CMD_INTERNAL_GPIO_PROGRAM_OUTPUT",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPIO_READ_INPUT,
                "NV2080_CTRL_CMD_INTERNAL_GPIO_READ_INPUT",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GPIO_ACTIVATE_HW_FUNCTION,
                "NV2080_CTRL_CMD_INTERNAL_GPIO_ACTIVATE_HW_FUNCTION",
                8,
                0xc0,
                0);
        c(m, NV2080_CTRL_CMD_NVD_GET_DUMP_SIZE, "NV2080_CTRL_CMD_NVD_GET_DUMP_SIZE", 8, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVD_GET_DUMP,
                "NV2080_CTRL_CMD_NVD_GET_DUMP",
                16,
                0x4,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_NVD_GET_NOCAT_JOURNAL,
                "NV2080_CTRL_CMD_NVD_GET_NOCAT_JOURNAL",
                15656,
                0x7,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVD_SET_NOCAT_JOURNAL_DATA,
                "NV2080_CTRL_CMD_NVD_SET_NOCAT_JOURNAL_DATA",
                104,
                0x7,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_NVD_INSERT_NOCAT_JOURNAL_RECORD,
                "NV2080_CTRL_CMD_NVD_INSERT_NOCAT_JOURNAL_RECORD",
                1208,
                0x7,
                0);
        c(
                m,
                NV2080_CTRL_CMD_DMA_INVALIDATE_TLB,
                "NV2080_CTRL_CMD_DMA_INVALIDATE_TLB",
                16,
                0x10008,
                0);
        c(m, NV2080_CTRL_CMD_DMA_GET_INFO, "NV2080_CTRL_CMD_DMA_GET_INFO", 2052, 0x10008, 0);
        c(
                m,
                NV2080_CTRL_CMD_PMGR_GET_MODULE_INFO,
                "NV2080_CTRL_CMD_PMGR_GET_MODULE_INFO",
                8,
                0x158,
                0);
        c(m, NV2080_CTRL_CMD_GC6_ENTRY, "NV2080_CTRL_CMD_GC6_ENTRY", 12, 0x2, 0);
        c(m, NV2080_CTRL_CMD_GC6_EXIT, "NV2080_CTRL_CMD_GC6_EXIT", 8, 0x2, 0);
        c(m, NV2080_CTRL_CMD_LPWR_DIFR_CTRL, "NV2080_CTRL_CMD_LPWR_DIFR_CTRL", 4, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_LPWR_DIFR_PREFETCH_RESPONSE,
                "NV2080_CTRL_CMD_LPWR_DIFR_PREFETCH_RESPONSE",
                4,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_CAPS,
                "NV2080_CTRL_CMD_CE_GET_CAPS",
                16,
                0x118,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_CE_PCE_MASK,
                "NV2080_CTRL_CMD_CE_GET_CE_PCE_MASK",
                8,
                0x30349,
                0);
        c(m, NV2080_CTRL_CMD_CE_GET_CAPS_V2, "NV2080_CTRL_CMD_CE_GET_CAPS_V2", 8, 0x10108, 0);
        c(
                m,
                NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS,
                "NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS",
                152,
                0x4,
                0);
        c(m, NV2080_CTRL_CMD_CE_UPDATE_CLASS_DB, "NV2080_CTRL_CMD_CE_UPDATE_CLASS_DB", 4, 0xc0, 0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_PHYSICAL_CAPS,
                "NV2080_CTRL_CMD_CE_GET_PHYSICAL_CAPS",
                8,
                0x301d0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_FAULT_METHOD_BUFFER_SIZE,
                "NV2080_CTRL_CMD_CE_GET_FAULT_METHOD_BUFFER_SIZE",
                4,
                0x1c040,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK,
                "NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK",
                132,
                0x4c0,
                0);
        c(m, NV2080_CTRL_CMD_CE_GET_ALL_CAPS, "NV2080_CTRL_CMD_CE_GET_ALL_CAPS", 136, 0x10108, 0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_ALL_PHYSICAL_CAPS,
                "NV2080_CTRL_CMD_CE_GET_ALL_PHYSICAL_CAPS",
                136,
                0x101d0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_LCE_SHIM_INFO,
                "NV2080_CTRL_CMD_CE_GET_LCE_SHIM_INFO",
                12,
                0x145,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS_V2,
                "NV2080_CTRL_CMD_CE_UPDATE_PCE_LCE_MAPPINGS_V2",
                156,
                0x4,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK_V2,
                "NV2080_CTRL_CMD_CE_GET_HUB_PCE_MASK_V2",
                136,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_CE_GET_PCE_CONFIG_FOR_LCE_TYPE,
                "NV2080_CTRL_CMD_INTERNAL_CE_GET_PCE_CONFIG_FOR_LCE_TYPE",
                28,
                0x100c0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_GET_DECOMP_LCE_MASK,
                "NV2080_CTRL_CMD_CE_GET_DECOMP_LCE_MASK",
                16,
                0x154,
                0);
        c(
                m,
                NV2080_CTRL_CMD_CE_IS_DECOMP_LCE_ENABLED,
                "NV2080_CTRL_CMD_CE_IS_DECOMP_LCE_ENABLED",
                8,
                0x154,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_NVLINK_CAPS,
                "NV2080_CTRL_CMD_NVLINK_GET_NVLINK_CAPS",
                48,
                0x10118,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_NVLINK_STATUS,
                "NV2080_CTRL_CMD_NVLINK_GET_NVLINK_STATUS",
                13344,
                0x10108,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_ERR_INFO,
                "NV2080_CTRL_CMD_NVLINK_GET_ERR_INFO",
                7224,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_GET_COUNTERS",
                16928,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS",
                32,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_LINK_FATAL_ERROR_COUNTS,
                "NV2080_CTRL_CMD_NVLINK_GET_LINK_FATAL_ERROR_COUNTS",
                80,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_NVLINK_SETUP_EOM, "NV2080_CTRL_CMD_NVLINK_SETUP_EOM", 8, 0x40, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_POWER_STATE,
                "NV2080_CTRL_CMD_NVLINK_GET_POWER_STATE",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_LINK_FOM_VALUES,
                "NV2080_CTRL_CMD_NVLINK_GET_LINK_FOM_VALUES",
                16,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_NVLINK_ECC_ERRORS,
                "NV2080_CTRL_CMD_NVLINK_GET_NVLINK_ECC_ERRORS",
                3608,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_READ_TP_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_READ_TP_COUNTERS",
                2080,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_LP_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_GET_LP_COUNTERS",
                72,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SET_LOOPBACK_MODE,
                "NV2080_CTRL_CMD_NVLINK_SET_LOOPBACK_MODE",
                8,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_REFRESH_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_GET_REFRESH_COUNTERS",
                216,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_CLEAR_REFRESH_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_CLEAR_REFRESH_COUNTERS",
                24,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_SET_NVSWITCH_FLA_ADDR,
                "NV2080_CTRL_CMD_NVLINK_GET_SET_NVSWITCH_FLA_ADDR",
                16,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SYNC_LINK_MASKS_AND_VBIOS_INFO,
                "NV2080_CTRL_CMD_NVLINK_SYNC_LINK_MASKS_AND_VBIOS_INFO",
                176,
                0x10041,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_ENABLE_LINKS,
                "NV2080_CTRL_CMD_NVLINK_ENABLE_LINKS",
                0,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PROCESS_INIT_DISABLED_LINKS,
                "NV2080_CTRL_CMD_NVLINK_PROCESS_INIT_DISABLED_LINKS",
                32,
                0x40,
                0);
        c(m, NV2080_CTRL_CMD_NVLINK_EOM_CONTROL, "NV2080_CTRL_CMD_NVLINK_EOM_CONTROL", 28, 0x40, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SET_L1_THRESHOLD,
                "NV2080_CTRL_CMD_NVLINK_SET_L1_THRESHOLD",
                8,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_L1_THRESHOLD,
                "NV2080_CTRL_CMD_NVLINK_GET_L1_THRESHOLD",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_INBAND_SEND_DATA,
                "NV2080_CTRL_CMD_NVLINK_INBAND_SEND_DATA",
                5124,
                0x10250,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_IS_GPU_DEGRADED,
                "NV2080_CTRL_CMD_NVLINK_IS_GPU_DEGRADED",
                8,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_DIRECT_CONNECT_CHECK,
                "NV2080_CTRL_CMD_NVLINK_DIRECT_CONNECT_CHECK",
                12,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_POST_FAULT_UP,
                "NV2080_CTRL_CMD_NVLINK_POST_FAULT_UP",
                4,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_PORT_EVENTS,
                "NV2080_CTRL_CMD_NVLINK_GET_PORT_EVENTS",
                1560,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_IS_REDUCED_CONFIG,
                "NV2080_CTRL_CMD_NVLINK_IS_REDUCED_CONFIG",
                1,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PAOS,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PAOS",
                513,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_COUNTERS_V2,
                "NV2080_CTRL_CMD_NVLINK_GET_COUNTERS_V2",
                28712,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS_V2,
                "NV2080_CTRL_CMD_NVLINK_CLEAR_COUNTERS_V2",
                40,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_CLEAR_LP_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_CLEAR_LP_COUNTERS",
                72,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLTC,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLTC",
                503,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLM",
                546,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLC,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLC",
                528,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCAM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCAM",
                499,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTECR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTECR",
                498,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEWE,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEWE",
                498,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSDE,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSDE",
                498,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTCAP,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTCAP",
                498,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMTU,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMTU",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMLP,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMLP",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_GHPKT,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_GHPKT",
                502,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PDDR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PDDR",
                505,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPTT,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPTT",
                512,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPCNT,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPCNT",
                509,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MGIR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MGIR",
                497,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPAOS,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPAOS",
                507,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPHCR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPHCR",
                503,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLTP,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLTP",
                506,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PGUID,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PGUID",
                500,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRT,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRT",
                512,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTYS,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTYS",
                524,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLRG,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLRG",
                502,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMAOS,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PMAOS",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPLR",
                508,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_COUNTERS,
                "NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_COUNTERS",
                16,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MORD,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MORD",
                544,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CAP,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CAP",
                498,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CONF,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CONF",
                500,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CTRL,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTRC_CTRL",
                502,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEIM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTEIM",
                497,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIE,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIE",
                532,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTIM",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MPSCR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MPSCR",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MTSR",
                497,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLS,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPSLS",
                499,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MLPC,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MLPC",
                520,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLIB,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PLIB",
                504,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SET_HW_ERROR_INJECT,
                "NV2080_CTRL_CMD_NVLINK_SET_HW_ERROR_INJECT",
                1048,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_HW_ERROR_INJECT,
                "NV2080_CTRL_CMD_NVLINK_GET_HW_ERROR_INJECT",
                1304,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO,
                "NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO",
                39,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_BW_MODE,
                "NV2080_CTRL_CMD_NVLINK_GET_SUPPORTED_BW_MODE",
                24,
                0x8,
                0);
        c(m, NV2080_CTRL_CMD_NVLINK_SET_BW_MODE, "NV2080_CTRL_CMD_NVLINK_SET_BW_MODE", 1, 0x4, 0);
        c(m, NV2080_CTRL_CMD_NVLINK_GET_BW_MODE, "NV2080_CTRL_CMD_NVLINK_GET_BW_MODE", 1, 0x8, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_LOCAL_DEVICE_INFO,
                "NV2080_CTRL_CMD_NVLINK_GET_LOCAL_DEVICE_INFO",
                56,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_INJECT_SW_ERROR,
                "NV2080_CTRL_CMD_NVLINK_INJECT_SW_ERROR",
                32,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_POST_LAZY_ERROR_RECOVERY,
                "NV2080_CTRL_CMD_NVLINK_POST_LAZY_ERROR_RECOVERY",
                0,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_NVLE_ENCRYPT_EN_INFO,
                "NV2080_CTRL_CMD_NVLINK_GET_NVLE_ENCRYPT_EN_INFO",
                1,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_NVLINK_UPDATE_NVLE_TOPOLOGY,
                "NV2080_CTRL_NVLINK_UPDATE_NVLE_TOPOLOGY",
                16,
                0x44,
                0);
        c(m, NV2080_CTRL_NVLINK_GET_NVLE_LIDS, "NV2080_CTRL_NVLINK_GET_NVLE_LIDS", 12, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_CONFIGURE_L1_TOGGLE,
                "NV2080_CTRL_CMD_NVLINK_CONFIGURE_L1_TOGGLE",
                32,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_L1_TOGGLE,
                "NV2080_CTRL_CMD_NVLINK_GET_L1_TOGGLE",
                536,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCSR,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_MCSR",
                572,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_NVLINK_GET_FIRMWARE_VERSION_INFO,
                "NV2080_CTRL_NVLINK_GET_FIRMWARE_VERSION_INFO",
                264,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SET_NVLE_ENABLED_STATE,
                "NV2080_CTRL_CMD_NVLINK_SET_NVLE_ENABLED_STATE",
                1,
                0x40,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTASV2,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PTASV2",
                512,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLLM_5NM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_SLLM_5NM",
                508,
                0x44,
                0);
        c(m, NV2080_CTRL_CMD_NVLINK_PRM_ACCESS, "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS", 496, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRM,
                "NV2080_CTRL_CMD_NVLINK_PRM_ACCESS_PPRM",
                516,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_SAVE_NODE_HOSTNAME,
                "NV2080_CTRL_CMD_NVLINK_SAVE_NODE_HOSTNAME",
                64,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_NVLINK_GET_SAVED_NODE_HOSTNAME,
                "NV2080_CTRL_CMD_NVLINK_GET_SAVED_NODE_HOSTNAME",
                64,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_GET_DMEM_USAGE,
                "NV2080_CTRL_CMD_FLCN_GET_DMEM_USAGE",
                12,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_GET_ENGINE_ARCH,
                "NV2080_CTRL_CMD_FLCN_GET_ENGINE_ARCH",
                8,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_USTREAMER_QUEUE_INFO,
                "NV2080_CTRL_CMD_FLCN_USTREAMER_QUEUE_INFO",
                24,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_GET,
                "NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_GET",
                44,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_SET,
                "NV2080_CTRL_CMD_FLCN_USTREAMER_CONTROL_SET",
                44,
                0x44,
                0);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_INFO,
                "NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_INFO",
                80,
                0x0,
                POINTER);
        c(
                m,
                NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_SIZE,
                "NV2080_CTRL_CMD_FLCN_GET_CTX_BUFFER_SIZE",
                16,
                0x8,
                0);
        c(
                m,
                NV2080_CTRL_CMD_ECC_GET_CLIENT_EXPOSED_COUNTERS,
                "NV2080_CTRL_CMD_ECC_GET_CLIENT_EXPOSED_COUNTERS",
                96,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_ECC_GET_VOLATILE_COUNTS,
                "NV2080_CTRL_CMD_ECC_GET_VOLATILE_COUNTS",
                40,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_ECC_GET_SRAM_UNIQUE_UNCORR_COUNTS,
                "NV2080_CTRL_CMD_ECC_GET_SRAM_UNIQUE_UNCORR_COUNTS",
                16804,
                0x44,
                0);
        c(m, NV2080_CTRL_CMD_ECC_INJECT_ERROR, "NV2080_CTRL_CMD_ECC_INJECT_ERROR", 32, 0x44, 0);
        c(
                m,
                NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS,
                "NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS",
                2,
                0x48,
                0);
        c(m, NV2080_CTRL_CMD_FLA_RANGE, "NV2080_CTRL_CMD_FLA_RANGE", 24, 0x10008, 0);
        c(
                m,
                NV2080_CTRL_CMD_FLA_SETUP_INSTANCE_MEM_BLOCK,
                "NV2080_CTRL_CMD_FLA_SETUP_INSTANCE_MEM_BLOCK",
                16,
                0x10244,
                0);
        c(m, NV2080_CTRL_CMD_FLA_GET_RANGE, "NV2080_CTRL_CMD_FLA_GET_RANGE", 16, 0x10004, 0);
        c(
                m,
                NV2080_CTRL_CMD_FLA_GET_FABRIC_MEM_STATS,
                "NV2080_CTRL_CMD_FLA_GET_FABRIC_MEM_STATS",
                16,
                0x10108,
                0);
        c(m, NV2080_CTRL_CMD_GSP_GET_FEATURES, "NV2080_CTRL_CMD_GSP_GET_FEATURES", 72, 0x40549, 0);
        c(
                m,
                NV2080_CTRL_CMD_GSP_GET_RM_HEAP_STATS,
                "NV2080_CTRL_CMD_GSP_GET_RM_HEAP_STATS",
                88,
                0x48,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GSP_GET_VGPU_HEAP_STATS,
                "NV2080_CTRL_CMD_GSP_GET_VGPU_HEAP_STATS",
                40,
                0x204,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GSP_GET_LIBOS_HEAP_STATS,
                "NV2080_CTRL_CMD_GSP_GET_LIBOS_HEAP_STATS",
                1040,
                0x248,
                0);
        c(
                m,
                NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO,
                "NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO",
                1928,
                0x10248,
                UNION);
        c(
                m,
                NV2080_CTRL_CMD_OS_UNIX_GC6_BLOCKER_REFCNT,
                "NV2080_CTRL_CMD_OS_UNIX_GC6_BLOCKER_REFCNT",
                4,
                0x3,
                0);
        c(
                m,
                NV2080_CTRL_CMD_OS_UNIX_ALLOW_DISALLOW_GCOFF,
                "NV2080_CTRL_CMD_OS_UNIX_ALLOW_DISALLOW_GCOFF",
                4,
                0x9,
                0);
        c(
                m,
                NV2080_CTRL_CMD_OS_UNIX_AUDIO_DYNAMIC_POWER,
                "NV2080_CTRL_CMD_OS_UNIX_AUDIO_DYNAMIC_POWER",
                1,
                0x1,
                0);
        c(
                m,
                NV2080_CTRL_CMD_OS_UNIX_VIDMEM_PERSISTENCE_STATUS,
                "NV2080_CTRL_CMD_OS_UNIX_VIDMEM_PERSISTENCE_STATUS",
                1,
                0xb,
                0);
        c(
                m,
                NV2080_CTRL_CMD_OS_UNIX_UPDATE_TGP_STATUS,
                "NV2080_CTRL_CMD_OS_UNIX_UPDATE_TGP_STATUS",
                1,
                0x7,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_BOOTLOAD_GSP_VGPU_PLUGIN_TASK,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_BOOTLOAD_GSP_VGPU_PLUGIN_TASK",
                6616,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SHUTDOWN_GSP_VGPU_PLUGIN_TASK,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SHUTDOWN_GSP_VGPU_PLUGIN_TASK",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_PGPU_ADD_VGPU_TYPE,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_PGPU_ADD_VGPU_TYPE",
                694280,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_ENUMERATE_VGPU_PER_PGPU,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_ENUMERATE_VGPU_PER_PGPU",
                10376,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_CLEAR_GUEST_VM_INFO,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_CLEAR_GUEST_VM_INFO",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_VGPU_FB_USAGE,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_VGPU_FB_USAGE",
                776,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_ENCODER_CAPACITY,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_ENCODER_CAPACITY",
                8,
                0x1d0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_VGPU_PLUGIN_CLEANUP,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_VGPU_PLUGIN_CLEANUP",
                4,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_FS_ENCODING,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_FS_ENCODING",
                260,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_MIGRATION_SUPPORT,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_PGPU_MIGRATION_SUPPORT",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MGR_CONFIG,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MGR_CONFIG",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_FREE_STATES,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_FREE_STATES",
                8,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_FRAME_RATE_LIMITER_STATUS,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_GET_FRAME_RATE_LIMITER_STATUS",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_HETEROGENEOUS_MODE,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_HETEROGENEOUS_MODE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MIG_TIMESLICE_MODE,
                "NV2080_CTRL_CMD_VGPU_MGR_INTERNAL_SET_VGPU_MIG_TIMESLICE_MODE",
                1,
                0xc0,
                0);
        c(
                m,
                NV2080_CTRL_CMD_HSHUB_GET_AVAILABLE_MASK,
                "NV2080_CTRL_CMD_HSHUB_GET_AVAILABLE_MASK",
                8,
                0x158,
                0);
        c(
                m,
                NV2080_CTRL_CMD_HSHUB_SET_EC_THROTTLE_MODE,
                "NV2080_CTRL_CMD_HSHUB_SET_EC_THROTTLE_MODE",
                8,
                0x158,
                0);
        c(
                m,
                NV2080_CTRL_CMD_RUSD_GET_SUPPORTED_FEATURES,
                "NV2080_CTRL_CMD_RUSD_GET_SUPPORTED_FEATURES",
                4,
                0x10b,
                0);
        c(
                m,
                NV2080_CTRL_CMD_INTERNAL_GCX_ENTRY_PREREQUISITE,
                "NV2080_CTRL_CMD_INTERNAL_GCX_ENTRY_PREREQUISITE",
                2,
                0xc0,
                0);
        c(
                m,
                NV208F_CTRL_CMD_FIFO_CHECK_ENGINE_CONTEXT,
                "NV208F_CTRL_CMD_FIFO_CHECK_ENGINE_CONTEXT",
                12,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_FIFO_GET_CHANNEL_STATE,
                "NV208F_CTRL_CMD_FIFO_GET_CHANNEL_STATE",
                16,
                0x10008,
                0);
        c(m, NV208F_CTRL_CMD_FB_CTRL_GPU_CACHE, "NV208F_CTRL_CMD_FB_CTRL_GPU_CACHE", 28, 0x48, 0);
        c(
                m,
                NV208F_CTRL_CMD_FB_ECC_SET_KILL_PTR,
                "NV208F_CTRL_CMD_FB_ECC_SET_KILL_PTR",
                24,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_FB_ECC_INJECTION_SUPPORTED,
                "NV208F_CTRL_CMD_FB_ECC_INJECTION_SUPPORTED",
                3,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_FB_ECC_SET_WRITE_KILL,
                "NV208F_CTRL_CMD_FB_ECC_SET_WRITE_KILL",
                16,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_FB_CLEAR_REMAPPED_ROWS,
                "NV208F_CTRL_CMD_FB_CLEAR_REMAPPED_ROWS",
                8,
                0x44,
                0);
        c(
                m,
                NV208F_CTRL_CMD_BIF_PBI_WRITE_COMMAND,
                "NV208F_CTRL_CMD_BIF_PBI_WRITE_COMMAND",
                12,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_BIF_CONFIG_REG_READ,
                "NV208F_CTRL_CMD_BIF_CONFIG_REG_READ",
                8,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_BIF_CONFIG_REG_WRITE,
                "NV208F_CTRL_CMD_BIF_CONFIG_REG_WRITE",
                8,
                0x48,
                0);
        c(m, NV208F_CTRL_CMD_BIF_INFO, "NV208F_CTRL_CMD_BIF_INFO", 8, 0x48, 0);
        c(
                m,
                NV208F_CTRL_CMD_GPU_GET_RAM_SVOP_VALUES,
                "NV208F_CTRL_CMD_GPU_GET_RAM_SVOP_VALUES",
                16,
                0x48,
                0);
        c(
                m,
                NV208F_CTRL_CMD_GPU_SET_RAM_SVOP_VALUES,
                "NV208F_CTRL_CMD_GPU_SET_RAM_SVOP_VALUES",
                16,
                0x48,
                0);
        c(m, NV208F_CTRL_CMD_GPU_VERIFY_INFOROM, "NV208F_CTRL_CMD_GPU_VERIFY_INFOROM", 8, 0x48, 0);
        c(
                m,
                NV208F_CTRL_CMD_GR_INJECT_CTXSW_UCODE_ERROR,
                "NV208F_CTRL_CMD_GR_INJECT_CTXSW_UCODE_ERROR",
                12,
                0x100048,
                0);
        c(
                m,
                NV208F_CTRL_CMD_UCODE_COVERAGE_GET_STATE,
                "NV208F_CTRL_CMD_UCODE_COVERAGE_GET_STATE",
                16,
                0x8,
                0);
        c(
                m,
                NV208F_CTRL_CMD_UCODE_COVERAGE_SET_STATE,
                "NV208F_CTRL_CMD_UCODE_COVERAGE_SET_STATE",
                16,
                0x8,
                0);
        c(
                m,
                NV208F_CTRL_CMD_UCODE_COVERAGE_GET_DATA,
                "NV208F_CTRL_CMD_UCODE_COVERAGE_GET_DATA",
                65552,
                0x8,
                0);
        c(m, NV30F1_CTRL_CMD_GSYNC_GET_VERSION, "NV30F1_CTRL_CMD_GSYNC_GET_VERSION", 8, 0x8, 0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SIGNALS,
                "NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SIGNALS",
                16,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_PARAMS,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_PARAMS",
                36,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_PARAMS,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_PARAMS",
                36,
                0x4,
                0);
        c(m, NV30F1_CTRL_CMD_GSYNC_GET_CAPS, "NV30F1_CTRL_CMD_GSYNC_GET_CAPS", 52, 0x8, 0);
        c(
                m,
                NV30F1_CTRL_CMD_GET_GSYNC_GPU_TOPOLOGY,
                "NV30F1_CTRL_CMD_GET_GSYNC_GPU_TOPOLOGY",
                52,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SYNC,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SYNC",
                24,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SYNC,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SYNC",
                24,
                0x4,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_UNSYNC,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_UNSYNC",
                16,
                0x4,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SYNC,
                "NV30F1_CTRL_CMD_GSYNC_GET_STATUS_SYNC",
                16,
                0x8,
                0);
        c(m, NV30F1_CTRL_CMD_GSYNC_GET_STATUS, "NV30F1_CTRL_CMD_GSYNC_GET_STATUS", 64, 0x8, 0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_TESTING,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_TESTING",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_TESTING,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_TESTING",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_WATCHDOG,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_WATCHDOG",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_INTERLACE_MODE,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_INTERLACE_MODE",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_INTERLACE_MODE,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_INTERLACE_MODE",
                4,
                0x4,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_BARRIER,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_BARRIER",
                8,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SWAP_BARRIER,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_SWAP_BARRIER",
                8,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_LOCK_WINDOW,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_SWAP_LOCK_WINDOW",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_OPTIMIZED_TIMING,
                "NV30F1_CTRL_CMD_GSYNC_GET_OPTIMIZED_TIMING",
                96,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_EVENT_NOTIFICATION,
                "NV30F1_CTRL_CMD_GSYNC_SET_EVENT_NOTIFICATION",
                4,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_STEREO_LOCK_MODE,
                "NV30F1_CTRL_CMD_GSYNC_SET_CONTROL_STEREO_LOCK_MODE",
                8,
                0x4,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_STEREO_LOCK_MODE,
                "NV30F1_CTRL_CMD_GSYNC_GET_CONTROL_STEREO_LOCK_MODE",
                8,
                0x8,
                0);
        c(m, NV30F1_CTRL_CMD_GSYNC_READ_REGISTER, "NV30F1_CTRL_CMD_GSYNC_READ_REGISTER", 8, 0x4, 0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_WRITE_REGISTER,
                "NV30F1_CTRL_CMD_GSYNC_WRITE_REGISTER",
                8,
                0x4,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_LOCAL_SYNC,
                "NV30F1_CTRL_CMD_GSYNC_SET_LOCAL_SYNC",
                32,
                0x4,
                0);
        c(m, NV30F1_CTRL_CMD_GSYNC_CONFIG_FLASH, "NV30F1_CTRL_CMD_GSYNC_CONFIG_FLASH", 8, 0x4, 0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_GET_HOUSE_SYNC_MODE,
                "NV30F1_CTRL_CMD_GSYNC_GET_HOUSE_SYNC_MODE",
                1,
                0x8,
                0);
        c(
                m,
                NV30F1_CTRL_CMD_GSYNC_SET_HOUSE_SYNC_MODE,
                "NV30F1_CTRL_CMD_GSYNC_SET_HOUSE_SYNC_MODE",
                1,
                0x4,
                0);
        c(m, NV402C_CTRL_CMD_I2C_GET_PORT_INFO, "NV402C_CTRL_CMD_I2C_GET_PORT_INFO", 16, 0x48, 0);
        c(
                m,
                NV402C_CTRL_CMD_I2C_INDEXED,
                "NV402C_CTRL_CMD_I2C_INDEXED",
                32,
                0x48,
                POINTER | RM_COPIES_EMBEDDED);
        c(m, NV402C_CTRL_CMD_I2C_GET_PORT_SPEED, "NV402C_CTRL_CMD_I2C_GET_PORT_SPEED", 64, 0x48, 0);
        c(
                m,
                NV402C_CTRL_CMD_I2C_TABLE_GET_DEV_INFO,
                "NV402C_CTRL_CMD_I2C_TABLE_GET_DEV_INFO",
                194,
                0x48,
                0);
        c(
                m,
                NV402C_CTRL_CMD_I2C_TRANSACTION,
                "NV402C_CTRL_CMD_I2C_TRANSACTION",
                96,
                0x48,
                POINTER | RM_COPIES_EMBEDDED | UNION);
        c(m, NV503C_CTRL_CMD_REGISTER_VA_SPACE, "NV503C_CTRL_CMD_REGISTER_VA_SPACE", 16, 0x8, 0);
        c(m, NV503C_CTRL_CMD_UNREGISTER_VA_SPACE, "NV503C_CTRL_CMD_UNREGISTER_VA_SPACE", 4, 0x8, 0);
        c(m, NV503C_CTRL_CMD_REGISTER_VIDMEM, "NV503C_CTRL_CMD_REGISTER_VIDMEM", 32, 0x8, 0);
        c(m, NV503C_CTRL_CMD_UNREGISTER_VIDMEM, "NV503C_CTRL_CMD_UNREGISTER_VIDMEM", 4, 0x8, 0);
        c(m, NV503C_CTRL_CMD_REGISTER_PID, "NV503C_CTRL_CMD_REGISTER_PID", 4, 0x8, 0);
        c(
                m,
                NV506F_CTRL_CMD_RESET_ISOLATED_CHANNEL,
                "NV506F_CTRL_CMD_RESET_ISOLATED_CHANNEL",
                8,
                0x10008,
                0);
        c(
                m,
                NV506F_CTRL_CMD_INTERNAL_RESET_ISOLATED_CHANNEL,
                "NV506F_CTRL_CMD_INTERNAL_RESET_ISOLATED_CHANNEL",
                8,
                0xc8,
                0);
        c(m, NV5070_CTRL_CMD_GET_PINSET_COUNT, "NV5070_CTRL_CMD_GET_PINSET_COUNT", 8, 0x48, 0);
        c(m, NV5070_CTRL_CMD_GET_PINSET_PEER, "NV5070_CTRL_CMD_GET_PINSET_PEER", 16, 0x48, 0);
        c(m, NV5070_CTRL_CMD_SET_RMFREE_FLAGS, "NV5070_CTRL_CMD_SET_RMFREE_FLAGS", 8, 0x40, 0);
        c(
                m,
                NV5070_CTRL_CMD_IMP_SET_GET_PARAMETER,
                "NV5070_CTRL_CMD_IMP_SET_GET_PARAMETER",
                24,
                0x48,
                0);
        c(
                m,
                NV5070_CTRL_CMD_SET_MEMPOOL_WAR_FOR_BLIT_TEARING,
                "NV5070_CTRL_CMD_SET_MEMPOOL_WAR_FOR_BLIT_TEARING",
                8,
                0x48,
                0);
        c(m, NV5070_CTRL_CMD_GET_RG_STATUS, "NV5070_CTRL_CMD_GET_RG_STATUS", 20, 0x44, 0);
        c(
                m,
                NV5070_CTRL_CMD_GET_RG_UNDERFLOW_PROP,
                "NV5070_CTRL_CMD_GET_RG_UNDERFLOW_PROP",
                24,
                0x48,
                0);
        c(
                m,
                NV5070_CTRL_CMD_SET_RG_UNDERFLOW_PROP,
                "NV5070_CTRL_CMD_SET_RG_UNDERFLOW_PROP",
                24,
                0x48,
                0);
        c(
                m,
                NV5070_CTRL_CMD_GET_RG_FLIPLOCK_PROP,
                "NV5070_CTRL_CMD_GET_RG_FLIPLOCK_PROP",
                16,
                0x48,
                0);
        c(
                m,
                NV5070_CTRL_CMD_SET_RG_FLIPLOCK_PROP,
                "NV5070_CTRL_CMD_SET_RG_FLIPLOCK_PROP",
                16,
                0x40,
                0);
        c(
                m,
                NV5070_CTRL_CMD_GET_RG_CONNECTED_LOCKPIN_STATELESS,
                "NV5070_CTRL_CMD_GET_RG_CONNECTED_LOCKPIN_STATELESS",
                28,
                0x0,
                0);
        c(
                m,
                NV5070_CTRL_CMD_GET_PINSET_LOCKPINS,
                "NV5070_CTRL_CMD_GET_PINSET_LOCKPINS",
                16,
                0x48,
                0);
        c(m, NV5070_CTRL_CMD_GET_RG_SCAN_LINE, "NV5070_CTRL_CMD_GET_RG_SCAN_LINE", 16, 0x48, 0);
        c(
                m,
                NV5070_CTRL_CMD_GET_FRAMELOCK_HEADER_LOCKPINS,
                "NV5070_CTRL_CMD_GET_FRAMELOCK_HEADER_LOCKPINS",
                16,
                0x40,
                0);
        c(m, NV5070_CTRL_CMD_GET_SOR_OP_MODE, "NV5070_CTRL_CMD_GET_SOR_OP_MODE", 76, 0x44, 0);
        c(m, NV5070_CTRL_CMD_SET_SOR_OP_MODE, "NV5070_CTRL_CMD_SET_SOR_OP_MODE", 76, 0x44, 0);
        c(m, NV5070_CTRL_CMD_SET_SOR_FLUSH_MODE, "NV5070_CTRL_CMD_SET_SOR_FLUSH_MODE", 20, 0x44, 0);
        c(m, NV5070_CTRL_CMD_SYSTEM_GET_CAPS_V2, "NV5070_CTRL_CMD_SYSTEM_GET_CAPS_V2", 8, 0x48, 0);
        c(
                m,
                NV5080_CTRL_CMD_DEFERRED_API,
                "NV5080_CTRL_CMD_DEFERRED_API",
                584,
                0x50048,
                POINTER | UNION);
        c(m, NV5080_CTRL_CMD_REMOVE_API, "NV5080_CTRL_CMD_REMOVE_API", 4, 0x50048, 0);
        c(
                m,
                NV5080_CTRL_CMD_DEFERRED_API_V2,
                "NV5080_CTRL_CMD_DEFERRED_API_V2",
                584,
                0x10008,
                POINTER | UNION);
        c(
                m,
                NV5080_CTRL_CMD_DEFERRED_API_INTERNAL,
                "NV5080_CTRL_CMD_DEFERRED_API_INTERNAL",
                584,
                0x500c8,
                POINTER | UNION);
        c(
                m,
                NV83DE_CTRL_CMD_SM_DEBUG_MODE_ENABLE,
                "NV83DE_CTRL_CMD_SM_DEBUG_MODE_ENABLE",
                0,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_SM_DEBUG_MODE_DISABLE,
                "NV83DE_CTRL_CMD_SM_DEBUG_MODE_DISABLE",
                0,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_DEBUG",
                4,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_DEBUG",
                4,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_EXCEPTION_MASK,
                "NV83DE_CTRL_CMD_DEBUG_SET_EXCEPTION_MASK",
                4,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_READ_SINGLE_SM_ERROR_STATE,
                "NV83DE_CTRL_CMD_DEBUG_READ_SINGLE_SM_ERROR_STATE",
                56,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_READ_ALL_SM_ERROR_STATES,
                "NV83DE_CTRL_CMD_DEBUG_READ_ALL_SM_ERROR_STATES",
                4824,
                0x50048,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_CLEAR_SINGLE_SM_ERROR_STATE,
                "NV83DE_CTRL_CMD_DEBUG_CLEAR_SINGLE_SM_ERROR_STATE",
                8,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_CLEAR_ALL_SM_ERROR_STATES,
                "NV83DE_CTRL_CMD_DEBUG_CLEAR_ALL_SM_ERROR_STATES",
                8,
                0x50048,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_NEXT_STOP_TRIGGER_TYPE,
                "NV83DE_CTRL_CMD_DEBUG_SET_NEXT_STOP_TRIGGER_TYPE",
                4,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_STEP_INTERRUPT_HANDLING,
                "NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_STEP_INTERRUPT_HANDLING",
                4,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_READ_MEMORY,
                "NV83DE_CTRL_CMD_DEBUG_READ_MEMORY",
                24,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_WRITE_MEMORY,
                "NV83DE_CTRL_CMD_DEBUG_WRITE_MEMORY",
                24,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SUSPEND_CONTEXT,
                "NV83DE_CTRL_CMD_DEBUG_SUSPEND_CONTEXT",
                8,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_RESUME_CONTEXT,
                "NV83DE_CTRL_CMD_DEBUG_RESUME_CONTEXT",
                0,
                0x10248,
                0);
        c(m, NV83DE_CTRL_CMD_READ_SURFACE, "NV83DE_CTRL_CMD_READ_SURFACE", 1544, 0x8, POINTER);
        c(m, NV83DE_CTRL_CMD_WRITE_SURFACE, "NV83DE_CTRL_CMD_WRITE_SURFACE", 1544, 0x8, POINTER);
        c(m, NV83DE_CTRL_CMD_GET_MAPPINGS, "NV83DE_CTRL_CMD_GET_MAPPINGS", 1048, 0x8, 0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_EXEC_REG_OPS,
                "NV83DE_CTRL_CMD_DEBUG_EXEC_REG_OPS",
                3208,
                0x10208,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_MODE_ERRBAR_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_SET_MODE_ERRBAR_DEBUG",
                4,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_GET_MODE_ERRBAR_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_GET_MODE_ERRBAR_DEBUG",
                4,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SINGLE_STEP,
                "NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SINGLE_STEP",
                8,
                0x10248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_STOP_TRIGGER,
                "NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_STOP_TRIGGER",
                8,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_RUN_TRIGGER,
                "NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_RUN_TRIGGER",
                8,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SKIP_IDLE_WARP_DETECT,
                "NV83DE_CTRL_CMD_DEBUG_SET_SINGLE_SM_SKIP_IDLE_WARP_DETECT",
                8,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_GET_SINGLE_SM_DEBUGGER_STATUS,
                "NV83DE_CTRL_CMD_DEBUG_GET_SINGLE_SM_DEBUGGER_STATUS",
                12,
                0x48,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_READ_BATCH_MEMORY,
                "NV83DE_CTRL_CMD_DEBUG_READ_BATCH_MEMORY",
                3616,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_WRITE_BATCH_MEMORY,
                "NV83DE_CTRL_CMD_DEBUG_WRITE_BATCH_MEMORY",
                3616,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_READ_MMU_FAULT_INFO,
                "NV83DE_CTRL_CMD_DEBUG_READ_MMU_FAULT_INFO",
                72,
                0x8,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_GCC_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_SET_MODE_MMU_GCC_DEBUG",
                4,
                0x248,
                0);
        c(
                m,
                NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_GCC_DEBUG,
                "NV83DE_CTRL_CMD_DEBUG_GET_MODE_MMU_GCC_DEBUG",
                4,
                0x248,
                0);
        c(
                m,
                NV9010_CTRL_CMD_SET_VBLANK_NOTIFICATION,
                "NV9010_CTRL_CMD_SET_VBLANK_NOTIFICATION",
                1,
                0x0,
                0);
        c(
                m,
                NV9067_CTRL_CMD_SET_TPC_PARTITION_TABLE,
                "NV9067_CTRL_CMD_SET_TPC_PARTITION_TABLE",
                1026,
                0x40,
                0);
        c(m, NV9067_CTRL_CMD_GET_CWD_WATERMARK, "NV9067_CTRL_CMD_GET_CWD_WATERMARK", 4, 0x40, 0);
        c(m, NV9067_CTRL_CMD_SET_CWD_WATERMARK, "NV9067_CTRL_CMD_SET_CWD_WATERMARK", 4, 0x40, 0);
        c(m, NV906F_CTRL_GET_CLASS_ENGINEID, "NV906F_CTRL_GET_CLASS_ENGINEID", 16, 0x10008, 0);
        c(m, NV906F_CTRL_CMD_RESET_CHANNEL, "NV906F_CTRL_CMD_RESET_CHANNEL", 16, 0x10008, 0);
        c(m, NV906F_CTRL_CMD_GET_DEFER_RC_STATE, "NV906F_CTRL_CMD_GET_DEFER_RC_STATE", 1, 0x48, 0);
        c(
                m,
                NV906F_CTRL_CMD_GET_MMU_FAULT_INFO,
                "NV906F_CTRL_CMD_GET_MMU_FAULT_INFO",
                104,
                0x10048,
                0);
        c(m, NV9072_CTRL_CMD_NOTIFY_ON_VBLANK, "NV9072_CTRL_CMD_NOTIFY_ON_VBLANK", 8, 0x48, 0);
        c(m, NV9074_CTRL_CMD_FLUSH, "NV9074_CTRL_CMD_FLUSH", 16, 0x48, 0);
        c(m, NV9074_CTRL_CMD_GET_TIME, "NV9074_CTRL_CMD_GET_TIME", 8, 0x8, 0);
        c(m, NV9074_CTRL_CMD_RELEASE, "NV9074_CTRL_CMD_RELEASE", 32, 0x48, 0);
        c(
                m,
                NV9096_CTRL_CMD_SET_ZBC_COLOR_CLEAR,
                "NV9096_CTRL_CMD_SET_ZBC_COLOR_CLEAR",
                40,
                0x10248,
                0);
        c(
                m,
                NV9096_CTRL_CMD_SET_ZBC_DEPTH_CLEAR,
                "NV9096_CTRL_CMD_SET_ZBC_DEPTH_CLEAR",
                12,
                0x10248,
                0);
        c(
                m,
                NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE,
                "NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE",
                64,
                0x10248,
                0);
        c(
                m,
                NV9096_CTRL_CMD_SET_ZBC_CLEAR_TABLE,
                "NV9096_CTRL_CMD_SET_ZBC_CLEAR_TABLE",
                60,
                0x48,
                0);
        c(
                m,
                NV9096_CTRL_CMD_SET_ZBC_STENCIL_CLEAR,
                "NV9096_CTRL_CMD_SET_ZBC_STENCIL_CLEAR",
                12,
                0x10248,
                0);
        c(
                m,
                NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_SIZE,
                "NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_SIZE",
                12,
                0x50048,
                0);
        c(
                m,
                NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_ENTRY,
                "NV9096_CTRL_CMD_GET_ZBC_CLEAR_TABLE_ENTRY",
                56,
                0x10248,
                0);
        c(m, NV90CC_CTRL_CMD_HWPM_RESERVE, "NV90CC_CTRL_CMD_HWPM_RESERVE", 0, 0x48, 0);
        c(m, NV90CC_CTRL_CMD_HWPM_RELEASE, "NV90CC_CTRL_CMD_HWPM_RELEASE", 0, 0x48, 0);
        c(
                m,
                NV90CC_CTRL_CMD_HWPM_GET_RESERVATION_INFO,
                "NV90CC_CTRL_CMD_HWPM_GET_RESERVATION_INFO",
                12,
                0x48,
                0);
        c(
                m,
                NV90CC_CTRL_CMD_POWER_REQUEST_FEATURES,
                "NV90CC_CTRL_CMD_POWER_REQUEST_FEATURES",
                12,
                0x48,
                0);
        c(
                m,
                NV90CC_CTRL_CMD_POWER_RELEASE_FEATURES,
                "NV90CC_CTRL_CMD_POWER_RELEASE_FEATURES",
                4,
                0x48,
                0);
        c(
                m,
                NV_EVENT_BUFFER_CTRL_CMD_ENABLE_EVENTS,
                "NV_EVENT_BUFFER_CTRL_CMD_ENABLE_EVENTS",
                8,
                0x9,
                0);
        c(m, NV_EVENT_BUFFER_CTRL_CMD_UPDATE_GET, "NV_EVENT_BUFFER_CTRL_CMD_UPDATE_GET", 8, 0x9, 0);
        c(m, NV_EVENT_BUFFER_CTRL_CMD_FLUSH, "NV_EVENT_BUFFER_CTRL_CMD_FLUSH", 0, 0x8, 0);
        c(
                m,
                NV_EVENT_BUFFER_CTRL_CMD_POST_TELEMETRY_EVENT,
                "NV_EVENT_BUFFER_CTRL_CMD_POST_TELEMETRY_EVENT",
                524,
                0x8,
                0);
        c(
                m,
                NV90E6_CTRL_CMD_MASTER_GET_ERROR_INTR_OFFSET_MASK,
                "NV90E6_CTRL_CMD_MASTER_GET_ERROR_INTR_OFFSET_MASK",
                16,
                0x48,
                0);
        c(
                m,
                NV90E6_CTRL_CMD_MASTER_GET_VIRTUAL_FUNCTION_ERROR_CONT_INTR_MASK,
                "NV90E6_CTRL_CMD_MASTER_GET_VIRTUAL_FUNCTION_ERROR_CONT_INTR_MASK",
                8,
                0x10248,
                0);
        c(
                m,
                NV90E7_CTRL_CMD_BBX_GET_LAST_FLUSH_TIME,
                "NV90E7_CTRL_CMD_BBX_GET_LAST_FLUSH_TIME",
                16,
                0x58,
                0);
        c(
                m,
                NV90E7_CTRL_CMD_BBX_IS_NVM_FLUSH_ENABLED,
                "NV90E7_CTRL_CMD_BBX_IS_NVM_FLUSH_ENABLED",
                8,
                0x58,
                0);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_GET_GMMU_FORMAT,
                "NV90F1_CTRL_CMD_VASPACE_GET_GMMU_FORMAT",
                16,
                0x0,
                POINTER);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_GET_PAGE_LEVEL_INFO,
                "NV90F1_CTRL_CMD_VASPACE_GET_PAGE_LEVEL_INFO",
                712,
                0x18000,
                POINTER);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_RESERVE_ENTRIES,
                "NV90F1_CTRL_CMD_VASPACE_RESERVE_ENTRIES",
                32,
                0x18000,
                0);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_RELEASE_ENTRIES,
                "NV90F1_CTRL_CMD_VASPACE_RELEASE_ENTRIES",
                32,
                0x18000,
                0);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_COPY_SERVER_RESERVED_PDES,
                "NV90F1_CTRL_CMD_VASPACE_COPY_SERVER_RESERVED_PDES",
                184,
                0x14004,
                0);
        c(
                m,
                NV90F1_CTRL_CMD_VASPACE_GET_HOST_RM_MANAGED_SIZE,
                "NV90F1_CTRL_CMD_VASPACE_GET_HOST_RM_MANAGED_SIZE",
                16,
                0x0,
                0);
        c(m, NVA06C_CTRL_CMD_GPFIFO_SCHEDULE, "NVA06C_CTRL_CMD_GPFIFO_SCHEDULE", 3, 0x10008, 0);
        c(m, NVA06C_CTRL_CMD_BIND, "NVA06C_CTRL_CMD_BIND", 4, 0x8, 0);
        c(m, NVA06C_CTRL_CMD_SET_TIMESLICE, "NVA06C_CTRL_CMD_SET_TIMESLICE", 8, 0x10008, 0);
        c(m, NVA06C_CTRL_CMD_GET_TIMESLICE, "NVA06C_CTRL_CMD_GET_TIMESLICE", 8, 0x8, 0);
        c(m, NVA06C_CTRL_CMD_PREEMPT, "NVA06C_CTRL_CMD_PREEMPT", 8, 0x10248, 0);
        c(m, NVA06C_CTRL_CMD_GET_INFO, "NVA06C_CTRL_CMD_GET_INFO", 4, 0x8, 0);
        c(
                m,
                NVA06C_CTRL_CMD_SET_INTERLEAVE_LEVEL,
                "NVA06C_CTRL_CMD_SET_INTERLEAVE_LEVEL",
                4,
                0x10028,
                0);
        c(
                m,
                NVA06C_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE,
                "NVA06C_CTRL_CMD_PROGRAM_VIDMEM_PROMOTE",
                8,
                0x48,
                0);
        c(
                m,
                NVA06C_CTRL_CMD_INTERNAL_PROMOTE_FAULT_METHOD_BUFFERS,
                "NVA06C_CTRL_CMD_INTERNAL_PROMOTE_FAULT_METHOD_BUFFERS",
                88,
                0x14240,
                0);
        c(m, NVA06C_CTRL_CMD_MAKE_REALTIME, "NVA06C_CTRL_CMD_MAKE_REALTIME", 1, 0x48, 0);
        c(
                m,
                NVA06C_CTRL_CMD_INTERNAL_GPFIFO_SCHEDULE,
                "NVA06C_CTRL_CMD_INTERNAL_GPFIFO_SCHEDULE",
                3,
                0x100c8,
                0);
        c(
                m,
                NVA06C_CTRL_CMD_INTERNAL_SET_TIMESLICE,
                "NVA06C_CTRL_CMD_INTERNAL_SET_TIMESLICE",
                8,
                0x100c8,
                0);
        c(m, NVA06F_CTRL_CMD_GPFIFO_SCHEDULE, "NVA06F_CTRL_CMD_GPFIFO_SCHEDULE", 3, 0x10008, 0);
        c(m, NVA06F_CTRL_CMD_BIND, "NVA06F_CTRL_CMD_BIND", 4, 0x10008, 0);
        c(m, NVA06F_CTRL_CMD_SET_ERROR_NOTIFIER, "NVA06F_CTRL_CMD_SET_ERROR_NOTIFIER", 1, 0x8, 0);
        c(
                m,
                NVA06F_CTRL_CMD_SET_INTERLEAVE_LEVEL,
                "NVA06F_CTRL_CMD_SET_INTERLEAVE_LEVEL",
                4,
                0x10028,
                0);
        c(m, NVA06F_CTRL_CMD_RESTART_RUNLIST, "NVA06F_CTRL_CMD_RESTART_RUNLIST", 2, 0x48, 0);
        c(m, NVA06F_CTRL_CMD_STOP_CHANNEL, "NVA06F_CTRL_CMD_STOP_CHANNEL", 1, 0x10008, 0);
        c(m, NVA06F_CTRL_CMD_GET_CONTEXT_ID, "NVA06F_CTRL_CMD_GET_CONTEXT_ID", 4, 0x109, 0);
        c(
                m,
                NVA080_CTRL_CMD_VGPU_DISPLAY_SET_SURFACE_PROPERTIES,
                "NVA080_CTRL_CMD_VGPU_DISPLAY_SET_SURFACE_PROPERTIES",
                76,
                0x8,
                0);
        c(
                m,
                NVA080_CTRL_CMD_VGPU_DISPLAY_CLEANUP_SURFACE,
                "NVA080_CTRL_CMD_VGPU_DISPLAY_CLEANUP_SURFACE",
                8,
                0x8,
                0);
        c(m, NVA080_CTRL_CMD_VGPU_GET_CONFIG, "NVA080_CTRL_CMD_VGPU_GET_CONFIG", 72, 0x8, POINTER);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_SET_INFO,
                "NVA081_CTRL_CMD_VGPU_CONFIG_SET_INFO",
                5440,
                0x4,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_PGPU,
                "NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_PGPU",
                19592,
                0x8,
                UNION);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_TYPE_INFO,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_TYPE_INFO",
                5432,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_SUPPORTED_VGPU_TYPES,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_SUPPORTED_VGPU_TYPES",
                524,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_VGPU_TYPES,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_VGPU_TYPES",
                524,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_EVENT_SET_NOTIFICATION,
                "NVA081_CTRL_CMD_VGPU_CONFIG_EVENT_SET_NOTIFICATION",
                8,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PGPU_INFO,
                "NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PGPU_INFO",
                0,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_SET_VGPU_INSTANCE_ENCODER_CAPACITY,
                "NVA081_CTRL_CMD_VGPU_CONFIG_SET_VGPU_INSTANCE_ENCODER_CAPACITY",
                20,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_FB_USAGE,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_VGPU_FB_USAGE",
                1160,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_CAP,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_CAP",
                1,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_HOST_FB_RESERVATION,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_HOST_FB_RESERVATION",
                32,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_PGPU_METADATA_STRING,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_PGPU_METADATA_STRING",
                256,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_DOORBELL_EMULATION_SUPPORT,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_DOORBELL_EMULATION_SUPPORT",
                1,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_FREE_SWIZZID,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_FREE_SWIZZID",
                12,
                0x4,
                0);
        c(
                m,
                NVA081_CTRL_CMD_PGPU_GET_MULTI_VGPU_SUPPORT_INFO,
                "NVA081_CTRL_CMD_PGPU_GET_MULTI_VGPU_SUPPORT_INFO",
                12,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_GET_VGPU_DRIVER_CAPS,
                "NVA081_CTRL_CMD_GET_VGPU_DRIVER_CAPS",
                8,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_SET_PGPU_INFO,
                "NVA081_CTRL_CMD_VGPU_CONFIG_SET_PGPU_INFO",
                4,
                0x4,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_VALIDATE_SWIZZID,
                "NVA081_CTRL_CMD_VGPU_CONFIG_VALIDATE_SWIZZID",
                8,
                0x4,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PLACEMENT_INFO,
                "NVA081_CTRL_CMD_VGPU_CONFIG_UPDATE_PLACEMENT_INFO",
                56,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_PLACEMENTS,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_CREATABLE_PLACEMENTS",
                208,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_PGPU_GET_VGPU_STREAMING_CAPABILITY,
                "NVA081_CTRL_CMD_PGPU_GET_VGPU_STREAMING_CAPABILITY",
                1,
                0x8,
                0);
        c(m, NVA081_CTRL_CMD_VGPU_SET_CAPABILITY, "NVA081_CTRL_CMD_VGPU_SET_CAPABILITY", 8, 0x8, 0);
        c(m, NVA081_CTRL_CMD_VGPU_GET_CAPABILITY, "NVA081_CTRL_CMD_VGPU_GET_CAPABILITY", 8, 0x8, 0);
        c(m, NVA081_CTRL_CMD_VGPU_SET_VM_NAME, "NVA081_CTRL_CMD_VGPU_SET_VM_NAME", 152, 0x8, UNION);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_BANDWIDTH,
                "NVA081_CTRL_CMD_VGPU_CONFIG_GET_MIGRATION_BANDWIDTH",
                4,
                0x8,
                0);
        c(
                m,
                NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_GPU_INSTANCE,
                "NVA081_CTRL_CMD_VGPU_CONFIG_ENUMERATE_VGPU_PER_GPU_INSTANCE",
                56,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_DEVICE_INFO,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_DEVICE_INFO",
                256,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_GUEST_LIFE_CYCLE_STATE,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_VGPU_GUEST_LIFE_CYCLE_STATE",
                4,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_OFFLINED_PAGE_PATCHINFO,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_OFFLINED_PAGE_PATCHINFO",
                776,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_VF_CONFIG_SPACE_ACCESS,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_VF_CONFIG_SPACE_ACCESS",
                8,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BIND_FECS_EVTBUF,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BIND_FECS_EVTBUF",
                16,
                0x808,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_TRIGGER_PRIV_DOORBELL,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_TRIGGER_PRIV_DOORBELL",
                4,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_EVENT_SET_NOTIFICATION,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_EVENT_SET_NOTIFICATION",
                12,
                0x118,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_GET_BAR_MAPPING_RANGES,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_GET_BAR_MAPPING_RANGES",
                184,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_RESTORE_DEFAULT_EXEC_PARTITION,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_RESTORE_DEFAULT_EXEC_PARTITION",
                0,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_FREE_STATES,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_FREE_STATES",
                4,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BOOTLOAD_VGPU_TASK,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_BOOTLOAD_VGPU_TASK",
                1608,
                0x8,
                0);
        c(
                m,
                NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_PLACEMENT_ID,
                "NVA084_CTRL_CMD_KERNEL_HOST_VGPU_DEVICE_SET_PLACEMENT_ID",
                8,
                0x8,
                0);
        c(
                m,
                NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO,
                "NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO",
                32,
                0x8,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO_V2,
                "NVA0BC_CTRL_CMD_NVENC_SW_SESSION_UPDATE_INFO_V2",
                984,
                0x10008,
                0);
        c(
                m,
                NVA0BD_CTRL_CMD_NVFBC_SW_SESSION_UPDATE_INFO,
                "NVA0BD_CTRL_CMD_NVFBC_SW_SESSION_UPDATE_INFO",
                992,
                0x10008,
                0);
        c(
                m,
                NVB069_CTRL_CMD_FAULTBUFFER_GET_SIZE,
                "NVB069_CTRL_CMD_FAULTBUFFER_GET_SIZE",
                4,
                0x8,
                0);
        c(
                m,
                NVB069_CTRL_CMD_FAULTBUFFER_GET_REGISTER_MAPPINGS,
                "NVB069_CTRL_CMD_FAULTBUFFER_GET_REGISTER_MAPPINGS",
                72,
                0x4,
                POINTER);
        c(
                m,
                NVB06F_CTRL_CMD_GET_ENGINE_CTX_SIZE,
                "NVB06F_CTRL_CMD_GET_ENGINE_CTX_SIZE",
                8,
                0x10048,
                0);
        c(
                m,
                NVB06F_CTRL_CMD_GET_ENGINE_CTX_DATA,
                "NVB06F_CTRL_CMD_GET_ENGINE_CTX_DATA",
                16,
                0x10048,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NVB06F_CTRL_CMD_MIGRATE_ENGINE_CTX_DATA,
                "NVB06F_CTRL_CMD_MIGRATE_ENGINE_CTX_DATA",
                16,
                0x14044,
                POINTER | RM_COPIES_EMBEDDED);
        c(
                m,
                NVB06F_CTRL_CMD_GET_ENGINE_CTX_STATE,
                "NVB06F_CTRL_CMD_GET_ENGINE_CTX_STATE",
                12,
                0x10048,
                0);
        c(
                m,
                NVB06F_CTRL_CMD_GET_CHANNEL_HW_STATE,
                "NVB06F_CTRL_CMD_GET_CHANNEL_HW_STATE",
                4,
                0x10048,
                0);
        c(
                m,
                NVB06F_CTRL_CMD_SET_CHANNEL_HW_STATE,
                "NVB06F_CTRL_CMD_SET_CHANNEL_HW_STATE",
                4,
                0x14044,
                0);
        c(
                m,
                NVB06F_CTRL_CMD_SAVE_ENGINE_CTX_DATA,
                "NVB06F_CTRL_CMD_SAVE_ENGINE_CTX_DATA",
                4104,
                0x10048,
                0);
        c(
                m,
                NVB06F_CTRL_CMD_RESTORE_ENGINE_CTX_DATA,
                "NVB06F_CTRL_CMD_RESTORE_ENGINE_CTX_DATA",
                4104,
                0x14044,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_RESERVE_HWPM_LEGACY,
                "NVB0CC_CTRL_CMD_RESERVE_HWPM_LEGACY",
                1,
                0x10318,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_RELEASE_HWPM_LEGACY,
                "NVB0CC_CTRL_CMD_RELEASE_HWPM_LEGACY",
                0,
                0x48,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_RESERVE_PM_AREA_SMPC,
                "NVB0CC_CTRL_CMD_RESERVE_PM_AREA_SMPC",
                1,
                0x10248,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_RELEASE_PM_AREA_SMPC,
                "NVB0CC_CTRL_CMD_RELEASE_PM_AREA_SMPC",
                0,
                0x48,
                0);
        c(m, NVB0CC_CTRL_CMD_ALLOC_PMA_STREAM, "NVB0CC_CTRL_CMD_ALLOC_PMA_STREAM", 56, 0x10008, 0);
        c(m, NVB0CC_CTRL_CMD_FREE_PMA_STREAM, "NVB0CC_CTRL_CMD_FREE_PMA_STREAM", 4, 0x10008, 0);
        c(m, NVB0CC_CTRL_CMD_BIND_PM_RESOURCES, "NVB0CC_CTRL_CMD_BIND_PM_RESOURCES", 0, 0x10008, 0);
        c(m, NVB0CC_CTRL_CMD_UNBIND_PM_RESOURCES, "NVB0CC_CTRL_CMD_UNBIND_PM_RESOURCES", 0, 0x8, 0);
        c(
                m,
                NVB0CC_CTRL_CMD_PMA_STREAM_UPDATE_GET_PUT,
                "NVB0CC_CTRL_CMD_PMA_STREAM_UPDATE_GET_PUT",
                48,
                0x50048,
                0);
        c(m, NVB0CC_CTRL_CMD_EXEC_REG_OPS, "NVB0CC_CTRL_CMD_EXEC_REG_OPS", 3980, 0x10248, 0);
        c(
                m,
                NVB0CC_CTRL_CMD_RESERVE_PM_AREA_PC_SAMPLER,
                "NVB0CC_CTRL_CMD_RESERVE_PM_AREA_PC_SAMPLER",
                0,
                0x10248,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_RELEASE_PM_AREA_PC_SAMPLER,
                "NVB0CC_CTRL_CMD_RELEASE_PM_AREA_PC_SAMPLER",
                0,
                0x10248,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_GET_TOTAL_HS_CREDITS,
                "NVB0CC_CTRL_CMD_GET_TOTAL_HS_CREDITS",
                4,
                0x10248,
                0);
        c(m, NVB0CC_CTRL_CMD_SET_HS_CREDITS, "NVB0CC_CTRL_CMD_SET_HS_CREDITS", 256, 0x10248, 0);
        c(m, NVB0CC_CTRL_CMD_GET_HS_CREDITS, "NVB0CC_CTRL_CMD_GET_HS_CREDITS", 256, 0x10248, 0);
        c(m, NVB0CC_CTRL_CMD_RESERVE_HES, "NVB0CC_CTRL_CMD_RESERVE_HES", 8, 0x10248, UNION);
        c(m, NVB0CC_CTRL_CMD_RELEASE_HES, "NVB0CC_CTRL_CMD_RELEASE_HES", 4, 0x10248, 0);
        c(
                m,
                NVB0CC_CTRL_CMD_GET_CHIPLET_HS_CREDIT_POOL,
                "NVB0CC_CTRL_CMD_GET_CHIPLET_HS_CREDIT_POOL",
                124,
                0x10248,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_GET_HS_CREDITS_MAPPING,
                "NVB0CC_CTRL_CMD_GET_HS_CREDITS_MAPPING",
                194,
                0x10248,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_DISABLE_DYNAMIC_MMA_BOOST,
                "NVB0CC_CTRL_CMD_DISABLE_DYNAMIC_MMA_BOOST",
                1,
                0x48,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_GET_DYNAMIC_MMA_BOOST_STATUS,
                "NVB0CC_CTRL_CMD_GET_DYNAMIC_MMA_BOOST_STATUS",
                1,
                0x48,
                0);
        c(m, NVB0CC_CTRL_CMD_RESERVE_CCU_PROF, "NVB0CC_CTRL_CMD_RESERVE_CCU_PROF", 1, 0x10248, 0);
        c(m, NVB0CC_CTRL_CMD_RELEASE_CCU_PROF, "NVB0CC_CTRL_CMD_RELEASE_CCU_PROF", 0, 0x10248, 0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_QUIESCE_PMA_CHANNEL,
                "NVB0CC_CTRL_CMD_INTERNAL_QUIESCE_PMA_CHANNEL",
                8,
                0x10048,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_SRIOV_PROMOTE_PMA_STREAM,
                "NVB0CC_CTRL_CMD_INTERNAL_SRIOV_PROMOTE_PMA_STREAM",
                48,
                0x50008,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_PERMISSIONS_INIT,
                "NVB0CC_CTRL_CMD_INTERNAL_PERMISSIONS_INIT",
                5,
                0x48,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_ALLOC_PMA_STREAM,
                "NVB0CC_CTRL_CMD_INTERNAL_ALLOC_PMA_STREAM",
                64,
                0x500c8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_FREE_PMA_STREAM,
                "NVB0CC_CTRL_CMD_INTERNAL_FREE_PMA_STREAM",
                4,
                0x500c8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_GET_MAX_PMAS,
                "NVB0CC_CTRL_CMD_INTERNAL_GET_MAX_PMAS",
                4,
                0x500c8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_BIND_PM_RESOURCES,
                "NVB0CC_CTRL_CMD_INTERNAL_BIND_PM_RESOURCES",
                0,
                0x100c8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_UNBIND_PM_RESOURCES,
                "NVB0CC_CTRL_CMD_INTERNAL_UNBIND_PM_RESOURCES",
                0,
                0xc8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_INTERNAL_RESERVE_HWPM_LEGACY,
                "NVB0CC_CTRL_CMD_INTERNAL_RESERVE_HWPM_LEGACY",
                1,
                0x100c8,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_POWER_REQUEST_FEATURES,
                "NVB0CC_CTRL_CMD_POWER_REQUEST_FEATURES",
                12,
                0x40048,
                0);
        c(
                m,
                NVB0CC_CTRL_CMD_POWER_RELEASE_FEATURES,
                "NVB0CC_CTRL_CMD_POWER_RELEASE_FEATURES",
                4,
                0x40048,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_GET,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_GET",
                4,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_WRITE_GET,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_WRITE_GET",
                4,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_PUT,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_READ_PUT",
                4,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE",
                8,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_SIZE,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_SIZE",
                4,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_REGISTER_MAPPINGS,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_REGISTER_MAPPINGS",
                56,
                0x0,
                POINTER);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_FULL_INFO,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_GET_FULL_INFO",
                1,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_RESET_COUNTERS,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_RESET_COUNTERS",
                8,
                0x40,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_SET_CONFIG,
                "NVC365_CTRL_CMD_ACCESS_CNTR_SET_CONFIG",
                24,
                0x0,
                0);
        c(
                m,
                NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE_INTR,
                "NVC365_CTRL_CMD_ACCESS_CNTR_BUFFER_ENABLE_INTR",
                1,
                0x0,
                0);
        c(
                m,
                NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_NON_REPLAY_BUF,
                "NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_NON_REPLAY_BUF",
                32,
                0x0,
                POINTER);
        c(
                m,
                NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_NON_REPLAY_BUF,
                "NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_NON_REPLAY_BUF",
                8,
                0x0,
                POINTER);
        c(
                m,
                NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_REPLAY_BUF,
                "NVC369_CTRL_CMD_MMU_FAULT_BUFFER_REGISTER_REPLAY_BUF",
                24,
                0x0,
                POINTER);
        c(
                m,
                NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_REPLAY_BUF,
                "NVC369_CTRL_CMD_MMU_FAULT_BUFFER_UNREGISTER_REPLAY_BUF",
                8,
                0x0,
                POINTER);
        c(
                m,
                NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN,
                "NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN",
                4,
                0x10008,
                0);
        c(
                m,
                NVC36F_CTRL_CMD_GPFIFO_UPDATE_FAULT_METHOD_BUFFER,
                "NVC36F_CTRL_CMD_GPFIFO_UPDATE_FAULT_METHOD_BUFFER",
                16,
                0x10244,
                0);
        c(
                m,
                NVC36F_CTRL_CMD_GPFIFO_SET_WORK_SUBMIT_TOKEN_NOTIF_INDEX,
                "NVC36F_CTRL_CMD_GPFIFO_SET_WORK_SUBMIT_TOKEN_NOTIF_INDEX",
                4,
                0x8,
                0);
        c(
                m,
                NVC36F_CTRL_CMD_INTERNAL_GPFIFO_GET_WORK_SUBMIT_TOKEN,
                "NVC36F_CTRL_CMD_INTERNAL_GPFIFO_GET_WORK_SUBMIT_TOKEN",
                4,
                0xc0,
                0);
        c(m, NVC370_CTRL_CMD_IDLE_CHANNEL, "NVC370_CTRL_CMD_IDLE_CHANNEL", 28, 0x48, 0);
        c(m, NVC370_CTRL_CMD_SET_ACCL, "NVC370_CTRL_CMD_SET_ACCL", 20, 0x48, 0);
        c(m, NVC370_CTRL_CMD_GET_ACCL, "NVC370_CTRL_CMD_GET_ACCL", 20, 0x48, 0);
        c(m, NVC370_CTRL_CMD_GET_CHANNEL_INFO, "NVC370_CTRL_CMD_GET_CHANNEL_INFO", 20, 0x40, 0);
        c(
                m,
                NVC370_CTRL_CMD_CHANNEL_CANCEL_FLIP,
                "NVC370_CTRL_CMD_CHANNEL_CANCEL_FLIP",
                12,
                0x0,
                0);
        c(m, NVC370_CTRL_CMD_GET_LOCKPINS_CAPS, "NVC370_CTRL_CMD_GET_LOCKPINS_CAPS", 36, 0x48, 0);
        c(
                m,
                NVC370_CTRL_CMD_SET_SWAPRDY_GPIO_WAR,
                "NVC370_CTRL_CMD_SET_SWAPRDY_GPIO_WAR",
                8,
                0x40,
                0);
        c(m, NVC370_CTRL_CMD_SET_SOR_FLUSH_MODE, "NVC370_CTRL_CMD_SET_SOR_FLUSH_MODE", 20, 0x44, 0);
        c(
                m,
                NVC370_CTRL_CMD_SET_FORCE_MODESWITCH_FLAGS_OVERRIDES,
                "NVC370_CTRL_CMD_SET_FORCE_MODESWITCH_FLAGS_OVERRIDES",
                16,
                0x48,
                0);
        c(m, NVC372_CTRL_CMD_IS_MODE_POSSIBLE, "NVC372_CTRL_CMD_IS_MODE_POSSIBLE", 2048, 0x48, 0);
        c(
                m,
                NVC372_CTRL_CMD_IS_MODE_POSSIBLE_OR_SETTINGS,
                "NVC372_CTRL_CMD_IS_MODE_POSSIBLE_OR_SETTINGS",
                220,
                0x48,
                0);
        c(
                m,
                NVC372_CTRL_CMD_VIDEO_ADAPTIVE_REFRESH_RATE,
                "NVC372_CTRL_CMD_VIDEO_ADAPTIVE_REFRESH_RATE",
                8,
                0x48,
                0);
        c(
                m,
                NVC372_CTRL_CMD_GET_ACTIVE_VIEWPORT_POINT_IN,
                "NVC372_CTRL_CMD_GET_ACTIVE_VIEWPORT_POINT_IN",
                16,
                0x49,
                0);
        c(m, NVC56F_CTRL_CMD_GET_KMB, "NVC56F_CTRL_CMD_GET_KMB", 144, 0x8, UNION);
        c(
                m,
                NVC56F_CTRL_ROTATE_SECURE_CHANNEL_IV,
                "NVC56F_CTRL_ROTATE_SECURE_CHANNEL_IV",
                128,
                0x8,
                UNION);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_SET_SECURITY_POLICY,
                "NV_CONF_COMPUTE_CTRL_SET_SECURITY_POLICY",
                8,
                0x4,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_GET_SECURITY_POLICY,
                "NV_CONF_COMPUTE_CTRL_GET_SECURITY_POLICY",
                8,
                0x8,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_CREATE,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_CREATE",
                460,
                0x10008,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_DELETE,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_DELETE",
                36,
                0x10008,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_GET,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_GET",
                452,
                0x10008,
                0);
        c(
                m,
                NVC637_CTRL_EXEC_PARTITIONS_GET_ACTIVE_IDS,
                "NVC637_CTRL_EXEC_PARTITIONS_GET_ACTIVE_IDS",
                364,
                0x10008,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_EXPORT,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_EXPORT",
                96,
                0x8,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_IMPORT,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_IMPORT",
                96,
                0x80,
                0);
        c(
                m,
                NVC637_CTRL_CMD_EXEC_PARTITIONS_GET_PROFILE_CAPACITY,
                "NVC637_CTRL_CMD_EXEC_PARTITIONS_GET_PROFILE_CAPACITY",
                280,
                0x8,
                0);
        c(m, NVC637_CTRL_CMD_GET_UUID, "NVC637_CTRL_CMD_GET_UUID", 57, 0x8, 0);
        c(m, NVC638_CTRL_CMD_GET_UUID, "NVC638_CTRL_CMD_GET_UUID", 57, 0x109, 0);
        c(
                m,
                NVC763_CTRL_CMD_VIDMEM_ACCESS_BIT_DUMP,
                "NVC763_CTRL_CMD_VIDMEM_ACCESS_BIT_DUMP",
                536,
                0x10048,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_CAPABILITIES,
                "NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_CAPABILITIES",
                6,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_GPUS_STATE,
                "NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_GPUS_STATE",
                1,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_SET_GPUS_STATE,
                "NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_SET_GPUS_STATE",
                1,
                0x4,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_VIDMEM_SIZE,
                "NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_VIDMEM_SIZE",
                24,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GPU_SET_VIDMEM_SIZE,
                "NV_CONF_COMPUTE_CTRL_CMD_GPU_SET_VIDMEM_SIZE",
                24,
                0x4,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_CERTIFICATE,
                "NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_CERTIFICATE",
                9228,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_ATTESTATION_REPORT,
                "NV_CONF_COMPUTE_CTRL_CMD_GET_GPU_ATTESTATION_REPORT",
                12336,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_NUM_SECURE_CHANNELS,
                "NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_NUM_SECURE_CHANNELS",
                12,
                0x8,
                0);
        c(
                m,
                NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_KEY_ROTATION_STATE,
                "NV_CONF_COMPUTE_CTRL_CMD_GPU_GET_KEY_ROTATION_STATE",
                8,
                0x8,
                0);
        c(
                m,
                NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SUBSCRIBE,
                "NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SUBSCRIBE",
                16,
                0x8,
                0);
        c(
                m,
                NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_UNSUBSCRIBE,
                "NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_UNSUBSCRIBE",
                0,
                0x8,
                0);
        c(
                m,
                NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SET_STREAM_STATE,
                "NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_SET_STREAM_STATE",
                1,
                0x8,
                0);
        c(
                m,
                NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_GET_STREAM_STATE,
                "NV_COUNTER_COLLECTION_UNIT_CTRL_CMD_GET_STREAM_STATE",
                1,
                0x8,
                0);
        COMMANDS = Collections.unmodifiableMap(m);
    }

    private NvControlCommands() {}

    private static void c(
            Map<Integer, Command> m,
            int cmd,
            String name,
            int paramsSize,
            int rmFlags,
            int traits) {
        if (m.putIfAbsent(cmd, new Command(cmd, name, paramsSize, rmFlags, traits)) != null) {
            throw new IllegalStateException("two control commands with id " + NvStatus.hex(cmd));
        }
    }

    /** Every control method this driver exports, by id, in ascending unsigned order. */
    public static Map<Integer, Command> commands() {
        return COMMANDS;
    }

    /** The command, or {@code null} where this driver exports no such control method. */
    public static Command lookup(int cmd) {
        return COMMANDS.get(cmd);
    }

    /** The C name, or {@code NVxxxx_CTRL_CMD(0x...)} for an id this table does not know. */
    public static String name(int cmd) {
        Command c = COMMANDS.get(cmd);
        return c != null ? c.name() : String.format("NV%04X_CTRL_CMD(0x%08x)", classOf(cmd), cmd);
    }

    /** Bits 31:16: the class or interface the command belongs to. */
    public static int classOf(int cmd) {
        return cmd >>> CLASS_SHIFT;
    }

    /** Bits 13:8: the category within the class. */
    public static int category(int cmd) {
        return (cmd >>> CATEGORY_SHIFT) & CATEGORY_MASK;
    }

    /** Bits 15:8, including the legacy privilege bits 15:14. */
    public static int categoryByte(int cmd) {
        return (cmd >>> CATEGORY_SHIFT) & 0xff;
    }

    /** Bits 7:0. */
    public static int index(int cmd) {
        return cmd & INDEX_MASK;
    }
}
