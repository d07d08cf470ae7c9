package dev.sluice.sentry.launch;

import dev.sluice.sentry.spi.OpenRequest;

/**
 * The filter of a sandbox some of whose device nodes the sentry opens itself ({@link
 * dev.sluice.sentry.spi.DeviceProxy#opensDevices}, RDMAProxy's strict mode): the open family
 * ({@link OpenRequest#SYSCALLS}) goes to the sentry, and {@code mknod}/{@code mknodat} of a
 * character device fail with EPERM, so that a guest holding {@code CAP_MKNOD} cannot make a node of
 * its own for the device whose bind mount is nodev. From fs/namei.c: {@code mknod(const char
 * *filename, umode_t mode, unsigned dev)} and {@code mknodat(int dfd, const char *filename, umode_t
 * mode, unsigned int dev)}; the file type is {@code mode & S_IFMT} (include/uapi/linux/stat.h).
 */
public final class OpenTraps {
    private OpenTraps() {}

    static final long S_IFMT = 0170000;
    static final long S_IFCHR = 0020000;
    static final int EPERM = 1;

    /** Adds the {@code notify-syscall} and {@code deny-syscall-arg} ops to {@code b}. */
    public static void add(LaunchPlan.Builder b) {
        for (String s : OpenRequest.SYSCALLS) {
            b.notifySyscall(s);
        }
        b.denySyscallArg("mknod", EPERM, 1, S_IFMT, S_IFCHR);
        b.denySyscallArg("mknodat", EPERM, 2, S_IFMT, S_IFCHR);
    }
}
