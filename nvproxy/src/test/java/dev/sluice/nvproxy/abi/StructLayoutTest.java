package dev.sluice.nvproxy.abi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Recomputes every declared layout from its C member types with the x86_64 SysV rules (each member
 * at the next multiple of its alignment, the struct padded to its largest alignment) and compares
 * the result with the {@code OFF_*} and {@code SIZE} constants. The member lists below restate the
 * headers' declarations (types only); the constants were taken from the compiler. A constant that
 * drifts from its C declaration, a member left out of a class, or a class without a member list
 * here fails. The UVM params are generated per tag ({@code uvmlayout-<tag>.tsv}); their 580.142
 * offsets and sizes are recomputed the same way from member lists here.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StructLayoutTest {

    /** One C member: the Java suffix of its {@code OFF_} constant, size and alignment. */
    private record M(String name, int size, int align) {}

    /**
     * A struct (or, with {@code whole == false}, one member of a union placed at {@code base}), in
     * C field order.
     */
    private record Spec(Class<?> type, String cType, int base, boolean whole, List<M> members) {
        @Override
        public String toString() {
            return cType + (whole ? "" : " (union member at " + base + ")");
        }
    }

    private static M u8(String n) {
        return new M(n, 1, 1);
    }

    private static M u16(String n) {
        return new M(n, 2, 2);
    }

    private static M u32(String n) {
        return new M(n, 4, 4);
    }

    /**
     * {@code NvU64}/{@code NvP64} with {@code NV_ALIGN_BYTES(8)}, or a plain {@code uint64_t} on
     * x86_64.
     */
    private static M u64(String n) {
        return new M(n, 8, 8);
    }

    private static M uuid(String n) {
        return new M(n, 16, 1);
    }

    private static M array(String n, M element, int count) {
        return new M(n, element.size() * count, element.align());
    }

    private static M nested(String n, int size, int align) {
        return new M(n, size, align);
    }

    private static Spec struct(Class<?> type, String cType, M... members) {
        return new Spec(type, cType, 0, true, List.of(members));
    }

    private static Spec unionMember(Class<?> type, String cType, int base, M... members) {
        return new Spec(type, cType, base, false, List.of(members));
    }

    static List<Spec> specs() {
        return List.of(
                // kernel-open/common/inc/nv-ioctl.h, nv-ioctl-numa.h
                struct(
                        FrontendStructs.PciInfo.class,
                        "nv_pci_info_t",
                        u32("DOMAIN"),
                        u8("BUS"),
                        u8("SLOT"),
                        u8("FUNCTION"),
                        u16("VENDOR_ID"),
                        u16("DEVICE_ID")),
                struct(
                        FrontendStructs.CardInfo.class,
                        "nv_ioctl_card_info_t",
                        u8("VALID"),
                        nested("PCI_INFO", FrontendStructs.PciInfo.SIZE, 4),
                        u32("GPU_ID"),
                        u16("INTERRUPT_LINE"),
                        u64("REG_ADDRESS"),
                        u64("REG_SIZE"),
                        u64("FB_ADDRESS"),
                        u64("FB_SIZE"),
                        u32("MINOR_NUMBER"),
                        array("DEV_NAME", u8(null), 10)),
                struct(FrontendStructs.RegisterFd.class, "nv_ioctl_register_fd_t", u32("CTL_FD")),
                struct(
                        FrontendStructs.AllocOsEvent.class,
                        "nv_ioctl_alloc_os_event_t",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("FD"),
                        u32("STATUS")),
                struct(
                        FrontendStructs.FreeOsEvent.class,
                        "nv_ioctl_free_os_event_t",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("FD"),
                        u32("STATUS")),
                struct(
                        FrontendStructs.StatusCode.class,
                        "nv_ioctl_status_code_t",
                        u32("DOMAIN"),
                        u8("BUS"),
                        u8("SLOT"),
                        u32("STATUS")),
                struct(
                        FrontendStructs.RmApiVersion.class,
                        "nv_ioctl_rm_api_version_t",
                        u32("CMD"),
                        u32("REPLY"),
                        array("VERSION_STRING", u8(null), 64)),
                struct(
                        FrontendStructs.Xfer.class,
                        "nv_ioctl_xfer_t",
                        u32("CMD"),
                        u32("SIZE"),
                        u64("PTR")),
                struct(
                        FrontendStructs.QueryDeviceIntr.class,
                        "nv_ioctl_query_device_intr",
                        u32("INTR_STATUS"),
                        u32("STATUS")),
                struct(
                        FrontendStructs.SysParams.class,
                        "nv_ioctl_sys_params_t",
                        u64("MEMBLOCK_SIZE")),
                struct(
                        FrontendStructs.OfflineAddresses.class,
                        "nv_offline_addresses_t",
                        array("ADDRESSES", u64(null), 64),
                        u32("NUM_ENTRIES")),
                struct(
                        FrontendStructs.NumaInfo.class,
                        "nv_ioctl_numa_info_t",
                        u32("NID"),
                        u32("STATUS"),
                        u64("MEMBLOCK_SIZE"),
                        u64("NUMA_MEM_ADDR"),
                        u64("NUMA_MEM_SIZE"),
                        u8("USE_AUTO_ONLINE"),
                        nested("OFFLINE_ADDRESSES", FrontendStructs.OfflineAddresses.SIZE, 8)),
                struct(
                        FrontendStructs.SetNumaStatus.class,
                        "nv_ioctl_set_numa_status_t",
                        u32("STATUS")),
                struct(
                        FrontendStructs.ExportToDmaBufFd.class,
                        "nv_ioctl_export_to_dma_buf_fd_t",
                        u32("FD"),
                        u32("H_CLIENT"),
                        u32("TOTAL_OBJECTS"),
                        u32("NUM_OBJECTS"),
                        u32("INDEX"),
                        u64("TOTAL_SIZE"),
                        u8("MAPPING_TYPE"),
                        u8("B_ALLOW_MMAP"),
                        array("HANDLES", u32(null), 128),
                        array("OFFSETS", u64(null), 128),
                        array("SIZES", u64(null), 128),
                        u32("STATUS")),
                struct(
                        FrontendStructs.WaitOpenComplete.class,
                        "nv_ioctl_wait_open_complete_t",
                        u32("RC"),
                        u32("ADAPTER_STATUS")),

                // src/common/sdk/nvidia/inc/nvos.h and the unix wrappers
                struct(
                        NvosParams.Nvos00.class,
                        "NVOS00_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("H_OBJECT_OLD"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos02.class,
                        "NVOS02_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("H_OBJECT_NEW"),
                        u32("H_CLASS"),
                        u32("FLAGS"),
                        u64("P_MEMORY"),
                        u64("LIMIT"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos02WithFd.class,
                        "nv_ioctl_nvos02_parameters_with_fd",
                        nested("PARAMS", NvosParams.Nvos02.SIZE, 8),
                        u32("FD")),
                struct(
                        NvosParams.Nvos05.class,
                        "NVOS05_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("H_OBJECT_NEW"),
                        u32("H_CLASS"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos21.class,
                        "NVOS21_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("H_OBJECT_NEW"),
                        u32("H_CLASS"),
                        u64("P_ALLOC_PARMS"),
                        u32("PARAMS_SIZE"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos64.class,
                        "NVOS64_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("H_OBJECT_NEW"),
                        u32("H_CLASS"),
                        u64("P_ALLOC_PARMS"),
                        u64("P_RIGHTS_REQUESTED"),
                        u32("PARAMS_SIZE"),
                        u32("FLAGS"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos30.class,
                        "NVOS30_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_CHANNEL"),
                        u32("NUM_CHANNELS"),
                        u64("PH_CLIENTS"),
                        u64("PH_DEVICES"),
                        u64("PH_CHANNELS"),
                        u32("FLAGS"),
                        u32("TIMEOUT"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos32.class,
                        "NVOS32_PARAMETERS",
                        u32("H_ROOT"),
                        u32("H_OBJECT_PARENT"),
                        u32("FUNCTION"),
                        u32("H_VA_SPACE"),
                        u16("IVC_HEAP_NUMBER"),
                        u32("STATUS"),
                        u64("TOTAL"),
                        u64("FREE"),
                        nested("DATA", NvosParams.Nvos32.DATA_SIZE, 8)),
                unionMember(
                        NvosParams.Nvos32.class,
                        "NVOS32_PARAMETERS.data.AllocOsDesc",
                        NvosParams.Nvos32.OFF_DATA,
                        u32("OS_DESC_H_MEMORY"),
                        u32("OS_DESC_TYPE"),
                        u32("OS_DESC_FLAGS"),
                        u32("OS_DESC_ATTR"),
                        u32("OS_DESC_ATTR2"),
                        u64("OS_DESC_DESCRIPTOR"),
                        u64("OS_DESC_LIMIT"),
                        u32("OS_DESC_DESCRIPTOR_TYPE")),
                struct(
                        NvosParams.Nvos33.class,
                        "NVOS33_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_MEMORY"),
                        u64("OFFSET"),
                        u64("LENGTH"),
                        u64("P_LINEAR_ADDRESS"),
                        u32("STATUS"),
                        u32("FLAGS")),
                struct(
                        NvosParams.Nvos33WithFd.class,
                        "nv_ioctl_nvos33_parameters_with_fd",
                        nested("PARAMS", NvosParams.Nvos33.SIZE, 8),
                        u32("FD")),
                struct(
                        NvosParams.Nvos34.class,
                        "NVOS34_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_MEMORY"),
                        u64("P_LINEAR_ADDRESS"),
                        u32("STATUS"),
                        u32("FLAGS")),
                struct(
                        NvosParams.Nvos38.class,
                        "NVOS38_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_OBJECT"),
                        u32("ACCESS_TYPE"),
                        u32("DEV_NODE_LENGTH"),
                        u64("P_DEV_NODE"),
                        u32("PARM_STR_LENGTH"),
                        u64("P_PARM_STR"),
                        u32("BINARY_DATA_LENGTH"),
                        u64("P_BINARY_DATA"),
                        u32("DATA"),
                        u32("ENTRY"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos39.class,
                        "NVOS39_PARAMETERS",
                        u32("H_OBJECT_PARENT"),
                        u32("H_SUB_DEVICE"),
                        u32("H_OBJECT_NEW"),
                        u32("H_CLASS"),
                        u32("FLAGS"),
                        u32("SELECTOR"),
                        u32("H_MEMORY"),
                        u64("OFFSET"),
                        u64("LIMIT"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos41.class,
                        "NVOS41_PARAMETERS",
                        u64("P_EVENT"),
                        u32("MORE_EVENTS"),
                        u32("STATUS")),
                struct(
                        NvosParams.NvUnixEvent.class,
                        "NvUnixEvent",
                        u32("H_OBJECT"),
                        u32("NOTIFY_INDEX"),
                        u32("INFO32"),
                        u16("INFO16")),
                struct(
                        NvosParams.Nvos46.class,
                        "NVOS46_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_DMA"),
                        u32("H_MEMORY"),
                        u64("OFFSET"),
                        u64("LENGTH"),
                        u32("FLAGS"),
                        u32("FLAGS2"),
                        u32("KIND_OVERRIDE"),
                        u64("DMA_OFFSET"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos47.class,
                        "NVOS47_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_DMA"),
                        u32("H_MEMORY"),
                        u32("FLAGS"),
                        u64("DMA_OFFSET"),
                        u64("SIZE"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos49.class,
                        "NVOS49_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_CHANNEL"),
                        u32("H_CTX_DMA"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos54.class,
                        "NVOS54_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_OBJECT"),
                        u32("CMD"),
                        u32("FLAGS"),
                        u64("PARAMS"),
                        u32("PARAMS_SIZE"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos55.class,
                        "NVOS55_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_PARENT"),
                        u32("H_OBJECT"),
                        u32("H_CLIENT_SRC"),
                        u32("H_OBJECT_SRC"),
                        u32("FLAGS"),
                        u32("STATUS")),
                struct(
                        NvosParams.Nvos56.class,
                        "NVOS56_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("H_MEMORY"),
                        u64("P_OLD_CPU_ADDRESS"),
                        u64("P_NEW_CPU_ADDRESS"),
                        u32("STATUS")),
                struct(
                        NvosParams.RsSharePolicy.class,
                        "RS_SHARE_POLICY",
                        u32("TARGET"),
                        u32("ACCESS_MASK"),
                        u16("TYPE"),
                        u8("ACTION")),
                struct(
                        NvosParams.Nvos57.class,
                        "NVOS57_PARAMETERS",
                        u32("H_CLIENT"),
                        u32("H_OBJECT"),
                        nested("SHARE_POLICY", NvosParams.RsSharePolicy.SIZE, 4),
                        u32("STATUS")),
                struct(
                        NvosParams.I2cAccess.class,
                        "NVOS_I2C_ACCESS_PARAMS",
                        u32("H_CLIENT"),
                        u32("H_DEVICE"),
                        u32("PARAM_SIZE"),
                        u64("PARAM_STRUCT_PTR"),
                        u32("STATUS")),
                struct(
                        NvosParams.LocklessDiagnostic.class,
                        "NV_LOCKLESS_DIAGNOSTIC_PARAMS",
                        u32("CMD"),
                        u32("STATUS"),
                        nested("PARAMS", NvosParams.LocklessDiagnostic.PARAMS_SIZE, 4)));
    }

    private static int alignUp(int v, int align) {
        return (v + align - 1) / align * align;
    }

    private static int intConstant(Class<?> type, String name) {
        try {
            Field f = type.getField(name);
            return f.getInt(null);
        } catch (NoSuchFieldException e) {
            fail(type.getName() + " declares no " + name);
            return -1;
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static Set<String> offsetConstants(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Field f : type.getDeclaredFields()) {
            int mod = f.getModifiers();
            if (Modifier.isStatic(mod)
                    && Modifier.isPublic(mod)
                    && f.getName().startsWith("OFF_")) {
                names.add(f.getName());
            }
        }
        return names;
    }

    static Stream<Spec> allSpecs() {
        return specs().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allSpecs")
    void offsetsAndSizeFollowTheCRules(Spec spec) {
        int off = spec.base();
        int maxAlign = 1;
        int previous = -1;
        int size = spec.whole() ? intConstant(spec.type(), "SIZE") : -1;
        for (M m : spec.members()) {
            off = alignUp(off, m.align());
            maxAlign = Math.max(maxAlign, m.align());
            int declared = intConstant(spec.type(), "OFF_" + m.name());
            assertEquals(
                    off,
                    declared,
                    spec + "." + m.name() + " should be at " + off + " by the C layout rules");
            assertTrue(
                    declared > previous,
                    spec
                            + "."
                            + m.name()
                            + " at "
                            + declared
                            + " should come after the previous member at "
                            + previous);
            if (spec.whole()) {
                assertTrue(
                        declared + m.size() <= size,
                        spec
                                + "."
                                + m.name()
                                + " ("
                                + declared
                                + "+"
                                + m.size()
                                + ") should end within SIZE "
                                + size);
            }
            previous = declared;
            off += m.size();
        }
        if (spec.whole()) {
            assertEquals(
                    alignUp(off, maxAlign),
                    size,
                    spec + " SIZE should be the end padded to its alignment " + maxAlign);
            assertEquals(
                    spec.cType(),
                    stringConstant(spec.type(), "C_TYPE"),
                    spec.type().getSimpleName()
                            + ".C_TYPE should name the C type its member list describes");
        } else {
            assertTrue(
                    off <= spec.base() + intConstant(spec.type(), "DATA_SIZE"),
                    spec + " should fit inside its union (" + off + " bytes from 0)");
        }
    }

    private static String stringConstant(Class<?> type, String name) {
        try {
            return (String) type.getField(name).get(null);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(type.getName() + " declares no " + name, e);
        }
    }

    @Test
    void everyOffsetConstantIsCoveredByAMemberList() {
        Map<Class<?>, Set<String>> listed = new LinkedHashMap<>();
        for (Spec s : specs()) {
            Set<String> names = listed.computeIfAbsent(s.type(), k -> new HashSet<>());
            for (M m : s.members()) {
                names.add("OFF_" + m.name());
            }
        }
        for (Map.Entry<Class<?>, Set<String>> e : listed.entrySet()) {
            Set<String> declared = offsetConstants(e.getKey());
            Set<String> missing = new TreeSet<>(declared);
            missing.removeAll(e.getValue());
            assertTrue(
                    missing.isEmpty(),
                    e.getKey().getSimpleName()
                            + " declares offsets no member list checks: "
                            + missing);
        }
    }

    @Test
    void everyLayoutClassHasAMemberList() {
        Set<Class<?>> listed = new HashSet<>();
        for (Spec s : specs()) {
            listed.add(s.type());
        }
        List<String> unchecked = new ArrayList<>();
        for (Class<?> outer : List.of(FrontendStructs.class, NvosParams.class)) {
            for (Class<?> c : outer.getDeclaredClasses()) {
                if (!offsetConstants(c).isEmpty() && !listed.contains(c)) {
                    unchecked.add(c.getName());
                }
            }
        }
        assertTrue(
                unchecked.isEmpty(),
                "layout classes without a member list in this test: " + unchecked);
    }

    // ---- the UVM params, generated per tag (uvmlayout-<tag>.tsv): the 580.142 offsets and sizes
    // the compiler printed, recomputed from the members of kernel-open/nvidia-uvm/uvm_ioctl.h,
    // uvm_linux_ioctl.h and uvm_types.h at 580.142.

    /** A UVM struct: its C type and its members by C name, in C field order. */
    private record UvmSpec(String cType, List<M> members) {
        @Override
        public String toString() {
            return cType;
        }
    }

    private static UvmSpec uvm(String cType, M... members) {
        return new UvmSpec(cType, List.of(members));
    }

    private static final Layouts UVM_LAYOUT = Layouts.of("uvmlayout", AbiTables.TAG);

    static List<UvmSpec> uvmSpecs() {
        // UvmGpuMappingAttributes {NvProcessorUuid gpuUuid; NvU32 gpuMappingType, ...}
        // (uvm_types.h): 36 bytes, 4-aligned.
        M perGpuAttributes =
                array("perGpuAttributes", nested(null, 36, 4), UVM_LAYOUT.constant("UVM_MAX_GPUS"));
        return List.of(
                uvm("UVM_INITIALIZE_PARAMS", u64("flags"), u32("rmStatus")),
                uvm("UVM_MM_INITIALIZE_PARAMS", u32("uvmFd"), u32("rmStatus")),
                uvm("UVM_PAGEABLE_MEM_ACCESS_PARAMS", u8("pageableMemAccess"), u32("rmStatus")),
                uvm(
                        "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS",
                        uuid("gpu_uuid"),
                        u8("pageableMemAccess"),
                        u32("rmStatus")),
                uvm(
                        "UVM_REGISTER_GPU_PARAMS",
                        uuid("gpu_uuid"),
                        u8("numaEnabled"),
                        u32("numaNodeId"),
                        u32("rmCtrlFd"),
                        u32("hClient"),
                        u32("hSmcPartRef"),
                        u32("rmStatus")),
                uvm("UVM_UNREGISTER_GPU_PARAMS", uuid("gpu_uuid"), u32("rmStatus")),
                uvm(
                        "UVM_REGISTER_GPU_VASPACE_PARAMS",
                        uuid("gpuUuid"),
                        u32("rmCtrlFd"),
                        u32("hClient"),
                        u32("hVaSpace"),
                        u32("rmStatus")),
                uvm("UVM_UNREGISTER_GPU_VASPACE_PARAMS", uuid("gpuUuid"), u32("rmStatus")),
                uvm(
                        "UVM_REGISTER_CHANNEL_PARAMS",
                        uuid("gpuUuid"),
                        u32("rmCtrlFd"),
                        u32("hClient"),
                        u32("hChannel"),
                        u64("base"),
                        u64("length"),
                        u32("rmStatus")),
                uvm(
                        "UVM_UNREGISTER_CHANNEL_PARAMS",
                        uuid("gpuUuid"),
                        u32("hClient"),
                        u32("hChannel"),
                        u32("rmStatus")),
                uvm("UVM_CREATE_RANGE_GROUP_PARAMS", u64("rangeGroupId"), u32("rmStatus")),
                uvm(
                        "UVM_CREATE_EXTERNAL_RANGE_PARAMS",
                        u64("base"),
                        u64("length"),
                        u32("rmStatus")),
                uvm("UVM_FREE_PARAMS", u64("base"), u64("length"), u32("rmStatus")),
                uvm("UVM_VALIDATE_VA_RANGE_PARAMS", u64("base"), u64("length"), u32("rmStatus")),
                uvm(
                        "UvmGpuMappingAttributes",
                        uuid("gpuUuid"),
                        u32("gpuMappingType"),
                        u32("gpuCachingType"),
                        u32("gpuFormatType"),
                        u32("gpuElementBits"),
                        u32("gpuCompressionType")),
                uvm(
                        "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS",
                        u64("base"),
                        u64("length"),
                        u64("offset"),
                        perGpuAttributes,
                        u64("gpuAttributesCount"),
                        u32("rmCtrlFd"),
                        u32("hClient"),
                        u32("hMemory"),
                        u32("rmStatus")),
                uvm(
                        "UVM_UNMAP_EXTERNAL_PARAMS",
                        u64("base"),
                        u64("length"),
                        uuid("gpuUuid"),
                        u32("rmStatus")),
                uvm(
                        "UVM_ALLOC_SEMAPHORE_POOL_PARAMS",
                        u64("base"),
                        u64("length"),
                        perGpuAttributes,
                        u64("gpuAttributesCount"),
                        u32("rmStatus")),
                uvm(
                        "UVM_SET_PREFERRED_LOCATION_PARAMS",
                        u64("requestedBase"),
                        u64("length"),
                        uuid("preferredLocation"),
                        u32("preferredCpuNumaNode"),
                        u32("rmStatus")),
                uvm(
                        "UVM_ALLOC_DEVICE_P2P_PARAMS",
                        u64("base"),
                        u64("length"),
                        u64("offset"),
                        uuid("gpuUuid"),
                        u32("rmCtrlFd"),
                        u32("hClient"),
                        u32("hMemory"),
                        u32("rmStatus")));
    }

    static Stream<UvmSpec> allUvmSpecs() {
        return uvmSpecs().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allUvmSpecs")
    void uvmOffsetsAndSizeFollowTheCRules(UvmSpec spec) {
        int off = 0;
        int maxAlign = 1;
        int size = UVM_LAYOUT.sizeOf(spec.cType());
        assertTrue(size > 0, spec + " has a size at " + AbiTables.TAG);
        for (M m : spec.members()) {
            off = alignUp(off, m.align());
            maxAlign = Math.max(maxAlign, m.align());
            String member = spec.cType() + "." + m.name();
            assertEquals(
                    off,
                    UVM_LAYOUT.offsetOf(member),
                    member + " should be at " + off + " by the C layout rules");
            off += m.size();
            assertTrue(off <= size, member + " should end within the size " + size);
        }
        assertEquals(
                alignUp(off, maxAlign),
                size,
                spec + " size should be the end padded to its alignment " + maxAlign);
    }

    @Test
    void uvmConstantsTheMemberListsRestate() {
        assertEquals(256, UVM_LAYOUT.constant("UVM_MAX_GPUS"), "NV_MAX_DEVICES * 8 sub-processors");
        assertEquals(16, UVM_LAYOUT.constant("NV_UUID_LEN"), "a processor UUID is 16 bytes");
        assertEquals(16, UVM_LAYOUT.sizeOf("NvProcessorUuid"), "NvProcessorUuid {NvU8 uuid[16]}");
    }

    /** Every UVM struct member the data has an offset for is in a member list here, and back. */
    @Test
    void everyUvmOffsetIsCoveredByAMemberList() {
        Set<String> listed = new TreeSet<>();
        for (UvmSpec s : uvmSpecs()) {
            for (M m : s.members()) {
                listed.add(s.cType() + "." + m.name());
            }
        }
        Set<String> generated = new TreeSet<>();
        for (String key : UVM_LAYOUT.values().keySet()) {
            if (key.startsWith("offsetof ")) {
                generated.add(key.substring("offsetof ".length()));
            }
        }
        assertEquals(
                generated,
                listed,
                "the members of uvmlayout-" + AbiTables.TAG + ".tsv and of the lists here");
    }
}
