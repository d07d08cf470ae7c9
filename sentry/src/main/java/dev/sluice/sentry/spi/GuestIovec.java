package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.Arena;
import dev.sluice.sentry.nativeio.Errno;

import jnr.ffi.Pointer;

import java.util.ArrayList;
import java.util.List;

/**
 * The buffers of a write-family call ({@link WriteRequest}), as the kernel walks them: one for
 * {@code write}, the guest's iovec array for the others. For a file with {@code ->write} but no
 * {@code ->write_iter} (uverbs, rdma_cm) the kernel calls {@code ->write} once per non-empty
 * segment ({@code do_loop_readv_writev}, fs/read_write.c), so each segment is one command there.
 */
public final class GuestIovec {
    /** {@code UIO_MAXIOV} (include/uapi/linux/uio.h): more iovecs fail with EINVAL. */
    public static final int UIO_MAXIOV = 1024;

    /** {@code sizeof(struct iovec)} on x86_64: {@code void *iov_base; size_t iov_len}. */
    public static final int IOVEC_SIZE = 16;

    /** One guest buffer. */
    public record Segment(long addr, long len) {}

    /** The segments in order, or the errno the kernel would fail the call with. */
    public record Segments(List<Segment> list, int errno) {
        static Segments fail(int errno) {
            return new Segments(List.of(), errno);
        }
    }

    private GuestIovec() {}

    /**
     * Reads the call's segments: the iovec array is copied from guest memory once (EFAULT if it
     * cannot be), more than {@link #UIO_MAXIOV} is EINVAL, empty segments are left out.
     */
    public static Segments read(WriteRequest r, GuestMemory memory, Arena arena) {
        if (!r.vectored()) {
            return new Segments(
                    r.count() == 0 ? List.of() : List.of(new Segment(r.addr(), r.count())), 0);
        }
        if (Long.compareUnsigned(r.count(), UIO_MAXIOV) > 0) {
            return Segments.fail(Errno.EINVAL);
        }
        int n = (int) r.count();
        if (n == 0) {
            return new Segments(List.of(), 0);
        }
        Pointer iov = arena.alloc((long) n * IOVEC_SIZE);
        int rc = memory.read(r.addr(), iov, (long) n * IOVEC_SIZE);
        if (rc < 0) {
            return Segments.fail(-rc);
        }
        List<Segment> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long base = iov.getLong((long) i * IOVEC_SIZE);
            long len = iov.getLong((long) i * IOVEC_SIZE + 8);
            if (len < 0) {
                return Segments.fail(Errno.EINVAL); // rw_copy_check_uvector: len > SSIZE_MAX
            }
            if (len > 0) {
                out.add(new Segment(base, len));
            }
        }
        return new Segments(List.copyOf(out), 0);
    }
}
