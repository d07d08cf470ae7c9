package dev.sluice.sentry.nativeio;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.IntSupplier;

/**
 * Opens a device node for a guest so that nothing but that one open file reaches the device: the
 * node is opened through a fresh detached clone of its directory's mount ({@code open_tree} with
 * {@code OPEN_TREE_CLONE}), and that clone is made {@code nodev} ({@code mount_setattr}) once the
 * file is open. The file keeps working (the check, {@code may_open_dev} in fs/namei.c, runs at open
 * only), but its path now lies on a nodev mount, so a reopen through the magic link {@code
 * /proc/PID/fd/N} fails with EACCES. The clone lives as long as the file does.
 *
 * <p>{@code open_tree(OPEN_TREE_CLONE)} and {@code mount_setattr} need {@code CAP_SYS_ADMIN} over
 * the sentry's mount namespace ({@code may_mount}, fs/namespace.c): the caller raises it around
 * them alone ({@link Mounter}); the node itself is opened with the caller's own credentials.
 */
public final class DeviceOpener {
    // include/uapi/linux/mount.h
    static final int OPEN_TREE_CLONE = 1;
    static final int OPEN_TREE_CLOEXEC = Native.O_CLOEXEC;
    static final long MOUNT_ATTR_NODEV = 0x4;

    /** {@code MOUNT_ATTR_SIZE_VER0}: attr_set, attr_clr, propagation, userns_fd, each a u64. */
    static final int MOUNT_ATTR_SIZE = 32;

    // include/uapi/linux/fcntl.h
    static final int AT_FDCWD = -100;
    static final int AT_EMPTY_PATH = 0x1000;

    private DeviceOpener() {}

    /** Runs the two mount syscalls with what they need raised; returns their result. */
    @FunctionalInterface
    public interface Mounter {
        int asMounter(IntSupplier op);

        /** For a thread that already holds what it needs (the sentry's own, tests). */
        Mounter DIRECT = IntSupplier::getAsInt;
    }

    /**
     * Opens {@code node} (an absolute path) with {@code flags} ({@code O_CLOEXEC} added) through a
     * detached clone of its directory's mount, then makes the clone nodev: an fd, or {@code
     * -errno}. A clone that cannot be made nodev fails the open (closed).
     */
    public static int open(Path node, int flags, Mounter mounter) {
        Path dir = node.getParent();
        Path name = node.getFileName();
        if (!node.isAbsolute() || dir == null || name == null) {
            return -Errno.EINVAL;
        }
        Pointer dirPath = cString(dir.toString());
        Pointer namePath = cString(name.toString());
        Pointer empty = cString("");
        int tree =
                mounter.asMounter(
                        () ->
                                (int)
                                        Native.ret(
                                                Native.LIBC.syscall(
                                                        Syscalls.SYS_OPEN_TREE,
                                                        AT_FDCWD,
                                                        dirPath.address(),
                                                        OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC,
                                                        0,
                                                        0,
                                                        0)));
        if (tree < 0) {
            return tree;
        }
        try {
            int fd =
                    (int)
                            Native.ret(
                                    Native.LIBC.syscall(
                                            Syscalls.SYS_OPENAT,
                                            tree,
                                            namePath.address(),
                                            flags | Native.O_CLOEXEC,
                                            0,
                                            0,
                                            0));
            if (fd < 0) {
                return fd;
            }
            Pointer attr = Memory.allocateDirect(Native.RUNTIME, MOUNT_ATTR_SIZE, true);
            attr.putLong(0, MOUNT_ATTR_NODEV);
            int r =
                    mounter.asMounter(
                            () ->
                                    (int)
                                            Native.ret(
                                                    Native.LIBC.syscall(
                                                            Syscalls.SYS_MOUNT_SETATTR,
                                                            tree,
                                                            empty.address(),
                                                            AT_EMPTY_PATH,
                                                            attr.address(),
                                                            MOUNT_ATTR_SIZE,
                                                            0)));
            if (r < 0) {
                Native.close(fd);
                return r;
            }
            return fd;
        } finally {
            Native.close(tree);
        }
    }

    private static Pointer cString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        Pointer p = Memory.allocateDirect(Native.RUNTIME, b.length + 1, true);
        p.put(0, b, 0, b.length);
        return p;
    }
}
