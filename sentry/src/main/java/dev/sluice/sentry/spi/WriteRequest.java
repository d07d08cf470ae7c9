package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Syscalls;

import java.util.List;

/**
 * One trapped call of the write family, decoded once from its seccomp notification: what reaches a
 * char device's {@code ->write} ({@code write}, {@code writev} and {@code pwritev2} at the file
 * position). A proxy asks for it only in a strict mode ({@link DeviceProxy#mediatesWrites()}).
 *
 * <p>From fs/read_write.c: {@code write(unsigned int fd, const char *buf, size_t count)}, {@code
 * writev(unsigned long fd, const struct iovec *vec, unsigned long vlen)} and {@code
 * pwritev2(unsigned long fd, const struct iovec *vec, unsigned long vlen, unsigned long pos_l,
 * unsigned long pos_h, rwf_t flags)}. The fd is truncated to 32 bits as {@code fdget} does. On
 * x86_64 {@code pos_from_hilo} shifts {@code pos_h} out entirely, so the offset is {@code pos_l};
 * an offset of -1 means the file position, where {@code pwritev2} is {@code writev}. {@code
 * pwrite64} and {@code pwritev}, and {@code pwritev2} at any other offset, need {@code
 * FMODE_PWRITE}, which {@code stream_open} (uverbs, rdma_cm) clears: they fail with ESPIPE before
 * the file's {@code ->write}, so they are not trapped.
 *
 * @param tid the calling thread, for logs only
 * @param syscall {@link Syscalls#SYS_WRITE}, {@link Syscalls#SYS_WRITEV} or {@link
 *     Syscalls#SYS_PWRITEV2}
 * @param fd the guest's fd number
 * @param addr the buffer ({@code write}) or the iovec array (the others): a guest address
 * @param count the byte count ({@code write}) or the number of iovecs
 * @param offset {@code pwritev2}'s offset; -1 (the file position) for the others
 */
public record WriteRequest(int tid, int syscall, int fd, long addr, long count, long offset) {
    /** The syscalls a strict mode traps, by the names libseccomp knows them by. */
    public static final List<String> SYSCALLS = List.of("write", "writev", "pwritev2");

    /** Whether {@code nr} is one of {@link #SYSCALLS}. */
    public static boolean traps(int nr) {
        return nr == Syscalls.SYS_WRITE || nr == Syscalls.SYS_WRITEV || nr == Syscalls.SYS_PWRITEV2;
    }

    /** Decodes the registers of a trapped call of {@code nr}, one of {@link #SYSCALLS}. */
    public static WriteRequest of(int tid, int nr, long[] args) {
        if (!traps(nr)) {
            throw new IllegalArgumentException("syscall " + nr + " is not of the write family");
        }
        return new WriteRequest(
                tid,
                nr,
                (int) args[0],
                args[1],
                args[2],
                nr == Syscalls.SYS_PWRITEV2 ? args[3] : -1);
    }

    /** Whether {@link #addr} is an iovec array. */
    public boolean vectored() {
        return syscall != Syscalls.SYS_WRITE;
    }

    /**
     * Whether the call can reach the {@code ->write} of a stream file (uverbs, rdma_cm): all but a
     * {@code pwritev2} at an offset, which the kernel fails with ESPIPE there.
     */
    public boolean reachesStreams() {
        return offset == -1;
    }

    /** {@code write}, {@code writev} or {@code pwritev2}. */
    public String syscallName() {
        return switch (syscall) {
            case Syscalls.SYS_WRITE -> "write";
            case Syscalls.SYS_WRITEV -> "writev";
            default -> "pwritev2";
        };
    }

    @Override
    public String toString() {
        return syscallName()
                + "("
                + fd
                + ", 0x"
                + Long.toHexString(addr)
                + ", "
                + Long.toUnsignedString(count)
                + ") from tid "
                + tid;
    }
}
