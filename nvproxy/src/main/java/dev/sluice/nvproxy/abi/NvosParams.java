package dev.sluice.nvproxy.abi;

import static dev.sluice.nvproxy.abi.FrontendEscapes.request;

/**
 * Layouts of the RM escapes' params ({@code NVOSxx_PARAMETERS}), declared once in C field order
 * with x86_64 offsets; padding is written down where the compiler inserts it. {@code NvHandle} and
 * {@code NvV32} are 4 bytes; {@code NvP64} is an 8-byte user pointer declared {@code
 * NV_ALIGN_BYTES(8)}, so a pointer after an odd number of 4-byte fields is preceded by 4 bytes of
 * padding.
 *
 * <p>Each class names its C type and the escape it is used with; {@code REQUEST} is {@code
 * _IOWR('F', escape, type)}. The RM handler compares the size it was given with {@code sizeof} and
 * answers {@code EINVAL} on a mismatch (src/nvidia/arch/nvalloc/unix/src/escape.c), except {@code
 * NV_ESC_RM_ALLOC}, which takes either {@link Nvos21} or {@link Nvos64} and tells them apart by
 * size.
 *
 * <p>From src/common/sdk/nvidia/inc/nvos.h (580.142) unless a class says otherwise. nvos.h also
 * declares pointer-free variants ({@code NVOS62}, {@code NVOS63}, {@code NVOS65}); no Linux escape
 * takes them, so they are not here.
 */
public final class NvosParams {
    private NvosParams() {}

    /**
     * {@code NVOS00_PARAMETERS}, for {@code NV_ESC_RM_FREE}. Freeing the client handle ({@code
     * hObjectOld == hRoot}) also frees the client's OS events. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos00 {
        public static final String C_TYPE = "NVOS00_PARAMETERS";
        public static final int SIZE = 16;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_H_OBJECT_OLD = 8; // NvHandle hObjectOld
        public static final int OFF_STATUS = 12; // NvV32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_FREE;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos00() {}
    }

    /**
     * {@code NVOS02_PARAMETERS}, the body of {@link Nvos02WithFd}. {@code hClass} is a memory class
     * ({@code NV01_MEMORY_SYSTEM}, {@code NV01_MEMORY_SYSTEM_OS_DESCRIPTOR}, ...); for the
     * OS-descriptor class {@code pMemory} is a user address whose pages the driver pins in the
     * caller's mm. From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos02 {
        public static final String C_TYPE = "NVOS02_PARAMETERS";
        public static final int SIZE = 48;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_H_OBJECT_NEW = 8; // NvHandle hObjectNew
        public static final int OFF_H_CLASS = 12; // NvV32 hClass
        public static final int OFF_FLAGS = 16; // NvV32 flags; 4 bytes of padding follow
        public static final int OFF_P_MEMORY = 24; // NvP64 pMemory
        public static final int OFF_LIMIT = 32; // NvU64 limit
        public static final int OFF_STATUS = 40; // NvV32 status; 4 bytes of tail padding

        private Nvos02() {}
    }

    /**
     * {@code nv_ioctl_nvos02_parameters_with_fd}, for {@code NV_ESC_RM_ALLOC_MEMORY} on a GPU
     * device. {@code fd} is a file descriptor of the caller: when system memory is allocated and
     * mapped at once, the driver attaches the mapping context to that file, which the caller then
     * {@code mmap}s. From src/nvidia/arch/nvalloc/unix/include/nv-unix-nvos-params-wrappers.h
     * (580.142).
     */
    public static final class Nvos02WithFd {
        public static final String C_TYPE = "nv_ioctl_nvos02_parameters_with_fd";
        public static final int SIZE = 56;
        public static final int OFF_PARAMS = 0; // NVOS02_PARAMETERS params (48 bytes)
        public static final int OFF_FD = 48; // int fd; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ALLOC_MEMORY;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos02WithFd() {}
    }

    /**
     * {@code NVOS05_PARAMETERS}, for {@code NV_ESC_RM_ALLOC_OBJECT}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos05 {
        public static final String C_TYPE = "NVOS05_PARAMETERS";
        public static final int SIZE = 20;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_H_OBJECT_NEW = 8; // NvHandle hObjectNew
        public static final int OFF_H_CLASS = 12; // NvV32 hClass
        public static final int OFF_STATUS = 16; // NvV32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ALLOC_OBJECT;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos05() {}
    }

    /**
     * {@code NVOS21_PARAMETERS}, for {@code NV_ESC_RM_ALLOC} without rights. {@code pAllocParms}
     * points at {@code paramsSize} bytes of class-specific alloc params in the caller's memory. The
     * first five fields sit at the same offsets as in {@link Nvos64} (escape.c asserts it). From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos21 {
        public static final String C_TYPE = "NVOS21_PARAMETERS";
        public static final int SIZE = 32;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_H_OBJECT_NEW = 8; // NvHandle hObjectNew
        public static final int OFF_H_CLASS = 12; // NvV32 hClass
        public static final int OFF_P_ALLOC_PARMS = 16; // NvP64 pAllocParms
        public static final int OFF_PARAMS_SIZE = 24; // NvU32 paramsSize
        public static final int OFF_STATUS = 28; // NvV32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ALLOC;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos21() {}
    }

    /**
     * {@code NVOS64_PARAMETERS}, for {@code NV_ESC_RM_ALLOC} with requested access rights ({@code
     * pRightsRequested}, an {@code RS_ACCESS_MASK} in the caller's memory, or NULL). From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos64 {
        public static final String C_TYPE = "NVOS64_PARAMETERS";
        public static final int SIZE = 48;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_H_OBJECT_NEW = 8; // NvHandle hObjectNew
        public static final int OFF_H_CLASS = 12; // NvV32 hClass
        public static final int OFF_P_ALLOC_PARMS = 16; // NvP64 pAllocParms
        public static final int OFF_P_RIGHTS_REQUESTED = 24; // NvP64 pRightsRequested
        public static final int OFF_PARAMS_SIZE = 32; // NvU32 paramsSize
        public static final int OFF_FLAGS = 36; // NvU32 flags
        public static final int OFF_STATUS = 40; // NvV32 status; 4 bytes of tail padding

        public static final int NVOS64_FLAGS_NONE = 0x0;
        public static final int NVOS64_FLAGS_FINN_SERIALIZED = 0x1;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ALLOC;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos64() {}
    }

    /**
     * {@code NVOS30_PARAMETERS}, for {@code NV_ESC_RM_IDLE_CHANNELS}; three arrays of handles in
     * the caller's memory. From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos30 {
        public static final String C_TYPE = "NVOS30_PARAMETERS";
        public static final int SIZE = 56;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_CHANNEL = 8; // NvHandle hChannel
        public static final int OFF_NUM_CHANNELS = 12; // NvV32 numChannels
        public static final int OFF_PH_CLIENTS = 16; // NvP64 phClients
        public static final int OFF_PH_DEVICES = 24; // NvP64 phDevices
        public static final int OFF_PH_CHANNELS = 32; // NvP64 phChannels
        public static final int OFF_FLAGS = 40; // NvV32 flags
        public static final int OFF_TIMEOUT = 44; // NvV32 timeout
        public static final int OFF_STATUS = 48; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_IDLE_CHANNELS;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos30() {}
    }

    /**
     * {@code NVOS32_PARAMETERS}, for {@code NV_ESC_RM_VID_HEAP_CONTROL}: a fixed header and a
     * 144-byte union {@code data} chosen by {@code function}. With {@code
     * NVOS32_FUNCTION_ALLOC_OS_DESCRIPTOR} the escape pins the user pages at {@code
     * data.AllocOsDesc.descriptor} in the caller's mm; that member's offsets are given ({@code
     * OFF_OS_DESC_*}, absolute). From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos32 {
        public static final String C_TYPE = "NVOS32_PARAMETERS";
        public static final int SIZE = 184;
        public static final int OFF_H_ROOT = 0; // NvHandle hRoot
        public static final int OFF_H_OBJECT_PARENT = 4; // NvHandle hObjectParent
        public static final int OFF_FUNCTION = 8; // NvU32 function
        public static final int OFF_H_VA_SPACE = 12; // NvHandle hVASpace
        public static final int OFF_IVC_HEAP_NUMBER =
                16; // NvS16 ivcHeapNumber; 2 bytes of padding follow
        public static final int OFF_STATUS = 20; // NvV32 status
        public static final int OFF_TOTAL = 24; // NvU64 total
        public static final int OFF_FREE = 32; // NvU64 free
        public static final int OFF_DATA = 40; // union data (144 bytes, 8-aligned)
        public static final int DATA_SIZE = 144;

        // data.AllocOsDesc, 48 bytes at OFF_DATA
        public static final int OFF_OS_DESC_H_MEMORY = 40; // NvHandle hMemory
        public static final int OFF_OS_DESC_TYPE = 44; // NvU32 type
        public static final int OFF_OS_DESC_FLAGS = 48; // NvU32 flags
        public static final int OFF_OS_DESC_ATTR = 52; // NvU32 attr
        public static final int OFF_OS_DESC_ATTR2 = 56; // NvU32 attr2; 4 bytes of padding follow
        public static final int OFF_OS_DESC_DESCRIPTOR = 64; // NvP64 descriptor
        public static final int OFF_OS_DESC_LIMIT = 72; // NvU64 limit
        public static final int OFF_OS_DESC_DESCRIPTOR_TYPE = 80; // NvU32 descriptorType

        public static final int NVOS32_FUNCTION_ALLOC_SIZE = 2;
        public static final int NVOS32_FUNCTION_FREE = 3;
        public static final int NVOS32_FUNCTION_INFO = 5;
        public static final int NVOS32_FUNCTION_ALLOC_TILED_PITCH_HEIGHT = 6;
        public static final int NVOS32_FUNCTION_ALLOC_SIZE_RANGE = 14;
        public static final int NVOS32_FUNCTION_REACQUIRE_COMPR = 15;
        public static final int NVOS32_FUNCTION_RELEASE_COMPR = 16;
        public static final int NVOS32_FUNCTION_GET_MEM_ALIGNMENT = 18;
        public static final int NVOS32_FUNCTION_HW_ALLOC = 19;
        public static final int NVOS32_FUNCTION_HW_FREE = 20;
        public static final int NVOS32_FUNCTION_ALLOC_OS_DESCRIPTOR = 27;

        public static final int NVOS32_DESCRIPTOR_TYPE_VIRTUAL_ADDRESS = 0;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_PAGE_ARRAY = 1;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_IO_MEMORY = 2;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_PHYS_ADDR = 3;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_FILE_HANDLE = 4;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_DMA_BUF_PTR = 5;
        public static final int NVOS32_DESCRIPTOR_TYPE_OS_SGT_PTR = 6;
        public static final int NVOS32_DESCRIPTOR_TYPE_KERNEL_VIRTUAL_ADDRESS = 7;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_VID_HEAP_CONTROL;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos32() {}
    }

    /**
     * {@code NVOS33_PARAMETERS}, the body of {@link Nvos33WithFd}. {@code pLinearAddress} is an
     * output: the offset the caller then passes to {@code mmap} on {@code fd}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos33 {
        public static final String C_TYPE = "NVOS33_PARAMETERS";
        public static final int SIZE = 48;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_MEMORY = 8; // NvHandle hMemory; 4 bytes of padding follow
        public static final int OFF_OFFSET = 16; // NvU64 offset
        public static final int OFF_LENGTH = 24; // NvU64 length
        public static final int OFF_P_LINEAR_ADDRESS = 32; // NvP64 pLinearAddress
        public static final int OFF_STATUS = 40; // NvU32 status
        public static final int OFF_FLAGS = 44; // NvU32 flags

        private Nvos33() {}
    }

    /**
     * {@code nv_ioctl_nvos33_parameters_with_fd}, for {@code NV_ESC_RM_MAP_MEMORY} on the control
     * device. {@code fd} is a file descriptor of the caller, the one it will {@code mmap}: the
     * driver attaches the mapping context to that file, which must be the control node for system
     * memory and the GPU node otherwise (kernel-open/nvidia/nv-usermap.c). From
     * src/nvidia/arch/nvalloc/unix/include/nv-unix-nvos-params-wrappers.h (580.142).
     */
    public static final class Nvos33WithFd {
        public static final String C_TYPE = "nv_ioctl_nvos33_parameters_with_fd";
        public static final int SIZE = 56;
        public static final int OFF_PARAMS = 0; // NVOS33_PARAMETERS params (48 bytes)
        public static final int OFF_FD = 48; // int fd; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_MAP_MEMORY;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos33WithFd() {}
    }

    /**
     * {@code NVOS34_PARAMETERS}, for {@code NV_ESC_RM_UNMAP_MEMORY}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos34 {
        public static final String C_TYPE = "NVOS34_PARAMETERS";
        public static final int SIZE = 32;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_MEMORY = 8; // NvHandle hMemory; 4 bytes of padding follow
        public static final int OFF_P_LINEAR_ADDRESS = 16; // NvP64 pLinearAddress
        public static final int OFF_STATUS = 24; // NvU32 status
        public static final int OFF_FLAGS = 28; // NvU32 flags
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_UNMAP_MEMORY;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos34() {}
    }

    /**
     * {@code NVOS38_PARAMETERS}, for {@code NV_ESC_RM_ACCESS_REGISTRY}; three buffers in the
     * caller's memory. From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos38 {
        public static final String C_TYPE = "NVOS38_PARAMETERS";
        public static final int SIZE = 72;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_OBJECT = 4; // NvHandle hObject
        public static final int OFF_ACCESS_TYPE = 8; // NvV32 AccessType
        public static final int OFF_DEV_NODE_LENGTH = 12; // NvV32 DevNodeLength
        public static final int OFF_P_DEV_NODE = 16; // NvP64 pDevNode
        public static final int OFF_PARM_STR_LENGTH =
                24; // NvV32 ParmStrLength; 4 bytes of padding follow
        public static final int OFF_P_PARM_STR = 32; // NvP64 pParmStr
        public static final int OFF_BINARY_DATA_LENGTH =
                40; // NvV32 BinaryDataLength; 4 bytes of padding follow
        public static final int OFF_P_BINARY_DATA = 48; // NvP64 pBinaryData
        public static final int OFF_DATA = 56; // NvV32 Data
        public static final int OFF_ENTRY = 60; // NvV32 Entry
        public static final int OFF_STATUS = 64; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ACCESS_REGISTRY;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos38() {}
    }

    /**
     * {@code NVOS39_PARAMETERS}, for {@code NV_ESC_RM_ALLOC_CONTEXT_DMA2}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos39 {
        public static final String C_TYPE = "NVOS39_PARAMETERS";
        public static final int SIZE = 56;
        public static final int OFF_H_OBJECT_PARENT = 0; // NvHandle hObjectParent
        public static final int OFF_H_SUB_DEVICE = 4; // NvHandle hSubDevice
        public static final int OFF_H_OBJECT_NEW = 8; // NvHandle hObjectNew
        public static final int OFF_H_CLASS = 12; // NvV32 hClass
        public static final int OFF_FLAGS = 16; // NvV32 flags
        public static final int OFF_SELECTOR = 20; // NvU32 selector
        public static final int OFF_H_MEMORY = 24; // NvHandle hMemory; 4 bytes of padding follow
        public static final int OFF_OFFSET = 32; // NvU64 offset
        public static final int OFF_LIMIT = 40; // NvU64 limit
        public static final int OFF_STATUS = 48; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_ALLOC_CONTEXT_DMA2;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos39() {}
    }

    /**
     * {@code NVOS41_PARAMETERS}, for {@code NV_ESC_RM_GET_EVENT_DATA}: {@code pEvent} points at an
     * {@link NvUnixEvent} the driver fills. From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos41 {
        public static final String C_TYPE = "NVOS41_PARAMETERS";
        public static final int SIZE = 16;
        public static final int OFF_P_EVENT = 0; // NvP64 pEvent
        public static final int OFF_MORE_EVENTS = 8; // NvV32 MoreEvents
        public static final int OFF_STATUS = 12; // NvV32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_GET_EVENT_DATA;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos41() {}
    }

    /**
     * {@code NvUnixEvent}, what {@link Nvos41}'s {@code pEvent} points at. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class NvUnixEvent {
        public static final String C_TYPE = "NvUnixEvent";
        public static final int SIZE = 16;
        public static final int OFF_H_OBJECT = 0; // NvHandle hObject
        public static final int OFF_NOTIFY_INDEX = 4; // NvV32 NotifyIndex
        public static final int OFF_INFO32 = 8; // NvV32 info32
        public static final int OFF_INFO16 = 12; // NvU16 info16; 2 bytes of tail padding

        private NvUnixEvent() {}
    }

    /**
     * {@code NVOS46_PARAMETERS}, for {@code NV_ESC_RM_MAP_MEMORY_DMA} (map memory into a GPU VA
     * space). From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos46 {
        public static final String C_TYPE = "NVOS46_PARAMETERS";
        public static final int SIZE = 64;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_DMA = 8; // NvHandle hDma
        public static final int OFF_H_MEMORY = 12; // NvHandle hMemory
        public static final int OFF_OFFSET = 16; // NvU64 offset
        public static final int OFF_LENGTH = 24; // NvU64 length
        public static final int OFF_FLAGS = 32; // NvV32 flags
        public static final int OFF_FLAGS2 = 36; // NvV32 flags2
        public static final int OFF_KIND_OVERRIDE =
                40; // NvV32 kindOverride; 4 bytes of padding follow
        public static final int OFF_DMA_OFFSET = 48; // NvU64 dmaOffset
        public static final int OFF_STATUS = 56; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_MAP_MEMORY_DMA;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos46() {}
    }

    /**
     * {@code NVOS47_PARAMETERS}, for {@code NV_ESC_RM_UNMAP_MEMORY_DMA}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos47 {
        public static final String C_TYPE = "NVOS47_PARAMETERS";
        public static final int SIZE = 48;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_DMA = 8; // NvHandle hDma
        public static final int OFF_H_MEMORY = 12; // NvHandle hMemory
        public static final int OFF_FLAGS = 16; // NvV32 flags; 4 bytes of padding follow
        public static final int OFF_DMA_OFFSET = 24; // NvU64 dmaOffset
        public static final int OFF_SIZE = 32; // NvU64 size
        public static final int OFF_STATUS = 40; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_UNMAP_MEMORY_DMA;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos47() {}
    }

    /**
     * {@code NVOS49_PARAMETERS}, for {@code NV_ESC_RM_BIND_CONTEXT_DMA}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos49 {
        public static final String C_TYPE = "NVOS49_PARAMETERS";
        public static final int SIZE = 16;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_CHANNEL = 4; // NvHandle hChannel
        public static final int OFF_H_CTX_DMA = 8; // NvHandle hCtxDma
        public static final int OFF_STATUS = 12; // NvV32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_BIND_CONTEXT_DMA;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos49() {}
    }

    /**
     * {@code NVOS54_PARAMETERS}, for {@code NV_ESC_RM_CONTROL}: {@code cmd} is a {@link
     * ControlCommands} id, {@code params} points at {@code paramsSize} bytes in the caller's
     * memory. From src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos54 {
        public static final String C_TYPE = "NVOS54_PARAMETERS";
        public static final int SIZE = 32;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_OBJECT = 4; // NvHandle hObject
        public static final int OFF_CMD = 8; // NvV32 cmd
        public static final int OFF_FLAGS = 12; // NvU32 flags
        public static final int OFF_PARAMS = 16; // NvP64 params
        public static final int OFF_PARAMS_SIZE = 24; // NvU32 paramsSize
        public static final int OFF_STATUS = 28; // NvV32 status

        public static final int NVOS54_FLAGS_NONE = 0x0;
        public static final int NVOS54_FLAGS_IRQL_RAISED = 0x1;
        public static final int NVOS54_FLAGS_LOCK_BYPASS = 0x2;
        public static final int NVOS54_FLAGS_FINN_SERIALIZED = 0x4;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_CONTROL;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos54() {}
    }

    /**
     * {@code NVOS55_PARAMETERS}, for {@code NV_ESC_RM_DUP_OBJECT}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos55 {
        public static final String C_TYPE = "NVOS55_PARAMETERS";
        public static final int SIZE = 28;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_PARENT = 4; // NvHandle hParent
        public static final int OFF_H_OBJECT = 8; // NvHandle hObject
        public static final int OFF_H_CLIENT_SRC = 12; // NvHandle hClientSrc
        public static final int OFF_H_OBJECT_SRC = 16; // NvHandle hObjectSrc
        public static final int OFF_FLAGS = 20; // NvU32 flags
        public static final int OFF_STATUS = 24; // NvU32 status

        public static final int NV04_DUP_HANDLE_FLAGS_NONE = 0x0;
        public static final int NV04_DUP_HANDLE_FLAGS_REJECT_KERNEL_DUP_PRIVILEGE = 0x1;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_DUP_OBJECT;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos55() {}
    }

    /**
     * {@code NVOS56_PARAMETERS}, for {@code NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO}. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class Nvos56 {
        public static final String C_TYPE = "NVOS56_PARAMETERS";
        public static final int SIZE = 40;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_H_MEMORY = 8; // NvHandle hMemory; 4 bytes of padding follow
        public static final int OFF_P_OLD_CPU_ADDRESS = 16; // NvP64 pOldCpuAddress
        public static final int OFF_P_NEW_CPU_ADDRESS = 24; // NvP64 pNewCpuAddress
        public static final int OFF_STATUS = 32; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_UPDATE_DEVICE_MAPPING_INFO;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos56() {}
    }

    /**
     * {@code RS_SHARE_POLICY}, embedded in {@link Nvos57}; {@code RS_ACCESS_MASK} is one {@code
     * NvU32} limb ({@code SDK_RS_ACCESS_MAX_LIMBS} = 1). From src/common/sdk/nvidia/inc/rs_access.h
     * (580.142).
     */
    public static final class RsSharePolicy {
        public static final String C_TYPE = "RS_SHARE_POLICY";
        public static final int SIZE = 12;
        public static final int OFF_TARGET = 0; // NvU32 target
        public static final int OFF_ACCESS_MASK = 4; // RS_ACCESS_MASK accessMask (one NvU32 limb)
        public static final int OFF_TYPE = 8; // NvU16 type
        public static final int OFF_ACTION = 10; // NvU8 action; 1 byte of tail padding

        private RsSharePolicy() {}
    }

    /**
     * {@code NVOS57_PARAMETERS}, for {@code NV_ESC_RM_SHARE}. From src/common/sdk/nvidia/inc/nvos.h
     * (580.142).
     */
    public static final class Nvos57 {
        public static final String C_TYPE = "NVOS57_PARAMETERS";
        public static final int SIZE = 24;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_OBJECT = 4; // NvHandle hObject
        public static final int OFF_SHARE_POLICY = 8; // RS_SHARE_POLICY sharePolicy (12 bytes)
        public static final int OFF_STATUS = 20; // NvU32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_SHARE;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Nvos57() {}
    }

    /**
     * {@code NVOS_I2C_ACCESS_PARAMS}, for {@code NV_ESC_RM_I2C_ACCESS} on a GPU device. From
     * src/common/sdk/nvidia/inc/nvos.h (580.142).
     */
    public static final class I2cAccess {
        public static final String C_TYPE = "NVOS_I2C_ACCESS_PARAMS";
        public static final int SIZE = 32;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_PARAM_SIZE = 8; // NvU32 paramSize; 4 bytes of padding follow
        public static final int OFF_PARAM_STRUCT_PTR = 16; // NvP64 paramStructPtr
        public static final int OFF_STATUS = 24; // NvV32 status; 4 bytes of tail padding
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_I2C_ACCESS;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private I2cAccess() {}
    }

    /**
     * {@code NV_LOCKLESS_DIAGNOSTIC_PARAMS}, for {@code NV_ESC_RM_LOCKLESS_DIAGNOSTIC}
     * (administrators only): a command and a union of three {@code NV0000_CTRL_NVD_*} params
     * structs. From src/nvidia/arch/nvalloc/unix/include/nv-ioctl-lockless-diag.h (580.142).
     */
    public static final class LocklessDiagnostic {
        public static final String C_TYPE = "NV_LOCKLESS_DIAGNOSTIC_PARAMS";
        public static final int SIZE = 15412;
        public static final int OFF_CMD = 0; // NvU32 cmd
        public static final int OFF_STATUS = 4; // NvU32 status
        public static final int OFF_PARAMS = 8; // union params (15404 bytes, 4-aligned)
        public static final int PARAMS_SIZE = 15404;
        public static final int ESCAPE = FrontendEscapes.NV_ESC_RM_LOCKLESS_DIAGNOSTIC;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private LocklessDiagnostic() {}
    }
}
