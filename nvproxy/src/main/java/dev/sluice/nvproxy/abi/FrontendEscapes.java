package dev.sluice.nvproxy.abi;

import dev.sluice.sentry.nativeio.Ioctl;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The escape numbers of {@code /dev/nvidiactl} and {@code /dev/nvidia<N>}: the {@code _IOC_NR} of
 * every ioctl the NVIDIA kernel driver accepts on those nodes.
 *
 * <p>User space issues each escape as {@code _IOWR(NV_IOCTL_MAGIC, escape, params)}, so the request
 * carries the params size ({@link #request(int, int)}; the structs and their request numbers are in
 * {@link FrontendStructs} and {@link NvosParams}, the escape-to-struct map in {@link
 * FrontendRequests}). Two families share the number space:
 *
 * <ul>
 *   <li><b>frontend escapes</b>, {@code NV_IOCTL_BASE} (200) and up, handled by the Linux layer
 *       (kernel-open/nvidia/nv.c, {@code nvidia_ioctl}) or its OS shim
 *       (src/nvidia/arch/nvalloc/unix/src/osapi.c);
 *   <li><b>RM escapes</b>, {@code 0x27}..{@code 0x5f}, passed to the resource manager
 *       (src/nvidia/arch/nvalloc/unix/src/escape.c, {@code RmIoctl}).
 * </ul>
 *
 * <p><b>What the driver actually decodes.</b> {@code nvidia_ioctl} reads only {@code _IOC_NR} and
 * {@code _IOC_SIZE} of the request; it never looks at {@code _IOC_TYPE} or {@code _IOC_DIR}. An
 * ioctl on an NVIDIA fd whose type byte is not {@code 'F'} is therefore executed exactly like the
 * {@code 'F'} one with the same nr and size. A trap rule that matches only {@code _IOC_TYPE == 'F'}
 * does not see such a call.
 *
 * <p><b>{@code NV_ESC_IOCTL_XFER_CMD}.</b> Its {@code nv_ioctl_xfer_t} names the real escape
 * ({@code cmd}, a raw escape number, not a request), the real size and a pointer to the real
 * params; the driver then proceeds as if that escape had been issued with that size. Sizes above
 * {@link #NV_ABSOLUTE_MAX_IOCTL_SIZE} are refused. A proxy must decode it (and apply the inner
 * escape's rules) or reject it.
 *
 * <p><b>Defined but not dispatched at this tag:</b> {@code NV_ESC_RM_CONFIG_GET}, {@code
 * _CONFIG_SET}, {@code _CONFIG_GET_EX}, {@code _CONFIG_SET_EX}, {@code
 * NV_ESC_RM_ADD_VBLANK_CALLBACK}, {@code NV_ESC_RM_EXPORT_OBJECT_TO_FD} and {@code
 * NV_ESC_RM_IMPORT_OBJECT_FROM_FD} have no case in {@code RmIoctl} or {@code rm_ioctl}; the driver
 * answers them with {@code EINVAL}. (Object export and import to fds now go through the {@code
 * NV0000_CTRL_CMD_OS_UNIX_*} controls.) Frontend numbers 202..205 and 208 are unused.
 */
public final class FrontendEscapes {
    // From kernel-open/common/inc/nv-ioctl-numbers.h (580.142)
    public static final int NV_IOCTL_MAGIC = 'F';
    public static final int NV_IOCTL_BASE = 200;
    public static final int NV_ESC_CARD_INFO = NV_IOCTL_BASE + 0;
    public static final int NV_ESC_REGISTER_FD = NV_IOCTL_BASE + 1;
    public static final int NV_ESC_ALLOC_OS_EVENT = NV_IOCTL_BASE + 6;
    public static final int NV_ESC_FREE_OS_EVENT = NV_IOCTL_BASE + 7;
    public static final int NV_ESC_STATUS_CODE = NV_IOCTL_BASE + 9;
    public static final int NV_ESC_CHECK_VERSION_STR = NV_IOCTL_BASE + 10;
    public static final int NV_ESC_IOCTL_XFER_CMD = NV_IOCTL_BASE + 11;
    public static final int NV_ESC_ATTACH_GPUS_TO_FD = NV_IOCTL_BASE + 12;
    public static final int NV_ESC_QUERY_DEVICE_INTR = NV_IOCTL_BASE + 13;
    public static final int NV_ESC_SYS_PARAMS = NV_IOCTL_BASE + 14;
    public static final int NV_ESC_EXPORT_TO_DMABUF_FD = NV_IOCTL_BASE + 17;
    public static final int NV_ESC_WAIT_OPEN_COMPLETE = NV_IOCTL_BASE + 18;

    // From kernel-open/common/inc/nv-ioctl-numa.h (580.142)
    public static final int NV_ESC_NUMA_INFO = NV_IOCTL_BASE + 15;
    public static final int NV_ESC_SET_NUMA_STATUS = NV_IOCTL_BASE + 16;

    // From src/nvidia/arch/nvalloc/unix/include/nv_escape.h (580.142)
    public static final int NV_ESC_RM_ALLOC_MEMORY = 0x27;
    public static final int NV_ESC_RM_ALLOC_OBJECT = 0x28;
    public static final int NV_ESC_RM_FREE = 0x29;
    public static final int NV_ESC_RM_CONTROL = 0x2a;
    public static final int NV_ESC_RM_ALLOC = 0x2b;
    public static final int NV_ESC_RM_CONFIG_GET = 0x32;
    public static final int NV_ESC_RM_CONFIG_SET = 0x33;
    public static final int NV_ESC_RM_DUP_OBJECT = 0x34;
    public static final int NV_ESC_RM_SHARE = 0x35;
    public static final int NV_ESC_RM_CONFIG_GET_EX = 0x37;
    public static final int NV_ESC_RM_CONFIG_SET_EX = 0x38;
    public static final int NV_ESC_RM_I2C_ACCESS = 0x39;
    public static final int NV_ESC_RM_IDLE_CHANNELS = 0x41;
    public static final int NV_ESC_RM_VID_HEAP_CONTROL = 0x4a;
    public static final int NV_ESC_RM_ACCESS_REGISTRY = 0x4d;
    public static final int NV_ESC_RM_MAP_MEMORY = 0x4e;
    public static final int NV_ESC_RM_UNMAP_MEMORY = 0x4f;
    public static final int NV_ESC_RM_GET_EVENT_DATA = 0x52;
    public static final int NV_ESC_RM_ALLOC_CONTEXT_DMA2 = 0x54;
    public static final int NV_ESC_RM_ADD_VBLANK_CALLBACK = 0x56;
    public static final int NV_ESC_RM_MAP_MEMORY_DMA = 0x57;
    public static final int NV_ESC_RM_UNMAP_MEMORY_DMA = 0x58;
    public static final int NV_ESC_RM_BIND_CONTEXT_DMA = 0x59;
    public static final int NV_ESC_RM_EXPORT_OBJECT_TO_FD = 0x5c;
    public static final int NV_ESC_RM_IMPORT_OBJECT_FROM_FD = 0x5d;
    public static final int NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO = 0x5e;
    public static final int NV_ESC_RM_LOCKLESS_DIAGNOSTIC = 0x5f;

    // From kernel-open/common/inc/nv.h (580.142): the largest size NV_ESC_IOCTL_XFER_CMD may name.
    // Note that it
    // is one more than the largest size an _IOC request can encode (16383).
    public static final int NV_ABSOLUTE_MAX_IOCTL_SIZE = 16384;

    private static final Map<Integer, String> NAMES;

    static {
        Map<Integer, String> m = new TreeMap<>();
        put(m, NV_ESC_RM_ALLOC_MEMORY, "NV_ESC_RM_ALLOC_MEMORY");
        put(m, NV_ESC_RM_ALLOC_OBJECT, "NV_ESC_RM_ALLOC_OBJECT");
        put(m, NV_ESC_RM_FREE, "NV_ESC_RM_FREE");
        put(m, NV_ESC_RM_CONTROL, "NV_ESC_RM_CONTROL");
        put(m, NV_ESC_RM_ALLOC, "NV_ESC_RM_ALLOC");
        put(m, NV_ESC_RM_CONFIG_GET, "NV_ESC_RM_CONFIG_GET");
        put(m, NV_ESC_RM_CONFIG_SET, "NV_ESC_RM_CONFIG_SET");
        put(m, NV_ESC_RM_DUP_OBJECT, "NV_ESC_RM_DUP_OBJECT");
        put(m, NV_ESC_RM_SHARE, "NV_ESC_RM_SHARE");
        put(m, NV_ESC_RM_CONFIG_GET_EX, "NV_ESC_RM_CONFIG_GET_EX");
        put(m, NV_ESC_RM_CONFIG_SET_EX, "NV_ESC_RM_CONFIG_SET_EX");
        put(m, NV_ESC_RM_I2C_ACCESS, "NV_ESC_RM_I2C_ACCESS");
        put(m, NV_ESC_RM_IDLE_CHANNELS, "NV_ESC_RM_IDLE_CHANNELS");
        put(m, NV_ESC_RM_VID_HEAP_CONTROL, "NV_ESC_RM_VID_HEAP_CONTROL");
        put(m, NV_ESC_RM_ACCESS_REGISTRY, "NV_ESC_RM_ACCESS_REGISTRY");
        put(m, NV_ESC_RM_MAP_MEMORY, "NV_ESC_RM_MAP_MEMORY");
        put(m, NV_ESC_RM_UNMAP_MEMORY, "NV_ESC_RM_UNMAP_MEMORY");
        put(m, NV_ESC_RM_GET_EVENT_DATA, "NV_ESC_RM_GET_EVENT_DATA");
        put(m, NV_ESC_RM_ALLOC_CONTEXT_DMA2, "NV_ESC_RM_ALLOC_CONTEXT_DMA2");
        put(m, NV_ESC_RM_ADD_VBLANK_CALLBACK, "NV_ESC_RM_ADD_VBLANK_CALLBACK");
        put(m, NV_ESC_RM_MAP_MEMORY_DMA, "NV_ESC_RM_MAP_MEMORY_DMA");
        put(m, NV_ESC_RM_UNMAP_MEMORY_DMA, "NV_ESC_RM_UNMAP_MEMORY_DMA");
        put(m, NV_ESC_RM_BIND_CONTEXT_DMA, "NV_ESC_RM_BIND_CONTEXT_DMA");
        put(m, NV_ESC_RM_EXPORT_OBJECT_TO_FD, "NV_ESC_RM_EXPORT_OBJECT_TO_FD");
        put(m, NV_ESC_RM_IMPORT_OBJECT_FROM_FD, "NV_ESC_RM_IMPORT_OBJECT_FROM_FD");
        put(m, NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO, "NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO");
        put(m, NV_ESC_RM_LOCKLESS_DIAGNOSTIC, "NV_ESC_RM_LOCKLESS_DIAGNOSTIC");
        put(m, NV_ESC_CARD_INFO, "NV_ESC_CARD_INFO");
        put(m, NV_ESC_REGISTER_FD, "NV_ESC_REGISTER_FD");
        put(m, NV_ESC_ALLOC_OS_EVENT, "NV_ESC_ALLOC_OS_EVENT");
        put(m, NV_ESC_FREE_OS_EVENT, "NV_ESC_FREE_OS_EVENT");
        put(m, NV_ESC_STATUS_CODE, "NV_ESC_STATUS_CODE");
        put(m, NV_ESC_CHECK_VERSION_STR, "NV_ESC_CHECK_VERSION_STR");
        put(m, NV_ESC_IOCTL_XFER_CMD, "NV_ESC_IOCTL_XFER_CMD");
        put(m, NV_ESC_ATTACH_GPUS_TO_FD, "NV_ESC_ATTACH_GPUS_TO_FD");
        put(m, NV_ESC_QUERY_DEVICE_INTR, "NV_ESC_QUERY_DEVICE_INTR");
        put(m, NV_ESC_SYS_PARAMS, "NV_ESC_SYS_PARAMS");
        put(m, NV_ESC_NUMA_INFO, "NV_ESC_NUMA_INFO");
        put(m, NV_ESC_SET_NUMA_STATUS, "NV_ESC_SET_NUMA_STATUS");
        put(m, NV_ESC_EXPORT_TO_DMABUF_FD, "NV_ESC_EXPORT_TO_DMABUF_FD");
        put(m, NV_ESC_WAIT_OPEN_COMPLETE, "NV_ESC_WAIT_OPEN_COMPLETE");
        NAMES = Collections.unmodifiableMap(m);
    }

    private FrontendEscapes() {}

    private static void put(Map<Integer, String> m, int escape, String name) {
        if (m.putIfAbsent(escape, name) != null) {
            throw new IllegalStateException(
                    "two escapes numbered " + escape + ": " + m.get(escape) + ", " + name);
        }
    }

    /** Escape number to C name, ascending. */
    public static Map<Integer, String> names() {
        return NAMES;
    }

    /**
     * The C name of an escape ({@code _IOC_NR}), or {@code NV_ESC(0x..)} for one this table does
     * not know.
     */
    public static String name(int escape) {
        String n = NAMES.get(escape);
        return n != null ? n : String.format("NV_ESC(0x%02x)", escape);
    }

    /** The C name of the escape a request carries, whatever its type byte, direction and size. */
    public static String nameOfRequest(int request) {
        return name(Ioctl.nr(request));
    }

    /**
     * {@code _IOWR(NV_IOCTL_MAGIC, escape, size)}: the request user space issues for an escape with
     * params of {@code size} bytes.
     */
    public static int request(int escape, int size) {
        return Ioctl.iowr(NV_IOCTL_MAGIC, escape, size);
    }
}
