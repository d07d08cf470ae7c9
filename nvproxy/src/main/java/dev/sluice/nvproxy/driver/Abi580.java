package dev.sluice.nvproxy.driver;

import static dev.sluice.nvproxy.frontend.EmbeddedArrays.in;
import static dev.sluice.nvproxy.frontend.EmbeddedArrays.inOut;
import static dev.sluice.nvproxy.frontend.EmbeddedArrays.out;

import dev.sluice.nvproxy.abi.ClassAllocParams;
import dev.sluice.nvproxy.abi.Classes;
import dev.sluice.nvproxy.abi.NvControlCommands;
import dev.sluice.nvproxy.abi.UvmIoctls;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.nvproxy.frontend.EmbeddedArrays;
import dev.sluice.nvproxy.frontend.ScopedField;
import dev.sluice.nvproxy.frontend.ScopedField.CountedGpuIds;
import dev.sluice.nvproxy.frontend.ScopedField.GpuId;
import dev.sluice.nvproxy.frontend.ScopedField.GpuIdList;
import dev.sluice.nvproxy.frontend.ScopedField.GpuIdsOut;
import dev.sluice.nvproxy.frontend.ScopedField.GpuRecordsOut;
import dev.sluice.nvproxy.frontend.ScopedField.PidsOut;

import java.util.List;
import java.util.Map;

/**
 * The 580 branch. Sizes, names and traits come from the {@code abi} package (580.142 sources);
 * which commands and classes are allowed, and under which capability, comes from what CUDA 13,
 * PyTorch 2.11 and nvidia-smi issued on the 580.159.04 host (docs/nvproxy-discovery.md): a command
 * seen only from nvidia-smi is {@code utility}, one seen from a CUDA program is {@code compute}.
 * Everything else is refused, the way the driver refuses what it does not implement.
 */
public class Abi580 extends DriverAbi {
    private static final long C = Capability.COMPUTE.bit();
    private static final long U = Capability.UTILITY.bit();
    private static final long CU = C | U;

    @Override
    public String branch() {
        return "580";
    }

    @Override
    protected void controls(Map<Integer, ControlRule> m) {
        opaque(m, 0x00000101, "NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION", 40, CU); // smi,smiq,torch
        control(m, NvControlCommands.NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX, C);
        // NCCL's topology probe (flat: inline arrays; observed from NCCL 2.28 on the H200)
        control(m, NvControlCommands.NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2, C);
        control(m, NvControlCommands.NV0000_CTRL_CMD_SYSTEM_GET_FEATURES, C);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PROBED_IDS, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_ATTACH_IDS, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_DETACH_IDS, U);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PCI_INFO, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_MEMOP_ENABLE, C);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS, C);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO, C);
        control(m, NvControlCommands.NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE, U);
        control(m, NvControlCommands.NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE, CU);
        control(m, NvControlCommands.NV0000_CTRL_CMD_CLIENT_SET_INHERITED_SHARE_POLICY, C);
        control(m, NvControlCommands.NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES, C);
        control(m, NvControlCommands.NV0080_CTRL_CMD_GPU_QUERY_SW_STATE_PERSISTENCE, U);
        control(m, NvControlCommands.NV0080_CTRL_CMD_GPU_GET_VIRTUALIZATION_MODE, CU);
        control(m, NvControlCommands.NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2, CU);
        control(m, NvControlCommands.NV0080_CTRL_CMD_FB_GET_CAPS_V2, C);
        control(m, NvControlCommands.NV0080_CTRL_CMD_HOST_GET_CAPS_V2, C);
        control(m, NvControlCommands.NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST, C);
        control(m, NvControlCommands.NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL, C);
        control(m, NvControlCommands.NV00DE_CTRL_CMD_REQUEST_DATA_POLL, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFO_V2, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_NAME_STRING, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_SHORT_NAME_STRING, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_SIMULATION_INFO, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_QUERY_ECC_STATUS, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_QUERY_COMPUTE_MODE_RULES, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_QUERY_ECC_CONFIGURATION, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_OEM_BOARD_INFO, U);
        control(m, 0x20800145, C);
        control(m, 0x20800146, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_GID_INFO, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFOROM_OBJECT_VERSION, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_INFOROM_IMAGE_VERSION, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_QUERY_INFOROM_ECC_SUPPORT, U);
        control(m, NvControlCommands.NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_STATS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_ENGINES_V2, C);
        control(m, NvControlCommands.NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_STATS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_PIDS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_COMPUTE_POLICY_CONFIG, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GET_GPU_FABRIC_PROBE_INFO, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_CHIP_DETAILS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_TIMER_GET_GPU_CPU_TIME_CORRELATION_INFO, CU);
        opaque(m, 0x20800802, "NV2080_CTRL_CMD_BIOS_GET_INFO", 16, U); // smiq
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_INFO, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_SET_CTXSW_PREEMPTION_MODE, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_SIZE, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_CAPS_V2, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_GPC_MASK, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_TPC_MASK, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_FB_GET_INFO_V2, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_FB_GET_OFFLINED_PAGES, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_MC_GET_ARCH_INFO, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PCI_INFO, CU);
        opaque(m, 0x20801802, "NV2080_CTRL_CMD_BUS_GET_INFO", 16, U); // smi,smiq
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PCI_BAR_INFO, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PEX_COUNTERS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PEX_UTIL_COUNTERS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_INFO_V2, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PCIE_REQ_ATOMICS_CAPS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PCIE_SUPPORTED_GPU_ATOMICS, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_C2C_INFO, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_PERF_BOOST, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_RC_RELEASE_WATCHDOG_REQUESTS, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_RC_SOFT_DISABLE_WATCHDOG, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_CE_GET_ALL_CAPS, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_NVLINK_GET_NVLINK_STATUS, C);
        control(m, NvControlCommands.NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO, U);
        control(m, NvControlCommands.NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS, U);
        opaque(m, 0x20803406, "NV2080_CTRL_CMD_ECC_GET_UNREPAIRABLE_MEMORY_FLAG", 1, U); // smiq
        control(m, NvControlCommands.NV2080_CTRL_CMD_GSP_GET_FEATURES, CU);
        control(m, NvControlCommands.NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO, C);
        opaque(m, 0x20808159, 332, C); // torch
        opaque(m, 0x20808162, 1, C); // torch
        opaque(m, 0x2080852a, 1784, U); // smiq
        opaque(m, 0x2080852b, 2836, U); // smiq
        opaque(m, 0x2080852e, 528, U); // smi,smiq
        opaque(m, 0x2080852f, 776, U); // smi,smiq
        opaque(m, 0x20808536, 1812, U); // smiq
        opaque(m, 0x2080853a, 1456, U); // smiq
        opaque(m, 0x20808542, 504, U); // smiq
        opaque(m, 0x20808546, 24, U); // smiq
        opaque(m, 0x20809001, 8, C); // torch
        opaque(m, 0x20809009, 8, CU); // smi,smiq,torch
        opaque(m, 0x20809019, 10800, U); // smiq
        opaque(m, 0x20809038, 4, CU); // smiq,torch
        opaque(m, 0x20809064, 520, CU); // smi,smiq,torch
        opaque(m, 0x2080a026, 532, C); // torch
        opaque(m, 0x2080a060, 28, U); // smiq
        opaque(m, 0x2080a06e, 1, U); // smiq
        opaque(m, 0x2080a06f, 4, U); // smiq
        opaque(m, 0x2080a080, 52, U); // smiq
        opaque(m, 0x2080a084, 4, C); // torch
        opaque(m, 0x2080a0a4, 67396, U); // smiq
        opaque(m, 0x2080a0a6, 34720, U); // smiq
        opaque(m, 0x2080a0a7, 14988, U); // smiq
        opaque(m, 0x2080a0a8, 19724, U); // smiq
        opaque(m, 0x2080a0f2, 96, U); // smiq
        opaque(m, 0x2080a612, 11680, U); // smi,smiq
        opaque(m, 0x2080a618, 8620, U); // smi,smiq
        opaque(m, 0x2080a63c, 28, U); // smiq
        opaque(m, 0x20810108, 992, CU); // smiq,torch
        opaque(m, 0x20810110, 1, U); // smi,smiq
        opaque(m, 0x20810111, 4, U); // smiq
        control(m, NvControlCommands.NV208F_CTRL_CMD_GPU_VERIFY_INFOROM, U);
        control(m, NvControlCommands.NV503C_CTRL_CMD_REGISTER_VA_SPACE, C);
        control(m, NvControlCommands.NV503C_CTRL_CMD_REGISTER_VIDMEM, C);
        control(m, NvControlCommands.NV503C_CTRL_CMD_UNREGISTER_VIDMEM, C);
        control(m, NvControlCommands.NV83DE_CTRL_CMD_DEBUG_SET_EXCEPTION_MASK, C);
        control(m, NvControlCommands.NV906F_CTRL_GET_CLASS_ENGINEID, C);
        control(
                m,
                NvControlCommands.NV90E6_CTRL_CMD_MASTER_GET_VIRTUAL_FUNCTION_ERROR_CONT_INTR_MASK,
                C);
        control(m, NvControlCommands.NV90E7_CTRL_CMD_BBX_GET_LAST_FLUSH_TIME, U);
        control(m, NvControlCommands.NVA06C_CTRL_CMD_GPFIFO_SCHEDULE, C);
        control(m, NvControlCommands.NVA06C_CTRL_CMD_SET_TIMESLICE, C);
        control(m, NvControlCommands.NVA06C_CTRL_CMD_PREEMPT, C);
        control(m, NvControlCommands.NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN, C);
        control(m, NvControlCommands.NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_CAPABILITIES, C);

        // Commands whose embedded pointers RM follows: the copy-in switch of
        // src/nvidia/src/kernel/rmapi/embedded_param_copy.c, and the deprecated controls that
        // src/nvidia/interface/deprecated/rmapi_deprecated_control.c converts to their _V2 form
        // (580.142).
        // NV0080_CTRL_FIFO_GET_CHANNELLIST_PARAMS {NvU32 numChannels; NvP64 pChannelHandleList;
        // NvP64 pChannelList}
        // (ctrl0080fifo.h): the handle list is read, the channel list written.
        embedded(
                m,
                NvControlCommands.NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST,
                new EmbeddedArrays(0, 4, 4096, List.of(in(8), inOut(16))));
        // NV2080_CTRL_GR_GET_INFO_PARAMS {NvU32 grInfoListSize; NvP64 grInfoList; ...} of
        // NV2080_CTRL_GR_INFO
        // {NvU32 index; NvU32 data} (ctrl2080gr.h).
        embedded(
                m,
                NvControlCommands.NV2080_CTRL_CMD_GR_GET_INFO,
                new EmbeddedArrays(0, 8, 256, List.of(inOut(8))));
        // NV2080_CTRL_BIOS_GET_INFO_PARAMS {NvU32 biosInfoListSize; NvP64 biosInfoList} of
        // NV2080_CTRL_BIOS_INFO
        // {NvU32 index; NvU32 data} (ctrl2080bios.h, NV2080_CTRL_BIOS_INFO_MAX_SIZE = 0xf).
        embedded(m, 0x20800802, new EmbeddedArrays(0, 8, 0xf, List.of(inOut(8))));
        // NV2080_CTRL_BUS_GET_INFO_PARAMS {NvU32 busInfoListSize; NvP64 busInfoList} of
        // NV2080_CTRL_BUS_INFO
        // {NvU32 index; NvU32 data} (ctrl2080bus.h, NV2080_CTRL_BUS_INFO_MAX_LIST_SIZE = 0x34).
        embedded(m, 0x20801802, new EmbeddedArrays(0, 8, 0x34, List.of(inOut(8))));
        // NV0000_CTRL_SYSTEM_GET_BUILD_VERSION_PARAMS {NvU32 sizeOfStrings; NvP64
        // pDriverVersionBuffer;
        // NvP64 pVersionBuffer; NvP64 pTitleBuffer; NvU32 changelistNumber; NvU32
        // officialChangelistNumber}
        // (ctrl0000system.h): three strings of sizeOfStrings bytes, written by the driver.
        embedded(m, 0x00000101, new EmbeddedArrays(0, 1, 4096, List.of(out(8), out(16), out(24))));
        objectSharing(m);
        sandboxScope(m);
        // NV0000_CTRL_GPU_GET_ID_INFO_PARAMS {NvU32 gpuId, gpuFlags, deviceInstance,
        // subDeviceInstance;
        // NvP64 szName; ...} (ctrl0000gpu.h): RM never follows szName; gpumgrGetGpuIdInfo fills the
        // V2
        // fields only (src/nvidia/src/kernel/gpu_mgr/gpu_mgr.c), and no copy-in case names the
        // command
        // (embedded_param_copy.c). Zeroed in the sentry's copy all the same.
        m.put(
                NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO,
                m.get(NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO)
                        .withZeroedPointers(List.of(16)));
    }

    /**
     * The controls that name GPUs or processes, kept to the sandbox's own. RM answers the {@code
     * NV0000} GPU controls about every GPU it probed, whoever asks (client_resource.c, {@code
     * cliresCtrlCmdGpu*}; gpu_mgr.c), and numbers the processes of {@code GPU_GET_PIDS} in the
     * asking process's pid namespace (gpu_rmapi.c, {@code gpuGetProcWithObject}, {@code
     * _gpuConvertPid}), which for an emulated call is the sentry's. Inputs naming another GPU are
     * refused as RM refuses an unknown id; answers are filtered. Offsets from the params structs of
     * src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000gpu.h, ctrl0000system.h,
     * ctrl0000syncgpuboost.h, ctrl0000gpuacct.h and ctrl/ctrl2080/ctrl2080gpu.h (580.142).
     */
    private static void sandboxScope(Map<Integer, ControlRule> m) {
        // {NvU32 gpuId; ...}: GET_ID_INFO (and _V2), GET_PCI_INFO, QUERY_DRAIN_STATE,
        // ASYNC_ATTACH_ID,
        // GPUACCT_GET_ACCOUNTING_STATE (whose pid RM reads only for vGPU).
        for (int cmd :
                new int[] {
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PCI_INFO,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE,
                    NvControlCommands.NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID,
                    NvControlCommands.NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE,
                }) {
            scoped(m, cmd, new GpuId(0));
        }
        // {NvU32 gpuIds[NV_MAX_DEVICES]; ...}, ended by NV0000_CTRL_GPU_INVALID_ID; 0xffff means
        // every GPU,
        // which RM on UNIX only acknowledges (cliresCtrlCmdGpuAttachIds,
        // cliresCtrlCmdGpuDetachIds).
        scoped(m, NvControlCommands.NV0000_CTRL_CMD_GPU_ATTACH_IDS, new GpuIdList(0, 32, 0xffff));
        scoped(m, NvControlCommands.NV0000_CTRL_CMD_GPU_DETACH_IDS, new GpuIdList(0, 32, 0xffff));
        // GET_ATTACHED_IDS {NvU32 gpuIds[32]}; GET_PROBED_IDS {NvU32 gpuIds[32]; NvU32
        // excludedGpuIds[32];
        // NvU32 gpuFlags[32]}, the flags entry for entry with gpuIds.
        scoped(m, NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS, new GpuIdsOut(0, 32, -1));
        scoped(
                m,
                NvControlCommands.NV0000_CTRL_CMD_GPU_GET_PROBED_IDS,
                new GpuIdsOut(0, 32, 256),
                new GpuIdsOut(128, 32, -1));
        // GET_ACTIVE_DEVICE_IDS {NvU32 numDevices; NV0000_CTRL_GPU_ACTIVE_DEVICE devices[256]} of
        // {NvU32 gpuId; NvU32 gpuInstanceId; NvU32 computeInstanceId}.
        scoped(
                m,
                NvControlCommands.NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS,
                GpuRecordsOut.single(0, 4, 12, 256, 0));
        // SYSTEM_GET_P2P_CAPS_V2 {NvU32 gpuIds[32]; NvU32 gpuCount; ...};
        // SYSTEM_GET_P2P_CAPS_MATRIX
        // {NvU32 grpACount; NvU32 grpBCount; NvU32 gpuIdGrpA[8]; NvU32 gpuIdGrpB[8]; ...}.
        scoped(
                m,
                NvControlCommands.NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2,
                new CountedGpuIds(128, 0, 32));
        scoped(
                m,
                NvControlCommands.NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX,
                new CountedGpuIds(0, 8, 8),
                new CountedGpuIds(4, 40, 8));
        // SYNC_GPU_BOOST_GROUP_INFO {NvU32 groupCount; NV0000_SYNC_GPU_BOOST_GROUP_CONFIG
        // pBoostGroups[16]}
        // of {NvU32 gpuCount; NvU32 gpuIds[32]; NvU32 boostGroupId; NvBool bBridgeless} (140
        // bytes).
        scoped(
                m,
                NvControlCommands.NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO,
                new GpuRecordsOut(0, 4, 140, 16, 4, 0, 32));
        // NV2080_CTRL_GPU_GET_PIDS_PARAMS {NvU32 idType; NvU32 id; NvU32 pidTblCount; NvU32
        // pidTbl[950]}.
        scoped(m, NvControlCommands.NV2080_CTRL_CMD_GPU_GET_PIDS, new PidsOut(8, 12, 950));
    }

    /** Gives an allowed command the fields that name GPUs or processes. */
    protected static void scoped(Map<Integer, ControlRule> m, int cmd, ScopedField... fields) {
        ControlRule r = m.get(cmd);
        if (r == null) {
            throw new IllegalStateException(NvControlCommands.name(cmd) + " is not allowed");
        }
        m.put(cmd, r.withScope(List.of(fields)));
    }

    /**
     * Sharing memory between processes, as CUDA IPC and NCCL do: object export to and import from
     * an nvidiactl fd the caller opened. The fd is the caller's, translated by the sentry. Offsets
     * from the params structs of src/common/sdk/nvidia/inc/ctrl/ctrl0000/ctrl0000unix.h (580.142).
     */
    private static void objectSharing(Map<Integer, ControlRule> m) {
        // NV0041_CTRL_GET_SURFACE_INFO_PARAMS {NvU32 surfaceInfoListSize; NvP64 surfaceInfoList} of
        // NV0041_CTRL_SURFACE_INFO {NvU32 index; NvU32 data} (ctrl0041.h): queried on imported
        // memory.
        control(m, NvControlCommands.NV0041_CTRL_CMD_GET_SURFACE_INFO, C);
        embedded(
                m,
                NvControlCommands.NV0041_CTRL_CMD_GET_SURFACE_INFO,
                new EmbeddedArrays(0, 8, 64, List.of(inOut(8))));
        fd(
                m,
                NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECT_TO_FD,
                16); // after the 16-byte object
        fd(m, NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECT_FROM_FD, 0);
        fd(m, NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_GET_EXPORT_OBJECT_INFO, 0);
        fd(
                m,
                NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_CREATE_EXPORT_OBJECT_FD,
                72); // hDevice, maxObjects, metadata[64]
        fd(m, NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_EXPORT_OBJECTS_TO_FD, 0);
        fd(m, NvControlCommands.NV0000_CTRL_CMD_OS_UNIX_IMPORT_OBJECTS_FROM_FD, 0);
    }

    /** An exported command whose params carry one caller fd at {@code offset}; compute. */
    protected static void fd(Map<Integer, ControlRule> m, int cmd, int offset) {
        NvControlCommands.Command c = NvControlCommands.lookup(cmd);
        m.put(cmd, new ControlRule(cmd, c.name(), c.paramsSize(), C, null, true, offset));
    }

    @Override
    protected void classes(Map<Integer, ClassRule> m) {
        // Observed (docs/nvproxy-discovery.md)
        cls(m, Classes.NV01_MEMORY_SYSTEM, C);
        cls(m, Classes.NV01_MEMORY_LOCAL_USER, C);
        cls(m, Classes.NV04_DISPLAY_COMMON, U);
        cls(m, Classes.NV01_DEVICE_0, CU);
        cls(m, Classes.RM_USER_SHARED_DATA, CU);
        cls(m, Classes.NV20_SUBDEVICE_0, CU);
        cls(m, Classes.NV2081_BINAPI, CU);
        cls(m, Classes.NV20_SUBDEVICE_DIAG, U);
        cls(m, Classes.NV50_THIRD_PARTY_P2P, C);
        cls(m, Classes.NV50_MEMORY_VIRTUAL, C);
        cls(m, Classes.GT200_DEBUGGER, C);
        cls(m, Classes.FERMI_CONTEXT_SHARE_A, C);
        cls(m, Classes.GF100_SUBDEVICE_MASTER, C);
        cls(m, Classes.GF100_SUBDEVICE_INFOROM, U);
        cls(m, Classes.FERMI_VASPACE_A, C);
        cls(m, Classes.KEPLER_CHANNEL_GROUP_A, C);
        cls(m, Classes.NV_CONFIDENTIAL_COMPUTE, C);
        cls(m, Classes.NV01_EVENT_OS_EVENT, CU);
        // NV_MEMORY_ALLOCATION_PARAMS.address (NvP64 at 96, src/common/sdk/nvidia/inc/nvos.h) is an
        // output RM
        // sets to NULL before anything reads it (stdmemValidateParams,
        // src/nvidia/src/kernel/mem_mgr/standard_mem.c,
        // called by the system, video and virtual memory constructors): zeroed in the sentry's
        // copy.
        for (int c :
                new int[] {
                    Classes.NV01_MEMORY_SYSTEM,
                    Classes.NV01_MEMORY_LOCAL_USER,
                    Classes.NV50_MEMORY_VIRTUAL
                }) {
            pointers(m, c, List.of(96), List.of());
        }
        // NV0005_ALLOC_PARAMETERS.data (NvP64 at 16, class/cl0005.h) of NV01_EVENT_OS_EVENT carries
        // the number of
        // an fd registered with NV_ESC_ALLOC_OS_EVENT, a key RM matches against that registration
        // (src/nvidia/arch/nvalloc/unix/src/os.c), never an address.
        pointers(m, Classes.NV01_EVENT_OS_EVENT, List.of(), List.of(16));
        // The same roles on the other architectures this branch drives (Ampere, Ada, Hopper,
        // Blackwell):
        // channel, compute engine, copy engine and usermode doorbell region.
        for (int c :
                new int[] {
                    Classes.AMPERE_CHANNEL_GPFIFO_A,
                    Classes.HOPPER_CHANNEL_GPFIFO_A,
                    Classes.BLACKWELL_CHANNEL_GPFIFO_A,
                    Classes.BLACKWELL_CHANNEL_GPFIFO_B,
                    Classes.AMPERE_COMPUTE_A,
                    Classes.AMPERE_COMPUTE_B,
                    Classes.ADA_COMPUTE_A,
                    Classes.HOPPER_COMPUTE_A,
                    Classes.BLACKWELL_COMPUTE_A,
                    Classes.BLACKWELL_COMPUTE_B,
                    Classes.AMPERE_DMA_COPY_A,
                    Classes.AMPERE_DMA_COPY_B,
                    Classes.HOPPER_DMA_COPY_A,
                    Classes.BLACKWELL_DMA_COPY_A,
                    Classes.BLACKWELL_DMA_COPY_B,
                    Classes.AMPERE_USERMODE_A,
                    Classes.HOPPER_USERMODE_A,
                    Classes.BLACKWELL_USERMODE_A,
                }) {
            cls(m, c, C);
        }
    }

    @Override
    protected void uvm(Map<Integer, UvmRule> m) {
        // Every command /dev/nvidia-uvm dispatches (kernel-open/nvidia-uvm/uvm.c, 580.142) except
        // UVM_RUN_TEST,
        // the driver's built-in self tests.
        for (UvmIoctls.Entry e : UvmIoctls.entries().values()) {
            if (e.route() == UvmIoctls.Route.UVM && e.cmd() != UvmIoctls.UVM_RUN_TEST) {
                m.put(e.cmd(), new UvmRule(e.cmd(), e.name(), C));
            }
        }
    }

    /** An exported command, with the size and name of the NVOC tables. */
    protected static void control(Map<Integer, ControlRule> m, int cmd, long caps) {
        NvControlCommands.Command c = NvControlCommands.lookup(cmd);
        if (c == null) {
            throw new IllegalStateException(
                    NvControlCommands.name(cmd) + " is not exported by this branch");
        }
        m.put(cmd, new ControlRule(cmd, c.name(), c.paramsSize(), caps, null, true));
    }

    /** A command real clients issue outside the export tables, with the params size they pass. */
    protected static void opaque(Map<Integer, ControlRule> m, int cmd, int paramsSize, long caps) {
        opaque(m, cmd, NvControlCommands.name(cmd), paramsSize, caps);
    }

    /**
     * The same, for a command the 580.142 SDK headers name although no export table holds it (the
     * deprecated controls RM converts), or that a later tag's headers name.
     */
    protected static void opaque(
            Map<Integer, ControlRule> m, int cmd, String name, int paramsSize, long caps) {
        m.put(
                cmd,
                new ControlRule(
                        cmd, name, paramsSize, caps, null, NvControlCommands.lookup(cmd) != null));
    }

    /** Gives an allowed command its embedded arrays. */
    protected static void embedded(Map<Integer, ControlRule> m, int cmd, EmbeddedArrays arrays) {
        ControlRule r = m.get(cmd);
        if (r == null) {
            throw new IllegalStateException(NvControlCommands.name(cmd) + " is not allowed");
        }
        m.put(cmd, r.withEmbedded(arrays));
    }

    /** Gives an allowed class its pointer members: zeroed, or carrying a value. */
    protected static void pointers(
            Map<Integer, ClassRule> m, int hClass, List<Integer> zeroed, List<Integer> values) {
        ClassRule r = m.get(hClass);
        if (r == null) {
            throw new IllegalStateException(Classes.name(hClass) + " is not allowed");
        }
        m.put(
                hClass,
                new ClassRule(r.hClass(), r.name(), r.paramsSize(), r.caps(), zeroed, values));
    }

    protected static void cls(Map<Integer, ClassRule> m, int hClass, long caps) {
        ClassAllocParams.Entry e = ClassAllocParams.lookup(hClass);
        if (e == null) {
            throw new IllegalStateException(
                    Classes.name(hClass) + " is not allocatable on this branch");
        }
        m.put(hClass, new ClassRule(hClass, e.className(), e.paramsSize(), caps));
    }
}
