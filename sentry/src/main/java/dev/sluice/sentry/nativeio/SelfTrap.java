package dev.sluice.sentry.nativeio;

import static dev.sluice.sentry.nativeio.SeccompAbi.BPF_JMP_JEQ_K;
import static dev.sluice.sentry.nativeio.SeccompAbi.BPF_LD_W_ABS;
import static dev.sluice.sentry.nativeio.SeccompAbi.BPF_RET_K;

import jnr.ffi.Pointer;

/**
 * A seccomp filter on the calling thread alone that hands each of its {@code ioctl}s to a new
 * listener: the sentry's way of trapping a thread of its own, so that the path a sandbox's calls
 * take can be run (and compiled) before the sandbox makes any ({@code
 * dev.sluice.sentry.Rehearsal}).
 *
 * <p>The filter is installed without {@code SECCOMP_FILTER_FLAG_TSYNC}, so no other thread of the
 * JVM gets it; {@code PR_SET_NO_NEW_PRIVS}, which an unprivileged filter needs, is set on the
 * calling thread only (both are per task). Both last until the thread exits, which is why the
 * calling thread must be one made for the purpose: it can never make an ioctl again without a
 * listener answering it. The program: any architecture but x86_64 is allowed through (nothing of
 * this JVM runs another), {@code ioctl} goes to the listener, everything else is allowed.
 */
public final class SelfTrap {
    private static final int[][] PROGRAM = {
        {BPF_LD_W_ABS, 0, 0, SeccompAbi.DATA_OFF_ARCH},
        {BPF_JMP_JEQ_K, 0, 3, SeccompAbi.AUDIT_ARCH_X86_64},
        {BPF_LD_W_ABS, 0, 0, SeccompAbi.DATA_OFF_NR},
        {BPF_JMP_JEQ_K, 0, 1, Syscalls.SYS_IOCTL},
        {BPF_RET_K, 0, 0, SeccompAbi.RET_USER_NOTIF},
        {BPF_RET_K, 0, 0, SeccompAbi.RET_ALLOW},
    };

    private SelfTrap() {}

    /**
     * Installs the filter on the calling thread: its listener (close-on-exec, as every seccomp
     * listener), or an {@link ErrnoException} naming what failed. Once this returns, every ioctl
     * the thread makes waits for an answer on the listener.
     */
    public static HostFd trapIoctls(Arena arena) {
        Native.check(
                Native.ret(
                        Native.LIBC.syscall(
                                Syscalls.SYS_PRCTL, SeccompAbi.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0, 0)),
                "prctl(PR_SET_NO_NEW_PRIVS)");
        Pointer filter = arena.alloc((long) PROGRAM.length * SeccompAbi.SOCK_FILTER_SIZE);
        for (int i = 0; i < PROGRAM.length; i++) {
            long at = (long) i * SeccompAbi.SOCK_FILTER_SIZE;
            filter.putShort(at, (short) PROGRAM[i][0]);
            filter.putByte(at + 2, (byte) PROGRAM[i][1]);
            filter.putByte(at + 3, (byte) PROGRAM[i][2]);
            filter.putInt(at + 4, PROGRAM[i][3]);
        }
        Pointer prog = arena.alloc(SeccompAbi.SOCK_FPROG_SIZE);
        prog.putShort(0, (short) PROGRAM.length);
        prog.putLong(SeccompAbi.SOCK_FPROG_OFF_FILTER, filter.address());
        long fd =
                Native.check(
                        Native.ret(
                                Native.LIBC.syscall(
                                        Syscalls.SYS_SECCOMP,
                                        SeccompAbi.SET_MODE_FILTER,
                                        SeccompAbi.FILTER_FLAG_NEW_LISTENER,
                                        prog.address(),
                                        0,
                                        0,
                                        0)),
                        "seccomp(SECCOMP_SET_MODE_FILTER, NEW_LISTENER)");
        return HostFd.adopt((int) fd);
    }
}
