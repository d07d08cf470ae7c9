package dev.sluice.sentry.nativeio;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The calling thread's capability sets ({@code capget(2)}/{@code capset(2)} act on one thread).
 * The sentry's workers lower their effective set to the sandbox's, so a call the sentry executes
 * on the guest's behalf (EMULATE) is judged by the driver with the guest's privileges, not the
 * sentry's: the NVIDIA driver, for one, grants administrator-level RM access to a caller with
 * {@code CAP_SYS_ADMIN} ({@code osIsAdministrator}). The permitted set is kept, so nothing the
 * sentry needs later is lost for good.
 */
public final class ThreadCaps {
    // arch/x86/entry/syscalls/syscall_64.tbl
    private static final int SYS_CAPGET = 125;
    private static final int SYS_CAPSET = 126;
    // include/uapi/linux/capability.h: struct __user_cap_header_struct {u32 version; int pid;} and two
    // struct __user_cap_data_struct {u32 effective, permitted, inheritable;} for 64 capability bits.
    private static final int LINUX_CAPABILITY_VERSION_3 = 0x20080522;
    private static final int DATA_SIZE = 12;
    private static final int OFF_EFFECTIVE = 0;

    private ThreadCaps() {}

    /** This thread's effective set as a 64-bit mask, or {@code -1} if it cannot be read. */
    public static long effective() {
        Pointer hdr = header();
        Pointer data = Memory.allocateDirect(Native.RUNTIME, 2 * DATA_SIZE, true);
        if (Native.ret(Native.LIBC.syscall(SYS_CAPGET, hdr.address(), data.address(), 0, 0, 0, 0)) < 0) {
            return -1;
        }
        return Integer.toUnsignedLong(data.getInt(OFF_EFFECTIVE))
                | Integer.toUnsignedLong(data.getInt(DATA_SIZE + OFF_EFFECTIVE)) << 32;
    }

    /**
     * Clears every effective capability of this thread that is not in {@code allowed}; returns 0 or
     * {@code -errno}.
     */
    public static int limitEffective(long allowed) {
        Pointer hdr = header();
        Pointer data = Memory.allocateDirect(Native.RUNTIME, 2 * DATA_SIZE, true);
        long r = Native.ret(Native.LIBC.syscall(SYS_CAPGET, hdr.address(), data.address(), 0, 0, 0, 0));
        if (r < 0) {
            return (int) r;
        }
        data.putInt(OFF_EFFECTIVE, data.getInt(OFF_EFFECTIVE) & (int) allowed);
        data.putInt(DATA_SIZE + OFF_EFFECTIVE, data.getInt(DATA_SIZE + OFF_EFFECTIVE) & (int) (allowed >>> 32));
        hdr.putInt(0, LINUX_CAPABILITY_VERSION_3);
        hdr.putInt(4, 0);
        return (int) Native.ret(Native.LIBC.syscall(SYS_CAPSET, hdr.address(), data.address(), 0, 0, 0, 0));
    }

    private static Pointer header() {
        Pointer hdr = Memory.allocateDirect(Native.RUNTIME, 8, true);
        hdr.putInt(0, LINUX_CAPABILITY_VERSION_3);
        hdr.putInt(4, 0);
        return hdr;
    }
}
