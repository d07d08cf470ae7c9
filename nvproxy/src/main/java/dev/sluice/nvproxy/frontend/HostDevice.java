package dev.sluice.nvproxy.frontend;

import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;
import dev.sluice.sentry.spi.CharDevice;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * The host side of an emulated call: the ioctl the sentry issues on its dup of the guest's fd, and
 * the file checks on fds named in params. An interface so handlers can be tested against a mock
 * driver on machines without an NVIDIA GPU.
 */
public interface HostDevice {
    /** {@code ioctl(fd, request, arg)}; the result or {@code -errno}. */
    int ioctl(int fd, int request, long arg);

    /** Whether {@code fd} (in the sentry's table) is a dma-buf. */
    boolean isDmaBuf(int fd);

    /** The char device behind {@code fd} (in the sentry's table), or null when it is not one. */
    CharDevice charDevice(int fd);

    /** The real one. */
    HostDevice NATIVE = new HostDevice() {
        /** {@code DMA_BUF_MAGIC}, the {@code f_type} of dma-buf files (include/uapi/linux/magic.h). */
        private static final long DMA_BUF_MAGIC = 0x444d4142L;
        /** {@code sizeof(struct statfs)} on x86_64 (include/uapi/asm-generic/statfs.h); {@code f_type} at 0. */
        private static final int STATFS_SIZE = 120;

        @Override
        public int ioctl(int fd, int request, long arg) {
            return Native.ioctl(fd, Integer.toUnsignedLong(request), arg);
        }

        @Override
        public boolean isDmaBuf(int fd) {
            Pointer st = Memory.allocateDirect(Native.RUNTIME, STATFS_SIZE, true);
            return Native.fstatfs(fd, st.address()) == 0 && st.getLong(0) == DMA_BUF_MAGIC;
        }

        @Override
        public CharDevice charDevice(int fd) {
            return CharDevice.of(fd, Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE, true));
        }
    };
}
