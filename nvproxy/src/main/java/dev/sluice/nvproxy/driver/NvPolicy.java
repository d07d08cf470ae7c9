package dev.sluice.nvproxy.driver;

import static dev.sluice.nvproxy.frontend.EmbeddedArrays.in;
import static dev.sluice.nvproxy.frontend.EmbeddedArrays.inOut;
import static dev.sluice.nvproxy.frontend.EmbeddedArrays.out;

import dev.sluice.nvproxy.abi.AllocClasses;
import dev.sluice.nvproxy.abi.AllocClasses.AllocClass;
import dev.sluice.nvproxy.abi.ControlCommands;
import dev.sluice.nvproxy.abi.ControlCommands.Command;
import dev.sluice.nvproxy.abi.ControlCommands.Trait;
import dev.sluice.nvproxy.abi.FrontendRequests;
import dev.sluice.nvproxy.abi.Layouts;
import dev.sluice.nvproxy.abi.UvmCommands;
import dev.sluice.nvproxy.frontend.Capability;
import dev.sluice.nvproxy.frontend.ClassRule;
import dev.sluice.nvproxy.frontend.ControlRule;
import dev.sluice.nvproxy.frontend.DriverAbi;
import dev.sluice.nvproxy.frontend.DriverAbi.Dropped;
import dev.sluice.nvproxy.frontend.DriverAbi.UvmRule;
import dev.sluice.nvproxy.frontend.EmbeddedArrays;
import dev.sluice.nvproxy.frontend.FrontendTable;
import dev.sluice.nvproxy.frontend.ScopedField;
import dev.sluice.nvproxy.frontend.ScopedField.CountedGpuIds;
import dev.sluice.nvproxy.frontend.ScopedField.GpuId;
import dev.sluice.nvproxy.frontend.ScopedField.GpuIdList;
import dev.sluice.nvproxy.frontend.ScopedField.GpuIdsOut;
import dev.sluice.nvproxy.frontend.ScopedField.GpuRecordsOut;
import dev.sluice.nvproxy.frontend.ScopedField.PidsOut;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * What NVProxy allows, written once by name for every driver branch, and how it becomes the {@link
 * DriverAbi} of one tag.
 *
 * <p>Which commands and classes are allowed, and under which capability, comes from what CUDA 13,
 * PyTorch 2.11, NCCL and nvidia-smi issued on the 580.159.04 host (docs/nvproxy-discovery.md): a
 * command seen only from nvidia-smi is {@code utility}, one seen from a CUDA program is {@code
 * compute}. Everything else is refused, the way the driver refuses what it does not implement.
 * Numbers, sizes and privilege come from the tag's generated data ({@code abi} package), never from
 * here: a command is found by name, because ids are renumbered and reused between branches.
 *
 * <p>{@link #abi} applies the policy to a tag and keeps a row only where the tag's facts agree with
 * what the policy assumes: the command is exported to user clients ({@code NON_PRIVILEGED}), every
 * embedded pointer RM follows is copied, every fd is translated, every other pointer member is
 * zeroed, and the fields the rule reads fit the tag's params. A row that fails is dropped with its
 * reason ({@link DriverAbi#dropped()}), so a branch whose ABI moved under a rule refuses the call
 * rather than mediating it with the wrong layout.
 */
public final class NvPolicy {
    private static final long C = Capability.COMPUTE.bit();
    private static final long U = Capability.UTILITY.bit();
    private static final long CU = C | U;

    /** The branch whose traces justify the {@link #observed} rows. */
    static final String TRACED_BRANCH = "580";

    /** One allowed command, by name, with what its params carry. */
    private static final class Grant {
        final String name;
        final long caps;
        Function<Fields, EmbeddedArrays> embedded = f -> null;
        ToIntFunction<Fields> fdOffset = f -> -1;
        Function<Fields, List<ScopedField>> scope = f -> List.of();
        Function<Fields, List<Integer>> zeroed = f -> List.of();

        /** For a command outside the export tables: its id and the params size clients pass. */
        int opaqueId = -1;

        int opaqueSize;

        /** Justified on every tag (a deprecated control RM converts), else on the traced branch. */
        boolean everyBranch;

        Grant(String name, long caps) {
            this.name = name;
            this.caps = caps;
        }
    }

    /** One allowed class, by name, with its pointer members by C designator. */
    private record ClassGrant(String name, long caps, List<String> zeroed, List<String> values) {}

    private final Map<String, Grant> controls = new LinkedHashMap<>();
    private final Map<String, ClassGrant> classes = new LinkedHashMap<>();

    private static final NvPolicy POLICY = new NvPolicy();

    private NvPolicy() {
        controls();
        classes();
    }

    /** The policy applied to {@code tag} of {@code branch}. */
    public static DriverAbi abi(String tag, String branch) {
        return POLICY.build(tag, branch);
    }

    /** The names of the allowed controls and classes, for checks against every tag's data. */
    public static Set<String> controlNames() {
        return POLICY.controls.keySet();
    }

    public static Set<String> classNames() {
        return POLICY.classes.keySet();
    }

    private void controls() {
        deprecated(
                0x00000101, "NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION", 40, CU); // smi,smiq,torch
        allow("NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX", C);
        allow("NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2", C);
        allow("NV0000_CTRL_CMD_SYSTEM_GET_FEATURES", C);
        allow("NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS", CU);
        allow("NV0000_CTRL_CMD_GPU_GET_ID_INFO", CU);
        allow("NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2", CU);
        allow("NV0000_CTRL_CMD_GPU_GET_PROBED_IDS", CU);
        allow("NV0000_CTRL_CMD_GPU_ATTACH_IDS", CU);
        allow("NV0000_CTRL_CMD_GPU_DETACH_IDS", U);
        allow("NV0000_CTRL_CMD_GPU_GET_PCI_INFO", CU);
        allow("NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE", CU);
        allow("NV0000_CTRL_CMD_GPU_GET_MEMOP_ENABLE", C);
        allow("NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS", C);
        allow("NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID", CU);
        allow("NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO", C);
        allow("NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE", U);
        allow("NV0000_CTRL_CMD_CLIENT_GET_ADDR_SPACE_TYPE", CU);
        allow("NV0000_CTRL_CMD_CLIENT_SET_INHERITED_SHARE_POLICY", C);
        allow("NV0080_CTRL_CMD_GPU_GET_NUM_SUBDEVICES", C);
        allow("NV0080_CTRL_CMD_GPU_QUERY_SW_STATE_PERSISTENCE", U);
        allow("NV0080_CTRL_CMD_GPU_GET_VIRTUALIZATION_MODE", CU);
        allow("NV0080_CTRL_CMD_GPU_GET_CLASSLIST_V2", CU);
        allow("NV0080_CTRL_CMD_FB_GET_CAPS_V2", C);
        allow("NV0080_CTRL_CMD_HOST_GET_CAPS_V2", C);
        allow("NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST", C);
        allow("NV0080_CTRL_CMD_PERF_CUDA_LIMIT_SET_CONTROL", C);
        allow("NV00DE_CTRL_CMD_REQUEST_DATA_POLL", U);
        allow("NV2080_CTRL_CMD_GPU_GET_INFO_V2", CU);
        allow("NV2080_CTRL_CMD_GPU_GET_NAME_STRING", CU);
        allow("NV2080_CTRL_CMD_GPU_GET_SHORT_NAME_STRING", C);
        allow("NV2080_CTRL_CMD_GPU_GET_SIMULATION_INFO", C);
        allow("NV2080_CTRL_CMD_GPU_QUERY_ECC_STATUS", CU);
        allow("NV2080_CTRL_CMD_GPU_QUERY_COMPUTE_MODE_RULES", CU);
        allow("NV2080_CTRL_CMD_GPU_QUERY_ECC_CONFIGURATION", U);
        allow("NV2080_CTRL_CMD_GPU_GET_OEM_BOARD_INFO", U);
        allow("NV2080_CTRL_CMD_GPU_ACQUIRE_COMPUTE_MODE_RESERVATION", C);
        allow("NV2080_CTRL_CMD_GPU_RELEASE_COMPUTE_MODE_RESERVATION", C);
        allow("NV2080_CTRL_CMD_GPU_GET_GID_INFO", CU);
        allow("NV2080_CTRL_CMD_GPU_GET_INFOROM_OBJECT_VERSION", U);
        allow("NV2080_CTRL_CMD_GPU_GET_INFOROM_IMAGE_VERSION", U);
        allow("NV2080_CTRL_CMD_GPU_QUERY_INFOROM_ECC_SUPPORT", U);
        allow("NV2080_CTRL_GPU_GET_NVENC_SW_SESSION_STATS", U);
        allow("NV2080_CTRL_CMD_GPU_GET_ENGINES_V2", C);
        allow("NV2080_CTRL_GPU_GET_NVFBC_SW_SESSION_STATS", U);
        allow("NV2080_CTRL_CMD_GPU_GET_PIDS", U);
        allow("NV2080_CTRL_CMD_GPU_GET_COMPUTE_POLICY_CONFIG", C);
        allow("NV2080_CTRL_CMD_GET_GPU_FABRIC_PROBE_INFO", CU);
        allow("NV2080_CTRL_CMD_GPU_GET_CHIP_DETAILS", U);
        allow("NV2080_CTRL_CMD_GPU_GET_RECOVERY_ACTION", U);
        allow("NV2080_CTRL_CMD_TIMER_GET_GPU_CPU_TIME_CORRELATION_INFO", CU);
        deprecated(0x20800802, "NV2080_CTRL_CMD_BIOS_GET_INFO", 16, U); // smiq
        allow("NV2080_CTRL_CMD_GR_GET_INFO", C);
        allow("NV2080_CTRL_CMD_GR_SET_CTXSW_PREEMPTION_MODE", C);
        allow("NV2080_CTRL_CMD_GR_GET_CTX_BUFFER_SIZE", C);
        allow("NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER", C);
        allow("NV2080_CTRL_CMD_GR_GET_CAPS_V2", C);
        allow("NV2080_CTRL_CMD_GR_GET_GPC_MASK", C);
        allow("NV2080_CTRL_CMD_GR_GET_TPC_MASK", C);
        allow("NV2080_CTRL_CMD_GR_GET_SM_ISSUE_RATE_MODIFIER", C);
        allow("NV2080_CTRL_CMD_FB_GET_INFO_V2", CU);
        allow("NV2080_CTRL_CMD_FB_GET_OFFLINED_PAGES", U);
        allow("NV2080_CTRL_CMD_FB_QUERY_DRAM_ENCRYPTION_INFOROM_SUPPORT", U);
        allow("NV2080_CTRL_CMD_MC_GET_ARCH_INFO", CU);
        allow("NV2080_CTRL_CMD_BUS_GET_PCI_INFO", CU);
        deprecated(0x20801802, "NV2080_CTRL_CMD_BUS_GET_INFO", 16, U); // smi,smiq
        allow("NV2080_CTRL_CMD_BUS_GET_PCI_BAR_INFO", C);
        allow("NV2080_CTRL_CMD_BUS_GET_PEX_COUNTERS", U);
        allow("NV2080_CTRL_CMD_BUS_GET_PEX_UTIL_COUNTERS", U);
        allow("NV2080_CTRL_CMD_BUS_GET_INFO_V2", C);
        allow("NV2080_CTRL_CMD_BUS_GET_PCIE_REQ_ATOMICS_CAPS", U);
        allow("NV2080_CTRL_CMD_BUS_GET_PCIE_SUPPORTED_GPU_ATOMICS", C);
        allow("NV2080_CTRL_CMD_BUS_GET_C2C_INFO", CU);
        allow("NV2080_CTRL_CMD_BUS_GET_PCIE_CPL_ATOMICS_CAPS", U);
        allow("NV2080_CTRL_CMD_PERF_BOOST", C);
        allow("NV2080_CTRL_CMD_RC_RELEASE_WATCHDOG_REQUESTS", C);
        allow("NV2080_CTRL_CMD_RC_SOFT_DISABLE_WATCHDOG", C);
        allow("NV2080_CTRL_CMD_CE_GET_ALL_CAPS", C);
        allow("NV2080_CTRL_CMD_NVLINK_GET_NVLINK_STATUS", C);
        allow("NV2080_CTRL_CMD_NVLINK_GET_PLATFORM_INFO", U);
        allow("NV2080_CTRL_CMD_ECC_GET_REPAIR_STATUS", U);
        observed(0x20803406, "NV2080_CTRL_CMD_ECC_GET_UNREPAIRABLE_MEMORY_FLAG", 1, U); // smiq
        allow("NV2080_CTRL_CMD_GSP_GET_FEATURES", CU);
        allow("NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO", C);
        observed(0x20808159, null, 332, C); // torch
        observed(0x20808162, null, 1, C); // torch
        observed(0x2080852a, null, 1784, U); // smiq
        observed(0x2080852b, null, 2836, U); // smiq
        observed(0x2080852e, null, 528, U); // smi,smiq
        observed(0x2080852f, null, 776, U); // smi,smiq
        observed(0x20808536, null, 1812, U); // smiq
        observed(0x2080853a, null, 1456, U); // smiq
        observed(0x20808542, null, 504, U); // smiq
        observed(0x20808546, null, 24, U); // smiq
        observed(0x20809001, null, 8, C); // torch
        observed(0x20809009, null, 8, CU); // smi,smiq,torch
        observed(0x20809019, null, 10800, U); // smiq
        observed(0x20809038, null, 4, CU); // smiq,torch
        observed(0x20809064, null, 520, CU); // smi,smiq,torch
        observed(0x2080a026, null, 532, C); // torch
        observed(0x2080a060, null, 28, U); // smiq
        observed(0x2080a06e, null, 1, U); // smiq
        observed(0x2080a06f, null, 4, U); // smiq
        observed(0x2080a080, null, 52, U); // smiq
        observed(0x2080a084, null, 4, C); // torch
        observed(0x2080a0a4, null, 67396, U); // smiq
        observed(0x2080a0a6, null, 34720, U); // smiq
        observed(0x2080a0a7, null, 14988, U); // smiq
        observed(0x2080a0a8, null, 19724, U); // smiq
        observed(0x2080a0f2, null, 96, U); // smiq
        observed(0x2080a612, null, 11680, U); // smi,smiq
        observed(0x2080a618, null, 8620, U); // smi,smiq
        observed(0x2080a63c, null, 28, U); // smiq
        observed(0x20810108, null, 992, CU); // smiq,torch
        observed(0x20810110, null, 1, U); // smi,smiq
        observed(0x20810111, null, 4, U); // smiq
        allow("NV208F_CTRL_CMD_GPU_VERIFY_INFOROM", U);
        allow("NV503C_CTRL_CMD_REGISTER_VA_SPACE", C);
        allow("NV503C_CTRL_CMD_REGISTER_VIDMEM", C);
        allow("NV503C_CTRL_CMD_UNREGISTER_VIDMEM", C);
        allow("NV83DE_CTRL_CMD_DEBUG_SET_EXCEPTION_MASK", C);
        allow("NV906F_CTRL_GET_CLASS_ENGINEID", C);
        allow("NV90E6_CTRL_CMD_MASTER_GET_VIRTUAL_FUNCTION_ERROR_CONT_INTR_MASK", C);
        allow("NV90E7_CTRL_CMD_BBX_GET_LAST_FLUSH_TIME", U);
        allow("NVA06C_CTRL_CMD_GPFIFO_SCHEDULE", C);
        allow("NVA06C_CTRL_CMD_SET_TIMESLICE", C);
        allow("NVA06C_CTRL_CMD_PREEMPT", C);
        allow("NVC36F_CTRL_CMD_GPFIFO_GET_WORK_SUBMIT_TOKEN", C);
        allow("NV_CONF_COMPUTE_CTRL_CMD_SYSTEM_GET_CAPABILITIES", C);
        // Commands whose embedded pointers RM follows: the copy-in switch of
        // src/nvidia/src/kernel/rmapi/embedded_param_copy.c, and the deprecated controls that
        // src/nvidia/interface/deprecated/rmapi_deprecated_control.c converts to their _V2 form.
        // Members and element sizes are the tag's (ctrl0080fifo.h, ctrl2080gr.h, ctrl2080bios.h,
        // ctrl2080bus.h, ctrl0000system.h); the largest counts copied are the headers' maxima.
        // FIFO_GET_CHANNELLIST: the handle list is read, the channel list written.
        embedded(
                "NV0080_CTRL_CMD_FIFO_GET_CHANNELLIST",
                f -> {
                    String p = "NV0080_CTRL_FIFO_GET_CHANNELLIST_PARAMS.";
                    return new EmbeddedArrays(
                            f.at(p + "numChannels"),
                            4,
                            4096,
                            List.of(
                                    in(f.at(p + "pChannelHandleList")),
                                    inOut(f.at(p + "pChannelList"))));
                });
        list(
                "NV2080_CTRL_CMD_GR_GET_INFO",
                "NV2080_CTRL_GR_GET_INFO_PARAMS",
                "grInfo",
                "NV2080_CTRL_GR_INFO",
                256);
        // NV2080_CTRL_BIOS_INFO_MAX_SIZE = 0xf, NV2080_CTRL_BUS_INFO_MAX_LIST_SIZE = 0x34.
        list(
                "NV2080_CTRL_CMD_BIOS_GET_INFO",
                "NV2080_CTRL_BIOS_GET_INFO_PARAMS",
                "biosInfo",
                "NV2080_CTRL_BIOS_INFO",
                0xf);
        list(
                "NV2080_CTRL_CMD_BUS_GET_INFO",
                "NV2080_CTRL_BUS_GET_INFO_PARAMS",
                "busInfo",
                "NV2080_CTRL_BUS_INFO",
                0x34);
        // SYSTEM_GET_BUILD_VERSION: three strings of sizeOfStrings bytes, written by the driver.
        embedded(
                "NV0000_CTRL_CMD_SYSTEM_GET_BUILD_VERSION",
                f -> {
                    String p = "NV0000_CTRL_SYSTEM_GET_BUILD_VERSION_PARAMS.";
                    return new EmbeddedArrays(
                            f.at(p + "sizeOfStrings"),
                            1,
                            4096,
                            List.of(
                                    out(f.at(p + "pDriverVersionBuffer")),
                                    out(f.at(p + "pVersionBuffer")),
                                    out(f.at(p + "pTitleBuffer"))));
                });
        objectSharing();
        sandboxScope();
        // NV0000_CTRL_GPU_GET_ID_INFO_PARAMS {NvU32 gpuId, gpuFlags, deviceInstance,
        // subDeviceInstance; NvP64 szName; ...} (ctrl0000gpu.h): RM never follows szName;
        // gpumgrGetGpuIdInfo fills the V2 fields only (src/nvidia/src/kernel/gpu_mgr/gpu_mgr.c),
        // and no copy-in case names the command (embedded_param_copy.c). Zeroed in the sentry's
        // copy all the same.
        grant("NV0000_CTRL_CMD_GPU_GET_ID_INFO").zeroed =
                f -> List.of(f.at("NV0000_CTRL_GPU_GET_ID_INFO_PARAMS.szName"));
    }

    private void sandboxScope() {
        // {NvU32 gpuId; ...}: GET_ID_INFO (and _V2), GET_PCI_INFO, QUERY_DRAIN_STATE,
        // ASYNC_ATTACH_ID, GPUACCT_GET_ACCOUNTING_STATE (whose pid RM reads only for vGPU).
        gpuId("NV0000_CTRL_CMD_GPU_GET_ID_INFO", "NV0000_CTRL_GPU_GET_ID_INFO_PARAMS");
        gpuId("NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2", "NV0000_CTRL_GPU_GET_ID_INFO_V2_PARAMS");
        gpuId("NV0000_CTRL_CMD_GPU_GET_PCI_INFO", "NV0000_CTRL_GPU_GET_PCI_INFO_PARAMS");
        gpuId("NV0000_CTRL_CMD_GPU_QUERY_DRAIN_STATE", "NV0000_CTRL_GPU_QUERY_DRAIN_STATE_PARAMS");
        gpuId("NV0000_CTRL_CMD_GPU_ASYNC_ATTACH_ID", "NV0000_CTRL_GPU_ASYNC_ATTACH_ID_PARAMS");
        gpuId(
                "NV0000_CTRL_CMD_GPUACCT_GET_ACCOUNTING_STATE",
                "NV0000_CTRL_GPUACCT_GET_ACCOUNTING_STATE_PARAMS");
        // {NvU32 gpuIds[NV_MAX_DEVICES]; ...}, ended by NV0000_CTRL_GPU_INVALID_ID; 0xffff means
        // every GPU, which RM on UNIX only acknowledges (cliresCtrlCmdGpuAttachIds,
        // cliresCtrlCmdGpuDetachIds).
        for (String op : new String[] {"ATTACH", "DETACH"}) {
            String ids = "NV0000_CTRL_GPU_" + op + "_IDS_PARAMS.gpuIds";
            scoped(
                    "NV0000_CTRL_CMD_GPU_" + op + "_IDS",
                    f -> List.of(new GpuIdList(f.at(ids), f.count(ids, 4), 0xffff)));
        }
        // GET_ATTACHED_IDS {NvU32 gpuIds[32]}; GET_PROBED_IDS {NvU32 gpuIds[32]; NvU32
        // excludedGpuIds[32]; NvU32 gpuFlags[32] (from 580)}, the flags entry for entry with
        // gpuIds.
        scoped(
                "NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS",
                f -> {
                    String ids = "NV0000_CTRL_GPU_GET_ATTACHED_IDS_PARAMS.gpuIds";
                    return List.of(new GpuIdsOut(f.at(ids), f.count(ids, 4), -1));
                });
        scoped(
                "NV0000_CTRL_CMD_GPU_GET_PROBED_IDS",
                f -> {
                    String p = "NV0000_CTRL_GPU_GET_PROBED_IDS_PARAMS.";
                    int flags = f.has(p + "gpuFlags") ? f.at(p + "gpuFlags") : -1;
                    return List.of(
                            new GpuIdsOut(f.at(p + "gpuIds"), f.count(p + "gpuIds", 4), flags),
                            new GpuIdsOut(
                                    f.at(p + "excludedGpuIds"),
                                    f.count(p + "excludedGpuIds", 4),
                                    -1));
                });
        // GET_ACTIVE_DEVICE_IDS {NvU32 numDevices; NV0000_CTRL_GPU_ACTIVE_DEVICE devices[256]} of
        // {NvU32 gpuId; NvU32 gpuInstanceId; NvU32 computeInstanceId}.
        scoped(
                "NV0000_CTRL_CMD_GPU_GET_ACTIVE_DEVICE_IDS",
                f -> {
                    String p = "NV0000_CTRL_GPU_GET_ACTIVE_DEVICE_IDS_PARAMS.";
                    int record = f.size("NV0000_CTRL_GPU_ACTIVE_DEVICE");
                    return List.of(
                            GpuRecordsOut.single(
                                    f.at(p + "numDevices"),
                                    f.at(p + "devices"),
                                    record,
                                    f.count(p + "devices", record),
                                    f.at("NV0000_CTRL_GPU_ACTIVE_DEVICE.gpuId")));
                });
        // SYSTEM_GET_P2P_CAPS_V2 {NvU32 gpuIds[32]; NvU32 gpuCount; ...};
        // SYSTEM_GET_P2P_CAPS_MATRIX {NvU32 grpACount; NvU32 grpBCount; NvU32 gpuIdGrpA[8]; NvU32
        // gpuIdGrpB[8]; ...}.
        scoped(
                "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_V2",
                f -> {
                    String p = "NV0000_CTRL_SYSTEM_GET_P2P_CAPS_V2_PARAMS.";
                    return List.of(f.countedIds(p + "gpuCount", p + "gpuIds"));
                });
        scoped(
                "NV0000_CTRL_CMD_SYSTEM_GET_P2P_CAPS_MATRIX",
                f -> {
                    String p = "NV0000_CTRL_SYSTEM_GET_P2P_CAPS_MATRIX_PARAMS.";
                    return List.of(
                            f.countedIds(p + "grpACount", p + "gpuIdGrpA"),
                            f.countedIds(p + "grpBCount", p + "gpuIdGrpB"));
                });
        // SYNC_GPU_BOOST_GROUP_INFO {NvU32 groupCount; NV0000_SYNC_GPU_BOOST_GROUP_CONFIG
        // pBoostGroups[16]} of {NvU32 gpuCount; NvU32 gpuIds[32]; NvU32 boostGroupId; NvBool
        // bBridgeless}.
        scoped(
                "NV0000_CTRL_CMD_SYNC_GPU_BOOST_GROUP_INFO",
                f -> {
                    String p = "NV0000_SYNC_GPU_BOOST_GROUP_INFO_PARAMS.";
                    String g = "NV0000_SYNC_GPU_BOOST_GROUP_CONFIG";
                    int record = f.size(g);
                    return List.of(
                            new GpuRecordsOut(
                                    f.at(p + "groupCount"),
                                    f.at(p + "pBoostGroups"),
                                    record,
                                    f.count(p + "pBoostGroups", record),
                                    f.at(g + ".gpuIds"),
                                    f.at(g + ".gpuCount"),
                                    f.count(g + ".gpuIds", 4)));
                });
        // NV2080_CTRL_GPU_GET_PIDS_PARAMS {NvU32 idType; NvU32 id; NvU32 pidTblCount; NvU32
        // pidTbl[950]}.
        scoped(
                "NV2080_CTRL_CMD_GPU_GET_PIDS",
                f -> {
                    String p = "NV2080_CTRL_GPU_GET_PIDS_PARAMS.";
                    return List.of(
                            new PidsOut(
                                    f.at(p + "pidTblCount"),
                                    f.at(p + "pidTbl"),
                                    f.count(p + "pidTbl", 4)));
                });
    }

    private void objectSharing() {
        // NV0041_CTRL_GET_SURFACE_INFO_PARAMS {NvU32 surfaceInfoListSize; NvP64 surfaceInfoList} of
        // NV0041_CTRL_SURFACE_INFO {NvU32 index; NvU32 data} (ctrl0041.h): queried on imported
        // memory.
        allow("NV0041_CTRL_CMD_GET_SURFACE_INFO", C);
        list(
                "NV0041_CTRL_CMD_GET_SURFACE_INFO",
                "NV0041_CTRL_GET_SURFACE_INFO_PARAMS",
                "surfaceInfo",
                "NV0041_CTRL_SURFACE_INFO",
                64);
        // Object export to and import from an nvidiactl fd of the caller (ctrl0000unix.h).
        for (String op :
                new String[] {
                    "EXPORT_OBJECT_TO_FD",
                    "IMPORT_OBJECT_FROM_FD",
                    "GET_EXPORT_OBJECT_INFO",
                    "CREATE_EXPORT_OBJECT_FD",
                    "EXPORT_OBJECTS_TO_FD",
                    "IMPORT_OBJECTS_FROM_FD"
                }) {
            fd("NV0000_CTRL_CMD_OS_UNIX_" + op, "NV0000_CTRL_OS_UNIX_" + op + "_PARAMS.fd");
        }
    }

    private void classes() {
        // Observed (docs/nvproxy-discovery.md)
        cls("NV01_MEMORY_SYSTEM", C);
        cls("NV01_MEMORY_LOCAL_USER", C);
        cls("NV04_DISPLAY_COMMON", U);
        cls("NV01_DEVICE_0", CU);
        cls("RM_USER_SHARED_DATA", CU);
        cls("NV20_SUBDEVICE_0", CU);
        cls("NV2081_BINAPI", CU);
        cls("NV20_SUBDEVICE_DIAG", U);
        cls("NV50_THIRD_PARTY_P2P", C);
        cls("NV50_MEMORY_VIRTUAL", C);
        cls("GT200_DEBUGGER", C);
        cls("FERMI_CONTEXT_SHARE_A", C);
        cls("GF100_SUBDEVICE_MASTER", C);
        cls("GF100_SUBDEVICE_INFOROM", U);
        cls("FERMI_VASPACE_A", C);
        cls("KEPLER_CHANNEL_GROUP_A", C);
        cls("NV_CONFIDENTIAL_COMPUTE", C);
        cls("NV01_EVENT_OS_EVENT", CU);
        // NV_MEMORY_ALLOCATION_PARAMS.address (NvP64, src/common/sdk/nvidia/inc/nvos.h) is an
        // output RM sets to NULL before anything reads it (stdmemValidateParams,
        // src/nvidia/src/kernel/mem_mgr/standard_mem.c, called by the system, video and virtual
        // memory constructors): zeroed in the sentry's copy.
        for (String c :
                new String[] {
                    "NV01_MEMORY_SYSTEM", "NV01_MEMORY_LOCAL_USER", "NV50_MEMORY_VIRTUAL"
                }) {
            pointers(c, List.of("NV_MEMORY_ALLOCATION_PARAMS.address"), List.of());
        }
        // NV0005_ALLOC_PARAMETERS.data (NvP64, class/cl0005.h) of NV01_EVENT_OS_EVENT carries the
        // number of an fd registered with NV_ESC_ALLOC_OS_EVENT, a key RM matches against that
        // registration (src/nvidia/arch/nvalloc/unix/src/os.c), never an address.
        pointers("NV01_EVENT_OS_EVENT", List.of(), List.of("NV0005_ALLOC_PARAMETERS.data"));
        // The same roles on the architectures these branches drive (Ampere, Ada, Hopper,
        // Blackwell): channel, compute engine, copy engine and usermode doorbell region.
        for (String c :
                new String[] {
                    "AMPERE_CHANNEL_GPFIFO_A",
                    "HOPPER_CHANNEL_GPFIFO_A",
                    "BLACKWELL_CHANNEL_GPFIFO_A",
                    "BLACKWELL_CHANNEL_GPFIFO_B",
                    "AMPERE_COMPUTE_A",
                    "AMPERE_COMPUTE_B",
                    "ADA_COMPUTE_A",
                    "HOPPER_COMPUTE_A",
                    "BLACKWELL_COMPUTE_A",
                    "BLACKWELL_COMPUTE_B",
                    "AMPERE_DMA_COPY_A",
                    "AMPERE_DMA_COPY_B",
                    "HOPPER_DMA_COPY_A",
                    "BLACKWELL_DMA_COPY_A",
                    "BLACKWELL_DMA_COPY_B",
                    "AMPERE_USERMODE_A",
                    "HOPPER_USERMODE_A",
                    "BLACKWELL_USERMODE_A",
                }) {
            cls(c, C);
        }
    }

    // ---- the policy's vocabulary

    /** An exported command, found by name at each tag. */
    private void allow(String name, long caps) {
        if (controls.putIfAbsent(name, new Grant(name, caps)) != null) {
            throw new IllegalStateException(name + " is granted twice");
        }
    }

    /**
     * A command real clients issued on the traced branch that reaches RM outside the export tables
     * (a GSS-legacy control forwarded to firmware as a flat block, docs/nvproxy-discovery.md), with
     * the params size they passed. Allowed by name where a tag exports it, else only on the traced
     * branch.
     */
    private void observed(int id, String name, int size, long caps) {
        String n = name != null ? name : ControlCommands.unknownName(id);
        allow(n, caps);
        Grant g = grant(n);
        g.opaqueId = id;
        g.opaqueSize = size;
    }

    /**
     * A deprecated control that RM converts to its {@code _V2} form before dispatch ({@code
     * rmDeprecatedControlTable}, src/nvidia/interface/deprecated/rmapi_deprecated_control.c, which
     * lists it, with the same old-form params, at every tag from 535.129.03 to 590.48.01).
     */
    private void deprecated(int id, String name, int size, long caps) {
        observed(id, name, size, caps);
        grant(name).everyBranch = true;
    }

    private Grant grant(String name) {
        Grant g = controls.get(name);
        if (g == null) {
            throw new IllegalStateException(name + " is not allowed");
        }
        return g;
    }

    /** Gives an allowed command its embedded arrays, located in the tag's params. */
    private void embedded(String name, Function<Fields, EmbeddedArrays> arrays) {
        grant(name).embedded = arrays;
    }

    /**
     * Gives an allowed command one embedded list: {@code NvU32 <list>Size; NvP64 <list>} of {@code
     * element}s, read and written by RM, at most {@code max}.
     */
    private void list(String name, String params, String list, String element, int max) {
        embedded(
                name,
                f ->
                        new EmbeddedArrays(
                                f.at(params + "." + list + "ListSize"),
                                f.size(element),
                                max,
                                List.of(inOut(f.at(params + "." + list + "List")))));
    }

    /** Gives an allowed command the fields that name GPUs or processes. */
    private void scoped(String name, Function<Fields, List<ScopedField>> fields) {
        grant(name).scope = fields;
    }

    /** Gives an allowed command the one GPU id its params name, {@code params.gpuId}. */
    private void gpuId(String name, String params) {
        scoped(name, f -> List.of(new GpuId(f.at(params + ".gpuId"))));
    }

    /** An exported command whose params carry one caller fd, {@code member}; compute. */
    private void fd(String name, String member) {
        allow(name, C);
        grant(name).fdOffset = f -> f.at(member);
    }

    private void cls(String name, long caps) {
        if (classes.putIfAbsent(name, new ClassGrant(name, caps, List.of(), List.of())) != null) {
            throw new IllegalStateException(name + " is granted twice");
        }
    }

    /** Gives an allowed class its pointer members: zeroed, or carrying a value. */
    private void pointers(String name, List<String> zeroed, List<String> values) {
        ClassGrant g = classes.get(name);
        if (g == null) {
            throw new IllegalStateException(name + " is not allowed");
        }
        classes.put(name, new ClassGrant(name, g.caps(), zeroed, values));
    }

    // ---- applying the policy to a tag

    private DriverAbi build(String tag, String branch) {
        ControlCommands commands = ControlCommands.of(tag);
        AllocClasses allocClasses = AllocClasses.of(tag);
        Layouts frontend = Layouts.of("frontend", tag);
        Fields fields = new Fields(frontend);
        List<Dropped> dropped = new ArrayList<>();
        Map<Integer, ControlRule> controlRules = new TreeMap<>(Integer::compareUnsigned);
        for (Grant g : controls.values()) {
            try {
                ControlRule r = controlRule(g, commands, branch, fields);
                if (controlRules.putIfAbsent(r.cmd(), r) != null) {
                    throw new IllegalArgumentException(
                            "id " + Integer.toHexString(r.cmd()) + " is granted under two names");
                }
            } catch (IllegalArgumentException e) {
                dropped.add(new Dropped("control", g.name, e.getMessage()));
            }
        }
        Map<Integer, ClassRule> classRules = new TreeMap<>(Integer::compareUnsigned);
        for (ClassGrant g : classes.values()) {
            try {
                ClassRule r = classRule(g, allocClasses, fields);
                classRules.put(r.hClass(), r);
            } catch (IllegalArgumentException e) {
                dropped.add(new Dropped("class", g.name(), e.getMessage()));
            }
        }
        // Every command /dev/nvidia-uvm dispatches (kernel-open/nvidia-uvm/uvm.c) except
        // UVM_RUN_TEST, the driver's built-in self tests.
        Map<Integer, UvmRule> uvm = new LinkedHashMap<>();
        for (UvmCommands.Command c : UvmCommands.of(tag).byNumber().values()) {
            if (c.route() == UvmCommands.Route.UVM && !c.name().equals("UVM_RUN_TEST")) {
                uvm.put(c.cmd(), new UvmRule(c.cmd(), c.name(), C));
            }
        }
        FrontendRequests requests = FrontendRequests.of(frontend);
        for (String m : FrontendTable.mismatches(requests)) {
            dropped.add(
                    new Dropped(
                            "escape",
                            m.substring(0, m.indexOf(':')),
                            m.substring(m.indexOf(':') + 2)));
        }
        return new DriverAbi(tag, branch, controlRules, classRules, uvm, requests, dropped);
    }

    private static ControlRule controlRule(
            Grant g, ControlCommands commands, String branch, Fields fields) {
        Command c = commands.named(g.name);
        if (c == null && g.opaqueId < 0) {
            throw new IllegalArgumentException("not exported");
        }
        EmbeddedArrays embedded = g.embedded.apply(fields);
        int fdOffset = g.fdOffset.applyAsInt(fields);
        List<ScopedField> scope = g.scope.apply(fields);
        List<Integer> zeroed = g.zeroed.apply(fields);
        if (c == null) {
            if (!g.everyBranch && !branch.equals(TRACED_BRANCH)) {
                throw new IllegalArgumentException(
                        "outside the export tables; observed only on the "
                                + TRACED_BRANCH
                                + " branch");
            }
            Command other = commands.lookup(g.opaqueId);
            if (other != null) {
                throw new IllegalArgumentException("its id is " + other.name() + " here");
            }
            return new ControlRule(
                    g.opaqueId,
                    g.name,
                    g.opaqueSize,
                    g.caps,
                    embedded,
                    false,
                    fdOffset,
                    scope,
                    zeroed);
        }
        if (c.privilege() != ControlCommands.Privilege.USER) {
            throw new IllegalArgumentException("needs " + c.privilege() + " privilege");
        }
        if (c.has(Trait.RM_COPIES_EMBEDDED) && embedded == null) {
            throw new IllegalArgumentException("RM follows its embedded pointers; none modelled");
        }
        if (embedded != null && !c.has(Trait.POINTER)) {
            throw new IllegalArgumentException(
                    "modelled with embedded arrays, but its params have no pointer");
        }
        if (c.has(Trait.FD) && fdOffset < 0) {
            throw new IllegalArgumentException("its params carry an fd; none translated");
        }
        if (c.has(Trait.POINTER) && embedded == null && zeroed.isEmpty()) {
            throw new IllegalArgumentException(
                    "its params have a pointer; neither copied nor zeroed");
        }
        return new ControlRule(
                c.cmd(), c.name(), c.paramsSize(), g.caps, embedded, true, fdOffset, scope, zeroed);
    }

    private static ClassRule classRule(ClassGrant g, AllocClasses classes, Fields fields) {
        AllocClass c = classes.byName().get(g.name());
        if (c == null) {
            throw new IllegalArgumentException("not allocatable");
        }
        if (c.privilege() != AllocClasses.Privilege.USER) {
            throw new IllegalArgumentException("needs " + c.privilege() + " privilege");
        }
        if (c.has(AllocClasses.Trait.FD)) {
            throw new IllegalArgumentException("its params carry an fd; none translated");
        }
        List<Integer> zeroed = offsets(g.zeroed(), c, fields);
        List<Integer> values = offsets(g.values(), c, fields);
        if (c.has(AllocClasses.Trait.POINTER) && zeroed.isEmpty() && values.isEmpty()) {
            throw new IllegalArgumentException(
                    "its params ("
                            + c.paramsStruct()
                            + ") have a pointer; neither zeroed nor shown to carry a value");
        }
        return new ClassRule(c.hClass(), c.name(), c.paramsSize(), g.caps(), zeroed, values);
    }

    /** The offsets of {@code designators}, members of the class's params struct at the tag. */
    private static List<Integer> offsets(List<String> designators, AllocClass c, Fields fields) {
        List<Integer> out = new ArrayList<>();
        for (String d : designators) {
            if (!d.startsWith(c.paramsStruct() + ".")) {
                throw new IllegalArgumentException(
                        d + " is not a member of its params (" + c.paramsStruct() + ")");
            }
            out.add(fields.at(d));
        }
        return out;
    }

    /**
     * The members of the tag's structs the policy reads, by C designator ({@code T.member}), from
     * its generated layouts: a member the tag lacks drops the row that reads it.
     */
    static final class Fields {
        private final Layouts layouts;

        Fields(Layouts layouts) {
            this.layouts = layouts;
        }

        /** {@code offsetof} of {@code designator}. */
        int at(String designator) {
            int off = layouts.offsetOf(designator);
            if (off < 0) {
                throw new IllegalArgumentException("no member " + designator);
            }
            return off;
        }

        boolean has(String designator) {
            return layouts.offsetOf(designator) >= 0;
        }

        /** {@code sizeof} of a type, or of a member given as {@code T.member}. */
        int size(String type) {
            int size = layouts.sizeOf(type);
            if (size < 0) {
                throw new IllegalArgumentException("no type " + type);
            }
            return size;
        }

        /** An array of {@code NvU32} GPU ids, {@code ids}, of which {@code count} are used. */
        CountedGpuIds countedIds(String count, String ids) {
            return new CountedGpuIds(at(count), at(ids), count(ids, 4));
        }

        /** The number of {@code elementSize}-byte elements of array member {@code designator}. */
        int count(String designator, int elementSize) {
            return size(designator) / elementSize;
        }
    }
}
