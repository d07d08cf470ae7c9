package dev.sluice.sentry.nativeio;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What kind of file an fd in the sentry's own table is, for proxies that must check an fd a guest
 * named in ioctl params before acting on it: a dma-buf for a DMABUF import, a uverbs event file for
 * a completion channel. Facts about the sentry's dup, so a guest cannot change them mid-call.
 */
public final class FileKinds {
    /** {@code DMA_BUF_MAGIC}, the {@code f_type} of dma-buf files (include/uapi/linux/magic.h). */
    static final long DMA_BUF_MAGIC = 0x444d4142L;

    /**
     * {@code sizeof(struct statfs)} on x86_64 (include/uapi/asm-generic/statfs.h); {@code f_type}
     * at 0.
     */
    static final int STATFS_SIZE = 120;

    private FileKinds() {}

    /** Whether {@code fd} is a dma-buf: its file system is the dma-buf pseudo file system. */
    public static boolean isDmaBuf(int fd) {
        Pointer st = Memory.allocateDirect(Native.RUNTIME, STATFS_SIZE, true);
        return Native.fstatfs(fd, st.address()) == 0 && st.getLong(0) == DMA_BUF_MAGIC;
    }

    /**
     * What {@code /proc/self/fd/FD} links to: a path, or {@code anon_inode:[name]} for anonymous
     * files such as {@code anon_inode:[infinibandevent]}. Null when {@code fd} is not open.
     */
    public static String link(int fd) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/" + fd)).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
