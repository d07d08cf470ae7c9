package dev.sluice.nvproxy.abi;

import dev.sluice.sentry.nativeio.Ioctl;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code NV_STATUS} values: what the resource manager writes into the {@code status} field of every
 * {@code NVOSxx_PARAMETERS} struct, into {@code Status} of the OS-event escapes and into {@code
 * rmStatus} of every UVM params struct. They are not errnos. A dispatched RM escape whose {@code
 * status} is an error normally still returns 0 from {@code ioctl(2)}: the errno ({@code EINVAL},
 * {@code EFAULT}) reports whether the escape could be dispatched at all (size, copy-in, control
 * versus GPU device), see src/nvidia/arch/nvalloc/unix/src/escape.c and kernel-open/nvidia/nv.c. A
 * guest-visible failure of an emulated call is therefore usually a status value written back into
 * the params.
 *
 * <p>Errors are small numbers below {@code 0x10000} (with {@code NV_ERR_GENERIC} = {@code 0xffff});
 * warnings live at {@code 0x0001xxxx}. Every code defined at the tag is listed, in the header's
 * order; no two share a value.
 *
 * <p>From src/common/sdk/nvidia/inc/nvstatuscodes.h (580.142; identical to
 * kernel-open/common/inc/nvstatuscodes.h at that tag).
 */
public final class NvStatus {
    // From src/common/sdk/nvidia/inc/nvstatuscodes.h (580.142)
    public static final int NV_OK = 0x00000000;
    public static final int NV_ERR_GENERIC = 0x0000ffff;
    public static final int NV_ERR_BROKEN_FB = 0x00000001;
    public static final int NV_ERR_BUFFER_TOO_SMALL = 0x00000002;
    public static final int NV_ERR_BUSY_RETRY = 0x00000003;
    public static final int NV_ERR_CALLBACK_NOT_SCHEDULED = 0x00000004;
    public static final int NV_ERR_CARD_NOT_PRESENT = 0x00000005;
    public static final int NV_ERR_CYCLE_DETECTED = 0x00000006;
    public static final int NV_ERR_DMA_IN_USE = 0x00000007;
    public static final int NV_ERR_DMA_MEM_NOT_LOCKED = 0x00000008;
    public static final int NV_ERR_DMA_MEM_NOT_UNLOCKED = 0x00000009;
    public static final int NV_ERR_DUAL_LINK_INUSE = 0x0000000a;
    public static final int NV_ERR_ECC_ERROR = 0x0000000b;
    public static final int NV_ERR_FIFO_BAD_ACCESS = 0x0000000c;
    public static final int NV_ERR_FREQ_NOT_SUPPORTED = 0x0000000d;
    public static final int NV_ERR_GPU_DMA_NOT_INITIALIZED = 0x0000000e;
    public static final int NV_ERR_GPU_IS_LOST = 0x0000000f;
    public static final int NV_ERR_GPU_IN_FULLCHIP_RESET = 0x00000010;
    public static final int NV_ERR_GPU_NOT_FULL_POWER = 0x00000011;
    public static final int NV_ERR_GPU_UUID_NOT_FOUND = 0x00000012;
    public static final int NV_ERR_HOT_SWITCH = 0x00000013;
    public static final int NV_ERR_I2C_ERROR = 0x00000014;
    public static final int NV_ERR_I2C_SPEED_TOO_HIGH = 0x00000015;
    public static final int NV_ERR_ILLEGAL_ACTION = 0x00000016;
    public static final int NV_ERR_IN_USE = 0x00000017;
    public static final int NV_ERR_INFLATE_COMPRESSED_DATA_FAILED = 0x00000018;
    public static final int NV_ERR_INSERT_DUPLICATE_NAME = 0x00000019;
    public static final int NV_ERR_INSUFFICIENT_RESOURCES = 0x0000001a;
    public static final int NV_ERR_INSUFFICIENT_PERMISSIONS = 0x0000001b;
    public static final int NV_ERR_INSUFFICIENT_POWER = 0x0000001c;
    public static final int NV_ERR_INVALID_ACCESS_TYPE = 0x0000001d;
    public static final int NV_ERR_INVALID_ADDRESS = 0x0000001e;
    public static final int NV_ERR_INVALID_ARGUMENT = 0x0000001f;
    public static final int NV_ERR_INVALID_BASE = 0x00000020;
    public static final int NV_ERR_INVALID_CHANNEL = 0x00000021;
    public static final int NV_ERR_INVALID_CLASS = 0x00000022;
    public static final int NV_ERR_INVALID_CLIENT = 0x00000023;
    public static final int NV_ERR_INVALID_COMMAND = 0x00000024;
    public static final int NV_ERR_INVALID_DATA = 0x00000025;
    public static final int NV_ERR_INVALID_DEVICE = 0x00000026;
    public static final int NV_ERR_INVALID_DMA_SPECIFIER = 0x00000027;
    public static final int NV_ERR_INVALID_EVENT = 0x00000028;
    public static final int NV_ERR_INVALID_FLAGS = 0x00000029;
    public static final int NV_ERR_INVALID_FUNCTION = 0x0000002a;
    public static final int NV_ERR_INVALID_HEAP = 0x0000002b;
    public static final int NV_ERR_INVALID_INDEX = 0x0000002c;
    public static final int NV_ERR_INVALID_IRQ_LEVEL = 0x0000002d;
    public static final int NV_ERR_INVALID_LIMIT = 0x0000002e;
    public static final int NV_ERR_INVALID_LOCK_STATE = 0x0000002f;
    public static final int NV_ERR_INVALID_METHOD = 0x00000030;
    public static final int NV_ERR_INVALID_OBJECT = 0x00000031;
    public static final int NV_ERR_INVALID_OBJECT_BUFFER = 0x00000032;
    public static final int NV_ERR_INVALID_OBJECT_HANDLE = 0x00000033;
    public static final int NV_ERR_INVALID_OBJECT_NEW = 0x00000034;
    public static final int NV_ERR_INVALID_OBJECT_OLD = 0x00000035;
    public static final int NV_ERR_INVALID_OBJECT_PARENT = 0x00000036;
    public static final int NV_ERR_INVALID_OFFSET = 0x00000037;
    public static final int NV_ERR_INVALID_OPERATION = 0x00000038;
    public static final int NV_ERR_INVALID_OWNER = 0x00000039;
    public static final int NV_ERR_INVALID_PARAM_STRUCT = 0x0000003a;
    public static final int NV_ERR_INVALID_PARAMETER = 0x0000003b;
    public static final int NV_ERR_INVALID_PATH = 0x0000003c;
    public static final int NV_ERR_INVALID_POINTER = 0x0000003d;
    public static final int NV_ERR_INVALID_REGISTRY_KEY = 0x0000003e;
    public static final int NV_ERR_INVALID_REQUEST = 0x0000003f;
    public static final int NV_ERR_INVALID_STATE = 0x00000040;
    public static final int NV_ERR_INVALID_STRING_LENGTH = 0x00000041;
    public static final int NV_ERR_INVALID_READ = 0x00000042;
    public static final int NV_ERR_INVALID_WRITE = 0x00000043;
    public static final int NV_ERR_INVALID_XLATE = 0x00000044;
    public static final int NV_ERR_IRQ_NOT_FIRING = 0x00000045;
    public static final int NV_ERR_IRQ_EDGE_TRIGGERED = 0x00000046;
    public static final int NV_ERR_MEMORY_TRAINING_FAILED = 0x00000047;
    public static final int NV_ERR_MISMATCHED_SLAVE = 0x00000048;
    public static final int NV_ERR_MISMATCHED_TARGET = 0x00000049;
    public static final int NV_ERR_MISSING_TABLE_ENTRY = 0x0000004a;
    public static final int NV_ERR_MODULE_LOAD_FAILED = 0x0000004b;
    public static final int NV_ERR_MORE_DATA_AVAILABLE = 0x0000004c;
    public static final int NV_ERR_MORE_PROCESSING_REQUIRED = 0x0000004d;
    public static final int NV_ERR_MULTIPLE_MEMORY_TYPES = 0x0000004e;
    public static final int NV_ERR_NO_FREE_FIFOS = 0x0000004f;
    public static final int NV_ERR_NO_INTR_PENDING = 0x00000050;
    public static final int NV_ERR_NO_MEMORY = 0x00000051;
    public static final int NV_ERR_NO_SUCH_DOMAIN = 0x00000052;
    public static final int NV_ERR_NO_VALID_PATH = 0x00000053;
    public static final int NV_ERR_NOT_COMPATIBLE = 0x00000054;
    public static final int NV_ERR_NOT_READY = 0x00000055;
    public static final int NV_ERR_NOT_SUPPORTED = 0x00000056;
    public static final int NV_ERR_OBJECT_NOT_FOUND = 0x00000057;
    public static final int NV_ERR_OBJECT_TYPE_MISMATCH = 0x00000058;
    public static final int NV_ERR_OPERATING_SYSTEM = 0x00000059;
    public static final int NV_ERR_OTHER_DEVICE_FOUND = 0x0000005a;
    public static final int NV_ERR_OUT_OF_RANGE = 0x0000005b;
    public static final int NV_ERR_OVERLAPPING_UVM_COMMIT = 0x0000005c;
    public static final int NV_ERR_PAGE_TABLE_NOT_AVAIL = 0x0000005d;
    public static final int NV_ERR_PID_NOT_FOUND = 0x0000005e;
    public static final int NV_ERR_PROTECTION_FAULT = 0x0000005f;
    public static final int NV_ERR_RC_ERROR = 0x00000060;
    public static final int NV_ERR_REJECTED_VBIOS = 0x00000061;
    public static final int NV_ERR_RESET_REQUIRED = 0x00000062;
    public static final int NV_ERR_STATE_IN_USE = 0x00000063;
    public static final int NV_ERR_SIGNAL_PENDING = 0x00000064;
    public static final int NV_ERR_TIMEOUT = 0x00000065;
    public static final int NV_ERR_TIMEOUT_RETRY = 0x00000066;
    public static final int NV_ERR_TOO_MANY_PRIMARIES = 0x00000067;
    public static final int NV_ERR_UVM_ADDRESS_IN_USE = 0x00000068;
    public static final int NV_ERR_MAX_SESSION_LIMIT_REACHED = 0x00000069;
    public static final int NV_ERR_LIB_RM_VERSION_MISMATCH = 0x0000006a;
    public static final int NV_ERR_PRIV_SEC_VIOLATION = 0x0000006b;
    public static final int NV_ERR_GPU_IN_DEBUG_MODE = 0x0000006c;
    public static final int NV_ERR_FEATURE_NOT_ENABLED = 0x0000006d;
    public static final int NV_ERR_RESOURCE_LOST = 0x0000006e;
    public static final int NV_ERR_PMU_NOT_READY = 0x0000006f;
    public static final int NV_ERR_FLCN_ERROR = 0x00000070;
    public static final int NV_ERR_FATAL_ERROR = 0x00000071;
    public static final int NV_ERR_MEMORY_ERROR = 0x00000072;
    public static final int NV_ERR_INVALID_LICENSE = 0x00000073;
    public static final int NV_ERR_NVLINK_INIT_ERROR = 0x00000074;
    public static final int NV_ERR_NVLINK_MINION_ERROR = 0x00000075;
    public static final int NV_ERR_NVLINK_CLOCK_ERROR = 0x00000076;
    public static final int NV_ERR_NVLINK_TRAINING_ERROR = 0x00000077;
    public static final int NV_ERR_NVLINK_CONFIGURATION_ERROR = 0x00000078;
    public static final int NV_ERR_RISCV_ERROR = 0x00000079;
    public static final int NV_ERR_FABRIC_MANAGER_NOT_PRESENT = 0x0000007a;
    public static final int NV_ERR_ALREADY_SIGNALLED = 0x0000007b;
    public static final int NV_ERR_QUEUE_TASK_SLOT_NOT_AVAILABLE = 0x0000007c;
    public static final int NV_ERR_KEY_ROTATION_IN_PROGRESS = 0x0000007d;
    public static final int NV_ERR_TEST_ONLY_CODE_NOT_ENABLED = 0x0000007e;
    public static final int NV_ERR_SECURE_BOOT_FAILED = 0x0000007f;
    public static final int NV_ERR_INSUFFICIENT_ZBC_ENTRY = 0x00000080;
    public static final int NV_ERR_NVLINK_FABRIC_NOT_READY = 0x00000081;
    public static final int NV_ERR_NVLINK_FABRIC_FAILURE = 0x00000082;
    public static final int NV_ERR_GPU_MEMORY_ONLINING_FAILURE = 0x00000083;
    public static final int NV_ERR_REDUCTION_MANAGER_NOT_AVAILABLE = 0x00000084;
    public static final int NV_ERR_THRESHOLD_CROSSED = 0x00000085;
    public static final int NV_ERR_RESOURCE_RETIREMENT_ERROR = 0x00000086;
    public static final int NV_ERR_FABRIC_STATE_OUT_OF_SYNC = 0x00000087;
    public static final int NV_ERR_BUFFER_FULL = 0x00000088;
    public static final int NV_ERR_BUFFER_EMPTY = 0x00000089;
    public static final int NV_ERR_MC_FLA_OFFSET_TABLE_FULL = 0x0000008a;
    public static final int NV_ERR_DMA_XFER_FAILED = 0x0000008b;
    public static final int NV_WARN_HOT_SWITCH = 0x00010001;
    public static final int NV_WARN_INCORRECT_PERFMON_DATA = 0x00010002;
    public static final int NV_WARN_MISMATCHED_SLAVE = 0x00010003;
    public static final int NV_WARN_MISMATCHED_TARGET = 0x00010004;
    public static final int NV_WARN_MORE_PROCESSING_REQUIRED = 0x00010005;
    public static final int NV_WARN_NOTHING_TO_DO = 0x00010006;
    public static final int NV_WARN_NULL_OBJECT = 0x00010007;
    public static final int NV_WARN_OUT_OF_RANGE = 0x00010008;
    public static final int NV_WARN_THRESHOLD_CROSSED = 0x00010009;

    /** Warnings are {@code 0x0001xxxx}. */
    public static final int WARNING_BASE = 0x00010000;

    private static final Map<Integer, String> NAMES;

    static {
        Map<Integer, String> m = new LinkedHashMap<>();
        put(m, NV_OK, "NV_OK");
        put(m, NV_ERR_GENERIC, "NV_ERR_GENERIC");
        put(m, NV_ERR_BROKEN_FB, "NV_ERR_BROKEN_FB");
        put(m, NV_ERR_BUFFER_TOO_SMALL, "NV_ERR_BUFFER_TOO_SMALL");
        put(m, NV_ERR_BUSY_RETRY, "NV_ERR_BUSY_RETRY");
        put(m, NV_ERR_CALLBACK_NOT_SCHEDULED, "NV_ERR_CALLBACK_NOT_SCHEDULED");
        put(m, NV_ERR_CARD_NOT_PRESENT, "NV_ERR_CARD_NOT_PRESENT");
        put(m, NV_ERR_CYCLE_DETECTED, "NV_ERR_CYCLE_DETECTED");
        put(m, NV_ERR_DMA_IN_USE, "NV_ERR_DMA_IN_USE");
        put(m, NV_ERR_DMA_MEM_NOT_LOCKED, "NV_ERR_DMA_MEM_NOT_LOCKED");
        put(m, NV_ERR_DMA_MEM_NOT_UNLOCKED, "NV_ERR_DMA_MEM_NOT_UNLOCKED");
        put(m, NV_ERR_DUAL_LINK_INUSE, "NV_ERR_DUAL_LINK_INUSE");
        put(m, NV_ERR_ECC_ERROR, "NV_ERR_ECC_ERROR");
        put(m, NV_ERR_FIFO_BAD_ACCESS, "NV_ERR_FIFO_BAD_ACCESS");
        put(m, NV_ERR_FREQ_NOT_SUPPORTED, "NV_ERR_FREQ_NOT_SUPPORTED");
        put(m, NV_ERR_GPU_DMA_NOT_INITIALIZED, "NV_ERR_GPU_DMA_NOT_INITIALIZED");
        put(m, NV_ERR_GPU_IS_LOST, "NV_ERR_GPU_IS_LOST");
        put(m, NV_ERR_GPU_IN_FULLCHIP_RESET, "NV_ERR_GPU_IN_FULLCHIP_RESET");
        put(m, NV_ERR_GPU_NOT_FULL_POWER, "NV_ERR_GPU_NOT_FULL_POWER");
        put(m, NV_ERR_GPU_UUID_NOT_FOUND, "NV_ERR_GPU_UUID_NOT_FOUND");
        put(m, NV_ERR_HOT_SWITCH, "NV_ERR_HOT_SWITCH");
        put(m, NV_ERR_I2C_ERROR, "NV_ERR_I2C_ERROR");
        put(m, NV_ERR_I2C_SPEED_TOO_HIGH, "NV_ERR_I2C_SPEED_TOO_HIGH");
        put(m, NV_ERR_ILLEGAL_ACTION, "NV_ERR_ILLEGAL_ACTION");
        put(m, NV_ERR_IN_USE, "NV_ERR_IN_USE");
        put(m, NV_ERR_INFLATE_COMPRESSED_DATA_FAILED, "NV_ERR_INFLATE_COMPRESSED_DATA_FAILED");
        put(m, NV_ERR_INSERT_DUPLICATE_NAME, "NV_ERR_INSERT_DUPLICATE_NAME");
        put(m, NV_ERR_INSUFFICIENT_RESOURCES, "NV_ERR_INSUFFICIENT_RESOURCES");
        put(m, NV_ERR_INSUFFICIENT_PERMISSIONS, "NV_ERR_INSUFFICIENT_PERMISSIONS");
        put(m, NV_ERR_INSUFFICIENT_POWER, "NV_ERR_INSUFFICIENT_POWER");
        put(m, NV_ERR_INVALID_ACCESS_TYPE, "NV_ERR_INVALID_ACCESS_TYPE");
        put(m, NV_ERR_INVALID_ADDRESS, "NV_ERR_INVALID_ADDRESS");
        put(m, NV_ERR_INVALID_ARGUMENT, "NV_ERR_INVALID_ARGUMENT");
        put(m, NV_ERR_INVALID_BASE, "NV_ERR_INVALID_BASE");
        put(m, NV_ERR_INVALID_CHANNEL, "NV_ERR_INVALID_CHANNEL");
        put(m, NV_ERR_INVALID_CLASS, "NV_ERR_INVALID_CLASS");
        put(m, NV_ERR_INVALID_CLIENT, "NV_ERR_INVALID_CLIENT");
        put(m, NV_ERR_INVALID_COMMAND, "NV_ERR_INVALID_COMMAND");
        put(m, NV_ERR_INVALID_DATA, "NV_ERR_INVALID_DATA");
        put(m, NV_ERR_INVALID_DEVICE, "NV_ERR_INVALID_DEVICE");
        put(m, NV_ERR_INVALID_DMA_SPECIFIER, "NV_ERR_INVALID_DMA_SPECIFIER");
        put(m, NV_ERR_INVALID_EVENT, "NV_ERR_INVALID_EVENT");
        put(m, NV_ERR_INVALID_FLAGS, "NV_ERR_INVALID_FLAGS");
        put(m, NV_ERR_INVALID_FUNCTION, "NV_ERR_INVALID_FUNCTION");
        put(m, NV_ERR_INVALID_HEAP, "NV_ERR_INVALID_HEAP");
        put(m, NV_ERR_INVALID_INDEX, "NV_ERR_INVALID_INDEX");
        put(m, NV_ERR_INVALID_IRQ_LEVEL, "NV_ERR_INVALID_IRQ_LEVEL");
        put(m, NV_ERR_INVALID_LIMIT, "NV_ERR_INVALID_LIMIT");
        put(m, NV_ERR_INVALID_LOCK_STATE, "NV_ERR_INVALID_LOCK_STATE");
        put(m, NV_ERR_INVALID_METHOD, "NV_ERR_INVALID_METHOD");
        put(m, NV_ERR_INVALID_OBJECT, "NV_ERR_INVALID_OBJECT");
        put(m, NV_ERR_INVALID_OBJECT_BUFFER, "NV_ERR_INVALID_OBJECT_BUFFER");
        put(m, NV_ERR_INVALID_OBJECT_HANDLE, "NV_ERR_INVALID_OBJECT_HANDLE");
        put(m, NV_ERR_INVALID_OBJECT_NEW, "NV_ERR_INVALID_OBJECT_NEW");
        put(m, NV_ERR_INVALID_OBJECT_OLD, "NV_ERR_INVALID_OBJECT_OLD");
        put(m, NV_ERR_INVALID_OBJECT_PARENT, "NV_ERR_INVALID_OBJECT_PARENT");
        put(m, NV_ERR_INVALID_OFFSET, "NV_ERR_INVALID_OFFSET");
        put(m, NV_ERR_INVALID_OPERATION, "NV_ERR_INVALID_OPERATION");
        put(m, NV_ERR_INVALID_OWNER, "NV_ERR_INVALID_OWNER");
        put(m, NV_ERR_INVALID_PARAM_STRUCT, "NV_ERR_INVALID_PARAM_STRUCT");
        put(m, NV_ERR_INVALID_PARAMETER, "NV_ERR_INVALID_PARAMETER");
        put(m, NV_ERR_INVALID_PATH, "NV_ERR_INVALID_PATH");
        put(m, NV_ERR_INVALID_POINTER, "NV_ERR_INVALID_POINTER");
        put(m, NV_ERR_INVALID_REGISTRY_KEY, "NV_ERR_INVALID_REGISTRY_KEY");
        put(m, NV_ERR_INVALID_REQUEST, "NV_ERR_INVALID_REQUEST");
        put(m, NV_ERR_INVALID_STATE, "NV_ERR_INVALID_STATE");
        put(m, NV_ERR_INVALID_STRING_LENGTH, "NV_ERR_INVALID_STRING_LENGTH");
        put(m, NV_ERR_INVALID_READ, "NV_ERR_INVALID_READ");
        put(m, NV_ERR_INVALID_WRITE, "NV_ERR_INVALID_WRITE");
        put(m, NV_ERR_INVALID_XLATE, "NV_ERR_INVALID_XLATE");
        put(m, NV_ERR_IRQ_NOT_FIRING, "NV_ERR_IRQ_NOT_FIRING");
        put(m, NV_ERR_IRQ_EDGE_TRIGGERED, "NV_ERR_IRQ_EDGE_TRIGGERED");
        put(m, NV_ERR_MEMORY_TRAINING_FAILED, "NV_ERR_MEMORY_TRAINING_FAILED");
        put(m, NV_ERR_MISMATCHED_SLAVE, "NV_ERR_MISMATCHED_SLAVE");
        put(m, NV_ERR_MISMATCHED_TARGET, "NV_ERR_MISMATCHED_TARGET");
        put(m, NV_ERR_MISSING_TABLE_ENTRY, "NV_ERR_MISSING_TABLE_ENTRY");
        put(m, NV_ERR_MODULE_LOAD_FAILED, "NV_ERR_MODULE_LOAD_FAILED");
        put(m, NV_ERR_MORE_DATA_AVAILABLE, "NV_ERR_MORE_DATA_AVAILABLE");
        put(m, NV_ERR_MORE_PROCESSING_REQUIRED, "NV_ERR_MORE_PROCESSING_REQUIRED");
        put(m, NV_ERR_MULTIPLE_MEMORY_TYPES, "NV_ERR_MULTIPLE_MEMORY_TYPES");
        put(m, NV_ERR_NO_FREE_FIFOS, "NV_ERR_NO_FREE_FIFOS");
        put(m, NV_ERR_NO_INTR_PENDING, "NV_ERR_NO_INTR_PENDING");
        put(m, NV_ERR_NO_MEMORY, "NV_ERR_NO_MEMORY");
        put(m, NV_ERR_NO_SUCH_DOMAIN, "NV_ERR_NO_SUCH_DOMAIN");
        put(m, NV_ERR_NO_VALID_PATH, "NV_ERR_NO_VALID_PATH");
        put(m, NV_ERR_NOT_COMPATIBLE, "NV_ERR_NOT_COMPATIBLE");
        put(m, NV_ERR_NOT_READY, "NV_ERR_NOT_READY");
        put(m, NV_ERR_NOT_SUPPORTED, "NV_ERR_NOT_SUPPORTED");
        put(m, NV_ERR_OBJECT_NOT_FOUND, "NV_ERR_OBJECT_NOT_FOUND");
        put(m, NV_ERR_OBJECT_TYPE_MISMATCH, "NV_ERR_OBJECT_TYPE_MISMATCH");
        put(m, NV_ERR_OPERATING_SYSTEM, "NV_ERR_OPERATING_SYSTEM");
        put(m, NV_ERR_OTHER_DEVICE_FOUND, "NV_ERR_OTHER_DEVICE_FOUND");
        put(m, NV_ERR_OUT_OF_RANGE, "NV_ERR_OUT_OF_RANGE");
        put(m, NV_ERR_OVERLAPPING_UVM_COMMIT, "NV_ERR_OVERLAPPING_UVM_COMMIT");
        put(m, NV_ERR_PAGE_TABLE_NOT_AVAIL, "NV_ERR_PAGE_TABLE_NOT_AVAIL");
        put(m, NV_ERR_PID_NOT_FOUND, "NV_ERR_PID_NOT_FOUND");
        put(m, NV_ERR_PROTECTION_FAULT, "NV_ERR_PROTECTION_FAULT");
        put(m, NV_ERR_RC_ERROR, "NV_ERR_RC_ERROR");
        put(m, NV_ERR_REJECTED_VBIOS, "NV_ERR_REJECTED_VBIOS");
        put(m, NV_ERR_RESET_REQUIRED, "NV_ERR_RESET_REQUIRED");
        put(m, NV_ERR_STATE_IN_USE, "NV_ERR_STATE_IN_USE");
        put(m, NV_ERR_SIGNAL_PENDING, "NV_ERR_SIGNAL_PENDING");
        put(m, NV_ERR_TIMEOUT, "NV_ERR_TIMEOUT");
        put(m, NV_ERR_TIMEOUT_RETRY, "NV_ERR_TIMEOUT_RETRY");
        put(m, NV_ERR_TOO_MANY_PRIMARIES, "NV_ERR_TOO_MANY_PRIMARIES");
        put(m, NV_ERR_UVM_ADDRESS_IN_USE, "NV_ERR_UVM_ADDRESS_IN_USE");
        put(m, NV_ERR_MAX_SESSION_LIMIT_REACHED, "NV_ERR_MAX_SESSION_LIMIT_REACHED");
        put(m, NV_ERR_LIB_RM_VERSION_MISMATCH, "NV_ERR_LIB_RM_VERSION_MISMATCH");
        put(m, NV_ERR_PRIV_SEC_VIOLATION, "NV_ERR_PRIV_SEC_VIOLATION");
        put(m, NV_ERR_GPU_IN_DEBUG_MODE, "NV_ERR_GPU_IN_DEBUG_MODE");
        put(m, NV_ERR_FEATURE_NOT_ENABLED, "NV_ERR_FEATURE_NOT_ENABLED");
        put(m, NV_ERR_RESOURCE_LOST, "NV_ERR_RESOURCE_LOST");
        put(m, NV_ERR_PMU_NOT_READY, "NV_ERR_PMU_NOT_READY");
        put(m, NV_ERR_FLCN_ERROR, "NV_ERR_FLCN_ERROR");
        put(m, NV_ERR_FATAL_ERROR, "NV_ERR_FATAL_ERROR");
        put(m, NV_ERR_MEMORY_ERROR, "NV_ERR_MEMORY_ERROR");
        put(m, NV_ERR_INVALID_LICENSE, "NV_ERR_INVALID_LICENSE");
        put(m, NV_ERR_NVLINK_INIT_ERROR, "NV_ERR_NVLINK_INIT_ERROR");
        put(m, NV_ERR_NVLINK_MINION_ERROR, "NV_ERR_NVLINK_MINION_ERROR");
        put(m, NV_ERR_NVLINK_CLOCK_ERROR, "NV_ERR_NVLINK_CLOCK_ERROR");
        put(m, NV_ERR_NVLINK_TRAINING_ERROR, "NV_ERR_NVLINK_TRAINING_ERROR");
        put(m, NV_ERR_NVLINK_CONFIGURATION_ERROR, "NV_ERR_NVLINK_CONFIGURATION_ERROR");
        put(m, NV_ERR_RISCV_ERROR, "NV_ERR_RISCV_ERROR");
        put(m, NV_ERR_FABRIC_MANAGER_NOT_PRESENT, "NV_ERR_FABRIC_MANAGER_NOT_PRESENT");
        put(m, NV_ERR_ALREADY_SIGNALLED, "NV_ERR_ALREADY_SIGNALLED");
        put(m, NV_ERR_QUEUE_TASK_SLOT_NOT_AVAILABLE, "NV_ERR_QUEUE_TASK_SLOT_NOT_AVAILABLE");
        put(m, NV_ERR_KEY_ROTATION_IN_PROGRESS, "NV_ERR_KEY_ROTATION_IN_PROGRESS");
        put(m, NV_ERR_TEST_ONLY_CODE_NOT_ENABLED, "NV_ERR_TEST_ONLY_CODE_NOT_ENABLED");
        put(m, NV_ERR_SECURE_BOOT_FAILED, "NV_ERR_SECURE_BOOT_FAILED");
        put(m, NV_ERR_INSUFFICIENT_ZBC_ENTRY, "NV_ERR_INSUFFICIENT_ZBC_ENTRY");
        put(m, NV_ERR_NVLINK_FABRIC_NOT_READY, "NV_ERR_NVLINK_FABRIC_NOT_READY");
        put(m, NV_ERR_NVLINK_FABRIC_FAILURE, "NV_ERR_NVLINK_FABRIC_FAILURE");
        put(m, NV_ERR_GPU_MEMORY_ONLINING_FAILURE, "NV_ERR_GPU_MEMORY_ONLINING_FAILURE");
        put(m, NV_ERR_REDUCTION_MANAGER_NOT_AVAILABLE, "NV_ERR_REDUCTION_MANAGER_NOT_AVAILABLE");
        put(m, NV_ERR_THRESHOLD_CROSSED, "NV_ERR_THRESHOLD_CROSSED");
        put(m, NV_ERR_RESOURCE_RETIREMENT_ERROR, "NV_ERR_RESOURCE_RETIREMENT_ERROR");
        put(m, NV_ERR_FABRIC_STATE_OUT_OF_SYNC, "NV_ERR_FABRIC_STATE_OUT_OF_SYNC");
        put(m, NV_ERR_BUFFER_FULL, "NV_ERR_BUFFER_FULL");
        put(m, NV_ERR_BUFFER_EMPTY, "NV_ERR_BUFFER_EMPTY");
        put(m, NV_ERR_MC_FLA_OFFSET_TABLE_FULL, "NV_ERR_MC_FLA_OFFSET_TABLE_FULL");
        put(m, NV_ERR_DMA_XFER_FAILED, "NV_ERR_DMA_XFER_FAILED");
        put(m, NV_WARN_HOT_SWITCH, "NV_WARN_HOT_SWITCH");
        put(m, NV_WARN_INCORRECT_PERFMON_DATA, "NV_WARN_INCORRECT_PERFMON_DATA");
        put(m, NV_WARN_MISMATCHED_SLAVE, "NV_WARN_MISMATCHED_SLAVE");
        put(m, NV_WARN_MISMATCHED_TARGET, "NV_WARN_MISMATCHED_TARGET");
        put(m, NV_WARN_MORE_PROCESSING_REQUIRED, "NV_WARN_MORE_PROCESSING_REQUIRED");
        put(m, NV_WARN_NOTHING_TO_DO, "NV_WARN_NOTHING_TO_DO");
        put(m, NV_WARN_NULL_OBJECT, "NV_WARN_NULL_OBJECT");
        put(m, NV_WARN_OUT_OF_RANGE, "NV_WARN_OUT_OF_RANGE");
        put(m, NV_WARN_THRESHOLD_CROSSED, "NV_WARN_THRESHOLD_CROSSED");
        NAMES = Collections.unmodifiableMap(m);
    }

    private NvStatus() {}

    private static void put(Map<Integer, String> m, int status, String name) {
        if (m.putIfAbsent(status, name) != null) {
            throw new IllegalStateException(
                    "two NV_STATUS names for " + hex(status) + ": " + m.get(status) + ", " + name);
        }
    }

    /** Status value to C name, in the header's order. */
    public static Map<Integer, String> names() {
        return NAMES;
    }

    /** The C name, or {@code NV_STATUS(0x...)} for a value this table does not know. */
    public static String name(int status) {
        String n = NAMES.get(status);
        return n != null ? n : "NV_STATUS(" + hex(status) + ")";
    }

    public static boolean isWarning(int status) {
        return (status & 0xffff0000) == WARNING_BASE;
    }

    /** {@code 0x%08x}, the house format ({@link Ioctl#hex}). */
    public static String hex(int v) {
        return Ioctl.hex(v);
    }
}
