package dev.sluice.sentry.nativeio;

/**
 * The x86_64 syscall numbers that Sluice's Java code calls directly ({@code LibC.syscall}), in one
 * place: arch/x86/entry/syscalls/syscall_64.tbl. Each is compared with the {@code SYS_*} value of
 * the C library's headers that {@code sluice-abi-dump} prints (SyscallsTest), as {@code Native}'s
 * layouts are.
 */
public final class Syscalls {
    // The sentry: files, the caller's identity, its memory, the seccomp listener.
    public static final int SYS_FSTAT = 5;
    public static final int SYS_RT_SIGACTION = 13;
    public static final int SYS_IOCTL = 16;
    public static final int SYS_FSTATFS = 138;
    public static final int SYS_PRLIMIT64 = 302;
    public static final int SYS_PROCESS_VM_READV = 310;
    public static final int SYS_PROCESS_VM_WRITEV = 311;
    public static final int SYS_KCMP = 312;
    public static final int SYS_SECCOMP = 317;
    public static final int SYS_PIDFD_OPEN = 434;
    public static final int SYS_PIDFD_GETFD = 438;

    // The write family a proxy in strict mode traps (WriteRequest): what reaches a char device's
    // ->write. pwrite64 and pwritev fail with ESPIPE on a stream file before they get there.
    public static final int SYS_WRITE = 1;
    public static final int SYS_WRITEV = 20;
    public static final int SYS_PWRITEV2 = 328;

    // The open family a proxy that opens its devices itself traps (OpenRequest), and what the
    // sentry opens such a device with: a detached clone of its directory's mount, made nodev once
    // the file is open (DeviceOpener).
    public static final int SYS_OPEN = 2;
    public static final int SYS_CREAT = 85;
    public static final int SYS_OPENAT = 257;
    public static final int SYS_OPENAT2 = 437;
    public static final int SYS_OPEN_TREE = 428;
    public static final int SYS_MOUNT_SETATTR = 442;

    // Ids and credentials of the calling thread (ThreadCaps, ThreadIds): raw syscalls, since a
    // sentry
    // worker's credentials are its own, and libc's wrappers would set them for the whole process.
    public static final int SYS_GETEUID = 107;
    public static final int SYS_SETRESUID = 117;
    public static final int SYS_GETRESUID = 118;
    public static final int SYS_SETRESGID = 119;
    public static final int SYS_GETRESGID = 120;
    public static final int SYS_SETFSUID = 122;
    public static final int SYS_SETFSGID = 123;
    public static final int SYS_CAPGET = 125;
    public static final int SYS_CAPSET = 126;
    public static final int SYS_GETTID = 186;

    // Sockets: the control socket, the runtime service's socket.
    public static final int SYS_SOCKET = 41;
    public static final int SYS_CONNECT = 42;
    public static final int SYS_SHUTDOWN = 48;
    public static final int SYS_BIND = 49;
    public static final int SYS_LISTEN = 50;
    public static final int SYS_SETSOCKOPT = 54;
    public static final int SYS_GETSOCKOPT = 55;
    public static final int SYS_ACCEPT4 = 288;

    // Processes and fds of the OCI runtime.
    public static final int SYS_DUP2 = 33;
    public static final int SYS_WAIT4 = 61;
    public static final int SYS_FCNTL = 72;
    public static final int SYS_SETSID = 112;
    public static final int SYS_PRCTL = 157;
    public static final int SYS_PIPE2 = 293;
    public static final int SYS_PIDFD_SEND_SIGNAL = 424;

    // RDMAProxy's rdma_cm executors: each joins the network namespace of the guests it runs
    // commands for.
    public static final int SYS_SETNS = 308;

    private Syscalls() {}
}
