package dev.sluice.rdmaproxy;

import dev.sluice.sentry.nativeio.FileKinds;
import dev.sluice.sentry.nativeio.Native;

/**
 * The host side of an emulated uverbs call: the {@code RDMA_VERBS_IOCTL} the sentry issues on its
 * dup of the guest's uverbs fd, and the checks on fds a call names. An interface so the emulation
 * can be tested against a scripted kernel on machines without an RDMA device.
 */
public interface UverbsHost {
    /** {@code ioctl(fd, request, arg)}; the result or {@code -errno}. */
    int ioctl(int fd, int request, long arg);

    /** Whether {@code fd} (in the sentry's table) is a dma-buf. */
    boolean isDmaBuf(int fd);

    /** What {@code fd} (in the sentry's table) is, as {@code /proc/self/fd} shows it; null when not open. */
    String link(int fd);

    /** The real one. */
    UverbsHost NATIVE = new UverbsHost() {
        @Override
        public int ioctl(int fd, int request, long arg) {
            return Native.ioctl(fd, Integer.toUnsignedLong(request), arg);
        }

        @Override
        public boolean isDmaBuf(int fd) {
            return FileKinds.isDmaBuf(fd);
        }

        @Override
        public String link(int fd) {
            return FileKinds.link(fd);
        }
    };
}
