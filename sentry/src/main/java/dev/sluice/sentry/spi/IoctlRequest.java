package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Ioctl;

/**
 * One trapped {@code ioctl(fd, cmd, arg)}, decoded once from its seccomp notification: the only
 * place the sentry reads the syscall's registers. Everything here is a race-free fact: a copy of
 * what the guest passed, which it cannot change after the trap.
 *
 * <p>The kernel takes {@code unsigned int fd, unsigned int cmd, unsigned long arg} ({@code
 * SYSCALL_DEFINE3(ioctl, ...)}, fs/ioctl.c), so the fd and the request are truncated to 32 bits
 * here exactly as it truncates them: a guest passing {@code 0xffffffff80045430} calls {@code
 * 0x80045430}.
 *
 * @param tid the calling thread (a pid in the sentry's namespace), for logs and traces only: a tid
 *     is a number that a dead thread's successor may get, so nothing may be looked up by it; the
 *     sentry reaches the caller through {@link IoctlCall#guestFile} and {@link IoctlCall#memory}
 *     alone
 * @param fd the guest's fd number: a plain value, never closed by the sentry
 * @param cmd the request, 32 bits; its {@code _IOC} fields are {@link #dir}, {@link #type}, {@link
 *     #nr} and {@link #size}
 * @param arg the raw third argument: a guest pointer to the params for most requests
 */
public record IoctlRequest(int tid, int fd, int cmd, long arg) {

    /**
     * Decodes the registers of a trapped {@code ioctl}: {@code fd} and {@code cmd} as the kernel
     * truncates them.
     */
    public static IoctlRequest of(int tid, long fd, long cmd, long arg) {
        return new IoctlRequest(tid, (int) fd, (int) cmd, arg);
    }

    /** {@code _IOC_DIR}: {@link Ioctl#READ}/{@link Ioctl#WRITE} bits. */
    public int dir() {
        return Ioctl.dir(cmd);
    }

    /** {@code _IOC_TYPE}: the type byte ({@code 'F'} for NVIDIA's frontend). */
    public int type() {
        return Ioctl.type(cmd);
    }

    /** {@code _IOC_NR}. */
    public int nr() {
        return Ioctl.nr(cmd);
    }

    /** {@code _IOC_SIZE}: the params size the request declares. */
    public int size() {
        return Ioctl.size(cmd);
    }

    @Override
    public String toString() {
        return "ioctl("
                + fd
                + ", "
                + Ioctl.hex(cmd)
                + ", 0x"
                + Long.toHexString(arg)
                + ") from tid "
                + tid;
    }
}
