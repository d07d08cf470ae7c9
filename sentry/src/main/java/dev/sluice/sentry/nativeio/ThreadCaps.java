package dev.sluice.sentry.nativeio;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_CAPGET;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_CAPSET;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The calling thread's capability sets. {@code capget(2)}/{@code capset(2)} with pid 0 act on the
 * calling thread only, so a sentry worker can hold the guest's capabilities while the rest of the
 * JVM keeps the sentry's. A worker lowers its effective set to the sandbox's, so a call the sentry
 * executes on the guest's behalf (EMULATE) is judged by the driver with the guest's privileges, not
 * the sentry's: the NVIDIA driver, for one, grants administrator-level RM access to a caller with
 * {@code CAP_SYS_ADMIN} ({@code osIsAdministrator}). The permitted set is kept, so that the worker
 * can raise a capability again for one operation ({@link Switch}).
 */
public final class ThreadCaps {
    // include/uapi/linux/capability.h: struct __user_cap_header_struct {u32 version; int pid;} and
    // two
    // struct __user_cap_data_struct {u32 effective, permitted, inheritable;} for 64 capability
    // bits.
    public static final int LINUX_CAPABILITY_VERSION_3 = 0x20080522;
    public static final int HEADER_SIZE = 8;
    public static final int DATA_SIZE = 12;
    public static final int OFF_EFFECTIVE = 0;
    public static final int OFF_PERMITTED = 4;
    public static final int OFF_INHERITABLE = 8;

    // include/uapi/linux/capability.h
    public static final int CAP_DAC_OVERRIDE = 1;
    public static final int CAP_SYS_PTRACE = 19;
    public static final int CAP_SYS_ADMIN = 21;

    /** One thread's three sets, as 64-bit masks (bit N is capability N). */
    public record Sets(long effective, long permitted, long inheritable) {}

    private ThreadCaps() {}

    /** This thread's sets, or null if {@code capget} fails. */
    public static Sets read() {
        Pointer hdr = header();
        Pointer data = Memory.allocateDirect(Native.RUNTIME, 2 * DATA_SIZE, true);
        if (Native.ret(Native.LIBC.syscall(SYS_CAPGET, hdr.address(), data.address(), 0, 0, 0, 0))
                < 0) {
            return null;
        }
        return new Sets(
                get(data, OFF_EFFECTIVE), get(data, OFF_PERMITTED), get(data, OFF_INHERITABLE));
    }

    /** This thread's effective set as a 64-bit mask, or {@code -1} if it cannot be read. */
    public static long effective() {
        Sets s = read();
        return s == null ? -1 : s.effective();
    }

    /**
     * Sets this thread's three sets; returns 0 or {@code -errno} (EPERM when not allowed,
     * capset(2)).
     */
    public static int set(Sets s) {
        Pointer hdr = header();
        Pointer data = Memory.allocateDirect(Native.RUNTIME, 2 * DATA_SIZE, true);
        put(data, OFF_EFFECTIVE, s.effective());
        put(data, OFF_PERMITTED, s.permitted());
        put(data, OFF_INHERITABLE, s.inheritable());
        return capset(hdr, data);
    }

    /**
     * A prepared {@code capset} of one thread that changes only the effective set: the permitted
     * and inheritable sets are fixed when it is made, so each switch is one syscall and allocates
     * nothing. Use it only on the thread that made it.
     */
    public static final class Switch {
        private final Pointer hdr = header();
        private final Pointer data = Memory.allocateDirect(Native.RUNTIME, 2 * DATA_SIZE, true);

        public Switch(long permitted, long inheritable) {
            put(data, OFF_PERMITTED, permitted);
            put(data, OFF_INHERITABLE, inheritable);
        }

        /** Makes {@code effective} this thread's effective set; returns 0 or {@code -errno}. */
        public int to(long effective) {
            put(data, OFF_EFFECTIVE, effective);
            return capset(hdr, data);
        }
    }

    private static int capset(Pointer hdr, Pointer data) {
        // The kernel writes its preferred version back into the header on a version mismatch.
        hdr.putInt(0, LINUX_CAPABILITY_VERSION_3);
        hdr.putInt(4, 0);
        return (int)
                Native.ret(
                        Native.LIBC.syscall(SYS_CAPSET, hdr.address(), data.address(), 0, 0, 0, 0));
    }

    private static long get(Pointer data, int off) {
        return Integer.toUnsignedLong(data.getInt(off))
                | Integer.toUnsignedLong(data.getInt(DATA_SIZE + off)) << 32;
    }

    private static void put(Pointer data, int off, long mask) {
        data.putInt(off, (int) mask);
        data.putInt(DATA_SIZE + off, (int) (mask >>> 32));
    }

    private static Pointer header() {
        Pointer hdr = Memory.allocateDirect(Native.RUNTIME, HEADER_SIZE, true);
        hdr.putInt(0, LINUX_CAPABILITY_VERSION_3);
        hdr.putInt(4, 0);
        return hdr;
    }
}
