package dev.sluice.rdmaproxy;

import dev.sluice.sentry.nativeio.DeviceOpener;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.FileKinds;
import dev.sluice.sentry.nativeio.Native;
import dev.sluice.sentry.nativeio.StatLayout;
import dev.sluice.sentry.nativeio.Syscalls;
import dev.sluice.sentry.spi.CharDevice;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The syscalls with which RDMAProxy executes rdma_cm commands itself (docs/rdma-drivers.md,
 * "rdma_cm"), on fds of the sentry's own table: the seam its unit tests script with a fake kernel.
 * Every method returns {@code -errno} on failure rather than throwing.
 */
interface RdmaCmHost {
    /** {@code write(fd, buf, len)}: the bytes written, or {@code -errno}. */
    long write(int fd, long buf, long len);

    /**
     * {@code poll} of {@code fd} for {@code POLLIN} for at most {@code timeoutMillis}: positive
     * when readable (or in error: the write then says which), 0 on timeout, or {@code -errno}.
     */
    int poll(int fd, int timeoutMillis);

    /** {@code fcntl(fd, F_GETFL)}: the open file's status flags, or {@code -errno}. */
    int statusFlags(int fd);

    /**
     * The id of the mount {@code fd}'s file lies on ({@code mnt_id} of {@code
     * /proc/self/fdinfo/FD}), or {@code -errno}. The sentry opens each rdma_cm file through a
     * detached mount of its own, which lives as long as the file: while the file is open, the id
     * names it and no other.
     */
    long mountId(int fd);

    /**
     * What {@code fd} is, as {@code /proc/self/fd} shows it ({@code net:[4026531840]}), or null.
     */
    String link(int fd);

    /** The network namespace of the calling thread, as {@link #link} shows one, or null. */
    String ownNetns();

    /** {@code setns(fd, CLONE_NEWNET)} for the calling thread: 0 or {@code -errno}. */
    int joinNetns(int fd);

    /**
     * Opens {@code node} with {@code flags} on a nodev detached mount ({@link DeviceOpener}), with
     * the calling thread's own credentials (which must allow the mount syscalls): an fd or {@code
     * -errno}.
     */
    int open(Path node, int flags);

    /** The char device behind {@code fd}, or null when it is not one. */
    CharDevice charDevice(int fd);

    int close(int fd);

    /** include/uapi/linux/sched.h */
    int CLONE_NEWNET = 0x40000000;

    /** include/uapi/asm-generic/fcntl.h */
    int F_GETFL = 3;

    /** The real one. */
    RdmaCmHost NATIVE =
            new RdmaCmHost() {
                @Override
                public long write(int fd, long buf, long len) {
                    return Native.ret(Native.LIBC.write(fd, buf, len));
                }

                @Override
                public int poll(int fd, int timeoutMillis) {
                    Pointer p = Memory.allocateDirect(Native.RUNTIME, 8, true);
                    p.putInt(0, fd);
                    p.putShort(4, Native.POLLIN);
                    return (int) Native.ret(Native.LIBC.poll(p.address(), 1, timeoutMillis));
                }

                @Override
                public int statusFlags(int fd) {
                    return (int)
                            Native.ret(
                                    Native.LIBC.syscall(
                                            Syscalls.SYS_FCNTL, fd, F_GETFL, 0, 0, 0, 0));
                }

                @Override
                public long mountId(int fd) {
                    try {
                        for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo/" + fd))) {
                            if (line.startsWith("mnt_id:")) {
                                return Long.parseLong(line.substring(7).trim());
                            }
                        }
                        return -Errno.EINVAL;
                    } catch (IOException | NumberFormatException e) {
                        return -Errno.EBADF;
                    }
                }

                @Override
                public String link(int fd) {
                    return FileKinds.link(fd);
                }

                @Override
                public String ownNetns() {
                    try {
                        return Files.readSymbolicLink(Path.of("/proc/thread-self/ns/net"))
                                .toString();
                    } catch (IOException e) {
                        return null;
                    }
                }

                @Override
                public int joinNetns(int fd) {
                    return (int)
                            Native.ret(
                                    Native.LIBC.syscall(
                                            Syscalls.SYS_SETNS, fd, CLONE_NEWNET, 0, 0, 0, 0));
                }

                @Override
                public int open(Path node, int flags) {
                    return DeviceOpener.open(node, flags, DeviceOpener.Mounter.DIRECT);
                }

                @Override
                public CharDevice charDevice(int fd) {
                    return CharDevice.of(
                            fd, Memory.allocateDirect(Native.RUNTIME, StatLayout.SIZE, true));
                }

                @Override
                public int close(int fd) {
                    return Native.close(fd);
                }
            };
}
