package dev.sluice.sentry.launch;

import java.util.List;

/**
 * io_uring in a sandbox whose ioctls the sentry traps: refused by Sluice's own filter unless the
 * user opts in ({@code sluice run --allow-io-uring}, the OCI annotation {@code
 * dev.sluice.allow-io-uring}).
 *
 * <p>Why: a ring makes the kernel run operations without the syscalls a seccomp filter sees. {@code
 * IORING_OP_SOCKET} (Linux 5.19) makes a socket without {@code socket()}, so it gets past {@code
 * deny-socket} (the {@code NETLINK_RDMA} refusal that keeps the host's RDMA devices out of an RDMA
 * sandbox's view); {@code IORING_OP_URING_CMD} hands a command to a file's {@code ->uring_cmd}
 * without {@code ioctl()}, so a device that implements it would be driven past the sentry (neither
 * nvidia nor uverbs does today). The rules go into Sluice's filter, not the profile: a profile, the
 * user's own or none ({@code unconfined}), is loaded after it and cannot allow what it refuses.
 *
 * <p>Which calls: {@code io_uring_setup} is the only way to make a ring, and the sandbox has no
 * ring it did not make: sluice-init marks every inherited fd but 0-2 close-on-exec, a ring fd
 * cannot arrive over {@code SCM_RIGHTS} (refused since Linux 6.7, commit 705318a99a13
 * "io_uring/af_unix: disable sending io_uring over sockets"), and taking another process's fd
 * ({@code pidfd_getfd}) needs ptrace rights over a process the sandbox's pid namespace shows.
 * {@code io_uring_enter} and {@code io_uring_register} are refused as well: they cost nothing to
 * refuse (without a ring they fail anyway), and they close the gap the paths above leave, a ring
 * the caller itself hands in as stdio or an OCI {@code --preserve-fds} fd. A ring handed in with
 * {@code IORING_SETUP_SQPOLL} stays usable through its mapped queue without any syscall: that is
 * the caller's choice, made outside the sandbox.
 */
public final class IoUring {
    /** The syscalls refused. */
    public static final List<String> SYSCALLS =
            List.of("io_uring_setup", "io_uring_enter", "io_uring_register");

    /** EPERM, what the container engines' default profile answers for them. */
    public static final int ERRNO = 1;

    private IoUring() {}

    /** Adds the refusals to {@code b}: {@code deny-syscall} ops of Sluice's own filter. */
    public static void deny(LaunchPlan.Builder b) {
        for (String s : SYSCALLS) {
            b.denySyscall(s, ERRNO);
        }
    }
}
