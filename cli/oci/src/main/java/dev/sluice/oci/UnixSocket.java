package dev.sluice.oci;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_ACCEPT4;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_BIND;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_CONNECT;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETSOCKOPT;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_LISTEN;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SHUTDOWN;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SOCKET;

import dev.sluice.sentry.ipc.Channel;
import dev.sluice.sentry.ipc.SocketAbi;
import dev.sluice.sentry.ipc.SocketMessages;
import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;

import jnr.ffi.Memory;
import jnr.ffi.Pointer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * An {@code AF_UNIX} stream socket that can carry file descriptors ({@code SCM_RIGHTS}), which
 * Java's own channels cannot: {@code sentry.sock} (an exec hands its seccomp listener over it) and
 * the runtime service's socket speak frames over it ({@link #channel}); the caller's console socket
 * and a seccomp agent get runc's raw form ({@link #send}). Sending and receiving go through the one
 * binding, {@link SocketMessages}. Used by one thread at a time; failures throw {@link
 * ErrnoException} naming the call and the path.
 *
 * <p>A socket path longer than a {@code sockaddr_un} holds (107 bytes; a state directory under
 * containerd's long {@code --root} with a 64-character id is) is reached as {@code
 * /proc/self/fd/N/NAME}, with N an {@code O_PATH} descriptor of its directory.
 */
public final class UnixSocket implements AutoCloseable {
    // include/uapi/linux/net.h; the rest is SocketAbi's
    private static final int AF_UNIX = SocketAbi.AF_UNIX;
    private static final int SOCK_STREAM = SocketAbi.SOCK_STREAM;
    private static final int SOCK_CLOEXEC = Native.O_CLOEXEC;
    private static final int SHUT_RDWR = 2;

    /** struct sockaddr_un: sa_family_t, then sun_path[108]. */
    private static final int SUN_PATH_MAX = 108;

    private static final int SOCKADDR_UN_SIZE = 2 + SUN_PATH_MAX;
    // include/uapi/asm-generic/errno-base.h, errno.h
    private static final int ENAMETOOLONG = 36;
    private static final int ECONNABORTED = 103;
    // include/uapi/asm-generic/fcntl.h
    private static final int O_PATH = 010000000;
    private static final int O_DIRECTORY = 0200000;

    /**
     * What one {@link #receive} read: the bytes (empty at end of file) and the fd passed with them,
     * if any.
     */
    public record Received(byte[] data, HostFd fd) {
        public boolean eof() {
            return data.length == 0;
        }
    }

    private final HostFd fd;
    private final String path;
    private volatile boolean shut;

    private UnixSocket(HostFd fd, String path) {
        this.fd = fd;
        this.path = path;
    }

    /** Binds a listening socket at {@code path} (which must not exist). */
    public static UnixSocket listen(Path path) {
        HostFd s = socket();
        try {
            withAddress(
                    path,
                    addr ->
                            Native.check(
                                    Native.ret(
                                            Native.LIBC.syscall(
                                                    SYS_BIND,
                                                    s.fd(),
                                                    addr.address(),
                                                    SOCKADDR_UN_SIZE,
                                                    0,
                                                    0,
                                                    0)),
                                    "bind " + path));
            Native.check(
                    Native.ret(Native.LIBC.syscall(SYS_LISTEN, s.fd(), 16, 0, 0, 0, 0)),
                    "listen " + path);
            return new UnixSocket(s, path.toString());
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    /** Connects to the listening socket at {@code path}. */
    public static UnixSocket connect(Path path) {
        HostFd s = socket();
        try {
            withAddress(
                    path,
                    addr -> {
                        long r;
                        do {
                            r =
                                    Native.ret(
                                            Native.LIBC.syscall(
                                                    SYS_CONNECT,
                                                    s.fd(),
                                                    addr.address(),
                                                    SOCKADDR_UN_SIZE,
                                                    0,
                                                    0,
                                                    0));
                        } while (r == -Errno.EINTR);
                        Native.check(r, "connect " + path);
                    });
            return new UnixSocket(s, path.toString());
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    private static HostFd socket() {
        return HostFd.adopt(
                (int)
                        Native.check(
                                Native.ret(
                                        Native.LIBC.syscall(
                                                SYS_SOCKET,
                                                AF_UNIX,
                                                SOCK_STREAM | SOCK_CLOEXEC,
                                                0,
                                                0,
                                                0,
                                                0)),
                                "socket(AF_UNIX, SOCK_STREAM)"));
    }

    private interface AddressUse {
        void apply(Pointer sockaddr);
    }

    private static void withAddress(Path path, AddressUse use) {
        byte[] direct = path.toString().getBytes(StandardCharsets.UTF_8);
        if (direct.length < SUN_PATH_MAX) {
            use.apply(sockaddr(direct));
            return;
        }
        Path dir = path.toAbsolutePath().getParent();
        int dirFd = OciNative.open(dir.toString(), O_PATH | O_DIRECTORY | Native.O_CLOEXEC, 0);
        if (dirFd < 0) {
            throw new ErrnoException("open " + dir, -dirFd);
        }
        try {
            byte[] via =
                    ("/proc/self/fd/" + dirFd + "/" + path.getFileName())
                            .getBytes(StandardCharsets.UTF_8);
            if (via.length >= SUN_PATH_MAX) {
                throw new ErrnoException("socket address of " + path, ENAMETOOLONG);
            }
            use.apply(sockaddr(via));
        } finally {
            OciNative.close(dirFd);
        }
    }

    private static Pointer sockaddr(byte[] path) {
        Pointer a = Memory.allocateDirect(Native.RUNTIME, SOCKADDR_UN_SIZE, true);
        a.putShort(0, (short) AF_UNIX);
        a.put(2, path, 0, path.length);
        return a;
    }

    /**
     * The next connection, or null when none came within {@code timeoutMillis} or the socket was
     * {@linkplain #shutdown shut down} meanwhile by another thread. Polling in slices lets that end
     * the wait promptly.
     */
    public UnixSocket accept(int timeoutMillis) {
        Pointer pfd = Memory.allocateDirect(Native.RUNTIME, 8, true);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (fd.isOpen() && !shut) {
            int slice =
                    (int) Math.max(0, Math.min(200, (deadline - System.nanoTime()) / 1_000_000L));
            int number = fd.fd();
            pfd.putInt(0, number);
            pfd.putShort(4, Native.POLLIN);
            pfd.putShort(6, (short) 0);
            int r = (int) Native.ret(Native.LIBC.poll(pfd.address(), 1, slice));
            if (r > 0 && !shut) {
                long c =
                        Native.ret(
                                Native.LIBC.syscall(SYS_ACCEPT4, number, 0, 0, SOCK_CLOEXEC, 0, 0));
                if (c >= 0) {
                    return new UnixSocket(HostFd.adopt((int) c), path);
                }
                if (c != -Errno.EINTR && c != -Errno.EAGAIN && c != -ECONNABORTED) {
                    throw new ErrnoException("accept on " + path, (int) -c);
                }
            } else if (r < 0 && r != -Errno.EINTR) {
                throw new ErrnoException("poll on " + path, -r);
            }
            if (System.nanoTime() >= deadline) {
                return null;
            }
        }
        return null;
    }

    /**
     * Frames ({@link Channel}) over this connection, to and from {@code peer}; closing either
     * closes the socket.
     */
    public Channel channel(String peer, int maxFrame) {
        return Channel.socket(fd, peer + " on " + path, maxFrame);
    }

    /**
     * Sends all of {@code data}, as it is; with {@code passFd}, a dup of it travels with the first
     * byte. The form runc's peers read: a console socket's pty master, a seccomp agent's listener.
     */
    public void send(byte[] data, HostFd passFd) {
        if (data.length == 0) {
            throw new IllegalArgumentException("a message carries at least one byte");
        }
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, data.length, true);
        buf.put(0, data, 0, data.length);
        SocketMessages io = new SocketMessages();
        int[] fds = passFd == null ? new int[0] : new int[] {passFd.fd()};
        for (int off = 0; off < data.length; ) {
            long n =
                    io.send(
                            fd.fd(),
                            buf.address() + off,
                            data.length - off,
                            off == 0 ? fds : new int[0]);
            Native.check(n, "sendmsg on " + path);
            off += (int) n;
        }
    }

    /**
     * Reads what is there, up to {@code max} bytes, and the fd that came with it (close-on-exec):
     * the receiving side of {@link #send}. A second fd, or one that did not fit, is an error.
     */
    public Received receive(int max) {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, Math.max(1, max), true);
        SocketMessages io = new SocketMessages();
        long n = Native.check(io.receive(fd.fd(), buf.address(), max), "recvmsg on " + path);
        int[] fds = io.fds();
        if (fds.length > 1 || (io.flags() & SocketAbi.MSG_CTRUNC) != 0) {
            for (int f : fds) {
                Native.close(f);
            }
            throw new ErrnoException("recvmsg on " + path + ": more than one fd", Errno.EINVAL);
        }
        byte[] data = new byte[(int) n];
        buf.get(0, data, 0, data.length);
        return new Received(data, fds.length == 1 ? HostFd.adopt(fds[0]) : null);
    }

    /**
     * The connected peer's pid and uid ({@code SO_PEERCRED}, a {@code struct ucred}), as the kernel
     * recorded them at connect.
     */
    public int[] peerCredentials() {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, 16 + 4, true);
        buf.putInt(16, SocketAbi.SIZEOF_UCRED);
        long r =
                Native.ret(
                        Native.LIBC.syscall(
                                SYS_GETSOCKOPT,
                                fd.fd(),
                                SocketAbi.SOL_SOCKET,
                                SocketAbi.SO_PEERCRED,
                                buf.address(),
                                buf.address() + 16,
                                0));
        Native.check(r, "getsockopt(SO_PEERCRED) on " + path);
        return new int[] {buf.getInt(SocketAbi.OFF_UCRED_PID), buf.getInt(SocketAbi.OFF_UCRED_UID)};
    }

    /**
     * Stops a listening socket from another thread: {@link #accept} returns null from then on.
     * Unlike a close, this cannot let the fd number be reused under a waiting {@code accept}.
     */
    public void shutdown() {
        shut = true;
        if (fd.isOpen()) {
            Native.LIBC.syscall(SYS_SHUTDOWN, fd.fd(), SHUT_RDWR, 0, 0, 0, 0);
        }
    }

    /** Whether {@link #shutdown} was called. */
    public boolean isShut() {
        return shut;
    }

    @Override
    public void close() {
        fd.close();
    }
}
