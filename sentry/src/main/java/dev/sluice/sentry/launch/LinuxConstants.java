package dev.sluice.sentry.launch;

/** Mount, namespace and capability constants the plan compiler writes into launch plans. */
final class LinuxConstants {
    // include/uapi/linux/sched.h
    static final long CLONE_NEWNS = 0x00020000L;
    static final long CLONE_NEWUTS = 0x04000000L;
    static final long CLONE_NEWIPC = 0x08000000L;
    static final long CLONE_NEWPID = 0x20000000L;
    static final long CLONE_NEWNET = 0x40000000L;

    // include/uapi/linux/mount.h
    static final long MS_RDONLY = 1;
    static final long MS_NOSUID = 2;
    static final long MS_NODEV = 4;
    static final long MS_NOEXEC = 8;
    static final long MS_BIND = 4096;
    static final long MS_REC = 16384;
    static final long MS_PRIVATE = 1L << 18;
    static final long MOUNT_ATTR_RDONLY = 0x1;
    static final long MOUNT_ATTR_NOSUID = 0x2;
    static final long MOUNT_ATTR_NODEV = 0x4;

    // include/linux/socket.h, include/uapi/asm-generic/errno.h
    static final int AF_NETLINK = 16;
    static final int EPROTONOSUPPORT = 93;

    // include/uapi/linux/capability.h
    static final int CAP_CHOWN = 0;
    static final int CAP_DAC_OVERRIDE = 1;
    static final int CAP_FOWNER = 3;
    static final int CAP_FSETID = 4;
    static final int CAP_KILL = 5;
    static final int CAP_SETGID = 6;
    static final int CAP_SETUID = 7;
    static final int CAP_SETPCAP = 8;
    static final int CAP_NET_BIND_SERVICE = 10;
    static final int CAP_NET_RAW = 13;
    static final int CAP_SYS_CHROOT = 18;
    static final int CAP_AUDIT_WRITE = 29;
    static final int CAP_SETFCAP = 31;

    private LinuxConstants() {}
}
