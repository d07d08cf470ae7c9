package dev.sluice.sentry.spi;

import dev.sluice.sentry.nativeio.FileKinds;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;

import jnr.ffi.Memory;

/**
 * The host side of an emulated call, for every proxy: the ioctl the sentry issues on its dup of the
 * guest's fd, and the checks on fds a call names (translated into the sentry's table first). An
 * interface so that handlers can be tested against a mock or scripted driver on machines without
 * the device.
 */
public interface HostDevice {
    /** {@code ioctl(fd, request, arg)}; the result or {@code -errno}. */
    int ioctl(int fd, int request, long arg);

    /** Whether {@code fd} (in the sentry's table) is a dma-buf. */
    boolean isDmaBuf(int fd);

    /** The char device behind {@code fd} (in the sentry's table), or null when it is not one. */
    CharDevice charDevice(int fd);

    /**
     * What {@code fd} (in the sentry's table) is, as {@code /proc/self/fd} shows it; null when not
     * open.
     */
    String link(int fd);

    /** The real one. */
    HostDevice NATIVE =
            new HostDevice() {
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
                    return CharDevice.of(
                            fd, Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE, true));
                }

                @Override
                public String link(int fd) {
                    return FileKinds.link(fd);
                }
            };
}
