package dev.sluice.nvproxy.abi;

import static dev.sluice.nvproxy.abi.FrontendEscapes.request;

/**
 * Layouts of the frontend escapes' params, declared once in C field order. Every offset is the
 * x86_64 one; padding the compiler inserts is written down where it occurs. {@code NvU64} and
 * {@code NvP64} members carry {@code NV_ALIGN_BYTES(8)}, {@code NvHandle} is a {@code NvU32},
 * {@code NvBool} a {@code NvU8}.
 *
 * <p>Each class names its C type and the escape it is used with; {@code REQUEST} is the {@code
 * _IOWR('F', escape, type)} request user space issues, whose {@code _IOC_SIZE} is {@code SIZE}.
 *
 * <p>From kernel-open/common/inc/nv-ioctl.h and kernel-open/common/inc/nv-ioctl-numa.h (580.142);
 * the size rules each escape applies are in {@link FrontendRequests}.
 */
public final class FrontendStructs {
    private FrontendStructs() {}

    /**
     * {@code nv_pci_info_t}, embedded in {@link CardInfo}. From kernel-open/common/inc/nv-ioctl.h
     * (580.142).
     */
    public static final class PciInfo {
        public static final String C_TYPE = "nv_pci_info_t";
        public static final int SIZE = 12;
        public static final int OFF_DOMAIN = 0; // NvU32 domain
        public static final int OFF_BUS = 4; // NvU8 bus
        public static final int OFF_SLOT = 5; // NvU8 slot
        public static final int OFF_FUNCTION = 6; // NvU8 function; 1 byte of padding follows
        public static final int OFF_VENDOR_ID = 8; // NvU16 vendor_id
        public static final int OFF_DEVICE_ID = 10; // NvU16 device_id

        private PciInfo() {}
    }

    /**
     * {@code nv_ioctl_card_info_t}, for {@code NV_ESC_CARD_INFO} on the control device. User space
     * passes an array; the driver fills {@code _IOC_SIZE / SIZE} entries and fails with {@code
     * EINVAL} when that is fewer than the number of GPUs. {@link #REQUEST} is the array of {@link
     * #NV_MAX_DEVICES} entries that CUDA and nvidia-smi pass. From
     * kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class CardInfo {
        public static final String C_TYPE = "nv_ioctl_card_info_t";
        public static final int SIZE = 72;
        public static final int OFF_VALID = 0; // NvBool valid; 3 bytes of padding follow
        public static final int OFF_PCI_INFO = 4; // nv_pci_info_t pci_info (12 bytes)
        public static final int OFF_GPU_ID = 16; // NvU32 gpu_id
        public static final int OFF_INTERRUPT_LINE =
                20; // NvU16 interrupt_line; 2 bytes of padding follow
        public static final int OFF_REG_ADDRESS = 24; // NvU64 reg_address
        public static final int OFF_REG_SIZE = 32; // NvU64 reg_size
        public static final int OFF_FB_ADDRESS = 40; // NvU64 fb_address
        public static final int OFF_FB_SIZE = 48; // NvU64 fb_size
        public static final int OFF_MINOR_NUMBER = 56; // NvU32 minor_number
        public static final int OFF_DEV_NAME = 60; // NvU8 dev_name[10]; 2 bytes of tail padding
        public static final int DEV_NAME_LENGTH = 10;

        // From kernel-open/common/inc/nvlimits.h (580.142)
        public static final int NV_MAX_DEVICES = 32;

        /** {@code nv_ioctl_card_info_t[NV_MAX_DEVICES]}. */
        public static final int ARRAY_SIZE = SIZE * NV_MAX_DEVICES;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_CARD_INFO;
        public static final int REQUEST = request(ESCAPE, ARRAY_SIZE);

        private CardInfo() {}
    }

    /**
     * {@code nv_ioctl_register_fd_t}, for {@code NV_ESC_REGISTER_FD}: links the fd it is issued on
     * (either node) to a control-node fd; {@code ctl_fd} is a file descriptor of the caller and
     * must be a {@code /dev/nvidiactl} fd. From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class RegisterFd {
        public static final String C_TYPE = "nv_ioctl_register_fd_t";
        public static final int SIZE = 4;
        public static final int OFF_CTL_FD = 0; // int ctl_fd
        public static final int ESCAPE = FrontendEscapes.NV_ESC_REGISTER_FD;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private RegisterFd() {}
    }

    /**
     * {@code nv_ioctl_alloc_os_event_t}, for {@code NV_ESC_ALLOC_OS_EVENT}. {@code fd} is a file
     * descriptor of the caller, stored as {@code NvU32}; the outcome is in {@code Status}. From
     * kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class AllocOsEvent {
        public static final String C_TYPE = "nv_ioctl_alloc_os_event_t";
        public static final int SIZE = 16;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_FD = 8; // NvU32 fd
        public static final int OFF_STATUS = 12; // NvU32 Status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_ALLOC_OS_EVENT;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private AllocOsEvent() {}
    }

    /**
     * {@code nv_ioctl_free_os_event_t}, for {@code NV_ESC_FREE_OS_EVENT}; same layout as {@link
     * AllocOsEvent}. From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class FreeOsEvent {
        public static final String C_TYPE = "nv_ioctl_free_os_event_t";
        public static final int SIZE = 16;
        public static final int OFF_H_CLIENT = 0; // NvHandle hClient
        public static final int OFF_H_DEVICE = 4; // NvHandle hDevice
        public static final int OFF_FD = 8; // NvU32 fd
        public static final int OFF_STATUS = 12; // NvU32 Status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_FREE_OS_EVENT;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private FreeOsEvent() {}
    }

    /**
     * {@code nv_ioctl_status_code_t}, for {@code NV_ESC_STATUS_CODE} (adapter status of the GPU at
     * a PCI location). From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class StatusCode {
        public static final String C_TYPE = "nv_ioctl_status_code_t";
        public static final int SIZE = 12;
        public static final int OFF_DOMAIN = 0; // NvU32 domain
        public static final int OFF_BUS = 4; // NvU8 bus
        public static final int OFF_SLOT = 5; // NvU8 slot; 2 bytes of padding follow
        public static final int OFF_STATUS = 8; // NvU32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_STATUS_CODE;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private StatusCode() {}
    }

    /**
     * {@code nv_ioctl_rm_api_version_t}, for {@code NV_ESC_CHECK_VERSION_STR}: user space sends its
     * version string; the driver answers {@code reply} and, on a mismatch, its own version string.
     * Exactly {@code SIZE} bytes are accepted. From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class RmApiVersion {
        public static final String C_TYPE = "nv_ioctl_rm_api_version_t";
        public static final int NV_RM_API_VERSION_STRING_LENGTH = 64;
        public static final int SIZE = 72;
        public static final int OFF_CMD = 0; // NvU32 cmd
        public static final int OFF_REPLY = 4; // NvU32 reply
        public static final int OFF_VERSION_STRING = 8; // char versionString[64]

        public static final int NV_RM_API_VERSION_CMD_STRICT = 0;
        public static final int NV_RM_API_VERSION_CMD_RELAXED = '1';
        public static final int NV_RM_API_VERSION_CMD_QUERY = '2';
        public static final int NV_RM_API_VERSION_REPLY_UNRECOGNIZED = 0;
        public static final int NV_RM_API_VERSION_REPLY_RECOGNIZED = 1;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_CHECK_VERSION_STR;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private RmApiVersion() {}
    }

    /**
     * {@code nv_ioctl_xfer_t}, for {@code NV_ESC_IOCTL_XFER_CMD}: {@code cmd} is the inner escape
     * number, {@code size} its params size (at most {@link
     * FrontendEscapes#NV_ABSOLUTE_MAX_IOCTL_SIZE}) and {@code ptr} the user address of its params.
     * From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class Xfer {
        public static final String C_TYPE = "nv_ioctl_xfer_t";
        public static final int SIZE = 16;
        public static final int OFF_CMD = 0; // NvU32 cmd
        public static final int OFF_SIZE = 4; // NvU32 size
        public static final int OFF_PTR = 8; // NvP64 ptr
        public static final int ESCAPE = FrontendEscapes.NV_ESC_IOCTL_XFER_CMD;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private Xfer() {}
    }

    /**
     * {@code nv_ioctl_query_device_intr} (no {@code _t}), for {@code NV_ESC_QUERY_DEVICE_INTR} on a
     * GPU device; the driver accepts any size of at least {@code SIZE}. From
     * kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class QueryDeviceIntr {
        public static final String C_TYPE = "nv_ioctl_query_device_intr";
        public static final int SIZE = 8;
        public static final int OFF_INTR_STATUS = 0; // NvU32 intrStatus
        public static final int OFF_STATUS = 4; // NvU32 status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_QUERY_DEVICE_INTR;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private QueryDeviceIntr() {}
    }

    /**
     * {@code nv_ioctl_sys_params_t}, for {@code NV_ESC_SYS_PARAMS} on the control device. From
     * kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class SysParams {
        public static final String C_TYPE = "nv_ioctl_sys_params_t";
        public static final int SIZE = 8;
        public static final int OFF_MEMBLOCK_SIZE = 0; // NvU64 memblock_size
        public static final int ESCAPE = FrontendEscapes.NV_ESC_SYS_PARAMS;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private SysParams() {}
    }

    /**
     * {@code nv_offline_addresses_t}, embedded in {@link NumaInfo}. From
     * kernel-open/common/inc/nv-ioctl-numa.h (580.142).
     */
    public static final class OfflineAddresses {
        public static final String C_TYPE = "nv_offline_addresses_t";
        public static final int NV_IOCTL_NUMA_INFO_MAX_OFFLINE_ADDRESSES = 64;
        public static final int SIZE = 520;
        public static final int OFF_ADDRESSES = 0; // uint64_t addresses[64]
        public static final int OFF_NUM_ENTRIES =
                512; // uint32_t numEntries; 4 bytes of tail padding

        private OfflineAddresses() {}
    }

    /**
     * {@code nv_ioctl_numa_info_t}, for {@code NV_ESC_NUMA_INFO} on a GPU device. From
     * kernel-open/common/inc/nv-ioctl-numa.h (580.142).
     */
    public static final class NumaInfo {
        public static final String C_TYPE = "nv_ioctl_numa_info_t";
        public static final int SIZE = 560;
        public static final int OFF_NID = 0; // int32_t nid
        public static final int OFF_STATUS = 4; // int32_t status
        public static final int OFF_MEMBLOCK_SIZE = 8; // uint64_t memblock_size
        public static final int OFF_NUMA_MEM_ADDR = 16; // uint64_t numa_mem_addr
        public static final int OFF_NUMA_MEM_SIZE = 24; // uint64_t numa_mem_size
        public static final int OFF_USE_AUTO_ONLINE =
                32; // uint8_t use_auto_online; 7 bytes of padding follow
        public static final int OFF_OFFLINE_ADDRESSES =
                40; // nv_offline_addresses_t offline_addresses (8-aligned)

        public static final int NV_IOCTL_NUMA_STATUS_DISABLED = 0;
        public static final int NV_IOCTL_NUMA_STATUS_OFFLINE = 1;
        public static final int NV_IOCTL_NUMA_STATUS_ONLINE_IN_PROGRESS = 2;
        public static final int NV_IOCTL_NUMA_STATUS_ONLINE = 3;
        public static final int NV_IOCTL_NUMA_STATUS_ONLINE_FAILED = 4;
        public static final int NV_IOCTL_NUMA_STATUS_OFFLINE_IN_PROGRESS = 5;
        public static final int NV_IOCTL_NUMA_STATUS_OFFLINE_FAILED = 6;

        public static final int ESCAPE = FrontendEscapes.NV_ESC_NUMA_INFO;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private NumaInfo() {}
    }

    /**
     * {@code nv_ioctl_set_numa_status_t}, for {@code NV_ESC_SET_NUMA_STATUS} (root only, GPU
     * device). From kernel-open/common/inc/nv-ioctl-numa.h (580.142).
     */
    public static final class SetNumaStatus {
        public static final String C_TYPE = "nv_ioctl_set_numa_status_t";
        public static final int SIZE = 4;
        public static final int OFF_STATUS = 0; // int32_t status
        public static final int ESCAPE = FrontendEscapes.NV_ESC_SET_NUMA_STATUS;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private SetNumaStatus() {}
    }

    /**
     * {@code nv_ioctl_export_to_dma_buf_fd_t}, for {@code NV_ESC_EXPORT_TO_DMABUF_FD} on a GPU
     * device. {@code fd} is -1 to create a new dma-buf (the driver returns its number in the
     * caller's fd table) or an existing dma-buf fd of the caller to add handles to. The outcome is
     * in {@code status}. From kernel-open/common/inc/nv-ioctl.h (580.142).
     */
    public static final class ExportToDmaBufFd {
        public static final String C_TYPE = "nv_ioctl_export_to_dma_buf_fd_t";
        public static final int NV_DMABUF_EXPORT_MAX_HANDLES = 128;
        public static final int NV_DMABUF_EXPORT_MAPPING_TYPE_DEFAULT = 0;
        public static final int NV_DMABUF_EXPORT_MAPPING_TYPE_FORCE_PCIE = 1;

        public static final int SIZE = 2608;
        public static final int OFF_FD = 0; // int fd
        public static final int OFF_H_CLIENT = 4; // NvHandle hClient
        public static final int OFF_TOTAL_OBJECTS = 8; // NvU32 totalObjects
        public static final int OFF_NUM_OBJECTS = 12; // NvU32 numObjects
        public static final int OFF_INDEX = 16; // NvU32 index; 4 bytes of padding follow
        public static final int OFF_TOTAL_SIZE = 24; // NvU64 totalSize
        public static final int OFF_MAPPING_TYPE = 32; // NvU8 mappingType
        public static final int OFF_B_ALLOW_MMAP =
                33; // NvBool bAllowMmap; 2 bytes of padding follow
        public static final int OFF_HANDLES =
                36; // NvHandle handles[128]; 4 bytes of padding follow
        public static final int OFF_OFFSETS = 552; // NvU64 offsets[128]
        public static final int OFF_SIZES = 1576; // NvU64 sizes[128]
        public static final int OFF_STATUS = 2600; // NvU32 status; 4 bytes of tail padding

        public static final int ESCAPE = FrontendEscapes.NV_ESC_EXPORT_TO_DMABUF_FD;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private ExportToDmaBufFd() {}
    }

    /**
     * {@code nv_ioctl_wait_open_complete_t}, for {@code NV_ESC_WAIT_OPEN_COMPLETE}: answered before
     * the driver looks at the device state at all. From kernel-open/common/inc/nv-ioctl.h
     * (580.142).
     */
    public static final class WaitOpenComplete {
        public static final String C_TYPE = "nv_ioctl_wait_open_complete_t";
        public static final int SIZE = 8;
        public static final int OFF_RC = 0; // int rc
        public static final int OFF_ADAPTER_STATUS = 4; // NvU32 adapterStatus
        public static final int ESCAPE = FrontendEscapes.NV_ESC_WAIT_OPEN_COMPLETE;
        public static final int REQUEST = request(ESCAPE, SIZE);

        private WaitOpenComplete() {}
    }

    /**
     * {@code NV_ESC_ATTACH_GPUS_TO_FD} has no struct: its params are an array of {@code NvU32} GPU
     * ids, and the driver takes any non-zero multiple of four bytes as the array
     * (kernel-open/nvidia/nv.c, 580.142).
     */
    public static final class AttachGpusToFd {
        public static final String C_TYPE = "NvU32[]";
        public static final int ELEMENT_SIZE = 4;
        public static final int ESCAPE = FrontendEscapes.NV_ESC_ATTACH_GPUS_TO_FD;

        private AttachGpusToFd() {}

        /** The request for {@code gpus} ids. */
        public static int request(int gpus) {
            if (gpus <= 0) {
                throw new IllegalArgumentException(
                        "NV_ESC_ATTACH_GPUS_TO_FD needs at least one GPU id: " + gpus);
            }
            return FrontendEscapes.request(ESCAPE, gpus * ELEMENT_SIZE);
        }
    }
}
