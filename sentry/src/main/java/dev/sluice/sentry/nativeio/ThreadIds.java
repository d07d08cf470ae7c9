package dev.sluice.sentry.nativeio;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETRESGID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETRESUID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETFSGID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETFSUID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETRESGID;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SETRESUID;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The calling thread's user and group ids, through the raw syscalls. The kernel keeps credentials
 * per thread; glibc's {@code setresuid} and friends make every thread of the process follow (the
 * nptl "setxid" broadcast, so that a process looks like one principal), which would turn the whole
 * sentry into the guest. The raw syscalls change the calling thread only.
 *
 * <p>Ids are unsigned 32-bit values held in a {@code long}; {@link #UNCHANGED} ({@code (uid_t) -1})
 * leaves an id as it is.
 */
public final class ThreadIds {
    /**
     * {@code (uid_t) -1}: "no change" for setresuid(2), and never a valid fs id, so setfsuid(-1)
     * only reads.
     */
    public static final long UNCHANGED = 0xffffffffL;

    /** A thread's real, effective, saved and file-system ids (credentials(7)). */
    public record Ids(long real, long effective, long saved, long fs) {}

    private ThreadIds() {}

    /** This thread's user ids, or null if they cannot be read. */
    public static Ids uids() {
        return read(SYS_GETRESUID, SYS_SETFSUID);
    }

    /** This thread's group ids, or null if they cannot be read. */
    public static Ids gids() {
        return read(SYS_GETRESGID, SYS_SETFSGID);
    }

    /**
     * {@code setresuid(-1, uid, -1)} on this thread: its effective uid, and with it its fs uid. 0
     * or {@code -errno}.
     */
    public static int setEffectiveUid(long uid) {
        return (int)
                Native.ret(Native.LIBC.syscall(SYS_SETRESUID, UNCHANGED, uid, UNCHANGED, 0, 0, 0));
    }

    /**
     * {@code setresgid(-1, gid, -1)} on this thread: its effective gid, and with it its fs gid. 0
     * or {@code -errno}.
     */
    public static int setEffectiveGid(long gid) {
        return (int)
                Native.ret(Native.LIBC.syscall(SYS_SETRESGID, UNCHANGED, gid, UNCHANGED, 0, 0, 0));
    }

    /**
     * {@code setfsuid(uid)} on this thread. The syscall reports no error: it returns the previous
     * fs uid either way, so the caller checks {@link #uids()} afterwards.
     */
    public static void setFsUid(long uid) {
        Native.LIBC.syscall(SYS_SETFSUID, uid, 0, 0, 0, 0, 0);
    }

    /**
     * {@code setfsgid(gid)} on this thread; as {@link #setFsUid}, check {@link #gids()} afterwards.
     */
    public static void setFsGid(long gid) {
        Native.LIBC.syscall(SYS_SETFSGID, gid, 0, 0, 0, 0, 0);
    }

    private static Ids read(int getres, int setfs) {
        Pointer p = Memory.allocateDirect(Native.RUNTIME, 12, true);
        if (Native.ret(
                        Native.LIBC.syscall(
                                getres, p.address(), p.address() + 4, p.address() + 8, 0, 0, 0))
                < 0) {
            return null;
        }
        long fs = Native.LIBC.syscall(setfs, UNCHANGED, 0, 0, 0, 0, 0) & UNCHANGED;
        return new Ids(
                Integer.toUnsignedLong(p.getInt(0)),
                Integer.toUnsignedLong(p.getInt(4)),
                Integer.toUnsignedLong(p.getInt(8)),
                fs);
    }
}
