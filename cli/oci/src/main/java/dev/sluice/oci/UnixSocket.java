package dev.sluice.oci;

import static dev.sluice.sentry.nativeio.Syscalls.SYS_ACCEPT4;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_BIND;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_CONNECT;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_GETSOCKOPT;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_LISTEN;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SHUTDOWN;
import static dev.sluice.sentry.nativeio.Syscalls.SYS_SOCKET;

import dev.sluice.sentry.nativeio.Errno;
import dev.sluice.sentry.nativeio.ErrnoException;
import dev.sluice.sentry.nativeio.HostFd;
import dev.sluice.sentry.nativeio.Native;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;

/**
 * An {@code AF_UNIX} stream socket that can carry a file descriptor ({@code SCM_RIGHTS}), which
 * Java's own channels cannot. Two sockets need that: the detached sentry's control socket (an
 * exec hands its seccomp listener over it) and the caller's console socket (a terminal's pty
 * master goes to it, as runc sends it). Used by one thread at a time; failures throw
 * {@link ErrnoException} naming the call and the path.
 *
 * <p>A socket path longer than a {@code sockaddr_un} holds (107 bytes; a state directory under
 * containerd's long {@code --root} with a 64-character id is) is reached as
 * {@code /proc/self/fd/N/NAME}, with N an {@code O_PATH} descriptor of its directory.
 */
public final class UnixSocket implements AutoCloseable {
    // include/linux/socket.h, include/uapi/linux/net.h
    private static final int AF_UNIX = 1;
    private static final int SOCK_STREAM = 1;
    private static final int SOCK_CLOEXEC = Native.O_CLOEXEC;
    private static final int SOL_SOCKET = 1;
    private static final int SCM_RIGHTS = 1;
    private static final int MSG_NOSIGNAL = 0x4000;
    private static final int MSG_CMSG_CLOEXEC = 0x40000000;
    private static final int MSG_CTRUNC = 0x8;
    private static final int SO_PEERCRED = 17;
    private static final int SHUT_RDWR = 2;
    /** struct sockaddr_un: sa_family_t, then sun_path[108]. */
    private static final int SUN_PATH_MAX = 108;
    private static final int SOCKADDR_UN_SIZE = 2 + SUN_PATH_MAX;
    /** struct msghdr on x86_64: name, namelen, iov, iovlen, control, controllen, flags. */
    private static final int MSGHDR_SIZE = 56;
    /** CMSG_SPACE(sizeof(int)) and CMSG_LEN(sizeof(int)) on x86_64. */
    private static final int CMSG_SPACE_FD = 24;
    private static final int CMSG_LEN_FD = 20;
    // include/uapi/asm-generic/errno-base.h, errno.h
    private static final int ENAMETOOLONG = 36;
    private static final int ECONNABORTED = 103;
    // include/uapi/asm-generic/fcntl.h
    private static final int O_PATH = 010000000;
    private static final int O_DIRECTORY = 0200000;

    /** What one {@link #receive} read: the bytes (empty at end of file) and the fd passed with them, if any. */
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
            withAddress(path, addr -> Native.check(Native.ret(Native.LIBC.syscall(SYS_BIND, s.fd(), addr.address(),
                    SOCKADDR_UN_SIZE, 0, 0, 0)), "bind " + path));
            Native.check(Native.ret(Native.LIBC.syscall(SYS_LISTEN, s.fd(), 16, 0, 0, 0, 0)), "listen " + path);
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
            withAddress(path, addr -> {
                long r;
                do {
                    r = Native.ret(Native.LIBC.syscall(SYS_CONNECT, s.fd(), addr.address(), SOCKADDR_UN_SIZE, 0, 0, 0));
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
        return HostFd.adopt((int) Native.check(Native.ret(Native.LIBC.syscall(SYS_SOCKET, AF_UNIX,
                SOCK_STREAM | SOCK_CLOEXEC, 0, 0, 0, 0)), "socket(AF_UNIX, SOCK_STREAM)"));
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
            byte[] via = ("/proc/self/fd/" + dirFd + "/" + path.getFileName()).getBytes(StandardCharsets.UTF_8);
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
     * {@linkplain #shutdown shut down} meanwhile by another thread. Polling in slices lets that
     * end the wait promptly.
     */
    public UnixSocket accept(int timeoutMillis) {
        Pointer pfd = Memory.allocateDirect(Native.RUNTIME, 8, true);
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (fd.isOpen() && !shut) {
            int slice = (int) Math.max(0, Math.min(200, (deadline - System.nanoTime()) / 1_000_000L));
            int number = fd.fd();
            pfd.putInt(0, number);
            pfd.putShort(4, Native.POLLIN);
            pfd.putShort(6, (short) 0);
            int r = (int) Native.ret(Native.LIBC.poll(pfd.address(), 1, slice));
            if (r > 0 && !shut) {
                long c = Native.ret(Native.LIBC.syscall(SYS_ACCEPT4, number, 0, 0, SOCK_CLOEXEC, 0, 0));
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

    /** Sends all of {@code data}; with {@code passFd}, a dup of it travels with the first byte. */
    public void send(byte[] data, HostFd passFd) {
        if (data.length == 0) {
            throw new IllegalArgumentException("a message carries at least one byte");
        }
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, data.length + 16 + MSGHDR_SIZE + CMSG_SPACE_FD, true);
        long base = buf.address();
        int iov = data.length;
        int msg = iov + 16;
        int ctl = msg + MSGHDR_SIZE;
        buf.put(0, data, 0, data.length);
        int off = 0;
        while (off < data.length) {
            buf.putLong(iov, base + off);
            buf.putLong(iov + 8, data.length - off);
            buf.setMemory(msg, MSGHDR_SIZE + CMSG_SPACE_FD, (byte) 0);
            buf.putLong(msg + 16, base + iov);
            buf.putLong(msg + 24, 1);
            if (passFd != null && off == 0) {
                buf.putLong(ctl, CMSG_LEN_FD);
                buf.putInt(ctl + 8, SOL_SOCKET);
                buf.putInt(ctl + 12, SCM_RIGHTS);
                buf.putInt(ctl + 16, passFd.fd());
                buf.putLong(msg + 32, base + ctl);
                buf.putLong(msg + 40, CMSG_SPACE_FD);
            }
            long n = Native.ret(Native.LIBC.sendmsg(fd.fd(), base + msg, MSG_NOSIGNAL));
            if (n == -Errno.EINTR) {
                continue;
            }
            Native.check(n, "sendmsg on " + path);
            off += (int) n;
        }
    }

    /** Sends one line (a newline appended), as the control protocol's requests and answers are. */
    public void writeLine(String line, HostFd passFd) {
        send((line.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8), passFd);
    }

    /**
     * Reads what is there, up to {@code max} bytes, and the fd that came with it (close-on-exec).
     * A second fd, or one that did not fit, is an error: the kernel closed it.
     */
    public Received receive(int max) {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, max + 16 + MSGHDR_SIZE + CMSG_SPACE_FD, true);
        long base = buf.address();
        int iov = max;
        int msg = iov + 16;
        int ctl = msg + MSGHDR_SIZE;
        buf.putLong(iov, base);
        buf.putLong(iov + 8, max);
        buf.putLong(msg + 16, base + iov);
        buf.putLong(msg + 24, 1);
        buf.putLong(msg + 32, base + ctl);
        buf.putLong(msg + 40, CMSG_SPACE_FD);
        long n;
        do {
            n = Native.ret(Native.LIBC.recvmsg(fd.fd(), base + msg, MSG_CMSG_CLOEXEC));
        } while (n == -Errno.EINTR);
        Native.check(n, "recvmsg on " + path);
        HostFd passed = null;
        if (buf.getLong(msg + 40) >= CMSG_LEN_FD && buf.getInt(ctl + 8) == SOL_SOCKET && buf.getInt(ctl + 12) == SCM_RIGHTS) {
            passed = HostFd.adopt(buf.getInt(ctl + 16));
        }
        if ((buf.getInt(msg + 48) & MSG_CTRUNC) != 0) {
            if (passed != null) {
                passed.close();
            }
            throw new ErrnoException("recvmsg on " + path + ": more than one fd", Errno.EINVAL);
        }
        byte[] data = new byte[(int) n];
        buf.get(0, data, 0, data.length);
        return new Received(data, passed);
    }

    /**
     * Reads one line (without its newline) and the fd that came with it, or null at end of file
     * before any byte. The peer sends one line and waits for the answer, so nothing may follow
     * the newline; a line longer than {@code max} bytes is an error.
     */
    public Line readLine(int max) {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        HostFd passed = null;
        try {
            while (bytes.size() == 0 || bytes.toByteArray()[bytes.size() - 1] != '\n') {
                if (bytes.size() >= max) {
                    throw new ErrnoException("reading a line on " + path + ": longer than " + max + " bytes", Errno.EINVAL);
                }
                Received r = receive(max - bytes.size());
                if (r.fd() != null && passed != null) {
                    r.fd().close();
                    throw new ErrnoException("reading a line on " + path + ": two fds", Errno.EINVAL);
                }
                passed = r.fd() != null ? r.fd() : passed;
                if (r.eof()) {
                    break;
                }
                bytes.writeBytes(r.data());
            }
            String text = bytes.toString(StandardCharsets.UTF_8);
            if (text.isEmpty()) {
                if (passed != null) {
                    passed.close();
                }
                return null;
            }
            int nl = text.indexOf('\n');
            if (nl >= 0 && nl != text.length() - 1) {
                throw new ErrnoException("reading a line on " + path + ": data after the newline", Errno.EINVAL);
            }
            return new Line(nl < 0 ? text : text.substring(0, nl), passed);
        } catch (RuntimeException e) {
            if (passed != null) {
                passed.close();
            }
            throw e;
        }
    }

    /**
     * The connected peer's pid and uid ({@code SO_PEERCRED}, include/uapi/asm-generic/socket.h;
     * {@code struct ucred} is pid, uid, gid, 4 bytes each), as the kernel recorded them at connect.
     */
    public int[] peerCredentials() {
        Pointer buf = Memory.allocateDirect(Native.RUNTIME, 16 + 4, true);
        buf.putInt(16, 12);
        long r = Native.ret(Native.LIBC.syscall(SYS_GETSOCKOPT, fd.fd(), SOL_SOCKET, SO_PEERCRED, buf.address(),
                buf.address() + 16, 0));
        Native.check(r, "getsockopt(SO_PEERCRED) on " + path);
        return new int[] {buf.getInt(0), buf.getInt(4)};
    }

    /** One line of the control protocol and the fd sent with it (null if none); the fd is the reader's to close. */
    public record Line(String text, HostFd fd) {}

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
