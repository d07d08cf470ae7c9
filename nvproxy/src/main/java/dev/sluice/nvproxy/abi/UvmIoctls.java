package dev.sluice.nvproxy.abi;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The ioctl numbers of {@code /dev/nvidia-uvm} and {@code /dev/nvidia-uvm-tools}.
 *
 * <h2>Raw numbers, not {@code _IOC}</h2>
 *
 * UVM commands are plain integers: {@code UVM_IOCTL_BASE(i)} is just {@code i} on Linux
 * (kernel-open/nvidia-uvm/uvm_ioctl.h), plus the two Linux-only numbers {@code UVM_INITIALIZE} =
 * {@code 0x30000001} and {@code UVM_DEINITIALIZE} = {@code 0x30000002} (uvm_linux_ioctl.h). Nothing
 * in the number encodes a direction, a type byte or a size (read as {@code _IOC}, {@code
 * 0x30000001} would claim no direction and 0x3000 bytes, which means nothing). The driver switches
 * on the whole 32-bit {@code cmd} (kernel-open/nvidia-uvm/uvm.c, {@code uvm_ioctl}; uvm_tools.c for
 * the tools device) and, for the matching command, copies exactly {@code sizeof(UVM_<cmd>_PARAMS)}
 * bytes in from {@code arg}, writes {@code rmStatus}, and copies the same number of bytes back
 * (kernel-open/nvidia-uvm/uvm_api.h, {@code UVM_ROUTE_CMD_*}). So the size of each command's params
 * is knowledge the proxy must hold per command; {@link Entry#paramsSize()} is that size. {@code
 * ioctl(2)} returns 0 whenever the params could be copied both ways; the outcome is the {@code
 * NV_STATUS} in {@code rmStatus}, the last field of every params struct ({@link NvStatus}).
 *
 * <p>{@code UVM_DEINITIALIZE} takes no params and returns 0. An unknown number on the UVM device
 * falls through to the built-in test ioctls ({@link #UVM_TEST_IOCTL_FIRST}..{@link
 * #UVM_TEST_IOCTL_LAST}, uvm_test_ioctl.h), which answer {@code -ENOSYS} unless the module was
 * loaded with {@code uvm_enable_builtin_tests=1}; an unknown number on the tools device gets {@code
 * -EINVAL}.
 *
 * <h2>How the sizes were derived</h2>
 *
 * Each size is {@code sizeof} the params struct, compiled for x86_64 against the tag's uvm_ioctl.h,
 * uvm_linux_ioctl.h and uvm_types.h, and cross-checked by hand for the commands CUDA's
 * initialisation issues (their field layouts are in {@link UvmParams}). {@code NvProcessorUuid} is
 * 16 bytes with 1-byte alignment, {@code NvBool} one byte, {@code NV_STATUS} four; {@code NvU64}
 * fields carry {@code NV_ALIGN_BYTES(8)}. {@code UVM_MAX_GPUS} is {@code NV_MAX_DEVICES *
 * UVM_PARENT_ID_MAX_SUB_PROCESSORS} = 32 * 8 = 256, which makes the two commands with a per-GPU
 * attribute array over 9 KiB. Two commands exist only for Windows ({@code UVM_REGION_SET_BACKING},
 * {@code UVM_REGION_UNSET_BACKING}); their structs are not compiled on Linux and their size is
 * {@link #SIZE_UNKNOWN}.
 *
 * <h2>Routing</h2>
 *
 * {@link Entry#route()} says which device dispatches the number at this tag. Many numbers of
 * uvm_ioctl.h are left-overs of older interfaces that no Linux dispatcher handles ({@link
 * Route#NONE}). {@link Entry#requiresInitialize()} marks the commands that fail with {@code
 * NV_ERR_ILLEGAL_ACTION} until {@code UVM_INITIALIZE} has bound the file to a VA space.
 *
 * <p>All facts from kernel-open/nvidia-uvm/ at 580.142.
 */
public final class UvmIoctls {
    /** Which dispatcher handles a number. */
    public enum Route {
        /** {@code /dev/nvidia-uvm} (uvm.c). */
        UVM,
        /** {@code /dev/nvidia-uvm-tools} (uvm_tools.c). */
        TOOLS,
        /** Defined in the headers but dispatched by neither device on Linux at this tag. */
        NONE
    }

    /** One UVM command. */
    public record Entry(
            int cmd, String name, int paramsSize, Route route, boolean requiresInitialize) {}

    public static final int SIZE_UNKNOWN = -1;

    // From kernel-open/nvidia-uvm/uvm_linux_ioctl.h (580.142)
    public static final int UVM_INITIALIZE = 0x30000001;
    public static final int UVM_DEINITIALIZE = 0x30000002;

    // From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142): UVM_IOCTL_BASE(i) == i on Linux
    public static final int UVM_RESERVE_VA = 1;
    public static final int UVM_RELEASE_VA = 2;
    public static final int UVM_REGION_COMMIT = 3;
    public static final int UVM_REGION_DECOMMIT = 4;
    public static final int UVM_REGION_SET_STREAM = 5;
    public static final int UVM_SET_STREAM_RUNNING = 6;
    public static final int UVM_SET_STREAM_STOPPED = 7;
    public static final int UVM_RUN_TEST = 9;
    public static final int UVM_ADD_SESSION = 10;
    public static final int UVM_REMOVE_SESSION = 11;
    public static final int UVM_ENABLE_COUNTERS = 12;
    public static final int UVM_MAP_COUNTER = 13;
    public static final int UVM_CREATE_EVENT_QUEUE = 14;
    public static final int UVM_REMOVE_EVENT_QUEUE = 15;
    public static final int UVM_MAP_EVENT_QUEUE = 16;
    public static final int UVM_EVENT_CTRL = 17;
    public static final int UVM_REGISTER_MPS_SERVER = 18;
    public static final int UVM_REGISTER_MPS_CLIENT = 19;
    public static final int UVM_GET_GPU_UUID_TABLE = 20;
    public static final int UVM_REGION_SET_BACKING = 21;
    public static final int UVM_REGION_UNSET_BACKING = 22;
    public static final int UVM_CREATE_RANGE_GROUP = 23;
    public static final int UVM_DESTROY_RANGE_GROUP = 24;
    public static final int UVM_REGISTER_GPU_VASPACE = 25;
    public static final int UVM_UNREGISTER_GPU_VASPACE = 26;
    public static final int UVM_REGISTER_CHANNEL = 27;
    public static final int UVM_UNREGISTER_CHANNEL = 28;
    public static final int UVM_ENABLE_PEER_ACCESS = 29;
    public static final int UVM_DISABLE_PEER_ACCESS = 30;
    public static final int UVM_SET_RANGE_GROUP = 31;
    public static final int UVM_MAP_EXTERNAL_ALLOCATION = 33;
    public static final int UVM_FREE = 34;
    public static final int UVM_MEM_MAP = 35;
    public static final int UVM_REGISTER_GPU = 37;
    public static final int UVM_UNREGISTER_GPU = 38;
    public static final int UVM_PAGEABLE_MEM_ACCESS = 39;
    public static final int UVM_PREVENT_MIGRATION_RANGE_GROUPS = 40;
    public static final int UVM_ALLOW_MIGRATION_RANGE_GROUPS = 41;
    public static final int UVM_SET_PREFERRED_LOCATION = 42;
    public static final int UVM_UNSET_PREFERRED_LOCATION = 43;
    public static final int UVM_ENABLE_READ_DUPLICATION = 44;
    public static final int UVM_DISABLE_READ_DUPLICATION = 45;
    public static final int UVM_SET_ACCESSED_BY = 46;
    public static final int UVM_UNSET_ACCESSED_BY = 47;
    public static final int UVM_MIGRATE = 51;
    public static final int UVM_MIGRATE_RANGE_GROUP = 53;
    public static final int UVM_ENABLE_SYSTEM_WIDE_ATOMICS = 54;
    public static final int UVM_DISABLE_SYSTEM_WIDE_ATOMICS = 55;
    public static final int UVM_TOOLS_INIT_EVENT_TRACKER = 56;
    public static final int UVM_TOOLS_SET_NOTIFICATION_THRESHOLD = 57;
    public static final int UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS = 58;
    public static final int UVM_TOOLS_EVENT_QUEUE_DISABLE_EVENTS = 59;
    public static final int UVM_TOOLS_ENABLE_COUNTERS = 60;
    public static final int UVM_TOOLS_DISABLE_COUNTERS = 61;
    public static final int UVM_TOOLS_READ_PROCESS_MEMORY = 62;
    public static final int UVM_TOOLS_WRITE_PROCESS_MEMORY = 63;
    public static final int UVM_TOOLS_GET_PROCESSOR_UUID_TABLE = 64;
    public static final int UVM_MAP_DYNAMIC_PARALLELISM_REGION = 65;
    public static final int UVM_UNMAP_EXTERNAL = 66;
    public static final int UVM_TOOLS_FLUSH_EVENTS = 67;
    public static final int UVM_ALLOC_SEMAPHORE_POOL = 68;
    public static final int UVM_CLEAN_UP_ZOMBIE_RESOURCES = 69;
    public static final int UVM_PAGEABLE_MEM_ACCESS_ON_GPU = 70;
    public static final int UVM_POPULATE_PAGEABLE = 71;
    public static final int UVM_VALIDATE_VA_RANGE = 72;
    public static final int UVM_CREATE_EXTERNAL_RANGE = 73;
    public static final int UVM_MAP_EXTERNAL_SPARSE = 74;
    public static final int UVM_MM_INITIALIZE = 75;
    public static final int UVM_TOOLS_INIT_EVENT_TRACKER_V2 = 76;
    public static final int UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2 = 77;
    public static final int UVM_ALLOC_DEVICE_P2P = 78;
    public static final int UVM_CLEAR_ALL_ACCESS_COUNTERS = 79;
    public static final int UVM_DISCARD = 80;
    public static final int UVM_IS_8_SUPPORTED = 2047;

    // From kernel-open/nvidia-uvm/uvm_test_ioctl.h (580.142): UVM_TEST_IOCTL_BASE(i) == 200 + i, i
    // = 0..111
    public static final int UVM_TEST_IOCTL_FIRST = 200;
    public static final int UVM_TEST_IOCTL_LAST = 311;

    private static final Map<Integer, Entry> ENTRIES;

    static {
        Map<Integer, Entry> m = new TreeMap<>(Integer::compareUnsigned);
        // cmd, name, sizeof(params), route, needs UVM_INITIALIZE first
        e(m, UVM_RESERVE_VA, "UVM_RESERVE_VA", 24, Route.NONE, false);
        e(m, UVM_RELEASE_VA, "UVM_RELEASE_VA", 24, Route.NONE, false);
        e(m, UVM_REGION_COMMIT, "UVM_REGION_COMMIT", 48, Route.NONE, false);
        e(m, UVM_REGION_DECOMMIT, "UVM_REGION_DECOMMIT", 24, Route.NONE, false);
        e(m, UVM_REGION_SET_STREAM, "UVM_REGION_SET_STREAM", 48, Route.NONE, false);
        e(m, UVM_SET_STREAM_RUNNING, "UVM_SET_STREAM_RUNNING", 16, Route.NONE, false);
        e(m, UVM_SET_STREAM_STOPPED, "UVM_SET_STREAM_STOPPED", 272, Route.NONE, false);
        e(m, UVM_RUN_TEST, "UVM_RUN_TEST", 44, Route.NONE, false);
        e(m, UVM_ADD_SESSION, "UVM_ADD_SESSION", 24, Route.NONE, false);
        e(m, UVM_REMOVE_SESSION, "UVM_REMOVE_SESSION", 8, Route.NONE, false);
        e(m, UVM_ENABLE_COUNTERS, "UVM_ENABLE_COUNTERS", 908, Route.NONE, false);
        e(m, UVM_MAP_COUNTER, "UVM_MAP_COUNTER", 48, Route.NONE, false);
        e(m, UVM_CREATE_EVENT_QUEUE, "UVM_CREATE_EVENT_QUEUE", 32, Route.NONE, false);
        e(m, UVM_REMOVE_EVENT_QUEUE, "UVM_REMOVE_EVENT_QUEUE", 12, Route.NONE, false);
        e(m, UVM_MAP_EVENT_QUEUE, "UVM_MAP_EVENT_QUEUE", 56, Route.NONE, false);
        e(m, UVM_EVENT_CTRL, "UVM_EVENT_CTRL", 20, Route.NONE, false);
        e(m, UVM_REGISTER_MPS_SERVER, "UVM_REGISTER_MPS_SERVER", 536, Route.NONE, false);
        e(m, UVM_REGISTER_MPS_CLIENT, "UVM_REGISTER_MPS_CLIENT", 16, Route.NONE, false);
        e(m, UVM_GET_GPU_UUID_TABLE, "UVM_GET_GPU_UUID_TABLE", 520, Route.NONE, false);
        e(m, UVM_REGION_SET_BACKING, "UVM_REGION_SET_BACKING", SIZE_UNKNOWN, Route.NONE, false);
        e(m, UVM_REGION_UNSET_BACKING, "UVM_REGION_UNSET_BACKING", SIZE_UNKNOWN, Route.NONE, false);
        e(m, UVM_CREATE_RANGE_GROUP, "UVM_CREATE_RANGE_GROUP", 16, Route.UVM, true);
        e(m, UVM_DESTROY_RANGE_GROUP, "UVM_DESTROY_RANGE_GROUP", 16, Route.UVM, true);
        e(m, UVM_REGISTER_GPU_VASPACE, "UVM_REGISTER_GPU_VASPACE", 32, Route.UVM, true);
        e(m, UVM_UNREGISTER_GPU_VASPACE, "UVM_UNREGISTER_GPU_VASPACE", 20, Route.UVM, true);
        e(m, UVM_REGISTER_CHANNEL, "UVM_REGISTER_CHANNEL", 56, Route.UVM, true);
        e(m, UVM_UNREGISTER_CHANNEL, "UVM_UNREGISTER_CHANNEL", 28, Route.UVM, true);
        e(m, UVM_ENABLE_PEER_ACCESS, "UVM_ENABLE_PEER_ACCESS", 36, Route.UVM, true);
        e(m, UVM_DISABLE_PEER_ACCESS, "UVM_DISABLE_PEER_ACCESS", 36, Route.UVM, true);
        e(m, UVM_SET_RANGE_GROUP, "UVM_SET_RANGE_GROUP", 32, Route.UVM, true);
        e(m, UVM_MAP_EXTERNAL_ALLOCATION, "UVM_MAP_EXTERNAL_ALLOCATION", 9264, Route.UVM, true);
        e(m, UVM_FREE, "UVM_FREE", 24, Route.UVM, true);
        e(m, UVM_MEM_MAP, "UVM_MEM_MAP", 24, Route.NONE, false);
        e(m, UVM_REGISTER_GPU, "UVM_REGISTER_GPU", 40, Route.UVM, true);
        e(m, UVM_UNREGISTER_GPU, "UVM_UNREGISTER_GPU", 20, Route.UVM, true);
        e(m, UVM_PAGEABLE_MEM_ACCESS, "UVM_PAGEABLE_MEM_ACCESS", 8, Route.UVM, true);
        e(
                m,
                UVM_PREVENT_MIGRATION_RANGE_GROUPS,
                "UVM_PREVENT_MIGRATION_RANGE_GROUPS",
                272,
                Route.UVM,
                true);
        e(
                m,
                UVM_ALLOW_MIGRATION_RANGE_GROUPS,
                "UVM_ALLOW_MIGRATION_RANGE_GROUPS",
                272,
                Route.UVM,
                true);
        e(m, UVM_SET_PREFERRED_LOCATION, "UVM_SET_PREFERRED_LOCATION", 40, Route.UVM, true);
        e(m, UVM_UNSET_PREFERRED_LOCATION, "UVM_UNSET_PREFERRED_LOCATION", 24, Route.UVM, true);
        e(m, UVM_ENABLE_READ_DUPLICATION, "UVM_ENABLE_READ_DUPLICATION", 24, Route.UVM, true);
        e(m, UVM_DISABLE_READ_DUPLICATION, "UVM_DISABLE_READ_DUPLICATION", 24, Route.UVM, true);
        e(m, UVM_SET_ACCESSED_BY, "UVM_SET_ACCESSED_BY", 40, Route.UVM, true);
        e(m, UVM_UNSET_ACCESSED_BY, "UVM_UNSET_ACCESSED_BY", 40, Route.UVM, true);
        e(m, UVM_MIGRATE, "UVM_MIGRATE", 80, Route.UVM, true);
        e(m, UVM_MIGRATE_RANGE_GROUP, "UVM_MIGRATE_RANGE_GROUP", 32, Route.UVM, true);
        e(m, UVM_ENABLE_SYSTEM_WIDE_ATOMICS, "UVM_ENABLE_SYSTEM_WIDE_ATOMICS", 20, Route.UVM, true);
        e(
                m,
                UVM_DISABLE_SYSTEM_WIDE_ATOMICS,
                "UVM_DISABLE_SYSTEM_WIDE_ATOMICS",
                20,
                Route.UVM,
                true);
        e(m, UVM_TOOLS_INIT_EVENT_TRACKER, "UVM_TOOLS_INIT_EVENT_TRACKER", 56, Route.TOOLS, false);
        e(
                m,
                UVM_TOOLS_SET_NOTIFICATION_THRESHOLD,
                "UVM_TOOLS_SET_NOTIFICATION_THRESHOLD",
                8,
                Route.TOOLS,
                false);
        e(
                m,
                UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS,
                "UVM_TOOLS_EVENT_QUEUE_ENABLE_EVENTS",
                16,
                Route.TOOLS,
                false);
        e(
                m,
                UVM_TOOLS_EVENT_QUEUE_DISABLE_EVENTS,
                "UVM_TOOLS_EVENT_QUEUE_DISABLE_EVENTS",
                16,
                Route.TOOLS,
                false);
        e(m, UVM_TOOLS_ENABLE_COUNTERS, "UVM_TOOLS_ENABLE_COUNTERS", 16, Route.TOOLS, false);
        e(m, UVM_TOOLS_DISABLE_COUNTERS, "UVM_TOOLS_DISABLE_COUNTERS", 16, Route.TOOLS, false);
        e(m, UVM_TOOLS_READ_PROCESS_MEMORY, "UVM_TOOLS_READ_PROCESS_MEMORY", 40, Route.UVM, true);
        e(m, UVM_TOOLS_WRITE_PROCESS_MEMORY, "UVM_TOOLS_WRITE_PROCESS_MEMORY", 40, Route.UVM, true);
        e(
                m,
                UVM_TOOLS_GET_PROCESSOR_UUID_TABLE,
                "UVM_TOOLS_GET_PROCESSOR_UUID_TABLE",
                16,
                Route.UVM,
                true);
        e(
                m,
                UVM_MAP_DYNAMIC_PARALLELISM_REGION,
                "UVM_MAP_DYNAMIC_PARALLELISM_REGION",
                40,
                Route.UVM,
                true);
        e(m, UVM_UNMAP_EXTERNAL, "UVM_UNMAP_EXTERNAL", 40, Route.UVM, true);
        e(m, UVM_TOOLS_FLUSH_EVENTS, "UVM_TOOLS_FLUSH_EVENTS", 4, Route.UVM, true);
        e(m, UVM_ALLOC_SEMAPHORE_POOL, "UVM_ALLOC_SEMAPHORE_POOL", 9248, Route.UVM, true);
        e(m, UVM_CLEAN_UP_ZOMBIE_RESOURCES, "UVM_CLEAN_UP_ZOMBIE_RESOURCES", 4, Route.UVM, true);
        e(m, UVM_PAGEABLE_MEM_ACCESS_ON_GPU, "UVM_PAGEABLE_MEM_ACCESS_ON_GPU", 24, Route.UVM, true);
        e(m, UVM_POPULATE_PAGEABLE, "UVM_POPULATE_PAGEABLE", 24, Route.UVM, true);
        e(m, UVM_VALIDATE_VA_RANGE, "UVM_VALIDATE_VA_RANGE", 24, Route.UVM, true);
        e(m, UVM_CREATE_EXTERNAL_RANGE, "UVM_CREATE_EXTERNAL_RANGE", 24, Route.UVM, true);
        e(m, UVM_MAP_EXTERNAL_SPARSE, "UVM_MAP_EXTERNAL_SPARSE", 40, Route.UVM, true);
        e(m, UVM_MM_INITIALIZE, "UVM_MM_INITIALIZE", 8, Route.UVM, false);
        e(
                m,
                UVM_TOOLS_INIT_EVENT_TRACKER_V2,
                "UVM_TOOLS_INIT_EVENT_TRACKER_V2",
                56,
                Route.TOOLS,
                false);
        e(
                m,
                UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2,
                "UVM_TOOLS_GET_PROCESSOR_UUID_TABLE_V2",
                16,
                Route.UVM,
                true);
        e(m, UVM_ALLOC_DEVICE_P2P, "UVM_ALLOC_DEVICE_P2P", 56, Route.UVM, true);
        e(m, UVM_CLEAR_ALL_ACCESS_COUNTERS, "UVM_CLEAR_ALL_ACCESS_COUNTERS", 4, Route.UVM, true);
        e(m, UVM_DISCARD, "UVM_DISCARD", 32, Route.UVM, true);
        e(m, UVM_IS_8_SUPPORTED, "UVM_IS_8_SUPPORTED", 8, Route.NONE, false);
        e(m, UVM_INITIALIZE, "UVM_INITIALIZE", 16, Route.UVM, false);
        e(m, UVM_DEINITIALIZE, "UVM_DEINITIALIZE", 0, Route.UVM, false);
        ENTRIES = Collections.unmodifiableMap(m);
    }

    private UvmIoctls() {}

    private static void e(
            Map<Integer, Entry> m, int cmd, String name, int size, Route route, boolean init) {
        if (m.putIfAbsent(cmd, new Entry(cmd, name, size, route, init)) != null) {
            throw new IllegalStateException("two UVM commands numbered " + cmd);
        }
    }

    /** Every UVM command of the headers, by number. */
    public static Map<Integer, Entry> entries() {
        return ENTRIES;
    }

    /** The command, or {@code null} for a number the headers do not define. */
    public static Entry lookup(int cmd) {
        return ENTRIES.get(cmd);
    }

    /** The C name, or {@code UVM_IOCTL(0x...)} for a number the headers do not define. */
    public static String name(int cmd) {
        Entry e = ENTRIES.get(cmd);
        return e != null ? e.name() : "UVM_IOCTL(" + NvStatus.hex(cmd) + ")";
    }
}
