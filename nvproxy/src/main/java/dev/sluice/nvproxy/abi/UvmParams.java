package dev.sluice.nvproxy.abi;

/**
 * Layouts of the UVM params structs CUDA's initialisation and teardown issue, declared once in C
 * field order with x86_64 offsets. Every struct ends with {@code NV_STATUS rmStatus}. {@code
 * NvProcessorUuid} is 16 bytes with 1-byte alignment, so it never causes padding by itself; {@code
 * NvU64} members carry {@code NV_ALIGN_BYTES(8)}.
 *
 * <p>Several commands carry file descriptors of the caller: {@code rmCtrlFd} (an {@code
 * /dev/nvidiactl} fd whose RM client owns {@code hClient}) and {@code uvmFd}. The UVM driver
 * resolves them in the caller's fd table, which is one reason UVM calls run in the guest's own
 * context.
 *
 * <p>{@code SIZE} of each class equals the size in {@link UvmIoctls}; the number of each command is
 * there too. From kernel-open/nvidia-uvm/uvm_ioctl.h, uvm_linux_ioctl.h and uvm_types.h (580.142).
 */
public final class UvmParams {
    // From kernel-open/nvidia-uvm/uvm_types.h (580.142)
    public static final int NV_PROCESSOR_UUID_SIZE = 16;
    public static final int UVM_PARENT_ID_MAX_SUB_PROCESSORS = 8;
    public static final int UVM_MAX_GPUS_V1 = 32; // NV_MAX_DEVICES
    public static final int UVM_MAX_GPUS = UVM_MAX_GPUS_V1 * UVM_PARENT_ID_MAX_SUB_PROCESSORS;
    public static final long UVM_INIT_FLAGS_DISABLE_HMM = 0x1L;
    public static final long UVM_INIT_FLAGS_MULTI_PROCESS_SHARING_MODE = 0x2L;
    public static final long UVM_INIT_FLAGS_MASK = 0x3L;

    private UvmParams() {}

    /** {@code UVM_INITIALIZE_PARAMS}. From kernel-open/nvidia-uvm/uvm_linux_ioctl.h (580.142). */
    public static final class Initialize {
        public static final String C_TYPE = "UVM_INITIALIZE_PARAMS";
        public static final int SIZE = 16;
        public static final int OFF_FLAGS = 0; // NvU64 flags
        public static final int OFF_RM_STATUS = 8; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_INITIALIZE;

        private Initialize() {}
    }

    /**
     * {@code UVM_MM_INITIALIZE_PARAMS}; {@code uvmFd} is another UVM fd of the caller. From
     * kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class MmInitialize {
        public static final String C_TYPE = "UVM_MM_INITIALIZE_PARAMS";
        public static final int SIZE = 8;
        public static final int OFF_UVM_FD = 0; // NvS32 uvmFd
        public static final int OFF_RM_STATUS = 4; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_MM_INITIALIZE;

        private MmInitialize() {}
    }

    /**
     * {@code UVM_PAGEABLE_MEM_ACCESS_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class PageableMemAccess {
        public static final String C_TYPE = "UVM_PAGEABLE_MEM_ACCESS_PARAMS";
        public static final int SIZE = 8;
        public static final int OFF_PAGEABLE_MEM_ACCESS =
                0; // NvBool pageableMemAccess; 3 bytes of padding follow
        public static final int OFF_RM_STATUS = 4; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_PAGEABLE_MEM_ACCESS;

        private PageableMemAccess() {}
    }

    /**
     * {@code UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h
     * (580.142).
     */
    public static final class PageableMemAccessOnGpu {
        public static final String C_TYPE = "UVM_PAGEABLE_MEM_ACCESS_ON_GPU_PARAMS";
        public static final int SIZE = 24;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpu_uuid
        public static final int OFF_PAGEABLE_MEM_ACCESS =
                16; // NvBool pageableMemAccess; 3 bytes of padding follow
        public static final int OFF_RM_STATUS = 20; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_PAGEABLE_MEM_ACCESS_ON_GPU;

        private PageableMemAccessOnGpu() {}
    }

    /** {@code UVM_REGISTER_GPU_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class RegisterGpu {
        public static final String C_TYPE = "UVM_REGISTER_GPU_PARAMS";
        public static final int SIZE = 40;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpu_uuid
        public static final int OFF_NUMA_ENABLED =
                16; // NvBool numaEnabled; 3 bytes of padding follow
        public static final int OFF_NUMA_NODE_ID = 20; // NvS32 numaNodeId
        public static final int OFF_RM_CTRL_FD = 24; // NvS32 rmCtrlFd
        public static final int OFF_H_CLIENT = 28; // NvHandle hClient
        public static final int OFF_H_SMC_PART_REF = 32; // NvHandle hSmcPartRef
        public static final int OFF_RM_STATUS = 36; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_REGISTER_GPU;

        private RegisterGpu() {}
    }

    /** {@code UVM_UNREGISTER_GPU_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class UnregisterGpu {
        public static final String C_TYPE = "UVM_UNREGISTER_GPU_PARAMS";
        public static final int SIZE = 20;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpu_uuid
        public static final int OFF_RM_STATUS = 16; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_UNREGISTER_GPU;

        private UnregisterGpu() {}
    }

    /**
     * {@code UVM_REGISTER_GPU_VASPACE_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class RegisterGpuVaSpace {
        public static final String C_TYPE = "UVM_REGISTER_GPU_VASPACE_PARAMS";
        public static final int SIZE = 32;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpuUuid
        public static final int OFF_RM_CTRL_FD = 16; // NvS32 rmCtrlFd
        public static final int OFF_H_CLIENT = 20; // NvHandle hClient
        public static final int OFF_H_VA_SPACE = 24; // NvHandle hVaSpace
        public static final int OFF_RM_STATUS = 28; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_REGISTER_GPU_VASPACE;

        private RegisterGpuVaSpace() {}
    }

    /**
     * {@code UVM_UNREGISTER_GPU_VASPACE_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class UnregisterGpuVaSpace {
        public static final String C_TYPE = "UVM_UNREGISTER_GPU_VASPACE_PARAMS";
        public static final int SIZE = 20;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpuUuid
        public static final int OFF_RM_STATUS = 16; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_UNREGISTER_GPU_VASPACE;

        private UnregisterGpuVaSpace() {}
    }

    /** {@code UVM_REGISTER_CHANNEL_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class RegisterChannel {
        public static final String C_TYPE = "UVM_REGISTER_CHANNEL_PARAMS";
        public static final int SIZE = 56;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpuUuid
        public static final int OFF_RM_CTRL_FD = 16; // NvS32 rmCtrlFd
        public static final int OFF_H_CLIENT = 20; // NvHandle hClient
        public static final int OFF_H_CHANNEL = 24; // NvHandle hChannel; 4 bytes of padding follow
        public static final int OFF_BASE = 32; // NvU64 base
        public static final int OFF_LENGTH = 40; // NvU64 length
        public static final int OFF_RM_STATUS = 48; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_REGISTER_CHANNEL;

        private RegisterChannel() {}
    }

    /** {@code UVM_UNREGISTER_CHANNEL_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class UnregisterChannel {
        public static final String C_TYPE = "UVM_UNREGISTER_CHANNEL_PARAMS";
        public static final int SIZE = 28;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpuUuid
        public static final int OFF_H_CLIENT = 16; // NvHandle hClient
        public static final int OFF_H_CHANNEL = 20; // NvHandle hChannel
        public static final int OFF_RM_STATUS = 24; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_UNREGISTER_CHANNEL;

        private UnregisterChannel() {}
    }

    /**
     * {@code UVM_CREATE_RANGE_GROUP_PARAMS}; {@code UVM_DESTROY_RANGE_GROUP_PARAMS} has the same
     * layout. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class CreateRangeGroup {
        public static final String C_TYPE = "UVM_CREATE_RANGE_GROUP_PARAMS";
        public static final int SIZE = 16;
        public static final int OFF_RANGE_GROUP_ID = 0; // NvU64 rangeGroupId
        public static final int OFF_RM_STATUS = 8; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_CREATE_RANGE_GROUP;

        private CreateRangeGroup() {}
    }

    /**
     * {@code UVM_CREATE_EXTERNAL_RANGE_PARAMS}; {@code UVM_FREE_PARAMS} and {@code
     * UVM_VALIDATE_VA_RANGE_PARAMS} share this {@code base, length, rmStatus} layout ({@link Free},
     * {@link ValidateVaRange}). From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class CreateExternalRange {
        public static final String C_TYPE = "UVM_CREATE_EXTERNAL_RANGE_PARAMS";
        public static final int SIZE = 24;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_RM_STATUS = 16; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_CREATE_EXTERNAL_RANGE;

        private CreateExternalRange() {}
    }

    /** {@code UVM_FREE_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class Free {
        public static final String C_TYPE = "UVM_FREE_PARAMS";
        public static final int SIZE = 24;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_RM_STATUS = 16; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_FREE;

        private Free() {}
    }

    /** {@code UVM_VALIDATE_VA_RANGE_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class ValidateVaRange {
        public static final String C_TYPE = "UVM_VALIDATE_VA_RANGE_PARAMS";
        public static final int SIZE = 24;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_RM_STATUS = 16; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_VALIDATE_VA_RANGE;

        private ValidateVaRange() {}
    }

    /**
     * {@code UvmGpuMappingAttributes}, the element of the per-GPU arrays below. From
     * kernel-open/nvidia-uvm/uvm_types.h (580.142).
     */
    public static final class GpuMappingAttributes {
        public static final String C_TYPE = "UvmGpuMappingAttributes";
        public static final int SIZE = 36;
        public static final int OFF_GPU_UUID = 0; // NvProcessorUuid gpuUuid
        public static final int OFF_GPU_MAPPING_TYPE = 16; // NvU32 gpuMappingType
        public static final int OFF_GPU_CACHING_TYPE = 20; // NvU32 gpuCachingType
        public static final int OFF_GPU_FORMAT_TYPE = 24; // NvU32 gpuFormatType
        public static final int OFF_GPU_ELEMENT_BITS = 28; // NvU32 gpuElementBits
        public static final int OFF_GPU_COMPRESSION_TYPE = 32; // NvU32 gpuCompressionType

        private GpuMappingAttributes() {}
    }

    /**
     * {@code UVM_MAP_EXTERNAL_ALLOCATION_PARAMS}, 9 KiB because of the {@code UVM_MAX_GPUS}-entry
     * attribute array (the driver copies it to the heap, not the stack). From
     * kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class MapExternalAllocation {
        public static final String C_TYPE = "UVM_MAP_EXTERNAL_ALLOCATION_PARAMS";
        public static final int SIZE = 9264;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_OFFSET = 16; // NvU64 offset
        public static final int OFF_PER_GPU_ATTRIBUTES =
                24; // UvmGpuMappingAttributes perGpuAttributes[256]
        public static final int OFF_GPU_ATTRIBUTES_COUNT = 9240; // NvU64 gpuAttributesCount
        public static final int OFF_RM_CTRL_FD = 9248; // NvS32 rmCtrlFd
        public static final int OFF_H_CLIENT = 9252; // NvU32 hClient
        public static final int OFF_H_MEMORY = 9256; // NvU32 hMemory
        public static final int OFF_RM_STATUS = 9260; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_MAP_EXTERNAL_ALLOCATION;

        private MapExternalAllocation() {}
    }

    /** {@code UVM_UNMAP_EXTERNAL_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class UnmapExternal {
        public static final String C_TYPE = "UVM_UNMAP_EXTERNAL_PARAMS";
        public static final int SIZE = 40;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_GPU_UUID = 16; // NvProcessorUuid gpuUuid
        public static final int OFF_RM_STATUS = 32; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_UNMAP_EXTERNAL;

        private UnmapExternal() {}
    }

    /**
     * {@code UVM_ALLOC_SEMAPHORE_POOL_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class AllocSemaphorePool {
        public static final String C_TYPE = "UVM_ALLOC_SEMAPHORE_POOL_PARAMS";
        public static final int SIZE = 9248;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_PER_GPU_ATTRIBUTES =
                16; // UvmGpuMappingAttributes perGpuAttributes[256]
        public static final int OFF_GPU_ATTRIBUTES_COUNT = 9232; // NvU64 gpuAttributesCount
        public static final int OFF_RM_STATUS = 9240; // NV_STATUS rmStatus; 4 bytes of tail padding
        public static final int CMD = UvmIoctls.UVM_ALLOC_SEMAPHORE_POOL;

        private AllocSemaphorePool() {}
    }

    /**
     * {@code UVM_SET_PREFERRED_LOCATION_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142).
     */
    public static final class SetPreferredLocation {
        public static final String C_TYPE = "UVM_SET_PREFERRED_LOCATION_PARAMS";
        public static final int SIZE = 40;
        public static final int OFF_REQUESTED_BASE = 0; // NvU64 requestedBase
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_PREFERRED_LOCATION = 16; // NvProcessorUuid preferredLocation
        public static final int OFF_PREFERRED_CPU_NUMA_NODE = 32; // NvS32 preferredCpuNumaNode
        public static final int OFF_RM_STATUS = 36; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_SET_PREFERRED_LOCATION;

        private SetPreferredLocation() {}
    }

    /** {@code UVM_ALLOC_DEVICE_P2P_PARAMS}. From kernel-open/nvidia-uvm/uvm_ioctl.h (580.142). */
    public static final class AllocDeviceP2p {
        public static final String C_TYPE = "UVM_ALLOC_DEVICE_P2P_PARAMS";
        public static final int SIZE = 56;
        public static final int OFF_BASE = 0; // NvU64 base
        public static final int OFF_LENGTH = 8; // NvU64 length
        public static final int OFF_OFFSET = 16; // NvU64 offset
        public static final int OFF_GPU_UUID = 24; // NvProcessorUuid gpuUuid
        public static final int OFF_RM_CTRL_FD = 40; // NvS32 rmCtrlFd
        public static final int OFF_H_CLIENT = 44; // NvU32 hClient
        public static final int OFF_H_MEMORY = 48; // NvU32 hMemory
        public static final int OFF_RM_STATUS = 52; // NV_STATUS rmStatus
        public static final int CMD = UvmIoctls.UVM_ALLOC_DEVICE_P2P;

        private AllocDeviceP2p() {}
    }
}
