package dev.sluice.nvproxy.frontend;

import dev.sluice.sentry.nativeio.FileKinds;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;
import dev.sluice.sentry.spi.CharDevice;
import jnr.ffi.Memory;

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
        @Override
        public int ioctl(int fd, int request, long arg) {
            return Native.ioctl(fd, Integer.toUnsignedLong(request), arg);
        }

        @Override
        public boolean isDmaBuf(int fd) {
            return FileKinds.isDmaBuf(fd);
        }

        @Override
        public CharDevice charDevice(int fd) {
            return CharDevice.of(fd, Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE, true));
        }
    };
}
