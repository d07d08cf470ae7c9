package dev.sluice.sentry.nativeio;

/**
 * The seccomp user-notification ABI, from include/uapi/linux/seccomp.h (Linux 6.18). Layouts are
 * declared once here, in C field order; {@code SeccompAbiTest} compares every size, offset and
 * request number with {@code sluice-abi-dump}, which prints them from the real headers.
 */
public final class SeccompAbi {
    /** struct seccomp_data { int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6]; } */
    public static final int DATA_SIZE = 64;

    public static final int DATA_OFF_NR = 0;
    public static final int DATA_OFF_ARCH = 4;
    public static final int DATA_OFF_IP = 8;
    public static final int DATA_OFF_ARGS = 16;

    /** struct seccomp_notif { __u64 id; __u32 pid; __u32 flags; struct seccomp_data data; } */
    public static final int NOTIF_SIZE = 80;

    public static final int NOTIF_OFF_ID = 0;
    public static final int NOTIF_OFF_PID = 8;
    public static final int NOTIF_OFF_FLAGS = 12;
    public static final int NOTIF_OFF_DATA = 16;

    /** struct seccomp_notif_resp { __u64 id; __s64 val; __s32 error; __u32 flags; } */
    public static final int RESP_SIZE = 24;

    public static final int RESP_OFF_ID = 0;
    public static final int RESP_OFF_VAL = 8;
    public static final int RESP_OFF_ERROR = 16;
    public static final int RESP_OFF_FLAGS = 20;

    /**
     * struct seccomp_notif_addfd { __u64 id; __u32 flags; __u32 srcfd; __u32 newfd; __u32
     * newfd_flags; }
     */
    public static final int ADDFD_SIZE = 24;

    public static final int ADDFD_OFF_ID = 0;
    public static final int ADDFD_OFF_FLAGS = 8;
    public static final int ADDFD_OFF_SRCFD = 12;
    public static final int ADDFD_OFF_NEWFD = 16;
    public static final int ADDFD_OFF_NEWFD_FLAGS = 20;

    // #define SECCOMP_IOC_MAGIC '!'
    public static final long IOCTL_NOTIF_RECV =
            0xc0502100L; // SECCOMP_IOWR(0, struct seccomp_notif)
    public static final long IOCTL_NOTIF_SEND =
            0xc0182101L; // SECCOMP_IOWR(1, struct seccomp_notif_resp)
    public static final long IOCTL_NOTIF_ID_VALID = 0x40082102L; // SECCOMP_IOW(2, __u64)
    public static final long IOCTL_NOTIF_ADDFD =
            0x40182103L; // SECCOMP_IOW(3, struct seccomp_notif_addfd)
    public static final long IOCTL_NOTIF_SET_FLAGS = 0x40082104L; // SECCOMP_IOW(4, __u64)

    public static final int USER_NOTIF_FLAG_CONTINUE = 1;
    public static final int ADDFD_FLAG_SETFD = 1;
    public static final int ADDFD_FLAG_SEND = 2;
    public static final long USER_NOTIF_FD_SYNC_WAKE_UP = 1;

    /**
     * include/uapi/linux/audit.h: AUDIT_ARCH_X86_64 = EM_X86_64 | __AUDIT_ARCH_64BIT |
     * __AUDIT_ARCH_LE
     */
    public static final int AUDIT_ARCH_X86_64 = 0xc000003e;

    // A filter of the sentry's own, on one of its threads (SelfTrap): seccomp(2), the classic BPF
    // of include/uapi/linux/filter.h and bpf_common.h, prctl(2).
    public static final int SET_MODE_FILTER = 1;
    public static final int FILTER_FLAG_NEW_LISTENER = 1 << 3;
    public static final int RET_USER_NOTIF = 0x7fc00000;
    public static final int RET_ALLOW = 0x7fff0000;
    public static final int PR_SET_NO_NEW_PRIVS = 38;

    /** struct sock_filter { __u16 code; __u8 jt; __u8 jf; __u32 k; } */
    public static final int SOCK_FILTER_SIZE = 8;

    /** struct sock_fprog { unsigned short len; struct sock_filter *filter; } */
    public static final int SOCK_FPROG_SIZE = 16;

    public static final int SOCK_FPROG_OFF_FILTER = 8;
    public static final int BPF_LD_W_ABS = 0x20;
    public static final int BPF_JMP_JEQ_K = 0x15;
    public static final int BPF_RET_K = 0x06;

    private SeccompAbi() {}
}
