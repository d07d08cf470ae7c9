package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Syscalls;

import java.util.List;

/**
 * One trapped call of the open family, decoded once from its seccomp notification: trapped only
 * where a proxy opens its devices itself ({@link DeviceProxy#opensDevices()}).
 *
 * <p>From fs/open.c (x86_64): {@code open(const char *filename, int flags, umode_t mode)}, {@code
 * creat(const char *pathname, umode_t mode)} (which is {@code O_CREAT | O_WRONLY | O_TRUNC}),
 * {@code openat(int dfd, const char *filename, int flags, umode_t mode)} and {@code openat2(int
 * dfd, const char *filename, struct open_how *how, size_t usize)}. The flags of {@code openat2} are
 * in guest memory ({@code struct open_how}, include/uapi/linux/openat2.h); they are read by the
 * dispatcher, not here. The dirfd is truncated to 32 bits as the kernel's {@code int dfd} is.
 *
 * @param tid the calling thread, for logs only
 * @param syscall one of {@link #SYSCALLS}' numbers
 * @param dirfd the directory fd ({@link #AT_FDCWD} for {@code open} and {@code creat})
 * @param path the path's guest address
 * @param flags the open flags; for {@code openat2}, 0 (they are behind {@link #how})
 * @param how {@code openat2}'s {@code struct open_how} guest address; 0 for the others
 * @param howSize {@code openat2}'s {@code usize}; 0 for the others
 */
public record OpenRequest(
        int tid, int syscall, int dirfd, long path, int flags, long how, long howSize) {
    /** The syscalls trapped, by the names libseccomp knows them by. */
    public static final List<String> SYSCALLS = List.of("open", "openat", "openat2", "creat");

    /** include/uapi/linux/fcntl.h */
    public static final int AT_FDCWD = -100;

    // include/uapi/asm-generic/fcntl.h (x86_64)
    public static final int O_ACCMODE = 03;
    public static final int O_WRONLY = 01;
    public static final int O_CREAT = 0100;
    public static final int O_TRUNC = 01000;

    /** {@code sizeof(struct open_how)}: u64 flags, u64 mode, u64 resolve. */
    public static final int OPEN_HOW_SIZE = 24;

    /** Whether {@code nr} is one of {@link #SYSCALLS}. */
    public static boolean traps(int nr) {
        return nr == Syscalls.SYS_OPEN
                || nr == Syscalls.SYS_OPENAT
                || nr == Syscalls.SYS_OPENAT2
                || nr == Syscalls.SYS_CREAT;
    }

    /** Decodes the registers of a trapped call of {@code nr}, one of {@link #SYSCALLS}. */
    public static OpenRequest of(int tid, int nr, long[] args) {
        return switch (nr) {
            case Syscalls.SYS_OPEN ->
                    new OpenRequest(tid, nr, AT_FDCWD, args[0], (int) args[1], 0, 0);
            case Syscalls.SYS_CREAT ->
                    new OpenRequest(tid, nr, AT_FDCWD, args[0], O_CREAT | O_WRONLY | O_TRUNC, 0, 0);
            case Syscalls.SYS_OPENAT ->
                    new OpenRequest(tid, nr, (int) args[0], args[1], (int) args[2], 0, 0);
            case Syscalls.SYS_OPENAT2 ->
                    new OpenRequest(tid, nr, (int) args[0], args[1], 0, args[2], args[3]);
            default ->
                    throw new IllegalArgumentException(
                            "syscall " + nr + " is not of the open family");
        };
    }

    /** {@code open}, {@code openat}, {@code openat2} or {@code creat}. */
    public String syscallName() {
        return switch (syscall) {
            case Syscalls.SYS_OPEN -> "open";
            case Syscalls.SYS_CREAT -> "creat";
            case Syscalls.SYS_OPENAT -> "openat";
            default -> "openat2";
        };
    }

    @Override
    public String toString() {
        return syscallName() + "(" + dirfd + ", 0x" + Long.toHexString(path) + ") from tid " + tid;
    }
}
